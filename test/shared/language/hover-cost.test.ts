// The limits on what a step hover or a completion asks the engine (shared/language/oracle/):
// the board before a step read from a question's replay instead of a replay of its own, the replay
// budget, and the caller's deadline, checked before each question and each replayed step. Behaviour
// only: no timings are asserted here.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../../shared/index";
import type { Scenario, Step } from "../../../shared/index";
import { boardAfter, systemOf } from "../../../shared/language/board/index";
import { judgeChoice, Oracle } from "../../../shared/language/oracle/index";
import { MOVES } from "../../helpers/scenarios";

const examples = join(__dirname, "..", "..", "..", "..", "examples");

function scenarioOf(text: string): Scenario {
  const scenario = analyze(text).scenario;
  assert.ok(scenario);
  return scenario;
}

/** Every model's place, to compare two boards. */
function places(board: ReturnType<typeof boardAfter>): string[] {
  return [...board.models.values()].map((m) => `${m.def.id} ${m.at.x} ${m.at.y} ${m.facing} ${m.alive}`);
}

/** Step 2 (`move: s`) with its type written as `value`, or left out. */
function moveS(scenario: Scenario, value: string | undefined): Step {
  const step = scenario.steps[1];
  assert.equal(step.kind, "move");
  return step.kind === "move" ? { ...step, type: value === undefined ? undefined : { value: value as "normal", span: step.head } } : step;
}

const TYPES = ["normal", "advance", "fall-back", "stationary"];

describe("the oracle's board before a step", () => {
  for (const name of ["overrun-fight", "11e-movement", "11e-charge", "consolidation", "seed-002-10e"]) {
    it(`is the replayed board at every step of ${name}, read from a question's replay`, () => {
      const scenario = scenarioOf(readFileSync(join(examples, `${name}.scenario.yaml`), "utf8"));
      const { system } = systemOf(scenario);
      for (const [i, step] of scenario.steps.entries()) {
        const oracle = new Oracle(scenario, system, step.index);
        assert.ok(oracle.ask(step, []), "the question is answered");
        const replayed = boardAfter(scenario, i === 0 ? undefined : scenario.steps[i - 1].index);
        assert.deepEqual(places(oracle.board()), places(replayed), `step ${step.index + 1}`);
        // Without a question first, the oracle replays the steps before it.
        assert.deepEqual(places(new Oracle(scenario, system, step.index).board()), places(replayed), `step ${step.index + 1}, replayed`);
      }
    });
  }
});

describe("the oracle's limits", () => {
  const scenario = scenarioOf(MOVES);
  const { system } = systemOf(scenario);

  it("answers every question without limits: the engaged unit may fall back or remain stationary", () => {
    const oracle = new Oracle(scenario, system, 1);
    const choice = judgeChoice(oracle, TYPES, (v) => moveS(scenario, v), ["action.not-eligible"], moveS(scenario, undefined));
    assert.deepEqual([choice.legal, choice.verdicts.size, oracle.stopped], [["fall-back", "stationary"], 4, undefined]);
  });

  it("stops when the budget of replayed steps is spent, keeping what it verified", () => {
    // Each question replays 2 steps (the one before it and the variant): 6 steps answer 3 of the 4.
    const oracle = new Oracle(scenario, system, 1, { budget: 6 });
    const choice = judgeChoice(oracle, TYPES, (v) => moveS(scenario, v), ["action.not-eligible"], moveS(scenario, undefined));
    assert.deepEqual([choice.legal, [...choice.verdicts.keys()], oracle.stopped], [["fall-back"], ["normal", "advance", "fall-back"], "budget"]);
  });

  it("asks nothing once the deadline has passed", () => {
    let calls = 0;
    const oracle = new Oracle(scenario, system, 1, { expired: () => (calls++, true) });
    const choice = judgeChoice(oracle, TYPES, (v) => moveS(scenario, v), ["action.not-eligible"], moveS(scenario, undefined));
    assert.deepEqual([choice.legal, choice.verdicts.size, choice.blockedBy, oracle.stopped, calls], [[], 0, undefined, "deadline", 4]);
  });

  it("leaves a replay the deadline overtakes, before its next step", () => {
    // Consulted before the question (1), before step 1 (2), before step 2 (3): the replay is left there.
    let calls = 0;
    const oracle = new Oracle(scenario, system, 1, { expired: () => ++calls >= 3 });
    assert.equal(oracle.ask(moveS(scenario, "fall-back"), ["action.not-eligible"]), undefined);
    assert.deepEqual([oracle.stopped, calls], ["deadline", 3]);
    // A later question is not asked either, and the board before the step is still there to show.
    assert.equal(oracle.ask(moveS(scenario, "stationary"), ["action.not-eligible"]), undefined);
    assert.equal(calls, 4);
    assert.deepEqual(places(oracle.board()), places(boardAfter(scenario, 0)));
  });
});
