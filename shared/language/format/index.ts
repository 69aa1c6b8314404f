import type { Analysis } from "../../engine/analyze";
import type { TextEdit } from "../text/index";
import { onlySpacingInFlow } from "./flow-spacing";
import { onlyIndentationMoved } from "./indentation-safety";
import { readLayout, type Layout } from "./layout";
import { formatLines, LayoutMismatch, sourceLines, type FormatOptions, type OutLine, type SourceLine } from "./lines";
import { sameMeaning } from "./safety";
import { keptFor } from "../../parse/reparse";

export type { FormatOptions } from "./lines";
/** Whether a rewritten text means the same (data, comments, findings); `deepEqual` on parsed data, also used by the quick fixes. */
export { deepEqual, sameMeaning } from "./safety";

/**
 * Document formatting for scenarios (`textDocument/formatting` and `rangeFormatting`).
 *
 * Conservative by construction: it only changes whitespace between tokens and at line starts
 * (see lines.ts and spacing.ts for the rules), never a scalar, a comment's text, a
 * key's place, an anchor or a tag, and never turns flow style into block style or back. And
 * whatever the rules did, a result is only offered when it is shown to mean what the text did:
 * when it changes nothing but blanks between the same tokens inside flow collections that open
 * and close on one line, from the tokens (flow-spacing.ts); when it changes nothing but the
 * spaces that start lines, every comparison of indentation YAML makes coming out the same, from
 * the tokens too (indentation-safety.ts); otherwise when the formatted text
 * parses to the same data, keeps the same comments in the same order and gets the same Ruleboard
 * findings (safety.ts). When re-indenting would fail that check, the same is tried with every
 * line's indentation kept; when that fails too, or the text does not parse, nothing is changed.
 */

/** Which lines to format (0-based, both included); a range request formats the whole lines it touches. */
export interface LineRange {
  readonly start: number;
  readonly end: number;
}

/** What a format request may pass besides the options. */
export interface FormatRequest {
  /** Only these lines (`textDocument/rangeFormatting`); the whole text when absent. */
  readonly lines?: LineRange;
  /** The analysis of `text`, when the caller already has it (saves one analysis). */
  readonly before?: Analysis;
}

/**
 * The edits that format `text`: one per changed line or run of removed lines, each as small as
 * the change (an indentation change replaces only the leading spaces), so cursors, folding and
 * selections elsewhere survive. Empty when the text is formatted already, does not parse, or
 * could not be formatted safely. Never throws for any text.
 */
export function formatEdits(text: string, options: FormatOptions, request: FormatRequest = {}): TextEdit[] {
  const chosen = formatChosen(text, options, request);
  return chosen === undefined ? [] : editsBetween(text, chosen.lines, chosen.out, request.lines);
}

/** The formatted text: `text` itself when nothing may be changed. */
export function formatText(text: string, options: FormatOptions, request: FormatRequest = {}): string {
  const chosen = formatChosen(text, options, request);
  return chosen === undefined ? text : joinLines(text, chosen.lines, chosen.out, request.lines);
}

interface Chosen {
  readonly lines: readonly SourceLine[];
  readonly out: readonly (OutLine | null)[];
}

/** The first formatting (re-indented, then indentation kept) whose result means what the text did. */
function formatChosen(text: string, options: FormatOptions, request: FormatRequest): Chosen | undefined {
  // A lone carriage return is a line break to YAML and to editors but not to the line model here.
  if (/\r(?!\n)/.test(text)) return undefined;
  const lines = sourceLines(text);
  try {
    // The analysis of this text kept its parser's tokens when it parsed it in full (parse/reparse.ts `keptFor`).
    const kept = keptFor(text);
    const layout = readLayout(text, kept?.tokens);
    if (layout === undefined) return undefined;
    const clean = kept?.doc !== undefined && kept.doc.errors.length === 0 && kept.doc.warnings.length === 0;
    for (const reindent of [true, false]) {
      const out = tryFormat(text, layout, options, reindent);
      if (out === undefined) continue;
      const result = joinLines(text, lines, out, request.lines);
      if (result === text) return undefined;
      // Spacing inside one-line flow collections and indentation YAML reads the same are shown safe
      // from the tokens; anything else is parsed and compared.
      if (
        onlySpacingInFlow(text, layout, lines, out, request.lines) ||
        onlyIndentationMoved(text, layout, lines, out, clean, request.lines) ||
        sameMeaning(text, result, request.before)
      )
        return { lines, out };
    }
  } catch {
    // The rules or the checks failed on a text they did not foresee: leave it as it is.
  }
  return undefined;
}

function tryFormat(text: string, layout: Layout, options: FormatOptions, reindent: boolean): (OutLine | null)[] | undefined {
  try {
    return formatLines(text, layout, options, reindent);
  } catch (error) {
    if (error instanceof LayoutMismatch) return undefined;
    throw error;
  }
}

const inRange = (i: number, range: LineRange | undefined): boolean => range === undefined || (i >= range.start && i <= range.end);

/** The text with the formatted lines in `range` and the original lines elsewhere. */
function joinLines(text: string, lines: readonly SourceLine[], out: readonly (OutLine | null)[], range: LineRange | undefined): string {
  let result = "";
  lines.forEach((line, i) => {
    if (!inRange(i, range)) result += text.slice(line.start, line.end) + line.eol;
    else if (out[i] !== null) result += out[i]!.content + out[i]!.eol;
  });
  return result;
}

/** Minimal edits from the lines to the formatted lines in `range`; touching edits are merged. */
function editsBetween(text: string, lines: readonly SourceLine[], out: readonly (OutLine | null)[], range: LineRange | undefined): TextEdit[] {
  const edits: TextEdit[] = [];
  const push = (start: number, end: number, newText: string): void => {
    const prev = edits[edits.length - 1];
    if (prev !== undefined && prev.span.end === start) edits[edits.length - 1] = { span: { start: prev.span.start, end }, newText: prev.newText + newText };
    else edits.push({ span: { start, end }, newText });
  };
  lines.forEach((line, i) => {
    if (!inRange(i, range)) return;
    const next = out[i];
    if (next === null) {
      push(line.start, line.end + line.eol.length, "");
      return;
    }
    const old = text.slice(line.start, line.end);
    if (old !== next.content) {
      let head = 0;
      while (head < old.length && head < next.content.length && old[head] === next.content[head]) head++;
      let tail = 0;
      while (tail < old.length - head && tail < next.content.length - head && old[old.length - 1 - tail] === next.content[next.content.length - 1 - tail])
        tail++;
      push(line.start + head, line.end - tail, next.content.slice(head, next.content.length - tail));
    }
    if (next.eol !== line.eol) push(line.end, line.end + line.eol.length, next.eol);
  });
  return edits;
}
