import type { ConsolidationMode, FightType } from "../model/scenario";
import { RULES_SYSTEMS } from "../rules/system";

/**
 * The fixed words of the scenario language, in one place so a later rules edition adds its
 * words here (10th edition: `rules: 10e`, more phases) rather than in the readers.
 */

/** How many distinct players a scenario may have. */
export const MAX_PLAYERS = 2;

/** Values of `rules:` the engine can check; the first is the default. */
export const SUPPORTED_RULES: readonly string[] = Object.keys(RULES_SYSTEMS);

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
