import { REQUIRED_TOP_KEYS, TOP_KEYS } from "../../parse/parse-scenario";
import { STEP_KINDS } from "../../parse/parse-steps";
import { TERRAIN_KEYS } from "../../parse/parse-terrain";
import { MODEL_KEYS, UNIT_KEYS } from "../../parse/parse-units";
import { MOVE_KEYS } from "../../parse/read-moves";
import { CALLOUT_KEYS, RING_KEYS, SHOW_KEYS } from "../../parse/parse-show";
import { ATTACK_USE_KEYS, PROFILE_KEYS, WEAPON_KEYS } from "../../parse/parse-weapons";
import { CONSOLIDATE_KEYS, PILE_IN_KEYS } from "../../parse/step-keys";

/**
 * The places of a scenario that hold a fixed set of keys, and those keys, read from the parser's
 * own key tables so completion and the JSON schema never offer a key the parser would reject
 * (nor miss one it accepts).
 */

/** The step kinds, by their kind key, in the parser's order. */
export const STEP_KIND_KEYS: readonly string[] = Object.keys(STEP_KINDS);

/**
 * A map with fixed keys: the top level, a unit, a model written as a map, a terrain area, a model's
 * move written as a map, a step of one kind (`step:fight`), a fight's nested block, or `show:`
 * (on the scenario or a step) and one of its rings or callouts.
 */
export type MapPlace =
  | "top"
  | "unit"
  | "model"
  | "terrain"
  | "model-move"
  | `step:${string}`
  | "fight.pile-in"
  | "fight.consolidate"
  | "show"
  | "ring"
  | "callout"
  | "weapon"
  | "profile"
  | "use";

/** The keys a place accepts, in the parser's order; for a step, besides its kind key. Empty for an unknown place. */
export function keysOf(place: MapPlace): readonly string[] {
  switch (place) {
    case "top":
      return Object.keys(TOP_KEYS);
    case "unit":
      return Object.keys(UNIT_KEYS);
    case "model":
      return Object.keys(MODEL_KEYS);
    case "terrain":
      return Object.keys(TERRAIN_KEYS);
    case "model-move":
      return Object.keys(MOVE_KEYS);
    case "fight.pile-in":
      return Object.keys(PILE_IN_KEYS);
    case "fight.consolidate":
      return Object.keys(CONSOLIDATE_KEYS);
    case "show":
      return Object.keys(SHOW_KEYS);
    case "ring":
      return Object.keys(RING_KEYS);
    case "callout":
      return Object.keys(CALLOUT_KEYS);
    case "weapon":
      return Object.keys(WEAPON_KEYS);
    case "profile":
      return Object.keys(PROFILE_KEYS);
    case "use":
      return Object.keys(ATTACK_USE_KEYS);
    default: {
      const kind = place.slice("step:".length);
      return Object.hasOwn(STEP_KINDS, kind) ? Object.keys(STEP_KINDS[kind as keyof typeof STEP_KINDS].keys) : [];
    }
  }
}

/**
 * Keys a place must have. The top level's come from the parser's table; the others are checked
 * inline by the parser (parse-units.ts: a unit without player: or models:, a model map without
 * at:, terrain without area:), so they are listed here and the schema test re-checks them by parsing.
 */
export function requiredKeys(place: MapPlace): readonly string[] {
  switch (place) {
    case "top":
      return REQUIRED_TOP_KEYS.map(([key]) => key);
    case "unit":
      return ["player", "models"];
    case "model":
      return ["at"];
    case "terrain":
      return ["area"];
    case "ring":
      return ["around", "radius"];
    case "callout":
      return ["at", "text"];
    case "profile":
      return ["A"];
    case "use":
      return ["weapon"];
    default:
      return [];
  }
}

/** Keys whose value is a list of ids or names, so a list item there completes as that key's value. */
export const LIST_KEYS: ReadonlySet<string> = new Set(["targets", "remove", "illegal", "rulings", "charged", "keywords", "wargear", "resolve"]);
