import { problem, type Problem } from "../diagnostics/problem";
import type { Scenario } from "../model/scenario";
import { checkSetup } from "../rules/common/setup";
import { resolveSystem, RULING_SETS } from "../systems/rulings";
import { BoardState } from "../board/board-state";
import { foldCascades } from "./cascade";
import { applyExpectations } from "./expectations";
import { replay } from "./replay";
import { Report } from "../rules/report";

/** Checks the set-up and replays the steps through the rules engine. */
export function checkScenario(scenario: Scenario, options: { rules?: string; rulings?: readonly string[] }): Problem[] {
  const rulings = options.rulings ?? scenario.rulings.map((r) => r.id);
  const { system, inapplicable } = resolveSystem(options.rules ?? scenario.rules.value, rulings);
  const board = new BoardState(scenario, system);
  const report = new Report();
  if (!options.rulings && !options.rules) report.problems.push(...rulingsNotForSystem(scenario, system.id, inapplicable));
  checkSetup(board, report);
  replay(scenario, system, board, report);
  // Fold consequences into their causes first, so a cause's engine severity decides (a step's
  // expectations then see the folded codes too).
  return applyExpectations(scenario.steps, foldCascades(report.problems));
}

/** A ruling written for another rules system is ignored, and said so on its name. */
function rulingsNotForSystem(scenario: Scenario, systemId: string, inapplicable: readonly string[]): Problem[] {
  return scenario.rulings
    .filter((r) => inapplicable.includes(r.id) || (RULING_SETS[r.id] ?? []).some((n) => inapplicable.includes(n)))
    .map((r) => problem("scenario.schema", "error", `ruling '${r.id}' does not apply to rules ${systemId}; it is ignored`, r.span));
}
