// The timeline API (shared/engine/timeline.ts): every replay outside checkScenario goes through it.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../../shared/index";
import type { Scenario } from "../../../shared/index";
import type { BoardState } from "../../../shared/board/board-state";
import { boardAfter, checkpoint, replayTo, resume, stopsOf, tryVariant } from "../../../shared/engine/timeline";
import { analyzeIncremental } from "../../../shared/engine/incremental";
import type { StepObserver } from "../../../shared/engine/replay";
import { createRng } from "../../helpers/prng";
import { fightPhaseScenario } from "../../bench/scenarios";
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

describe("where the timeline's replays stop", () => {
  // 200 steps, and two models of the first unit on one spot: a finding of the set-up check, which
  // heads an analysis's checkpoints' reports and no replay's.
  const generated = fightPhaseScenario(500);
  const [first, second] = [...generated.matchAll(/^ {6}r1m[12]: (\[[^\]]*\])$/gm)];
  const overlapping = generated.replace(first[0], first[0].replace(first[1], second[1]));
  // And every seventh move of the timeline 4" longer (findings of the steps, in every report).
  const stepsAt = overlapping.indexOf("\nsteps:");
  let moveCount = 0;
  const text =
    overlapping.slice(0, stepsAt) +
    overlapping
      .slice(stepsAt)
      .replace(/^( {6}\w+: (?:\{ at: )?\[)(-?[\d.]+)/gm, (all, head: string, x: string) => (moveCount++ % 7 === 0 ? `${head}${Number(x) + 4}` : all));

  for (const incremental of [false, true]) {
    it(`resumes from where earlier requests stopped and finds what replays from the set-up find (${incremental ? "an analysis's checkpoints too" : "no checkpoints"})`, () => {
      const analysis = incremental ? analyzeIncremental(text).analysis : analyze(text);
      assert.ok(
        analysis.problems.some((p) => p.step === undefined && p.code === "scenario.overlap"),
        "a finding of the set-up check",
      );
      assert.ok(analysis.problems.filter((p) => p.step !== undefined).length > 20, "findings of the steps");
      const scenario = analysis.scenario!;
      const { system } = systemOf(scenario);
      const steps = scenario.steps;
      assert.ok(steps.length >= 200);
      const rng = createRng(incremental ? 2 : 1);
      const fromSetUp = (index: number, observer?: StepObserver) => resume(checkpoint(scenario, system, undefined), index, observer);
      // What an observer from one step on sees: the places before and after each step it looks at.
      const watching = (from: number, seen: string[]): StepObserver => ({
        from,
        beforeStep: (s, board) => s.index >= from && seen.push(`before ${s.index}: ${places(board).join("; ")}`),
        afterStep: (s, board) => s.index >= from && seen.push(`after ${s.index}: ${places(board).join("; ")}`),
      });
      for (let k = 0; k < 80; k++) {
        // Mostly near the last request, as a step slider moves; sometimes anywhere.
        const at = k > 0 && rng() < 0.7 ? Math.min(steps.length - 1, Math.max(0, Math.floor(steps.length * rng()))) : Math.floor(rng() * steps.length);
        const step = steps[at];
        const kind = rng();
        if (kind < 0.4) {
          const [seen, expected] = [[], []] as [string[], string[]];
          const r = replayTo(scenario, system, step.index, watching(step.index, seen));
          const e = fromSetUp(step.index, watching(step.index, expected));
          assert.deepEqual(seen, expected, `observed step ${step.index}`);
          assert.deepEqual(r.report.problems, e.report.problems, `findings up to step ${step.index}`);
          assert.deepEqual(places(r.board), places(e.board));
          assert.equal(r.phase, e.phase);
        } else if (kind < 0.7) {
          assert.deepEqual(places(boardAfter(scenario, system, step.index)), places(fromSetUp(step.index).board), `board after step ${step.index}`);
        } else {
          const fresh = analyze(text).scenario!;
          assert.deepEqual(
            tryVariant(scenario, system, step.index, step),
            tryVariant(fresh, system, step.index, fresh.steps[at]),
            `step ${step.index} as a variant`,
          );
        }
      }
      assert.ok(stopsOf(scenario).length > 0, "some requests stopped and kept the replay");
    });
  }
});
