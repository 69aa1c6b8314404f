import type { Span } from "../../source/span";
import type { IdKind } from "./occurrences";
import type { ScenarioTree } from "./occurrences-tree";

/**
 * The token types announced in the legend, by index. Standard LSP types, so every theme colours
 * them without the extension declaring its own: a unit is a class (it owns models), a model a
 * property of its unit, an objective an enum member (one of a fixed set of markers), a terrain
 * area a struct, a weapon a function (what a model attacks with).
 */
export const TOKEN_TYPES: readonly string[] = ["class", "property", "enumMember", "struct", "function"];
/** The token modifiers announced in the legend, by bit: an id's definition is a declaration. */
export const TOKEN_MODIFIERS: readonly string[] = ["declaration"];

const TYPE_OF: Readonly<Record<IdKind, number>> = { unit: 0, model: 1, objective: 2, terrain: 3, weapon: 4 };
const DECLARATION = 1 << 0;

/** One token before encoding: where it is and what it is. */
export interface IdToken {
  readonly span: Span;
  /** Index into TOKEN_TYPES. */
  readonly type: number;
  /** Bits of TOKEN_MODIFIERS. */
  readonly modifiers: number;
}

/**
 * A token for every id that names something: each definition (with `declaration`) and each
 * reference whose id is defined. A reference to an id that is not defined gets none, so it keeps
 * the plain colour next to its `scenario.unknown-ref` squiggle. Only the id's characters are
 * covered (not its quotes). `within` limits the tokens to those that overlap a span (range requests).
 */
export function idTokens(tree: ScenarioTree, within?: Span): IdToken[] {
  const tokens: IdToken[] = [];
  // One pass for the defined ids, so a long scenario is not scanned once per reference.
  const defined = new Set(tree.ids.filter((o) => o.definition).map((o) => `${o.kind}\u0000${o.id}`));
  for (const o of tree.ids) {
    if (within && (o.name.end <= within.start || o.name.start >= within.end)) continue;
    if (!o.definition && !defined.has(`${o.kind}\u0000${o.id}`)) continue;
    tokens.push({ span: o.name, type: TYPE_OF[o.kind], modifiers: o.definition ? DECLARATION : 0 });
  }
  return tokens;
}

/**
 * The LSP wire form of tokens in text order: five integers each (line delta, start delta, length,
 * type, modifiers). A token may not cross a line, so one that does (a plain id folded over two
 * lines, which YAML allows) is left out.
 * @param positionAt the 0-based line and UTF-16 character of an offset, as the editor counts them
 */
export function encodeTokens(tokens: readonly IdToken[], positionAt: (offset: number) => { line: number; character: number }): number[] {
  const data: number[] = [];
  let line = 0;
  let character = 0;
  const sorted = [...tokens].sort((a, b) => a.span.start - b.span.start);
  for (const token of sorted) {
    const start = positionAt(token.span.start);
    const end = positionAt(token.span.end);
    if (start.line !== end.line || end.character <= start.character) continue;
    data.push(
      start.line - line,
      start.line === line ? start.character - character : start.character,
      end.character - start.character,
      token.type,
      token.modifiers,
    );
    line = start.line;
    character = start.character;
  }
  return data;
}
