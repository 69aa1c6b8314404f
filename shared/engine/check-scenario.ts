import type { Problem } from "../diagnostics/problem";
import type { Scenario } from "../model/scenario";

/** Replays the scenario's steps through the rules engine. (Stub until the engine lands.) */
export function checkScenario(_scenario: Scenario, _options: { rules?: string }): Problem[] {
  return [];
}
