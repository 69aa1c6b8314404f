/**
 * Tolerances (inches) and the three-valued comparisons. Every
 * comparison also allows EPS of floating-point slack so that a distance the scenario states
 * exactly (say 2" computed as 2.0000000000000004) lands on the side the author meant.
 */

/** Floating-point slack: far below any measurement, far above rounding error. */
export const EPS = 1e-9;
/** Input-measurement tolerance (about a quarter of a millimetre). */
export const TAU = 0.01;
/** Base contact: |gap| up to this counts as touching (about half a millimetre). */
export const TAU_C = 0.02;
/** Overlap: a gap below minus this is an illegal overlap. */
export const TAU_O = 0.01;
/** A model whose centre moved less than this (inches) did not move. */
export const MOVED = 0.005;
/** Safety margin for constructed witnesses (2 TAU). */
export const MARGIN = 0.02;

/** A three-valued answer: BORDER results never ground an error, at most a warning. */
export type Tri = "yes" | "no" | "border";

/**
 * Is distance `d` within `limit` ("not more than")? yes if d <= limit - tau, no if
 * d > limit + tau, border otherwise. With tau = 0 it is the exact rules meaning.
 */
export function within(d: number, limit: number, tau: number = TAU): Tri {
  if (d <= limit - tau + EPS) return "yes";
  if (d > limit + tau + EPS) return "no";
  return "border";
}

/**
 * Did a distance shrink from d0 to d1 ("ends closer")? yes if d1 < d0 - tau, no if
 * d1 >= d0 + tau, border otherwise. With tau = 0 there is no border: equal is not closer.
 */
export function closer(d0: number, d1: number, tau: number = TAU): Tri {
  if (d1 < d0 - tau - EPS) return "yes";
  if (d1 >= d0 + tau - EPS) return "no";
  return "border";
}

/** Illegal overlap: gap < -TAU_O. */
export function overlaps(gap: number): boolean {
  return gap < -TAU_O - EPS;
}
