import type { ChargeStep, InterventionMode } from "../../model/scenario";
import type { UnitState } from "../../board/board-state";
import type { RuleContext } from "../context";
import { checkDeclare, checkInferredTargets, checkTargets, stepMovesModels, type TargetOptions } from "./declare";
import { chargeMove } from "./move";
import { chargePhaseState, checkIntervention, endChargePhaseState, interventionTargetRule } from "./heroic-intervention";
import { cite, eleventh } from "../../systems/rule-cite";
import { chargeLimitOf, interventionModeOf } from "../limits";

/**
 * The Charge phase (11e 11, source 004; the 10th-edition charge) and Heroic
 * Intervention (11e 15.11): `- charge: unit` steps. A step declares the charge (once per unit and
 * phase, by an eligible unit), gives the 2D6 roll and the targets, and moves the models; a step
 * that moves no model is a failed or declined charge. A charge move records the unit and its
 * targets in the turn state, which gives it Fights First until the end of the turn (24.13) and
 * makes it eligible to fight (rules/fight-11e/fight.ts).
 */
export function chargeStep(ctx: RuleContext, step: ChargeStep): void {
  const { board, report, scenario, system, turn } = ctx;
  const unit = board.units.get(step.unit.id);
  if (!unit) return;
  const related = [{ message: unit.id, span: unit.def.span }];
  const hasIntervention = system.charge.heroicIntervention;
  if (board.alive(unit).length === 0) {
    report.error("action.not-eligible", `${unit.id} has no models left on the battlefield and cannot charge (${cite(system, "11.02", "Charge")})`, step.head, {
      related,
    });
    return;
  }

  const earlier = turn.chargeDeclared.get(unit);
  if (earlier) {
    report.error(
      "action.repeated",
      `${unit.id} already declared a charge this phase; a unit declares one charge per phase (${cite(system, "11.02", "Charge")})`,
      step.head,
      {
        related: [{ message: "the earlier charge", span: earlier }],
      },
    );
  } else {
    if (unit.def.charged) {
      report.error(
        "action.repeated",
        `${unit.id} already made a charge move this turn (its set-up says \`charged:\`); a unit declares one charge per phase (${cite(system, "11.02", "Charge")})`,
        step.head,
        { related },
      );
    }
    turn.chargeDeclared.set(unit, step.head);
  }

  const mode: InterventionMode | undefined = interventionModeOf(system, step);
  if (step.intervention && !hasIntervention) {
    report.error(
      "action.mode",
      `Leap to Defend and Into the Fray are the 11th edition's Heroic Intervention modes (${eleventh("15.11")}); the 10th edition has no such modes (10e Charge)`,
      step.intervention.span,
    );
  }
  if (step.intervention && hasIntervention) {
    checkIntervention(ctx, unit, step);
  } else if (unit.player !== scenario.turn) {
    const msg = `${unit.id} belongs to ${unit.player}; in the Charge phase the player whose turn it is (${scenario.turn}) declares the charges`;
    if (hasIntervention) {
      report.error(
        "action.not-eligible",
        `${msg}; the opponent's units charge only by Heroic Intervention, written with \`intervention: leap-to-defend\` or \`into-the-fray\` (${eleventh("11.02, 15.11")})`,
        step.head,
        { related },
      );
    } else {
      // The 10th edition's own Heroic Intervention stratagem is not in the language: say so, but do not call it illegal.
      report.warning(
        "action.not-eligible",
        `${msg}, unless it is the 10th edition's Heroic Intervention stratagem, which the checker does not model (10e Charge; see the readings page)`,
        step.head,
        { related },
      );
    }
  } else {
    const first = chargePhaseState(turn).first;
    if (first) {
      report.error(
        "sequence.order",
        `Heroic Intervention is used at the end of the Charge phase; ${unit.id} declares a charge after it (${eleventh("11.03, 15.11")})`,
        step.head,
        {
          related: [{ message: "the Heroic Intervention", span: first }],
        },
      );
    }
    checkDeclare(ctx, unit, step);
  }

  const moving = stepMovesModels(board, unit, step);
  // Into the Fray's cap is part of the limit, so the too-far messages name it.
  const capped = mode === "into-the-fray" && !!step.roll && step.roll.value > 6;
  const rule = capped ? `${eleventh("11.04, 15.11")} Into the Fray: a roll above 6 counts as 6` : cite(system, "11.04", "Charge");
  const limit = chargeLimitOf(system, step);
  if (!step.roll && moving) {
    report.error("action.mode", `a charge move needs the charge roll: write \`roll:\` with the 2D6 total (${cite(system, "11.02", "Charge")})`, step.head);
  }
  const opts: TargetOptions = {
    moving,
    limit,
    ...(mode ? { restrict: (v: UnitState) => interventionTargetRule(ctx, unit, v, mode) } : {}),
  };
  const gapsAtStart = new Map<UnitState, number>();
  const gapAtStart = (v: UnitState): number => gapsAtStart.get(v) ?? Infinity;
  const written = checkTargets(ctx, unit, step, opts);
  // Read targets are engaged after a move of at most the roll: only units that near can be one.
  if (!written && moving)
    for (const v of board.unitsWithin(unit, (limit ?? 12) + system.engagementRange + 1).keys()) gapsAtStart.set(v, board.unitGap(unit, v));

  // Without a roll the dice's best is assumed (12, or 6 for Into the Fray), so no distance is wrongly called too far.
  const result = chargeMove(ctx, unit, step, { targets: written, limit: limit ?? (mode === "into-the-fray" ? 6 : 12), rule });
  if (result.moved.length === 0) return;
  if (!written) checkInferredTargets(ctx, unit, step, result.targets, gapAtStart, opts);
  turn.charged.set(unit, result.targets);
}

/** Called when the Charge phase ends: its Heroic Interventions are forgotten (charges last the turn). */
export function endChargePhase(ctx: RuleContext): void {
  endChargePhaseState(ctx.turn);
}
