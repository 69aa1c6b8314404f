// Long timelines, where every incremental path is taken at once: an edit inside one step is read
// alone (parse/reread.ts) from a patched document (parse/reparse.ts), the analysis resumes from a
// checkpoint (engine/incremental.ts), and the board preview's replays from checkpoints and stops
// (engine/timeline.ts). After each of hundreds of edits of a 160-step Fight phase, made the way a
// document is typed and undone, the diagnostics, the model and the boards of a walk through the
// steps must be those of a full analysis and of replays from the set-up, whatever the callers do
// with the boards they were handed.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../../shared/index";
import { analyzeIncremental } from "../../../shared/engine/incremental";
import { checkpoint, replayTo, stopsOf, type Checkpoint } from "../../../shared/engine/timeline";
import { systemOf } from "../../../shared/language/board/index";
import { createRng } from "../../helpers/prng";
import { placesOf } from "../../helpers/board-places";
import { fightPhaseScenario } from "../../bench/scenarios";

/** Values a scalar of a step may become: numbers nudged, other numbers, ids, words of the vocabulary, nonsense. */
const TOKENS = ["1e1", ".5", "+3", "-0", "null", "true", "010", "1_0", "abc", "r1", "b2", "r1m1", "normal", "fight", "charge"];

/** One edit of a scalar after `steps:`: mostly in the last steps and the middle of the timeline, where resuming pays. */
function edit(text: string, rng: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
  const steps = text.indexOf("\nsteps:");
  const scalars = [...text.matchAll(/(?<=[[ ,:])(-?[0-9.]+|[a-z][a-z0-9_-]*)(?=[,\]\n ])/g)].filter(
    (m) => m.index! > steps && text[m.index! + m[0].length] !== ":",
  );
  const where = rng();
  const pool =
    where < 0.4
      ? scalars.slice(-Math.ceil(scalars.length / 20))
      : where < 0.7
        ? scalars.slice(Math.floor(scalars.length * 0.45), Math.ceil(scalars.length * 0.55))
        : scalars;
  const m = pick(pool);
  const how = rng();
  const value =
    /^-?[0-9.]+$/.test(m[0]) && how < 0.6
      ? String(Math.round((Number(m[0]) + pick([-1, -0.3, -0.01, 0.01, 0.3, 1, 5])) * 100) / 100)
      : how < 0.85
        ? pick(TOKENS)
        : `${m[0]}1`;
  return text.slice(0, m.index!) + value + text.slice(m.index! + m[0].length);
}

describe("long timelines", () => {
  it("after 240 typed and undone edits of a 160-step Fight phase, the diagnostics, model and boards are a full analysis's", () => {
    const rng = createRng(20261204);
    const base = fightPhaseScenario(400);
    let text = base;
    let current = analyzeIncremental(text);
    const history = [text];
    const seen = { reread: 0, resumed: 0, boards: 0, stops: 0 };
    for (let i = 0; i < 240; i++) {
      const previous = current;
      text = history.length > 3 && rng() < 0.1 ? history[Math.floor(rng() * history.length)] : edit(text, rng);
      history.push(text);
      current = analyzeIncremental(text, previous.replays);
      const full = analyze(text);
      assert.deepEqual(current.analysis.problems, full.problems, `edit ${i}`);
      assert.deepEqual(current.analysis.scenario, full.scenario, `edit ${i}`);
      const [before, now] = [previous.analysis.scenario, current.analysis.scenario];
      if (current.patched && before && now && now.steps[0] === before.steps[0]) seen.reread++;
      if (now && current.replayed < now.steps.length) seen.resumed++;
      if (!now || !full.scenario || rng() < 0.75) continue;
      // The preview's slider: forward through the steps, then back a little.
      const { system } = systemOf(full.scenario);
      let at = Math.floor(rng() * now.steps.length);
      for (let k = 0; k < 4; k++) {
        const index: number = now.steps[Math.min(now.steps.length - 1, at)].index;
        const resumed = replayTo(now, system, index);
        const fresh: Checkpoint = checkpoint(full.scenario, system, index);
        assert.equal(placesOf(resumed.board), placesOf(fresh.state.ctx.board), `edit ${i}, step ${index}`);
        assert.deepEqual(resumed.report.problems, fresh.state.ctx.report.problems, `edit ${i}, step ${index}`);
        seen.boards++;
        // What a replay hands out is the caller's: changing it changes no later replay (each resumes from a copy).
        const [moved, removed] = [...resumed.board.models.values()].filter((m) => m.alive);
        resumed.board.place(moved, { x: moved.at.x + 7, y: moved.at.y + 3 });
        resumed.board.remove(removed);
        at = Math.max(0, at + (k === 2 ? -Math.floor(rng() * 40) : Math.floor(rng() * 40)));
      }
      if (stopsOf(now).length > 0) seen.stops++;
    }
    // Each path was taken, and often: not a test of full analyses only.
    assert.ok(seen.reread > 150 && seen.resumed > 180 && seen.boards > 200 && seen.stops > 20, JSON.stringify(seen));
  });
});
