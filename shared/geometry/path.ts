import type { Vec } from "../model/scenario";
import { signedGap } from "./gap";
import { goldenMin } from "./golden";
import { circle, inradius, withCentre, type Shape } from "./shape";
import { angleOf, dist, lerp, pointSegmentDistance, sub } from "./vec";

/** Golden-section search over t in [0, 1] stops at this bracket width. */
const T_TOL = 1e-10;

/** Length of the polyline start -> path[0] -> ... -> last (straight segments). */
export function pathLength(start: Vec, path: readonly Vec[]): number {
  let total = 0;
  let at = start;
  for (const p of path) {
    total += dist(at, p);
    at = p;
  }
  return total;
}

/** The smaller of the two values a golden-section search on [0, 1] ends on (see `goldenMin`). */
function goldenMinOnUnit(f: (t: number) => number, stop?: (f1: number, f2: number, width: number) => boolean): number {
  const { f1, f2 } = goldenMin(f, 0, 1, T_TOL, { x1: 0, f1: 0, x2: 0, f2: 0 }, stop);
  return Math.min(f1, f2);
}

/**
 * The smallest signed gap between `obstacle` and the footprint `moving` translated (facing
 * fixed) with its centre going straight from `from` to `to`. The gap is the signed distance
 * from the moving centre to a convex set (obstacle plus the reflected footprint), which is
 * convex along a line, so a golden-section search finds the minimum. Circle pairs are closed form.
 */
export function sweptShapeGap(moving: Shape, from: Vec, to: Vec, obstacle: Shape): number {
  if (moving.kind === "circle" && obstacle.kind === "circle") {
    return pointSegmentDistance(obstacle.c, from, to) - (moving.r + obstacle.r);
  }
  const f = (t: number): number => signedGap(withCentre(moving, lerp(from, to, t)), obstacle);
  // The golden section never samples the ends, and the minimum may sit at one.
  return Math.min(goldenMinOnUnit(f), f(0), f(1));
}

/**
 * Does the swept gap of sweptShapeGap stay at or above `floor`? The same golden-section search,
 * but it stops as soon as a point below the floor is found, or as soon as the bracket proves the
 * minimum is above it: the gap is 1-Lipschitz in the centre, so nowhere in the bracket can it
 * fall more than |to - from| * width below the best value seen.
 */
export function sweptGapAtLeast(moving: Shape, from: Vec, to: Vec, obstacle: Shape, floor: number): boolean {
  if (moving.kind === "circle" && obstacle.kind === "circle") return sweptShapeGap(moving, from, to, obstacle) >= floor;
  const f = (t: number): number => signedGap(withCentre(moving, lerp(from, to, t)), obstacle);
  const length = dist(from, to);
  if (f(0) < floor || f(1) < floor) return false;
  // Stopping on a value below the floor leaves a minimum below it; stopping on the Lipschitz
  // bound leaves one at or above it (the bound is below the smaller inner value).
  const settled = (f1: number, f2: number, width: number): boolean => f1 < floor || f2 < floor || Math.min(f1, f2) - length * width >= floor;
  return goldenMinOnUnit(f, settled) >= floor;
}

/**
 * The smallest signed gap between `obstacle` and the in-circle of `moving` as its centre goes
 * straight from `from` to `to`. The in-circle lies inside the base whatever way the model
 * turns while it moves, so a result below -TAU_O proves the base passed through the obstacle;
 * it never reports a pass-through that a turning base could have avoided.
 */
export function sweptGap(moving: Shape, from: Vec, to: Vec, obstacle: Shape): number {
  return sweptShapeGap(circle(from, inradius(moving)), from, to, obstacle);
}

/**
 * Length of the shortest path from `from` to `to` that stays out of the open disc
 * D(centre, radius): the straight distance when the segment misses the disc, else
 * tangent + arc + tangent. With radius = in-radius of the mover + in-radius of an obstacle it
 * is a sound lower bound on any legal path around that obstacle. When either
 * end lies inside the disc no detour can be claimed and the straight distance is returned.
 */
export function detourLowerBound(from: Vec, to: Vec, centre: Vec, radius: number): number {
  const straight = dist(from, to);
  const d0 = dist(from, centre);
  const d1 = dist(to, centre);
  if (radius <= 0 || d0 < radius || d1 < radius) return straight;
  if (pointSegmentDistance(centre, from, to) >= radius) return straight;
  // Angle at the centre between the two ends, less the angle each tangent segment covers.
  let gamma = Math.abs(angleOf(sub(from, centre)) - angleOf(sub(to, centre)));
  if (gamma > Math.PI) gamma = 2 * Math.PI - gamma;
  const arc = gamma - Math.acos(Math.min(1, radius / d0)) - Math.acos(Math.min(1, radius / d1));
  const tangents = Math.sqrt(Math.max(0, d0 * d0 - radius * radius)) + Math.sqrt(Math.max(0, d1 * d1 - radius * radius));
  return Math.max(straight, tangents + radius * Math.max(0, arc));
}
