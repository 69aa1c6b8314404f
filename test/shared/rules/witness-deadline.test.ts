/**
 * A deadline can stop a replay inside a witness search, not only between steps: the engine calls
 * `BoardState.interrupt` inside its long loops (each search, each candidate, each arc of a locus),
 * and a caller throws from it to abandon the replay. A hook that does not throw changes nothing.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { BoardState } from "../../../shared/board/board-state";
import { parseScenario } from "../../../shared/parse/parse-scenario";
import { replay, type StepObserver } from "../../../shared/engine/replay";
import { resolveSystem } from "../../../shared/systems/rulings";
import { Report } from "../../../shared/rules/report";
import { stressScenario } from "../../bench/scenarios";
import { forgetWitnessStreams } from "../../../shared/geometry/witness";

class Deadline extends Error {}

function run(text: string, hook?: (board: BoardState) => () => void, steps: number[] = []): { report: Report; steps: number[]; calls: Map<number, number> } {
  // Each search generates its candidates afresh (a kept stream asks the hook only once per candidate tried).
  forgetWitnessStreams();
  const scenario = parseScenario(text).scenario!;
  const { system } = resolveSystem(scenario.rules.value, []);
  const board = new BoardState(scenario, system);
  const report = new Report();
  const calls = new Map<number, number>();
  const observer: StepObserver = {
    beforeStep: (step, b) => {
      if (!hook) return;
      const inner = hook(b);
      b.interrupt = () => {
        calls.set(step.index, (calls.get(step.index) ?? 0) + 1);
        inner();
      };
    },
    afterStep: (step) => steps.push(step.index),
  };
  replay(scenario, system, board, report, Infinity, observer);
  return { report, steps, calls };
}

const TEXTS = [
  stressScenario("charge", 6),
  stressScenario("charge", 6).replace("rules: 11e", "rules: 10e"),
  stressScenario("pile-in", 6),
  stressScenario("consolidate", 6),
];

describe("witness searches under a deadline", () => {
  it("ask the hook many times inside one step, and a hook that does not throw changes no finding", () => {
    for (const text of TEXTS) {
      const plain = run(text);
      const hooked = run(text, () => () => undefined);
      assert.deepEqual(hooked.report.problems, plain.report.problems);
      assert.ok(
        plain.report.problems.some((p) => p.code === "move.missed-engagement" || p.code === "move.missed-contact"),
        "the scenario has witnesses to find",
      );
      // Searches ask before each candidate and each arc: far more often than once per step.
      assert.ok(Math.max(...hooked.calls.values()) > 20, `at most ${Math.max(...hooked.calls.values())} calls in a step`);
    }
  });

  it("stop in the middle of a step when the hook throws (the step is never finished)", () => {
    for (const text of TEXTS) {
      const { calls } = run(text, () => () => undefined);
      // The first step with searches, stopped at its third call.
      const [step] = [...calls].find(([, c]) => c > 4)!;
      const before = [...calls].filter(([s]) => s < step).reduce((sum, [, c]) => sum + c, 0);
      const finished: number[] = [];
      let seen = 0;
      const stop = (): void => {
        if (++seen === before + 3) throw new Deadline();
      };
      assert.throws(() => run(text, () => stop, finished), Deadline);
      assert.equal(seen, before + 3);
      assert.ok(finished.every((s) => s < step));
    }
  });
});
