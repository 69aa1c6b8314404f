import type { MoveStep } from "../model/scenario";
import type { RuleContext } from "../engine/context";
import { applyMoves, plannedMoves } from "./moves";

/** The Movement phase (09): `- move: unit` steps. (Skeleton: applies the moves; the rules are being written.) */
export function moveStep(ctx: RuleContext, step: MoveStep): void {
  const unit = ctx.board.units.get(step.unit.id);
  if (!unit) return;
  applyMoves(ctx.board, plannedMoves(ctx.board, unit, step.moves, ctx.report));
}

/** Called when the Movement phase ends (a `- phase:` step or the end of the timeline is not an end). */
export function endMovementPhase(_ctx: RuleContext): void {}
