import type { Span } from "../../source/span";
import type { IdKind } from "./occurrences";
import { definitionOf, idAt, idsOf, type ScenarioTree, type WrittenId } from "./occurrences-tree";
import { parse } from "yaml";

/** One replacement: the text in `span` becomes `text`. */
export interface TextEdit {
  readonly span: Span;
  readonly text: string;
}

/** A rename that cannot be done, with the reason to show the author. */
export interface RenameRefusal {
  readonly refused: string;
}

/** What can be renamed at a place: the id's characters and its current text. */
export interface RenameTarget {
  readonly kind: IdKind;
  readonly id: string;
  /** The id's characters (inside the quotes, when quoted). */
  readonly span: Span;
}

const WHAT: Readonly<Record<IdKind, string>> = { unit: "unit", model: "model", objective: "objective", terrain: "terrain area", weapon: "weapon" };
/** "a unit", "an objective". */
const A_WHAT: Readonly<Record<IdKind, string>> = { unit: "a unit", model: "a model", objective: "an objective", terrain: "a terrain area", weapon: "a weapon" };

/** True for a refusal rather than a result. */
export function isRefusal(value: object): value is RenameRefusal {
  return "refused" in value;
}

/**
 * The id that a rename at `offset` would change, or why there is none: the place is not an id,
 * the id is not defined (a rename would not know what it names), or the YAML is broken (the
 * tree is a guess, and edits made from a guess could land in the wrong place).
 */
export function prepareRename(tree: ScenarioTree, offset: number): RenameTarget | RenameRefusal {
  if (tree.syntaxErrors) return { refused: "Fix the YAML syntax errors before renaming." };
  const at = idAt(tree, offset);
  if (!at) return { refused: "Only the id of a unit, a model, an objective, a terrain area or a weapon can be renamed." };
  if (!definitionOf(tree, at.kind, at.id)) {
    return { refused: `No ${WHAT[at.kind]} '${at.id}' is defined, so there is nothing to rename; fix the id instead.` };
  }
  return { kind: at.kind, id: at.id, span: at.name };
}

/**
 * The edits that rename the id at `offset` to `newName` everywhere it is written: the definition
 * and every reference, including those the parser dropped. Only the id's characters change, so
 * quotes, spacing, flow or block style and comments stay as written. Refused when the new name is
 * not a plain YAML id or is already taken by an id of the same kind (units, models, objectives and
 * terrain areas each have their own ids, as in the parser), including a reference that names no
 * definition yet: renaming onto it would silently make that reference name something else.
 */
export function renameEdits(tree: ScenarioTree, offset: number, newName: string): TextEdit[] | RenameRefusal {
  const target = prepareRename(tree, offset);
  if (isRefusal(target)) return target;
  if (newName === target.id) return [];
  const invalid = invalidName(newName);
  if (invalid) return { refused: invalid };
  const taken = idsOf(tree, target.kind, newName);
  if (taken.length > 0) return { refused: takenMessage(tree, target.kind, newName, taken) };
  return idsOf(tree, target.kind, target.id).map((o) => ({ span: o.name, text: newName }));
}

/**
 * Letters (with their accents), digits, `_`, `-` and `.`, starting with a letter, a digit or `_`:
 * a plain YAML scalar in block and flow style alike, so no occurrence ever needs quotes.
 */
const PLAIN_ID = /^[\p{L}\p{N}_][\p{L}\p{M}\p{N}_.-]*$/u;

/** Why `name` cannot be an id, or undefined when it can. */
export function invalidName(name: string): string | undefined {
  if (name.trim() === "") return "An id cannot be empty.";
  if (!PLAIN_ID.test(name)) {
    return `'${name}' is not a plain id: use letters, digits, '_', '-' and '.', starting with a letter, a digit or '_'.`;
  }
  // `true`, `null`, `12` or `1e3` are read as other values than the text, which ids must not be.
  let value: unknown;
  try {
    value = parse(name, { version: "1.2" });
  } catch {
    value = undefined;
  }
  if (value !== name) return `'${name}' would be read by YAML as ${describe(value)}, not as an id.`;
  return undefined;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "boolean") return `the value ${String(value)}`;
  if (typeof value === "number") return "a number";
  return "something else";
}

function takenMessage(tree: ScenarioTree, kind: IdKind, name: string, taken: readonly WrittenId[]): string {
  const definition = taken.find((o) => o.definition);
  const first = definition ?? taken[0];
  const line = lineOf(tree.text, first.span.start);
  if (definition) return `There is already ${A_WHAT[kind]} '${name}' (line ${line}).`;
  return `'${name}' is already written as ${A_WHAT[kind]} on line ${line}, where it names no ${WHAT[kind]}; renaming onto it would change what that line means.`;
}

/** The 1-based line of an offset, for messages. */
function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
