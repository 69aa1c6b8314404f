// A board's state as text, for tests that compare a board reached one way with one reached another.
import type { BoardState } from "../../shared/board/board-state";

/** Every model's place, facing and life, and its unit's engagement: one line a model, in set-up order. */
export function placesOf(board: BoardState): string {
  return [...board.models.values()].map((m) => `${m.def.id} ${m.at.x} ${m.at.y} ${m.facing} ${m.alive} ${board.isEngaged(m.unit)}`).join("\n");
}
