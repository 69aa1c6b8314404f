import { gapBounds, signedGap } from "../geometry/gap";
import type { Shape } from "../geometry/shape";
import { within, type Tri } from "../geometry/tolerance";

/**
 * Coherency: every model within `near` of at least one other model of its unit (two others in
 * units of `twoNeighboursFrom` models or more, 10th edition), and within `far` of every other
 * model when the system has that test (11th edition 03.03: 9").
 */
export interface CoherencyRule {
  readonly near: number;
  readonly far?: number;
  readonly twoNeighboursFrom?: number;
}

/**
 * The near and far tests of two bases (symmetric in them). Each is settled from the cheap bounds
 * on the gap when both bounds give the same answer (`within` is monotone, so every gap between
 * them would too); the exact gap, an oval search, is measured only when one is left open.
 */
function pairTri(a: Shape, b: Shape, rule: CoherencyRule): PairTri {
  const { lower, upper } = gapBounds(a, b);
  const near = settled(lower, upper, rule.near);
  const far = rule.far === undefined ? "yes" : settled(lower, upper, rule.far);
  if (near !== undefined && far !== undefined) return { near, far };
  const g = signedGap(a, b);
  return { near: near ?? within(g, rule.near), far: far ?? within(g, rule.far!) };
}

interface PairTri {
  readonly near: Tri;
  readonly far: Tri;
}

/** `within(gap, limit)` for every gap in [lower, upper], or undefined when the bounds leave it open. */
function settled(lower: number, upper: number, limit: number): Tri | undefined {
  const t = within(upper, limit);
  return t === within(lower, limit) ? t : undefined;
}

/** How many neighbours within `near` each model of a unit of `count` models needs. */
export function neighboursNeeded(count: number, rule: CoherencyRule): number {
  return rule.twoNeighboursFrom !== undefined && count >= rule.twoNeighboursFrom ? 2 : 1;
}

/** "yes" when `yes` clear neighbours suffice, "border" when borderline ones make up the count. */
function enough(yes: number, border: number, need: number): Tri {
  return yes >= need ? "yes" : yes + border >= need ? "border" : "no";
}

/**
 * Coherency of a unit's bases: the worst answer over every model and, when it is not "yes",
 * the index of a model that fails (and of the model it is too far from, for the `far` test).
 */
export function coherencyOf(shapes: readonly Shape[], rule: CoherencyRule): { ok: Tri; culprit?: number; other?: number } {
  if (shapes.length <= 1) return { ok: "yes" };
  const need = neighboursNeeded(shapes.length, rule);
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
  // Each pair once: the tests are symmetric.
  const n = shapes.length;
  const pairs: PairTri[] = new Array(n * n);
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) pairs[i * n + j] = pairs[j * n + i] = pairTri(shapes[i], shapes[j], rule);
  for (let i = 0; i < n; i++) {
    let yes = 0;
    let border = 0;
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      const t = pairs[i * n + j];
      if (t.near === "yes") yes++;
      else if (t.near === "border") border++;
      if (t.far !== "yes") note(t.far, i, j);
    }
    note(enough(yes, border, need), i);
  }
  return { ok: worst, culprit, other };
}

/**
 * For witness searches: "is the unit, as these shapes stand, still clearly coherent with model i
 * placed at `shape` instead?" The unit's own test runs once, on the first probe (most moves never
 * need one); each probe then costs O(k).
 */
export function coherencyProbe(shapes: readonly Shape[], rule: CoherencyRule): CoherencyProbe<number> {
  const snapshot = [...shapes];
  const need = neighboursNeeded(snapshot.length, rule);
  let neighbours: number[][] | undefined;
  let coherent: boolean | undefined;
  const possible = (): boolean => (coherent ??= coherencyOf(snapshot, rule).ok === "yes");
  const probe = (i: number, shape: Shape): boolean => {
    if (!possible() || i < 0) return false;
    neighbours ??= snapshot.map((s, a) => snapshot.flatMap((t, b) => (a !== b && pairTri(s, t, rule).near === "yes" ? [b] : [])));
    if (snapshot.length <= 1) return true;
    let mine = 0;
    for (let j = 0; j < snapshot.length; j++) {
      if (j === i) continue;
      const t = pairTri(shape, snapshot[j], rule);
      if (t.far !== "yes") return false;
      const close = t.near === "yes";
      if (close) mine++;
      // j keeps its other clear neighbours, loses i unless i is still close.
      const kept = neighbours[j].filter((k) => k !== i).length + (close ? 1 : 0);
      if (kept < need) return false;
    }
    return mine >= need;
  };
  return Object.assign(probe, { possible });
}

/**
 * A coherency probe: `probe(i, shape)` as above, and `possible()`, false when the unit as it stands
 * is not clearly coherent, so that every probe answers false (a search can skip its candidates).
 */
export type CoherencyProbe<K> = ((key: K, shape: Shape) => boolean) & { readonly possible: () => boolean };
