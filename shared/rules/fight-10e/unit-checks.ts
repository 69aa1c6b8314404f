import type { Span } from "../../source/span";
import type { UnitState } from "../../board/board-state";
import type { RuleContext } from "../context";
import { inches } from "../report";
import { cite } from "../../systems/rule-cite";

/**
 * Unit-level checks after a 10th-edition move, and how messages name the rules: "(10e Pile In)",
 * "(10e Consolidate)", "(10e Fight)". The 10th-edition texts have no section numbers, so messages
 * name the rule; a club ruling is named with its source.
 */
export function ruleName(ctx: RuleContext, rule: "Pile In" | "Consolidate" | "Fight" | "Fight Phase"): string {
  return cite(ctx.system, undefined, rule);
}

/**
 * Unit Coherency (10e): every model within 2" of another model of its unit, of two others in units
 * of 7 or more models. Reported on `span` (the step's head or a nested block's key).
 */
export function checkUnitCoherency(ctx: RuleContext, unit: UnitState, span: Span, rule: string): void {
  const { board, report } = ctx;
  const c = board.coherency(unit);
  if (c.ok === "yes" || !c.culprit) return;
  const { near, twoNeighboursFrom } = board.system.coherency;
  const two = twoNeighboursFrom !== undefined && board.alive(unit).length >= twoNeighboursFrom;
  const why = `${c.culprit.def.id} is not within ${inches(near)} of ${two ? `two other models (units of ${twoNeighboursFrom} or more models)` : "another model"} of ${unit.id}`;
  report.unless(c.ok, "coherency.broken", `${unit.id} must end in Unit Coherency: ${why} (${rule})`, span, {
    related: [{ message: c.culprit.def.id, span: c.culprit.def.span }],
  });
}
