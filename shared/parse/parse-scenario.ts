import type { Problem } from "../diagnostics/problem";
import type { Scenario } from "../model/scenario";

/** Parses scenario text into the model. (Stub until the parser lands.) */
export function parseScenario(_text: string): { scenario?: Scenario; problems: Problem[] } {
  return { problems: [] };
}
