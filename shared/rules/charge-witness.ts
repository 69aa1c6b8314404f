import { offBoardBy } from "../geometry/board";
import { signedGap } from "../geometry/gap";
import { sweptGap } from "../geometry/path";
import { MARGIN } from "../geometry/tolerance";
import { findWitness } from "../geometry/witness";
import type { Vec } from "../model/scenario";
import type { BoardState } from "../engine/board-state";
import type { MovedModel } from "./moves";
import type { WitnessGoal } from "./witness-search";

/**
 * The witness search of rules/witness-search.ts for charge moves, with one difference: the rule's
 * own conditions (`verify`) are asked before the re-check of clearances and paths. A charge move
 * reaches up to 12", so the re-check meets many more models than a 3" pile-in, and when a
 * unit-level condition rules every candidate out, asking it first keeps a failing search cheap.
 * Every condition is still checked for the position returned, so the result is the same.
 * `rotate`: may the witness turn the base? Free in the 11th edition (03.01); in the 10th a
 * non-round base pays for pivoting, so its witnesses keep the facing.
 */
export function searchChargeWitness(board: BoardState, mm: MovedModel, goal: WitnessGoal, rotate: boolean): { centre: Vec; facingDeg: number } | undefined {
  const m = mm.model;
  const end = m.at;
  const endFacing = m.facing;
  const reach = goal.limit - MARGIN;
  if (reach <= 0 || board.witnessBudget <= 0) return undefined;
  board.witnessBudget--;
  const around = board.near(mm.fromShape, reach + 0.5).filter((n) => n !== m && n.alive);
  const enemies = around.filter((n) => n.unit.player !== m.unit.player).map((n) => n.shape);
  const targetSet = new Set(goal.targets);
  const blockers = around.map((n) => n.shape).filter((s) => !targetSet.has(s));
  const { width, height } = board.scenario.board;
  let tries = 0;
  try {
    return findWitness({
      moving: mm.fromShape,
      start: mm.from,
      reach,
      rotate,
      targets: goal.targets,
      goalGap: goal.goalGap,
      blockers,
      pathBlockers: enemies,
      board: { width, height },
      maxCandidates: 400,
      accept: (centre, facingDeg) => {
        if (++tries > 400) return false;
        board.place(m, centre, facingDeg);
        if (Math.hypot(centre.x - mm.from.x, centre.y - mm.from.y) > reach) return false;
        if (offBoardBy(m.shape, width, height) > 0) return false;
        if (!goal.verify()) return false;
        for (const n of around) {
          const target = targetSet.has(n.shape);
          if (signedGap(m.shape, n.shape) < (target ? -1e-9 : MARGIN)) return false;
          if (n.unit.player !== m.unit.player && sweptGap(mm.fromShape, mm.from, centre, n.shape) < -1e-6) return false;
        }
        return Math.min(...goal.targets.map((t) => signedGap(m.shape, t))) <= goal.goalGap;
      },
    });
  } finally {
    board.place(m, end, endFacing);
  }
}
