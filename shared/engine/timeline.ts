import type { Problem } from "../diagnostics/problem";
import type { Scenario, Step } from "../model/scenario";
import type { RulesSystem } from "../systems/system";
import { BoardState } from "../board/board-state";
import { replay, type StepObserver } from "./replay";
import { Report } from "../rules/report";

/**
 * The timeline API: every replay outside `checkScenario` (the board preview, hovers, completion,
 * inlay hints, the oracle's variants) goes through these, so the board is built from the set-up and
 * the steps are replayed in one place. Each call replays from the set-up; the replay's state (the
 * RuleContext with its TurnState and FightPhaseState) lives in the values it passes along.
 */

/** Where a replay stopped: the board, the findings so far, and the phase the timeline is in. */
export interface Replayed {
  readonly board: BoardState;
  readonly report: Report;
  readonly phase: string;
}

/**
 * Replays the steps up to and including the step with index `index` (every step for Infinity;
 * none, the set-up, for undefined). `observer` sees the board just before and after each step.
 */
export function replayTo(scenario: Scenario, system: RulesSystem, index: number | undefined, observer?: StepObserver): Replayed {
  const board = new BoardState(scenario, system);
  const report = new Report();
  const phase = index === undefined ? scenario.phase : replay(scenario, system, board, report, index, observer);
  return { board, report, phase };
}

/** The board after the step with index `index`, or the set-up when undefined. */
export function boardAfter(scenario: Scenario, system: RulesSystem, index: number | undefined): BoardState {
  return replayTo(scenario, system, index).board;
}

/**
 * Tries `variant` in place of the step at `index`: replays the steps before it, then the variant,
 * then `after` (steps that follow it in the variant timeline), and returns the findings on the last
 * step replayed (the variant, or the last of `after`). The observer may throw to abandon the replay
 * (the exception reaches the caller).
 */
export function tryVariant(
  scenario: Scenario,
  system: RulesSystem,
  index: number,
  variant: Step,
  options: { after?: readonly Step[]; observer?: StepObserver } = {},
): readonly Problem[] {
  const prefix = scenario.steps.filter((s) => s.index < index);
  const steps = [...prefix, variant, ...(options.after ?? [])];
  const last = steps[steps.length - 1].index;
  const { report } = replayTo({ ...scenario, steps }, system, last, options.observer);
  return report.problems.filter((p) => p.step === last);
}
