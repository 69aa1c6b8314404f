// The closest enemy model (shared/language/board/facts.ts), which hovers, inlay hints and the move
// records show, is found through the board's grid in a growing radius: it must be exactly the model
// and gap a scan of every model gives (the first of the board's models among equal gaps), on the
// board after every step of every example and fixture and of a generated Fight phase.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { analyze } from "../../../shared/index";
import type { BoardState, ModelState } from "../../../shared/board/board-state";
import { gapBounds, signedGap } from "../../../shared/geometry/gap";
import { boardAfter, closestEnemy } from "../../../shared/language/board/facts";
import { fightPhaseScenario } from "../../bench/scenarios";
import { exampleAndFixtureFiles } from "../../helpers/scenario-files";

/** Every model scanned, as the function did before it used the grid. */
function scanned(board: BoardState, m: ModelState): { model: ModelState; gap: number } | undefined {
  let best: { model: ModelState; gap: number } | undefined;
  for (const n of board.models.values()) {
    if (!n.alive || n.unit.player === m.unit.player) continue;
    if (best && gapBounds(m.shape, n.shape).lower >= best.gap) continue;
    const gap = signedGap(m.shape, n.shape);
    if (!best || gap < best.gap) best = { model: n, gap };
  }
  return best;
}

describe("the closest enemy model", () => {
  it("is the one a scan of every model finds, after every step of every example, fixture and a generated Fight phase", () => {
    const texts = exampleAndFixtureFiles().map((f) => readFileSync(f, "utf8"));
    texts.push(fightPhaseScenario(200));
    let compared = 0;
    let far = 0;
    for (const text of texts) {
      const scenario = analyze(text).scenario;
      if (!scenario) continue;
      for (const step of [undefined, ...scenario.steps.map((s) => s.index)]) {
        const board = boardAfter(scenario, step);
        for (const m of board.models.values()) {
          if (!m.alive) continue;
          const want = scanned(board, m);
          const got = closestEnemy(board, m);
          assert.equal(got?.model.def.id, want?.model.def.id, `${m.def.id} after step ${step}`);
          assert.equal(got?.gap, want?.gap);
          if (want && want.gap > 2) far++;
          compared++;
        }
      }
    }
    // Models whose closest enemy lies beyond the first radius, so the search grew (not only the first ring tested).
    assert.ok(compared > 5000 && far > 1000, `${compared} models compared, ${far} with the closest enemy over 2" away`);
  });
});
