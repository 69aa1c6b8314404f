/**
 * Witness candidates are kept between searches (shared/geometry/witness.ts `CandidateStream`): a
 * search whose query equals an earlier one's (every shape, number and flag but `accept`) reads the
 * candidates generated so far and generates only past them. Whatever was kept, a search must try
 * the very candidates, in the very order, that a search with nothing kept tries; and an analysis
 * must find the very findings.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { findWitness, forgetWitnessStreams, queryHash, witnessStreamCounts, type WitnessQuery } from "../../../shared/geometry/witness";
import { analyze } from "../../../shared/index";
import { createRng } from "../../helpers/prng";
import { exampleAndFixtureFiles } from "../../helpers/scenario-files";
import { gridQuery, randomQuery } from "../../helpers/witness-queries";
import { incoherentPileIn, stressScenario } from "../../bench/scenarios";
import { coordinateEdits } from "../../bench/edits";

/** Every candidate `accept` is asked about, in order, when it refuses them all (or accepts the `acceptAt`-th). */
function tried(q: WitnessQuery, acceptAt = Infinity): string[] {
  const out: string[] = [];
  findWitness({ ...q, accept: (c, f) => out.push(JSON.stringify([c.x, c.y, f])) === acceptAt });
  return out;
}

function queries(): WitnessQuery[] {
  const rng = createRng(26);
  return [...Array.from({ length: 120 }, (_, i) => randomQuery(rng, i % 3 === 0)), ...Array.from({ length: 36 }, (_, k) => gridQuery(k))];
}

describe("kept witness candidates", () => {
  it("a search after one that stopped early tries what a search with nothing kept tries", () => {
    const rng = createRng(7);
    let compared = 0;
    for (const [i, q] of queries().entries()) {
      forgetWitnessStreams();
      const fresh = tried(q);
      // Accept early: the stream is kept only as far as that search went.
      forgetWitnessStreams();
      const early = 1 + Math.floor(rng() * 4);
      const prefix = tried(q, early);
      assert.deepEqual(prefix, fresh.slice(0, early), `query ${i}: the early search`);
      const before = witnessStreamCounts().generated;
      assert.deepEqual(tried(q), fresh, `query ${i}: after an early stop`);
      // And again, everything kept now: nothing is generated.
      const whole = witnessStreamCounts().generated;
      assert.deepEqual(tried(q), fresh, `query ${i}: everything kept`);
      assert.equal(witnessStreamCounts().generated, whole, `query ${i}: a kept stream is generated again`);
      if (fresh.length > early) assert.ok(whole > before, `query ${i}: the rest is generated`);
      compared += fresh.length;
    }
    assert.ok(compared > 1000, `only ${compared} candidates compared`);
  });

  it("a query that differs in any shape or number is not read from another's stream", () => {
    forgetWitnessStreams();
    const q = gridQuery(4);
    const base = tried(q);
    const moved = { ...q, blockers: q.blockers.map((b, i) => (i === 0 ? { ...b, c: { x: b.c.x + 1e-9, y: b.c.y } } : b)) };
    const before = witnessStreamCounts();
    tried(moved);
    assert.equal(witnessStreamCounts().streams, before.streams + 1);
    assert.ok(witnessStreamCounts().generated > before.generated);
    assert.deepEqual(tried(q), base);
  });

  it("two queries whose hashes collide never read each other's candidates", () => {
    // 400,000 reaches of one query: some two of them share a 32-bit hash (about 18 pairs expected).
    const q = gridQuery(4);
    const seen = new Map<number, number>();
    let pair: [number, number] | undefined;
    for (let i = 0; i < 400_000 && !pair; i++) {
      const h = queryHash({ ...q, reach: q.reach + i * 1e-7 });
      const other = seen.get(h);
      if (other !== undefined) pair = [other, i];
      else seen.set(h, i);
    }
    assert.ok(pair, "no two reaches share a hash");
    const [a, b] = pair.map((i) => ({ ...q, reach: q.reach + i * 1e-7 }));
    assert.equal(queryHash(a), queryHash(b));
    forgetWitnessStreams();
    const freshB = tried(b);
    forgetWitnessStreams();
    const freshA = tried(a);
    assert.notDeepEqual(freshA, freshB, "the two reaches should try different candidates");
    // A's stream is kept under the hash B asks for: B must get its own.
    const before = witnessStreamCounts().generated;
    assert.deepEqual(tried(b), freshB);
    assert.ok(witnessStreamCounts().generated > before, "B's candidates were read from A's stream");
    assert.equal(witnessStreamCounts().streams, 1, "one stream per hash");
    assert.deepEqual(tried(a), freshA);
  });

  it("a stream whose generation was interrupted is forgotten, and the next search tries every candidate", () => {
    class Deadline extends Error {}
    let stopped = 0;
    for (const [i, q] of queries().slice(0, 60).entries()) {
      forgetWitnessStreams();
      let asked = 0;
      findWitness({ ...q, accept: () => false, interrupt: () => void asked++ });
      if (asked < 3) continue;
      forgetWitnessStreams();
      const fresh = tried(q);
      forgetWitnessStreams();
      let calls = 0;
      const stopAt = 2 + (i % (asked - 1));
      assert.throws(
        () =>
          findWitness({
            ...q,
            accept: () => false,
            interrupt: () => {
              if (++calls === stopAt) throw new Deadline();
            },
          }),
        Deadline,
      );
      assert.deepEqual(tried(q), fresh, `query ${i}`);
      stopped++;
    }
    assert.ok(stopped > 20, `only ${stopped} searches stopped`);
  });

  it("an analysis finds the same findings with the candidates of other versions kept, and reads them", () => {
    const texts = [
      ...exampleAndFixtureFiles().map((f) => readFileSync(f, "utf8")),
      stressScenario("pile-in", 8),
      stressScenario("consolidate", 8),
      stressScenario("charge", 8),
      stressScenario("charge", 8).replace("rules: 11e", "rules: 10e"),
      incoherentPileIn(8, 20),
    ];
    let witnesses = 0;
    for (const [i, text] of texts.entries()) {
      forgetWitnessStreams();
      const fresh = analyze(text).problems;
      // Other versions first (a model nudged), then this one again with all their candidates kept.
      for (const other of safeEdits(text)) analyze(other);
      const before = witnessStreamCounts().generated;
      assert.deepEqual(analyze(text).problems, fresh, `text ${i}`);
      const found = fresh.filter((p) => p.witness !== undefined).length;
      witnesses += found;
      if (found > 0) assert.equal(witnessStreamCounts().generated, before, `text ${i}: its searches generated candidates again`);
    }
    assert.ok(witnesses > 50, `only ${witnesses} findings with a witness`);
  });
});

/** Three versions with one model nudged, or none for a text without `id: [x, y]` model lines. */
function safeEdits(text: string): string[] {
  try {
    return coordinateEdits(text, 3);
  } catch {
    return [];
  }
}
