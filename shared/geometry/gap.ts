import type { Vec } from "../model/scenario";
import { goldenMin, type GoldenBracket } from "./golden";
import { circle, inradius, radial, type Shape } from "./shape";

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
// semi-axes with the cosine and sine of the long axis' angle.
let dx = 0;
let dy = 0;
let aRound = true;
let aR = 0;
let aA2 = 0;
let aB2 = 0;
let aCt = 1;
let aSt = 0;
let bRound = true;
let bR = 0;
let bA2 = 0;
let bB2 = 0;
let bCt = 1;
let bSt = 0;
const samples = new Float64Array(SAMPLES);
/** The angle at which the last maxSeparation found its maximum. */
let bestPhi = 0;

function load(a: Shape, b: Shape): void {
  dx = b.c.x - a.c.x;
  dy = b.c.y - a.c.y;
  aRound = a.kind === "circle";
  if (a.kind === "circle") {
    aR = a.r;
  } else {
    aA2 = a.a * a.a;
    aB2 = a.b * a.b;
    aCt = Math.cos(a.theta);
    aSt = Math.sin(a.theta);
  }
  bRound = b.kind === "circle";
  if (b.kind === "circle") {
    bR = b.r;
  } else {
    bA2 = b.a * b.a;
    bB2 = b.b * b.b;
    bCt = Math.cos(b.theta);
    bSt = Math.sin(b.theta);
  }
}

/** g for the loaded pair at unit normal (nx, ny). */
function g(nx: number, ny: number): number {
  let ra = aR;
  if (!aRound) {
    const u = nx * aCt + ny * aSt;
    const v = ny * aCt - nx * aSt;
    ra = Math.sqrt(aA2 * u * u + aB2 * v * v);
  }
  let rb = bR;
  if (!bRound) {
    const u = nx * bCt + ny * bSt;
    const v = ny * bCt - nx * bSt;
    rb = Math.sqrt(bA2 * u * u + bB2 * v * v);
  }
  return dx * nx + dy * ny - ra - rb;
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
  bestPhi = 0;
  for (let k = 0; k < SAMPLES; k++) {
    const v = samples[k];
    const prev = samples[(k + SAMPLES - 1) % SAMPLES];
    const next = samples[(k + 1) % SAMPLES];
    if (v > best) {
      best = v;
      bestPhi = k * STEP;
    }
    // Only local maxima are refined (a flat run of equal samples has nothing to refine).
    if (v < prev || v < next || (v === prev && v === next)) continue;
    // The maximum of g is the minimum of -g: negation is exact, so the search is the same.
    const found = goldenMin(negGPhi, (k - 1) * STEP, (k + 1) * STEP, ANGLE_TOL, bracket);
    if (-found.f1 > best) {
      best = -found.f1;
      bestPhi = found.x1;
    }
    if (-found.f2 > best) {
      best = -found.f2;
      bestPhi = found.x2;
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
  if (a.kind === "circle" && b.kind === "circle") return Math.hypot(b.c.x - a.c.x, b.c.y - a.c.y) - (a.r + b.r);
  if (comesAfter(a, b)) load(b, a);
  else load(a, b);
  return maxSeparation();
}

/** The signed gap from `a` to `b` and the axis it is measured along (swapping the arguments flips the axis). */
export function separation(a: Shape, b: Shape): Separation {
  if (a.kind === "circle" && b.kind === "circle") {
    const ddx = b.c.x - a.c.x;
    const ddy = b.c.y - a.c.y;
    const d = Math.hypot(ddx, ddy);
    return { gap: d - (a.r + b.r), axis: d > 0 ? { x: ddx / d, y: ddy / d } : { x: 1, y: 0 } };
  }
  const swap = comesAfter(a, b);
  if (swap) load(b, a);
  else load(a, b);
  const gap = maxSeparation();
  const sign = swap ? -1 : 1;
  return { gap, axis: { x: sign * Math.cos(bestPhi), y: sign * Math.sin(bestPhi) } };
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
  const d = Math.hypot(ddx, ddy);
  const n = d > 0 ? { x: ddx / d, y: ddy / d } : { x: 1, y: 0 };
  return { lower: d - (radial(a, n) + radial(b, n)), upper: d - (inradius(a) + inradius(b)) };
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
