import { offBoardBy } from "../../geometry/board";
import { gapUpTo } from "../../geometry/gap";
import { TAU_O } from "../../geometry/tolerance";
import type { BoardState } from "../../board/board-state";
import { inches, type Report } from "../report";

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
    // One finding per model, on the later definition, naming the earlier bases it overlaps.
    const under = board
      .near(m.shape, 0)
      .filter((n) => n !== m && seen.has(n.def.id))
      .map((n) => ({ n, g: gapUpTo(m.shape, n.shape, 0) }))
      .filter(({ g }) => g < -TAU_O);
    if (under.length === 0) continue;
    const first = under[0];
    const more = under.length > 1 ? ` and ${under.length - 1} more` : "";
    report.error("scenario.overlap", `${m.def.id}'s base overlaps ${first.n.def.id}'s by ${inches(-first.g)}${more}`, m.def.span, {
      related: under.slice(0, 5).map(({ n }) => ({ message: n.def.id, span: n.def.span })),
    });
  }
}
