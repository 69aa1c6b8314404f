import { offBoardBy } from "../../geometry/board";
import { gapBounds, signedGap } from "../../geometry/gap";
import { sweptGap } from "../../geometry/path";
import { circumradius, inradius, type Shape } from "../../geometry/shape";
import { EPS, MARGIN } from "../../geometry/tolerance";
import { findWitness } from "../../geometry/witness";
import { pointSegmentDistance } from "../../geometry/vec";
import type { Vec } from "../../model/scenario";
import type { BoardState } from "../../board/board-state";
import type { MovedModel } from "./moves";

/**
 * "Could this model have done better?". Searches for a concrete end position
 * for one moved model, every other model staying where it ended, that meets the goal and passes
 * `verify` (the rule's own conditions, evaluated with the model actually placed there). A finding
 * that rests on this is never a guess: the position is re-checked by the same predicates.
 */
export interface WitnessGoal {
  /** Bases to reach (all models of the target unit, or an objective marker). */
  readonly targets: readonly Shape[];
  /** Largest gap to a target that meets the goal. */
  readonly goalGap: number;
  /** May the targets be overlapped (objective markers may be)? */
  readonly targetsPassable?: boolean;
  /** Maximum move distance. */
  readonly limit: number;
  /** May the model turn (free in 11e; a non-round base pays 2" to pivot in 10e, so no)? Default true. */
  readonly rotate?: boolean;
  /** The rule's conditions with the model placed at the candidate. */
  readonly verify: () => boolean;
  /**
   * False when a unit-level condition of `verify` fails wherever the model is placed (the unit is
   * out of coherency as it stands): then no candidate can pass, and none is generated. The search
   * still counts against the budget, so what later searches may claim is unchanged.
   */
  readonly possible?: () => boolean;
}

/** How far past a threshold a cheap lower bound must lie to stand in for the exact gap (float noise of the exact measure). */
const BOUND_SLACK = 1e-9;

export function searchWitness(board: BoardState, mm: MovedModel, goal: WitnessGoal): { centre: Vec; facingDeg: number } | undefined {
  const scope = board.witnessScope;
  if (scope === undefined) return search(board, mm, goal);
  if (mm.model.def.id !== scope.model) return undefined;
  // What a search can depend on besides the (fixed) rest of the board: the goal, and whether the
  // unit as it stands is coherent (coherency probes refuse every witness when it is not).
  const key = JSON.stringify([mm.from, goal.goalGap, goal.limit, goal.rotate, goal.targetsPassable, goal.targets, board.coherency(mm.model.unit).ok]);
  const known = scope.memo.get(key);
  if (known !== undefined) return known ?? undefined;
  const found = search(board, mm, goal);
  scope.memo.set(key, found ?? null);
  return found;
}

function search(board: BoardState, mm: MovedModel, goal: WitnessGoal): { centre: Vec; facingDeg: number } | undefined {
  const m = mm.model;
  const end = m.at;
  const endFacing = m.facing;
  const reach = goal.limit - MARGIN;
  if (reach <= 0 || board.witnessBudget <= 0) return undefined;
  board.interrupt?.();
  board.witnessBudget--;
  if (goal.possible && !goal.possible()) return undefined;
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
      rotate: goal.rotate ?? true,
      targets: goal.targets,
      goalGap: goal.goalGap,
      blockers,
      pathBlockers: enemies,
      board: { width, height },
      maxCandidates: 400,
      interrupt: board.interrupt,
      accept: (centre, facingDeg) => {
        if (++tries > 400) return false;
        board.place(m, centre, facingDeg);
        if (Math.hypot(centre.x - mm.from.x, centre.y - mm.from.y) > reach) return false;
        if (offBoardBy(m.shape, width, height) > 0) return false;
        // Cheap bounds first: the exact (oval) gap only where the lower bound leaves it open, with
        // BOUND_SLACK on top so a bound never decides what the exact gap would have decided otherwise.
        if (!goal.targets.some((t) => gapBounds(m.shape, t).lower <= goal.goalGap + EPS + BOUND_SLACK && signedGap(m.shape, t) <= goal.goalGap + EPS))
          return false; // contact (goalGap 0) measures ±1e-15
        // The rule's own conditions first: when a unit-level condition rules every candidate out,
        // a failing search stays cheap (a charge reaches 12", past many models to re-check).
        if (!goal.verify()) return false;
        const inner = inradius(mm.fromShape);
        for (const n of around) {
          const passable = goal.targetsPassable && targetSet.has(n.shape);
          const floor = targetSet.has(n.shape) ? -1e-9 : MARGIN;
          if (!passable && gapBounds(m.shape, n.shape).lower < floor + BOUND_SLACK && signedGap(m.shape, n.shape) < floor) return false;
          if (n.unit.player === m.unit.player) continue;
          // sweptGap measures the in-circle swept along the segment: at least the distance to n's circum-circle.
          const lower = pointSegmentDistance(n.shape.c, mm.from, centre) - inner - circumradius(n.shape);
          if (lower < -1e-6 + BOUND_SLACK && sweptGap(mm.fromShape, mm.from, centre, n.shape) < -1e-6) return false;
        }
        return true;
      },
    });
  } finally {
    board.place(m, end, endFacing);
  }
}

/** Formats a witness position for messages. */
export function at(p: Vec): string {
  return `(${Math.round(p.x * 100) / 100}, ${Math.round(p.y * 100) / 100})`;
}
