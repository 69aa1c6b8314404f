import type { Span } from "../../source/span";
import { LIST_KEYS } from "../schema/index";
import { entriesOf, framesAt, readLines, stripComment, type Entry, type LineInfo, type MapFrame, type Segment } from "./lines";

/**
 * Where the cursor is, read from the text around it (which need not parse): typing a key of some
 * map, or a value of some key (perhaps an item of a list), with the word being typed.
 */
export interface CursorContext {
  /** Typing a key, or the value of `key`. */
  readonly position: "key" | "value";
  /** The map holding the key (position "key") or holding `key` (position "value"), from the root. */
  readonly path: readonly Segment[];
  readonly key?: string;
  /** The value is an item of a list; `written` holds the list's other items. */
  readonly list?: { readonly written: readonly string[] };
  /** Keys the map already has (position "key"); the line being typed is not counted. */
  readonly present: readonly string[];
  /** The word being typed, which a completion replaces. */
  readonly range: Span;
  readonly word: string;
  /** What goes before any inserted text: a space right after `key:` or a bare `-`, else nothing. */
  readonly prefix: "" | " ";
  /** The rest of the line starts with `:` (a key being edited in place): insert the key alone. */
  readonly colonFollows: boolean;
  /** Inside a flow collection (`{ … }` / `[ … ]`) on this line: no multi-line snippets. */
  readonly inFlow: boolean;
  /** Column of the key (or word) on this line, and the line's own indentation, for snippets. */
  readonly keyCol: number;
  readonly lineIndent: number;
  /** The lines of the text and the block maps around the cursor, for reading sibling entries. */
  readonly lines: readonly LineInfo[];
  readonly frames: readonly MapFrame[];
  readonly line: number;
}

/** Characters a plain id or word may hold while being typed. */
const WORD_CHAR = /[^\s"'[\]{},:#&*!|>]/;

/** Reads the cursor's context; undefined where nothing can be completed (a comment, a block scalar, a quoted text). */
export function cursorContext(text: string, offset: number): CursorContext | undefined {
  const lines = readLines(text);
  let line = lines.findIndex((l, i) => offset >= l.start && (i === lines.length - 1 || offset < lines[i + 1].start));
  if (line < 0) line = lines.length - 1;
  const info = lines[line];
  const column = Math.min(offset - info.start, info.text.length);
  const before = info.text.slice(0, column);
  const after = info.text.slice(column);
  const lead = /^( *)((?:-(?: +|$))*)/.exec(before)!;
  // Right after a bare `-` the item's content starts one space further on, once it is inserted.
  const bareDash = lead[2].endsWith("-");
  const keyCol = lead[0].length + (bareDash ? 1 : 0);
  const startsItem = lead[2] !== "";
  // The column of the last `- ` marker, when the line starts a list item.
  const dash = startsItem ? lead[1].length + lead[2].lastIndexOf("-") : 0;
  const content = before.slice(lead[0].length);
  if (content.trimStart().startsWith("#")) return undefined;
  // In the indentation before existing text: nothing to insert there.
  if (content === "" && after.trim() !== "" && !/^[:\]},]/.test(after.trimStart())) return undefined;
  const frames = framesAt(lines, line, keyCol, startsItem, dash);
  if (!frames) return undefined;
  const inner = frames[frames.length - 1];
  const tail = /^[^\s,\]}:#]*/.exec(after)![0];
  const base = { lines, frames, line, keyCol, lineIndent: lead[1].length, colonFollows: false };
  const keyMatch = info.key !== undefined && info.col === keyCol ? colonAt(info.text, keyCol) : undefined;
  if (keyMatch === undefined || keyMatch >= column) {
    // A key (or a scalar list item) being typed.
    if (!/^[^\s"'[\]{},:#&*!|>]*$/.test(content)) return undefined;
    const range = { start: offset - content.length, end: offset + tail.length };
    const colonFollows = after.slice(tail.length).trimStart().startsWith(":");
    const common = { ...base, range, word: content, prefix: bareDash ? (" " as const) : ("" as const), colonFollows, inFlow: false };
    const path = inner.path;
    const last = path[path.length - 1];
    const holder = path[path.length - 2];
    if (startsItem && typeof last === "number" && typeof holder === "string" && LIST_KEYS.has(holder)) {
      const written = itemsAround(lines, line, dash);
      return { ...common, position: "value", path: path.slice(0, -2), key: holder, list: { written }, present: [] };
    }
    const present = entriesOf(lines, inner)
      .filter((e) => e.line !== line)
      .map((e) => e.key);
    return { ...common, position: "key", path, present };
  }
  return valueContext(info, before, after, keyMatch, offset, tail, inner, base);
}

/** The column of the key's `:` on a line whose key starts at `col`. */
function colonAt(text: string, col: number): number | undefined {
  const m = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^#]*?)\s*:(?=\s|$)/.exec(text.slice(col));
  return m ? col + m[0].length - 1 : undefined;
}

/** A value after `key:` on the cursor's line: a scalar, or inside flow collections opened on this line. */
function valueContext(
  info: LineInfo,
  before: string,
  after: string,
  colon: number,
  offset: number,
  tail: string,
  inner: MapFrame,
  base: Omit<CursorContext, "position" | "path" | "present" | "range" | "word" | "prefix" | "inFlow">,
): CursorContext | undefined {
  const key = info.key!;
  const valueText = before.slice(colon + 1);
  const trimmed = valueText.trimStart();
  if (/^[|>]/.test(trimmed) || stripComment(valueText) !== valueText) return undefined;
  const flow = scanFlow(trimmed);
  if (!flow) return undefined;
  const range = { start: offset - flow.word.length, end: offset + tail.length };
  const common = { ...base, range, word: flow.word, prefix: valueText === "" ? (" " as const) : ("" as const), inFlow: flow.stack.length > 0 };
  if (flow.stack.length === 0) return { ...common, position: "value", path: inner.path, key, present: [] };
  // Follow the flow collections from `key`'s value down to the innermost one.
  const path: Segment[] = [...inner.path, key];
  for (const c of flow.stack.slice(0, -1)) {
    if (c.kind === "map" && c.key !== undefined) path.push(c.key);
    else if (c.kind === "list") path.push(c.items.length);
    else return undefined;
  }
  const last = flow.stack[flow.stack.length - 1];
  if (last.kind === "list") {
    let holder = path.pop();
    // A list inside a list (a ruler's pair, `measure: [[a1, |`): the value of the outer list's key.
    if (typeof holder === "number") holder = path.pop();
    if (typeof holder !== "string") return undefined;
    const written = [...last.items, ...itemsAfter(after.slice(tail.length))].filter((s) => s !== "");
    return { ...common, position: "value", path, key: holder, list: { written }, present: [] };
  }
  if (last.key === undefined) return { ...common, position: "key", path, present: last.keys };
  return { ...common, position: "value", path, key: last.key, present: [] };
}

type FlowContainer = { kind: "list"; items: string[] } | { kind: "map"; keys: string[]; key?: string };

/**
 * Reads the flow collections open at the end of `text` (a value's text up to the cursor) and the
 * word being typed. Undefined when the cursor is inside quotes or after a collection that closed.
 */
function scanFlow(text: string): { stack: FlowContainer[]; word: string } | undefined {
  const stack: FlowContainer[] = [];
  let token = 0;
  let closed = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if ((c === '"' || c === "'") && text.slice(token, i).trim() === "") {
      const end = text.indexOf(c, i + 1);
      if (end < 0) return undefined;
      i = end;
      continue;
    }
    const top = stack[stack.length - 1];
    if (c === "[" || c === "{") {
      stack.push(c === "[" ? { kind: "list", items: [] } : { kind: "map", keys: [] });
      token = i + 1;
      closed = false;
    } else if (c === "]" || c === "}") {
      stack.pop();
      if (stack.length === 0) closed = true;
      token = i + 1;
    } else if (c === "," && top) {
      const item = text.slice(token, i).trim();
      if (top.kind === "list") top.items.push(item);
      else {
        if (top.key === undefined && item !== "") top.keys.push(item);
        top.key = undefined;
      }
      token = i + 1;
    } else if (c === ":" && top?.kind === "map" && top.key === undefined && (i + 1 === text.length || /\s/.test(text[i + 1]))) {
      top.key = text.slice(token, i).trim();
      top.keys.push(top.key);
      token = i + 1;
    }
  }
  const word = text.slice(token).trimStart();
  if (closed || (word !== "" && ![...word].every((ch) => WORD_CHAR.test(ch)))) return undefined;
  return { stack, word };
}

/** The items after the cursor in the innermost flow list, up to its closing bracket. */
function itemsAfter(rest: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let token = 0;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i];
    if (c === "[" || c === "{") depth++;
    else if ((c === "]" || c === "}") && depth-- === 0) return [...items, rest.slice(token, i).trim()];
    else if (c === "," && depth === 0) {
      items.push(rest.slice(token, i).trim());
      token = i + 1;
    }
  }
  return items;
}

/** The other scalar items of the block list whose item markers are at column `dash`. */
function itemsAround(lines: readonly LineInfo[], line: number, dash: number): string[] {
  const out: string[] = [];
  const take = (i: number): boolean => {
    const l = lines[i];
    if (l.blank || (l.indent > dash && !l.dashes.includes(dash))) return true;
    if (l.dashes[0] !== dash) return false;
    out.push(stripComment(l.text.slice(l.col)).trim());
    return true;
  };
  for (let i = line - 1; i >= 0 && take(i); i--);
  for (let i = line + 1; i < lines.length && take(i); i++);
  return out.filter((s) => s !== "");
}

/** The entries of the block map at `path` (the cursor's line included), or undefined when the cursor is not inside it. */
export function entriesAt(ctx: CursorContext, path: readonly Segment[]): Entry[] | undefined {
  const frame = ctx.frames.find((f) => f.path.length === path.length && f.path.every((s, i) => s === path[i]));
  return frame && entriesOf(ctx.lines, frame);
}
