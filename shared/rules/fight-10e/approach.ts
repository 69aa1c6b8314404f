import { signedGap } from "../../geometry/gap";
import type { Shape } from "../../geometry/shape";
import { closer, EPS, MARGIN, TAU, type Tri } from "../../geometry/tolerance";
import type { Vec } from "../../model/scenario";
import { bestTri, type BoardState, type ModelState, type UnitState } from "../../board/board-state";
import type { RuleContext } from "../context";
import { inches } from "../report";
import { contactWithEnemy, gapPoints } from "../common/engagement";
import type { MovedModel } from "../common/moves";
import { at, searchWitness } from "../common/witness-search";

/**
 * 10th edition's "each time a model makes a Pile-in (Consolidation) move, it must end that move
 * closer to the closest enemy MODEL; if it can also end it in base-to-base contact with one or more
 * enemy models while still satisfying all of the conditions above, it must" (source 003 L4, L33).
 * Unlike 11e's pile-in (closer to a target UNIT), the measure is model to model. The closest
 * model is the one at the start of the move; ties let the player choose.
 */

/**
 * The witness goal for base-to-base contact: a gap of at most EPS. (A position placed on the
 * contact locus measures a gap of a few 1e-15, which a goal of exactly 0 would refuse.)
 */
const CONTACT = EPS;

/** An enemy model and its gap to a base. */
export interface Nearest {
  readonly model: ModelState;
  readonly gap: number;
}

/** The alive enemy models closest to a base (every one within TAU of the closest: ties). */
export function closestEnemyModels(board: BoardState, shape: Shape, player: string): Nearest[] {
  const { width, height } = board.scenario.board;
  const far = Math.hypot(width, height);
  const measure = (ms: Iterable<ModelState>): Nearest[] => {
    const out: Nearest[] = [];
    for (const n of ms) if (n.alive && n.unit.player !== player) out.push({ model: n, gap: signedGap(shape, n.shape) });
    return out;
  };
  const ties = (found: Nearest[]): Nearest[] => {
    const min = Math.min(...found.map((f) => f.gap));
    return found.filter((f) => f.gap <= min + TAU);
  };
  // Widen the grid query until it holds a model; past the board's size, look at every model.
  for (let r = 2; r < far; r *= 2) {
    const found = measure(board.near(shape, r + TAU));
    if (found.length > 0 && Math.min(...found.map((f) => f.gap)) <= r) return ties(found);
  }
  const all = measure(board.models.values());
  return all.length > 0 ? ties(all) : [];
}

/**
 * Reports every moved model that does not end closer to its closest enemy model (at the start).
 * Returns the closest enemy models of each moved model, for the "if possible" checks.
 */
export function checkCloserToEnemyModel(ctx: RuleContext, moved: readonly MovedModel[], rule: string): Map<MovedModel, Nearest[]> {
  const { board, report } = ctx;
  const out = new Map<MovedModel, Nearest[]>();
  for (const mm of moved) {
    const player = mm.model.unit.player;
    const start = closestEnemyModels(board, mm.fromShape, player);
    if (start.length === 0) continue;
    out.set(mm, start);
    let best: Tri = "no";
    for (const e of start) best = bestTri(best, closer(e.gap, signedGap(mm.model.shape, e.model.shape)));
    if (best === "yes") continue;
    // The other reading (the closest enemy model at the end of the move) only softens it to a warning.
    let alt: Tri = "no";
    for (const e of closestEnemyModels(board, mm.model.shape, player)) alt = bestTri(alt, closer(signedGap(mm.fromShape, e.model.shape), e.gap));
    const e = start[0];
    const end = signedGap(mm.model.shape, e.model.shape);
    const message = `${mm.model.def.id} must end closer to the closest enemy model, ${e.model.def.id} (${e.model.unit.id}): ${inches(e.gap)} at the start, ${inches(end)} at the end (${rule})`;
    const extra = {
      related: [{ message: `${e.model.def.id} (${e.model.unit.id}), the closest enemy model`, span: e.model.def.span }],
      measure: { value: end, limit: e.gap, ...gapPoints(mm.model.shape, e.model.shape) },
    };
    if (best === "no" && alt !== "no") {
      report.warning(
        "move.not-closer",
        `${message} — legal under the reading that takes the closest enemy model at the end of the move (see the readings page)`,
        mm.move.span,
        extra,
      );
    } else report.unless(best, "move.not-closer", message, mm.move.span, extra);
  }
  return out;
}

/**
 * Base-to-base contact if possible: a moved model that ends out of contact with every enemy model
 * is reported when a verified witness shows where it could have touched one while still ending
 * closer to its closest enemy model, with the unit coherent (`coherentWith`, the model placed
 * there) and, since it touches an enemy, within Engagement Range. Borderline contact: a warning.
 */
export function checkContactIfPossible(
  ctx: RuleContext,
  closest: Map<MovedModel, Nearest[]>,
  spec: { readonly rule: string; readonly limit: number; readonly coherentWith: ((m: ModelState) => boolean) & { readonly possible?: () => boolean } },
): void {
  const { board, report } = ctx;
  for (const [mm, start] of closest) {
    const now = contactWithEnemy(board, mm.model);
    if (now.t === "yes") continue;
    const w = contactWitness(board, mm, start, spec.limit, CONTACT, spec.coherentWith);
    if (!w) continue;
    const id = mm.model.def.id;
    const message = `${id} could have ended in base-to-base contact with an enemy model: at ${at(w.centre)} it touches one and meets every other condition (${spec.rule})`;
    const extra = {
      related: [{ message: `witness: ${id} at ${at(w.centre)}`, span: mm.move.span }],
      witness: { model: id, at: [w.centre.x, w.centre.y] as const },
    };
    if (now.t === "border") report.warning("move.missed-contact", `${message} — borderline, it may already touch one`, mm.move.span, extra);
    else report.error("move.missed-contact", message, mm.move.span, extra);
  }
}

/**
 * A verified end position for one model within `limit` of its start, within `goalGap` of an enemy
 * model (CONTACT: base contact), closer to one of its closest enemy models, the unit coherent, facing kept.
 */
function contactWitness(
  board: BoardState,
  mm: MovedModel,
  start: readonly Nearest[],
  limit: number,
  goalGap: number,
  coherentWith: ((m: ModelState) => boolean) & { readonly possible?: () => boolean },
): { centre: Vec } | undefined {
  const player = mm.model.unit.player;
  const targets = board
    .near(mm.fromShape, limit + goalGap + 0.5)
    .filter((n) => n.alive && n.unit.player !== player)
    .map((n) => n.shape);
  if (targets.length === 0) return undefined;
  return searchWitness(board, mm, {
    targets,
    goalGap,
    limit,
    // A non-round base pays to pivot in the 10th edition, so its witnesses keep their facing.
    rotate: false,
    verify: () => start.some((e) => signedGap(mm.model.shape, e.model.shape) < e.gap - MARGIN) && coherentWith(mm.model),
    possible: coherentWith.possible,
  });
}

/**
 * "For a Consolidation to be possible, a unit must be able to end these moves within Engagement
 * Range of one or more enemy units and in Unit Coherency" (source 003 L32): a proof that it was,
 * with the board as it stood before the move. Either the unit already was (no model needs to move),
 * or one model not in base contact could move there on its own (a single-model
 * under-approximation: undefined means "not shown", never "impossible"). `contact` "base" asks for base-to-base contact instead (club ruling).
 */
export function enemyReachable(
  ctx: RuleContext,
  unit: UnitState,
  spec: { readonly limit: number; readonly contact: "engaged" | "base"; readonly locked: (m: ModelState) => boolean },
): { readonly already: true } | { readonly model: ModelState; readonly at: Vec } | undefined {
  const { board, system } = ctx;
  const er = system.engagementRange;
  const models = board.alive(unit);
  if (board.coherency(unit).ok === "yes" && unitReaches(board, unit, spec.contact) === "yes") return { already: true };
  const coherentWith = board.coherencyProbe(unit);
  const goalGap = spec.contact === "base" ? CONTACT : er - MARGIN;
  // The models nearest the enemy first; a few suffice (each search is bounded and budgeted).
  const ranked = models
    .filter((m) => !spec.locked(m))
    .map((m) => ({ m, start: closestEnemyModels(board, m.shape, unit.player) }))
    .filter((x) => x.start.length > 0 && x.start[0].gap <= spec.limit + goalGap)
    .sort((a, b) => a.start[0].gap - b.start[0].gap)
    .slice(0, 6);
  for (const { m, start } of ranked) {
    const mm: MovedModel = {
      model: m,
      move: { model: { id: m.def.id, span: m.def.span }, path: [m.at], span: m.def.lineSpan },
      from: m.at,
      fromFacing: m.facing,
      fromShape: m.shape,
    };
    const w = contactWitness(board, mm, start, spec.limit, goalGap, coherentWith);
    if (w) return { model: m, at: w.centre };
  }
  return undefined;
}

/** Does the unit end "within Engagement Range of an enemy unit" (or, club "base", in base contact with an enemy model)? */
export function unitReaches(board: BoardState, unit: UnitState, contact: "engaged" | "base"): Tri {
  if (contact === "engaged") return board.isEngaged(unit);
  let t: Tri = "no";
  for (const m of board.alive(unit)) t = bestTri(t, contactWithEnemy(board, m).t);
  return t;
}
