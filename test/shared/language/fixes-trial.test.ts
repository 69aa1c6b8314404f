// Quick fixes judge a new position of a move by replaying the steps from the checkpoint before its
// step (shared/language/fixes/move-trial.ts, move-verify.ts) instead of analysing the edited text.
// These tests hold that to a full analysis: on every example and fixture, each tried path gets
// exactly the findings `analyze` gives for the edited text; a fix is refused when a later step
// is what the new position breaks; and "mark this step illegal", read from the step alone, is
// what the whole-document check says.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import type { Problem } from "../../../shared/diagnostics/problem";
import { analyze } from "../../../shared/index";
import { analyzeIncremental } from "../../../shared/engine/incremental";
import { movesOfStep } from "../../../shared/engine/frame";
import type { Analysis } from "../../../shared/engine/analyze";
import { keepsComments } from "../../../shared/language/fixes/comments";
import { applyEdits, Budget, POSITION_CODES, quickFixes } from "../../../shared/language/fixes/index";
import { markIllegalFix } from "../../../shared/language/fixes/mark-illegal";
import { moveEdits } from "../../../shared/language/fixes/move-edit";
import { MoveJudge } from "../../../shared/language/fixes/move-verify";
import { changesOnlyKey, changesOnlyKeyIn, stepPiece } from "../../../shared/language/fixes/same-data";
import { keyOf, subjectText, type FixContext } from "../../../shared/language/fixes/verify";
import { moveTextAt } from "../../../shared/language/fixes/yaml-locate";
import { tally } from "../../helpers/tally";
import { exampleAndFixtureFiles } from "../../helpers/scenario-files";

const FILES = exampleAndFixtureFiles();

/** Findings as a sorted list of what a fix's verdict reads of them: code, severity, step, message, subject and start. */
function findings(text: string, problems: readonly Problem[]): string[] {
  return problems.map((p) => JSON.stringify([p.code, p.severity, p.step ?? null, p.message, subjectText(text, p.span), p.span.start])).sort();
}

/** End positions to try for a move ending at (x, y): around it, and (for waypoints) straight there. */
const OFFSETS: readonly (readonly [number, number])[] = [
  [0.5, 0],
  [-0.73, 0.31],
  [0, -1.2],
  [2.5, 1.5],
];

describe("a move's new path judged by a replay from the checkpoint before its step", () => {
  it("gets exactly the findings a full analysis of the edited text gets, on every example and fixture", () => {
    let replayed = 0;
    let partial = 0;
    let files = 0;
    for (const file of FILES) {
      const text = readFileSync(file, "utf8");
      // Both ways the server may hold an analysis: with the kept checkpoints of an incremental one, and without.
      const analyses: Analysis[] = [analyzeIncremental(text).analysis, analyze(text)];
      const scenario = analyses[1].scenario;
      if (!scenario) continue;
      const moves = scenario.steps.flatMap((step) => movesOfStep(step).map((move) => ({ step, move }))).slice(0, 3);
      if (moves.length > 0) files++;
      moves.forEach(({ step, move }, k) => {
        const analysis = analyses[k % 2];
        const written = moveTextAt(text, move);
        if (!written) return;
        const ctx: FixContext = { text, analysis, options: {}, budget: new Budget(1000) };
        const target = { code: "move.too-far" as const, step: step.index, subject: move.model.id };
        const judge = new MoveJudge(ctx, target, step, move, written, move.model.id);
        const end = move.path[move.path.length - 1];
        const candidates = OFFSETS.map(([dx, dy]) => ({
          keep: move.path.length - 1,
          end: { x: Math.round((end.x + dx) * 100) / 100, y: Math.round((end.y + dy) * 100) / 100 },
        }));
        if (move.path.length > 1) candidates.push({ keep: 0, end });
        for (const c of candidates) {
          const edits = moveEdits(text, written, c);
          if (edits.length === 0) continue;
          const before = judge.counts.replayed;
          const verdict = judge.judge(edits);
          if (judge.counts.replayed === before) continue;
          replayed++;
          const after = applyEdits(text, edits);
          // Refused on its own step or a later one, a path is not replayed further: its findings up to that step are complete.
          const through = verdict.through;
          const full = analyze(after).problems.filter((p) => through === undefined || p.step === undefined || p.step <= through);
          if (through !== undefined) partial++;
          assert.deepEqual(findings(after, verdict.problems), findings(after, full), `${file}: ${move.model.id} to ${JSON.stringify(c)}`);
        }
      });
    }
    assert.ok(
      files > 100 && replayed > 300 && partial > 50 && replayed - partial > 100,
      `${replayed} paths replayed (${partial} up to their step) in ${files} files`,
    );
  });

  it("refuses the nearest end when a later step is what it breaks, and offers one the whole scenario accepts", () => {
    // a1 moves 8" of its 6": the cut at the limit is [15.99, 10]. Step 2 moves c1 to [15.5, 11.1]:
    // clear of a1 where the author put it ([18, 10]), on top of it at the cut.
    const text = [
      "scenario: a later step measures the moved model",
      "rules: 11e",
      "turn: red",
      "phase: movement",
      "units:",
      "  boyz:",
      "    player: red",
      "    base: 32",
      "    move: 6",
      "    models:",
      "      a1: [10, 10]",
      "  grots:",
      "    player: red",
      "    base: 32",
      "    move: 6",
      "    models:",
      "      c1: [12, 14]",
      "steps:",
      "  - move: boyz",
      "    to:",
      "      a1: [18, 10]",
      "  - move: grots",
      "    to:",
      "      c1: [15.5, 11.1]",
      "",
    ].join("\n");
    const analysis = analyze(text);
    const tooFar = analysis.problems.filter((p) => p.code === "move.too-far");
    assert.equal(tooFar.length, 1, JSON.stringify(analysis.problems.map((p) => p.code)));
    assert.equal(analysis.problems.filter((p) => p.severity !== "info").length, 1, JSON.stringify(analysis.problems.map((p) => [p.code, p.message])));
    // The nearest cut breaks step 2, so a check of step 1 alone would offer it.
    const nearest = text.replace("a1: [18, 10]", "a1: [15.99, 10]");
    const broken = analyze(nearest).problems.filter((p) => p.severity !== "info");
    assert.deepEqual(
      broken.map((p) => [p.code, p.step]),
      [["move.overlap", 1]],
      JSON.stringify(broken.map((p) => p.message)),
    );
    const fixes = quickFixes(text, analysis, tooFar[0]);
    const fix = fixes.find((f) => f.preferred);
    assert.ok(fix, JSON.stringify(fixes.map((f) => f.title)));
    assert.notEqual(fix.title, "Move a1 to [15.99, 10]");
    const after = analyze(applyEdits(text, fix.edits));
    assert.deepEqual(
      after.problems.filter((p) => p.severity !== "info").map((p) => p.code),
      [],
      `${fix.title}: ${JSON.stringify(after.problems.map((p) => p.message))}`,
    );
  });

  it("every position fix offered on every example and fixture clears its finding and adds none, by a full analysis", () => {
    let offered = 0;
    for (const file of FILES) {
      const text = readFileSync(file, "utf8");
      const analysis = analyzeIncremental(text).analysis;
      if (!analysis.scenario) continue;
      const budget = new Budget(48);
      for (const p of analysis.problems.filter((q) => POSITION_CODES.includes(q.code) && q.severity !== "info").slice(0, 2)) {
        const fix = quickFixes(text, analysis, p, { budget }).find((f) => f.preferred);
        if (!fix) continue;
        offered++;
        const after = applyEdits(text, fix.edits);
        const problems = analyze(after).problems;
        const target = keyOf(text, p);
        assert.ok(!problems.some((q) => JSON.stringify(keyOf(after, q)) === JSON.stringify(target)), `${file}: "${fix.title}" leaves ${p.code}`);
        const before = tally(analysis.problems);
        for (const [key, n] of tally(problems)) assert.ok(n <= (before.get(key) ?? 0), `${file}: "${fix.title}" adds ${key}`);
      }
    }
    assert.ok(offered > 20, `${offered} position fixes`);
  });
});

describe("mark this step illegal, checked on the step alone", () => {
  it("agrees with the whole-document check and keeps every comment, on every example and fixture", () => {
    let local = 0;
    for (const file of FILES) {
      const text = readFileSync(file, "utf8");
      const analysis = analyze(text);
      const scenario = analysis.scenario;
      if (!scenario) continue;
      for (const p of analysis.problems.filter((q) => q.step !== undefined && q.severity !== "info").slice(0, 3)) {
        const fix = markIllegalFix(text, scenario, p);
        if (!fix) continue;
        const step = scenario.steps.find((s) => s.index === p.step)!;
        const after = applyEdits(text, fix.edits);
        const listed = (had: unknown): unknown => (Array.isArray(had) ? [...(had as unknown[]), p.code] : [p.code]);
        assert.ok(changesOnlyKey(text, after, step.span.start, "illegal", listed), `${file}: ${fix.title}`);
        assert.ok(keepsComments(text, after), `${file}: ${fix.title} keeps the comments`);
        const piece = stepPiece(text, step.span);
        if (piece && changesOnlyKeyIn(text, after, piece, fix.edits[0], "illegal", listed)) local++;
      }
    }
    assert.ok(local > 50, `${local} checked on the step alone`);
  });

  it("catches an edit that changes more than the step's illegal: list, or loses a comment", () => {
    const text = ["steps:", "  - pile-in: boyz   # first", "    to:", "      a1: [1, 2]", "  - fight: boyz", ""].join("\n");
    const span = { start: text.indexOf("pile-in"), end: text.indexOf("[1, 2]") + "[1, 2]".length };
    const piece = stepPiece(text, span);
    assert.deepEqual(piece, { start: span.start, end: span.end });
    const listed = (): unknown => ["move.too-far"];
    const at = piece!.end;
    const good = { span: { start: at, end: at }, newText: "\n    illegal: [move.too-far]" };
    assert.deepEqual(changesOnlyKeyIn(text, applyEdits(text, [good]), piece!, good, "illegal", listed), { data: true, comments: true });
    // Indented one step too far: the key lands in a1's map, and the step's illegal: stays unwritten.
    const deep = { span: { start: at, end: at }, newText: "\n      illegal: [move.too-far]" };
    assert.equal(changesOnlyKeyIn(text, applyEdits(text, [deep]), piece!, deep, "illegal", listed)?.data, false);
    // A number changed on the way.
    const also = { span: { start: text.indexOf("2]"), end: at }, newText: "3]\n    illegal: [move.too-far]" };
    assert.equal(changesOnlyKeyIn(text, applyEdits(text, [also]), piece!, also, "illegal", listed)?.data, false);
    // The comment dropped on the way.
    const comment = text.indexOf("   # first");
    const rest = text.slice(comment + "   # first".length, at);
    const lost = { span: { start: comment, end: at }, newText: `${rest}\n    illegal: [move.too-far]` };
    assert.deepEqual(changesOnlyKeyIn(text, applyEdits(text, [lost]), piece!, lost, "illegal", listed), { data: true, comments: false });
  });

  it("reads a step on its own only where the document ends it there too", () => {
    const kept = ["steps:", "  - pile-in: boyz", "    note: |+", "      kept", "", "  - fight: boyz", ""].join("\n");
    const keptEnd = kept.indexOf("kept") + "kept\n".length;
    assert.equal(stepPiece(kept, { start: kept.indexOf("pile-in"), end: keptEnd }), undefined, "a blank line a |+ scalar could claim");
    const folded = ["steps:", "  - pile-in: boyz", "    note: >-", "      a note", "  - fight: boyz", ""].join("\n");
    const foldedEnd = folded.indexOf("  - fight");
    assert.deepEqual(stepPiece(folded, { start: folded.indexOf("pile-in"), end: foldedEnd }), { start: folded.indexOf("pile-in"), end: foldedEnd });
    const inner = ["steps:", "  - pile-in: boyz", "    to:", "      a1: [1, 2]", "    # a comment", "      more: 1", ""].join("\n");
    const innerEnd = inner.indexOf("[1, 2]") + 6;
    assert.equal(stepPiece(inner, { start: inner.indexOf("pile-in"), end: innerEnd }), undefined, "a line indented as the map's inside follows");
    const flow = ["steps: [{ pile-in: boyz, to: { a1: [1, 2] } },", "  { fight: boyz }]", ""].join("\n");
    const start = flow.indexOf("pile-in");
    assert.equal(stepPiece(flow, { start, end: flow.indexOf(" }") }), undefined, "a map in a flow list");
  });
});
