// Incremental re-analysis (shared/engine/incremental.ts) must give exactly what a full analysis
// gives: on every example and fixture, and after thousands of random single edits (seeded), each
// made to the previous version with that version's checkpoints, the way a document is typed.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { analyze } from "../../../shared/index";
import { analyzeIncremental, analyzeVariant, predecessorOf, type Replays } from "../../../shared/engine/incremental";
import { parseScenario, readDocument } from "../../../shared/parse/parse-scenario";
import { keptFor, readKept } from "../../../shared/parse/reparse";
import { moveRecords } from "../../../shared/language/board/move-records";
import { boardFrame } from "../../../shared/engine/frame";
import { replayTo, tryVariant } from "../../../shared/engine/timeline";
import { systemOf } from "../../../shared/language/board/index";
import { createRng } from "../../helpers/prng";
import { placesOf } from "../../helpers/board-places";
import { exampleAndFixtureFiles } from "../../helpers/scenario-files";
import { fightPhaseScenario } from "../../bench/scenarios";

const FILES = exampleAndFixtureFiles();
const CHARS = " :-[]{},.0123456789abcrxy\n#";

/** One random single edit of `text`: a number nudged (mostly in the steps), a character deleted or inserted, a line dropped or doubled. */
function edit(text: string, rng: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
  const kind = rng();
  if (kind < 0.55) {
    const steps = Math.max(0, text.indexOf("\nsteps:"));
    const numbers = [...text.matchAll(/-?\d+(?:\.\d+)?/g)].filter((m) => rng() < 0.25 || m.index! > steps);
    if (numbers.length > 0) {
      const m = pick(numbers);
      const v = Number(m[0]) + pick([-1, -0.5, -0.1, -0.01, 0.01, 0.1, 0.5, 1, 3]);
      return text.slice(0, m.index!) + String(Math.round(v * 100) / 100) + text.slice(m.index! + m[0].length);
    }
  }
  const at = Math.floor(rng() * (text.length + 1));
  if (kind < 0.7) return text.slice(0, at) + text.slice(at + 1);
  if (kind < 0.85) return text.slice(0, at) + pick([...CHARS]) + text.slice(at);
  const lines = text.split("\n");
  const i = Math.floor(rng() * lines.length);
  if (rng() < 0.5) lines.splice(i, 1);
  else lines.splice(i, 0, lines[i]);
  return lines.join("\n");
}

describe("incremental re-analysis", () => {
  it("equals a full analysis on every example and fixture", () => {
    assert.ok(FILES.length > 100, `${FILES.length} scenario files`);
    for (const file of FILES) {
      const text = readFileSync(file, "utf8");
      assert.deepEqual(analyzeIncremental(text).analysis.problems, analyze(text).problems, file);
    }
  });

  it("equals a full analysis after each of 5,000 random single edits, each from the previous version's checkpoints", () => {
    const rng = createRng(20261202);
    let edits = 0;
    let resumed = 0;
    let skipped = 0;
    let patched = 0;
    // The fixtures have a step or two; the generated Fight phase (40 steps) is where resuming pays.
    const generated = fightPhaseScenario(100);
    const texts = [...FILES.map((f) => readFileSync(f, "utf8")), ...Array.from({ length: 12 }, () => generated)];
    while (edits < 5000) {
      for (const base of texts) {
        let text = base;
        let replays: Replays | undefined = analyzeIncremental(text).replays;
        // A short run of edits to one document, then back to where it started.
        for (let k = 0; k < 4; k++) {
          text = k === 3 ? base : edit(text, rng);
          const inc = analyzeIncremental(text, replays);
          const full = analyze(text);
          assert.deepEqual(inc.analysis.problems, full.problems, `edit ${edits} of ${JSON.stringify(base.slice(0, 60))}:\n${text}`);
          const steps = full.scenario?.steps.length ?? 0;
          if (replays && inc.replays && inc.replayed < steps) {
            resumed++;
            skipped += steps - inc.replayed;
          }
          if (inc.patched) patched++;
          replays = inc.replays;
          edits++;
        }
      }
    }
    // The edits did resume from checkpoints, and often (not a test of full analyses only).
    assert.ok(resumed > 250 && skipped > 1000, `${resumed} of ${edits} edits resumed from a checkpoint (${skipped} steps not replayed)`);
    // And many were parsed by patching the previous version's YAML document (parse/reparse.ts).
    assert.ok(patched > 1000, `${patched} of ${edits} edits patched the previous document`);
  });

  it("analyses 3,000 variants of an analysed text from its checkpoints and document as analyze does, and leaves the analysis its text's", () => {
    const rng = createRng(1203);
    const generated = fightPhaseScenario(100);
    const texts = [...FILES.map((f) => readFileSync(f, "utf8")), ...Array.from({ length: 8 }, () => generated)];
    let variants = 0;
    let resumed = 0;
    let patched = 0;
    while (variants < 3000) {
      for (const text of texts) {
        const base = analyzeIncremental(text);
        const kept = keptFor(text);
        for (let k = 0; k < 3; k++) {
          const edited = edit(text, rng);
          const variant = analyzeVariant(edited, { text, analysis: base.analysis });
          const full = analyze(edited);
          assert.deepEqual(variant.analysis.problems, full.problems, `variant ${variants}:\n${edited}`);
          assert.deepEqual(variant.analysis.scenario, full.scenario, `variant ${variants}`);
          const steps = full.scenario?.steps.length ?? 0;
          if (variant.replayed < steps) resumed++;
          if (variant.patched) patched++;
          variants++;
        }
        // The analysis is its text's still: its document reads as the text, and the next version resumes from its checkpoints as before.
        assert.equal(keptFor(text), kept);
        if (kept) {
          assert.deepEqual(readKept(kept), parseScenario(text));
          // Not only what it remembers of its reading: the document itself was put back.
          assert.ok(kept.doc);
          assert.deepEqual(readDocument(kept.doc, text), parseScenario(text));
        }
        const next = edit(text, rng);
        assert.deepEqual(analyzeIncremental(next, base.replays).analysis.problems, analyze(next).problems);
      }
    }
    // Only a text of many steps has checkpoints to resume from (the fixtures have a step or two): the generated Fight phase.
    assert.ok(resumed > 150, `${resumed} of ${variants} variants resumed from a checkpoint`);
    assert.ok(patched > 500, `${patched} of ${variants} variants read through the analysis's document`);
  });

  it("analyses a variant in full when the analysis was not made incrementally", () => {
    const text = fightPhaseScenario(20);
    const edited = text.replace(/\[(\d+)\.(\d+), /, "[$1.5$2, ");
    assert.notEqual(edited, text);
    const variant = analyzeVariant(edited, { text, analysis: analyze(text) });
    assert.deepEqual(variant.analysis.problems, analyze(edited).problems);
    assert.equal(variant.replayed, variant.analysis.scenario?.steps.length);
  });

  it("the move records and boards of each version carried over from the last one equal those of a full analysis, after 1,500 random edits", () => {
    const rng = createRng(20261203);
    const texts = [...FILES.map((f) => readFileSync(f, "utf8")), fightPhaseScenario(100), fightPhaseScenario(100)];
    let edits = 0;
    let carried = 0;
    while (edits < 1500) {
      for (const base of texts) {
        let text = base;
        let inc = analyzeIncremental(text);
        if (inc.analysis.scenario) moveRecords(inc.analysis.scenario);
        for (let k = 0; k < 3; k++) {
          text = edit(text, rng);
          inc = analyzeIncremental(text, inc.replays);
          const full = analyze(text).scenario;
          const scenario = inc.analysis.scenario;
          edits++;
          if (!scenario || !full) continue;
          if ((predecessorOf(scenario)?.same ?? 0) > 0) carried++;
          assert.deepEqual(moveRecords(scenario), moveRecords(full), `edit ${edits}:\n${text}`);
          // The timeline resumes from checkpoints, some carried over from the last version: never with that version's steps.
          const { system } = systemOf(full);
          for (const index of [scenario.steps.at(-1)?.index, scenario.steps[Math.floor(scenario.steps.length / 2)]?.index]) {
            if (index === undefined) continue;
            const a = replayTo(scenario, system, index);
            const b = replayTo(full, system, index);
            assert.equal(placesOf(a.board), placesOf(b.board), `edit ${edits}, board after step ${index}`);
            assert.deepEqual(a.report.problems, b.report.problems);
          }
        }
      }
    }
    assert.ok(carried > 150, `${carried} of ${edits} versions carried records over`);
  });

  it("the timeline's replays resume from an analysis's checkpoints and find what replays from the set-up find", () => {
    const texts = [...FILES.map((f) => readFileSync(f, "utf8")), fightPhaseScenario(100)];
    let compared = 0;
    for (const text of texts) {
      const kept = analyzeIncremental(text).analysis.scenario; // its checkpoints are kept for the timeline
      const plain = analyze(text).scenario; // a scenario object of its own: every replay from the set-up
      if (!kept || !plain) continue;
      const { system } = systemOf(plain);
      for (const step of plain.steps) {
        const a = replayTo(kept, system, step.index);
        const b = replayTo(plain, system, step.index);
        assert.equal(placesOf(a.board), placesOf(b.board));
        assert.deepEqual(a.report.problems, b.report.problems);
        assert.equal(a.phase, b.phase);
        const problems = analyze(text).problems;
        assert.deepEqual(boardFrame(kept, problems, step.index), boardFrame(plain, problems, step.index));
        assert.deepEqual(tryVariant(kept, system, step.index, step), tryVariant(plain, system, step.index, step));
        compared++;
      }
      const all = replayTo(kept, system, Infinity);
      assert.deepEqual(all.report.problems, replayTo(plain, system, Infinity).report.problems);
    }
    assert.ok(compared > 300, `${compared} steps compared`);
  });

  it("replays only the edited step and those after it when one coordinate of the last step changes", () => {
    const text = fightPhaseScenario(500);
    const first = analyzeIncremental(text);
    const steps = first.analysis.scenario!.steps.length;
    const at = text.lastIndexOf("[") + 1;
    const edited = text.slice(0, at) + String(Number(/^-?\d+(?:\.\d+)?/.exec(text.slice(at))![0]) + 0.01) + text.slice(text.indexOf(",", at));
    const second = analyzeIncremental(edited, first.replays);
    assert.equal(second.replayed, 1, `${second.replayed} of ${steps} steps replayed`);
    assert.deepEqual(second.analysis.problems, analyze(edited).problems);
  });
});
