import { problem, type Problem } from "../diagnostics/problem";
import type { Scenario } from "../model/scenario";
import { checkSetup } from "../rules/common/setup";
import { resolveSystem, RULING_SETS } from "../systems/rulings";
import { BoardState } from "../board/board-state";
import { foldCascades } from "./cascade";
import { applyExpectations } from "./expectations";
import { advance, startReplay, type ReplayState } from "./replay";
import { Report } from "../rules/report";

/** The rules options of a check: `--rules` and `--rulings` over the scenario's own. */
export interface CheckOptions {
  readonly rules?: string;
  readonly rulings?: readonly string[];
}

/** Checks the set-up and replays the steps through the rules engine. */
export function checkScenario(scenario: Scenario, options: CheckOptions): Problem[] {
  const state = startCheck(scenario, options);
  advance(state);
  return finishCheck(scenario, state);
}

/**
 * A check before its first step: the rules system resolved, the set-up on the board and checked.
 * `advance` replays the steps; `finishCheck` turns the findings into the check's problems.
 */
export function startCheck(scenario: Scenario, options: CheckOptions): ReplayState {
  const rulings = options.rulings ?? scenario.rulings.map((r) => r.id);
  const { system, inapplicable } = resolveSystem(options.rules ?? scenario.rules.value, rulings);
  const board = new BoardState(scenario, system);
  const report = new Report();
  if (!options.rulings && !options.rules) report.problems.push(...rulingsNotForSystem(scenario, system.id, inapplicable));
  checkSetup(board, report);
  return startReplay(scenario, system, board, report);
}

/** The problems of a check whose steps are all replayed. */
export function finishCheck(scenario: Scenario, state: ReplayState): Problem[] {
  // Fold consequences into their causes first, so a cause's engine severity decides (a step's
  // expectations then see the folded codes too).
  return applyExpectations(scenario.steps, foldCascades(state.ctx.report.problems));
}

/** A ruling written for another rules system is ignored, and said so on its name. */
function rulingsNotForSystem(scenario: Scenario, systemId: string, inapplicable: readonly string[]): Problem[] {
  return scenario.rulings
    .filter((r) => inapplicable.includes(r.id) || (RULING_SETS[r.id] ?? []).some((n) => inapplicable.includes(n)))
    .map((r) => problem("scenario.schema", "error", `ruling '${r.id}' does not apply to rules ${systemId}; it is ignored`, r.span));
}
