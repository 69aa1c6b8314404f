import type { Tri } from "../../geometry/tolerance";
import type { ChargeStep, MoveStep, MoveType, UnitDef } from "../../model/scenario";
import { interventionLimit } from "../../rules/charge/heroic-intervention";
import type { RulesSystem } from "../../systems/system";

/**
 * The maximum distance of a move, as the rule families pass it to the path check
 * (rules/common/moves.ts `checkPaths`): the system's numbers for pile-in and consolidation, M (plus the
 * advance roll) for Movement-phase moves, the roll (capped by Into the Fray) for charges. The
 * engine does not hand its limits out, so this mirrors where each family reads them; a limit the
 * scenario does not give (no `move:`, no roll) is undefined rather than the engine's permissive
 * stand-in, so hints never show a number the author did not write.
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

/**
 * A Movement-phase move: the written type, or the type movement.ts infers when none is written
 * (no model moves: stationary; an engaged unit falls back; a written roll means an advance).
 * `engaged` is the unit's engagement before the step.
 */
export function movementLimit(step: MoveStep, unit: UnitDef | undefined, engaged: Tri): MoveLimit {
  const type: MoveType = step.type?.value ?? (step.moves.length === 0 ? "stationary" : engaged === "yes" ? "fall-back" : step.roll ? "advance" : "normal");
  if (type === "stationary") return { limit: 0, what: "remain stationary" };
  const what = type === "fall-back" ? "fall-back move" : `${type} move`;
  const m = unit?.move;
  if (m === undefined) return { what };
  if (type !== "advance") return { limit: m, what };
  return step.roll ? { limit: m + step.roll.value, what } : { what };
}

/** A charge (or Heroic Intervention) move: the 2D6 roll, Into the Fray capping it at 6 (11e). */
export function chargeLimit(system: RulesSystem, step: ChargeStep): MoveLimit {
  const mode = system.id !== "10e" ? step.intervention?.value : undefined;
  const what = mode ? "Heroic Intervention" : "charge move";
  return step.roll ? { limit: interventionLimit(mode, step.roll.value), what } : { what };
}
