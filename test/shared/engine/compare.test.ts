// compareSystems: one scenario re-checked under several rules systems, verdicts step by step.
// The scenarios differ on simple facts only: Engagement Range (11e 2", 10e 1") and who selects
// first among Fights First units (11e the player whose turn it is, 10e the other player).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { analyze } from "../../../shared/index";
import { compareSystems, DEFAULT_SPECS, parseSpec, parseSpecs } from "../../../shared/engine/compare";
import type { CompareResult, Comparison, RowComparison } from "../../../shared/engine/compare";
import { FIGHTS_FIRST_SETUP, SEED_002 } from "../../helpers/compare-scenarios";
import { twoUnits } from "../../helpers/scenarios";

// 32 mm bases are 1.26" across, so models 1.26" apart (centre to centre) are in base contact.

/** Red's a charged blue's b (so has Fights First); b has Fights First on its datasheet. Red's turn. */
const FIGHTS_FIRST_BOTH = `${FIGHTS_FIRST_SETUP}  - fight: b
  - fight: a
  - remove: [b1]
`;

/** a1 and b1 are 1.5" apart (edge to edge); neither unit charged. */
const AT_1_5 = twoUnits({ title: "Engaged at 1.5 inches under 11e, not under 10e", b1: "[12.76, 10]", steps: "" });

/** a piles in to base contact with b. */
const PILE_IN_AT_1_5 = `${AT_1_5}  - pile-in: a
    targets: [b]
    to: { a1: [11.5, 10] }
`;

/** a is selected to fight, without moving. */
const FIGHT_AT_1_5 = `${AT_1_5}  - fight: a
`;

/** a charged b and piles in 3.005" (inside the tolerance), ending 1.74" from b: engaged under 11e only. */
const CHARGED_PILE_IN = twoUnits({
  title: "A pile-in inside the measuring tolerance",
  charged: true,
  b1: "[16, 10]",
  steps: `  - pile-in: a
    to: { a1: [13.005, 10] }
`,
});

/** The text with `illegal: [code]` added to the step written as `stepLine`. */
function marked(text: string, stepLine: string, code: string): string {
  assert.ok(text.includes(stepLine), `fixture error: ${stepLine}`);
  return text.replace(stepLine, `${stepLine}    illegal: [${code}]\n`);
}

/** The comparison, or a failure with its message. */
function ok(result: CompareResult): Comparison {
  if (!result.ok) assert.fail(`expected a comparison, got ${result.reason}: ${result.error}`);
  return result;
}

/** One line per system: `11e illegal fight.order@19:5`, findings in text order, info left out. */
function verdicts(row: RowComparison): string[] {
  return row.verdicts.map((v) => {
    const codes = v.findings
      .filter((f) => f.severity !== "info")
      .map((f) => `${f.severity === "warning" ? "?" : ""}${f.code}@${f.line}:${f.column}${f.expected ? "!" : ""}`);
    return [v.system, v.verdict, ...codes].join(" ");
  });
}

/** 1-based line and column of the first occurrence of `needle`. */
function at(text: string, needle: string): string {
  const offset = text.indexOf(needle);
  assert.ok(offset >= 0, `fixture error: ${needle}`);
  const before = text.slice(0, offset);
  return `${before.split("\n").length}:${offset - before.lastIndexOf("\n")}`;
}

describe("verdicts that rest on who selects first among Fights First units", () => {
  test("the non-turn player's Fights First unit first: illegal under 11e, legal under 10e", () => {
    const c = ok(compareSystems(FIGHTS_FIRST_BOTH, ["11e", "10e"]));
    assert.deepEqual(c.systems, ["11e", "10e"]);
    assert.equal(c.stepCount, 3);
    assert.equal(c.differingSteps, 1);
    assert.deepEqual(
      c.steps.map((s) => [s.index, s.kind, s.subject, `${s.line}:${s.column}`, s.differs]),
      [
        [0, "fight", "b", at(FIGHTS_FIRST_BOTH, "fight: b"), true],
        [1, "fight", "a", at(FIGHTS_FIRST_BOTH, "fight: a"), false],
        [2, "remove", "b1", at(FIGHTS_FIRST_BOTH, "remove: [b1]"), false],
      ],
    );
    assert.deepEqual(verdicts(c.steps[0]), [`11e illegal fight.order@${at(FIGHTS_FIRST_BOTH, "fight: b")}`, "10e legal"]);
    assert.deepEqual(verdicts(c.steps[1]), ["11e legal", "10e legal"]);
    assert.deepEqual(verdicts(c.setup), ["11e legal", "10e legal"]);
    assert.equal(c.setup.differs, false);
    // The head span is the step's first pair, exactly.
    const head = c.steps[0].head;
    assert.equal(FIGHTS_FIRST_BOTH.slice(head.start, head.end), "fight: b");
  });

  test("the 11e findings are exactly what analyze reports under 11e (same codes, severities, spans, messages)", () => {
    const c = ok(compareSystems(FIGHTS_FIRST_BOTH, ["11e", "10e"]));
    const fromAnalyze = analyze(FIGHTS_FIRST_BOTH, { rules: "11e", rulings: [] }).problems;
    const fromCompare = [c.setup, ...c.steps].flatMap((row) => row.verdicts[0].findings);
    assert.deepEqual(
      fromCompare.map((f) => [f.code, f.severity, f.message, f.span]),
      fromAnalyze.map((p) => [p.code, p.severity, p.message, p.span]),
    );
  });

  test("a step marked illegal keeps the rules' severity, flagged expected; no expect.unmet where a system finds nothing", () => {
    const text = marked(FIGHTS_FIRST_BOTH, "  - fight: b\n", "fight.order");
    const c = ok(compareSystems(text, ["11e", "10e"]));
    assert.deepEqual(c.steps[0].illegal, ["fight.order"]);
    assert.equal(c.steps[1].illegal, undefined);
    assert.deepEqual(verdicts(c.steps[0]), [`11e illegal fight.order@${at(text, "fight: b")}!`, "10e legal"]);
    assert.equal(c.differingSteps, 1);
    // analyze, by contrast, shows the expected violation as information under 11e and expect.unmet under 10e.
    assert.deepEqual(
      analyze(text, { rules: "11e", rulings: [] }).problems.map((p) => `${p.severity} ${p.code}`),
      ["info fight.order"],
    );
  });

  test("the club rulings keep 10e's order: the defender's Fights First unit first is legal under 10e+club", () => {
    const c = ok(compareSystems(FIGHTS_FIRST_BOTH, ["11e", "10e", "10e+club"]));
    assert.deepEqual(verdicts(c.steps[0]), [`11e illegal fight.order@${at(FIGHTS_FIRST_BOTH, "fight: b")}`, "10e legal", "10e+club legal"]);
    assert.equal(c.differingSteps, 1);
  });
});

describe('verdicts that rest on Engagement Range (11e 2", 10e 1")', () => {
  test('a unit 1.5" from the enemy piles in: engaged, so eligible, under 11e; not engaged and not charged under 10e', () => {
    const c = ok(compareSystems(PILE_IN_AT_1_5, ["11e", "10e"]));
    assert.equal(c.differingSteps, 1);
    assert.deepEqual(verdicts(c.steps[0]), ["11e legal", `10e illegal action.not-eligible@${at(PILE_IN_AT_1_5, "pile-in: a")}`]);
  });

  test('a unit 1.5" from the enemy is selected to fight: legal under 11e, not eligible under 10e', () => {
    const c = ok(compareSystems(FIGHT_AT_1_5, ["11e", "10e"]));
    assert.deepEqual(verdicts(c.steps[0]), ["11e legal", `10e illegal action.not-eligible@${at(FIGHT_AT_1_5, "fight: a")}`]);
  });
});

describe("seed 002's worked example", () => {
  test("the Boyz may strike the unit the Nobz are fighting under 11e and 10e, not under the club rulings", () => {
    const c = ok(compareSystems(SEED_002, DEFAULT_SPECS));
    assert.deepEqual(c.systems, ["11e", "10e", "10e+club"]);
    assert.equal(c.differingSteps, 1);
    assert.deepEqual(verdicts(c.steps[0]), ["11e legal", "10e legal", `10e+club illegal fight.target@${at(SEED_002, "targets: [terminators]")}`]);
    for (const step of c.steps.slice(1)) assert.deepEqual(verdicts(step), ["11e legal", "10e legal", "10e+club legal"], step.subject);
  });
});

describe("the set-up and the scenario text", () => {
  test("findings without a step (here an unknown key) are the set-up row, the same under every system", () => {
    const text = FIGHTS_FIRST_BOTH.replace("board: [30, 20]\n", "board: [30, 20]\nbogus: 1\n");
    const c = ok(compareSystems(text, ["11e", "10e"]));
    assert.equal(c.setup.differs, false);
    assert.deepEqual(verdicts(c.setup), ["11e illegal scenario.schema@4:1", "10e illegal scenario.schema@4:1"]);
    assert.equal(c.differingSteps, 1);
  });

  test('a charged unit piles in 3.005" to 1.74" away: borderline under 11e (engaged), illegal under 10e (not within 1")', () => {
    const text = CHARGED_PILE_IN;
    const c = ok(compareSystems(text, ["11e", "10e"]));
    const move = at(text, "a1: [13.005");
    assert.deepEqual(verdicts(c.steps[0]), [
      `11e borderline ?move.too-far@${move}`,
      `10e illegal engagement.required@${at(text, "pile-in: a")} ?move.too-far@${move}`,
    ]);
    assert.equal(c.differingSteps, 1);
  });
});

describe("errors come back as results, never as exceptions", () => {
  const cases: [string[], string | RegExp][] = [
    [["11e", "12e"], "unknown rules system '12e' (known: 11e, 10e)"],
    [["constructor"], "unknown rules system 'constructor' (known: 11e, 10e)"],
    [["10e+no-such-ruling"], /^unknown ruling 'no-such-ruling' \(known: .*\)$/],
    [["11e", "10e", "11e"], "'11e' is listed twice"],
    [["11e", " "], "empty rules system name"],
    [["10e+"], "empty name in '10e+'"],
    [[], "no rules systems to compare"],
  ];
  for (const [specs, error] of cases) {
    test(`${JSON.stringify(specs)}: ${String(error)}`, () => {
      const r = compareSystems(FIGHTS_FIRST_BOTH, specs);
      assert.equal(r.ok, false);
      if (r.ok) return;
      assert.equal(r.reason, "systems");
      assert.deepEqual(r.findings, []);
      if (typeof error === "string") assert.equal(r.error, error);
      else assert.match(r.error, error);
    });
  }

  test("a scenario that cannot be read: reason scenario, with its findings", () => {
    const r = compareSystems("scenario: [unclosed", ["11e", "10e"]);
    assert.equal(r.ok, false);
    if (r.ok) return;
    assert.equal(r.reason, "scenario");
    assert.ok(r.findings.length > 0);
    assert.deepEqual([...new Set(r.findings.map((f) => `${f.code} ${f.severity} ${f.line}`))], ["yaml.syntax error 1"]);
    assert.match(r.error, /^the scenario cannot be read: .+ \(1:\d+\)$/);
  });
});

describe("parseSpecs", () => {
  test("comma-separated or an array, trimmed, rulings split off", () => {
    assert.deepEqual(parseSpecs(" 11e , 10e "), {
      ok: true,
      specs: [
        { label: "11e", rules: "11e", rulings: [] },
        { label: "10e", rules: "10e", rulings: [] },
      ],
    });
    assert.deepEqual(parseSpec("10e+club"), { ok: true, spec: { label: "10e+club", rules: "10e", rulings: ["club"] } });
  });
});

describe("per-model attacks under each system", () => {
  /** A back-rank model: b touches a's front model f1 only through its team-mate; 1.5" from the other. */
  const ATTACKS = `scenario: Per-model attacks under three readings
rules: 10e
board: [30, 20]
turn: blue
weapons:
  choppa: { A: 2, WS: 3+, S: 4, AP: -1, D: 1 }
units:
  a:
    player: red
    base: 32
    charged: [e]
    wargear: [choppa]
    models:
      a1: [10.7402, 10]
      a2: [9.4804, 10]
      a3: [10.7402, 11.2598]
  e:
    player: blue
    base: 32
    models:
      e1: [12, 10]
  f:
    player: blue
    base: 32
    models:
      f1: [10.7402, 13.2]
steps:
  - fight: a
    attacks:
      a2: { weapon: choppa, target: e }
      a3: { weapon: choppa, targets: { e: 1, f: 1 } }
`;

  test("the chain (10e only), 2\" Engagement Range (11e) and the club's charge targets decide per model", () => {
    const c = ok(compareSystems(ATTACKS, ["11e", "10e", "10e+club"]));
    assert.equal(c.differingSteps, 1);
    // a2 reaches e through a1 in 10e; in 11e it is 1.26" from e1, within 2" anyway. a3 is 0.68" from f1:
    // within 1" and 2"; the club forbids f, which a did not charge.
    assert.deepEqual(verdicts(c.steps[0]), ["11e legal", "10e legal", `10e+club illegal attack.target@${at(ATTACKS, "f: 1 }")}`]);
    const far = ATTACKS.replace("a2: [9.4804, 10]", "a2: [9.4804, 10.5]")
      .replace("a1: [10.7402, 10]", "a1: [10.7402, 10.5]")
      .replace("a3: [10.7402, 11.2598]", "a3: [10.7402, 11.7598]");
    // Moved 0.5" down, a1 no longer touches e1 (0.1" away): a2 has no chain in 10e, while 11e's 2" still reaches.
    const d = ok(compareSystems(far, ["11e", "10e"]));
    assert.deepEqual(verdicts(d.steps[0]), ["11e legal", `10e illegal attack.cannot-fight@${at(far, "a2: { weapon")}`]);
  });
});
