import type { Block, Leaf } from "./layout";

/**
 * The formatter's rules for the whitespace between two tokens on one line, and for where a
 * whole-line comment goes. Only whitespace between tokens is ever chosen here: what a token holds
 * (a scalar, a comment's text, an anchor or tag) is never changed.
 */

const KEY_SCALARS = new Set(["scalar", "single-quoted-scalar", "double-quoted-scalar"]);
const CLOSERS = new Set(["flow-seq-end", "flow-map-end"]);

/**
 * The whitespace between `a` and `b`, two tokens on one line, where the text has `written`
 * (possibly nothing):
 * - one space after `:`, after `-` (only when re-indenting, since it moves a compact map's
 *   column), after `,` and after an anchor or tag; none before `,`, and none between a plain or
 *   quoted key and its `:`;
 * - none inside `[ ]`, one inside `{ }` (how every example writes them: `[10, 8]`,
 *   `{ at: [1, 2], facing: 90 }`), none in an empty `[]` or `{}`;
 * - whatever was written before a comment, after a trailing comma (`[a, ]`) and anywhere else.
 */
export function spaceBetween(a: Leaf, b: Leaf, written: string, reindent: boolean): string {
  if (b.type === "comment") return written;
  if (a.type === "seq-item-ind") return reindent ? " " : written;
  if (b.type === "comma") return "";
  if (a.type === "comma") return CLOSERS.has(b.type) ? written : " ";
  if (b.type === "map-value-ind") return KEY_SCALARS.has(a.type) ? "" : written;
  if (a.type === "map-value-ind") return " ";
  if (a.type === "flow-seq-start" || b.type === "flow-seq-end") return "";
  if (a.type === "flow-map-start") return b.type === "flow-map-end" ? "" : " ";
  if (b.type === "flow-map-end") return " ";
  if (a.type === "anchor" || a.type === "tag") return " ";
  return written;
}

/** A column before formatting and the column it becomes. */
export interface ColumnMove {
  readonly oldCol: number;
  readonly newCol: number;
}

/** Where the lines around a whole-line comment stand. */
export interface CommentNeighbours {
  /** The last token of the previous line with content, and that line's own indentation move (unless it continues a scalar). */
  readonly prev?: { readonly last: Leaf; readonly own?: ColumnMove };
  /** The first token of the next line with content, and that line's own indentation move. */
  readonly next?: { readonly first: Leaf; readonly own?: ColumnMove };
}

/**
 * The column of a whole-line comment written at `col`: it goes with the block it is written in.
 * The candidates are the blocks open on the next content line and on the previous one (and those
 * lines' own indentation); the comment takes the deepest candidate that starts at or left of it,
 * preferring the next line's (a comment usually introduces what follows it: between two steps of
 * a list written flush under `steps:`, it moves with the list, before a top-level key it stays
 * at the top level). Without any candidate it goes to column 0.
 */
export function commentColumn(col: number, around: CommentNeighbours): number {
  const candidates: ColumnMove[] = [];
  if (around.next) {
    if (around.next.own) candidates.push(around.next.own);
    candidates.push(...chain(around.next.first.block));
  }
  if (around.prev) {
    if (around.prev.own) candidates.push(around.prev.own);
    candidates.push(...chain(around.prev.last.block));
  }
  let best: ColumnMove | undefined;
  for (const c of candidates) if (c.oldCol <= col && (best === undefined || c.oldCol > best.oldCol)) best = c;
  return best?.newCol ?? 0;
}

/** The block and every block around it, innermost first. */
function chain(block: Block | undefined): ColumnMove[] {
  const out: ColumnMove[] = [];
  for (let b = block; b !== undefined; b = b.parent) out.push(b);
  return out;
}
