import { MOVE_TYPE_NAMES, type ConsolidationMode, type FallBackMode, type FightType, type InterventionMode, type MoveType } from "../model/scenario";
import { RULING_SETS, RULINGS } from "../systems/rulings";
import { RULES_SYSTEMS } from "../systems/system";

/**
 * The fixed words of the scenario language, in one place so a later rules edition adds its
 * words here (10th edition: `rules: 10e`, more phases) rather than in the readers.
 */

/** How many distinct players a scenario may have. */
export const MAX_PLAYERS = 2;

/** Values of `rules:` the engine can check; the first is the default. */
export const SUPPORTED_RULES: readonly string[] = Object.keys(RULES_SYSTEMS);

/** Names `rulings:` accepts: the ruling sets (`club`), then the single rulings, from the catalogue. */
export const RULING_NAMES: readonly string[] = [...new Set([...Object.keys(RULING_SETS), ...Object.keys(RULINGS)])];

/** True for a ruling or a ruling set's name (own keys only, so `constructor` is not a ruling). */
export function isRulingName(name: string): boolean {
  return Object.hasOwn(RULING_SETS, name) || Object.hasOwn(RULINGS, name);
}

/** Phases a scenario or a `phase:` step may name. */
export const PHASES: readonly string[] = ["command", "movement", "shooting", "charge", "fight"];

/** The phase the steps start in when `phase:` is not written. */
export const DEFAULT_PHASE = "fight";

/** The board when `board:` is not written: [width, height] in inches. */
export const DEFAULT_BOARD: { readonly width: number; readonly height: number } = { width: 60, height: 44 };

/** Values of a fight step's `type:`. */
export const FIGHT_TYPES: readonly FightType[] = ["normal", "overrun"];

/** Values of a consolidate step's `mode:`. */
export const CONSOLIDATION_MODES: readonly ConsolidationMode[] = ["ongoing", "engaging", "objective"];

/** Values of a move step's `type:` (Movement phase, 11e 09), in the order of their declaration (systems/move-types.ts). */
export const MOVE_TYPES: readonly MoveType[] = MOVE_TYPE_NAMES;

export { ADVANCE_ROLL } from "../systems/move-types";

/** Values of a move step's `mode:` (how a unit falls back, 11e 09). */
export const FALL_BACK_MODES: readonly FallBackMode[] = ["ordered-retreat", "desperate-escape"];

/** Values of a charge step's `intervention:` (Heroic Intervention, source 004). */
export const INTERVENTION_MODES: readonly InterventionMode[] = ["leap-to-defend", "into-the-fray"];

/** The charge roll is the total of 2D6. */
export const CHARGE_ROLL: { readonly min: number; readonly max: number } = { min: 2, max: 12 };
