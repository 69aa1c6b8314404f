import type { Vec } from "../model/scenario";
import { signedGap } from "./gap";
import { circumradius, touchingCentre, withCentre, type Shape } from "./shape";
import { MARGIN } from "./tolerance";
import { GEPS, spotOk, type SpotContext } from "./witness-spot";
import { angleOf, dist, fromAngle, lerp, sub } from "./vec";

/**
 * Candidate end positions for a witness. The centres at which the moving base
 * lies exactly `gap` from a target form a closed curve round it (a circle when both are round,
 * the boundary of a Minkowski sum otherwise), traced by touchingCentre as the contact normal
 * turns. The curve is sampled, the allowed stretches (within reach, on the board, clear of
 * blockers) are found, and their ends, middles and samples become candidates.
 */

/** A candidate end position with its facing; tier 0 (structural points) is tried before tier 1 (samples). */
export interface Candidate {
  readonly shape: Shape;
  readonly facingDeg: number;
  readonly tier: 0 | 1;
  /** Distance of the centre from the start: shorter moves are tried first. */
  readonly d: number;
}

/** Samples round the locus: about every 0.0175 rad for round pairs, every 2 degrees otherwise. */
const SAMPLES_ROUND = 360;
const SAMPLES_OVAL = 180;
/** Bisection steps that pin down the end of an allowed stretch between two samples (to ~3e-8 rad). */
const EDGE_STEPS = 20;
/** Exact arc ends are nudged this far (radians) into the allowed side. */
const NUDGE = 1e-6;
/** The direct approach stops within this (inches) of the goal gap. */
const DIRECT_TOL = 1e-11;

/** Adds the candidates on the locus at `gap` from `target` for `moving` (its facing as given). */
export function locusCandidates(all: SpotContext, moving: Shape, facingDeg: number, target: Shape, gap: number, out: Candidate[]): void {
  if (dist(all.start, target.c) - all.reach > circumradius(target) + circumradius(moving) + gap) return;
  const ctx = locusContext(all, moving, target, gap);
  const round = moving.kind === "circle" && target.kind === "circle";
  const n = round ? SAMPLES_ROUND : SAMPLES_OVAL;
  const step = (2 * Math.PI) / n;
  const place = (phi: number): Shape => withCentre(moving, touchingCentre(target, moving, fromAngle(phi), gap));
  const add = (s: Shape, tier: 0 | 1): void => {
    out.push({ shape: s, facingDeg, tier, d: dist(s.c, ctx.start) });
  };
  const tryAdd = (phi: number): void => {
    const s = place(phi);
    if (spotOk(ctx, s, target)) add(s, 0);
  };
  /** Between an allowed angle and a blocked one, the allowed end of the stretch. */
  const edge = (good: number, bad: number): number => {
    for (let i = 0; i < EDGE_STEPS; i++) {
      const mid = (good + bad) / 2;
      if (spotOk(ctx, place(mid), target)) good = mid;
      else bad = mid;
    }
    return good;
  };

  const shapes: Shape[] = [];
  const ok: boolean[] = [];
  for (let k = 0; k < n; k++) {
    shapes.push(place(k * step));
    ok.push(spotOk(ctx, shapes[k], target));
  }
  const firstBad = ok.indexOf(false);
  if (firstBad < 0) {
    shapes.forEach((s) => add(s, 1));
  } else {
    // Walk once round from a blocked sample, in unwrapped indices so angles keep increasing.
    let runStart = -1;
    for (let j = firstBad + 1; j <= firstBad + n; j++) {
      const k = j % n;
      if (!ok[k]) continue;
      if (!ok[(j - 1) % n]) runStart = j;
      if (ok[(j + 1) % n]) continue;
      const lo = edge(runStart * step, (runStart - 1) * step);
      const hi = edge(j * step, (j + 1) * step);
      add(place(lo), 0);
      add(place(hi), 0);
      tryAdd((lo + hi) / 2);
      for (let i = runStart; i <= j; i++) add(shapes[i % n], 1);
    }
  }
  if (round) for (const phi of exactArcEnds(all, moving, target, gap)) tryAdd(phi);
}

/** How far (inches) float noise may put a point on a locus outside its circumradius bound. */
const LOCUS_SLACK = 1e-6;

/**
 * The spot context for points on one locus: only the blockers and targets spotOk could measure
 * there. Every point of the locus lies within the two circumradii and the gap of the target's
 * centre, so a base farther than that from it (with its own and the mover's circumradius, and the
 * margin or goal) is skipped by spotOk's own lower bound at every point; leaving it out changes no answer.
 */
function locusContext(ctx: SpotContext, moving: Shape, target: Shape, gap: number): SpotContext {
  const rho = circumradius(target) + circumradius(moving) + gap + LOCUS_SLACK;
  const rm = circumradius(moving);
  const near = (s: Shape, limit: number): boolean => dist(s.c, target.c) - rho - rm - circumradius(s) < limit;
  return {
    ...ctx,
    blockers: ctx.blockers.filter((b) => near(b, MARGIN)),
    targets: ctx.targets.filter((t) => t === target || near(t, ctx.goalLimit + GEPS + LOCUS_SLACK)),
  };
}

/**
 * For a round base on a round target's locus circle, the exact angles where the reach arc and
 * each round blocker's blocked arc begin and end, nudged to the allowed side. Sampling alone can
 * miss a free stretch narrower than a sample step (a gap just wide enough for the base).
 */
function exactArcEnds(ctx: SpotContext, moving: Shape, target: Shape, gap: number): number[] {
  if (moving.kind !== "circle" || target.kind !== "circle") return [];
  const rho = target.r + moving.r + gap;
  const c = target.c;
  const angles: number[] = [];
  /** Angles on the locus circle at distance `range` from p, moved `sign * NUDGE` further from p. */
  const crossing = (p: Vec, range: number, sign: number): void => {
    const d = dist(p, c);
    if (d === 0) return;
    const kappa = (rho * rho + d * d - range * range) / (2 * rho * d);
    if (kappa <= -1 || kappa >= 1) return;
    const beta = angleOf(sub(p, c));
    const half = Math.acos(kappa) + sign * NUDGE;
    angles.push(beta - half, beta + half);
  };
  crossing(ctx.start, ctx.reach, -1);
  for (const b of ctx.blockers) if (b.kind === "circle") crossing(b.c, moving.r + b.r + MARGIN, 1);
  for (const t of ctx.targets) if (t !== target && t.kind === "circle") crossing(t.c, moving.r + t.r, 1);
  return angles;
}

/**
 * The "direct approach": move straight from the start towards the target's centre until the gap
 * is down to `gap`. The gap falls monotonically and convexly along that line (the signed distance
 * to a centrally symmetric convex set, walking towards its centre), so regula falsi (Illinois
 * variant) converges in a handful of steps. The point kept is always on the far side (gap >= `gap`).
 */
export function directCandidate(ctx: SpotContext, moving: Shape, facingDeg: number, target: Shape, gap: number, out: Candidate[]): void {
  const total = dist(ctx.start, target.c);
  if (total === 0) return;
  const f = (s: number): number => signedGap(withCentre(moving, lerp(ctx.start, target.c, s)), target) - gap;
  let lo = 0;
  let flo = f(0);
  if (flo <= 0) return;
  let hi = Math.min(1, ctx.reach / total);
  let fhi = f(hi);
  if (fhi > 0) return;
  let trueFlo = flo;
  let side = 0;
  for (let i = 0; i < 100 && trueFlo > DIRECT_TOL && (hi - lo) * total > DIRECT_TOL; i++) {
    let mid = (lo * fhi - hi * flo) / (fhi - flo);
    if (!(mid > lo && mid < hi)) mid = (lo + hi) / 2;
    const fm = f(mid);
    if (fm > 0) {
      lo = mid;
      flo = fm;
      trueFlo = fm;
      if (side > 0) fhi /= 2;
      side = 1;
    } else {
      hi = mid;
      fhi = fm;
      if (side < 0) flo /= 2;
      side = -1;
    }
  }
  const s = withCentre(moving, lerp(ctx.start, target.c, lo));
  if (spotOk(ctx, s, target)) out.push({ shape: s, facingDeg, tier: 0, d: dist(s.c, ctx.start) });
}
