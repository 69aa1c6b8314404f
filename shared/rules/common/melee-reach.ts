import { gapBounds, gapUpTo, signedGap } from "../../geometry/gap";
import { TAU, TAU_C, within, type Tri } from "../../geometry/tolerance";
import type { BoardState, ModelState, UnitState } from "../../board/board-state";
import { bestTri } from "../../board/board-state";

/**
 * Whom one model may attack in melee, and so whether it fights, measured on the board at its
 * unit's fight:
 * - within Engagement Range of the enemy unit (10e Which Models Fight, Select Targets: "within
 *   Engagement Range of that enemy unit"; 11e 04.02 read per model: the unit is engaged with it);
 * - 10e only: in base-to-base contact with another model of its own unit that is itself in
 *   base-to-base contact with that enemy unit (source 003 L9, L11, L19, L22).
 * Base contact is the engine's one tolerance (TAU_C, "border" up to TAU beyond): a borderline
 * contact or range grounds at most a warning.
 */
export type Reach =
  | { readonly t: Tri; readonly how: "range"; readonly gap: number; readonly enemy: ModelState }
  | { readonly t: Tri; readonly how: "chain"; readonly via: ModelState; readonly enemy: ModelState }
  | { readonly t: "no"; readonly how: "none"; readonly gap: number; readonly enemy?: ModelState };

/** Is `a` in base-to-base contact with `b`? */
export function inContact(a: ModelState, b: ModelState): Tri {
  const g = gapUpTo(a.shape, b.shape, TAU_C + TAU);
  return g <= TAU_C ? "yes" : g <= TAU_C + TAU ? "border" : "no";
}

/** The worse of two answers that must both hold. */
function both(a: Tri, b: Tri): Tri {
  if (a === "no" || b === "no") return "no";
  return a === "border" || b === "border" ? "border" : "yes";
}

/** The closest alive model of `v` to `m`, and the gap. */
function closestOf(m: ModelState, v: UnitState): { gap: number; enemy?: ModelState } {
  let best: { gap: number; enemy?: ModelState } = { gap: Infinity };
  for (const n of v.models) {
    if (!n.alive || gapBounds(m.shape, n.shape).lower >= best.gap) continue;
    const gap = signedGap(m.shape, n.shape);
    if (gap < best.gap) best = { gap, enemy: n };
  }
  return best;
}

/** How `m` reaches enemy unit `v` under `reach` (the system's `attacks.reach`). */
export function reachOf(board: BoardState, m: ModelState, v: UnitState, reach: "engagement-or-chain" | "engaged"): Reach {
  const er = board.system.engagementRange;
  const near = closestOf(m, v);
  const range = within(near.gap, er);
  if (range === "yes" && near.enemy) return { t: "yes", how: "range", gap: near.gap, enemy: near.enemy };
  let best: Reach =
    near.enemy && range === "border"
      ? { t: "border", how: "range", gap: near.gap, enemy: near.enemy }
      : { t: "no", how: "none", gap: near.gap, ...(near.enemy && { enemy: near.enemy }) };
  if (reach !== "engagement-or-chain") return best;
  for (const f of m.unit.models) {
    if (f === m || !f.alive) continue;
    const touch = inContact(m, f);
    if (touch === "no") continue;
    for (const n of v.models) {
      if (!n.alive) continue;
      const t = both(touch, inContact(f, n));
      if (t === "no") continue;
      if (t === "yes") return { t, how: "chain", via: f, enemy: n };
      if (best.t === "no") best = { t, how: "chain", via: f, enemy: n };
    }
  }
  return best;
}

/** The best reach of `m` to any enemy unit on the board: whether it can fight at all (10e Which Models Fight). */
export function bestReach(board: BoardState, m: ModelState, reach: "engagement-or-chain" | "engaged"): Reach & { readonly unit?: UnitState } {
  let best: Reach & { unit?: UnitState } = { t: "no", how: "none", gap: Infinity };
  for (const v of board.enemyUnits(m.unit)) {
    const r = reachOf(board, m, v, reach);
    const better = bestTri(best.t, r.t) !== best.t || (r.t === best.t && r.t === "no" && r.how === "none" && best.how === "none" && r.gap < best.gap);
    if (better) best = { ...r, unit: v };
    if (best.t === "yes") break;
  }
  return best;
}

/** "a2 → a1 → b1": the chain a reach goes through, or the pair it measures. */
export function reachPath(m: ModelState, r: Reach): string {
  if (r.how === "chain") return `${m.def.id} → ${r.via.def.id} → ${r.enemy.def.id}`;
  return r.enemy ? `${m.def.id} → ${r.enemy.def.id}` : m.def.id;
}
