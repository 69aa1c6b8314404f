import type { RemoveStep } from "../../model/scenario";
import type { RuleContext } from "../context";

/** `- remove: [models]`, in any phase: the models leave the board; removing a model twice is `action.repeated`. */
export function removeStep(ctx: RuleContext, step: RemoveStep): void {
  for (const ref of step.models) {
    const m = ctx.board.models.get(ref.id);
    if (!m) continue;
    if (!m.alive) {
      ctx.report.error("action.repeated", `${ref.id} was already removed`, ref.span);
      continue;
    }
    ctx.board.remove(m);
  }
}
