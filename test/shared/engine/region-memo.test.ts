// The legal region carried over between versions (shared/engine/region.ts, `rememberedRegion`):
// after the model's own end is moved (a drag written into the text), the region is the one the
// last version had, and exactly what computing it afresh on the new text gives; after anything
// else it depends on changes (another model's move, the model's waypoint, an earlier step), it is
// computed again, and again equals a fresh computation.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../../shared/engine/analyze";
import { analyzeIncremental } from "../../../shared/engine/incremental";
import { moveRegion, rememberedRegion } from "../../../shared/engine/region";

const ROOT = join(__dirname, "..", "..", "..", "..");

/** Moves of models written `id: [x, y]` in the steps, with one case per move kind the region knows. */
const CASES = [
  { file: "examples/illegal-pile-in.scenario.yaml", step: 0, model: "r1", other: "r2" },
  { file: "examples/consolidation.scenario.yaml", step: 2, model: "r4", other: "r3" },
  { file: "examples/11e-charge.scenario.yaml", step: 0, model: "a1", other: "a2" },
  { file: "examples/11e-movement.scenario.yaml", step: 0, model: "i1", other: "i2" },
] as const;

/** The text with the first number of `model`'s entry after offset `from` changed by `dx`. */
function nudge(text: string, model: string, from: number, dx: number): string {
  const re = new RegExp(`(\\b${model}: (?:\\{ ?at: )?\\[)(-?\\d+(?:\\.\\d+)?)`, "g");
  re.lastIndex = from;
  const m = re.exec(text);
  assert.ok(m, `no entry of ${model} after offset ${from}`);
  const at = m.index + m[1].length;
  return text.slice(0, at) + String(Math.round((Number(m[2]) + dx) * 100) / 100) + text.slice(at + m[2].length);
}

describe("the legal region remembered across versions", () => {
  for (const c of CASES) {
    it(`is carried over when only ${c.model}'s end moves, and computed again otherwise (${c.file} step ${c.step + 1})`, () => {
      const text = readFileSync(join(ROOT, c.file), "utf8");
      const first = analyzeIncremental(text);
      const scenario = first.analysis.scenario!;
      const step = scenario.steps.find((s) => s.index === c.step)!;
      const region = rememberedRegion(scenario, c.step, c.model);
      assert.ok(region.samples > 0, "a region with spots");
      assert.equal(rememberedRegion(scenario, c.step, c.model), region, "the same version answers from memory");

      // The model's end in the step, as a drag writes it: the same region, not computed again.
      const dragged = nudge(text, c.model, step.span.start, 0.1);
      const second = analyzeIncremental(dragged, first.replays);
      const carried = rememberedRegion(second.analysis.scenario!, c.step, c.model);
      assert.equal(carried, region, "carried over");
      assert.deepEqual(carried, moveRegion(analyze(dragged).scenario!, c.step, c.model), "and what a fresh computation gives");

      // Another model's end in the same step, or the model's place in the set-up: computed again, equal to a fresh one.
      for (const changed of [nudge(dragged, c.other, step.span.start, 0.3), nudge(dragged, c.model, text.indexOf("\nunits:"), -0.2)]) {
        assert.notEqual(changed, dragged);
        const third = analyzeIncremental(changed, second.replays);
        const again = rememberedRegion(third.analysis.scenario!, c.step, c.model);
        assert.notEqual(again, region, "computed again");
        assert.deepEqual(again, moveRegion(analyze(changed).scenario!, c.step, c.model));
      }
    });
  }

  it("stops at the caller's deadline with a note, and does not remember a region cut short so", () => {
    const text = readFileSync(join(ROOT, "examples/illegal-pile-in.scenario.yaml"), "utf8");
    const scenario = analyzeIncremental(text).analysis.scenario!;
    let spots = 0;
    const late = rememberedRegion(scenario, 0, "r1", { expired: () => ++spots > 20 });
    assert.match(late.note ?? "", /^cut short after 20 spots, out of time: the outline is incomplete$/);
    assert.equal(late.samples, 20);
    const whole = rememberedRegion(scenario, 0, "r1");
    assert.notEqual(whole, late, "computed again without the deadline");
    assert.equal(whole.note, undefined);
    assert.ok(whole.samples > 20);
  });
});
