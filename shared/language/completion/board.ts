import type { Code } from "../../diagnostics/codes";
import type { BoardState, UnitState } from "../../board/board-state";
import { replayTo } from "../../engine/timeline";
import { inches } from "../../rules/report";
import { within, type Tri } from "../../geometry/tolerance";
import type { Scenario, Step } from "../../model/scenario";
import { objectiveGap } from "../../rules/common/objectives";
import { resolveSystem } from "../../systems/rulings";
import type { RulesSystem } from "../../systems/system";
import { findingKey, judgeChoice, Oracle } from "../oracle/index";

/**
 * The board as the rules engine has it just before a step, for ordering what completion offers:
 * targets engaged with the acting unit first, then those within the rule's range, then the rest;
 * objectives in range first. Every distance and "engaged" here is the engine's own measurement.
 */
export interface StepBoard {
  readonly scenario: Scenario;
  readonly system: RulesSystem;
  readonly board: BoardState;
  /** The phase the timeline is in at the step. */
  readonly phase: string;
  /** Where the Fight phase is (11e's Pile In, Fight and Consolidate steps), when in it. */
  readonly sub?: "pile-in" | "fight" | "consolidate";
}

/** The system a scenario is checked under, with its rulings. */
export function systemOf(scenario: Scenario): RulesSystem {
  return resolveSystem(
    scenario.rules.value,
    scenario.rulings.map((r) => r.id),
  ).system;
}

/** Replays every step before position `index` in `steps:` and returns the board then. */
export function boardBefore(scenario: Scenario, index: number): StepBoard {
  const system = systemOf(scenario);
  const { board, phase } = replayTo(scenario, system, index - 1);
  return { scenario, system, board, phase, ...(phase === "fight" && { sub: fightSubStep(scenario, index) }) };
}

/** The 11e Fight phase's sub-step before position `index`, as the replay moves through it (engine/replay.ts). */
function fightSubStep(scenario: Scenario, index: number): "pile-in" | "fight" | "consolidate" {
  let phase = scenario.phase;
  let sub: "pile-in" | "fight" | "consolidate" = "pile-in";
  for (const step of scenario.steps) {
    if (step.index >= index) break;
    if (step.kind === "phase") {
      phase = step.phase.value;
      sub = "pile-in";
    } else if (phase === "fight" && step.kind === "fight" && sub === "pile-in") sub = "fight";
    else if (phase === "fight" && step.kind === "consolidate") sub = "consolidate";
  }
  return sub;
}

/** How an enemy unit stands to the acting unit: bucket 0 engaged, 1 within range, 2 further. */
export interface RankedUnit {
  readonly unit: UnitState;
  readonly bucket: 0 | 1 | 2;
  readonly gap: number;
  /** `engaged 0.4"`, `within 5" (3.2")`, `7.5" away`. */
  readonly detail: string;
}

/**
 * The enemy units of `actor` still on the board, in rules order: engaged with it (a borderline
 * engagement counts, as the engine's most permissive reading does), then within `range`, then the
 * rest; nearer first within each group, then by id.
 */
export function rankEnemies(sb: StepBoard, actor: UnitState, range: number): RankedUnit[] {
  const { board } = sb;
  const engaged = board.engagedUnits(actor);
  const near = Number.isFinite(range) ? board.unitsWithin(actor, range) : undefined;
  const out: RankedUnit[] = board.enemyUnits(actor).map((unit) => {
    const gap = board.unitGap(actor, unit);
    const e: Tri = engaged.get(unit) ?? "no";
    if (e !== "no") return { unit, bucket: 0, gap, detail: `${e === "border" ? "borderline engaged" : "engaged"} ${inches(gap)}` };
    const w: Tri = near ? (near.get(unit) ?? "no") : "yes";
    if (w !== "no") return { unit, bucket: 1, gap, detail: Number.isFinite(range) ? `within ${inches(range)} (${inches(gap)})` : `${inches(gap)} away` };
    return { unit, bucket: 2, gap, detail: `${inches(gap)} away` };
  });
  return out.sort((a, b) => a.bucket - b.bucket || a.gap - b.gap || (a.unit.id < b.unit.id ? -1 : a.unit.id > b.unit.id ? 1 : 0));
}

/** The objectives by distance from the unit: within `range` first (bucket 0), then the rest. */
export function rankObjectives(sb: StepBoard, actor: UnitState, range: number): { id: string; bucket: 0 | 1; detail: string; gap: number }[] {
  if (sb.board.alive(actor).length === 0) return sb.scenario.objectives.map((o) => ({ id: o.id, bucket: 1, detail: "", gap: Infinity }));
  return sb.scenario.objectives
    .map((o) => {
      const gap = objectiveGap(sb.board, actor, o);
      const inRange = within(gap, range) !== "no";
      return {
        id: o.id,
        bucket: inRange ? (0 as const) : (1 as const),
        gap,
        detail: inRange ? `within ${inches(range)} (${inches(gap)})` : `${inches(gap)} away`,
      };
    })
    .sort((a, b) => a.bucket - b.bucket || a.gap - b.gap);
}

/** Places the models of a written move list at their end points (a fight's nested pile-in, before its targets). */
export function applyEnds(
  sb: StepBoard,
  moves: readonly { readonly model: { readonly id: string }; readonly path: readonly { x: number; y: number }[] }[],
): void {
  for (const mv of moves) {
    const m = sb.board.models.get(mv.model.id);
    const end = mv.path[mv.path.length - 1];
    if (m && m.alive && end) sb.board.place(m, end);
  }
}

/** What the engine said about one probed value: nothing (legal), only borderline warnings, or an error. */
export interface Verdict {
  readonly ok: Tri;
  readonly message?: string;
  /**
   * Set when the value has no error of its own, only an eligibility or order finding every value
   * shares (its code): the unit may not act here, whatever the value.
   */
  readonly blocked?: Code;
}

/** Findings about the choice itself: the mode or type is not allowed, or the unit may not act so. */
const CHOICE_CODES: readonly Code[] = ["action.mode", "action.not-eligible"];

/**
 * Asks the engine about each value of one choice of the step at `index` (a fight type, a
 * consolidation mode, …): the steps before it are replayed with the step as `patch` writes it.
 * A value is legal when the step with it has no `action.mode`, `action.not-eligible` or other
 * eligibility or order error (oracle/'s judgeChoice); an eligibility or order error
 * the step has whatever the value, and without one, is named as the reason instead of the value. The step's moves are left out: they do not
 * decide the choice. `expired` stops the questions early: the values not asked get no verdict.
 */
export function probeChoice(
  scenario: Scenario,
  step: Step,
  values: readonly string[],
  patch: (step: Step, value: string | undefined) => Step,
  expired?: () => boolean,
): Map<string, Verdict> {
  const oracle = new Oracle(scenario, systemOf(scenario), step.index, expired ? { expired } : {});
  const still = withoutMoves(step);
  const choice = judgeChoice(oracle, values, (value) => patch(still, value), CHOICE_CODES, patch(still, undefined));
  const out = new Map<string, Verdict>();
  for (const [value, v] of choice.verdicts) {
    const own = v.errors.find((p) => !choice.common.has(findingKey(p)));
    if (own) out.set(value, { ok: "no", message: own.message });
    else if (choice.blockedBy) out.set(value, { ok: "no", message: choice.blockedBy.message, blocked: choice.blockedBy.code });
    else if (v.errors.length > 0) out.set(value, { ok: "no", message: v.errors[0].message });
    else if (v.warnings.length > 0) out.set(value, { ok: "border", message: v.warnings[0].message });
    else out.set(value, { ok: "yes" });
  }
  return out;
}

function withoutMoves(step: Step): Step {
  switch (step.kind) {
    case "pile-in":
    case "consolidate":
    case "move":
    case "charge":
      return { ...step, moves: [] };
    case "fight":
      return {
        ...step,
        ...(step.pileIn && { pileIn: { ...step.pileIn, moves: [] } }),
        ...(step.consolidate && { consolidate: { ...step.consolidate, moves: [] } }),
      };
    default:
      return step;
  }
}
