// tryStepFrom tries a step on the checkpoint's own board and rolls it back (BoardState.beginTrial)
// instead of copying the board for every try (the legal region tries hundreds of spots): the
// findings must be those of a full replay of the variant, and the board after the rollback exactly
// the checkpoint's, down to the order the spatial grid answers in.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../../shared/index";
import type { Scenario, Step } from "../../../shared/index";
import type { BoardState } from "../../../shared/board/board-state";
import { checkpoint, tryStepFrom, tryVariant } from "../../../shared/engine/timeline";
import { systemOf } from "../../../shared/language/board/index";
import { createRng } from "../../helpers/prng";
import { exampleAndRuleFixtureFiles } from "../../helpers/scenario-files";

function scenarios(): { name: string; scenario: Scenario }[] {
  const out: { name: string; scenario: Scenario }[] = [];
  for (const file of exampleAndRuleFixtureFiles()) {
    const scenario = analyze(readFileSync(file, "utf8")).scenario;
    if (scenario) out.push({ name: basename(file), scenario });
  }
  return out;
}

/** Everything a later step could read of a board: each model's place, and what the grid and caches answer. */
function state(board: BoardState): string {
  const lines: string[] = [`budget ${board.witnessBudget}`];
  for (const m of board.models.values()) {
    const near = board.near(m.shape, 3).map((n) => n.def.id);
    lines.push(`${m.def.id} ${m.at.x} ${m.at.y} ${m.facing} ${m.alive} near ${near.join(",")}`);
  }
  for (const u of board.units.values()) {
    lines.push(`${u.id} alive ${board.alive(u).length} engaged ${[...board.engagedUnits(u)].map(([v, t]) => `${v.id}:${t}`)}`);
  }
  return lines.join("\n");
}

/** The step with every written end moved by up to 1.5" (a drag on the board). */
function nudged(step: Step, rng: () => number): Step {
  if (!("moves" in step)) return step;
  const moves = step.moves.map((mv) => ({
    ...mv,
    path: mv.path.map((p, i) => (i === mv.path.length - 1 ? { x: p.x + (rng() - 0.5) * 3, y: p.y + (rng() - 0.5) * 3 } : p)),
  }));
  return { ...step, moves } as Step;
}

describe("tryStepFrom on a journalled board", () => {
  it("finds what a full replay of the variant finds, and leaves the checkpoint's board exactly as it was", () => {
    const rng = createRng(15);
    let tried = 0;
    for (const { name, scenario } of scenarios()) {
      const { system } = systemOf(scenario);
      for (const step of scenario.steps) {
        if (!("moves" in step)) continue;
        const previous = scenario.steps.filter((s) => s.index < step.index).pop();
        const cp = checkpoint(scenario, system, previous?.index);
        const fresh = state(cp.state.ctx.board);
        for (const variant of [step, nudged(step, rng), nudged(step, rng)]) {
          const r = tryStepFrom(cp, variant, (board) => state(board));
          const full = tryVariant(scenario, system, step.index, variant);
          assert.deepEqual(r.problems, full, `${name} step ${step.index + 1}`);
          assert.equal(state(cp.state.ctx.board), fresh, `${name} step ${step.index + 1}: the board after the rollback`);
          tried++;
        }
      }
    }
    assert.ok(tried > 100, `${tried} variants tried`);
  });
});
