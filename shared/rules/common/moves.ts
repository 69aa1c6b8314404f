import { offBoardBy } from "../../geometry/board";
import { gapUpTo } from "../../geometry/gap";
import { detourLowerBound, pathLength, sweptGap } from "../../geometry/path";
import { circumradius, inradius, shapeOf, type Shape } from "../../geometry/shape";
import { pointSegmentDistance } from "../../geometry/vec";
import { MOVED, TAU, TAU_O } from "../../geometry/tolerance";
import type { ModelMove, Vec } from "../../model/scenario";
import type { BoardState, ModelState, UnitState } from "../../board/board-state";
import { inches, type Report } from "../report";
import { alsoCite } from "../../systems/rule-cite";

/**
 * Generic move checks (03.01 Moving; 03.03 Coherency is common/coherency.ts), run for every move type:
 * path length, paths through enemy models, ending on a model or off the board.
 */

/** The generic Moving rule cited after a move type's own: 11e 03.01; the 10th edition's core rules have no numbers. */
function movingRule(board: BoardState): string {
  return alsoCite(board.system, "03.01");
}

/** A model's move as replayed: where it started and how it was written. */
export interface MovedModel {
  readonly model: ModelState;
  readonly move: ModelMove;
  readonly from: Vec;
  readonly fromFacing: number;
  readonly fromShape: Shape;
}

/** The models of `unit` named under `to:` that can move (alive, in the unit), in writing order. */
export function plannedMoves(board: BoardState, unit: UnitState, moves: readonly ModelMove[], report: Report): ModelMove[] {
  const out: ModelMove[] = [];
  for (const mv of moves) {
    const m = board.models.get(mv.model.id);
    if (!m || m.unit !== unit) continue; // the parser reports these
    if (!m.alive) {
      report.error("scenario.unknown-ref", `model '${mv.model.id}' was removed earlier and cannot move`, mv.model.span);
      continue;
    }
    out.push(mv);
  }
  return out;
}

/**
 * Checks path length and paths through enemy models against the positions before the move.
 * `blocks(m, n)` says whether enemy model `n` bars `m`'s way (default: every enemy model does);
 * move types with exemptions pass their own (rules/common/passage.ts).
 */
export function checkPaths(
  board: BoardState,
  moves: readonly ModelMove[],
  limit: number,
  what: string,
  rule: string,
  report: Report,
  blocks: (m: ModelState, n: ModelState) => boolean = () => true,
): void {
  for (const mv of moves) {
    const m = board.models.get(mv.model.id)!;
    const length = pathLength(m.at, mv.path);
    const msg = `this ${what} moves ${mv.model.id} ${inches(length)}, the limit is ${inches(limit)} (${rule})`;
    // No from/to: the distance is the whole path, which the board already draws as the move's arrow.
    const measure = { value: length, limit };
    if (length > limit + TAU) report.error("move.too-far", msg, mv.span, { measure });
    else if (length > limit + 1e-9) report.warning("move.too-far", `${msg} — borderline, within the measuring tolerance`, mv.span, { measure });
    checkThroughEnemies(board, m, mv, limit, rule, report, blocks);
  }
}

function checkThroughEnemies(
  board: BoardState,
  m: ModelState,
  mv: ModelMove,
  limit: number,
  rule: string,
  report: Report,
  blocks: (m: ModelState, n: ModelState) => boolean,
): void {
  const points = [m.at, ...mv.path];
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i];
    const b = points[i + 1];
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const half = Math.hypot(b.x - a.x, b.y - a.y) / 2;
    const probe = shapeOf(m.def.base, mid, m.facing);
    for (const n of board.near(probe, half + 0.1)) {
      if (n.unit.player === m.unit.player || !n.alive || !blocks(m, n)) continue;
      // The swept in-circle cannot reach a base whose circumcircle the segment keeps clear of.
      if (pointSegmentDistance(n.at, a, b) >= inradius(m.shape) + circumradius(n.shape)) continue;
      if (sweptGap(m.shape, a, b, n.shape) >= -TAU_O) continue;
      const related = [{ message: `${n.def.id} (${n.unit.id})`, span: n.def.span }];
      if (mv.path.length > 1) {
        report.error("move.through-model", `${mv.model.id}'s path passes through enemy model ${n.def.id} (${rule}${movingRule(board)})`, mv.span, { related });
        return;
      }
      // Only the end point is written: the model may have gone around. Report only when even
      // the shortest way around this enemy is longer than the move allows.
      const around = detourLowerBound(a, b, n.at, inradius(m.shape) + inradius(n.shape));
      if (around > limit + TAU) {
        report.error(
          "move.through-model",
          `${mv.model.id} cannot reach its end without passing through enemy model ${n.def.id}: the shortest way around is ${inches(around)}, the limit is ${inches(limit)} (${rule}${movingRule(board)})`,
          mv.span,
          { related },
        );
        return;
      }
    }
  }
}

/** Applies the moves (all at once, as 03.01 checks the end only after the whole unit moved). */
export function applyMoves(board: BoardState, moves: readonly ModelMove[]): MovedModel[] {
  const moved: MovedModel[] = [];
  for (const mv of moves) {
    const m = board.models.get(mv.model.id)!;
    const from = m.at;
    const fromFacing = m.facing;
    const fromShape = m.shape;
    const end = mv.path[mv.path.length - 1];
    board.place(m, end, mv.facing ?? m.facing);
    const turned = m.shape.kind === "ellipse" && Math.abs((((m.facing - fromFacing) % 180) + 180) % 180) > 0.5;
    if (Math.hypot(end.x - from.x, end.y - from.y) > MOVED || turned) {
      moved.push({ model: m, move: mv, from, fromFacing, fromShape });
    }
  }
  return moved;
}

/** After the whole unit moved: no model on another model, none off the board (03.01 Ending a Move). */
export function checkEndPositions(board: BoardState, moved: readonly MovedModel[], rule: string, report: Report): void {
  const { width, height } = board.scenario.board;
  for (const { model: m, move } of moved) {
    const off = offBoardBy(m.shape, width, height);
    if (off > TAU_O) report.error("move.off-board", `${m.def.id} ends ${inches(off)} off the board (${rule}${movingRule(board)})`, move.span);
    board.eachNear(m.shape, 0, (n) => {
      if (n === m || !n.alive) return false;
      const g = gapUpTo(m.shape, n.shape, 0);
      if (g >= -TAU_O) return false;
      report.error("move.overlap", `${m.def.id} ends on ${n.def.id}: the bases overlap by ${inches(-g)} (${rule}${movingRule(board)})`, move.span, {
        related: [{ message: `${n.def.id} (${n.unit.id})`, span: n.def.span }],
      });
      return true;
    });
  }
}
