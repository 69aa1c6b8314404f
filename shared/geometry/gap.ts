import type { Vec } from "../model/scenario";
import { goldenMin, type GoldenBracket } from "./golden";
import { circle, inradius, radialAlong, type Shape } from "./shape";
import { norm } from "./vec";

/**
 * Edge-to-edge distance between two convex footprints by the support-function method of
 * with n(phi) = (cos phi, sin phi),
 *   g(phi) = (cB - cA).n - radialA(n) - radialB(n)       (how far B lies beyond A along n)
 *   signedGap(A, B) = max over phi of g(phi).
 * That is the exact distance when A and B are apart and minus the penetration depth (the
 * shortest translation that separates them) when they overlap. Where g > 0 it has a single
 * maximum; overlapping pairs may have several, so every sampled local maximum is refined.
 *
 * This is the engine's innermost loop (witness searches call it hundreds of thousands of
 * times), so the pair being measured lives in module-level scratch variables rather than in
 * per-call objects and closures. Nothing here calls back out, so it is never re-entered.
 */

const SAMPLES = 32;
const STEP = (2 * Math.PI) / SAMPLES;
const COS = Float64Array.from({ length: SAMPLES }, (_, k) => Math.cos(k * STEP));
const SIN = Float64Array.from({ length: SAMPLES }, (_, k) => Math.sin(k * STEP));
/**
 * Golden-section stops at this bracket width. The value error is quadratic in it (about
 * g''·tol²/2 with g'' below a few inches), so 1e-7 rad keeps gaps exact to 1e-13".
 */
const ANGLE_TOL = 1e-7;

// The pair being measured: centre offset, and per footprint either a radius or the squared
// semi-axes with the cosine and sine of the long axis' angle; and the angle at which the last
// maxSeparation found its maximum. In a Float64Array, not in module variables: a number written
// to a module variable is boxed anew each time (a dozen boxes per measured pair), one written to
// a typed array is not.
const DX = 0;
const DY = 1;
const A_R = 2;
const A_A2 = 3;
const A_B2 = 4;
const A_CT = 5;
const A_ST = 6;
const B_R = 7;
const B_A2 = 8;
const B_B2 = 9;
const B_CT = 10;
const B_ST = 11;
const BEST_PHI = 12;
const pair = Float64Array.of(0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0);
let aRound = true;
let bRound = true;
const samples = new Float64Array(SAMPLES);

function load(a: Shape, b: Shape): void {
  pair[DX] = b.c.x - a.c.x;
  pair[DY] = b.c.y - a.c.y;
  aRound = a.kind === "circle";
  if (a.kind === "circle") {
    pair[A_R] = a.r;
  } else {
    pair[A_A2] = a.a * a.a;
    pair[A_B2] = a.b * a.b;
    pair[A_CT] = Math.cos(a.theta);
    pair[A_ST] = Math.sin(a.theta);
  }
  bRound = b.kind === "circle";
  if (b.kind === "circle") {
    pair[B_R] = b.r;
  } else {
    pair[B_A2] = b.a * b.a;
    pair[B_B2] = b.b * b.b;
    pair[B_CT] = Math.cos(b.theta);
    pair[B_ST] = Math.sin(b.theta);
  }
}

/** g for the loaded pair at unit normal (nx, ny). */
function g(nx: number, ny: number): number {
  let ra = pair[A_R];
  if (!aRound) {
    const u = nx * pair[A_CT] + ny * pair[A_ST];
    const v = ny * pair[A_CT] - nx * pair[A_ST];
    ra = Math.sqrt(pair[A_A2] * u * u + pair[A_B2] * v * v);
  }
  let rb = pair[B_R];
  if (!bRound) {
    const u = nx * pair[B_CT] + ny * pair[B_ST];
    const v = ny * pair[B_CT] - nx * pair[B_ST];
    rb = Math.sqrt(pair[B_A2] * u * u + pair[B_B2] * v * v);
  }
  return pair[DX] * nx + pair[DY] * ny - ra - rb;
}

function negGPhi(phi: number): number {
  return -g(Math.cos(phi), Math.sin(phi));
}

/** The search's result, reused: maxSeparation never runs inside another maxSeparation. */
const bracket: GoldenBracket = { x1: 0, f1: 0, x2: 0, f2: 0 };

/** max g for the loaded pair: 32 samples, then golden-section on every sampled local maximum. */
function maxSeparation(): number {
  for (let k = 0; k < SAMPLES; k++) samples[k] = g(COS[k], SIN[k]);
  let best = -Infinity;
  pair[BEST_PHI] = 0;
  for (let k = 0; k < SAMPLES; k++) {
    const v = samples[k];
    const prev = samples[(k + SAMPLES - 1) % SAMPLES];
    const next = samples[(k + 1) % SAMPLES];
    if (v > best) {
      best = v;
      pair[BEST_PHI] = k * STEP;
    }
    // Only local maxima are refined (a flat run of equal samples has nothing to refine).
    if (v < prev || v < next || (v === prev && v === next)) continue;
    // The maximum of g is the minimum of -g: negation is exact, so the search is the same.
    const found = goldenMin(negGPhi, (k - 1) * STEP, (k + 1) * STEP, ANGLE_TOL, bracket);
    if (-found.f1 > best) {
      best = -found.f1;
      pair[BEST_PHI] = found.x1;
    }
    if (-found.f2 > best) {
      best = -found.f2;
      pair[BEST_PHI] = found.x2;
    }
  }
  // Non-finite input (NaN coordinates) never beats -Infinity: report NaN, not "infinitely deep".
  return best > -Infinity ? best : NaN;
}

/** A fixed total order on footprints, so that (a, b) and (b, a) run the identical computation. */
function comesAfter(a: Shape, b: Shape): boolean {
  if (a.c.x !== b.c.x) return a.c.x > b.c.x;
  if (a.c.y !== b.c.y) return a.c.y > b.c.y;
  if (a.kind !== b.kind) return a.kind === "ellipse";
  if (a.kind === "circle" || b.kind === "circle") return a.kind === "circle" && b.kind === "circle" && a.r > b.r;
  if (a.a !== b.a) return a.a > b.a;
  if (a.b !== b.b) return a.b > b.b;
  return a.theta > b.theta;
}

/** A signed gap together with the direction along which it is measured. */
export interface Separation {
  readonly gap: number;
  /** Unit normal n maximising g: the first footprint's outward normal at the closest (or deepest) approach. */
  readonly axis: Vec;
}

/**
 * Signed edge-to-edge distance between two footprints: > 0 apart (the exact distance),
 * 0 touching, < 0 overlapping (minus the penetration depth). Circle pairs use the closed form.
 * Exactly symmetric in its arguments.
 */
export function signedGap(a: Shape, b: Shape): number {
  if (a.kind === "circle" && b.kind === "circle") return norm(b.c.x - a.c.x, b.c.y - a.c.y) - (a.r + b.r);
  if (comesAfter(a, b)) load(b, a);
  else load(a, b);
  return maxSeparation();
}

/** The signed gap from `a` to `b` and the axis it is measured along (swapping the arguments flips the axis). */
export function separation(a: Shape, b: Shape): Separation {
  if (a.kind === "circle" && b.kind === "circle") {
    const ddx = b.c.x - a.c.x;
    const ddy = b.c.y - a.c.y;
    const d = norm(ddx, ddy);
    return { gap: d - (a.r + b.r), axis: d > 0 ? { x: ddx / d, y: ddy / d } : { x: 1, y: 0 } };
  }
  const swap = comesAfter(a, b);
  if (swap) load(b, a);
  else load(a, b);
  const gap = maxSeparation();
  const sign = swap ? -1 : 1;
  return { gap, axis: { x: sign * Math.cos(pair[BEST_PHI]), y: sign * Math.sin(pair[BEST_PHI]) } };
}

/** Signed gap from a footprint to a round disc (an objective marker is a 40 mm disc). */
export function discGap(s: Shape, c: Vec, r: number): number {
  return signedGap(s, circle(c, r));
}

/**
 * Cheap bounds on signedGap(a, b). Lower: g along the line of centres (any g is at most the
 * maximum). Upper: the gap between the in-circles (the footprints contain them, and the gap
 * only grows as footprints shrink).
 */
export function gapBounds(a: Shape, b: Shape): { readonly lower: number; readonly upper: number } {
  const ddx = b.c.x - a.c.x;
  const ddy = b.c.y - a.c.y;
  const d = norm(ddx, ddy);
  const nx = d > 0 ? ddx / d : 1;
  const ny = d > 0 ? ddy / d : 0;
  return { lower: d - (radialAlong(a, nx, ny) + radialAlong(b, nx, ny)), upper: d - (inradius(a) + inradius(b)) };
}

/**
 * The signed gap when it might be at most `limit` (+0.05"); otherwise a cheap lower bound that is
 * already beyond it. For "is it within X?" questions, where the exact oval search would be wasted
 * on bases that are clearly far apart.
 */
export function gapUpTo(a: Shape, b: Shape, limit: number): number {
  if (a.kind === "circle" && b.kind === "circle") return signedGap(a, b);
  const { lower } = gapBounds(a, b);
  return lower > limit + 0.05 ? lower : signedGap(a, b);
}
