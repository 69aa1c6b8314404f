import type { BoardState, UnitState } from "../../board/board-state";
import type { Span } from "../../source/span";
import { cite } from "../../systems/rule-cite";
import { inches, type Report } from "../report";

/**
 * Coherency as a rule (11e 03.03, 10e Unit Coherency): `coherency.broken` after a unit moves. The
 * measuring (which model fails, and how) is the board's (board/coherency.ts); this says what it means.
 */
/** Unit coherency after a move (03.03), reported on the step's head. */
export function checkCoherency(board: BoardState, unit: UnitState, head: Span, report: Report): void {
  const c = board.coherency(unit);
  if (c.ok === "yes" || !c.culprit) return;
  const { near, far, twoNeighboursFrom } = board.system.coherency;
  const two = twoNeighboursFrom !== undefined && board.alive(unit).length >= twoNeighboursFrom;
  const why =
    c.other && far !== undefined
      ? `${c.culprit.def.id} is more than ${inches(far)} from ${c.other.def.id}`
      : `${c.culprit.def.id} is not within ${inches(near)} of ${two ? "two other models" : "another model"} of ${unit.id}`;
  const related = [{ message: c.culprit.def.id, span: c.culprit.def.span }];
  report.unless(c.ok, "coherency.broken", `${unit.id} is not in coherency: ${why} (${cite(board.system, "03.03", "Unit Coherency")})`, head, { related });
}
