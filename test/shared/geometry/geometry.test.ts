import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Vec } from "../../../shared/model/scenario";
import { offBoardBy } from "../../../shared/geometry/board";
import { discGap, gapBounds, separation, signedGap } from "../../../shared/geometry/gap";
import { detourLowerBound, pathLength, sweptGap, sweptShapeGap } from "../../../shared/geometry/path";
import { circle, circumradius, ellipse, inradius, shapeOf, support, touchingCentre, withCentre, withFacing, type Shape } from "../../../shared/geometry/shape";
import { closer, overlaps, TAU_O, within } from "../../../shared/geometry/tolerance";
import { add, fromAngle, lerp, scale } from "../../../shared/geometry/vec";
import { createRng } from "../../helpers/prng";

// ---- An independent reference: primal distances from Eberly's robust point-to-ellipse distance.

/** Distance from (y0, y1), y0, y1 >= 0, to the ellipse with semi-axes e0 >= e1 (Eberly's bisection). */
function pointEllipse(e0: number, e1: number, y0: number, y1: number): number {
  if (y1 > 0) {
    if (y0 > 0) {
      const z0 = y0 / e0;
      const z1 = y1 / e1;
      let g = z0 * z0 + z1 * z1 - 1;
      if (g === 0) return 0;
      const r0 = (e0 / e1) ** 2;
      const n0 = r0 * z0;
      let s0 = z1 - 1;
      let s1 = g < 0 ? 0 : Math.hypot(n0, z1) - 1;
      let s = 0;
      for (let i = 0; i < 2000; i++) {
        s = (s0 + s1) / 2;
        if (s === s0 || s === s1) break;
        const q0 = n0 / (s + r0);
        const q1 = z1 / (s + 1);
        g = q0 * q0 + q1 * q1 - 1;
        if (g > 0) s0 = s;
        else if (g < 0) s1 = s;
        else break;
      }
      return Math.hypot((r0 * y0) / (s + r0) - y0, y1 / (s + 1) - y1);
    }
    return Math.abs(y1 - e1);
  }
  const numer0 = e0 * y0;
  const denom0 = e0 * e0 - e1 * e1;
  if (numer0 < denom0) {
    const x = numer0 / denom0;
    return Math.hypot(e0 * x - y0, e1 * Math.sqrt(1 - x * x));
  }
  return Math.abs(y0 - e0);
}

/** Signed distance from point p to the footprint (negative inside). */
function signedPointDistance(s: Shape, p: Vec): number {
  if (s.kind === "circle") return Math.hypot(p.x - s.c.x, p.y - s.c.y) - s.r;
  const dx = p.x - s.c.x;
  const dy = p.y - s.c.y;
  const u = dx * Math.cos(s.theta) + dy * Math.sin(s.theta);
  const v = -dx * Math.sin(s.theta) + dy * Math.cos(s.theta);
  const d = pointEllipse(s.a, s.b, Math.abs(u), Math.abs(v));
  return (u / s.a) ** 2 + (v / s.b) ** 2 < 1 ? -d : d;
}

/** The boundary point of a footprint at parameter t. */
function boundary(s: Shape, t: number): Vec {
  if (s.kind === "circle") return add(s.c, scale(fromAngle(t), s.r));
  const u = s.a * Math.cos(t);
  const v = s.b * Math.sin(t);
  return { x: s.c.x + u * Math.cos(s.theta) - v * Math.sin(s.theta), y: s.c.y + u * Math.sin(s.theta) + v * Math.cos(s.theta) };
}

/** min over the boundary of a of the signed distance to b: the distance when apart, < 0 when a's edge enters b. */
function primalGap(a: Shape, b: Shape): number {
  const n = 720;
  const f = (t: number): number => signedPointDistance(b, boundary(a, t));
  const v = Array.from({ length: n }, (_, k) => f((2 * Math.PI * k) / n));
  const order = v.map((x, k) => [x, k]).sort((p, q) => p[0] - q[0]);
  let best = order[0][0];
  for (const [, k] of order.slice(0, 4)) {
    let lo = (2 * Math.PI * (k - 1)) / n;
    let hi = (2 * Math.PI * (k + 1)) / n;
    while (hi - lo > 1e-13) {
      const m1 = lo + (hi - lo) / 3;
      const m2 = hi - (hi - lo) / 3;
      if (f(m1) < f(m2)) hi = m2;
      else lo = m1;
    }
    best = Math.min(best, f((lo + hi) / 2));
  }
  return best;
}

/** Do the two footprints intersect (primal test: an edge point inside the other, or containment)? */
function intersects(a: Shape, b: Shape): boolean {
  if (signedPointDistance(a, b.c) < 0) return true;
  // A sampled edge point inside b already proves it; only near-touching cases need the full search.
  for (let k = 0; k < 360; k++) if (signedPointDistance(b, boundary(a, (Math.PI * k) / 180)) < 0) return true;
  return primalGap(a, b) < 0;
}

const OVALS: readonly [number, number][] = [
  [60, 35],
  [75, 42],
  [90, 52],
  [105, 70],
  [120, 92],
  [150, 95],
  [170, 109],
  [170, 40],
];
const ROUNDS = [25, 28.5, 32, 40, 50, 60, 80, 100, 130, 160];

function randomShape(r: () => number, c: Vec): Shape {
  if (r() < 0.3) return shapeOf({ kind: "round", diameterMm: ROUNDS[Math.floor(r() * ROUNDS.length)] }, c, 0);
  const [l, w] = OVALS[Math.floor(r() * OVALS.length)];
  return shapeOf({ kind: "oval", lengthMm: l, widthMm: w }, c, r() * 360);
}

/** Random pairs with at least one oval, b placed along a random direction at a gap from `gapOf`. */
function pairs(seed: number, count: number, gapOf: (r: () => number) => number): [Shape, Shape][] {
  const r = createRng(seed);
  const out: [Shape, Shape][] = [];
  while (out.length < count) {
    const a = randomShape(r, { x: 20 * r(), y: 20 * r() });
    const b0 = randomShape(r, { x: 0, y: 0 });
    if (a.kind === "circle" && b0.kind === "circle") continue;
    const n = fromAngle(r() * 2 * Math.PI);
    out.push([a, withCentre(b0, touchingCentre(a, b0, n, gapOf(r)))]);
  }
  return out;
}

describe("tolerance", () => {
  it("within is yes up to limit - tau, border to limit + tau, no beyond", () => {
    assert.equal(within(1.99, 2), "yes");
    assert.equal(within(1.995, 2), "border");
    assert.equal(within(2.01, 2), "border");
    assert.equal(within(2.0101, 2), "no");
    assert.equal(within(2, 2, 0), "yes");
    assert.equal(within(2.0000000000000004, 2, 0), "yes");
    assert.equal(within(2.000001, 2, 0), "no");
  });
  it("closer is yes only below d0 - tau, no from d0 + tau", () => {
    assert.equal(closer(3, 2.98), "yes");
    assert.equal(closer(3, 2.99), "border");
    assert.equal(closer(3, 3), "border");
    assert.equal(closer(3, 3.01), "no");
    assert.equal(closer(3, 3, 0), "no");
    assert.equal(closer(3, 2.999999, 0), "yes");
  });
  it("the overlap threshold", () => {
    assert.equal(overlaps(-0.01), false);
    assert.equal(overlaps(-0.0101), true);
  });
});

describe("shapes", () => {
  it("builds circles and ovals from bases in inches", () => {
    assert.deepEqual(shapeOf({ kind: "round", diameterMm: 32 }, { x: 1, y: 2 }, 45), { kind: "circle", c: { x: 1, y: 2 }, r: 16 / 25.4 });
    assert.deepEqual(shapeOf({ kind: "oval", lengthMm: 60, widthMm: 35 }, { x: 0, y: 0 }, 90), {
      kind: "ellipse",
      c: { x: 0, y: 0 },
      a: 30 / 25.4,
      b: 17.5 / 25.4,
      theta: Math.PI / 2,
    });
    assert.deepEqual(shapeOf({ kind: "oval", lengthMm: 50, widthMm: 50 }, { x: 0, y: 0 }, 30), { kind: "circle", c: { x: 0, y: 0 }, r: 25 / 25.4 });
    const wide = shapeOf({ kind: "oval", lengthMm: 35, widthMm: 60 }, { x: 0, y: 0 }, 0);
    assert.equal(wide.kind === "ellipse" && wide.a === 30 / 25.4 && wide.theta === Math.PI / 2, true);
  });
  it("support, radii, facing and centre", () => {
    const e = ellipse({ x: 5, y: 7 }, 2, 1, Math.PI / 2);
    assert.ok(Math.abs(support(e, { x: 0, y: 1 }) - 9) < 1e-12);
    assert.ok(Math.abs(support(e, { x: 1, y: 0 }) - 6) < 1e-12);
    assert.ok(Math.abs(support(e, { x: -1, y: 0 }) + 4) < 1e-12);
    assert.equal(inradius(e), 1);
    assert.equal(circumradius(e), 2);
    assert.equal(support(withFacing(e, 0), { x: 1, y: 0 }), 7);
    assert.deepEqual(withCentre(e, { x: 1, y: 1 }).c, { x: 1, y: 1 });
    assert.equal(withFacing(circle({ x: 0, y: 0 }, 1), 90).kind, "circle");
  });
  it("touchingCentre places the moving base at exactly the requested gap", () => {
    const r = createRng(7);
    for (let i = 0; i < 300; i++) {
      const a = randomShape(r, { x: 10, y: 10 });
      const m = randomShape(r, { x: 0, y: 0 });
      const g = r() * 3;
      const placed = withCentre(m, touchingCentre(a, m, fromAngle(r() * 7), g));
      assert.ok(Math.abs(signedGap(a, placed) - g) < 1e-12, `pair ${i}`);
    }
  });
});

describe("signedGap", () => {
  it("circle pairs are exact: apart, touching, overlapping, concentric", () => {
    const a = circle({ x: 0, y: 0 }, 1);
    assert.equal(signedGap(a, circle({ x: 3, y: 4 }, 1.5)), 2.5);
    assert.equal(signedGap(a, circle({ x: 2, y: 0 }, 1)), 0);
    assert.equal(signedGap(a, circle({ x: 1.5, y: 0 }, 1)), -0.5);
    assert.equal(signedGap(a, circle({ x: 0, y: 0 }, 0.5)), -1.5);
    assert.equal(discGap(a, { x: 0, y: 10 }, 20 / 25.4), 9 - 20 / 25.4);
  });
  it("ellipse cases with closed forms: along the axes", () => {
    const e = ellipse({ x: 0, y: 0 }, 2, 1, 0);
    assert.ok(Math.abs(signedGap(e, circle({ x: 5, y: 0 }, 1)) - 2) < 1e-12);
    assert.ok(Math.abs(signedGap(e, circle({ x: 0, y: 5 }, 1)) - 3) < 1e-12);
    assert.ok(Math.abs(signedGap(e, ellipse({ x: 0, y: 3 }, 2, 1, 0)) - 1) < 1e-12);
    assert.ok(Math.abs(signedGap(e, ellipse({ x: 6, y: 0 }, 2, 1, Math.PI / 2)) - 3) < 1e-12);
    // Overlapping along the minor axis by 0.5: the cheapest way out is 0.5 along y.
    assert.ok(Math.abs(signedGap(e, ellipse({ x: 0, y: 1.5 }, 2, 1, 0)) + 0.5) < 1e-12);
  });
  it("matches the primal reference on apart pairs (to 1e-11; the brief asks 1e-9)", () => {
    for (const [a, b] of pairs(1, 400, (r) => 0.001 + 6 * r() * r())) {
      const ref = primalGap(a, b);
      assert.ok(Math.abs(signedGap(a, b) - ref) < 1e-11, `${signedGap(a, b)} vs ${ref}`);
    }
  });
  it("matches the primal reference in near contact (gaps 1e-6 to 1e-3) to 1e-11", () => {
    for (const [a, b] of pairs(2, 300, (r) => 10 ** (-6 + 3 * r()))) {
      const ref = primalGap(a, b);
      const g = signedGap(a, b);
      assert.ok(Math.abs(g - ref) < 1e-11, `${g} vs ${ref}`);
      assert.ok(g > 0);
    }
  });
  it("overlap: -signedGap is the penetration depth (separates along its axis, no shorter way out)", () => {
    const dirs = Array.from({ length: 180 }, (_, k) => fromAngle((2 * Math.PI * k) / 180));
    for (const [a, b] of pairs(3, 25, (r) => -0.02 - 0.8 * r())) {
      const { gap, axis } = separation(a, b);
      assert.ok(gap < 0);
      assert.ok(intersects(a, b));
      // Pushing b out by depth + 1e-4 along the axis leaves exactly 1e-4 between them.
      const out = withCentre(b, add(b.c, scale(axis, -gap + 1e-4)));
      assert.ok(Math.abs(primalGap(a, out) - 1e-4) < 1e-8, `separated ${primalGap(a, out)}`);
      // Pushing it depth - 1e-4 any other way leaves them still overlapping.
      for (const d of dirs) assert.ok(intersects(a, withCentre(b, add(b.c, scale(d, -gap - 1e-4)))));
    }
  });
  it("is exactly symmetric and invariant under a half turn of the whole scene", () => {
    for (const [a, b] of pairs(4, 500, (r) => -0.5 + 2 * r())) {
      const g = signedGap(a, b);
      assert.equal(signedGap(b, a), g);
      const turn = (s: Shape): Shape => {
        const c = { x: -s.c.x, y: -s.c.y };
        return s.kind === "circle" ? circle(c, s.r) : ellipse(c, s.a, s.b, s.theta + Math.PI);
      };
      assert.ok(Math.abs(signedGap(turn(a), turn(b)) - g) < 1e-12);
    }
  });
  it("measures a circle pair's centres as Math.hypot does, to the last bit but one, also where the squares overflow or underflow", () => {
    // The centre distance is sqrt(dx² + dy²), Math.hypot only where the squares leave the doubles
    // (hypot boxes its result: a tenth of what a replay allocated).
    const rng = createRng(1206);
    let differ = 0;
    for (let k = 0; k < 20_000; k++) {
      const [ra, rb] = [0.5 + rng(), 0.5 + rng()];
      const a = circle({ x: rng() * 60, y: rng() * 44 }, ra);
      const b = circle({ x: rng() * 60, y: rng() * 44 }, rb);
      const d = Math.hypot(b.c.x - a.c.x, b.c.y - a.c.y);
      const g = signedGap(a, b);
      const want = d - (ra + rb);
      if (g !== want) differ++;
      assert.ok(Math.abs(g - want) <= 2 * Number.EPSILON * Math.max(1, d), `${g} vs ${want}`);
      const { lower, upper } = gapBounds(a, b);
      assert.equal(lower, g);
      assert.equal(upper, g);
      assert.equal(separation(a, b).gap, g);
    }
    assert.ok(differ < 20_000 / 2, `${differ} of 20,000 differ in the last bit`);
    // 1e200" apart: the squares overflow, the distance does not.
    const far = circle({ x: 3e200, y: 4e200 }, 1);
    const origin = circle({ x: 0, y: 0 }, 1);
    assert.equal(signedGap(origin, far), Math.hypot(3e200, 4e200) - 2);
    assert.equal(gapBounds(origin, far).lower, Math.hypot(3e200, 4e200) - 2);
    assert.ok(Number.isFinite(signedGap(origin, far)));
    // 1e-200" apart: the squares underflow to 0, the distance does not.
    const near = circle({ x: 3e-200, y: 4e-200 }, 0);
    assert.equal(signedGap(circle({ x: 0, y: 0 }, 0), near), Math.hypot(3e-200, 4e-200));
    assert.ok(signedGap(circle({ x: 0, y: 0 }, 0), near) > 0);
    assert.ok(Number.isNaN(signedGap(origin, circle({ x: NaN, y: 0 }, 1))));
  });
  it("stays within the in-circle / circum-circle bounds", () => {
    for (const [a, b] of pairs(5, 200, (r) => -0.5 + 2 * r())) {
      const g = signedGap(a, b);
      const { lower, upper } = gapBounds(a, b);
      assert.ok(lower <= g + 1e-12 && g <= upper + 1e-12);
    }
  });
});

describe("offBoardBy", () => {
  it("is the largest overhang past any edge, 0 on the board", () => {
    assert.equal(offBoardBy(circle({ x: 10, y: 10 }, 1), 44, 30), 0);
    assert.equal(offBoardBy(circle({ x: 1, y: 10 }, 1), 44, 30), 0);
    assert.equal(offBoardBy(circle({ x: 0.5, y: 10 }, 1), 44, 30), 0.5);
    assert.equal(offBoardBy(circle({ x: 10, y: 29.75 }, 1), 44, 30), 0.75);
    assert.equal(offBoardBy(circle({ x: 43.5, y: -0.25 }, 1), 44, 30), 1.25);
    assert.ok(Math.abs(offBoardBy(ellipse({ x: 43, y: 10 }, 1.5, 0.5, 0), 44, 30) - 0.5) < 1e-12);
    assert.equal(offBoardBy(ellipse({ x: 43, y: 10 }, 1.5, 0.5, Math.PI / 2), 44, 30), 0);
    assert.ok(Math.abs(offBoardBy(ellipse({ x: 10, y: 1 }, 1.5, 0.5, Math.PI / 2), 44, 30) - 0.5) < 1e-12);
  });
});

describe("paths", () => {
  it("pathLength sums straight segments", () => {
    assert.equal(
      pathLength({ x: 0, y: 0 }, [
        { x: 3, y: 4 },
        { x: 3, y: 10 },
      ]),
      11,
    );
    assert.equal(pathLength({ x: 1, y: 1 }, []), 0);
  });
  it("sweptGap detects a pass-through and measures a clear pass", () => {
    const m = shapeOf({ kind: "round", diameterMm: 32 }, { x: 0, y: 0 }, 0);
    const r = 16 / 25.4;
    const hit = sweptGap(m, { x: 0, y: 0 }, { x: 10, y: 0 }, circle({ x: 5, y: 0.5 }, r));
    assert.ok(Math.abs(hit - (0.5 - 2 * r)) < 1e-12 && hit < -TAU_O);
    assert.ok(Math.abs(sweptGap(m, { x: 0, y: 0 }, { x: 10, y: 0 }, circle({ x: 5, y: 2 }, r)) - (2 - 2 * r)) < 1e-12);
    // Past the end of the segment only the end point counts.
    assert.ok(Math.abs(sweptGap(m, { x: 0, y: 0 }, { x: 10, y: 0 }, circle({ x: 13, y: 4 }, r)) - (5 - 2 * r)) < 1e-12);
  });
  it("sweptGap uses the mover's in-circle; sweptShapeGap its footprint at a fixed facing", () => {
    const oval = shapeOf({ kind: "oval", lengthMm: 90, widthMm: 52 }, { x: 0, y: 0 }, 90);
    const big = ellipse({ x: 5, y: 3.5 }, 85 / 25.4, 54.5 / 25.4, 0);
    const from = { x: 0, y: 0 };
    const to = { x: 10, y: 0 };
    assert.ok(Math.abs(sweptGap(oval, from, to, big) - (3.5 - 54.5 / 25.4 - 26 / 25.4)) < 1e-9);
    assert.ok(Math.abs(sweptShapeGap(oval, from, to, big) - (3.5 - 54.5 / 25.4 - 45 / 25.4)) < 1e-9);
    assert.ok(sweptShapeGap(oval, from, to, big) < -TAU_O && sweptGap(oval, from, to, big) > 0);
  });
  it("sweptShapeGap agrees with dense sampling along the segment", () => {
    const r = createRng(11);
    for (let i = 0; i < 25; i++) {
      const m = randomShape(r, { x: 0, y: 0 });
      const o = randomShape(r, { x: 5 + 4 * r(), y: -2 + 4 * r() });
      const from = { x: 0, y: 4 * r() - 2 };
      const to = { x: 14, y: 4 * r() - 2 };
      let sampled = Infinity;
      for (let k = 0; k <= 4000; k++) sampled = Math.min(sampled, signedGap(withCentre(m, lerp(from, to, k / 4000)), o));
      const g = sweptShapeGap(m, from, to, o);
      // The gap is 1-Lipschitz in the centre, so the true minimum is within half a sample step
      // (about 0.0018") of the sampled one; the search must land between the two.
      const halfStep = Math.hypot(to.x - from.x, to.y - from.y) / 8000;
      assert.ok(g <= sampled + 1e-12 && g >= sampled - halfStep, `${g} vs ${sampled}`);
    }
  });
  it("detourLowerBound: tangent-arc-tangent when the segment crosses the disc", () => {
    const o = { x: 0, y: 0 };
    const near = (x: number, y: number): boolean => Math.abs(x - y) < 1e-12;
    assert.ok(near(detourLowerBound({ x: -2, y: 0 }, { x: 2, y: 0 }, o, 1), 2 * Math.sqrt(3) + Math.PI / 3));
    assert.ok(near(detourLowerBound({ x: -2, y: 0 }, { x: 2, y: 0 }, o, 1.5), 2 * Math.sqrt(1.75) + 1.5 * (Math.PI - 2 * Math.acos(0.75))));
    assert.ok(near(detourLowerBound({ x: -1, y: 0 }, { x: 1, y: 0 }, o, 1), Math.PI));
    const skew = 2.4 + Math.sqrt(0.76) + 1.8 * (Math.PI / 2 - Math.acos(0.6) - Math.acos(0.9));
    assert.ok(near(detourLowerBound({ x: -3, y: 0 }, { x: 0, y: 2 }, o, 1.8), skew));
    assert.ok(skew > Math.sqrt(13));
    // Missing the disc, or starting inside it: the straight distance.
    assert.ok(near(detourLowerBound({ x: -3, y: 0 }, { x: 0, y: 2 }, o, 1), Math.sqrt(13)));
    assert.equal(detourLowerBound({ x: -2, y: 2 }, { x: 2, y: 2 }, o, 1), 4);
    assert.equal(detourLowerBound({ x: -0.5, y: 0 }, { x: 2, y: 0 }, o, 1), 2.5);
    assert.equal(detourLowerBound({ x: -2, y: 0 }, { x: 0.5, y: 0 }, o, 1), 2.5);
  });
});
