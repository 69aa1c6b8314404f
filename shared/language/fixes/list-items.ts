import { asSeq, endOf, scalarText, seqItems, type YNode, type YScalar } from "../../parse/yaml-nodes";
import { lineBreakOf, lineEndAt, lineStartAt, type TextEdit } from "../text/index";
import { commentIn } from "./comments";

/**
 * Editing YAML lists item by item, so that what the author wrote around the items stays: a
 * whole-line comment between items is never in an edited range, and an item's trailing comment
 * survives its item. Where that cannot be done, no edit is made (undefined).
 */

/** An id as the scalar it replaces was written: in the same quotes, or quoted when plain text would not read back as it. */
export function scalarAs(scalar: YScalar, id: string): string {
  if (scalar.type === "QUOTE_SINGLE") return `'${id.replace(/'/g, "''")}'`;
  if (scalar.type === "QUOTE_DOUBLE" || !/^[A-Za-z_][\w.-]*$/.test(id) || /^(true|false|null|yes|no|on|off|y|n)$/i.test(id)) return JSON.stringify(id);
  return id;
}

/** Where the line after the one ending at `lineEnd` starts (the text's end on the last line). */
function nextLineStart(text: string, lineEnd: number): number {
  if (text.startsWith("\r\n", lineEnd)) return lineEnd + 2;
  return text[lineEnd] === "\n" || text[lineEnd] === "\r" ? lineEnd + 1 : lineEnd;
}

/** The offset of the `-` of a block list item that is the first thing on its line; undefined otherwise. */
function dashOf(text: string, item: YNode): number | undefined {
  let i = item.range[0];
  while (i > 0 && (text[i - 1] === " " || text[i - 1] === "\t")) i--;
  if (text[i - 1] !== "-") return undefined;
  const dash = i - 1;
  return text.slice(lineStartAt(text, dash), dash).trim() === "" ? dash : undefined;
}

/**
 * Removes one item of a block list: its whole line when nothing else is on it; with a trailing
 * comment, only `- item` (the comment stays, on a line of its own at the item's indentation).
 * Undefined when the item holds a comment itself or shares its line with something else.
 */
export function removeBlockItem(text: string, item: YNode): TextEdit | undefined {
  const dash = dashOf(text, item);
  if (dash === undefined) return undefined;
  const end = endOf(item);
  if (commentIn(text, { start: dash, end })) return undefined;
  const lineEnd = lineEndAt(text, end);
  const comment = commentIn(text, { start: end, end: lineEnd });
  if (comment) return { span: { start: dash, end: comment.start }, newText: "" };
  if (text.slice(end, lineEnd).trim() !== "") return undefined;
  return { span: { start: lineStartAt(text, dash), end: nextLineStart(text, lineEnd) }, newText: "" };
}

/** Removes several items of a block list, each as `removeBlockItem` does; undefined when one cannot be. */
export function removeBlockItems(text: string, items: readonly YNode[]): TextEdit[] | undefined {
  const edits: TextEdit[] = [];
  for (const item of items) {
    const edit = removeBlockItem(text, item);
    if (!edit) return undefined;
    edits.push(edit);
  }
  return edits;
}

/** A list rewritten: the edits, and the ids it then holds in their written order. */
export interface ListRewrite {
  readonly edits: readonly TextEdit[];
  readonly ids: readonly string[];
}

/**
 * Rewrites a list of ids so that it holds `ids`, touching as little as possible: the items that
 * stay are left as written, an id that goes is replaced in place by one that comes (so its
 * trailing comment stays with the list's new entry), the remaining new ids are added after the
 * last item (`- id` lines in its indentation, or `, id` in a flow list), and the remaining old ones
 * are removed item by item. A flow list is rewritten whole, unless a comment is inside it.
 */
export function rewriteIdList(text: string, node: YNode, ids: readonly string[]): ListRewrite | undefined {
  const list = asSeq(node);
  if (!list) return undefined;
  const items = seqItems(list);
  const written = items.map((i) => scalarText(i));
  if (list.flow || items.length === 0) {
    const span = { start: list.range[0], end: list.range[1] };
    return list.flow && commentIn(text, span) === undefined ? { edits: [{ span, newText: `[${ids.join(", ")}]` }], ids } : undefined;
  }
  const kept = new Set<number>();
  for (const id of ids) {
    const at = written.findIndex((w, i) => w === id && !kept.has(i));
    if (at >= 0) kept.add(at);
  }
  const coming = ids.filter((id) => !written.some((w, i) => w === id && kept.has(i)));
  const result = written.map((w) => w ?? "");
  const edits: TextEdit[] = [];
  const leaving: YNode[] = [];
  items.forEach((item, i) => {
    if (kept.has(i)) return;
    const scalar = item as YScalar;
    const next = coming.shift();
    if (next === undefined || written[i] === undefined) leaving.push(item);
    else {
      edits.push({ span: { start: scalar.range[0], end: scalar.range[1] }, newText: scalarAs(scalar, next) });
      result[i] = next;
    }
  });
  const removed = removeBlockItems(text, leaving);
  // Lines added after the last item while items are removed could touch the same line: not offered.
  if (!removed || (coming.length > 0 && leaving.length > 0)) return undefined;
  if (coming.length > 0) {
    const last = items[items.length - 1];
    const prefix = text.slice(lineStartAt(text, last.range[0]), last.range[0]);
    if (!/^[ \t]*-[ \t]+$/.test(prefix)) return undefined;
    const at = lineEndAt(text, endOf(last));
    const eol = lineBreakOf(text);
    edits.push({ span: { start: at, end: at }, newText: coming.map((id) => `${eol}${prefix}${id}`).join("") });
  }
  const gone = new Set(leaving);
  return { edits: [...edits, ...removed], ids: [...result.filter((_, i) => !gone.has(items[i])), ...coming] };
}
