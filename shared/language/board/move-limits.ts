import type { Tri } from "../../geometry/tolerance";
import type { ChargeStep, MoveStep, UnitDef } from "../../model/scenario";
import { chargeLimitOf, interventionModeOf, moveTypeLimit, moveTypeOf } from "../../rules/limits";
import { MOVE_TYPE_RULES } from "../../systems/move-types";
import type { RulesSystem } from "../../systems/system";

/**
 * The maximum distance of a move and how a hover names it. The numbers come from where the rule
 * families read them (rules/limits.ts, the system's pile-in and consolidation numbers); a limit
 * the scenario does not give (no `move:`, no roll) is undefined rather than the engine's
 * permissive stand-in, so hints never show a number the author did not write.
 */

/** Which block of a step a move is written in: the step's own `to:`, or a fight's nested block. */
export type MoveBlock = "pile-in" | "consolidate" | "move" | "charge";

/** The limit and the rule that sets it, for a hover's wording ("pile-in", "normal move", …). */
export interface MoveLimit {
  readonly limit?: number;
  readonly what: string;
}

/** The limit of a pile-in or consolidation (the step's own or a fight's nested block). */
export function fightPhaseLimit(system: RulesSystem, block: "pile-in" | "consolidate"): MoveLimit {
  return block === "pile-in" ? { limit: system.pileIn.maxDistance, what: "pile-in" } : { limit: system.consolidate.maxDistance, what: "consolidation" };
}

/** A Movement-phase move: the written type or the one the rules infer; `engaged` is the unit's engagement before the step. */
export function movementLimit(step: MoveStep, unit: UnitDef | undefined, engaged: Tri): MoveLimit {
  const type = moveTypeOf(step, engaged);
  const limit = moveTypeLimit(type, unit?.move, step.roll?.value);
  const what = MOVE_TYPE_RULES[type].limitName;
  return limit === undefined ? { what } : { limit, what };
}

/** A charge (or Heroic Intervention) move: the 2D6 roll, Into the Fray capping it at 6 (11e). */
export function chargeLimit(system: RulesSystem, step: ChargeStep): MoveLimit {
  const what = interventionModeOf(system, step) ? "Heroic Intervention" : "charge move";
  const limit = chargeLimitOf(system, step);
  return limit === undefined ? { what } : { limit, what };
}
