/** Golden-section search, the one both the signed gap (geometry/gap.ts) and swept paths (geometry/path.ts) use. */

const INV_PHI = (Math.sqrt(5) - 1) / 2;

/** The two inner points a search ends on, and the values there (written into by `goldenMin`). */
export interface GoldenBracket {
  x1: number;
  f1: number;
  x2: number;
  f2: number;
}

/**
 * Narrows [lo, hi] around the minimum of a function `f` that is unimodal there, until the bracket
 * is no wider than `tol`, and returns its two inner points. `stop(f1, f2, width)` is asked before
 * each narrowing; when it answers true the search ends there (for callers that only need to know
 * which side of a threshold the minimum lies on). Ties move the upper end, so the search is the
 * same whichever of two equal values it meets. The result is written into `out` (and returned), so
 * the signed gap's hot loop allocates nothing.
 */
export function goldenMin(
  f: (x: number) => number,
  lo: number,
  hi: number,
  tol: number,
  out: GoldenBracket,
  stop?: (f1: number, f2: number, width: number) => boolean,
): GoldenBracket {
  let x1 = hi - INV_PHI * (hi - lo);
  let x2 = lo + INV_PHI * (hi - lo);
  let f1 = f(x1);
  let f2 = f(x2);
  while (hi - lo > tol) {
    if (stop !== undefined && stop(f1, f2, hi - lo)) break;
    if (f1 > f2) {
      lo = x1;
      x1 = x2;
      f1 = f2;
      x2 = lo + INV_PHI * (hi - lo);
      f2 = f(x2);
    } else {
      hi = x2;
      x2 = x1;
      f2 = f1;
      x1 = hi - INV_PHI * (hi - lo);
      f1 = f(x1);
    }
  }
  out.x1 = x1;
  out.f1 = f1;
  out.x2 = x2;
  out.f2 = f2;
  return out;
}
