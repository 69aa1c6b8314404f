import type { Problem } from "../diagnostics/problem";
import type { Scenario } from "../model/scenario";
import { checkSetup } from "../rules/setup";
import { resolveSystem } from "../rules/rulings";
import { BoardState } from "./board-state";
import { applyExpectations } from "./expectations";
import { replay } from "./replay";
import { Report } from "./report";

/** Checks the set-up and replays the steps through the rules engine. */
export function checkScenario(scenario: Scenario, options: { rules?: string; rulings?: readonly string[] }): Problem[] {
  const rulings = options.rulings ?? scenario.rulings.map((r) => r.id);
  const { system } = resolveSystem(options.rules ?? scenario.rules.value, rulings);
  const board = new BoardState(scenario, system);
  const report = new Report();
  checkSetup(board, report);
  replay(scenario, system, board, report);
  return applyExpectations(scenario.steps, report.problems);
}
