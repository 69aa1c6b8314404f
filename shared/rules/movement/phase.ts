import type { Tri } from "../../geometry/tolerance";
import type { MoveStep, MoveType } from "../../model/scenario";
import type { UnitState } from "../../board/board-state";
import type { RuleContext } from "../context";
import { inches, list } from "../report";
import { applyMoves, checkEndPositions, checkPaths, plannedMoves } from "../common/moves";
import { checkCoherency } from "../common/coherency";
import { pathBlocker } from "../common/passage";
import { cite } from "../../systems/rule-cite";
import { ADVANCE_ROLL, MOVE_TYPE_RULES } from "../../systems/move-types";
import { moveTypeLimit, moveTypeOf } from "../limits";

/**
 * The Movement phase (11e 09, source 001; the 10th edition's moves read the same way with its own
 * engagement range): `- move: unit` steps. Each unit of the player whose turn it is is selected
 * once and makes one move type: remain stationary (09.04), normal (09.05), advance (09.06) or
 * fall back (09.07), each with its eligibility, maximum distance and After Moving conditions,
 * plus the generic move checks of 03.01 / 03.03 (rules/common/moves.ts).
 */
export function moveStep(ctx: RuleContext, step: MoveStep): void {
  const { board, report, scenario, system, turn } = ctx;
  const unit = board.units.get(step.unit.id);
  if (!unit) return;
  const related = [{ message: unit.id, span: unit.def.span }];
  if (board.alive(unit).length === 0) {
    report.error(
      "action.not-eligible",
      `${unit.id} has no models left on the battlefield and cannot be selected to move (${cite(system, "09.02", "Movement Phase")})`,
      step.head,
      { related },
    );
    return;
  }

  if (unit.player !== scenario.turn) {
    report.error(
      "action.not-eligible",
      `${unit.id} belongs to ${unit.player}; in the Movement phase only the player whose turn it is (${scenario.turn}) selects units to move (${cite(system, "09.02", "Movement Phase")})`,
      step.head,
      { related },
    );
  }
  const earlier = turn.moved.get(unit);
  if (earlier) {
    report.error(
      "action.repeated",
      `${unit.id} was already selected to move this phase; each unit is selected once (${cite(system, "09.02", "Movement Phase")})`,
      step.head,
      {
        related: [{ message: "the earlier move", span: earlier }],
      },
    );
  } else {
    if (unit.def.advanced || unit.def.fellBack) {
      const did = unit.def.advanced ? "advanced" : "fell back";
      report.error(
        "action.repeated",
        `${unit.id} already ${did} this turn (its set-up says so), so it was already selected to move (${cite(system, "09.02", "Movement Phase")})`,
        step.head,
        { related },
      );
    }
    turn.moved.set(unit, step.head);
  }

  const engaged = board.isEngaged(unit);
  const type = moveTypeOf(step, engaged);
  if (type === "advance") turn.advanced.add(unit);
  if (type === "fall-back") turn.fellBack.add(unit);
  if (step.mode && type !== "fall-back") {
    report.error(
      "action.mode",
      `a fall-back mode (${step.mode.value}) is selected only for a fall-back move, not for a ${describe(type)} (${cite(system, "09.07", "Fall Back Moves")})`,
      step.mode.span,
    );
  }
  if (type === "stationary") {
    remainStationary(ctx, unit, step);
    return;
  }
  // Eligibility is judged only for a written type: an inferred one is the type that fits.
  if (step.type) checkEligible(ctx, unit, type, engaged, step);
  if (type === "fall-back" && step.mode?.value === "ordered-retreat" && unit.def.battleShocked && system.movement.fallBackModes) {
    report.error(
      "action.mode",
      `${unit.id} is battle-shocked, so it must select desperate escape, not ordered retreat (${cite(system, "09.07", "Fall Back Moves")})`,
      step.mode.span,
      { related },
    );
  }

  const rule = typeRule(ctx, type);
  const limit = maxDistance(ctx, unit, step, type, rule);
  const moves = plannedMoves(board, unit, step.moves, report);
  checkPaths(board, moves, limit, describe(type), rule, report, pathBlocker(system, type, step.mode?.value));
  const moved = applyMoves(board, moves);
  if (moved.length > 0) {
    checkEndPositions(board, moved, rule, report);
    checkCoherency(board, unit, step.head, report);
  }
  // After Moving: the unit must be unengaged (09.05, 09.06, 09.07). A fall-back that moves no
  // model leaves an engaged unit engaged, which is the same failure.
  if (moved.length > 0 || type === "fall-back") checkUnengaged(ctx, unit, type, step, rule);
}

/** The move type's own rule, "11e 09.05" or "10e Normal Moves". */
function typeRule(ctx: RuleContext, type: MoveType): string {
  const { section, heading } = MOVE_TYPE_RULES[type];
  return cite(ctx.system, section, heading);
}

function describe(type: MoveType): string {
  return MOVE_TYPE_RULES[type].what;
}

/** 09.05 / 09.06: eligible if unengaged; 09.07: eligible if engaged. */
function checkEligible(ctx: RuleContext, unit: UnitState, type: MoveType, engaged: Tri, step: MoveStep): void {
  const rule = typeRule(ctx, type);
  const related = [{ message: unit.id, span: unit.def.span }];
  const { eligible } = MOVE_TYPE_RULES[type];
  if (eligible === "any") return;
  if (eligible === "engaged") {
    ctx.report.unless(engaged, "action.not-eligible", `${unit.id} is not engaged, so it cannot make a fall-back move (${rule})`, step.head, { related });
    return;
  }
  const with_ = list([...ctx.board.engagedUnits(unit).keys()].map((v) => v.id));
  ctx.report.unless(
    not(engaged),
    "action.not-eligible",
    `${unit.id} is engaged with ${with_}, so it cannot make a ${describe(type)}; an engaged unit falls back or remains stationary (${rule})`,
    step.head,
    { related },
  );
}

/** The move type's maximum distance: M, or M plus the advance roll. Unknown data is reported and read permissively. */
function maxDistance(ctx: RuleContext, unit: UnitState, step: MoveStep, type: MoveType, rule: string): number {
  const { report } = ctx;
  const m = unit.def.move;
  if (m === undefined) {
    report.error("scenario.schema", `${unit.id} needs its Move characteristic (\`move:\` in inches) to make a ${describe(type)} (${rule})`, step.head, {
      related: [{ message: `${unit.id} has no move:`, span: unit.def.span }],
    });
    return Infinity;
  }
  const limit = moveTypeLimit(type, m, step.roll?.value);
  if (limit !== undefined) return limit;
  // Without the roll the best the dice allow (6) is assumed, so no distance is called too far wrongly.
  report.error("action.mode", `an advance move needs its advance roll: write \`roll:\` with the D6 result (${rule})`, step.type?.span ?? step.head);
  return m + ADVANCE_ROLL.max;
}

/** Remain stationary (09.04): no model is moved, neither in a straight line nor rotated. */
function remainStationary(ctx: RuleContext, unit: UnitState, step: MoveStep): void {
  const { board, report, system } = ctx;
  const moved = applyMoves(board, plannedMoves(board, unit, step.moves, report));
  for (const mm of moved) {
    const d = Math.hypot(mm.model.at.x - mm.from.x, mm.model.at.y - mm.from.y);
    const how = d > 0.005 ? `moves ${mm.model.def.id} ${inches(d)}` : `turns ${mm.model.def.id}`;
    report.error(
      "move.too-far",
      `a unit that remains stationary moves no model, not even by turning it; this ${how} (${cite(system, "09.04", "Remain Stationary")})`,
      mm.move.span,
    );
  }
}

/** After Moving: the unit must be unengaged; forbidding within, so "yes" is the error. */
function checkUnengaged(ctx: RuleContext, unit: UnitState, type: MoveType, step: MoveStep, rule: string): void {
  const after = ctx.board.engagedUnits(unit);
  const t = not(ctx.board.isEngaged(unit));
  const er = inches(ctx.system.engagementRange);
  ctx.report.unless(
    t,
    "engagement.forbidden",
    `${unit.id} ends its ${describe(type)} engaged with ${list([...after.keys()].map((v) => v.id))} (within ${er}); after this move the unit must be unengaged (${rule})`,
    step.head,
    {
      related: [...after.keys()].map((v) => ({ message: v.id, span: v.def.span })),
    },
  );
}

/** Inverts a three-valued "is it engaged?" into "is it unengaged?". */
function not(t: Tri): Tri {
  return t === "yes" ? "no" : t === "no" ? "yes" : "border";
}
