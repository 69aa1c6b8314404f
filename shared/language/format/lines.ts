import { LineIndex } from "../../source/span";
import { tidyBlankLines } from "./blank-lines";
import type { Block, Layout, Leaf } from "./layout";
import { commentColumn, spaceBetween, type ColumnMove, type CommentNeighbours } from "./spacing";

/**
 * The formatter proper, line by line: it never joins, splits or reorders lines, so each line of
 * the text maps to one line of the result (or is dropped, for surplus blank lines). Indentation is
 * decided per line from the layout (layout.ts):
 * - a line starting an item of a block map or list goes to that block's new column: the root at
 *   0, a nested map `tabSize` right of its parent key, a list under a key flush with it or
 *   `tabSize` right of it (whichever the document already does more; indented on a tie), a map or
 *   list that follows `- ` on the same line 2 right of its dash, one on the line after a lone `-`
 *   `tabSize` right of it;
 * - any other line (a value on its own line, the continuation of a multi-line flow collection or
 *   scalar, a block scalar's body) moves by as much as its innermost block does, so relative
 *   indentation, and with it every block scalar's content, is kept exactly;
 * - a whole-line comment goes with its block (spacing.ts).
 */

/** What the formatter does, as the LSP `FormattingOptions` say (the optional ones default to on). */
export interface FormatOptions {
  /** Spaces per indentation level (an integer from 1 to 16; anything else counts as 2). */
  readonly tabSize: number;
  /** Accepted and ignored: YAML forbids tabs in indentation, so the formatter always indents with spaces. */
  readonly insertSpaces?: boolean;
  /** Remove whitespace at the end of lines (outside block scalars, where it is content). */
  readonly trimTrailingWhitespace?: boolean;
  /** End the text with one line break. */
  readonly insertFinalNewline?: boolean;
  /** Remove blank lines at the end of the text. */
  readonly trimFinalNewlines?: boolean;
}

/** One line of the result: its content (without the line break) and its line break. */
export interface OutLine {
  readonly content: string;
  readonly eol: string;
}

/** A line of the source: where its content starts and ends, and its line break. */
export interface SourceLine {
  readonly start: number;
  readonly end: number;
  readonly eol: string;
}

/** Thrown when a line does not look as the layout promised; the caller then formats nothing. */
export class LayoutMismatch extends Error {}

type Kind = "blank" | "comment" | "content" | "inside";

interface LineInfo {
  readonly kind: Kind;
  readonly pieces: readonly Leaf[];
  readonly oldIndent: number;
  /** The new indentation (for a line `inside` a token: how far its leading spaces move). */
  newIndent: number;
  readonly first?: Leaf;
  readonly last?: Leaf;
}

/** Splits a text into lines at `\n` and `\r\n` (the caller refuses texts with a lone `\r`). */
export function sourceLines(text: string): SourceLine[] {
  const lines: SourceLine[] = [];
  let start = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", start)) {
    const crlf = i > start && text[i - 1] === "\r";
    lines.push({ start, end: crlf ? i - 1 : i, eol: crlf ? "\r\n" : "\n" });
    start = i + 1;
  }
  lines.push({ start, end: text.length, eol: "" });
  return lines;
}

/**
 * Formats `text` line by line: one entry per source line, `null` for a line removed.
 * @param reindent false to keep every line's indentation (and the space after `-`) as written
 * @throws LayoutMismatch when a line has a shape the rules do not cover
 */
export function formatLines(text: string, layout: Layout, options: FormatOptions, reindent: boolean): (OutLine | null)[] {
  const tab = Number.isInteger(options.tabSize) && options.tabSize >= 1 && options.tabSize <= 16 ? options.tabSize : 2;
  const trim = options.trimTrailingWhitespace !== false;
  placeBlocks(new LineIndex(text), layout.blocks, tab, reindent);
  const lines = sourceLines(text);
  const infos = describeLines(lines, layout.leaves, reindent);
  placeComments(infos, reindent);
  const out: (OutLine | null)[] = lines.map((line, i) => ({ content: emitLine(text, line, infos[i], trim, reindent), eol: line.eol }));
  tidyBlankLines(
    out,
    infos.map((info) => ({ blank: info.kind === "blank", empty: info.pieces.length === 0, body: info.pieces.some((l) => l.type === "block-scalar") })),
    options,
  );
  return out;
}

/** Decides each block's new column (parents come before children in `blocks`). */
function placeBlocks(index: LineIndex, blocks: readonly Block[], tab: number, reindent: boolean): void {
  const colOf = (offset: number): number => index.position(offset).character;
  const lineOf = (offset: number): number => index.position(offset).line;
  let flush = 0;
  let indented = 0;
  for (const block of blocks) {
    if (block.first === undefined) throw new LayoutMismatch("a block without items");
    block.oldCol = colOf(block.first.start);
    if (block.kind === "seq" && block.attach === "map-value" && block.parent) {
      if (block.oldCol === block.parent.oldCol) flush++;
      else indented++;
    }
  }
  for (const block of blocks) {
    const parent = block.parent;
    if (!reindent) block.newCol = block.oldCol;
    else if (block.attach === "root" || parent === undefined) block.newCol = 0;
    else if (block.attach === "map-value") block.newCol = parent.newCol + (block.kind === "seq" && flush > indented ? 0 : tab);
    else if (block.dash && lineOf(block.dash.start) === lineOf(block.first!.start)) block.newCol = parent.newCol + 2;
    else block.newCol = parent.newCol + tab;
  }
}

const MARKERS = new Set(["doc-start", "doc-end", "directive", "directive-line", "doc-mode", "byte-order-mark"]);

/** Each line's tokens, what kind of line it is, and (except for comments) its new indentation. */
function describeLines(lines: readonly SourceLine[], leaves: readonly Leaf[], reindent: boolean): LineInfo[] {
  const infos: LineInfo[] = [];
  let p = 0;
  for (const line of lines) {
    while (p < leaves.length && leaves[p].end <= line.start) p++;
    const pieces: Leaf[] = [];
    // The tokens on the line; on an empty line, the token running through it (a block scalar's
    // or a quoted scalar's empty line), never the line break itself.
    for (let q = p; q < leaves.length && (leaves[q].start < line.end || leaves[q].start <= line.start); q++) {
      if (leaves[q].type !== "newline") pieces.push(leaves[q]);
    }
    const head = pieces[0];
    if (head && (head.start < line.start || head.type === "block-scalar")) {
      // The line continues a token begun above (a multi-line scalar) or is a block scalar's body.
      const moved = reindent ? delta(head.block) : 0;
      infos.push({ kind: "inside", pieces, oldIndent: 0, newIndent: moved, first: head, last: pieces[pieces.length - 1] });
      continue;
    }
    const written = pieces.filter((l) => l.type !== "space");
    const oldIndent = head?.type === "space" ? head.end - head.start : 0;
    const first = written[0];
    if (first === undefined) {
      infos.push({ kind: "blank", pieces, oldIndent, newIndent: 0 });
      continue;
    }
    // Re-indenting assumes each item starts its line, except a compact one right after its `- `.
    for (let i = 1; reindent && i < written.length; i++) {
      const item = written[i].itemOf;
      if (item && !(item.first === written[i] && item.attach === "seq-item" && written[i - 1] === item.dash)) {
        throw new LayoutMismatch(`an item that does not start its line at offset ${written[i].start}`);
      }
    }
    const kind: Kind = first.type === "comment" && !first.inFlow ? "comment" : "content";
    let newIndent = oldIndent;
    if (reindent && kind === "content") {
      if (first.itemOf) newIndent = first.itemOf.newCol;
      else if (!MARKERS.has(first.type)) newIndent = Math.max(0, oldIndent + delta(first.block));
    }
    const last = written.filter((l) => l.type !== "comment").pop() ?? first;
    infos.push({ kind, pieces, oldIndent, newIndent, first, last });
  }
  return infos;
}

function delta(block: Block | undefined): number {
  return block === undefined ? 0 : block.newCol - block.oldCol;
}

/** Places every whole-line comment with its block, from the content lines around it. */
function placeComments(infos: LineInfo[], reindent: boolean): void {
  const own = (info: LineInfo): ColumnMove | undefined => (info.kind === "content" ? { oldCol: info.oldIndent, newCol: info.newIndent } : undefined);
  for (let i = 0; i < infos.length; i++) {
    const info = infos[i];
    if (info.kind !== "comment") continue;
    if (!reindent) continue;
    const around: { prev?: CommentNeighbours["prev"]; next?: CommentNeighbours["next"] } = {};
    for (let j = i - 1; j >= 0; j--) {
      const p = infos[j];
      if ((p.kind === "content" || p.kind === "inside") && p.last) {
        around.prev = { last: p.last, own: own(p) };
        break;
      }
    }
    for (let j = i + 1; j < infos.length; j++) {
      const n = infos[j];
      if ((n.kind === "content" || n.kind === "inside") && n.first) {
        around.next = { first: n.first, own: own(n) };
        break;
      }
    }
    info.newIndent = commentColumn(info.oldIndent, around);
  }
}

const FLOW_TEXT = new Set(["scalar", "single-quoted-scalar", "double-quoted-scalar"]);

/** The new content of one line. */
function emitLine(text: string, line: SourceLine, info: LineInfo, trim: boolean, reindent: boolean): string {
  const piece = (leaf: Leaf): string => text.slice(Math.max(leaf.start, line.start), Math.min(leaf.end, line.end));
  const continues = (leaf: Leaf): boolean => leaf.end > line.end + line.eol.length;
  if (info.kind === "blank") return trim ? "" : text.slice(line.start, line.end);
  let out: string;
  let rest: readonly Leaf[];
  if (info.kind === "inside") {
    const head = info.pieces[0];
    out = insideLine(piece(head), head, info.newIndent, continues(head), trim, reindent);
    rest = info.pieces.slice(1);
    if (rest.length === 0) return out;
    return out + emitTokens(rest, head, piece, continues, trim, reindent);
  }
  const written = info.pieces.findIndex((l) => l.type !== "space");
  const lead = text.slice(line.start, line.start + info.oldIndent);
  out = reindent ? " ".repeat(info.newIndent) : lead;
  rest = info.pieces.slice(written);
  return out + emitTokens(rest, undefined, piece, continues, trim, reindent);
}

/** The tokens of a line from its first written one on, with the whitespace between them chosen. */
function emitTokens(
  leaves: readonly Leaf[],
  before: Leaf | undefined,
  piece: (leaf: Leaf) => string,
  continues: (leaf: Leaf) => boolean,
  trim: boolean,
  reindent: boolean,
): string {
  let out = "";
  let prev = before;
  let gap: string | undefined;
  for (const leaf of leaves) {
    if (leaf.type === "space") {
      gap = (gap ?? "") + piece(leaf);
      continue;
    }
    if (prev !== undefined) out += spaceBetween(prev, leaf, gap ?? "", reindent);
    else if (gap !== undefined) out += gap;
    out += tokenText(piece(leaf), leaf, continues(leaf), trim);
    prev = leaf;
    gap = undefined;
  }
  if (gap !== undefined && !trim) out += gap;
  return out;
}

/** A token's text on this line: a comment without trailing spaces, a multi-line scalar's line without them. */
function tokenText(textHere: string, leaf: Leaf, goesOn: boolean, trim: boolean): string {
  if (!trim) return textHere;
  if (leaf.type === "comment") return textHere.replace(/[ \t]+$/, "");
  if (goesOn && FLOW_TEXT.has(leaf.type)) return trimFolded(textHere, leaf.type);
  return textHere;
}

/**
 * Trailing whitespace of a line inside a multi-line plain or quoted scalar, which folding drops;
 * kept after a backslash in a double-quoted scalar, where it may be escaped.
 */
function trimFolded(line: string, type: string): string {
  const trimmed = line.replace(/[ \t]+$/, "");
  return type === "double-quoted-scalar" && trimmed.endsWith("\\") && trimmed !== line ? line : trimmed;
}

/** A line that continues a multi-line scalar or belongs to a block scalar's body. */
function insideLine(textHere: string, leaf: Leaf, moved: number, goesOn: boolean, trim: boolean, reindent: boolean): string {
  if (leaf.type === "block-scalar") {
    const spaces = /^ */.exec(textHere)![0].length;
    const content = textHere.slice(spaces);
    const trimIndent = leaf.body?.trimIndent;
    // A line of spaces no deeper than the body's indentation is an empty line either way.
    if (content === "" && trim && (trimIndent === undefined || spaces <= trimIndent)) return "";
    return reindent ? " ".repeat(Math.max(0, spaces + moved)) + content : textHere;
  }
  if (!FLOW_TEXT.has(leaf.type)) throw new LayoutMismatch(`a ${leaf.type} token over several lines`);
  const ws = /^[ \t]*/.exec(textHere)![0].length;
  let content = textHere.slice(ws);
  if (goesOn && trim) content = trimFolded(content, leaf.type);
  if (content === "" && trim) return "";
  return (reindent ? " ".repeat(Math.max(0, ws + moved)) : textHere.slice(0, ws)) + content;
}
