import type { ModelState } from "../../board/board-state";
import type { FallBackMode, MoveType } from "../../model/scenario";
import type { RulesSystem } from "../../systems/system";

/**
 * Which enemy models bar a moving model's way (03.01: "its base may not pass through enemy
 * models"), with the exemptions the language can express. Friendly models never bar the way.
 */

/** The kinds of move this file knows the exemptions of. */
export type PassageMove = MoveType | "charge";

const BIG = ["monster", "vehicle"];

function isBig(m: ModelState): boolean {
  return m.unit.def.keywords.some((k) => BIG.includes(k));
}

/**
 * The `blocks(m, n)` predicate for checkPaths (rules/common/moves.ts):
 * - FLY: never barred. 11e lets a FLY unit "take to the skies" (21.03) and 10e lets FLY models move
 *   over enemy models; the scenario cannot say whether it did, so the reading that allows it wins.
 * - 11e desperate escape (09.07) may move through enemy models; an unwritten fall-back mode could
 *   have been desperate escape, so it is read that way too. 10e falling back may move over enemy
 *   models (at the price of Desperate Escape tests), whatever the mode.
 * - 11e MONSTER / VEHICLE in normal and advance moves pass through every model except other
 *   MONSTER / VEHICLE models (17.01); 10e has no such exemption.
 */
export function pathBlocker(system: RulesSystem, move: PassageMove, mode: FallBackMode | undefined): (m: ModelState, n: ModelState) => boolean {
  const { fallBackModes, bigModelsPassThrough } = system.movement;
  return (m, n) => {
    if (m.unit.def.keywords.includes("fly")) return false;
    if (move === "fall-back" && (!fallBackModes || mode !== "ordered-retreat")) return false;
    if (bigModelsPassThrough && (move === "normal" || move === "advance") && isBig(m)) return isBig(n);
    return true;
  };
}
