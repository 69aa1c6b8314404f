import { discGap } from "../../geometry/gap";
import type { ObjectiveDef } from "../../model/scenario";
import type { BoardState, UnitState } from "../../board/board-state";
import { gapPoints } from "./engagement";

/**
 * How far a unit is from an objective marker (11e 12.08 and 10e Consolidate): from its closest
 * model to the edge of the marker, a disc of the system's objective diameter.
 */

/** The gap from the unit's closest model to the objective marker's edge. */
export function objectiveGap(board: BoardState, unit: UnitState, o: ObjectiveDef): number {
  const r = board.system.objective.diameterMm / 2 / 25.4;
  return Math.min(...board.alive(unit).map((m) => discGap(m.shape, o.at, r)));
}

/** The points the objective gap `g` runs between: from the unit's closest model to the marker's edge. */
export function objectiveGapPoints(board: BoardState, unit: UnitState, o: ObjectiveDef, g: number): ReturnType<typeof gapPoints> | undefined {
  const r = board.system.objective.diameterMm / 2 / 25.4;
  const m = board.alive(unit).find((x) => discGap(x.shape, o.at, r) === g);
  return m ? gapPoints(m.shape, { kind: "circle", c: o.at, r }) : undefined;
}
