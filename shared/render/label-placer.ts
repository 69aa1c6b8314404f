/**
 * Greedy, deterministic label placement: each label takes the first of its candidate boxes that
 * overlaps nothing placed or reserved before it (bases, other labels), else its first candidate.
 * Good enough for scenario boards, which hold tens of models, and it never depends on randomness.
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

/** Keeps the boxes already taken on the board. */
export class LabelPlacer {
  private readonly taken: Rect[] = [];

  /** `bounds`: labels that would leave this box are tried last. */
  constructor(private readonly bounds: Rect) {}

  /** Marks a box as taken (a base, an objective marker) without placing a label there. */
  reserve(r: Rect): void {
    this.taken.push(r);
  }

  /** Picks the first free candidate inside the bounds, else the first free one, else the first; and takes it. */
  place(candidates: readonly Rect[]): Rect {
    const free = candidates.filter((c) => !this.taken.some((t) => intersects(c, t)));
    const inside = free.filter((c) => c.x >= this.bounds.x && c.y >= this.bounds.y && c.x + c.w <= this.bounds.x + this.bounds.w && c.y + c.h <= this.bounds.y + this.bounds.h);
    const chosen = inside[0] ?? free[0] ?? candidates[0];
    this.taken.push(chosen);
    return chosen;
  }
}
