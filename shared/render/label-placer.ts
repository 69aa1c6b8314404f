/**
 * Greedy, deterministic label placement: each label takes the first of its candidate boxes that
 * overlaps nothing placed or reserved before it (bases, other labels) and stays on the board;
 * when none does, the first free box on rings further out round what it labels, with a leader
 * line back to it (`placeLabel`); only a board with no room left within those rings falls back
 * to the first free candidate, else the first.
 * The boxes taken are kept in a grid of square cells, so a candidate is tested only against the
 * boxes near it: placing a label costs the same on a board of ten models as on one of thousands.
 */
import { el } from "./svg-text";

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

/** What a label is about, in px: an ellipse (a base; a unit's bases are several), or a point (radii 0). */
export interface Anchor {
  readonly cx: number;
  readonly cy: number;
  readonly rx: number;
  readonly ry: number;
}

/** Where a label went and, when it sits away from what it labels, the leader line back to it (x1, y1 at the label). */
export interface Placement {
  readonly box: Rect;
  readonly leader?: { readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number };
}

/**
 * The rings searched when no candidate fits: gaps (px) between what is labelled and the label,
 * and directions (degrees, clockwise from +x), sideways first since labels are wider than tall.
 */
const RING_GAPS = [4, 10, 18, 28, 40, 54, 70, 90, 115, 145];
const RING_ANGLES = [0, 180, 90, 270, 45, 135, 225, 315, 22.5, 157.5, 202.5, 337.5, 67.5, 112.5, 247.5, 292.5];
/** The ring directions as unit vectors, worked out once. */
const RING_DIRECTIONS = RING_ANGLES.map((deg) => {
  const t = (deg * Math.PI) / 180;
  return { dx: Math.cos(t), dy: Math.sin(t) };
});
/** A label this far or nearer from what it labels reads as its own without a leader line. */
const LEADER_MIN = 6;

/** Side of a grid cell in pixels: about one label's height, a little under one base. */
const CELL = 32;

/** Boxes spanning more cells than this are kept in one list and tested against every candidate. */
const MAX_CELLS = 256;

/** Keeps the boxes already taken on the board. */
export class LabelPlacer {
  private readonly cells = new Map<number, Rect[]>();
  private readonly large: Rect[] = [];
  /** The labels alone, so a leader line can be kept from crossing one. */
  private readonly labels = new Map<number, Rect[]>();

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

  /**
   * Places a label: the first of `candidates` that is free and inside the bounds; else the first
   * free box on rings round `around` (the box of what it labels), with a leader line from the
   * label to the nearest of `anchors` that crosses no other label; else as `place`. Every box
   * taken is kept from later labels, and so is the leader line.
   */
  placeLabel(candidates: readonly Rect[], around: Rect, anchors: readonly Anchor[]): Placement {
    const near = candidates.find((c) => this.inside(c) && !this.hits(c));
    if (near) return this.takeLabel({ box: near });
    const { w, h } = candidates[0];
    const cx = around.x + around.w / 2;
    const cy = around.y + around.h / 2;
    for (const gap of RING_GAPS) {
      for (const { dx, dy } of RING_DIRECTIONS) {
        // Far enough along the direction that the label clears the labelled box by `gap`.
        const reach = Math.min(
          Math.abs(dx) < 1e-9 ? Infinity : (around.w / 2 + w / 2 + gap) / Math.abs(dx),
          Math.abs(dy) < 1e-9 ? Infinity : (around.h / 2 + h / 2 + gap) / Math.abs(dy),
        );
        const box = { x: cx + dx * reach - w / 2, y: cy + dy * reach - h / 2, w, h };
        if (!this.inside(box) || this.hits(box)) continue;
        const leader = leaderTo(box, anchors);
        if (leader && this.crossesLabel(leader)) continue;
        return this.takeLabel({ box, leader });
      }
    }
    const free = candidates.find((c) => !this.hits(c));
    return this.takeLabel({ box: free ?? candidates[0] });
  }

  private takeLabel(p: Placement): Placement {
    this.take(p.box);
    this.add(this.labels, p.box);
    const l = p.leader;
    if (l) {
      const n = Math.max(1, Math.ceil(Math.hypot(l.x2 - l.x1, l.y2 - l.y1) / 4));
      for (let k = 0; k <= n; k++) {
        const x = l.x1 + ((l.x2 - l.x1) * k) / n;
        const y = l.y1 + ((l.y2 - l.y1) * k) / n;
        this.take({ x: x - 1.5, y: y - 1.5, w: 3, h: 3 });
      }
    }
    return p;
  }

  private inside(c: Rect): boolean {
    const b = this.bounds;
    return c.x >= b.x && c.y >= b.y && c.x + c.w <= b.x + b.w && c.y + c.h <= b.y + b.h;
  }

  /** True when the segment passes through a label placed before (tested every 2 px). */
  private crossesLabel(l: NonNullable<Placement["leader"]>): boolean {
    const n = Math.max(1, Math.ceil(Math.hypot(l.x2 - l.x1, l.y2 - l.y1) / 2));
    for (let k = 0; k <= n; k++) {
      const x = l.x1 + ((l.x2 - l.x1) * k) / n;
      const y = l.y1 + ((l.y2 - l.y1) * k) / n;
      const list = this.labels.get(cellKey(Math.floor(x / CELL), Math.floor(y / CELL)));
      if (list && list.some((t) => x > t.x && x < t.x + t.w && y > t.y && y < t.y + t.h)) return true;
    }
    return false;
  }

  private add(cells: Map<number, Rect[]>, r: Rect): void {
    const span = cellSpan(r);
    if (span === undefined) return;
    for (let cx = span.x0; cx <= span.x1; cx++) {
      for (let cy = span.y0; cy <= span.y1; cy++) {
        const key = cellKey(cx, cy);
        const list = cells.get(key);
        if (list) list.push(r);
        else cells.set(key, [r]);
      }
    }
  }

  private take(r: Rect): void {
    const span = cellSpan(r);
    if (span === undefined) {
      this.large.push(r);
      return;
    }
    for (let cx = span.x0; cx <= span.x1; cx++) {
      for (let cy = span.y0; cy <= span.y1; cy++) {
        const key = cellKey(cx, cy);
        const list = this.cells.get(key);
        if (list) list.push(r);
        else this.cells.set(key, [r]);
      }
    }
  }

  private hits(r: Rect): boolean {
    // Plain loops: this runs for every candidate and ring box of every label.
    for (const t of this.large) if (intersects(r, t)) return true;
    const span = cellSpan(r);
    if (span === undefined) {
      for (const list of this.cells.values()) for (const t of list) if (intersects(r, t)) return true;
      return false;
    }
    for (let cx = span.x0; cx <= span.x1; cx++) {
      for (let cy = span.y0; cy <= span.y1; cy++) {
        const list = this.cells.get(cellKey(cx, cy));
        if (list !== undefined) for (const t of list) if (intersects(r, t)) return true;
      }
    }
    return false;
  }
}

/**
 * The leader line from a label box to the nearest anchor's edge (along the line from its centre to
 * the label's centre, 1 px short of it), or undefined when the label sits within LEADER_MIN of it.
 */
export function leaderTo(box: Rect, anchors: readonly Anchor[]): Placement["leader"] {
  const lx = box.x + box.w / 2;
  const ly = box.y + box.h / 2;
  let best: { x1: number; y1: number; x2: number; y2: number; d: number } | undefined;
  for (const a of anchors) {
    const dx = lx - a.cx;
    const dy = ly - a.cy;
    const q = Math.hypot(a.rx === 0 ? 0 : dx / a.rx, a.ry === 0 ? 0 : dy / a.ry);
    // The edge point in the label's direction (the centre itself for a point anchor), pushed out 1 px.
    const len = Math.hypot(dx, dy);
    const s = q === 0 ? 0 : 1 / q;
    const push = len === 0 ? 0 : 1 / len;
    const x2 = a.cx + dx * Math.min(1, s + (s > 0 ? push : 0));
    const y2 = a.cy + dy * Math.min(1, s + (s > 0 ? push : 0));
    const x1 = Math.min(Math.max(x2, box.x), box.x + box.w);
    const y1 = Math.min(Math.max(y2, box.y), box.y + box.h);
    const d = Math.hypot(x2 - x1, y2 - y1);
    if (best === undefined || d < best.d) best = { x1, y1, x2, y2, d };
  }
  if (best === undefined || best.d <= LEADER_MIN) return undefined;
  return { x1: best.x1, y1: best.y1, x2: best.x2, y2: best.y2 };
}

/**
 * A number for the cell (cx, cy): distinct for every cell within 32,768 cells of the origin on
 * each axis (far past any picture). Two cells sharing one would only test more boxes exactly, so
 * placement never depends on it.
 */
function cellKey(cx: number, cy: number): number {
  return cx * 65536 + cy;
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

/**
 * Places a label whose drawn box is each of `candidates` in turn, keeping free the box its text
 * can take in a browser (`textW` px wide, centred on the drawn box, when that is wider): returns
 * the drawn box chosen and the leader line, if any.
 */
export function placeText(placer: LabelPlacer, candidates: readonly Rect[], textW: number, around: Rect, anchors: readonly Anchor[]): Placement {
  const w = candidates[0].w;
  const kept = Math.max(w, textW);
  const pad = (kept - w) / 2;
  const p = placer.placeLabel(pad > 0 ? candidates.map((c) => ({ x: c.x - pad, y: c.y, w: c.w + 2 * pad, h: c.h })) : candidates, around, anchors);
  return pad > 0 ? { box: { x: p.box.x + pad, y: p.box.y, w, h: p.box.h }, leader: p.leader } : p;
}

/** The anchor of a box (a base's box: the ellipse it holds). */
export function anchorOf(r: Rect): Anchor {
  return { cx: r.x + r.w / 2, cy: r.y + r.h / 2, rx: r.w / 2, ry: r.h / 2 };
}

/** The leader line of a placement, drawn just under its label ("" when the label needs none). */
export function leaderLine(p: Placement, colour: string): string {
  const l = p.leader;
  if (!l) return "";
  const d = `M${l.x1.toFixed(2)} ${l.y1.toFixed(2)}L${l.x2.toFixed(2)} ${l.y2.toFixed(2)}`;
  return el("path", { class: "leader", d, fill: "none", stroke: colour, "stroke-width": 1, "stroke-linecap": "round" });
}
