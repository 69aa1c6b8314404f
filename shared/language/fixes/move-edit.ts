import type { Vec } from "../../model/scenario";
import { endOf, type YScalar } from "../../parse/yaml-nodes";
import { formatCoordinate, type TextEdit } from "../text/index";
import { commentIn } from "./comments";
import { removeBlockItems } from "./list-items";
import type { Candidate } from "./position-candidates";
import type { MoveText } from "./yaml-locate";

/**
 * The edits that write a new end into a move as the author wrote it: only the two numbers of the
 * end point change (so `[x, y]`, `{ at: [x, y], facing: 90 }`, a block list, quotes and comments all
 * stay), and waypoints after a cut are removed item by item, every comment kept. None (an empty
 * list) when the waypoints to remove cannot go without a comment.
 */
export function moveEdits(text: string, move: MoveText, c: Candidate): TextEdit[] {
  const last = move.points.length - 1;
  if (c.keep < 0 || c.keep > last) return [];
  const end = move.points[last];
  if (c.keep < last && move.waypoints && end.x.value === c.end.x && end.y.value === c.end.y) {
    // The written end stays as written; only the waypoints before it go.
    return dropWaypoints(text, move, c.keep, last - 1) ?? [];
  }
  const point = move.points[c.keep];
  const format = (v: number): string => (c.exact ? String(v) : formatCoordinate(v));
  const edits = [...numberEdit(point.x, format(c.end.x)), ...numberEdit(point.y, format(c.end.y))];
  if (c.keep < last && move.waypoints) {
    const dropped = dropWaypoints(text, move, c.keep + 1, last);
    if (!dropped) return [];
    edits.push(...dropped);
  }
  return edits;
}

/**
 * Removes the waypoints `from`..`to` (indices, inclusive): from a flow list the text from the
 * first to the next point kept (`[x, y], ` or `, [x, y]`), refused when a comment is inside it;
 * from a block list item by item (see list-items).
 */
function dropWaypoints(text: string, move: MoveText, from: number, to: number): TextEdit[] | undefined {
  if (!move.waypoints) return undefined;
  const points = move.points;
  if (!move.waypoints.flow)
    return removeBlockItems(
      text,
      points.slice(from, to + 1).map((p) => p.node),
    );
  // Before the end: up to the next point; the end itself: from the point before it.
  const span =
    to < points.length - 1
      ? { start: points[from].node.range[0], end: points[to + 1].node.range[0] }
      : { start: endOf(points[from - 1].node), end: endOf(points[to].node) };
  return commentIn(text, span) ? undefined : [{ span, newText: "" }];
}

function numberEdit(scalar: YScalar, written: string): TextEdit[] {
  if (Number(written) === scalar.value) return [];
  return [{ span: { start: scalar.range[0], end: scalar.range[1] }, newText: written }];
}

/** The text a fix's title shows for a position: `[12.5, 10]`. */
export function showPoint(p: Vec, exact = false): string {
  const f = (v: number): string => (exact ? String(v) : formatCoordinate(v));
  return `[${f(p.x)}, ${f(p.y)}]`;
}
