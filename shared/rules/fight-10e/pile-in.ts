import type { PileInSpec } from "../../model/scenario";
import type { Span } from "../../source/span";
import type { UnitState } from "../../board/board-state";
import type { RuleContext } from "../context";
import { inches } from "../report";
import { checkLocks, locksBefore } from "../common/engagement";
import { applyMoves, checkEndPositions, checkPaths, plannedMoves } from "../common/moves";
import { checkCloserToEnemyModel, checkContactIfPossible } from "./approach";
import { checkUnitCoherency, ruleName } from "./unit-checks";

/**
 * The 10th-edition Pile In (source 003 L3–L6): up to 3"; only models not in
 * base-to-base contact with an enemy model may move; each moved model ends closer to the closest
 * enemy model, and in base-to-base contact with one if possible; the unit ends within Engagement
 * Range of an enemy unit and in Unit Coherency, or no model may pile in. Whether the unit may act
 * at all is the activation's business (fight-phase.ts). 10e has no pile-in targets: a `targets:`
 * key (written for 11e) is ignored. Unit-level findings go on `span` (the step's head, or the
 * nested `pile-in:` key of a fight step).
 */
export function tenthPileIn(ctx: RuleContext, unit: UnitState, spec: PileInSpec, span: Span): void {
  const { board, report, system } = ctx;
  const rule = ruleName(ctx, "Pile In");
  const limit = system.pileIn.maxDistance;
  const locks = locksBefore(board, unit);
  const moves = plannedMoves(board, unit, spec.moves, report);
  checkPaths(board, moves, limit, "pile-in", rule, report);
  const moved = applyMoves(board, moves);
  if (moved.length === 0) return;
  checkEndPositions(board, moved, rule, report);
  const free = checkLocks(moved, locks, rule, report);

  const closest = checkCloserToEnemyModel(ctx, free, rule);
  checkContactIfPossible(ctx, closest, { rule, limit, coherentWith: board.coherencyProbe(unit) });

  // "For a Pile In to be possible, a unit must be able to end these moves within Engagement Range
  // of one or more enemy units and in Unit Coherency": a move that ends otherwise is illegal
  // whether or not some other pile-in was possible (if none was, no model may move).
  report.unless(
    board.isEngaged(unit),
    "engagement.required",
    `${unit.id} must end its pile-in within Engagement Range (${inches(system.engagementRange)}) of an enemy unit, or no model may pile in (${rule})`,
    span,
  );
  checkUnitCoherency(ctx, unit, span, rule);
}
