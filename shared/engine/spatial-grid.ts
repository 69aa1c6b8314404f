import type { Vec } from "../model/scenario";

/**
 * A uniform hash grid over model centres, so "which models might be within d of this base"
 * costs a few cells instead of every model on the board (2,000-model scenarios).
 */
export class SpatialGrid<T> {
  private readonly cells = new Map<number, Set<T>>();
  private readonly where = new Map<T, number>();

  constructor(private readonly cellSize: number) {}

  private key(cx: number, cy: number): number {
    // Boards are at most a few hundred inches; offsetting keeps keys non-negative and unique.
    return (cx + 4096) * 8192 + (cy + 4096);
  }

  private cellOf(p: Vec): [number, number] {
    return [Math.floor(p.x / this.cellSize), Math.floor(p.y / this.cellSize)];
  }

  set(item: T, p: Vec): void {
    this.delete(item);
    const [cx, cy] = this.cellOf(p);
    const k = this.key(cx, cy);
    let cell = this.cells.get(k);
    if (!cell) this.cells.set(k, (cell = new Set()));
    cell.add(item);
    this.where.set(item, k);
  }

  delete(item: T): void {
    const k = this.where.get(item);
    if (k === undefined) return;
    this.cells.get(k)?.delete(item);
    this.where.delete(item);
  }

  /** Every item whose centre lies within `radius` of `p` (a superset: whole cells are returned). */
  query(p: Vec, radius: number, out: T[] = []): T[] {
    if (!Number.isFinite(radius) || radius > this.cellSize * 64) {
      for (const item of this.where.keys()) out.push(item);
      return out;
    }
    const [x0, y0] = this.cellOf({ x: p.x - radius, y: p.y - radius });
    const [x1, y1] = this.cellOf({ x: p.x + radius, y: p.y + radius });
    for (let cx = x0; cx <= x1; cx++) {
      for (let cy = y0; cy <= y1; cy++) {
        const cell = this.cells.get(this.key(cx, cy));
        if (cell) for (const item of cell) out.push(item);
      }
    }
    return out;
  }
}
