/**
 * Finds the Ruleboard scenarios written in a Markdown document: fenced code blocks (CommonMark
 * §4.5) whose info string starts with `ruleboard` or `scenario`. Each block keeps a map from its
 * own offsets back to the document's, so problems found in a block land on the right Markdown
 * line and column.
 */
import type { Span } from "../source/span";

/** The info-string words that make a fenced block a Ruleboard scenario. */
export const SCENARIO_LANGS: readonly string[] = ["ruleboard", "scenario"];

/** What an info string says about a block. */
export interface InfoString {
  /** The first word (the block's language), empty when the info string is empty. */
  readonly lang: string;
  /** True when the language is one of SCENARIO_LANGS. */
  readonly isScenario: boolean;
  /** True when a later word is `illegal`: the block shows an illegal example on purpose. */
  readonly illegal: boolean;
}

/** Reads an info string (untrimmed, as written after the fence, or as markdown-it's `token.info`). */
export function parseInfoString(info: string): InfoString {
  const words = info.trim().split(/[ \t]+/);
  const lang = words[0] ?? "";
  return { lang, isScenario: SCENARIO_LANGS.includes(lang), illegal: words.slice(1).includes("illegal") };
}

/** One scenario block of a Markdown document. */
export interface ScenarioBlock {
  /** 1-based place among the document's scenario blocks (the first block is 1). */
  readonly index: number;
  /** The info string, trimmed. */
  readonly info: string;
  readonly lang: string;
  readonly illegal: boolean;
  /** The content: each line with the fence's indentation removed (as CommonMark does), line ends kept. */
  readonly text: string;
  /** The opening fence line, without its line end, in document offsets (where a block-wide finding goes). */
  readonly fence: Span;
  /** 0-based document line of the opening fence; the content starts on the next line. */
  readonly fenceLine: number;
  /** Document offset of the first character of the content (after the removed indentation). */
  readonly contentOffset: number;
  /** False when the document ends before a closing fence (CommonMark then ends the block there). */
  readonly closed: boolean;
  /**
   * Line starts, pairwise: `textStarts[k]` in `text` is `markdownStarts[k]` in the document. One entry
   * per content line, plus one for the end of the text (the closing fence's line, or the document end).
   */
  readonly textStarts: readonly number[];
  readonly markdownStarts: readonly number[];
}

/** A line of the document: where it starts, its text without the line end, and where the next starts. */
interface Line {
  readonly start: number;
  readonly body: string;
  readonly next: number;
}

/** An opening fence: its indentation, marker character and length. */
interface Fence {
  readonly indent: number;
  readonly char: string;
  readonly length: number;
  readonly info: string;
}

/**
 * Every fenced block whose info string's first word is `ruleboard` or `scenario`, in document
 * order. Other fenced blocks are skipped whole, so a ```` fence quoting a ```ruleboard example
 * does not count. Only document-level fences are seen (indented by at most 3 spaces, not inside
 * block quotes or deeper list items). CR LF line ends are kept in `text` and recognised at fences.
 */
export function findScenarioBlocks(markdown: string): ScenarioBlock[] {
  const lines = splitLines(markdown);
  const blocks: ScenarioBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const open = openingFence(lines[i].body);
    if (!open) {
      i++;
      continue;
    }
    let close = i + 1;
    while (close < lines.length && !isClosingFence(lines[close].body, open)) close++;
    const info = parseInfoString(open.info);
    if (info.isScenario) blocks.push(makeBlock(markdown, lines, i, close, open, info, blocks.length + 1));
    i = close + 1;
  }
  return blocks;
}

/** Maps an offset into `block.text` to the document offset of the same character. */
export function toMarkdownOffset(block: ScenarioBlock, offset: number): number {
  const starts = block.textStarts;
  const o = Math.max(0, Math.min(offset, block.text.length));
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= o) lo = mid;
    else hi = mid - 1;
  }
  return block.markdownStarts[lo] + (o - starts[lo]);
}

/**
 * Maps a document offset to the offset of the same character in `block.text` (the inverse of
 * `toMarkdownOffset`). An offset in a line's removed indentation goes to that line's start; one
 * before the content or past its end is clamped to the text's start or end.
 */
export function toBlockOffset(block: ScenarioBlock, offset: number): number {
  const starts = block.markdownStarts;
  const last = starts.length - 1;
  if (offset >= starts[last]) return block.text.length;
  let lo = 0;
  let hi = last;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  const within = Math.max(0, offset - starts[lo]);
  return Math.min(block.textStarts[lo] + within, block.textStarts[lo + 1]);
}

/** Maps a span of `block.text` to the document. */
export function toMarkdownSpan(block: ScenarioBlock, span: Span): Span {
  return { start: toMarkdownOffset(block, span.start), end: toMarkdownOffset(block, span.end) };
}

function makeBlock(markdown: string, lines: readonly Line[], open: number, close: number, fence: Fence, info: InfoString, index: number): ScenarioBlock {
  const textStarts: number[] = [];
  const markdownStarts: number[] = [];
  let text = "";
  for (let k = open + 1; k < close; k++) {
    const line = lines[k];
    // Up to the fence's own indentation is removed from each content line (CommonMark 4.5).
    let cut = 0;
    while (cut < fence.indent && line.body.charCodeAt(cut) === 32) cut++;
    textStarts.push(text.length);
    markdownStarts.push(line.start + cut);
    text += markdown.slice(line.start + cut, line.next);
  }
  // The end of the text sits at the start of the closing fence's line (or the document's end).
  textStarts.push(text.length);
  markdownStarts.push(close < lines.length ? lines[close].start : markdown.length);
  const fenceLine = lines[open];
  return {
    index,
    info: fence.info.trim(),
    lang: info.lang,
    illegal: info.illegal,
    text,
    fence: { start: fenceLine.start, end: fenceLine.start + fenceLine.body.length },
    fenceLine: open,
    contentOffset: markdownStarts[0],
    closed: close < lines.length,
    textStarts,
    markdownStarts,
  };
}

/** Splits at LF; a CR before the LF belongs to the line end, not the body. */
function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start < text.length) {
    const lf = text.indexOf("\n", start);
    const end = lf < 0 ? text.length : lf;
    const bodyEnd = end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    lines.push({ start, body: text.slice(start, bodyEnd), next: lf < 0 ? text.length : lf + 1 });
    start = lf < 0 ? text.length : lf + 1;
  }
  return lines;
}

const OPENING = /^( {0,3})(`{3,}|~{3,})(.*)$/;

function openingFence(body: string): Fence | undefined {
  const m = OPENING.exec(body);
  if (!m) return undefined;
  const info = m[3];
  // A backtick fence's info string may not contain a backtick (it would be inline code instead).
  if (m[2][0] === "`" && info.includes("`")) return undefined;
  return { indent: m[1].length, char: m[2][0], length: m[2].length, info };
}

function isClosingFence(body: string, open: Fence): boolean {
  const m = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(body);
  return m !== null && m[1][0] === open.char && m[1].length >= open.length;
}
