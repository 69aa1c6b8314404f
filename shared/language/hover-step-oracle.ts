import type { Code } from "../diagnostics/codes";
import type { Problem } from "../diagnostics/problem";
import { BoardState } from "../engine/board-state";
import { replay } from "../engine/replay";
import { Report } from "../engine/report";
import type { FightStep, RefList, Scenario, Step } from "../model/scenario";
import type { Span } from "../source/span";
import type { RulesSystem } from "../rules/system";

/**
 * The engine as an oracle for "what may this unit do here?". The replay keeps its state (the fight
 * order, who was selected, what charged) to itself, so instead of re-deriving any rule the hover
 * asks the engine: it replays the timeline up to the step with the step rewritten (a mode written
 * out, other targets, or a unit selected next) and reads which findings that variant produces.
 * Whatever a hover calls legal is therefore exactly what the engine accepts. Each question costs
 * one replay of the steps before it, so the questions of one hover share a budget of replayed
 * steps (no clocks in shared/): a long timeline gets fewer questions answered, never a slow hover.
 */

/** At most this many alternatives are tried per question (the nearest units first). */
export const MAX_CANDIDATES = 12;

/** Steps one hover may replay in all (a replay of a 40-step prefix costs 40). */
export const REPLAY_BUDGET = 1200;

/** What a variant of a step yields: its errors and warnings with `codes`, keyed by code and message. */
export interface Verdict {
  readonly errors: readonly Problem[];
  readonly warnings: readonly Problem[];
}

/** The questions of one hover about one step, under one budget. */
export class Oracle {
  private left = REPLAY_BUDGET;
  /** Set once a question went unanswered for want of budget. */
  exhausted = false;

  constructor(
    readonly scenario: Scenario,
    readonly system: RulesSystem,
    readonly at: number,
  ) {}

  /** The verdict on `variant` (with `after` behind it), or undefined when the budget is spent. */
  ask(variant: Step, codes: readonly Code[], after: readonly Step[] = []): Verdict | undefined {
    const cost = this.scenario.steps.filter((s) => s.index < this.at).length + 1 + after.length;
    if (cost > this.left) {
      this.exhausted = true;
      return undefined;
    }
    this.left -= cost;
    return verdictOf(this.scenario, this.system, this.at, variant, after, codes);
  }
}

/**
 * Replays the steps before `at` (by index), then `variant` in its place and `after` behind it,
 * and returns the findings of the last step replayed whose codes are among `codes`.
 */
export function verdictOf(scenario: Scenario, system: RulesSystem, at: number, variant: Step, after: readonly Step[], codes: readonly Code[]): Verdict {
  const steps = [...scenario.steps.filter((s) => s.index < at), variant, ...after];
  const variantScenario: Scenario = { ...scenario, steps };
  const report = new Report();
  const last = steps[steps.length - 1].index;
  replay(variantScenario, system, new BoardState(variantScenario, system), report, last);
  const found = report.problems.filter((p) => p.step === last && codes.includes(p.code));
  return { errors: found.filter((p) => p.severity === "error"), warnings: found.filter((p) => p.severity === "warning") };
}

/** Does `candidate` raise an error that `baseline` (the step with the choice left unwritten) does not? */
export function addsErrors(candidate: Verdict, baseline: Verdict): boolean {
  const known = new Set(baseline.errors.map(key));
  return candidate.errors.some((p) => !known.has(key(p)));
}

function key(p: Problem): string {
  return `${p.code}|${p.message}`;
}

/** A written reference list for a variant (the spans point at the step's head: findings are read by code only). */
export function refList(ids: readonly string[], span: Span): RefList {
  return { refs: ids.map((id) => ({ id, span })), span };
}

/** A bare `- fight: unit` selection placed right after step `after`, for "who may select next?". */
export function selectionAfter(after: Step, unit: string): FightStep {
  return { kind: "fight", index: after.index + 1, span: after.head, head: after.head, unit: { id: unit, span: after.head } };
}
