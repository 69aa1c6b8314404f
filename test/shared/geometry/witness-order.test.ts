/**
 * The witness search samples a round locus only as far as it has come (shared/geometry/witness-locus.ts
 * `RoundLocus`). Whatever it samples, the candidates it offers must be the very ones, in the very order,
 * that sampling every locus whole gives: a witness found is then the same witness, to the last bit.
 * Random boards of round and oval bases, and symmetric ones (where ties in distance are exact).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { circle } from "../../../shared/geometry/shape";
import { witnessCandidates } from "../../../shared/geometry/witness";
import { locusCandidates, locusSource, type Candidate } from "../../../shared/geometry/witness-locus";
import { nearContext, spotOk, type SpotContext } from "../../../shared/geometry/witness-spot";
import { createRng } from "../../helpers/prng";
import { BOARD, gridQuery, R32, randomQuery } from "../../helpers/witness-queries";

/** A candidate as text, every bit of every number kept. */
const text = (c: Candidate): string => JSON.stringify([c.shape, c.facingDeg, c.tier, c.d]);

describe("witness candidates: a round locus sampled arc by arc", () => {
  it("offers the candidates of whole loci, in the same order (random boards)", () => {
    const rng = createRng(15);
    for (let i = 0; i < 150; i++) {
      const q = randomQuery(rng, i % 3 === 0);
      assert.deepEqual(witnessCandidates(q).map(text), witnessCandidates(q, true).map(text), `board ${i}`);
    }
  });

  it("offers the candidates of whole loci, in the same order (grids, where distances tie)", () => {
    for (let k = 0; k < 36; k++) {
      const q = gridQuery(k);
      const lazy = witnessCandidates(q).map(text);
      assert.ok(lazy.length > 0);
      assert.deepEqual(lazy, witnessCandidates(q, true).map(text), `grid ${k}`);
    }
  });

  it("adds every tier-0 candidate within each distance asked, and in the end exactly those of the whole locus, keyed in its order", () => {
    const rng = createRng(7);
    let partial = 0;
    for (let i = 0; i < 200; i++) {
      const q = i % 2 ? gridQuery(i) : randomQuery(rng, false);
      const ctx: SpotContext = {
        start: q.start,
        reach: q.reach,
        width: BOARD.width,
        height: BOARD.height,
        blockers: q.blockers,
        targets: q.targets,
        goalLimit: Math.max(q.goalGap, 0.005),
      };
      const target = q.targets[Math.floor(rng() * q.targets.length)];
      const whole: Candidate[] = [];
      locusCandidates(ctx, q.moving, 0, target, q.goalGap, whole);
      const source = locusSource(ctx, q.moving, 0, target, q.goalGap);
      const got: { c: Candidate; key: number }[] = [];
      let upTo = Math.max(0, q.reach - 8) + rng();
      for (let done = false; !done; upTo += rng() * 1.5) {
        done = source.expand(upTo, (c, key) => got.push({ c, key }));
        const added = new Set(got.map((g) => text(g.c)));
        // Tier-1 candidates (samples) are tried only after every tier-0 one: they may wait till the end.
        for (const c of whole)
          if (c.tier === 0 && c.d <= upTo) assert.ok(added.has(text(c)), `board ${i}: a candidate at ${c.d} missing after expanding to ${upTo}`);
        if (!done) partial++;
      }
      source.tier1?.((c, key) => got.push({ c, key }));
      const keys = got.map((g) => g.key);
      assert.equal(new Set(keys).size, keys.length, `board ${i}: keys unique`);
      const inOrder = got
        .slice()
        .sort((a, b) => a.key - b.key)
        .map((g) => text(g.c));
      assert.deepEqual(inOrder, whole.map(text), `board ${i}`);
    }
    assert.ok(partial > 50, `${partial} partial expansions`);
  });

  it("bisects against a near context that answers as the whole one for every base within its spread", () => {
    const rng = createRng(3);
    let decided = 0;
    for (let i = 0; i < 300; i++) {
      const q = i % 2 ? gridQuery(i) : randomQuery(rng, true);
      const ctx: SpotContext = {
        start: q.start,
        reach: q.reach,
        width: BOARD.width,
        height: BOARD.height,
        blockers: q.blockers,
        targets: q.targets,
        goalLimit: 0.5,
      };
      const target = q.targets[0];
      const at = circle({ x: q.start.x + (rng() * 2 - 1) * 4, y: q.start.y + (rng() * 2 - 1) * 4 }, R32);
      const spread = rng() * 0.3;
      const near = nearContext(ctx, at, spread);
      for (let k = 0; k < 40; k++) {
        const a = rng() * 2 * Math.PI;
        const r = spread * Math.sqrt(rng());
        const m = circle({ x: at.c.x + r * Math.cos(a), y: at.c.y + r * Math.sin(a) }, R32);
        assert.equal(spotOk(near, m, target), spotOk(ctx, m, target), `board ${i}`);
        decided++;
      }
    }
    assert.ok(decided > 0);
  });
});
