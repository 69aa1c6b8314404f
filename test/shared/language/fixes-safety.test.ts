// Quick fixes must be safe as well as right: an id suggestion names a unit of the right side and
// is re-analysed like every other fix; no fix loses a comment; "mark this step illegal" changes
// nothing but the step's `illegal:` list (a `note: |+` keeps its trailing line breaks).
import { tally } from "../../helpers/tally";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { parseDocument } from "yaml";
import type { Code } from "../../../shared/diagnostics/codes";
import type { Problem } from "../../../shared/diagnostics/problem";
import { analyze } from "../../../shared/index";
import { commentsOf, keepsComments, onlyTokensChange } from "../../../shared/language/fixes/comments";
import { applyEdits, Budget, quickFixes, type Fix } from "../../../shared/language/fixes/index";
import { moveEdits } from "../../../shared/language/fixes/move-edit";
import { changesOnlyKey } from "../../../shared/language/fixes/same-data";
import { keyOf, tryEdits } from "../../../shared/language/fixes/verify";
import { moveTextOf, pairAt, parseRoot } from "../../../shared/language/fixes/yaml-locate";
import { createRng } from "../../helpers/prng";
import { exampleAndFixtureFiles } from "../../helpers/scenario-files";

/** raiders (red, acting) and its friend raider2; raidor (blue, 4" away) and raidxr (blue, far off). */
const UNITS = `units:
  raiders:
    player: red
    base: 32
    charged: true
    models:
      r1: [10, 10]
  raider2:
    player: red
    base: 32
    models:
      s1: [10, 20]
  raidor:
    player: blue
    base: 32
    models:
      t1: [14, 10]
`;
const FAR_ENEMY = "  raidxr:\n    player: blue\n    base: 32\n    models:\n      x1: [40, 30]\n";

function scenario(steps: string, units = UNITS): string {
  return `scenario: safety\nrules: 11e\nturn: red\n${units}steps:\n${steps}`;
}

/** The one unexpected finding with `code` and its fixes. */
function fixesFor(text: string, code: Code, budget?: Budget): { problem: Problem; fixes: Fix[] } {
  const analysis = analyze(text);
  const found = analysis.problems.filter((p) => p.code === code && p.severity !== "info");
  assert.equal(found.length, 1, `one ${code} in ${JSON.stringify(analysis.problems.map((p) => p.code))}`);
  return { problem: found[0], fixes: quickFixes(text, analysis, found[0], budget ? { budget } : {}) };
}

/** Applies `fix` and checks, independently of the fixes' own verification, that no code became more frequent on any step. */
function applyChecked(text: string, fix: Fix): string {
  const after = applyEdits(text, fix.edits);
  const before = tally(analyze(text).problems);
  for (const [key, n] of tally(analyze(after).problems)) assert.ok(n <= (before.get(key) ?? 0), `"${fix.title}" adds ${key}`);
  return after;
}

describe("scenario.unknown-ref: ids of the right side, verified", () => {
  it("a target is an enemy unit: neither the acting unit nor a friend is offered", () => {
    const text = scenario("  - pile-in: raiders\n    targets: [raider]\n    to:\n      r1: [12, 10]\n");
    const { fixes } = fixesFor(text, "scenario.unknown-ref");
    assert.deepEqual(
      fixes.map((f) => [f.title, f.preferred]),
      [["Change 'raider' to 'raidor'", true]],
    );
    assert.ok(applyChecked(text, fixes[0]).includes("    targets: [raidor]\n"));
  });

  it("two enemies as close: both verified and offered, neither preferred", () => {
    const text = scenario("  - pile-in: raiders\n    targets: [raider]\n    to:\n      r1: [12, 10]\n", UNITS + FAR_ENEMY);
    const { fixes } = fixesFor(text, "scenario.unknown-ref");
    assert.deepEqual(
      fixes.map((f) => [f.title, f.preferred]),
      [
        ["Change 'raider' to 'raidor'", false],
        ["Change 'raider' to 'raidxr'", false],
      ],
    );
    for (const fix of fixes) applyChecked(text, fix);
  });

  it("an id the engine then rejects is not offered, and without budget nothing is", () => {
    // Naming the enemy makes the pile-in's missed engagement with it a finding: not a fix.
    const text = scenario("  - pile-in: raiders\n    targets: [raider]\n    to:\n      r1: [10.5, 10]\n");
    assert.deepEqual(fixesFor(text, "scenario.unknown-ref").fixes, []);
    const fine = scenario("  - pile-in: raiders\n    targets: [raider]\n    to:\n      r1: [12, 10]\n");
    assert.deepEqual(fixesFor(fine, "scenario.unknown-ref", new Budget(0)).fixes, []);
  });

  it("charged: the enemies of the charging unit's player, not a friend one edit away", () => {
    // raidar (red, raiders' friend) is one edit from the written raidr; raidorr (blue) two.
    const units = UNITS.replace("    charged: true\n", "    charged: [raidr]\n").replace("  raider2:", "  raidar:").replace("  raidor:", "  raidorr:");
    const text = scenario("  - pile-in: raiders\n    to:\n      r1: [12, 10]\n", units);
    const { fixes } = fixesFor(text, "scenario.unknown-ref");
    assert.deepEqual(
      fixes.map((f) => [f.title, f.preferred]),
      [["Change 'raidr' to 'raidorr'", true]],
    );
    assert.ok(applyChecked(text, fixes[0]).includes("    charged: [raidorr]\n"));
  });
});

describe("no fix loses a comment", () => {
  it("targets: the replaced item keeps its comment, a whole-line comment stays, the removed item goes alone", () => {
    const text = scenario(
      "  - pile-in: raiders\n    targets:\n      - raiders   # wrong on purpose?\n      # the judge asks about this one\n      - raider2\n    to:\n      r1: [12, 10]\n",
    );
    const analysis = analyze(text);
    const first = analysis.problems.find((p) => p.code === "action.targets")!;
    const fix = quickFixes(text, analysis, first).find((f) => f.preferred)!;
    assert.equal(fix.title, "Change targets to [raidor]");
    const after = applyChecked(text, fix);
    assert.ok(
      after.endsWith("    targets:\n      - raidor   # wrong on purpose?\n      # the judge asks about this one\n    to:\n      r1: [12, 10]\n"),
      after,
    );
  });

  it("a flow list with a comment inside is not rewritten", () => {
    const text = scenario("  - pile-in: raiders\n    targets: [raiders,   # mine\n      raidor]\n    to:\n      r1: [12, 10]\n");
    const { fixes } = fixesFor(text, "action.targets");
    assert.deepEqual(
      fixes.map((f) => f.title),
      ["Mark this step illegal: action.targets"],
    );
  });

  it("dropping waypoints leaves their comments and the comment lines between them", () => {
    const text = scenario(
      "  - pile-in: raiders\n    targets: [raidor]\n    to:\n      r1:\n        - [11, 10]   # first\n        # then up\n        - [11, 12]   # second\n        - [12, 12]   # third\n",
    );
    const { fixes } = fixesFor(text, "move.too-far");
    assert.equal(fixes[0].title, "Move r1 straight to [12, 12]");
    const after = applyChecked(text, fixes[0]);
    assert.ok(after.endsWith("      r1:\n        # first\n        # then up\n        # second\n        - [12, 12]   # third\n"), after);
  });

  it("a cut path: the kept point's numbers change, the later points go item by item; a flow path with a comment inside is refused", () => {
    const text = "to:\n  r1:\n    - [11, 10]   # first\n    # then up\n    - [11, 13]   # second\n    - [14, 13]\n    - [14, 16]   # last\n";
    const move = moveTextOf(pairAt(parseRoot(text)!, text.indexOf("r1"))!)!;
    const after = applyEdits(text, moveEdits(text, move, { keep: 1, end: { x: 11, y: 12 } }));
    assert.equal(after, "to:\n  r1:\n    - [11, 10]   # first\n    # then up\n    - [11, 12]   # second\n    # last\n");
    const flow = "to:\n  r1: [[11, 10],   # first\n    [11, 13], [14, 13]]\n";
    const flowMove = moveTextOf(pairAt(parseRoot(flow)!, flow.indexOf("r1"))!)!;
    assert.equal(applyEdits(flow, moveEdits(flow, flowMove, { keep: 1, end: { x: 11, y: 12 } })), "to:\n  r1: [[11, 10],   # first\n    [11, 12]]\n");
    assert.deepEqual(moveEdits(flow, flowMove, { keep: 0, end: { x: 11, y: 10 } }), []);
  });

  it("the common verification refuses an edit that loses a comment, before spending an analysis", () => {
    const text = scenario("  - pile-in: raiders\n    targets: [raidor]   # the one\n    to:\n      r1: [13.6, 10]\n");
    const analysis = analyze(text);
    const problem = analysis.problems.find((p) => p.code === "move.too-far")!;
    const budget = new Budget(5);
    const ctx = { text, analysis, options: {}, budget };
    const start = text.indexOf("13.6");
    const lose = [
      { span: { start, end: text.indexOf("\n", start) + 1 }, newText: "12.99, 10]\n" },
      { span: { start: text.indexOf("   # the one"), end: text.indexOf("   # the one") + 12 }, newText: "" },
    ];
    assert.equal(tryEdits(ctx, keyOf(text, problem), lose).ok, false);
    assert.equal(budget.used, 0);
    assert.equal(tryEdits(ctx, keyOf(text, problem), [{ span: { start, end: start + 4 }, newText: "12.99" }]).ok, true);
    assert.equal(budget.used, 1);
  });

  it("comments are read by the YAML lexer: a # in a scalar is none, and order counts", () => {
    assert.equal(keepsComments("a: 'x # y'\nb: c#d\n", "a: 'x'\nb: c\n"), true);
    assert.equal(keepsComments("a: 1 # one\n# two\n", "# two\na: 1 # one\n"), false);
    assert.equal(keepsComments("a: 1 # one\n# two\n", "a: 2   # one\nb: 3\n# two\n"), true);
    assert.equal(keepsComments("a: |\n  # text\nb: 1 # c\n", "a: |\n  text\nb: 1 # c\n"), true);
  });

  it("an edit of whole tokens shown to keep the comments keeps them, as the lexer reads them, on every example and fixture", () => {
    const rng = createRng(1203);
    const replacements = ["7", "-2.5", "1e3", "r1", "b2m10", "x_y", "engaged", "a.b", "-", ".", "#c", "a b", "'q'", "[1]", "r1#x", ":", ""];
    let shown = 0;
    let refused = 0;
    for (const file of exampleAndFixtureFiles()) {
      const text = readFileSync(file, "utf8");
      // Every run of token characters: ids, numbers, words of notes and comments, parts of keys.
      const runs = [...text.matchAll(/[A-Za-z0-9_.+#-]+/g)];
      for (let k = 0; k < 12 && runs.length > 0; k++) {
        const picked = [0, 1, 2].slice(0, 1 + Math.floor(rng() * 3)).map(() => runs[Math.floor(rng() * runs.length)]);
        const spans = [...new Map(picked.map((m) => [m.index!, m])).values()].sort((a, b) => a.index! - b.index!);
        const edits = spans.map((m) => ({
          span: { start: m.index!, end: m.index! + m[0].length },
          newText: replacements[Math.floor(rng() * replacements.length)],
        }));
        if (!onlyTokensChange(text, edits)) {
          refused++;
          continue;
        }
        shown++;
        const after = applyEdits(text, edits);
        assert.ok(keepsComments(text, after), `${file}: ${JSON.stringify(edits)}`);
        assert.deepEqual(
          commentsOf(after).map((c) => c.text),
          commentsOf(text).map((c) => c.text),
          `${file}: ${JSON.stringify(edits)}`,
        );
      }
    }
    assert.ok(shown > 300 && refused > 300, `${shown} shown, ${refused} refused`);
  });

  it("shows ids and numbers replaced, and refuses what may touch a comment, a quote or the structure", () => {
    const text = "a: [r1x, 2] # r1x\nb: 'r1x'\nc: r1x#d\nd: r1x\n";
    const at = (needle: string, from = 0) => ({ start: text.indexOf(needle, from), end: text.indexOf(needle, from) + needle.length });
    assert.equal(onlyTokensChange(text, [{ span: at("r1x"), newText: "r1" }]), true);
    assert.equal(
      onlyTokensChange(
        text,
        [{ span: at("2]"), newText: "2.5" }].map((e) => ({ ...e, span: { start: e.span.start, end: e.span.start + 1 } })),
      ),
      true,
    );
    assert.equal(onlyTokensChange(text, [{ span: at("r1x", text.indexOf("d:")), newText: "r2" }]), true);
    assert.equal(onlyTokensChange(text, [{ span: at("r1x", text.indexOf("#")), newText: "r1" }]), false, "inside a comment");
    assert.equal(onlyTokensChange(text, [{ span: at("r1x", text.indexOf("b:")), newText: "r1" }]), false, "inside quotes");
    assert.equal(onlyTokensChange(text, [{ span: at("r1x", text.indexOf("c:")), newText: "r1" }]), false, "a # right after it");
    assert.equal(onlyTokensChange(text, [{ span: at("r1x"), newText: "r1 #" }]), false);
    assert.equal(onlyTokensChange(text, [{ span: at("r1x"), newText: "-" }]), false);
  });
});

describe("mark this step illegal changes nothing else", () => {
  const steps = "  - pile-in: raiders\n    targets: [raidor]\n    to:\n      r1: [13.6, 10]\n";
  const mark = (text: string): string => {
    const fix = fixesFor(text, "move.too-far").fixes.find((f) => f.title === "Mark this step illegal: move.too-far");
    assert.ok(fix, "offered");
    return applyEdits(text, fix.edits);
  };
  const stepData = (text: string, index = 0): Record<string, unknown> => (parseDocument(text).toJS() as { steps: Record<string, unknown>[] }).steps[index];

  it("a keep-chomped note (`|+`) keeps its trailing line breaks, before another step and at the end", () => {
    const text = scenario(`${steps}    note: |+\n      r1 moves too far\n\n  - phase: command\n`);
    const after = mark(text);
    assert.ok(after.endsWith("    note: |+\n      r1 moves too far\n\n    illegal: [move.too-far]\n  - phase: command\n"), after);
    assert.equal(stepData(after).note, "r1 moves too far\n\n");
    assert.deepEqual(stepData(after).illegal, ["move.too-far"]);
    const last = scenario(`${steps}    note: |+\n      r1 moves too far\n\n`);
    assert.equal(stepData(mark(last)).note, "r1 moves too far\n\n");
    // A clipped note (`|`) keeps its one line break, the line goes right after its text.
    const clipped = mark(scenario(`${steps}    note: |\n      r1 moves too far\n\n  - phase: command\n`));
    assert.ok(clipped.endsWith("    note: |\n      r1 moves too far\n    illegal: [move.too-far]\n\n  - phase: command\n"), clipped);
    assert.equal(stepData(clipped).note, "r1 moves too far\n");
  });

  it("the data check: only the map's key changes, to the value expected", () => {
    const before = "steps:\n  - a: 1\n    note: |+\n      x\n\n  - b: 2\n";
    const start = before.indexOf("a: 1");
    const listed = (had: unknown): unknown => [...(Array.isArray(had) ? had : []), "move.too-far"];
    assert.equal(changesOnlyKey(before, "steps:\n  - a: 1\n    note: |+\n      x\n\n    illegal: [move.too-far]\n  - b: 2\n", start, "illegal", listed), true);
    // The old insertion point, before the note's trailing line breaks: the note changes.
    assert.equal(changesOnlyKey(before, "steps:\n  - a: 1\n    note: |+\n      x\n    illegal: [move.too-far]\n\n  - b: 2\n", start, "illegal", listed), false);
    // The key in another map, or another value.
    assert.equal(changesOnlyKey(before, "steps:\n  - a: 1\n    note: |+\n      x\n\n  - b: 2\n    illegal: [move.too-far]\n", start, "illegal", listed), false);
    assert.equal(
      changesOnlyKey(before, "steps:\n  - a: 1\n    note: |+\n      x\n\n    illegal: [move.too-fast]\n  - b: 2\n", start, "illegal", listed),
      false,
    );
  });
});
