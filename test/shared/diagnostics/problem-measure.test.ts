// Problems that compare a distance with a limit carry the measurement, for the board to draw.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../../shared/index";

const ROOT = join(__dirname, "..", "..", "..", "..");

function problems(rel: string) {
  return analyze(readFileSync(join(ROOT, rel), "utf8")).problems;
}

function near(actual: number | undefined, expected: number, what: string): void {
  assert.ok(actual !== undefined && Math.abs(actual - expected) < 1e-6, `${what}: ${actual} is not ${expected}`);
}

describe("Problem.measure", () => {
  it("move.too-far carries the path length and the limit, and no points (waypoints: 1.5 + hypot(2.24, 1.5))", () => {
    const ps = problems("test/fixtures/rules/pile-in-too-far.scenario.yaml");
    assert.deepEqual(
      ps.map((p) => p.code),
      ["move.too-far"],
    );
    const m = ps[0].measure!;
    near(m.value, 1.5 + Math.hypot(2.24, 1.5), "value");
    assert.equal(Math.round(m.value * 10) / 10, 4.2);
    assert.equal(m.limit, 3);
    assert.deepEqual([m.from, m.to], [undefined, undefined]);
  });

  it("engagement.lost carries the end gap, the engagement range and the closest points, which are that gap apart", () => {
    const lost = problems("test/fixtures/rules/pile-in-engagement-lost.scenario.yaml").find((p) => p.code === "engagement.lost")!;
    const m = lost.measure!;
    assert.equal(m.limit, 2);
    assert.ok(Math.abs(m.value - 2.2757) < 1e-4);
    near(Math.hypot(m.to![0] - m.from![0], m.to![1] - m.from![1]), m.value, "|to - from|");
  });

  it("objective.out-of-range carries the closest model's gap to the marker and the objective range", () => {
    const out = problems("test/fixtures/rules/consolidate-objective.scenario.yaml").find((p) => p.code === "objective.out-of-range")!;
    const m = out.measure!;
    assert.equal(m.limit, 3);
    assert.ok(Math.abs(m.value - 3.5315) < 1e-4, String(m.value));
    near(Math.hypot(m.to![0] - m.from![0], m.to![1] - m.from![1]), m.value, "|to - from|");
  });

  for (const [fixture, system] of [
    ["pile-in-not-closer", "11e pile-in"],
    ["10e-pile-in-not-closer", "10e pile-in"],
    ["11e-charge-not-closer", "11e charge"],
    ["10e-consolidate-not-closer", "10e consolidation toward an objective"],
  ]) {
    it(`move.not-closer (${system}) carries the end gap, the start gap it had to beat, and points that gap apart`, () => {
      const p = problems(`test/fixtures/rules/${fixture}.scenario.yaml`).find((x) => x.code === "move.not-closer")!;
      const m = p.measure!;
      assert.ok(m.value >= m.limit, `${m.value} is not closer than ${m.limit}`);
      near(Math.hypot(m.to![0] - m.from![0], m.to![1] - m.from![1]), m.value, "|to - from|");
      // The numbers are the ones the message states.
      assert.ok(p.message.includes(`${m.limit.toFixed(2)}"`) && p.message.includes(`${m.value.toFixed(2)}"`), p.message);
    });
  }

  it("a problem without a measurement has no measure key at all", () => {
    const ps = problems("test/fixtures/rules/fight-order.scenario.yaml");
    assert.ok(ps.length > 0);
    for (const p of ps) assert.equal("measure" in p, false, p.code);
  });
});
