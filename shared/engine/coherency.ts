import { gapBounds, gapUpTo } from "../geometry/gap";
import type { Shape } from "../geometry/shape";
import { TAU, within, type Tri } from "../geometry/tolerance";

/** Coherency distances: within `near` of at least one other model, within `far` of all (03.03). */
export interface CoherencyRule {
  readonly near: number;
  readonly far: number;
}

function better(a: Tri, b: Tri): Tri {
  return a === "yes" || b === "yes" ? "yes" : a === "border" || b === "border" ? "border" : "no";
}

/** Is the pair clearly within `near`? Settled by the cheap upper bound when possible. */
function nearTri(a: Shape, b: Shape, rule: CoherencyRule): { near: Tri; far: Tri } {
  if (gapBounds(a, b).upper <= rule.near - TAU) return { near: "yes", far: "yes" };
  const g = gapUpTo(a, b, rule.far);
  return { near: within(g, rule.near), far: within(g, rule.far) };
}

/**
 * Coherency of a unit's bases: the worst answer over every model and, when it is not "yes",
 * the index of a model that fails (and of the model it is too far from, for the `far` test).
 */
export function coherencyOf(shapes: readonly Shape[], rule: CoherencyRule): { ok: Tri; culprit?: number; other?: number } {
  if (shapes.length <= 1) return { ok: "yes" };
  let worst: Tri = "yes";
  let culprit: number | undefined;
  let other: number | undefined;
  const note = (t: Tri, i: number, j?: number) => {
    if ((t === "no" && worst !== "no") || (t === "border" && worst === "yes")) {
      worst = t;
      culprit = i;
      other = j;
    }
  };
  for (let i = 0; i < shapes.length; i++) {
    let best: Tri = "no";
    for (let j = 0; j < shapes.length; j++) {
      if (i === j) continue;
      const t = nearTri(shapes[i], shapes[j], rule);
      best = better(best, t.near);
      if (t.far !== "yes") note(t.far, i, j);
    }
    note(best, i);
  }
  return { ok: worst, culprit, other };
}

/**
 * For witness searches: "is the unit, as these shapes stand, still clearly coherent with model i
 * placed at `shape` instead?" The unit's own test runs once, on the first probe (most moves never
 * need one); each probe then costs O(k).
 */
export function coherencyProbe(shapes: readonly Shape[], rule: CoherencyRule): (i: number, shape: Shape) => boolean {
  const snapshot = [...shapes];
  let neighbours: number[][] | undefined;
  let coherent = false;
  return (i, shape) => {
    if (!neighbours) {
      coherent = coherencyOf(snapshot, rule).ok === "yes";
      neighbours = snapshot.map((s, a) => snapshot.flatMap((t, b) => (a !== b && nearTri(s, t, rule).near === "yes" ? [b] : [])));
    }
    if (!coherent || i < 0) return false;
    if (snapshot.length <= 1) return true;
    let hasNeighbour = false;
    for (let j = 0; j < snapshot.length; j++) {
      if (j === i) continue;
      const t = nearTri(shape, snapshot[j], rule);
      if (t.far !== "yes") return false;
      if (t.near === "yes") hasNeighbour = true;
      else if (neighbours[j].every((k) => k === i)) return false; // j relied on model i alone
    }
    return hasNeighbour;
  };
}
