/**
 * A line-by-line reading of block YAML that works on text the `yaml` parser rejects (an unclosed
 * `[`, a half-typed key): what completion needs is only which map the cursor is in, found from
 * indentation, as a person reads it. Flow collections are read on the cursor's own line only.
 */

/** One line of the text as block YAML sees it. */
export interface LineInfo {
  /** Offset of the line's first character. */
  readonly start: number;
  /** The line without its line break. */
  readonly text: string;
  /** Blank or a comment only. */
  readonly blank: boolean;
  /** Column of the first non-space character. */
  readonly indent: number;
  /** Columns of the `- ` item markers the line starts with (a line may start several items). */
  readonly dashes: readonly number[];
  /** Column of the content after the markers: a key, or a scalar item. */
  readonly col: number;
  /** The key, when the content is `key:` or `key: value`. */
  readonly key?: string;
  /** What follows `key:` on the line, trimmed and without a comment ("" for `key:`). */
  readonly value: string;
}

/** `key:` at the start of content: a quoted key, or plain text up to the first `: ` or final `:`. */
const KEY = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"[\]{},&*!|>%@`-][^#]*?|-[^\s#][^#]*?)\s*:(?=\s|$)/;

/** Splits text into lines with their offsets (LF or CRLF). */
export function readLines(text: string): LineInfo[] {
  const lines: LineInfo[] = [];
  let start = 0;
  for (;;) {
    const newline = text.indexOf("\n", start);
    const end = newline < 0 ? text.length : newline;
    const raw = text.slice(start, end);
    lines.push(readLine(start, raw.endsWith("\r") ? raw.slice(0, -1) : raw));
    if (newline < 0) return lines;
    start = newline + 1;
  }
}

/** Reads one line's indentation, item markers and key. */
function readLine(start: number, text: string): LineInfo {
  const indent = text.length - text.trimStart().length;
  const rest = text.slice(indent);
  if (rest === "" || rest.startsWith("#")) return { start, text, blank: true, indent, dashes: [], col: indent, value: "" };
  const dashes: number[] = [];
  let col = indent;
  for (;;) {
    const marker = /^-( +|$)/.exec(text.slice(col));
    if (!marker) break;
    dashes.push(col);
    col += marker[0].length;
  }
  const content = text.slice(col);
  const key = KEY.exec(content);
  if (!key) return { start, text, blank: false, indent, dashes, col, value: "" };
  return { start, text, blank: false, indent, dashes, col, key: unquote(key[1].trim()), value: stripComment(content.slice(key[0].length)).trim() };
}

/** A value's text before any ` #` comment (quotes are respected). */
export function stripComment(value: string): string {
  let quote: string | undefined;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "#" && (i === 0 || /\s/.test(value[i - 1]))) return value.slice(0, i);
  }
  return value;
}

function unquote(key: string): string {
  if (key.length >= 2 && (key[0] === '"' || key[0] === "'") && key.endsWith(key[0])) return key.slice(1, -1);
  return key;
}

/** A key of a map or the index of a list item, from the document's root down. */
export type Segment = string | number;

/** A block map the cursor is inside: where it starts, its key column and its path from the root. */
export interface MapFrame {
  readonly path: readonly Segment[];
  readonly col: number;
  /** The line of its first entry. */
  readonly first: number;
}

/**
 * The block maps around a place, from the root to the innermost, found by walking up from line
 * `line` whose content starts at column `col`. `startsItem` says the line itself begins a list item
 * whose marker is at `dash`. Undefined when the indentation does not lead to the root through keys
 * with empty values (inside a block scalar or a multi-line flow collection, or a list as the root).
 */
export function framesAt(lines: readonly LineInfo[], line: number, col: number, startsItem: boolean, dash: number): MapFrame[] | undefined {
  const reversed: Segment[] = [];
  const closed: { col: number; first: number; depth: number }[] = [];
  let mapCol = col;
  let first = line;
  let inItem = startsItem;
  let dashCol = dash;
  let index = 0;
  for (let i = line - 1; i >= 0; i--) {
    const l = lines[i];
    if (l.blank) continue;
    if (inItem) {
      // Earlier items of the same list, and their content, until the key that holds the list.
      if (l.dashes.includes(dashCol)) {
        index++;
        continue;
      }
      if (l.indent > dashCol) continue;
      if (l.key === undefined || l.value !== "" || l.col > dashCol) return undefined;
      closed.push({ col: mapCol, first, depth: reversed.length });
      reversed.push(index, l.key);
    } else {
      if (l.indent >= mapCol && l.col > mapCol) continue;
      if (l.col === mapCol) {
        if (l.key === undefined) return undefined;
        first = i;
        if (l.dashes.length > 0) {
          inItem = true;
          dashCol = l.dashes[l.dashes.length - 1];
          index = 0;
        }
        continue;
      }
      if (l.col > mapCol || l.key === undefined || l.value !== "") return undefined;
      closed.push({ col: mapCol, first, depth: reversed.length });
      reversed.push(l.key);
    }
    // `l` holds the map (or list) just closed: continue in the map `l` is an entry of.
    mapCol = l.col;
    first = i;
    inItem = l.dashes.length > 0;
    if (inItem) dashCol = l.dashes[l.dashes.length - 1];
    index = 0;
  }
  if (inItem) return undefined;
  closed.push({ col: mapCol, first, depth: reversed.length });
  const path = reversed.reverse();
  return closed.reverse().map((c) => ({ path: path.slice(0, path.length - c.depth), col: c.col, first: c.first }));
}

/** One `key: value` entry of a block map. */
export interface Entry {
  readonly key: string;
  readonly value: string;
  readonly line: number;
}

/** The entries of a block map, from its first line down to where the indentation leaves it. */
export function entriesOf(lines: readonly LineInfo[], frame: { readonly col: number; readonly first: number }): Entry[] {
  const out: Entry[] = [];
  for (let i = frame.first; i < lines.length; i++) {
    const l = lines[i];
    if (l.blank) continue;
    if (i > frame.first && l.indent < frame.col) break;
    if (l.col === frame.col && l.key !== undefined && (i === frame.first || l.dashes.length === 0)) out.push({ key: l.key, value: l.value, line: i });
  }
  return out;
}
