import type { Problem } from "../diagnostics/problem";
import type { Scenario, Step } from "../model/scenario";
import type { RulesSystem } from "../systems/system";
import { BoardState } from "../board/board-state";
import { advance, applyVariant, cloneReplay, replay, startReplay, type ReplayState, type StepObserver } from "./replay";
import { Report } from "../rules/report";
import { trialContext } from "../rules/context";
import { deepEqual } from "./deep-equal";

/**
 * The timeline API: every replay outside `checkScenario` (the board preview, hovers, completion,
 * inlay hints, the oracle's variants) goes through these, so the board is built from the set-up and
 * the steps are replayed in one place. The replay's state (the RuleContext with its TurnState and
 * FightPhaseState) lives in the values it passes along, so a `checkpoint` can copy it and `resume`
 * carries on from the copy.
 */

/**
 * Checkpoints an analysis kept (engine/incremental.ts), by the scenario object they were replayed
 * from. A memo, never a source of truth: a replay that finds one resumes from the latest one at or
 * before where it would otherwise start from the set-up, and gets exactly what the full replay
 * gets (the checkpoints never change, each resume works on a copy). Weak, so a dropped analysis
 * takes its checkpoints with it.
 */
const kept = new WeakMap<Scenario, { readonly system: RulesSystem; readonly checkpoints: readonly ReplayState[]; readonly setUpProblems: number }>();

/**
 * Lets the timeline's replays of `scenario` under `system` resume from `checkpoints` (replay
 * states before the step at position `next`, ascending; never changed afterwards). Their reports
 * begin with `setUpProblems` findings of the set-up check, which replays here do not make.
 */
export function keepCheckpoints(scenario: Scenario, system: RulesSystem, checkpoints: readonly ReplayState[], setUpProblems: number): void {
  kept.set(scenario, { system, checkpoints, setUpProblems });
}

/**
 * Where the timeline's own replays of a scenario stopped (before the first step a board request, a
 * hover or a trial looks at), when that was at least STOP_AFTER steps past where they could resume
 * from: the next request near there (the step slider moved on, another model of the same step
 * asked about) resumes from one of these. A memo like the analysis's checkpoints, never a source of
 * truth; at most MAX_STOPS per scenario, the newest kept. Their reports hold the steps' findings
 * only (as every replay here gives them).
 */
const stops = new WeakMap<Scenario, { readonly system: RulesSystem; states: ReplayState[] }>();

/** A copy of the replay state costs about what replaying this many steps does (0.8 ms at 2,000 models). */
const STOP_AFTER = 32;
const MAX_STOPS = 4;

const sameSystem = (a: RulesSystem, b: RulesSystem): boolean => a === b || deepEqual(a, b);

function keepStop(scenario: Scenario, system: RulesSystem, state: ReplayState): void {
  const own = stops.get(scenario);
  const states = own && sameSystem(own.system, system) ? own.states.filter((s) => s.next !== state.next) : [];
  states.push(cloneReplay(state));
  stops.set(scenario, { system, states: states.slice(-MAX_STOPS) });
}

/** Where the timeline's replays of `scenario` stopped and kept the replay (positions, steps applied): for tests. */
export function stopsOf(scenario: Scenario): number[] {
  return (stops.get(scenario)?.states ?? []).map((s) => s.next);
}

/** A copy of the latest kept checkpoint or stop of `scenario` at or before position `position` (steps applied), for `system`. */
function resumable(scenario: Scenario, system: RulesSystem, position: number): ReplayState | undefined {
  let best: ReplayState | undefined;
  let setUp = 0;
  const k = kept.get(scenario);
  if (k && sameSystem(k.system, system)) {
    for (const c of k.checkpoints) if (c.next <= position && c.next > 0) best = c;
    if (best) setUp = k.setUpProblems;
  }
  const own = stops.get(scenario);
  if (own && sameSystem(own.system, system)) {
    for (const c of own.states) {
      if (c.next <= position && c.next > (best?.next ?? 0)) {
        best = c;
        setUp = 0;
      }
    }
  }
  if (!best) return undefined;
  const copy = cloneReplay(best);
  copy.ctx.report.problems.splice(0, setUp);
  // A checkpoint carried over from an earlier version (engine/incremental.ts) holds that version's
  // scenario, whose steps from there on may differ: the copy goes on with this one's.
  return { ...copy, ctx: { ...copy.ctx, scenario } };
}

/** How many steps of `steps` have an index at most `index` (steps keep their order in `steps:`). */
function positionAfter(steps: readonly Step[], index: number): number {
  let n = 0;
  while (n < steps.length && steps[n].index <= index) n++;
  return n;
}

/** Where a replay stopped: the board, the findings so far, and the phase the timeline is in. */
export interface Replayed {
  readonly board: BoardState;
  readonly report: Report;
  readonly phase: string;
}

/**
 * Replays the steps up to and including the step with index `index` (every step for Infinity;
 * none, the set-up, for undefined). `observer` sees the board just before and after each step
 * (from `observer.from` on, when it says so: then the replay may resume from a kept checkpoint).
 */
export function replayTo(scenario: Scenario, system: RulesSystem, index: number | undefined, observer?: StepObserver): Replayed {
  if (index !== undefined) {
    const watchedFrom = observer === undefined ? Infinity : (observer.from ?? -Infinity);
    // Where the replay may start from a copy: before the first step the observer looks at, or after the last step asked for.
    const stop = Math.min(positionAfter(scenario.steps, index), positionAfter(scenario.steps, watchedFrom - 1));
    const state =
      resumable(scenario, system, stop) ?? (stop >= STOP_AFTER ? startReplay(scenario, system, new BoardState(scenario, system), new Report()) : undefined);
    if (state) {
      if (stop - state.next >= STOP_AFTER) {
        // The observer looks at none of the steps before `stop`.
        advance(state, scenario.steps[stop - 1].index);
        keepStop(scenario, system, state);
      }
      const phase = advance(state, index, observer);
      return { board: state.ctx.board, report: state.ctx.report, phase };
    }
  }
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
 * step replayed (the variant, or the last of `after`). The steps before it resume from a kept
 * checkpoint when there is one, so the observer sees the steps replayed from there (the variant
 * and those after it always). The observer may throw to abandon the replay (the exception reaches
 * the caller).
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
  const variantScenario = { ...scenario, steps };
  const resumed = resumable(scenario, system, prefix.length);
  if (resumed) {
    const state: ReplayState = { ...resumed, ctx: { ...resumed.ctx, scenario: variantScenario } };
    advance(state, last, options.observer);
    return state.ctx.report.problems.filter((p) => p.step === last);
  }
  const { report } = replayTo(variantScenario, system, last, options.observer);
  return report.problems.filter((p) => p.step === last);
}

/** A replay stopped after a step, to resume from (each `resume` works on its own copy). */
export interface Checkpoint {
  /** The last step applied (undefined: the set-up). */
  readonly index: number | undefined;
  readonly state: Readonly<ReplayState>;
}

/** Replays up to and including the step with index `index` (undefined: none) and keeps the replay. */
export function checkpoint(scenario: Scenario, system: RulesSystem, index: number | undefined): Checkpoint {
  const state = startReplay(scenario, system, new BoardState(scenario, system), new Report());
  if (index !== undefined) advance(state, index);
  return { index, state };
}

/**
 * Carries on from `from` up to and including the step with index `until`, on a copy (the
 * checkpoint is left as it was): the same board, findings and phase as `replayTo(…, until)`.
 */
export function resume(from: Checkpoint, until: number, observer?: StepObserver): Replayed {
  const state = cloneReplay(from.state);
  const phase = advance(state, until, observer);
  return { board: state.ctx.board, report: state.ctx.report, phase };
}

/**
 * Tries `variant` as the step after `from` (the checkpoint just before the step it stands for):
 * the findings the variant gets, and what `inspect` reads of the board after it. What `tryVariant`
 * does for one question, for callers that ask many about the same step (the legal region of a
 * move). The checkpoint is left as it was: the board is not copied but journals the step's changes
 * and rolls them back (`BoardState.beginTrial`), and the rule context is a trial's
 * (`trialContext`: its records read through to the checkpoint's until written, its report holds
 * the step's findings only), so a try costs what the step changes, not the size of the board or of
 * the records. `inspect` must not keep the board.
 */
export function tryStepFrom<T>(
  from: Checkpoint,
  variant: Step,
  inspect: (board: BoardState) => T,
): { readonly problems: readonly Problem[]; readonly after: T } {
  const board = from.state.ctx.board;
  const state: ReplayState = { ctx: trialContext(from.state.ctx), phase: from.state.phase, next: from.state.next };
  const before = state.ctx.report.problems.length;
  board.beginTrial();
  try {
    applyVariant(state, variant);
    return { problems: state.ctx.report.problems.slice(before), after: inspect(board) };
  } finally {
    board.rollback();
  }
}

/**
 * The checkpoint just before the step with index `index` (every step before it applied): what
 * `checkpoint(scenario, system, <the index of the step before>)` gives, resumed from a kept
 * checkpoint of the analysis when there is one (a memo: the same state either way).
 */
export function checkpointBefore(scenario: Scenario, system: RulesSystem, index: number): Checkpoint {
  let position = 0;
  while (position < scenario.steps.length && scenario.steps[position].index < index) position++;
  const prior = position > 0 ? scenario.steps[position - 1].index : undefined;
  const resumed = resumable(scenario, system, position);
  if (!resumed || prior === undefined) return checkpoint(scenario, system, prior);
  advance(resumed, prior);
  return { index: prior, state: resumed };
}

/**
 * Replays `steps` one after another from `from` (the first in place of the step after the
 * checkpoint), on the checkpoint's board under a trial that is rolled back afterwards, as
 * `tryStepFrom` does for one step: the findings of every step replayed, in order. `goOn`, when
 * given, sees the findings so far after each step and may stop the replay there (false). The
 * checkpoint is left as it was.
 */
export function tryStepsFrom(from: Checkpoint, steps: readonly Step[], goOn?: (replayed: number, problems: readonly Problem[]) => boolean): readonly Problem[] {
  const board = from.state.ctx.board;
  const state: ReplayState = { ctx: trialContext(from.state.ctx), phase: from.state.phase, next: from.state.next };
  const before = state.ctx.report.problems.length;
  board.beginTrial();
  try {
    for (let i = 0; i < steps.length; i++) {
      applyVariant(state, steps[i]);
      if (goOn && i < steps.length - 1 && !goOn(i + 1, state.ctx.report.problems.slice(before))) break;
    }
    return state.ctx.report.problems.slice(before);
  } finally {
    board.rollback();
  }
}
