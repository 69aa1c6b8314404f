import type { BoardState } from "../board/board-state";
import type { FightStep, Scenario } from "../model/scenario";
import { wargearOf } from "../rules/common/melee-attacks";
import { bestReach, reachOf } from "../rules/common/melee-reach";
import type { RulesSystem } from "../systems/system";
import { boardAfter } from "./timeline";

/**
 * A fight step's unit at the moment it fights (after the step's nested pile-in, before a
 * 10th-edition activation's consolidation), as the board draws it: which models can fight, the
 * base-to-base chains that let back-rank models fight, and each declared attack as a line from the
 * model to the closest model of its target unit. Measured with the checker's own reach
 * (rules/common/melee-reach.ts). Plain data.
 */
export interface FightFrame {
  readonly unit: string;
  readonly models: readonly {
    readonly id: string;
    /** Whether it can fight: in reach of an enemy unit, with a melee weapon when its wargear is written. */
    readonly can: "yes" | "no" | "border";
    /** A model that fights only through the chain: the team-mate it touches and the enemy model that one touches. */
    readonly chain?: readonly [string, string];
  }[];
  readonly attacks: readonly {
    readonly from: string;
    /** The target unit, and its model closest to `from` (where the line ends). */
    readonly unit: string;
    readonly to: string;
    readonly weapon: string;
    /** The attacks on that unit, when a split says so. */
    readonly count?: number;
  }[];
}

/** The board when `step`'s unit fights. */
export function boardAtFight(scenario: Scenario, system: RulesSystem, step: FightStep): BoardState {
  const before = scenario.steps.filter((s) => s.index < step.index).pop();
  const board = boardAfter(scenario, system, before?.index);
  for (const mv of step.pileIn?.moves ?? []) {
    const m = board.models.get(mv.model.id);
    if (m?.alive) board.place(m, mv.path[mv.path.length - 1], mv.facing ?? m.facing);
  }
  return board;
}

/** The fight frame of a fight step with `attacks:`; undefined for any other step. */
export function fightFrame(scenario: Scenario, system: RulesSystem, step: FightStep): FightFrame | undefined {
  if (!step.attacks) return undefined;
  const board = boardAtFight(scenario, system, step);
  const unit = board.units.get(step.unit.id);
  if (!unit) return undefined;
  const reach = system.attacks.reach;
  const models = board.alive(unit).map((m) => {
    const r = bestReach(board, m, reach);
    // A model whose wargear holds no melee weapon cannot fight either (10e Select Weapon; 11e source 001 L19).
    const wargear = wargearOf(unit.def, m);
    const armed = !wargear || wargear.refs.some((w) => scenario.weapons.find((x) => x.id === w.id)?.range === "melee");
    return { id: m.def.id, can: armed ? r.t : ("no" as const), ...(armed && r.how === "chain" && { chain: [r.via.def.id, r.enemy.def.id] as const }) };
  });
  const listed = new Set(step.attacks.entries.flatMap((e) => (e.model ? [e.model.id] : [])));
  const attacks: FightFrame["attacks"][number][] = [];
  for (const entry of step.attacks.entries) {
    const ids = entry.model ? [entry.model.id] : models.filter((m) => m.can !== "no" && !listed.has(m.id)).map((m) => m.id);
    for (const id of ids) {
      const m = board.models.get(id);
      if (!m?.alive || m.unit !== unit) continue;
      // Under `all`, only the models equipped with the weapon (when wargear is written) attack with it.
      const wargear = wargearOf(unit.def, m);
      for (const use of entry.uses) {
        if (!entry.model && wargear && !wargear.refs.some((r) => r.id === use.weapon.id)) continue;
        for (const t of use.targets) {
          const v = board.units.get(t.unit.id);
          if (!v) continue;
          const r = reachOf(board, m, v, reach);
          const to = r.enemy ?? board.alive(v)[0];
          if (!to) continue;
          attacks.push({ from: id, unit: v.id, to: to.def.id, weapon: use.weapon.id, ...(t.count !== undefined && { count: t.count }) });
        }
      }
    }
  }
  return { unit: unit.id, models, attacks };
}
