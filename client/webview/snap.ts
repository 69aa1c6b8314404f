/**
 * Where a dragged model lands, and what the drag overlay says about it. Pure (no DOM), in board
 * inches: the webview's editor asks it on every pointer move.
 *
 * Snapping, in this order (the first that applies wins):
 * - base-to-base contact with the nearest enemy model (gap 0), when within the threshold of it or overlapping it;
 * - exactly Engagement Range from the nearest enemy model;
 * - the move's maximum distance from where the model started, when at or past it (or within the threshold);
 * - otherwise a 0.1" grid.
 * Without snapping (Alt held) the position is only rounded to hundredths, as every sent coordinate is.
 */
import { separation, signedGap } from "../../shared/geometry/gap";
import { shapeOf, touchingCentre, type Shape } from "../../shared/geometry/shape";
import type { BaseShape, Vec } from "../../shared/model/scenario";

/** The grid a free position snaps to (inches). */
export const GRID = 0.1;

/** A model as the snapping sees it. */
export interface SnapModel {
  readonly id: string;
  readonly player: string;
  readonly base: BaseShape;
  readonly facing: number;
  readonly at: Vec;
}

/** What the drag of one model is measured against. */
export interface SnapInput {
  /** The dragged model at the pointer (its centre where the pointer would put it). */
  readonly model: SnapModel;
  /** Where the distance is measured from: the step's start (`from`) or the drag's start. */
  readonly origin: Vec;
  /** The step's maximum distance for this model (absent: no limit). */
  readonly limit?: number;
  /** The other models that stay where they are (enemies are those of another player). */
  readonly others: readonly SnapModel[];
  readonly engagementRange: number;
  /** How close (inches) a target must be to pull the model onto it. */
  readonly threshold: number;
  readonly snap: boolean;
}

/** The snap that placed the model (absent: the grid, or no snapping). */
export type SnapKind =
  { readonly kind: "contact"; readonly model: string } | { readonly kind: "range"; readonly model: string; readonly gap: number } | { readonly kind: "max" };

export interface Snapped {
  /** The position, rounded to hundredths. */
  readonly at: Vec;
  readonly snap?: SnapKind;
  /** The distance from the origin. */
  readonly distance: number;
  /** The closest enemy model and the edge-to-edge gap to it (absent: no enemy on the board). */
  readonly nearest?: { readonly model: string; readonly gap: number };
}

/** Rounds to hundredths of an inch (every coordinate the preview sends). */
export function hundredths(v: number): number {
  const r = Math.round(v * 100) / 100;
  return r === 0 ? 0 : r;
}

function roundVec(p: Vec): Vec {
  return { x: hundredths(p.x), y: hundredths(p.y) };
}

function shape(m: SnapModel, at: Vec = m.at): Shape {
  return shapeOf(m.base, at, m.facing);
}

/** The enemy model with the smallest edge-to-edge gap to `m` at `at`. */
export function nearestEnemy(m: SnapModel, at: Vec, others: readonly SnapModel[]): { model: SnapModel; gap: number } | undefined {
  const mine = shape(m, at);
  let best: { model: SnapModel; gap: number } | undefined;
  for (const o of others) {
    if (o.player === m.player) continue;
    const gap = signedGap(shape(o), mine);
    if (best === undefined || gap < best.gap) best = { model: o, gap };
  }
  return best;
}

/** The centre near `at` where `m` lies exactly `gap` from `fixed` (exact for round bases, a few refinements for ovals). */
function atGap(m: SnapModel, at: Vec, fixed: SnapModel, gap: number): Vec {
  const f = shape(fixed);
  let c = at;
  for (let i = 0; i < 4; i++) {
    const { axis } = separation(f, shape(m, c));
    c = touchingCentre(f, shape(m, c), axis, gap);
    if (m.base.kind === "round" && fixed.base.kind === "round") break;
  }
  return c;
}

/** Where the model lands and why. */
export function snapDrag(input: SnapInput): Snapped {
  const { model, origin, limit, others, engagementRange, threshold } = input;
  const raw = model.at;
  let at: Vec = roundVec(raw);
  let snap: SnapKind | undefined;
  if (input.snap) {
    const near = nearestEnemy(model, raw, others);
    const distance = Math.hypot(raw.x - origin.x, raw.y - origin.y);
    if (near !== undefined && near.gap <= threshold) {
      at = roundVec(atGap(model, raw, near.model, 0));
      snap = { kind: "contact", model: near.model.id };
    } else if (near !== undefined && Math.abs(near.gap - engagementRange) <= threshold) {
      at = roundVec(atGap(model, raw, near.model, engagementRange));
      snap = { kind: "range", model: near.model.id, gap: engagementRange };
    } else if (limit !== undefined && distance > 0 && distance >= limit - threshold) {
      const k = limit / distance;
      at = roundVec({ x: origin.x + (raw.x - origin.x) * k, y: origin.y + (raw.y - origin.y) * k });
      snap = { kind: "max" };
    } else {
      at = roundVec({ x: Math.round(raw.x / GRID) * GRID, y: Math.round(raw.y / GRID) * GRID });
    }
  }
  const near = nearestEnemy(model, at, others);
  return {
    at,
    ...(snap && { snap }),
    distance: Math.hypot(at.x - origin.x, at.y - origin.y),
    ...(near && { nearest: { model: near.model.id, gap: near.gap } }),
  };
}

/** Inches as the overlay writes them: at most two decimals, no trailing zeros (`2.4"`, `3"`). */
export function inches(v: number): string {
  return `${hundredths(v)}"`;
}

/** The overlay's text: `2.4"/3" · 1.2" to g1 · contact g1`. */
export function overlayText(s: Snapped, limit: number | undefined): string {
  const parts = [limit === undefined ? inches(s.distance) : `${inches(s.distance)}/${inches(limit)}`];
  if (s.nearest !== undefined) {
    const { gap, model } = s.nearest;
    parts.push(hundredths(gap) < 0 ? `overlaps ${model} by ${inches(-gap)}` : `${inches(gap)} to ${model}`);
  }
  if (s.snap?.kind === "contact") parts.push(`contact ${s.snap.model}`);
  else if (s.snap?.kind === "range") parts.push(`${inches(s.snap.gap)} from ${s.snap.model}`);
  else if (s.snap?.kind === "max" && limit !== undefined) parts.push(`max ${inches(limit)}`);
  return parts.join(" · ");
}
