import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { coherencyOf, coherencyProbe } from "../../../shared/board/coherency";
import { signedGap } from "../../../shared/geometry/gap";
import { circle, ellipse, type Shape } from "../../../shared/geometry/shape";
import { within, type Tri } from "../../../shared/geometry/tolerance";
import { createRng } from "../../helpers/prng";

const RULE = { near: 2, far: 9 };
const R = 32 / 2 / 25.4; // a 32 mm base
/** Three bases in a row, each 1.5" edge to edge from the next. */
const row = [circle({ x: 0, y: 0 }, R), circle({ x: 1.5 + 2 * R, y: 0 }, R), circle({ x: 3 + 4 * R, y: 0 }, R)];

describe("coherency (03.03)", () => {
  it('a row with 1.5" gaps is coherent; a model 2.5" from all others is not', () => {
    assert.deepEqual(coherencyOf(row, RULE), { ok: "yes", culprit: undefined, other: undefined });
    const apart = [...row, circle({ x: 0, y: 2.5 + 2 * R }, R)];
    assert.equal(coherencyOf(apart, RULE).ok, "no");
    assert.equal(coherencyOf(apart, RULE).culprit, 3);
  });
  it('every model must be within 9" of every other', () => {
    const chain = Array.from({ length: 8 }, (_, i) => circle({ x: i * (1.9 + 2 * R), y: 0 }, R));
    const c = coherencyOf(chain, RULE);
    assert.equal(c.ok, "no");
    assert.notEqual(c.other, undefined);
  });
  it("a gap inside the tolerance is borderline", () => {
    const pair = [circle({ x: 0, y: 0 }, R), circle({ x: 2.005 + 2 * R, y: 0 }, R)];
    assert.equal(coherencyOf(pair, RULE).ok, "border");
  });
});

/** coherencyOf as the rule reads, every ordered pair measured exactly: what the cheap bounds must reproduce. */
function exactCoherency(shapes: readonly Shape[], rule: { near: number; far?: number }): { ok: Tri; culprit?: number; other?: number } {
  if (shapes.length <= 1) return { ok: "yes" };
  let worst: Tri = "yes";
  let culprit: number | undefined;
  let other: number | undefined;
  const note = (t: Tri, i: number, j?: number) => {
    if ((t === "no" && worst !== "no") || (t === "border" && worst === "yes")) [worst, culprit, other] = [t, i, j];
  };
  shapes.forEach((a, i) => {
    let yes = 0;
    let border = 0;
    shapes.forEach((b, j) => {
      if (i === j) return;
      const g = signedGap(a, b);
      const near = within(g, rule.near);
      if (near === "yes") yes++;
      else if (near === "border") border++;
      if (rule.far !== undefined && within(g, rule.far) !== "yes") note(within(g, rule.far), i, j);
    });
    note(yes >= 1 ? "yes" : yes + border >= 1 ? "border" : "no", i);
  });
  return { ok: worst, culprit, other };
}

describe("coherency from the cheap bounds", () => {
  it("answers what measuring every pair exactly answers, for 3,000 units of ovals and discs, many at the tolerances", () => {
    const rng = createRng(1203);
    const seen = new Map<Tri, number>();
    for (let k = 0; k < 3000; k++) {
      const count = 2 + Math.floor(rng() * 9);
      const spread = 3 + rng() * 9;
      const shapes = Array.from({ length: count }, (_, i): Shape => {
        const c = { x: rng() * spread, y: rng() * spread };
        if (rng() < 0.25) return circle(c, 0.5 + rng());
        const a = 0.5 + rng() * 1.2;
        return ellipse(c, a, a * (0.4 + rng() * 0.6), rng() * 2 * Math.PI + i);
      });
      // Half the units get a pair set at a tolerance: 2" or 9" apart along the line of centres, give or take 0.015".
      if (k % 2 === 0) {
        const [a, b] = [shapes[0], shapes[1]];
        const target = (rng() < 0.5 ? 2 : 9) + (rng() - 0.5) * 0.03;
        const d = Math.hypot(b.c.x - a.c.x, b.c.y - a.c.y) || 1;
        const g = signedGap(a, b);
        const scale = (d + target - g) / d;
        const moved = { x: a.c.x + (b.c.x - a.c.x) * scale, y: a.c.y + (b.c.y - a.c.y) * scale };
        shapes[1] = b.kind === "circle" ? circle(moved, b.r) : ellipse(moved, b.a, b.b, b.theta);
      }
      const rule = k % 3 === 0 ? { near: 2 } : RULE;
      const mine = coherencyOf(shapes, rule);
      assert.deepEqual(mine, exactCoherency(shapes, rule), `unit ${k}: ${JSON.stringify(shapes)}`);
      seen.set(mine.ok, (seen.get(mine.ok) ?? 0) + 1);
    }
    // Every answer came up many times, borderline ones included.
    for (const t of ["yes", "no", "border"] as const) assert.ok((seen.get(t) ?? 0) > 50, `${t}: ${seen.get(t)}`);
  });
});

describe("coherencyProbe", () => {
  const probe = coherencyProbe(row, RULE);
  it("accepts moving an end model to another spot next to the row", () => {
    assert.equal(probe(2, circle({ x: 1.5 + 2 * R, y: 1.5 + 2 * R }, R)), true);
  });
  it("rejects moving the middle model beside the first: the last model relied on it alone", () => {
    // At the new spot the middle model has a neighbour (the first), but the last has none left.
    assert.equal(probe(1, circle({ x: 0, y: 1.5 + 2 * R }, R)), false);
    assert.equal(probe(1, circle({ x: 1.5 + 2 * R, y: 0.5 }, R)), true);
  });
  it('rejects a spot with no neighbour within 2"', () => {
    assert.equal(probe(2, circle({ x: 3 + 4 * R, y: 2.2 + 2 * R }, R)), false);
  });
  it("is false for every spot when the unit is not coherent to begin with", () => {
    const broken = coherencyProbe([row[0], circle({ x: 10, y: 0 }, R)], RULE);
    assert.equal(broken(1, circle({ x: 1 + 2 * R, y: 0 }, R)), false);
  });
});
