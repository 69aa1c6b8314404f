import { CONSOLIDATION_MODES, MOVE_TYPES, PHASES } from "../../parse/vocabulary";
import { KIND_DOCS } from "../schema/index";
import type { CompletionEntry } from "./entry";
import type { Scope } from "./scope";

/**
 * Snippets (LSP snippet syntax, offered only to clients that support it): a new unit, and a whole
 * step of each kind with the units to choose from. Later lines are indented to the key's column:
 * relative to the line's own indentation when the client re-indents inserted lines, absolute otherwise.
 */

/** Escapes text for a snippet placeholder's default (`${1:text}`). */
function placeholderText(text: string): string {
  return text.replace(/[\\$}]/g, (c) => `\\${c}`);
}

/** A tab stop offering a choice (`${1|a,b|}`), or a plain placeholder when there is nothing to choose from. */
function choice(stop: number, options: readonly string[], fallback: string): string {
  if (options.length === 0) return `\${${stop}:${placeholderText(fallback)}}`;
  return `\${${stop}|${options.map((o) => o.replace(/[\\,|$}]/g, (c) => `\\${c}`)).join(",")}|}`;
}

/** Joins a snippet's lines, indenting every line after the first to the key's column. */
function body(scope: Scope, lines: readonly string[]): string {
  const { ctx } = scope;
  const pad = " ".repeat(scope.adjustsIndentation ? ctx.keyCol - ctx.lineIndent : ctx.keyCol);
  return ctx.prefix + lines.map((line, i) => (i === 0 ? line : pad + line)).join("\n");
}

/** The units a step of this kind would most likely be for, on the board before it. */
function unitChoices(scope: Scope, index: number, kind: string): string[] {
  const sb = scope.boardAt(index);
  if (!sb) return (scope.model().scenario?.units ?? []).map((u) => u.id);
  const units = [...sb.board.units.values()].filter((u) => sb.board.alive(u).length > 0);
  const first = (u: (typeof units)[number]): boolean =>
    kind === "move" || kind === "charge" ? u.player === sb.scenario.turn : sb.board.isEngaged(u) !== "no" || u.def.charged;
  return [...units.filter(first), ...units.filter((u) => !first(u))].map((u) => u.id);
}

/** A `to:` block with one model's move, its tab stops numbered from `stop`. */
function moveLines(stop: number): string[] {
  return ["to:", `  \${${stop}:model}: [\${${stop + 1}:0}, \${${stop + 2}:0}]`];
}

/** A whole step of `kind` at position `index` of `steps:`. */
export function stepSnippet(scope: Scope, index: number, kind: string): Omit<CompletionEntry, "sortText"> {
  const units = choice(1, unitChoices(scope, index, kind), "unit");
  const bodies: Readonly<Record<string, readonly string[]>> = {
    "pile-in": [`pile-in: ${units}`, ...moveLines(2)],
    fight: [`fight: ${units}`, "targets: [$2]"],
    consolidate: [`consolidate: ${units}`, `mode: ${choice(2, CONSOLIDATION_MODES, "ongoing")}`, ...moveLines(3)],
    move: [`move: ${units}`, `type: ${choice(2, MOVE_TYPES, "normal")}`, ...moveLines(3)],
    charge: [`charge: ${units}`, "roll: ${2:7}", "targets: [$3]", ...moveLines(4)],
    remove: ["remove: [${1:model}]"],
    phase: [`phase: ${choice(1, PHASES, "fight")}`],
  };
  const lines = bodies[kind] ?? [`${kind}: \${1}`];
  return {
    label: `${kind} step`,
    kind: "snippet",
    detail: `a whole ${kind} step`,
    ...(KIND_DOCS[kind] && { documentation: KIND_DOCS[kind].description }),
    filterText: kind,
    insert: `${body(scope, lines)}$0`,
    snippet: true,
  };
}

/** A new unit under `units:`, with one model. */
export function unitSnippet(scope: Scope): CompletionEntry {
  const players = [...new Set(scope.model().scenario?.players ?? [])];
  // What was typed is the new unit's id.
  const id = scope.ctx.word === "" ? "unit" : scope.ctx.word;
  const lines = [`\${1:${placeholderText(id)}}:`, `  player: ${choice(2, players, "player")}`, "  base: ${3:32}", "  models:", "    ${4:m1}: [${5:0}, ${6:0}]"];
  return {
    label: "new unit",
    kind: "snippet",
    detail: "a unit with a player, a base and one model",
    documentation: "A new unit: its id, `player:`, a round `base:` in mm and its first model at `[x, y]`.",
    sortText: "00-0000",
    filterText: scope.ctx.word === "" ? "unit" : scope.ctx.word,
    insert: `${body(scope, lines)}$0`,
    snippet: true,
  };
}
