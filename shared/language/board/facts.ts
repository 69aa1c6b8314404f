import type { BoardState, ModelState, UnitState } from "../../board/board-state";
import { boardAfter as replayedBoardAfter } from "../../engine/timeline";
import { gapBounds, signedGap } from "../../geometry/gap";
import { within, type Tri } from "../../geometry/tolerance";
import type { Scenario } from "../../model/scenario";
import { resolveSystem, RULING_SETS } from "../../systems/rulings";
import type { RulesSystem } from "../../systems/system";

/**
 * Geometric facts about one model on the board the engine replayed, for hovers and inlay hints:
 * the closest enemy model, the enemy units it is engaged with, its coherency neighbours. Every
 * number comes from the engine's own board (BoardState) and predicates, never re-derived.
 */

/** The rules system the scenario is checked under, and the rulings in force (sets expanded). */
export function systemOf(scenario: Scenario): { system: RulesSystem; rulings: string[] } {
  const written = scenario.rulings.map((r) => r.id);
  const { system, unknown, inapplicable } = resolveSystem(scenario.rules.value, written);
  const names = written.flatMap((r) => (Object.hasOwn(RULING_SETS, r) ? RULING_SETS[r] : [r]));
  return { system, rulings: [...new Set(names)].filter((r) => !unknown.includes(r) && !inapplicable.includes(r)) };
}

/** The board after step `step` (0-based, replayed by the engine), or the set-up when undefined. */
export function boardAfter(scenario: Scenario, step: number | undefined): BoardState {
  return replayedBoardAfter(scenario, systemOf(scenario).system, step);
}

/** Each board's models in their order (ties for the closest go to the first, as a scan of every model gives). */
const ordinals = new WeakMap<BoardState, Map<ModelState, number>>();

/**
 * The enemy model closest to `m` (edge to edge; negative when the bases overlap); of several at
 * the same gap, the first of the board's models. Asks the board's grid within a growing radius
 * (the grid's answer holds every model within it) until an enemy lies within, so a move record or
 * a hover costs what is near the model, not the whole board.
 */
export function closestEnemy(board: BoardState, m: ModelState): { model: ModelState; gap: number } | undefined {
  let order = ordinals.get(board);
  if (!order) ordinals.set(board, (order = new Map([...board.models.values()].map((n, i) => [n, i]))));
  for (let r = 2; ; r *= 2) {
    const enemies = board
      .near(m.shape, r)
      .filter((n) => n.alive && n.unit.player !== m.unit.player)
      .sort((a, b) => order.get(a)! - order.get(b)!);
    const best = closestOf(m, enemies);
    // Every model within r is among those near: a best within r is the best of all. Past FAR every
    // model is within r (positions lie within 1000" of the origin: model/limits.ts).
    if ((best && best.gap <= r) || r >= FAR) return best;
  }
}

/** Farther than any two models on any board can be apart (2,829" at most). */
const FAR = 4096;

function closestOf(m: ModelState, enemies: readonly ModelState[]): { model: ModelState; gap: number } | undefined {
  let best: { model: ModelState; gap: number } | undefined;
  for (const n of enemies) {
    // The exact (oval) gap only when the cheap lower bound could beat the best so far.
    if (best && gapBounds(m.shape, n.shape).lower >= best.gap) continue;
    const gap = signedGap(m.shape, n.shape);
    if (!best || gap < best.gap) best = { model: n, gap };
  }
  return best;
}

/** The enemy units `m` is engaged with (within the system's engagement range), borderline ones marked. */
export function engagedWith(board: BoardState, m: ModelState): { unit: UnitState; tri: Exclude<Tri, "no"> }[] {
  const out: { unit: UnitState; tri: Exclude<Tri, "no"> }[] = [];
  for (const v of board.units.values()) {
    if (v.player === m.unit.player) continue;
    const tri = board.modelEngagedWith(m.shape, v);
    if (tri !== "no") out.push({ unit: v, tri });
  }
  return out;
}

/** Models of `m`'s unit within the coherency distance of it (nearest first), and those beyond the far test (11e 9"). */
export function coherencyNeighbours(
  board: BoardState,
  m: ModelState,
): { near: { model: ModelState; gap: number; tri: Exclude<Tri, "no"> }[]; far: { model: ModelState; gap: number }[] } {
  const { near, far } = board.system.coherency;
  const close: { model: ModelState; gap: number; tri: Exclude<Tri, "no"> }[] = [];
  const beyond: { model: ModelState; gap: number }[] = [];
  for (const n of board.alive(m.unit)) {
    if (n === m) continue;
    const gap = signedGap(m.shape, n.shape);
    const tri = within(gap, near);
    if (tri !== "no") close.push({ model: n, gap, tri });
    if (far !== undefined && within(gap, far) !== "yes") beyond.push({ model: n, gap });
  }
  close.sort((a, b) => a.gap - b.gap);
  return { near: close, far: beyond };
}
