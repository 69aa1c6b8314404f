import type { Scenario, Step } from "../model/scenario";
import type { RulesSystem } from "../systems/system";
import type { BoardState } from "../board/board-state";
import { cloneContext, newFightPhase, newTurn, type RuleContext } from "../rules/context";
import { familyOf, PHASE_OF_STEP, removeStep } from "../rules/dispatch";
import type { Report } from "../rules/report";

/**
 * Replays the timeline over the board, step by step, asking each rule family about each step.
 * After a violation the step is still applied as written, so later steps are judged on the
 * board the author meant. `until` stops after that step (the board preview shows any step);
 * returns the phase the timeline is in then. `observer` sees the board just before and just after
 * each step (inlay hints and hovers read the moves that way, in one replay).
 */
export function replay(scenario: Scenario, system: RulesSystem, board: BoardState, report: Report, until = Infinity, observer?: StepObserver): string {
  return advance(startReplay(scenario, system, board, report), until, observer);
}

/** Everything a replay knows between two steps: the context, the phase, and the next step's position in `steps:`. */
export interface ReplayState {
  readonly ctx: RuleContext;
  phase: string;
  next: number;
}

/** A replay before its first step. */
export function startReplay(scenario: Scenario, system: RulesSystem, board: BoardState, report: Report): ReplayState {
  return { ctx: { scenario, system, board, report, turn: newTurn(board), fight: newFightPhase() }, phase: scenario.phase, next: 0 };
}

/** Applies the steps from `state.next` up to and including index `until`; returns the phase then. */
export function advance(state: ReplayState, until = Infinity, observer?: StepObserver): string {
  const { ctx } = state;
  const steps = ctx.scenario.steps;
  for (; state.next < steps.length; state.next++) {
    const step = steps[state.next];
    if (step.index > until) break;
    ctx.report.step = step.index;
    observer?.beforeStep?.(step, ctx.board);
    state.phase = applyStep(ctx, step, state.phase);
    observer?.afterStep?.(step, ctx.board);
  }
  ctx.report.step = undefined;
  return state.phase;
}

/** Applies one step that is not (or not as written) in the scenario, as the next step of `state`: a variant tried in place of the step at `state.next`. */
export function applyVariant(state: ReplayState, step: Step): string {
  const { ctx } = state;
  ctx.report.step = step.index;
  state.phase = applyStep(ctx, step, state.phase);
  ctx.report.step = undefined;
  return state.phase;
}

/** An independent copy of a replay between steps (a checkpoint to resume from, as often as wanted). */
export function cloneReplay(state: ReplayState): ReplayState {
  return { ctx: cloneContext(state.ctx, state.ctx.board.clone()), phase: state.phase, next: state.next };
}

/** Watches a replay step by step; the board is live (read it, never change it). */
export interface StepObserver {
  /** The observer looks at no step whose index is below this one (a replay may then resume from a checkpoint up to it). */
  readonly from?: number;
  beforeStep?(step: Step, board: BoardState): void;
  afterStep?(step: Step, board: BoardState): void;
}

/** One step of the timeline in the phase `phase`; returns the phase after it. */
function applyStep(ctx: RuleContext, step: Step, phase: string): string {
  if (step.kind === "phase") {
    familyOf(ctx.system, phase)?.end?.(ctx);
    if (step.phase.value === "fight") ctx.fight = newFightPhase();
    return step.phase.value;
  }
  if (step.kind === "remove") {
    removeStep(ctx, step);
    return phase;
  }
  const belongs = PHASE_OF_STEP[step.kind];
  if (phase !== belongs) {
    ctx.report.error(
      "sequence.order",
      `${step.kind} belongs to the ${belongs} phase; the timeline is in the ${phase} phase — add \`- phase: ${belongs}\` before it`,
      step.head,
    );
    return phase;
  }
  familyOf(ctx.system, belongs)?.step(ctx, step);
  return phase;
}
