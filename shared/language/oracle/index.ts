import type { Code } from "../../diagnostics/codes";
import type { Problem } from "../../diagnostics/problem";
import type { BoardState } from "../../board/board-state";
import type { StepObserver } from "../../engine/replay";
import { boardAfter, tryVariant } from "../../engine/timeline";
import type { FightStep, RefList, Scenario, Step } from "../../model/scenario";
import type { RulesSystem } from "../../systems/system";
import type { Span } from "../../source/span";

/**
 * The engine as an oracle for "what may this unit do here?". The replay keeps its state (the fight
 * order, who was selected, what charged) to itself, so instead of re-deriving any rule the hover
 * and completion ask the engine: it replays the timeline up to the step with the step rewritten
 * (a mode written out, other targets, or a unit selected next) and reads which findings that
 * variant produces. Whatever they call legal is therefore exactly what the engine accepts.
 *
 * Each question costs one replay of the steps before it (`tryVariant`, engine/timeline.ts): the
 * replay's state (the RuleContext with its TurnState and FightPhaseState) is built inside each
 * replay, so a variant does not start from a shared checkpoint (`checkpoint`/`resume` in
 * engine/timeline.ts could give it one; the oracle does not use them yet). Two limits keep
 * a long timeline from blocking the server: a budget of replayed steps (deterministic; shared/ has
 * no clock) and the caller's `expired` deadline, checked before each question and before each
 * replayed step. A question left unanswered is said so, never guessed.
 */

/** At most this many alternatives are tried per question (the nearest units first). */
export const MAX_CANDIDATES = 12;

/** Steps one hover may replay in all (a replay of a 40-step prefix costs 40). */
export const REPLAY_BUDGET = 1200;

/** Findings about whether the unit may act here at all, and in this order. */
export const SELECTION: readonly Code[] = ["action.not-eligible", "action.repeated", "sequence.order", "fight.order"];

/** What a variant of a step yields: its errors and warnings with the asked codes. */
export interface Verdict {
  readonly errors: readonly Problem[];
  readonly warnings: readonly Problem[];
}

/** Limits on the questions of one hover or completion. */
export interface OracleLimits {
  /** Replayed steps allowed in all (default: no limit). */
  readonly budget?: number;
  /** The caller's deadline: true once no further question should be asked. */
  readonly expired?: () => boolean;
}

/** Why a question went unanswered. */
export type Stop = "budget" | "deadline";

/** A model's place on the board: enough to rebuild the board without replaying. */
interface Placed {
  readonly id: string;
  readonly at: { x: number; y: number };
  readonly facing: number;
  readonly alive: boolean;
}

/** The questions about one step, under one budget and one deadline. */
export class Oracle {
  private left: number;
  private readonly expired: () => boolean;
  /** Set once a question went unanswered, with the first reason. */
  stopped: Stop | undefined;
  /** The board just before the step, as the first replay saw it (read by `board()`). */
  private placed: readonly Placed[] | undefined;
  private before: BoardState | undefined;

  constructor(
    readonly scenario: Scenario,
    readonly system: RulesSystem,
    readonly at: number,
    limits: OracleLimits = {},
  ) {
    this.left = limits.budget ?? Infinity;
    this.expired = limits.expired ?? (() => false);
  }

  /** The verdict on `variant` (with `after` behind it), or undefined when the budget or the time is spent. */
  ask(variant: Step, codes: readonly Code[], after: readonly Step[] = []): Verdict | undefined {
    if (this.expired()) {
      this.stopped ??= "deadline";
      return undefined;
    }
    const prefix = this.scenario.steps.filter((s) => s.index < this.at);
    const cost = prefix.length + 1 + after.length;
    if (cost > this.left) {
      this.stopped ??= "budget";
      return undefined;
    }
    this.left -= cost;
    const watched = new Set<BoardState>();
    const observer: StepObserver = {
      beforeStep: (step, board) => {
        // A long replay is abandoned as soon as the deadline passes, not only between questions,
        // and inside a step's witness searches too (the board asks `interrupt` at each one).
        if (this.expired()) throw new Abandoned();
        if (!watched.has(board)) {
          watched.add(board);
          board.interrupt = () => {
            if (this.expired()) throw new Abandoned();
          };
        }
        // The first replay also records the board just before the step: the hover needs no replay of its own for it.
        if (step === variant && !this.placed) this.placed = placements(board);
      },
    };
    let problems: readonly Problem[];
    try {
      problems = tryVariant(this.scenario, this.system, this.at, variant, { after, observer });
    } catch (error) {
      if (!(error instanceof Abandoned)) throw error;
      this.stopped ??= "deadline";
      return undefined;
    } finally {
      for (const board of watched) board.interrupt = undefined;
    }
    const found = problems.filter((p) => codes.includes(p.code));
    return { errors: found.filter((p) => p.severity === "error"), warnings: found.filter((p) => p.severity === "warning") };
  }

  /**
   * The board just before the step: rebuilt from where an earlier question's replay found the
   * models, or replayed once when no question was asked yet. Not counted against the budget or
   * the deadline: a hover always shows it.
   */
  board(): BoardState {
    if (this.before) return this.before;
    const prefix = this.scenario.steps.filter((s) => s.index < this.at);
    const board = boardAfter(this.scenario, this.system, this.placed || prefix.length === 0 ? undefined : prefix[prefix.length - 1].index);
    if (this.placed) {
      for (const p of this.placed) {
        const m = board.models.get(p.id);
        if (!m) continue;
        if (!p.alive) board.remove(m);
        else if (p.at.x !== m.at.x || p.at.y !== m.at.y || p.facing !== m.facing) board.place(m, p.at, p.facing);
      }
    }
    return (this.before = board);
  }
}

/** Thrown from the replay's observer to leave a replay the deadline overtook (the replay holds nothing that outlives it). */
class Abandoned extends Error {}

function placements(board: BoardState): Placed[] {
  return [...board.models.values()].map((m) => ({ id: m.def.id, at: { x: m.at.x, y: m.at.y }, facing: m.facing, alive: m.alive }));
}

/** The engine's verdicts on the values of one choice. */
export interface Choice<T> {
  /** Each value asked, with its verdict (values left unasked are missing). */
  readonly verdicts: ReadonlyMap<T, Verdict>;
  /** The values the engine accepts: no error with the asked codes nor with a selection code. */
  readonly legal: readonly T[];
  /**
   * When every value was asked and all share an eligibility or order error that the step has with
   * the choice left out as well (the unit may not act here, whatever the choice), that finding.
   */
  readonly blockedBy?: Problem;
  /** Errors every asked value has (keyed by code and message), to tell a value's own error apart. */
  readonly common: ReadonlySet<string>;
}

/**
 * Asks the engine about each value of a choice. A value is legal only when the step with it has
 * no error with `codes` and none with a selection code. (Comparing with the step with the choice
 * left out instead would let every value inherit a finding no value cures: a unit that may not
 * act at all would seem free to take any value.) `unset` is the step with the choice left out: it
 * is asked only when all values share a selection error, to tell a unit that may not act here from
 * values that are each wrong in the same way (every Heroic Intervention mode, for a unit of the
 * player whose turn it is).
 */
export function judgeChoice<T>(oracle: Oracle, values: readonly T[], variantOf: (value: T) => Step, codes: readonly Code[], unset: Step): Choice<T> {
  const asked = [...new Set([...codes, ...SELECTION])];
  const verdicts = new Map<T, Verdict>();
  for (const value of values) {
    const verdict = oracle.ask(variantOf(value), asked);
    if (verdict) verdicts.set(value, verdict);
  }
  const legal = values.filter((v) => verdicts.get(v)?.errors.length === 0);
  const all = [...verdicts.values()];
  const common = new Set(all.length === 0 ? [] : all.map((v) => new Set(v.errors.map(findingKey))).reduce((a, b) => new Set([...a].filter((k) => b.has(k)))));
  const complete = values.length > 0 && verdicts.size === values.length;
  const shared = complete ? all[0].errors.filter((p) => SELECTION.includes(p.code) && common.has(findingKey(p))) : [];
  const unsetErrors = shared.length > 0 ? new Set(oracle.ask(unset, asked)?.errors.map(findingKey)) : new Set<string>();
  const blockedBy = shared.find((p) => unsetErrors.has(findingKey(p)));
  return { verdicts, legal, common, ...(blockedBy && { blockedBy }) };
}

/** A finding's identity across variants (their spans differ: each variant is a new step). */
export function findingKey(p: Problem): string {
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
