// The oracle (shared/language/oracle/index.ts) that hovers and completion put their questions to
// stops at the caller's deadline inside a step too: the board asks `interrupt` in the engine's long
// loops (each witness search and candidate), and the oracle's interrupt throws once the deadline
// has passed, so one question about a heavy step cannot run past it.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../../shared/engine/analyze";
import { Oracle } from "../../../shared/language/oracle/index";
import { systemOf } from "../../../shared/language/board/facts";
import { stressScenario } from "../../bench/scenarios";

describe("the oracle's deadline", () => {
  const scenario = analyze(stressScenario("pile-in", 5)).scenario!;
  const { system } = systemOf(scenario);
  const step = scenario.steps.find((s) => s.kind === "pile-in")!;

  it("is asked inside the step (by the witness searches), not only between steps", () => {
    let asked = 0;
    const oracle = new Oracle(scenario, system, step.index, { expired: () => (asked++, false) });
    assert.ok(oracle.ask(step, ["move.missed-engagement"]), "answered");
    const steps = scenario.steps.filter((s) => s.index <= step.index).length;
    assert.ok(asked > steps + 10, `the deadline was asked ${asked} times over ${steps} steps`);
  });

  it("stops a question in the middle of a step once it has passed", () => {
    // Not yet expired when the question starts and before the step; expired at the first look inside it.
    let asked = 0;
    const steps = scenario.steps.filter((s) => s.index <= step.index).length;
    const oracle = new Oracle(scenario, system, step.index, { expired: () => ++asked > steps + 1 });
    assert.equal(oracle.ask(step, ["move.missed-engagement"]), undefined);
    assert.equal(oracle.stopped, "deadline");
  });
});
