import { within } from "../../geometry/tolerance";
import type { ChargeStep, InterventionMode } from "../../model/scenario";
import type { UnitState } from "../../board/board-state";
import type { ChargePhaseState, RuleContext, TurnState } from "../context";
import { inches } from "../report";
import { enemyWithin } from "./declare";
import { eleventh } from "../../systems/rule-cite";

/**
 * Heroic Intervention (11e 15.11; its mode text is source 004 lines 31–39): a stratagem used at the end of the opponent's Charge phase. A friendly unit that is
 * unengaged and within 12" of enemy units (a VEHICLE only if it is a CHARACTER or WALKER) resolves
 * a charge (11.02) in one of two modes chosen before the roll:
 * - Leap to Defend: charge targets only among enemy units that made a charge move this phase and
 *   are within the maximum distance;
 * - Into the Fray: a charge roll above 6 becomes 6; targets any enemy units within 6" and within
 *   the maximum distance.
 * Every check of the charge move (11.04) applies as to any charge (rules/charge/move.ts).
 */

const RULE = eleventh("15.11");

/** The current Charge phase's state (kept on the turn state). */
export function chargePhaseState(turn: TurnState): ChargePhaseState {
  return (turn.chargePhase ??= { interventions: new Map() });
}

/** Forgets the Charge phase (it ended). */
export function endChargePhaseState(turn: TurnState): void {
  turn.chargePhase = undefined;
}

/** The maximum distance of an intervention's charge: Into the Fray changes a roll above 6 to 6. */
export function interventionLimit(mode: InterventionMode | undefined, roll: number): number {
  return mode === "into-the-fray" ? Math.min(roll, 6) : roll;
}

/** Who may use the stratagem, when, and on which unit (15.11, 15.01, 01.07); 11th edition only. */
export function checkIntervention(ctx: RuleContext, unit: UnitState, step: ChargeStep): void {
  const { board, report, scenario, system } = ctx;
  const related = [{ message: unit.id, span: unit.def.span }];
  if (unit.player === scenario.turn) {
    report.error(
      "action.not-eligible",
      `Heroic Intervention is used in the opponent's Charge phase; ${unit.id} belongs to the player whose turn it is (${RULE})`,
      step.head,
      { related },
    );
    return;
  }
  const state = chargePhaseState(ctx.turn);
  const earlier = state.interventions.get(unit.player);
  if (earlier) {
    report.error(
      "action.repeated",
      `${unit.player} already used Heroic Intervention this phase; a stratagem is used at most once per phase (${RULE}, 15.01)`,
      step.head,
      {
        related: [{ message: "the earlier Heroic Intervention", span: earlier }],
      },
    );
  } else {
    state.interventions.set(unit.player, step.head);
  }
  state.first ??= step.head;

  if (unit.def.battleShocked) {
    report.error("action.not-eligible", `${unit.id} is battle-shocked and cannot be the target of its player's stratagems (${RULE}, 01.07)`, step.head, {
      related,
    });
  }
  const kw = unit.def.keywords;
  if (kw.includes("vehicle") && !kw.includes("character") && !kw.includes("walker")) {
    report.error(
      "action.not-eligible",
      `${unit.id} is a VEHICLE that is neither a CHARACTER nor a WALKER, so it cannot make a Heroic Intervention (${RULE})`,
      step.head,
      { related },
    );
  }
  const engaged = board.isEngaged(unit);
  report.unless(
    engaged === "yes" ? "no" : engaged === "no" ? "yes" : "border",
    "action.not-eligible",
    `${unit.id} is engaged; Heroic Intervention selects an unengaged unit (${RULE})`,
    step.head,
    { related },
  );
  const near = enemyWithin(ctx, unit, system.charge.declareRange);
  if (near.t !== "yes") {
    report.unless(
      near.t,
      "action.not-eligible",
      `${unit.id} is ${inches(near.nearest())} from the nearest enemy unit; Heroic Intervention selects a unit within ${inches(system.charge.declareRange)} of enemy units (${RULE})`,
      step.head,
      { related },
    );
  }
}

/**
 * The mode's restriction on one written charge target, at the start of the move: Leap to Defend
 * only enemy units that made a charge move this phase; Into the Fray only enemy units within 6".
 * (Within the maximum distance is checked for every charge.) Returns the finding's message, or
 * undefined with the three-valued answer when it is a distance.
 */
export function interventionTargetRule(
  ctx: RuleContext,
  unit: UnitState,
  target: UnitState,
  mode: InterventionMode,
): { message: string; t: "no" | "border" } | undefined {
  if (mode === "leap-to-defend") {
    if (ctx.turn.charged.has(target)) return undefined;
    return {
      message: `${target.id} did not make a charge move this phase; with Leap to Defend the charge targets only enemy units that did (${RULE})`,
      t: "no",
    };
  }
  const g = ctx.board.unitGap(unit, target);
  const t = within(g, 6);
  if (t === "yes") return undefined;
  return { message: `${target.id} is ${inches(g)} from ${unit.id}; with Into the Fray the charge targets enemy units within 6" (${RULE})`, t };
}
