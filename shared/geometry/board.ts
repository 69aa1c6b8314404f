import type { Shape } from "./shape";
import { support } from "./shape";

/**
 * How far a footprint hangs off a width x height board whose top-left corner is (0, 0):
 * the largest overhang beyond any of the four edges, from the support function in each
 * outward edge normal; 0 when the footprint lies wholly on the board.
 */
export function offBoardBy(s: Shape, width: number, height: number): number {
  if (s.kind === "circle") {
    // support() of a circle, written out (the same arithmetic, without the normals' objects).
    const { x, y } = s.c;
    return Math.max(0, x * -1 + y * 0 + s.r, x * 1 + y * 0 + s.r - width, x * 0 + y * -1 + s.r, x * 0 + y * 1 + s.r - height);
  }
  const left = support(s, { x: -1, y: 0 });
  const right = support(s, { x: 1, y: 0 }) - width;
  const top = support(s, { x: 0, y: -1 });
  const bottom = support(s, { x: 0, y: 1 }) - height;
  return Math.max(0, left, right, top, bottom);
}
