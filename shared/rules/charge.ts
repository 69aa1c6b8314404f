import type { ChargeStep } from "../model/scenario";
import type { RuleContext } from "../engine/context";
import { applyMoves, plannedMoves } from "./moves";

/** The Charge phase (11e 11; 10e charge) and Heroic Intervention: `- charge: unit` steps. (Skeleton.) */
export function chargeStep(ctx: RuleContext, step: ChargeStep): void {
  const unit = ctx.board.units.get(step.unit.id);
  if (!unit) return;
  applyMoves(ctx.board, plannedMoves(ctx.board, unit, step.moves, ctx.report));
}

/** Called when the Charge phase ends. */
export function endChargePhase(_ctx: RuleContext): void {}
