// The generator shared by the benchmark and the fuzz tests: deterministic, the promised sizes,
// and valid (the engine finds nothing wrong), so benchmark edits measure a realistic document.
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyze } from "../../shared/index";
import { coordinateEdits } from "../bench/edits";
import { generateScenario, LARGE_SCENARIO, SMALL_SCENARIO } from "../helpers/generate-scenario";
import { createRng } from "../helpers/prng";

test("createRng is mulberry32: a fixed sequence for a seed", () => {
  const rng = createRng(1);
  assert.deepEqual(
    [rng(), rng(), rng()].map((x) => x.toFixed(6)),
    ["0.627074", "0.002736", "0.527447"],
  );
});

test("the same spec gives the same text; another seed another text", () => {
  assert.equal(generateScenario(SMALL_SCENARIO), generateScenario(SMALL_SCENARIO));
  assert.notEqual(generateScenario({ ...SMALL_SCENARIO, seed: 11 }), generateScenario(SMALL_SCENARIO));
});

test("the 10 KB preset: 20 units, 200 models, 40 steps, no problems", () => {
  const text = generateScenario(SMALL_SCENARIO);
  assert.ok(text.length > 8_000 && text.length < 12_000, `${text.length} characters`);
  const { scenario, problems } = analyze(text);
  assert.deepEqual(problems, []);
  assert.equal(scenario?.units.length, 20);
  assert.equal(
    scenario?.units.reduce((n, u) => n + u.models.length, 0),
    200,
  );
  assert.equal(scenario?.steps.length, 40);
  assert.ok(
    scenario?.units.some((u) => u.models.some((m) => m.base.kind === "oval")),
    "no oval bases",
  );
  assert.ok(
    scenario?.units.some((u) => u.charged),
    "no charged units",
  );
  assert.deepEqual(new Set(scenario?.steps.map((s) => s.kind)), new Set(["pile-in", "fight", "remove", "consolidate"]));
});

test("the 100 KB preset: 200 units, 2,000 models, 400 steps, no problems", () => {
  const text = generateScenario(LARGE_SCENARIO);
  assert.ok(text.length > 90_000 && text.length < 115_000, `${text.length} characters`);
  const { scenario, problems } = analyze(text);
  assert.deepEqual(problems, []);
  assert.equal(
    scenario?.units.reduce((n, u) => n + u.models.length, 0),
    2_000,
  );
  assert.equal(scenario?.steps.length, 400);
});

test("coordinateEdits changes one x by 0.01 per edit, one line at a time", () => {
  const text = generateScenario(SMALL_SCENARIO);
  const [first, second] = coordinateEdits(text, 2);
  const diff = (a: string, b: string) => {
    const la = a.split("\n");
    return b.split("\n").flatMap((line, i) => (line === la[i] ? [] : [`${la[i]} -> ${line}`]));
  };
  assert.deepEqual(diff(text, first), ["      r1m1: [6.96, 5.83] ->       r1m1: [6.97, 5.83]"]);
  assert.equal(diff(first, second).length, 1);
  assert.deepEqual(analyze(second).problems, []);
});
