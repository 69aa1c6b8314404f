import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Vec } from "../../../shared/model/scenario";
import { offBoardBy } from "../../../shared/geometry/board";
import { signedGap } from "../../../shared/geometry/gap";
import { sweptShapeGap } from "../../../shared/geometry/path";
import { circle, circumradius, shapeOf, withCentre, withFacing, type Shape } from "../../../shared/geometry/shape";
import { MARGIN, TAU_C } from "../../../shared/geometry/tolerance";
import { findWitness, type WitnessQuery } from "../../../shared/geometry/witness";
import { PATH_SLACK, pathContext, rotationClear } from "../../../shared/geometry/witness-spot";
import { dist, fromAngle } from "../../../shared/geometry/vec";
import { createRng } from "../../helpers/prng";

const R32 = 16 / 25.4;
const R40 = 20 / 25.4;
const BOARD = { width: 44, height: 30 };
const round = (c: Vec, r = R32): Shape => circle(c, r);
const oval = (c: Vec, facing: number, l = 60, w = 35): Shape => shapeOf({ kind: "oval", lengthMm: l, widthMm: w }, c, facing);

/** A query with no blockers that accepts everything, recording every accept() call. */
function query(over: Partial<WitnessQuery> & Pick<WitnessQuery, "moving" | "targets">): WitnessQuery & { calls: Vec[] } {
  const calls: Vec[] = [];
  const q = {
    start: over.moving.c,
    reach: 6 - MARGIN,
    rotate: true,
    goalGap: 0,
    blockers: [],
    board: BOARD,
    accept: (c: Vec) => (calls.push(c), true),
    ...over,
    calls,
  };
  if (over.accept) q.accept = (c: Vec, f: number) => (calls.push(c), over.accept!(c, f));
  return q;
}

const near = (a: Vec, b: Vec, eps = 1e-9): boolean => dist(a, b) < eps;

describe("findWitness: round bases", () => {
  it("finds the direct approach to a free contact spot, keeping the facing", () => {
    const q = query({ moving: round({ x: 10, y: 10 }), facingDeg: 45, targets: [round({ x: 14, y: 10 })] });
    const w = findWitness(q);
    assert.ok(w && near(w.centre, { x: 14 - 2 * R32, y: 10 }));
    assert.equal(w.facingDeg, 45);
    const g = signedGap(round(w.centre), q.targets[0]);
    assert.ok(g >= 0 && g <= TAU_C / 2);
    assert.equal(q.calls.length, 1);
  });

  it("stops at the goal gap for an engagement goal", () => {
    const q = query({ moving: round({ x: 10, y: 10 }), targets: [round({ x: 16, y: 10 })], goalGap: 2 - MARGIN, reach: 5 });
    const w = findWitness(q);
    assert.ok(w && near(w.centre, { x: 16 - (2 - MARGIN) - 2 * R32, y: 10 }));
  });

  it("honours accept(): returns the first accepted candidate, nearest first", () => {
    const q = query({ moving: round({ x: 10, y: 10 }), targets: [round({ x: 14, y: 10 })], accept: (c) => c.y < 9.5 });
    const w = findWitness(q);
    assert.ok(w && w.centre.y < 9.5);
    assert.deepEqual(q.calls.at(-1), w.centre);
    assert.ok(q.calls.slice(0, -1).every((c) => c.y >= 9.5));
    assert.ok(q.calls.length > 1);
  });

  it("gives up after maxCandidates accept() calls", () => {
    const q = query({ moving: round({ x: 10, y: 10 }), targets: [round({ x: 14, y: 10 })], accept: () => false, maxCandidates: 50 });
    assert.equal(findWitness(q), undefined);
    assert.equal(q.calls.length, 50);
  });

  it("finds nothing when every contact spot is blocked", () => {
    const t = { x: 10, y: 10 };
    // Six bases packed round the target leave no gap wide enough for a seventh.
    const ring = Array.from({ length: 6 }, (_, k) => round({ x: t.x + 2 * R32 * Math.cos((k * Math.PI) / 3), y: t.y + 2 * R32 * Math.sin((k * Math.PI) / 3) }));
    const q = query({ moving: round({ x: 6, y: 10 }), targets: [round(t)], blockers: ring, reach: 12 });
    assert.equal(findWitness(q), undefined);
    assert.equal(q.calls.length, 0);
  });

  it("finds the one spot between blockers just wide enough (narrower than a sample step)", () => {
    const t = { x: 10, y: 10 };
    const rho = 2 * R32;
    const at = (phi: number): Vec => ({ x: t.x + rho * Math.cos(phi), y: t.y + rho * Math.sin(phi) });
    // The free spot is at angle `axis` (half-way between two samples), 0.0004 rad either side:
    // blockers on the contact circle at axis +- (the angle where they just clear it + 0.0004).
    const axis = Math.PI / 360;
    const half = 2 * Math.asin((2 * R32 + MARGIN) / (2 * rho)) + 0.0004;
    const blockers = [axis - half, axis + half, axis + Math.PI, axis + Math.PI / 2, axis - Math.PI / 2].map((a) => round(at(a)));
    const start = { x: t.x + 4 * Math.cos(axis + 0.5), y: t.y + 4 * Math.sin(axis + 0.5) };
    const w = findWitness(query({ moving: round(start), targets: [round(t)], blockers, reach: 4 }));
    assert.ok(w && Math.abs(Math.atan2(w.centre.y - t.y, w.centre.x - t.x) - axis) <= 0.0004);
    assert.ok(Math.abs(dist(w.centre, t) - rho) < 1e-9);
    for (const b of blockers) assert.ok(signedGap(round(w.centre), b) >= MARGIN);
  });

  it("finds nothing out of reach", () => {
    const q = query({ moving: round({ x: 10, y: 10 }), targets: [round({ x: 20, y: 10 })], reach: 3 });
    assert.equal(findWitness(q), undefined);
    assert.equal(q.calls.length, 0);
  });

  it("routes round an enemy in the straight path, unless the path may cross it", () => {
    const target = round({ x: 10, y: 10 });
    const enemy = round({ x: 7.5, y: 10.6 }, 0.3);
    const from = { x: 5, y: 10 };
    const direct = { x: 10 - 2 * R32, y: 10 };
    const free = findWitness(query({ moving: round(from), targets: [target], blockers: [enemy], pathBlockers: [] }));
    assert.ok(free && near(free.centre, direct));
    const w = findWitness(query({ moving: round(from), targets: [target], blockers: [enemy] }));
    assert.ok(w && w.centre.y < 10 - 0.1);
    assert.ok(sweptShapeGap(round(from), from, w.centre, enemy) >= -PATH_SLACK);
    assert.ok(sweptShapeGap(round(from), from, w.centre, target) >= -PATH_SLACK);
  });

  it("never offers a position off the board", () => {
    // The target hugs the left edge; with the path free, only the board rules out its far side.
    const q = query({ moving: round({ x: 3.5, y: 10 }), targets: [round({ x: 1, y: 10 })], pathBlockers: [], accept: () => false, reach: 10 });
    assert.equal(findWitness(q), undefined);
    assert.ok(q.calls.length > 100);
    assert.ok(q.calls.every((c) => offBoardBy(round(c), 44, 30) === 0));
    assert.ok(Math.min(...q.calls.map((c) => c.x)) < R32 + 1e-6);
  });

  it("is deterministic", () => {
    const run = (): unknown => {
      const q = query({ moving: round({ x: 10, y: 10 }), targets: [round({ x: 14, y: 11 })], accept: (c) => c.x > 13.5 });
      return [findWitness(q), q.calls];
    };
    assert.deepEqual(run(), run());
  });

  it("misses no spot that dense sampling of the contact circles finds (random scenes)", () => {
    const r = createRng(21);
    let found = 0;
    for (let scene = 0; scene < 100; scene++) {
      const start = { x: 5 + 34 * r(), y: 5 + 20 * r() };
      const m = round(start, 0.4 + 0.6 * r());
      const targets = Array.from({ length: 1 + Math.floor(3 * r()) }, () => round({ x: start.x - 6 + 12 * r(), y: start.y - 6 + 12 * r() }, 0.4 + 0.6 * r()));
      const blockers = Array.from({ length: Math.floor(9 * r()) }, () => round({ x: start.x - 6 + 12 * r(), y: start.y - 6 + 12 * r() }, 0.4 + 0.6 * r()));
      if ([...targets, ...blockers].some((s) => signedGap(m, s) < 0)) continue;
      const reach = 2 + 5 * r();
      const spotFree = (c: Vec): boolean =>
        dist(c, start) <= reach &&
        offBoardBy(round(c, m.kind === "circle" ? m.r : 0), 44, 30) === 0 &&
        blockers.every((b) => signedGap(withCentre(m, c), b) >= MARGIN) &&
        targets.every((t) => signedGap(withCentre(m, c), t) >= -1e-9);
      const brute = targets.some((t) =>
        Array.from({ length: 20000 }, (_, k) => fromAngle((2 * Math.PI * k) / 20000)).some((n) =>
          spotFree({ x: t.c.x + n.x * (circumradius(t) + circumradius(m)), y: t.c.y + n.y * (circumradius(t) + circumradius(m)) }),
        ),
      );
      const w = findWitness(query({ moving: m, targets, blockers, reach, pathBlockers: [] }));
      if (brute) assert.ok(w, `scene ${scene}: brute force found a spot`);
      if (w) {
        found++;
        assert.ok(spotFree(w.centre));
        assert.ok(targets.some((t) => signedGap(withCentre(m, w.centre), t) <= TAU_C / 2));
      }
    }
    assert.ok(found >= 25, `found ${found}`);
  });
});

describe("findWitness: oval bases", () => {
  // A 40 mm target with large blockers to either side above it: a 60x35 oval starting above
  // only fits down the slot between them with its long axis vertical.
  const target = round({ x: 10, y: 10 }, R40);
  const blockers = [round({ x: 8, y: 8 }, 1), round({ x: 12, y: 8 }, 1)];
  const start = { x: 10, y: 4 };

  it("turns the base to fit a slot when rotation is allowed", () => {
    const w = findWitness(query({ moving: oval(start, 0), facingDeg: 0, targets: [target], blockers, reach: 4.5 }));
    assert.ok(w && w.facingDeg === 90 && near(w.centre, { x: 10, y: 10 - R40 - 30 / 25.4 }));
    const placed = oval(w.centre, 90);
    assert.ok(signedGap(placed, target) >= 0 && signedGap(placed, target) <= TAU_C / 2);
    for (const b of blockers) assert.ok(signedGap(placed, b) >= MARGIN);
  });

  it("finds nothing when the facing may not change", () => {
    assert.equal(findWitness(query({ moving: oval(start, 0), facingDeg: 0, targets: [target], blockers, reach: 4.5, rotate: false })), undefined);
  });

  it("finds nothing when enemies behind the base stop it turning", () => {
    // Two small enemies behind the base, at 45 degrees either side of its line of travel: they
    // clear it facing 0 or 90 (by at least 0.05"), but turning either way sweeps the long axis into one.
    const ext45 = Math.sqrt(((30 / 25.4) ** 2 + (17.5 / 25.4) ** 2) / 2);
    const d = ext45 + 0.05 + 0.2;
    const behind = [-1, 1].map((sx) => round({ x: start.x + (sx * d) / Math.SQRT2, y: start.y - d / Math.SQRT2 }, 0.2));
    for (const b of behind) assert.ok(signedGap(oval(start, 0), b) >= 0.05 && signedGap(oval(start, 90), b) >= 0.05);
    assert.ok(signedGap(oval(start, 45), behind[0]) < -0.01 && signedGap(oval(start, 135), behind[1]) < -0.01);
    const q = query({ moving: oval(start, 0), facingDeg: 0, targets: [target], blockers: [...blockers, ...behind], reach: 4.5 });
    assert.equal(findWitness(q), undefined);
    // Friendly models may be passed through, so the same bases as end-position blockers only do not stop the turn.
    const friendly = findWitness({ ...q, pathBlockers: [target, ...blockers] });
    assert.ok(friendly && friendly.facingDeg === 90);
  });

  it("rotationClear: turning into a neighbour fails, turning away from one does not", () => {
    const m = oval(start, 0);
    const beside = round({ x: 10, y: start.y + 17.5 / 25.4 + 0.5 + 0.05 }, 0.5);
    const ahead = round({ x: 10 + 30 / 25.4 + 0.5 + 0.05, y: start.y }, 0.5);
    const ctx = (o: Shape) => pathContext(m, 0, [o]);
    assert.equal(rotationClear(ctx(beside), m, Math.PI / 2, 44, 30), false);
    assert.equal(rotationClear(ctx(beside), m, Math.PI, 44, 30), true);
    assert.equal(rotationClear(ctx(ahead), m, Math.PI / 2, 44, 30), true);
    assert.equal(rotationClear(ctx(ahead), m, -Math.PI / 3, 44, 30), true);
  });

  it("every witness in random oval scenes respects reach, board, clearance, goal and path", () => {
    const r = createRng(33);
    let found = 0;
    for (let scene = 0; scene < 30; scene++) {
      const s0 = { x: 5 + 34 * r(), y: 5 + 20 * r() };
      const facing = Math.floor(r() * 360);
      const m = oval(s0, facing, 75 + 60 * r(), 42 + 30 * r());
      const pick = (): Shape =>
        r() < 0.5
          ? round({ x: s0.x - 6 + 12 * r(), y: s0.y - 6 + 12 * r() }, 0.5 + 0.5 * r())
          : oval({ x: s0.x - 6 + 12 * r(), y: s0.y - 6 + 12 * r() }, 360 * r());
      const targets = [pick(), pick()];
      const blockers = [pick(), pick(), pick(), pick()];
      if ([...targets, ...blockers].some((s) => signedGap(m, s) < 0)) continue;
      const goalGap = r() < 0.5 ? 0 : 2 - MARGIN;
      const reach = 3 + 4 * r();
      const w = findWitness(query({ moving: m, facingDeg: facing, targets, blockers, reach, goalGap }));
      if (!w) continue;
      found++;
      const placed = withFacing(withCentre(m, w.centre), w.facingDeg);
      assert.ok(dist(w.centre, s0) <= reach);
      assert.equal(offBoardBy(placed, 44, 30), 0);
      for (const b of blockers) assert.ok(signedGap(placed, b) >= MARGIN);
      const gaps = targets.map((t) => signedGap(placed, t));
      assert.ok(gaps.every((g) => g >= -1e-9) && gaps.some((g) => g <= (goalGap || TAU_C / 2) + 1e-9));
      const turned = withCentre(placed, s0);
      for (const o of [...targets, ...blockers]) {
        assert.ok(sweptShapeGap(turned, s0, w.centre, o) >= Math.min(0, signedGap(m, o)) - PATH_SLACK);
      }
    }
    assert.ok(found >= 10, `found ${found}`);
  });
});
