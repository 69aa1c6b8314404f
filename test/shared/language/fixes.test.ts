// Quick fixes (shared/language/fixes): each fix is applied to the text and the result analysed
// again here, independently of the fixes' own verification: the finding is gone, nothing new came.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import type { Code } from "../../../shared/diagnostics/codes";
import type { Problem } from "../../../shared/diagnostics/problem";
import { tally } from "../../helpers/tally";
import { analyze } from "../../../shared/index";
import { applyEdits, Budget, quickFixes, type Fix } from "../../../shared/language/fixes/index";
import { analyzeIncremental } from "../../../shared/engine/incremental";
import { forgetKept } from "../../../shared/parse/reparse";
import { exampleAndFixtureFiles } from "../../helpers/scenario-files";
import { misspeltLastTarget } from "../../bench/edits";
import { fightPhaseScenario } from "../../bench/scenarios";

/** Two units facing each other; `steps` is the YAML of the steps (indented by 2). */
function scenario(opts: { rules?: string; turn?: string; phase?: string; board?: string; red: string; blue: string; steps: string; extra?: string }): string {
  return [
    "scenario: fixes",
    `rules: ${opts.rules ?? "11e"}`,
    ...(opts.board ? [`board: ${opts.board}`] : []),
    `turn: ${opts.turn ?? "red"}`,
    ...(opts.phase ? [`phase: ${opts.phase}`] : []),
    ...(opts.extra ? [opts.extra] : []),
    "units:",
    opts.red,
    opts.blue,
    "steps:",
    opts.steps,
  ].join("\n");
}

const BOYZ_AT_10 = "  boyz:\n    player: red\n    base: 32\n    charged: true\n    models:\n      a1: [10, 10]";
const GUARDS_AT_15 = "  guards:\n    player: blue\n    base: 32\n    models:\n      b1: [15, 10]";

/** The one unexpected finding with `code` (not information), and its fixes. */
function fixesFor(text: string, code: Code, budget?: Budget): { problem: Problem; fixes: Fix[] } {
  const analysis = analyze(text);
  const found = analysis.problems.filter((p) => p.code === code && p.severity !== "info");
  assert.equal(found.length, 1, `one ${code} in ${JSON.stringify(analysis.problems.map((p) => p.code))}`);
  return { problem: found[0], fixes: quickFixes(text, analysis, found[0], budget ? { budget } : {}) };
}

/**
 * Applies the preferred fix and checks it by analysing the result: the finding's code is gone
 * from its step and no code appears more often on any step. Returns the fix and the new text.
 */
function applyPreferred(text: string, code: Code): { fix: Fix; after: string } {
  const { problem, fixes } = fixesFor(text, code);
  const fix = fixes.find((f) => f.preferred);
  assert.ok(fix, `a preferred fix for ${code}: ${JSON.stringify(fixes.map((f) => f.title))}`);
  const after = applyEdits(text, fix.edits);
  const before = tally(analyze(text).problems);
  const now = tally(analyze(after).problems);
  assert.equal(now.get(`${code}@${problem.step}`) ?? 0, (before.get(`${code}@${problem.step}`) ?? 0) - 1, `${code} is gone from step ${problem.step}`);
  for (const [key, n] of now) assert.ok(n <= (before.get(key) ?? 0), `new finding ${key} after "${fix.title}"`);
  return { fix, after };
}

/** The line of `text` that contains `needle`. */
function lineWith(text: string, needle: string): string {
  const line = text.split("\n").find((l) => l.includes(needle));
  assert.ok(line !== undefined, `a line with ${needle}`);
  return line;
}

describe("quick fixes: move.too-far", () => {
  it("ends the move on the written path at the limit, changing only the number (comment kept)", () => {
    const text = scenario({
      red: BOYZ_AT_10,
      blue: GUARDS_AT_15,
      steps: "  - pile-in: boyz\n    targets: [guards]\n    to:\n      a1: [13.6, 10]   # 3.6 inches",
    });
    const { fix, after } = applyPreferred(text, "move.too-far");
    assert.equal(fix.title, "Move a1 to [12.99, 10]");
    assert.equal(fix.edits.length, 1);
    assert.equal(lineWith(after, "a1: [12"), "      a1: [12.99, 10]   # 3.6 inches");
  });

  it("drops the waypoint that made a 10e pile-in too long, keeping the written end, the other lines and the waypoint's comment", () => {
    const text = scenario({
      rules: "10e",
      red: "  a:\n    player: red\n    base: 32\n    charged: true\n    models:\n      a1: [10, 10]",
      blue: "  e:\n    player: blue\n    base: 32\n    models:\n      e1: [13.9, 10]",
      steps: "  - fight: a\n    pile-in:\n      to:\n        a1:\n          - [10, 12]     # around\n          - [12.64, 10]",
    });
    const { fix, after } = applyPreferred(text, "move.too-far");
    assert.equal(fix.title, "Move a1 straight to [12.64, 10]");
    assert.ok(after.endsWith("        a1:\n          # around\n          - [12.64, 10]"), after);
  });

  it("moves a stationary unit's model back where it started, as written", () => {
    const text = scenario({
      phase: "movement",
      red: "  a:\n    player: red\n    base: 32\n    move: 6\n    models:\n      a1: [10.125, 10]",
      blue: "  e:\n    player: blue\n    base: 32\n    models:\n      e1: [40, 30]",
      steps: "  - move: a\n    type: stationary\n    to:\n      a1: [11, 10]",
    });
    const { fix, after } = applyPreferred(text, "move.too-far");
    assert.equal(fix.title, "Move a1 to [10.125, 10]");
    assert.equal(lineWith(after, "a1: [10.125, 10]").trim(), "a1: [10.125, 10]");
  });
});

describe("quick fixes: move.overlap", () => {
  it("moves the model just off the enemy it ended on", () => {
    const text = scenario({
      board: "[30, 20]",
      red: "  a:\n    player: red\n    base: 32\n    charged: [b]\n    models:\n      a1: [11.5, 8]\n      a2: [11.5, 9.3]",
      blue: "  b:\n    player: blue\n    base: 32\n    models:\n      b1: [15, 8]\n      b2: [15, 9.3]",
      steps: "  - pile-in: a\n    to:\n      a1: [14.2, 8]",
    });
    const { fix, after } = applyPreferred(text, "move.overlap");
    assert.equal(fix.title, "Move a1 to [13.75, 7.88]");
    assert.equal(lineWith(after, "a1: [13"), "      a1: [13.75, 7.88]");
  });

  it("keeps an oval's { at, facing } map and its comment", () => {
    const text = scenario({
      red: "  bikes:\n    player: red\n    base: 60x35\n    charged: true\n    models:\n      k1: { at: [9.5, 10], facing: 0 }",
      blue: "  guards:\n    player: blue\n    base: 32\n    models:\n      b1: [13.5, 10]",
      steps: "  - pile-in: bikes\n    targets: [guards]\n    to:\n      k1: { at: [11.889, 10], facing: 0 }   # on b1",
    });
    const { fix, after } = applyPreferred(text, "move.overlap");
    assert.equal(fix.title, "Move k1 to [11.69, 10]");
    assert.equal(lineWith(after, "k1: { at: [11.69"), "      k1: { at: [11.69, 10], facing: 0 }   # on b1");
  });
});

describe("quick fixes: move.not-closer", () => {
  it("11e pile-in: the nearest end closer to the closest target", () => {
    const text = scenario({
      red: "  boyz:\n    player: red\n    base: 32\n    charged: true\n    models:\n      a1: [10, 10]\n      a2: [10, 11.3]",
      blue: "  guards:\n    player: blue\n    base: 32\n    models:\n      b1: [13, 10]",
      steps: "  - pile-in: boyz\n    to:\n      a2: [9.5, 12]",
    });
    const { fix } = applyPreferred(text, "move.not-closer");
    assert.equal(fix.title, "Move a2 to [10.19, 11.6]");
  });

  it("10e pile-in: closer to the closest enemy model", () => {
    const text = scenario({
      rules: "10e",
      turn: "blue",
      red: "  a:\n    player: red\n    base: 32\n    models:\n      a1: [10, 10]\n      a2: [10, 11.3]",
      blue: "  e:\n    player: blue\n    base: 32\n    models:\n      e1: [11.3, 8.5]",
      steps: "  - fight: a\n    pile-in:\n      to:\n        a2: [10, 12.5]",
    });
    const { fix } = applyPreferred(text, "move.not-closer");
    // The nearest closer end would still miss base contact, which 10e demands if possible: the fix touches e1.
    assert.equal(fix.title, "Move a2 to [11.26, 9.76]");
  });
});

describe("quick fixes: move.missed-engagement", () => {
  it('11e pile-in: just within 2" of the target, nearer than the witness', () => {
    const text = scenario({ red: BOYZ_AT_10, blue: GUARDS_AT_15, steps: "  - pile-in: boyz\n    targets: [guards]\n    to:\n      a1: [11, 10]" });
    const { problem } = fixesFor(text, "move.missed-engagement");
    assert.deepEqual(
      problem.witness?.at.map((v) => Math.round(v * 100) / 100),
      [12.75, 10],
    );
    const { fix, after } = applyPreferred(text, "move.missed-engagement");
    assert.equal(fix.title, "Move a1 to [11.77, 10]");
    assert.equal(lineWith(after, "a1: [11"), "      a1: [11.77, 10]");
  });

  it('11e charge: within 1" of the target', () => {
    const text = scenario({
      phase: "charge",
      red: "  a:\n    player: red\n    base: 32\n    models:\n      a1: [10, 10]",
      blue: "  e:\n    player: blue\n    base: 32\n    models:\n      e1: [18, 10]",
      steps: "  - charge: a\n    targets: [e]\n    roll: 8\n    to:\n      a1: [15.5, 10]",
    });
    assert.equal(applyPreferred(text, "move.missed-engagement").fix.title, "Move a1 to [15.75, 10]");
  });
});

describe("quick fixes: move.missed-contact", () => {
  it("10e pile-in (flow map under to:): base to base with the enemy", () => {
    const text = scenario({
      rules: "10e",
      turn: "blue",
      red: "  a:\n    player: red\n    base: 32\n    models:\n      a1: [10, 10]",
      blue: "  e:\n    player: blue\n    base: 32\n    models:\n      e1: [12.1, 10]",
      steps: "  - fight: a\n    pile-in:\n      to: { a1: [10.5, 10] }",
    });
    const { fix, after } = applyPreferred(text, "move.missed-contact");
    assert.equal(fix.title, "Move a1 to [10.84, 10]");
    assert.ok(after.endsWith("      to: { a1: [10.84, 10] }"));
  });

  it("10e charge: base to base with the target", () => {
    const text = scenario({
      rules: "10e",
      phase: "charge",
      red: "  a:\n    player: red\n    base: 32\n    models:\n      a1: [10, 10]",
      blue: "  e:\n    player: blue\n    base: 32\n    models:\n      e1: [18, 10]",
      steps: "  - charge: a\n    targets: [e]\n    roll: 8\n    to:\n      a1: [16.2, 10]",
    });
    assert.equal(applyPreferred(text, "move.missed-contact").fix.title, "Move a1 to [16.73, 10]");
  });
});

describe("quick fixes: coherency.broken", () => {
  it('11e: the culprit back within 2" of a unit-mate', () => {
    const text = scenario({
      board: "[30, 20]",
      red: "  a:\n    player: red\n    base: 32\n    charged: [b]\n    models:\n      a1: [11.5, 8]\n      a2: [11.5, 9.3]\n      a3: [11.5, 10.6]",
      blue: "  b:\n    player: blue\n    base: 32\n    models:\n      b1: [15, 8]\n      b2: [15, 9.3]\n      b3: [15, 10.6]",
      steps: "  - pile-in: a\n    to:\n      a1: [13.74, 6.6]",
    });
    assert.equal(applyPreferred(text, "coherency.broken").fix.title, "Move a1 to [13.56, 6.79]");
  });

  it("10e: a unit of seven needs two neighbours for the model that strayed", () => {
    const models = ["a1: [11.5, 5]", "a2: [11.5, 6.3]", "a3: [11.5, 7.6]", "a4: [11.5, 8.9]", "a5: [10.2, 5.65]", "a6: [10.2, 6.95]", "a7: [10.2, 8.25]"];
    const text = scenario({
      rules: "10e",
      turn: "blue",
      board: "[30, 20]",
      red: `  a:\n    player: red\n    base: 32\n    charged: [b]\n    models:\n${models.map((m) => `      ${m}`).join("\n")}`,
      blue: "  b:\n    player: blue\n    base: 32\n    models:\n      b1: [14, 5]\n      b2: [14, 6.3]\n      b3: [14, 7.6]\n      b4: [14, 8.9]",
      steps: "  - fight: a\n    pile-in:\n      to:\n        a1: [12.74, 5]\n        a2: [12.74, 6.3]\n        a3: [12.74, 7.6]\n        a4: [14, 10.16]",
    });
    const { fix, after } = applyPreferred(text, "coherency.broken");
    assert.equal(fix.title, "Move a4 to [12.74, 8.9]");
    assert.ok(after.endsWith("        a4: [12.74, 8.9]"));
  });
});

describe("quick fixes: what is never offered", () => {
  const tooFar = scenario({ red: BOYZ_AT_10, blue: GUARDS_AT_15, steps: "  - pile-in: boyz\n    targets: [guards]\n    to:\n      a1: [13.6, 10]" });

  it("no position without the budget to verify it (only marking the step illegal)", () => {
    const { fixes } = fixesFor(tooFar, "move.too-far", new Budget(0));
    assert.deepEqual(
      fixes.map((f) => [f.title, f.preferred]),
      [["Mark this step illegal: move.too-far", false]],
    );
  });

  it("nothing for a finding already expected (information) or a text that does not parse", () => {
    const marked = `${tooFar}\n    illegal: [move.too-far]`;
    const analysis = analyze(marked);
    const info = analysis.problems.find((p) => p.code === "move.too-far");
    assert.equal(info?.severity, "info");
    assert.deepEqual(quickFixes(marked, analysis, info!), []);
    const broken = analyze("scenario: [unclosed");
    assert.deepEqual(quickFixes("scenario: [unclosed", broken, broken.problems[0]), []);
  });

  it("no position the engine flags: a model boxed in by enemy models gets none", () => {
    // a1 starts in base contact, so any move of it is move.locked: every end the engine could
    // accept for the distance is still flagged, and none is offered.
    const text = scenario({
      red: "  boyz:\n    player: red\n    base: 32\n    charged: true\n    models:\n      a1: [10, 10]",
      blue: "  guards:\n    player: blue\n    base: 32\n    models:\n      b1: [11.26, 10]",
      steps: "  - pile-in: boyz\n    to:\n      a1: [6, 10]",
    });
    const { fixes } = fixesFor(text, "move.too-far");
    assert.deepEqual(
      fixes.map((f) => f.title),
      ["Mark this step illegal: move.too-far"],
    );
  });
});

describe("quick fixes: action.mode and action.targets", () => {
  it("changes an overrun fight of an engaged unit to normal", () => {
    const text = scenario({
      red: BOYZ_AT_10,
      blue: "  guards:\n    player: blue\n    base: 32\n    models:\n      b1: [11.5, 10]",
      steps: "  - fight: boyz\n    type: overrun   # wrong",
    });
    const { fix, after } = applyPreferred(text, "action.mode");
    assert.equal(fix.title, "Change type to normal");
    assert.ok(after.endsWith("    type: normal   # wrong"));
  });

  it("removes a fall-back mode written on a normal move (its line; a trailing comment stays, on a line of its own)", () => {
    const text = scenario({
      phase: "movement",
      red: "  a:\n    player: red\n    base: 32\n    move: 6\n    models:\n      a1: [10, 10]",
      blue: "  e:\n    player: blue\n    base: 32\n    models:\n      e1: [40, 30]",
      steps: "  - move: a\n    type: normal\n    mode: desperate-escape   # no\n    to:\n      a1: [14, 10]",
    });
    const { fix, after } = applyPreferred(text, "action.mode");
    assert.equal(fix.title, "Remove mode: desperate-escape");
    assert.ok(after.endsWith("  - move: a\n    type: normal\n    # no\n    to:\n      a1: [14, 10]"), after);
    const plain = text.replace("   # no", "");
    assert.ok(applyPreferred(plain, "action.mode").after.endsWith("  - move: a\n    type: normal\n    to:\n      a1: [14, 10]"));
  });

  it("an engaging consolidation where an objective one was written, with the move it then needs", () => {
    const text = scenario({
      extra: "objectives:\n  alpha: [10, 13.5]",
      red: BOYZ_AT_10,
      blue: "  guards:\n    player: blue\n    base: 32\n    models:\n      b1: [13.76, 10]",
      steps: "  - fight: boyz\n    type: overrun\n  - consolidate: boyz\n    mode: objective\n    objective: alpha\n    to: { a1: [10, 11] }",
    });
    const { fix, after } = applyPreferred(text, "action.mode");
    assert.equal(fix.title, "Change mode to engaging, move a1 to [10.52, 10]");
    assert.ok(after.endsWith("    mode: engaging\n    objective: alpha\n    to: { a1: [10.52, 10] }"));
  });

  it("drops the pile-in target beyond 5\", in the list's own style", () => {
    const blue =
      "  near:\n    player: blue\n    base: 32\n    models:\n      n1: [13, 10]\n  far:\n    player: blue\n    base: 32\n    models:\n      f1: [17, 10]";
    const flow = scenario({ red: BOYZ_AT_10, blue, steps: "  - pile-in: boyz\n    targets: [near, far]\n    to:\n      a1: [11.7, 10]" });
    const { fix, after } = applyPreferred(flow, "action.targets");
    assert.equal(fix.title, "Change targets to [near]");
    assert.equal(lineWith(after, "targets:"), "    targets: [near]");
    // A block list loses the item, not its comment.
    const block = flow.replace("targets: [near, far]", "targets:\n      - near\n      - far   # too far");
    const { after: blockAfter } = applyPreferred(block, "action.targets");
    assert.ok(blockAfter.includes("    targets:\n      - near\n      # too far\n    to:"), blockAfter);
  });
});

describe("quick fixes: scenario.unknown-ref", () => {
  it("offers the closest unit id for a target, preferred when it is the single closest", () => {
    const text = scenario({ red: BOYZ_AT_10, blue: GUARDS_AT_15, steps: "  - pile-in: boyz\n    targets: [gaurds]" });
    const { fixes } = fixesFor(text, "scenario.unknown-ref");
    assert.deepEqual(
      fixes.map((f) => [f.title, f.preferred]),
      [["Change 'gaurds' to 'guards'", true]],
    );
    assert.ok(applyEdits(text, fixes[0].edits).endsWith("targets: [guards]"));
  });

  it("under to: only the step's unit's models that are not listed yet", () => {
    const red = "  boyz:\n    player: red\n    base: 32\n    charged: true\n    models:\n      a1: [10, 10]\n      a2: [10, 11.3]\n      a3: [10, 12.6]";
    const text = scenario({ red, blue: GUARDS_AT_15, steps: "  - pile-in: boyz\n    to:\n      a1: [12.5, 10]\n      b1: [12.5, 11.3]" });
    const { fixes } = fixesFor(text, "scenario.unknown-ref");
    assert.deepEqual(
      fixes.map((f) => [f.title, f.preferred]),
      [
        ["Change 'b1' to 'a2'", false],
        ["Change 'b1' to 'a3'", false],
      ],
    );
  });

  it("an objective", () => {
    const text = scenario({
      extra: "objectives:\n  alpha: [12, 11.5]\n  beta: [30, 30]",
      red: BOYZ_AT_10,
      blue: GUARDS_AT_15,
      steps: "  - consolidate: boyz\n    mode: objective\n    objective: alpah",
    });
    const { fixes } = fixesFor(text, "scenario.unknown-ref");
    assert.deepEqual(
      fixes.map((f) => f.title),
      ["Change 'alpah' to 'alpha'"],
    );
  });
});

describe("quick fixes: mark this step illegal", () => {
  const base = { red: BOYZ_AT_10, blue: GUARDS_AT_15 };
  const mark = (text: string, code: Code): string => {
    const fix = fixesFor(text, code).fixes.find((f) => f.title === `Mark this step illegal: ${code}`);
    assert.ok(fix && !fix.preferred);
    const after = applyEdits(text, fix.edits);
    const expected = analyze(after).problems.filter((p) => p.code === code);
    assert.deepEqual(
      expected.map((p) => p.severity),
      ["info"],
      "the finding becomes expected information",
    );
    return after;
  };

  it("adds `illegal: [code]` as the step's last line, at its indentation, after a trailing comment and a block note", () => {
    const text = scenario({
      ...base,
      steps: "  - pile-in: boyz\n    targets: [guards]\n    to:\n      a1: [13.6, 10]   # far\n    note: |\n      Too far.\n\n  - phase: command\n",
    });
    assert.ok(mark(text, "move.too-far").endsWith("    note: |\n      Too far.\n    illegal: [move.too-far]\n\n  - phase: command\n"));
  });

  it("extends a flow list, a block list, `illegal: false`, and a flow-map step; keeps CRLF line breaks", () => {
    const steps = "  - pile-in: boyz\n    targets: [guards]\n    to:\n      a1: [13.6, 10]\n";
    const flowList = scenario({ ...base, steps: `${steps}    illegal: [engagement.lost]` });
    assert.ok(mark(flowList, "move.too-far").endsWith("    illegal: [engagement.lost, move.too-far]"));
    const blockList = scenario({ ...base, steps: `${steps}    illegal:\n      - engagement.lost  # not this\n` });
    assert.ok(mark(blockList, "move.too-far").endsWith("    illegal:\n      - engagement.lost  # not this\n      - move.too-far\n"));
    const off = scenario({ ...base, steps: `${steps}    illegal: false` });
    assert.ok(mark(off, "move.too-far").endsWith("    illegal: [move.too-far]"));
    const flowStep = scenario({ ...base, steps: "  - { pile-in: boyz, to: { a1: [13.6, 10] } }" });
    assert.ok(mark(flowStep, "move.too-far").endsWith("  - { pile-in: boyz, to: { a1: [13.6, 10] }, illegal: [move.too-far] }"));
    const crlf = scenario({ ...base, steps }).replace(/\n/g, "\r\n");
    assert.ok(mark(crlf, "move.too-far").endsWith("      a1: [13.6, 10]\r\n    illegal: [move.too-far]\r\n"));
  });
});

describe("quick fixes from the server's incremental analysis", () => {
  it("are those of a full analysis, for every finding of every example and fixture and an id misspelt in a 40-step Fight phase", () => {
    const texts = [...exampleAndFixtureFiles().map((f) => readFileSync(f, "utf8")), misspeltLastTarget(fightPhaseScenario(100))];
    let offered = 0;
    for (const text of texts) {
      const full = analyze(text);
      // The server's analysis: its checkpoints and YAML document are what the fixes' checks read the candidates through.
      const { analysis, replays } = analyzeIncremental(text);
      assert.deepEqual(analysis.problems, full.problems);
      analysis.problems.forEach((p, i) => {
        if (p.severity === "info") return;
        const fixes = quickFixes(text, analysis, p);
        assert.deepEqual(fixes, quickFixes(text, full, full.problems[i]), `${p.code} in ${text.slice(0, 80)}`);
        offered += fixes.length;
      });
      if (replays?.kept) forgetKept(replays.kept);
    }
    assert.ok(offered > 100, `${offered} fixes offered`);
    const last = texts[texts.length - 1];
    const { analysis } = analyzeIncremental(last);
    const unknown = analysis.problems.find((p) => p.code === "scenario.unknown-ref")!;
    assert.ok(quickFixes(last, analysis, unknown).length > 0, "the misspelt id is mended");
  });
});
