/**
 * Greedy, deterministic label placement: each label takes the first of its candidate boxes that
 * overlaps nothing placed or reserved before it (bases, other labels), else its first candidate.
 * The boxes taken are kept in a grid of square cells, so a candidate is tested only against the
 * boxes near it: placing a label costs the same on a board of ten models as on one of thousands.
 */

/** An axis-aligned box in picture pixels. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** True when two boxes overlap (touching edges do not count). */
export function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** Side of a grid cell in pixels: about one label's height, a little under one base. */
const CELL = 32;

/** Boxes spanning more cells than this are kept in one list and tested against every candidate. */
const MAX_CELLS = 256;

/** Keeps the boxes already taken on the board. */
export class LabelPlacer {
  private readonly cells = new Map<string, Rect[]>();
  private readonly large: Rect[] = [];

  /** `bounds`: labels that would leave this box are tried last. */
  constructor(private readonly bounds: Rect) {}

  /** The box labels should stay in. */
  get area(): Rect {
    return this.bounds;
  }

  /** Marks a box as taken (a base, an objective marker) without placing a label there. */
  reserve(r: Rect): void {
    this.take(r);
  }

  /** Picks the first free candidate inside the bounds, else the first free one, else the first; and takes it. */
  place(candidates: readonly Rect[]): Rect {
    const free = candidates.filter((c) => !this.hits(c));
    const inside = free.filter(
      (c) => c.x >= this.bounds.x && c.y >= this.bounds.y && c.x + c.w <= this.bounds.x + this.bounds.w && c.y + c.h <= this.bounds.y + this.bounds.h,
    );
    const chosen = inside[0] ?? free[0] ?? candidates[0];
    this.take(chosen);
    return chosen;
  }

  private take(r: Rect): void {
    const span = cellSpan(r);
    if (span === undefined) {
      this.large.push(r);
      return;
    }
    for (let cx = span.x0; cx <= span.x1; cx++) {
      for (let cy = span.y0; cy <= span.y1; cy++) {
        const key = `${cx},${cy}`;
        const list = this.cells.get(key);
        if (list) list.push(r);
        else this.cells.set(key, [r]);
      }
    }
  }

  private hits(r: Rect): boolean {
    if (this.large.some((t) => intersects(r, t))) return true;
    const span = cellSpan(r);
    if (span === undefined) {
      for (const list of this.cells.values()) if (list.some((t) => intersects(r, t))) return true;
      return false;
    }
    for (let cx = span.x0; cx <= span.x1; cx++) {
      for (let cy = span.y0; cy <= span.y1; cy++) {
        const list = this.cells.get(`${cx},${cy}`);
        if (list && list.some((t) => intersects(r, t))) return true;
      }
    }
    return false;
  }
}

/** The cells a box covers, or undefined when they are too many (or the box is not finite). */
function cellSpan(r: Rect): { x0: number; x1: number; y0: number; y1: number } | undefined {
  const x0 = Math.floor(r.x / CELL);
  const x1 = Math.floor((r.x + r.w) / CELL);
  const y0 = Math.floor(r.y / CELL);
  const y1 = Math.floor((r.y + r.h) / CELL);
  const count = (x1 - x0 + 1) * (y1 - y0 + 1);
  return Number.isFinite(count) && count <= MAX_CELLS ? { x0, x1, y0, y1 } : undefined;
}
