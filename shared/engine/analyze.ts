import type { Problem } from "../diagnostics/problem";
import type { Scenario } from "../model/scenario";
import { parseScenario } from "../parse/parse-scenario";
import { readingOf } from "../parse/text-limits";
import { LineIndex } from "../source/span";
import { checkScenario } from "./check-scenario";

export interface AnalyzeOptions {
  /** Overrides the scenario's `rules:` (for `--rules` on the command line). */
  readonly rules?: string;
  /** Overrides the scenario's `rulings:` (for `--rulings` or `10e+club` on the command line). */
  readonly rulings?: readonly string[];
}

/** The options as a key: two analyses of one text with equal keys are equal (what the memos of earlier analyses compare). */
export function optionsKey(options: AnalyzeOptions): string {
  return JSON.stringify([options.rules ?? null, options.rulings ?? null]);
}

/** Everything the server, the CLI and the preview need to know about one scenario text. */
export interface Analysis {
  readonly scenario?: Scenario;
  readonly problems: readonly Problem[];
  readonly lines: LineIndex;
}

/**
 * Parses a scenario and replays it through the rules engine. Pure: no I/O, no clocks,
 * never throws for any input (an internal failure becomes a problem on the first line).
 * Bounded: a document past the size limits (`model/limits.ts`) is parsed only, or not at all,
 * with a `scenario.too-large` finding saying so; such an analysis has no scenario.
 */
export function analyze(text: string, options: AnalyzeOptions = {}): Analysis {
  const lines = new LineIndex(text);
  const reading = readingOf(text);
  if (reading.kind === "refused") return { problems: [reading.problem], lines };
  const parsed = parseScenario(text);
  if (reading.kind === "parse-only") return { problems: [reading.problem, ...parsed.problems], lines };
  if (!parsed.scenario) return { problems: parsed.problems, lines };
  const problems = [...parsed.problems, ...checkScenario(parsed.scenario, options)];
  return { scenario: parsed.scenario, problems, lines };
}
