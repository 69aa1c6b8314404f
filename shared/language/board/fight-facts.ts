import type { BoardState, ModelState } from "../../board/board-state";
import { wargearOf, weaponOf } from "../../rules/common/melee-attacks";
import { bestReach, reachOf, reachPath, type Reach } from "../../rules/common/melee-reach";
import type { FightStep, Scenario, WeaponDef } from "../../model/scenario";
import { boardAtFight as atFight } from "../../engine/fight-frame";
import { systemOf } from "./facts";

/**
 * What a fight step's models can do, on the board at the fight (after the step's nested pile-in,
 * before a 10th-edition activation's consolidation), measured with the checker's own reach
 * (rules/common/melee-reach.ts): for hovers, completion, the board's attack lines and faded models.
 */
export interface ModelFight {
  readonly model: ModelState;
  /** Whether it can fight (10e: within Engagement Range or through the chain; 11e: engaged), and how. */
  readonly reach: Reach;
  /** The enemy units it may attack, each with how it reaches it. */
  readonly targets: readonly { readonly unit: string; readonly reach: Reach }[];
  /** Its melee weapons (undefined when neither it nor its unit writes `wargear:`). */
  readonly melee?: readonly WeaponDef[];
}

/** The board at the moment a fight step's unit fights (engine/fight-frame.ts). */
export function boardAtFight(scenario: Scenario, step: FightStep): BoardState {
  return atFight(scenario, systemOf(scenario).system, step);
}

/** The fight facts of every alive model of the step's unit. */
export function fightFacts(scenario: Scenario, step: FightStep, board: BoardState = boardAtFight(scenario, step)): ModelFight[] {
  const unit = board.units.get(step.unit.id);
  if (!unit) return [];
  const reach = systemOf(scenario).system.attacks.reach;
  return board.alive(unit).map((m) => {
    const wargear = wargearOf(unit.def, m);
    const melee = wargear?.refs.map((r) => weaponOf(scenario, r.id)).filter((w): w is WeaponDef => w !== undefined && w.range === "melee");
    const targets = board
      .enemyUnits(unit)
      .map((v) => ({ unit: v.id, reach: reachOf(board, m, v, reach) }))
      .filter((t) => t.reach.t !== "no");
    return { model: m, reach: bestReach(board, m, reach), targets, ...(melee && { melee }) };
  });
}

/** "within Engagement Range of boyz (0.4" from b3)", "through the chain a2 → a1 → b1". */
export function reachText(m: ModelState, r: Reach, inches: (d: number) => string): string {
  const border = r.t === "border" ? " (borderline)" : "";
  if (r.how === "chain") return `through the base-to-base chain ${reachPath(m, r)}${border}`;
  if (r.how === "range") return `within Engagement Range of ${r.enemy.unit.id} (${inches(r.gap)} from ${r.enemy.def.id})${border}`;
  return r.enemy ? `${inches(r.gap)} from ${r.enemy.def.id}` : "no enemy model on the board";
}
