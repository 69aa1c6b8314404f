import type { Vec } from "../../model/scenario";
import { endOf, type YScalar } from "../../parse/yaml-nodes";
import type { Candidate } from "./position-candidates";
import { formatCoordinate, lineEndAt, lineStartAt, type TextEdit } from "./text-edits";
import type { MoveText } from "./yaml-locate";

/**
 * The edits that write a new end into a move as the author wrote it: only the two numbers of the
 * end point change (so `[x, y]`, `{ at: [x, y], facing: 90 }`, a block list, quotes and comments all
 * stay), and waypoints after a cut are removed.
 */
export function moveEdits(text: string, move: MoveText, c: Candidate): TextEdit[] {
  const last = move.points.length - 1;
  if (c.keep < 0 || c.keep > last) return [];
  const end = move.points[last];
  if (c.keep < last && move.waypoints && end.x.value === c.end.x && end.y.value === c.end.y) {
    // The written end stays as written; only the waypoints before it go.
    const from = move.points[c.keep].node.range[0];
    const span = move.waypoints.flow ? { start: from, end: end.node.range[0] } : { start: lineStartAt(text, from), end: lineStartAt(text, end.node.range[0]) };
    return [{ span, newText: "" }];
  }
  const point = move.points[c.keep];
  const format = (v: number): string => (c.exact ? String(v) : formatCoordinate(v));
  const edits = [...numberEdit(point.x, format(c.end.x)), ...numberEdit(point.y, format(c.end.y))];
  if (c.keep < last && move.waypoints) {
    const keptEnd = endOf(point.node);
    const lastEnd = endOf(move.points[last].node);
    // A flow list loses `, [x, y]…`; a block list loses whole lines (with their comments).
    const span = move.waypoints.flow ? { start: keptEnd, end: lastEnd } : { start: lineEndAt(text, keptEnd), end: lineEndAt(text, lastEnd) };
    edits.push({ span, newText: "" });
  }
  return edits;
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
