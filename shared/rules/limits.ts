import type { Tri } from "../geometry/tolerance";
import type { ChargeStep, InterventionMode, MoveStep, MoveType } from "../model/scenario";
import { MOVE_TYPE_RULES } from "../systems/move-types";
import type { RulesSystem } from "../systems/system";
import { interventionLimit } from "./charge/heroic-intervention";

/**
 * The maximum distance of each move, computed once: the rule families check paths against these,
 * and the editor's hovers and inlay hints show them (language/board/move-limits.ts). A pile-in's
 * and a consolidation's limits are the system's numbers (`system.pileIn`, `system.consolidate`).
 */

/** A move step's type: the written one, else the type that fits (no model moves: stationary; an engaged unit falls back; a written roll means an advance). */
export function moveTypeOf(step: MoveStep, engaged: Tri): MoveType {
  if (step.type) return step.type.value;
  if (step.moves.length === 0) return "stationary";
  if (engaged === "yes") return "fall-back";
  return step.roll ? "advance" : "normal";
}

/** How far a move of `type` may go for a unit with Move `move`; undefined when the scenario does not give what it needs (no `move:`, an advance without its roll). */
export function moveTypeLimit(type: MoveType, move: number | undefined, roll: number | undefined): number | undefined {
  const distance = MOVE_TYPE_RULES[type].distance;
  if (distance === "none") return 0;
  if (move === undefined) return undefined;
  if (distance === "move") return move;
  return roll === undefined ? undefined : move + roll;
}

/** The Heroic Intervention mode a charge step is made in, where the system has the stratagem (11e 15.11). */
export function interventionModeOf(system: RulesSystem, step: ChargeStep): InterventionMode | undefined {
  return system.charge.heroicIntervention ? step.intervention?.value : undefined;
}

/** A charge's maximum distance: the 2D6 roll, Into the Fray capping it at 6; undefined without a roll. */
export function chargeLimitOf(system: RulesSystem, step: ChargeStep): number | undefined {
  return step.roll ? interventionLimit(interventionModeOf(system, step), step.roll.value) : undefined;
}
