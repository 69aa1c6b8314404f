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
 *
 * Every answer is a function of where the items are, never of the order they were moved in: each
 * cell keeps its items in the order of their rank (a model's place in the set-up), and an
 * unbounded query lists every item by rank. So putting an item back where it was changes nothing,
 * a copy answers as the original does, and a trial's undo needs to restore only membership.
 */
export class SpatialGrid<T> {
  /** Each cell's items, ascending by rank. */
  private readonly cells = new Map<number, T[]>();
  private readonly where = new Map<T, number>();
  /** While set, every change pushes its own undo (BoardState's trial journal); undone in reverse order. */
  journal?: (() => void)[];

  constructor(
    private readonly cellSize: number,
    /** Distinct for distinct items, and fixed while an item is in the grid. */
    private readonly rank: (item: T) => number,
  ) {}

  private key(cx: number, cy: number): number {
    return (cx + LIMIT) * SPAN + (cy + LIMIT);
  }

  /**
   * Cell indices are clamped: a model far off the board (a typo like 4e16) shares the edge cells,
   * which keeps every query a superset and every loop short (unclamped, `cx++` stops advancing
   * past 2^53 and a query never ends).
   */
  private keyOf(p: Vec): number {
    return this.key(clampCell(Math.floor(p.x / this.cellSize)), clampCell(Math.floor(p.y / this.cellSize)));
  }

  /** A copy holding `map(item)` for each item (of the same rank), in the same cells: queries answer alike. */
  copy<U>(map: (item: T) => U, rank: (item: U) => number): SpatialGrid<U> {
    const out = new SpatialGrid<U>(this.cellSize, rank);
    for (const [k, cell] of this.cells) out.cells.set(k, cell.map(map));
    for (const [item, k] of this.where) out.where.set(map(item), k);
    return out;
  }

  set(item: T, p: Vec): void {
    const k = this.keyOf(p);
    const was = this.where.get(item);
    if (was === k) return;
    if (was !== undefined) this.leave(item, was);
    this.enter(item, k);
    this.where.set(item, k);
    this.journal?.push(() => {
      this.leave(item, k);
      if (was === undefined) this.where.delete(item);
      else {
        this.enter(item, was);
        this.where.set(item, was);
      }
    });
  }

  delete(item: T): void {
    const k = this.where.get(item);
    if (k === undefined) return;
    this.leave(item, k);
    this.where.delete(item);
    this.journal?.push(() => {
      this.enter(item, k);
      this.where.set(item, k);
    });
  }

  /** Puts `item` into cell `k` at its rank. */
  private enter(item: T, k: number): void {
    const cell = this.cells.get(k);
    if (!cell) {
      this.cells.set(k, [item]);
      return;
    }
    const r = this.rank(item);
    let i = cell.length;
    while (i > 0 && this.rank(cell[i - 1]) > r) i--;
    cell.splice(i, 0, item);
  }

  /** Takes `item` out of cell `k`. */
  private leave(item: T, k: number): void {
    const cell = this.cells.get(k);
    if (!cell) return;
    const i = cell.indexOf(item);
    if (i >= 0) cell.splice(i, 1);
    if (cell.length === 0) this.cells.delete(k);
  }

  /** Every item whose centre lies within `radius` of `p` (a superset: whole cells are returned), cell by cell, each cell by rank. */
  query(p: Vec, radius: number, out: T[] = []): T[] {
    this.visit(p, radius, (item) => void out.push(item));
    return out;
  }

  /**
   * Hands `see` the items `query` would list, in the same order, without building the list (a
   * query per model per step is most of what the rules allocate); stops at the first item `see`
   * returns true for, and says whether it stopped.
   */
  visit(p: Vec, radius: number, see: (item: T) => boolean | void): boolean {
    if (!Number.isFinite(radius) || radius > this.cellSize * 64) {
      const all = [...this.where.keys()].sort((a, b) => this.rank(a) - this.rank(b));
      for (const item of all) if (see(item) === true) return true;
      return false;
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
        if (cell) for (let i = 0; i < cell.length; i++) if (see(cell[i]) === true) return true;
      }
    }
    return false;
  }
}
