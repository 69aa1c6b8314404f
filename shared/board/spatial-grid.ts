import type { Vec } from "../model/scenario";

/**
 * Cells beyond ±LIMIT are merged into the outermost ones. Small enough that every cell key is a
 * small integer (a Map hashes those fastest), far beyond any table (model/limits.ts: 1000", 250 cells).
 */
const LIMIT = (1 << 14) - 1;
const SPAN = 2 * LIMIT + 1;

function clampCell(c: number): number {
  return Number.isNaN(c) ? 0 : Math.max(-LIMIT, Math.min(LIMIT, c));
}

/**
 * A uniform hash grid over model centres, so "which models might be within d of this base"
 * costs a few cells instead of every model on the board (2,000-model scenarios).
 */
export class SpatialGrid<T> {
  private readonly cells = new Map<number, Set<T>>();
  private readonly where = new Map<T, number>();
  /** While set, every change pushes its own undo (BoardState's trial journal); undone in reverse order. */
  journal?: (() => void)[];

  constructor(private readonly cellSize: number) {}

  private key(cx: number, cy: number): number {
    return (cx + LIMIT) * SPAN + (cy + LIMIT);
  }

  /**
   * Cell indices are clamped: a model far off the board (a typo like 4e16) shares the edge cells,
   * which keeps every query a superset and every loop short (unclamped, `cx++` stops advancing
   * past 2^53 and a query never ends).
   */
  private cellOf(p: Vec): [number, number] {
    return [clampCell(Math.floor(p.x / this.cellSize)), clampCell(Math.floor(p.y / this.cellSize))];
  }

  /** A copy holding `map(item)` for each item, in the same cells and the same order (queries answer alike). */
  copy<U>(map: (item: T) => U): SpatialGrid<U> {
    const out = new SpatialGrid<U>(this.cellSize);
    for (const [k, cell] of this.cells) out.cells.set(k, new Set([...cell].map(map)));
    for (const [item, k] of this.where) out.where.set(map(item), k);
    return out;
  }

  set(item: T, p: Vec): void {
    this.delete(item);
    const [cx, cy] = this.cellOf(p);
    const k = this.key(cx, cy);
    this.remember(item, k);
    let cell = this.cells.get(k);
    if (!cell) this.cells.set(k, (cell = new Set()));
    cell.add(item);
    this.where.set(item, k);
  }

  delete(item: T): void {
    const k = this.where.get(item);
    if (k === undefined) return;
    this.remember(item, k);
    this.cells.get(k)?.delete(item);
    this.where.delete(item);
  }

  /** The cells and items journalled in the current journal (each needs its undo once: see `remember`). */
  private journalled?: { readonly journal: (() => void)[]; readonly cells: Set<number>; readonly items: Set<T> };

  /**
   * Journals the cell `k` and the item's entry as they are, so an undo restores them exactly (the
   * cell's order too). Only the first change of each in a journal is kept: undone in reverse, that
   * undo runs after every later one and restores what the trial began with.
   */
  private remember(item: T, k: number): void {
    const journal = this.journal;
    if (!journal) return;
    if (this.journalled?.journal !== journal) this.journalled = { journal, cells: new Set(), items: new Set() };
    const { cells, items: seen } = this.journalled;
    if (!cells.has(k)) {
      cells.add(k);
      const cell = this.cells.get(k);
      const items = cell ? [...cell] : undefined;
      journal.push(() => {
        if (items) this.cells.set(k, new Set(items));
        else this.cells.delete(k);
      });
    }
    if (!seen.has(item)) {
      seen.add(item);
      const was = this.where.get(item);
      journal.push(() => {
        if (was === undefined) this.where.delete(item);
        else this.where.set(item, was);
      });
    }
  }

  /** Every item whose centre lies within `radius` of `p` (a superset: whole cells are returned). */
  query(p: Vec, radius: number, out: T[] = []): T[] {
    if (!Number.isFinite(radius) || radius > this.cellSize * 64) {
      for (const item of this.where.keys()) out.push(item);
      return out;
    }
    const size = this.cellSize;
    const x0 = clampCell(Math.floor((p.x - radius) / size));
    const x1 = clampCell(Math.floor((p.x + radius) / size));
    const y0 = clampCell(Math.floor((p.y - radius) / size));
    const y1 = clampCell(Math.floor((p.y + radius) / size));
    for (let cx = x0; cx <= x1; cx++) {
      const row = (cx + LIMIT) * SPAN + LIMIT;
      for (let cy = y0; cy <= y1; cy++) {
        const cell = this.cells.get(row + cy);
        if (cell) for (const item of cell) out.push(item);
      }
    }
    return out;
  }
}
