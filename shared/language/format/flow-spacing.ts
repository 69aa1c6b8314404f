import { CST, Lexer } from "yaml";
import { FULL_CHECK_LIMIT, PARSE_LIMIT } from "../../model/limits";
import type { Layout } from "./layout";
import type { OutLine, SourceLine } from "./lines";

/**
 * A proof, without parsing either text, that a formatting changes nothing but the spacing inside
 * flow collections that open and close on one line (`[x,y]` → `[x, y]`, `{at: [1,2]}` →
 * `{ at: [1, 2] }`), the commonest formatting of a scenario. When it holds, the formatted text is
 * the text with some of those collections rewritten, each of them to one with exactly the same
 * tokens but for blanks between them (as `yaml`'s own lexer reads both). Inside a flow collection
 * on one line, blanks between tokens mean nothing: what they could decide (whether `:` or `#`
 * starts something, where a plain scalar ends) is in the tokens, which are the same; and a
 * collection closed on its line leaves the lexer where it found it, so the rest of the text,
 * the same characters, reads the same. The data, the comments (a comment cannot sit inside a
 * collection that closes on its line) and so the scenario and its findings are the text's own.
 * Anything else (a line re-indented, blank lines, spacing outside flow collections) is left to
 * the full check (safety.ts).
 */

/** Longer collections are left to the full check (an implicit key of 1024 characters or more is an error to YAML). */
const MAX_COLLECTION = 1000;

/**
 * Whether the formatted lines `out` (null: a removed line) of `text`, within `range` (all lines
 * when absent), differ from the text's lines only inside one-line flow collections, with the
 * same tokens. False means "not shown": the caller checks the long way.
 */
export function onlySpacingInFlow(
  text: string,
  layout: Layout,
  lines: readonly SourceLine[],
  out: readonly (OutLine | null)[],
  range?: { readonly start: number; readonly end: number },
): boolean {
  const collections = oneLineCollections(text, layout);
  let c = 0;
  let length = text.length;
  for (let i = 0; i < lines.length; i++) {
    if (range !== undefined && (i < range.start || i > range.end)) continue;
    const line = lines[i];
    const next = out[i];
    if (next === null || next === undefined || next.eol !== line.eol) return false;
    const before = text.slice(line.start, line.end);
    if (before === next.content) continue;
    length += next.content.length - before.length;
    // The changed part of the line, and the collection on the line that holds it.
    let head = 0;
    while (head < before.length && head < next.content.length && before[head] === next.content[head]) head++;
    let tail = 0;
    while (
      tail < before.length - head &&
      tail < next.content.length - head &&
      before[before.length - 1 - tail] === next.content[next.content.length - 1 - tail]
    )
      tail++;
    const from = line.start + head;
    const to = line.end - tail;
    while (c < collections.length && collections[c].end < from) c++;
    const holder = collections[c];
    // Strictly inside: its brackets are the text's own, in the unchanged parts of the line.
    if (holder === undefined || holder.start >= from || holder.end <= to || holder.start < line.start || holder.end > line.end) return false;
    const written = next.content.slice(holder.start - line.start, next.content.length - (line.end - holder.end));
    if (!sameTokens(text.slice(holder.start, holder.end), written)) return false;
  }
  // Past a size limit, a document is read differently: both on the same side of each.
  const band = (n: number): number => (n > PARSE_LIMIT ? 2 : n > FULL_CHECK_LIMIT ? 1 : 0);
  return band(length) === band(text.length);
}

/** The outermost flow collections that open and close on one line, in order, from the layout's tokens. */
function oneLineCollections(text: string, layout: Layout): { readonly start: number; readonly end: number }[] {
  const out: { start: number; end: number }[] = [];
  let depth = 0;
  let start = 0;
  for (const leaf of layout.leaves) {
    if (leaf.type === "flow-seq-start" || leaf.type === "flow-map-start") {
      if (depth === 0) start = leaf.start;
      depth++;
    } else if (leaf.type === "flow-seq-end" || leaf.type === "flow-map-end") {
      depth--;
      if (depth === 0 && leaf.end - start <= MAX_COLLECTION && !/[\r\n]/.test(text.slice(start, leaf.end))) out.push({ start, end: leaf.end });
      if (depth < 0) return [];
    }
  }
  return out;
}

/** A plain token that cannot start anything (no quote, indicator, comment, anchor, alias, tag or collection). */
const PLAIN = "(?:[A-Za-z0-9_.+]|-(?=[0-9.]))[A-Za-z0-9_.+-]*";
/** `[a, b]`: a list of such tokens. */
const SEQ = `\\[ *(?:${PLAIN} *(?:, *${PLAIN} *)*)?\\]`;
/** `[a, b]`, or `{ k: v, … }` whose keys are such tokens, each `:` followed by a blank, and whose values are tokens or such lists. */
const FLAT = new RegExp(`^(?:${SEQ}|\\{ *(?:${PLAIN} *: +(?:${PLAIN}|${SEQ}) *(?:, *${PLAIN} *: +(?:${PLAIN}|${SEQ}) *)*)?\\})$`);

/**
 * Whether two texts of a flow collection have the same tokens but for blanks: both a whole
 * collection, opened at the start and closed at the end, with no line break or comment. Two
 * flat collections (FLAT: plain tokens, blanks only around punctuation, every `:` an indicator)
 * are the same when they are the same without their blanks; anything else is compared through
 * `yaml`'s lexer.
 */
function sameTokens(a: string, b: string): boolean {
  if (FLAT.test(a) && FLAT.test(b)) return a.replace(/ +/g, "") === b.replace(/ +/g, "");
  const x = significant(a);
  const y = significant(b);
  return x !== undefined && y !== undefined && sameList(x, y);
}

/** The lexer's tokens of a one-line flow collection but its blanks; undefined when it is not one whole collection. */
function significant(s: string): string[] | undefined {
  const tokens: string[] = [];
  let depth = 0;
  let closed = false;
  for (const token of new Lexer().lex(s)) {
    const type = CST.tokenType(token);
    if (type === "space" || type === "doc-mode") continue;
    if (closed || type === "newline" || type === "comment" || type === "byte-order-mark") return undefined;
    if (type === "flow-seq-start" || type === "flow-map-start") depth++;
    else if (type === "flow-seq-end" || type === "flow-map-end") {
      depth--;
      if (depth === 0) closed = true;
    } else if (depth === 0) return undefined;
    tokens.push(token);
  }
  return closed ? tokens : undefined;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}
