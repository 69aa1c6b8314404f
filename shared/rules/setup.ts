import { offBoardBy } from "../geometry/board";
import { signedGap } from "../geometry/gap";
import { TAU_O } from "../geometry/tolerance";
import type { BoardState } from "../engine/board-state";
import { inches, type Report } from "../engine/report";

/** The set-up before the first step: no two bases overlap, every base is on the board. */
export function checkSetup(board: BoardState, report: Report): void {
  const { width, height } = board.scenario.board;
  const seen = new Set<string>();
  for (const m of board.models.values()) {
    const off = offBoardBy(m.shape, width, height);
    if (off > TAU_O) {
      report.error("scenario.off-board", `${m.def.id} is ${inches(off)} off the ${width}" × ${height}" board`, m.def.span);
    }
    seen.add(m.def.id);
    for (const n of board.near(m.shape, 0)) {
      if (n === m || !seen.has(n.def.id)) continue; // each pair once, reported on the later definition
      const g = signedGap(m.shape, n.shape);
      if (g < -TAU_O) {
        report.error("scenario.overlap", `${m.def.id}'s base overlaps ${n.def.id}'s by ${inches(-g)}`, m.def.span, {
          related: [{ message: n.def.id, span: n.def.span }],
        });
      }
    }
  }
}
