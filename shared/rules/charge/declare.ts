import { MOVED, within, type Tri } from "../../geometry/tolerance";
import type { ChargeStep } from "../../model/scenario";
import type { BoardState, UnitState } from "../../board/board-state";
import type { RuleContext } from "../context";
import { inches } from "../report";
import { alsoCite, cite } from "../../systems/rule-cite";

/**
 * Declaring a charge and selecting its targets: 11e 11.02 (eligibility) and 11.04 Before Moving
 * (targets within 12" and within the roll, selected after it); 10e Charge (targets declared
 * before the roll, each within 12").
 */

/**
 * Is the unit within `range` of an enemy unit (three-valued), and how far is the nearest one?
 * The spatial query settles the answer; the exact distance, needed only for a message, is
 * measured only when the answer is not a clear yes.
 */
export function enemyWithin(ctx: RuleContext, unit: UnitState, range: number): { t: Tri; nearest: () => number } {
  const { board } = ctx;
  const near = board.unitsWithin(unit, range);
  let t: Tri = "no";
  for (const v of near.values()) t = t === "yes" || v === "yes" ? "yes" : "border";
  const nearest = (): number => {
    let best = Infinity;
    for (const v of board.enemyUnits(unit)) best = Math.min(best, board.unitGap(unit, v));
    return best;
  };
  return { t, nearest };
}

/**
 * 11.02: a unit is not eligible to declare a charge when it is not within 12" of an enemy unit,
 * is engaged, or made an advance or fall-back move this turn (10e: the same three conditions).
 */
export function checkDeclare(ctx: RuleContext, unit: UnitState, step: ChargeStep): void {
  const { board, report, system, turn } = ctx;
  const rule = cite(system, "11.02", "Charge");
  const related = [{ message: unit.id, span: unit.def.span }];
  const range = system.charge.declareRange;
  const near = enemyWithin(ctx, unit, range);
  if (near.t !== "yes") {
    report.unless(
      near.t,
      "action.not-eligible",
      `${unit.id} is ${inches(near.nearest())} from the nearest enemy unit; a unit must be within ${inches(range)} of an enemy unit to declare a charge (${rule})`,
      step.head,
      { related },
    );
  }
  const engaged = board.isEngaged(unit);
  report.unless(invert(engaged), "action.not-eligible", `${unit.id} is engaged, so it is not eligible to declare a charge (${rule})`, step.head, { related });
  if (turn.advanced.has(unit) || turn.fellBack.has(unit)) {
    const did = turn.advanced.has(unit) ? "an advance" : "a fall-back";
    report.error(
      "action.not-eligible",
      `${unit.id} made ${did} move this turn, so it is not eligible to declare a charge (${rule}${alsoCite(system, turn.advanced.has(unit) ? "09.06" : "09.07")})`,
      step.head,
      { related },
    );
  }
}

/** Will the step move any model of the unit (so that it is a charge move, not a failed or declined charge)? */
export function stepMovesModels(board: BoardState, unit: UnitState, step: ChargeStep): boolean {
  return step.moves.some((mv) => {
    const m = board.models.get(mv.model.id);
    if (!m || !m.alive || m.unit !== unit) return false;
    const end = mv.path[mv.path.length - 1];
    const turned = m.shape.kind === "ellipse" && mv.facing !== undefined && Math.abs((((mv.facing - m.facing) % 180) + 180) % 180) > 0.5;
    return Math.hypot(end.x - m.at.x, end.y - m.at.y) > MOVED || turned;
  });
}

/** What the target checks need to know about the charge. */
export interface TargetOptions {
  /** Does the step move models (a charge move), or is the charge failed or declined? */
  readonly moving: boolean;
  /** The charge move's maximum distance (the roll, capped by Into the Fray), if the roll is written. */
  readonly limit?: number;
  /** A further restriction on each target (a Heroic Intervention mode's, 11e 15.11). */
  readonly restrict?: (v: UnitState) => { readonly t: Tri; readonly message: string } | undefined;
}

/**
 * Checks the written charge targets against the positions before the move and returns the enemy
 * units among them, or undefined when `targets:` is not written (the move then decides them).
 */
export function checkTargets(ctx: RuleContext, unit: UnitState, step: ChargeStep, opts: TargetOptions): UnitState[] | undefined {
  const { board, report, system } = ctx;
  if (!step.targets) return undefined;
  const span = step.targets.span;
  const written = step.targets.refs.map((r) => board.units.get(r.id)).filter((u): u is UnitState => !!u);
  for (const f of written.filter((u) => u.player === unit.player)) {
    report.error("action.targets", `${f.id} is a friendly unit and cannot be a charge target (${cite(system, "11.04", "Charge")})`, span);
  }
  const enemies = written.filter((u) => u.player !== unit.player);
  if (enemies.length === 0 && written.length === 0 && (opts.moving || system.charge.targetsBeforeRoll)) {
    report.error("action.targets", `a charge selects one or more enemy units as its charge targets (${cite(system, "11.04", "Charge")})`, span);
  }
  for (const v of enemies) {
    for (const f of targetFindings(ctx, unit, v, board.unitGap(unit, v), opts)) {
      report.unless(f.t, "action.targets", f.message, span, { related: [{ message: v.id, span: v.def.span }] });
    }
  }
  return enemies;
}

/**
 * Targets read from the move when `targets:` is not written: every enemy unit the unit ends
 * engaged with (it may be engaged with no other). They are checked like written ones, on the
 * step's head, with the gaps measured before the move (`gapAtStart`).
 */
export function checkInferredTargets(
  ctx: RuleContext,
  unit: UnitState,
  step: ChargeStep,
  targets: readonly UnitState[],
  gapAtStart: (v: UnitState) => number,
  opts: TargetOptions,
): void {
  for (const v of targets) {
    const g = gapAtStart(v);
    // Not measured (out of the roll's reach): that model moved too far, which is reported already.
    if (!Number.isFinite(g)) continue;
    for (const f of targetFindings(ctx, unit, v, g, opts)) {
      ctx.report.unless(
        f.t,
        "action.targets",
        `\`targets:\` is not written, so every enemy unit the charge ends engaged with is read as a charge target: ${f.message}`,
        step.head,
        {
          related: [{ message: v.id, span: v.def.span }],
        },
      );
    }
  }
}

/** The rules one enemy target breaks, given its gap `g` from the charging unit before the move. */
function targetFindings(ctx: RuleContext, unit: UnitState, v: UnitState, g: number, opts: TargetOptions): { t: Tri; message: string }[] {
  const { system } = ctx;
  const range = system.charge.declareRange;
  const out: { t: Tri; message: string }[] = [];
  if (system.charge.targetsBeforeRoll) {
    // 10e: declared before the roll; the roll decides only whether the charge succeeds.
    const t = within(g, range);
    if (t !== "yes")
      out.push({
        t,
        message: `${v.id} is ${inches(g)} from ${unit.id}; charge targets are declared within ${inches(range)} (${cite(system, "11.04", "Charge")})`,
      });
    return out;
  }
  // 11e: selected after the roll, only when the charge move is made.
  if (!opts.moving) return out;
  const bound = opts.limit === undefined ? range : Math.min(range, opts.limit);
  const t = within(g, bound);
  if (t !== "yes") {
    const roll = opts.limit === undefined ? "" : ` and within the charge's maximum distance (${inches(opts.limit)})`;
    out.push({
      t,
      message: `${v.id} is ${inches(g)} from ${unit.id}; charge targets must be within ${inches(range)}${roll} (${cite(system, "11.04", "Charge")})`,
    });
  }
  const f = opts.restrict?.(v);
  if (f) out.push(f);
  return out;
}

/** "Is it engaged?" turned into "is it unengaged?". */
function invert(t: Tri): Tri {
  return t === "yes" ? "no" : t === "no" ? "yes" : "border";
}
