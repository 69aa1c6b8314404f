import type { Analysis } from "../../engine/analyze";
import type { Scenario } from "../../model/scenario";
import type { Span } from "../../source/span";
import { cursorContext } from "./context";
import type { CompletionEntry } from "./entry";
import { keyEntries } from "./keys";
import { makeScope } from "./scope";
import { valueEntries } from "./values";

export type { CompletionEntry, EntryKind } from "./entry";

/** What completion may use besides the text. */
export interface CompletionOptions {
  /** The analysis of exactly this text, when the caller has it cached. */
  readonly analysis?: Analysis;
  /** The document's last scenario that parsed, for ids and the board while the text does not. */
  readonly lastGood?: Scenario;
  /** The client accepts snippet syntax (only then are snippets offered). */
  readonly snippets?: boolean;
  /** The client re-indents a completion's later lines (LSP insertTextMode adjustIndentation, VS Code's default); default true. */
  readonly adjustsIndentation?: boolean;
  /**
   * The caller's deadline (shared/ has no clock): once it returns true, no further question is put
   * to the engine, and the values not asked are offered without an "allowed here" verdict.
   */
  readonly expired?: () => boolean;
}

/** The proposals at one offset: each replaces `range` (the word being typed). */
export interface Completions {
  readonly range: Span;
  readonly entries: readonly CompletionEntry[];
}

/**
 * Completion at `offset` in scenario text: keys allowed where the cursor is (without those
 * already written), unit, model and objective ids where a reference goes (targets in rules
 * order from the board at that step), step kinds, modes and types as the engine judges them
 * there, codes under `illegal:`, rules systems and rulings, and snippets. Works on text that does
 * not parse (the context is read from the lines; ids and the board from a mended text or the
 * last good model). Pure; never throws: an internal failure gives no proposals.
 */
export function completeAt(text: string, offset: number, options: CompletionOptions = {}): Completions {
  const empty: Completions = { range: { start: offset, end: offset }, entries: [] };
  try {
    const ctx = cursorContext(text, Math.max(0, Math.min(offset, text.length)));
    if (!ctx) return empty;
    const scope = makeScope(text, ctx, options);
    const entries = ctx.position === "key" ? keyEntries(scope) : valueEntries(scope);
    return { range: ctx.range, entries };
  } catch {
    return empty;
  }
}
