import type { Measure } from "../../diagnostics/problem";
import { gapUpTo, separation, signedGap } from "../../geometry/gap";
import { supportPoint, type Shape } from "../../geometry/shape";
import { MARGIN, TAU_C, TAU, within, type Tri } from "../../geometry/tolerance";
import type { BoardState, ModelState, UnitState } from "../../board/board-state";
import type { Report } from "../report";
import { inches } from "../report";
import type { MovedModel } from "./moves";

/**
 * Engagement facts taken before a move and checked after it: base-contact locks,
 * "each model that started engaged must still be engaged" (11e 12.03, 12.08 Ongoing).
 */

/** Whether a model is in base contact with an enemy model, and with which. */
export interface Contact {
  readonly t: Tri;
  readonly enemy?: ModelState;
}

const NO_CONTACT: Contact = { t: "no" };

/** Is the model in base contact with an enemy model? "yes" within TAU_C, "border" just beyond. */
export function contactWithEnemy(board: BoardState, m: ModelState): Contact {
  let best: Contact = NO_CONTACT;
  board.eachNear(m.shape, TAU_C + TAU, (n) => {
    if (!n.alive || n.unit.player === m.unit.player) return false;
    const g = gapUpTo(m.shape, n.shape, TAU_C + TAU);
    if (g <= TAU_C) best = { t: "yes", enemy: n };
    else if (g <= TAU_C + TAU) best = { t: "border", enemy: n };
    return best.t === "yes";
  });
  return best;
}

/** Before the move: for each model of the unit, the enemy units it is clearly engaged with. */
export function engagementsBefore(board: BoardState, unit: UnitState): Map<ModelState, readonly UnitState[]> {
  const out = new Map<ModelState, readonly UnitState[]>();
  const er = board.system.engagementRange;
  for (const m of board.alive(unit)) {
    out.set(m, board.enemyUnitsClearlyWithin(m.shape, unit.player, er));
  }
  return out;
}

/** Models moved although in base contact with an enemy model (the lock of 12.03 / 12.08). Returns the unlocked ones. */
export function checkLocks(moved: readonly MovedModel[], locks: ReadonlyMap<ModelState, Contact>, rule: string, report: Report): MovedModel[] {
  const free: MovedModel[] = [];
  for (const mm of moved) {
    const lock = locks.get(mm.model);
    if (!lock || lock.t === "no" || !lock.enemy) {
      free.push(mm);
      continue;
    }
    report.unless(
      lock.t === "yes" ? "no" : "border",
      "move.locked",
      `${mm.model.def.id} is in base contact with enemy model ${lock.enemy.def.id} and cannot be moved (${rule})`,
      mm.move.span,
      { related: [{ message: `${lock.enemy.def.id} (${lock.enemy.unit.id})`, span: lock.enemy.def.span }] },
    );
  }
  return free;
}

/** After the move: each moved model must still be engaged with every enemy unit it started engaged with. */
export function checkStillEngaged(
  board: BoardState,
  moved: readonly MovedModel[],
  before: Map<ModelState, readonly UnitState[]>,
  rule: string,
  report: Report,
): void {
  const er = board.system.engagementRange;
  for (const mm of moved) {
    for (const v of before.get(mm.model) ?? []) {
      const g = board.shapeUnitGap(mm.model.shape, v);
      const t = within(g, er);
      if (t === "yes") continue;
      const closest = v.models.filter((n) => n.alive).find((n) => Math.abs(separation(mm.model.shape, n.shape).gap - g) < 1e-9);
      report.unless(
        t,
        "engagement.lost",
        `${mm.model.def.id} started engaged with ${v.id} and must still be engaged with it, but ends ${inches(g)} away (${rule})`,
        mm.move.span,
        {
          related: [{ message: v.id, span: v.def.span }],
          measure: { value: g, limit: er, ...(closest ? gapPoints(mm.model.shape, closest.shape) : {}) },
        },
      );
    }
  }
}

/**
 * The two points a gap between footprints is measured between, for drawing it. For footprints
 * apart, the support points along the separating axis are the closest points (for circles and
 * ellipses alike); for overlapping ones they span the overlap, which is still the measured depth.
 */
export function gapPoints(a: Shape, b: Shape): Pick<Measure, "from" | "to"> {
  const { axis } = separation(a, b);
  const p = supportPoint(a, axis);
  const q = supportPoint(b, { x: -axis.x, y: -axis.y });
  return { from: [p.x, p.y], to: [q.x, q.y] };
}

/**
 * The points a shape-to-unit gap runs between (to the unit's closest alive model), for drawing a
 * finding's measure. Measures every model of the unit: call it only when reporting.
 */
export function unitGapPoints(board: BoardState, shape: Shape, unit: UnitState): Pick<Measure, "from" | "to"> {
  let best: Shape | undefined;
  let bestGap = Infinity;
  for (const m of board.alive(unit)) {
    const g = signedGap(shape, m.shape);
    if (g < bestGap) {
      bestGap = g;
      best = m.shape;
    }
  }
  return best === undefined ? {} : gapPoints(shape, best);
}

/** For witnesses: does the (hypothetically placed) model keep every engagement it started with, with margin? */
export function keepsEngagements(board: BoardState, m: ModelState, before: Map<ModelState, readonly UnitState[]>): boolean {
  const er = board.system.engagementRange;
  return (before.get(m) ?? []).every((v) => board.shapeUnitGap(m.shape, v) <= er - MARGIN);
}

/** Locks of every alive model of the unit before the move. */
export function locksBefore(board: BoardState, unit: UnitState): Map<ModelState, Contact> {
  return new Map(board.alive(unit).map((m) => [m, contactWithEnemy(board, m)]));
}
