// The timeline API (shared/engine/timeline.ts): every replay outside checkScenario goes through it.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../../shared/index";
import type { Scenario } from "../../../shared/index";
import type { BoardState } from "../../../shared/board/board-state";
import { boardAfter, checkpoint, replayTo, resume, tryVariant } from "../../../shared/engine/timeline";
import { systemOf } from "../../../shared/language/board/index";

const examples = join(__dirname, "..", "..", "..", "..", "examples");
const NAMES = ["overrun-fight", "11e-movement", "11e-charge", "consolidation", "seed-002-10e"];

function scenarioOf(name: string): Scenario {
  const scenario = analyze(readFileSync(join(examples, `${name}.scenario.yaml`), "utf8")).scenario;
  assert.ok(scenario);
  return scenario;
}

function places(board: BoardState): string[] {
  return [...board.models.values()].map((m) => `${m.def.id} ${m.at.x} ${m.at.y} ${m.facing} ${m.alive}`);
}

describe("the timeline", () => {
  for (const name of NAMES) {
    it(`replays ${name} to each step, and a variant equal to the step finds what the replay found`, () => {
      const scenario = scenarioOf(name);
      const { system } = systemOf(scenario);
      const setup = replayTo(scenario, system, undefined);
      assert.equal(setup.phase, scenario.phase);
      assert.deepEqual(setup.report.problems, []);
      const all = replayTo(scenario, system, Infinity).report.problems;
      for (const step of scenario.steps) {
        const replayed = replayTo(scenario, system, step.index);
        assert.deepEqual(places(boardAfter(scenario, system, step.index)), places(replayed.board));
        const own = replayed.report.problems.filter((p) => p.step === step.index);
        assert.deepEqual(
          own,
          all.filter((p) => p.step === step.index),
          `step ${step.index + 1}`,
        );
        assert.deepEqual(tryVariant(scenario, system, step.index, step), own, `step ${step.index + 1}, as a variant`);
      }
    });
  }
});

describe("a checkpoint", () => {
  const fixtures = join(__dirname, "..", "..", "..", "..", "test", "fixtures");
  const files = [
    ...NAMES.map((n) => join(examples, `${n}.scenario.yaml`)),
    ...readdirSync(fixtures, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith(".scenario.yaml"))
      .map((f) => join(fixtures, f)),
  ];
  it(`resumed after each step finds what one replay finds (${files.length} scenarios)`, () => {
    let resumed = 0;
    for (const file of files) {
      const scenario = analyze(readFileSync(file, "utf8")).scenario;
      if (!scenario) continue;
      const { system } = systemOf(scenario);
      const whole = replayTo(scenario, system, Infinity);
      for (const at of [undefined, ...scenario.steps.map((s) => s.index)]) {
        const cp = checkpoint(scenario, system, at);
        for (let twice = 0; twice < 2; twice++) {
          // Twice from the same checkpoint: resuming leaves it as it was.
          const r = resume(cp, Infinity);
          assert.deepEqual(r.report.problems, whole.report.problems, `${file} from step ${at}`);
          assert.deepEqual(places(r.board), places(whole.board), `${file} from step ${at}`);
          assert.equal(r.phase, whole.phase);
          assert.equal(r.board.witnessBudget, whole.board.witnessBudget);
          resumed++;
        }
      }
    }
    assert.ok(resumed > 50);
  });
});
