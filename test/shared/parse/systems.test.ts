// The scenario parser's issue-3 language: `rules: 10e`, `rulings:`, the units' movement keys, the
// Movement phase's `move:` steps, the Charge phase's `charge:` steps and a 10th-edition fight's nested
// `consolidate:`, with exact values and spans, and every finding with its exact code and range
// (ranges are marked ⟦…⟧ in the YAML).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { Code } from "../../../shared/diagnostics/codes";
import type { Problem } from "../../../shared/diagnostics/problem";
import type { Scenario, Step } from "../../../shared/model/scenario";
import { parseScenario } from "../../../shared/parse/parse-scenario";
import { isRulingName, RULING_NAMES } from "../../../shared/parse/vocabulary";
import { RULING_SETS, RULINGS } from "../../../shared/systems/rulings";
import { LineIndex, type Span } from "../../../shared/source/span";
import { lines, marked } from "../../helpers/marked";

/** Every new key and step form, as a judge would write them. */
const SYSTEMS = lines(
  "scenario: Movement, charge and a 10th-edition activation",
  "rules: 10e",
  "rulings: []",
  "turn: red",
  "phase: movement",
  "objectives:",
  "  alpha: [22, 15]",
  "units:",
  "  boyz:",
  "    player: red",
  "    base: 32",
  "    move: 6",
  "    advanced: true",
  "    fell-back: false",
  "    battle-shocked: true       # took a Battle-shock test",
  "    models:",
  "      b1: [10, 10]",
  "      b2: [11, 10]",
  "  nobz:",
  "    player: red",
  "    base: 40",
  "    move: 5.5",
  "    fell-back: true",
  "    models:",
  "      n1: [10, 14]",
  "  marines:",
  "    player: blue",
  "    base: 32",
  "    models:",
  "      m1: [20, 10]",
  "      m2: [21, 10]",
  "steps:",
  "  - move: boyz",
  "    type: advance   # normal | advance | fall-back | stationary",
  "    roll: 4",
  "    to:",
  "      b1: [12, 10]",
  "      b2: [[12, 11], [13, 11]]",
  "    note: an advance",
  "  - move: nobz",
  "    type: fall-back",
  "    mode: desperate-escape",
  "    to: { n1: { at: [9, 14], facing: 90 } }",
  "    illegal: [move.too-far]",
  "  - move: marines",
  "    type: stationary",
  "  - phase: charge",
  "  - charge: boyz",
  "    targets: [marines]",
  "    roll: 7",
  "    to: { b1: [18.6, 10] }",
  "  - charge: marines",
  "    intervention: leap-to-defend",
  "    roll: 2",
  "  - phase: fight",
  "  - fight: boyz",
  "    targets: [marines]",
  "    pile-in:",
  "      to: { b2: [19, 11] }",
  "    consolidate:",
  "      mode: objective",
  "      objective: alpha",
  "      to: { b1: [19, 12] }",
  "  - fight: marines",
  "    consolidate: { mode: engaging, targets: [boyz], to: { m1: [19.5, 10] } }",
);

/** Two units of each player and an objective; tests append steps to it. */
const BASE = lines(
  "scenario: t",
  "rules: 10e",
  "turn: red",
  "objectives:",
  "  alpha: [22, 15]",
  "units:",
  "  squad:",
  "    player: red",
  "    base: 32",
  "    models:",
  "      q1: [10, 10]",
  "      q2: [11, 10]",
  "  marines:",
  "    player: blue",
  "    base: 32",
  "    models:",
  "      m1: [20, 10]",
  "steps:",
);

/** "line:col-line:col", 1-based. */
function at(text: string, span: Span): string {
  const index = new LineIndex(text);
  const a = index.lineCol(span.start);
  const b = index.lineCol(span.end);
  return `${a.line}:${a.column}-${b.line}:${b.column}`;
}

/** A span as its range and its text, so a wrong span shows what it covers. */
function where(text: string, span: Span | undefined): [string, string] | undefined {
  return span && [at(text, span), text.slice(span.start, span.end)];
}

function clean(text: string): Scenario {
  const result = parseScenario(text);
  assert.deepEqual(result.problems, []);
  assert.ok(result.scenario, "expected a scenario");
  return result.scenario;
}

/** Asserts exactly the given codes at exactly the ⟦marked⟧ ranges, in mark order. */
function expectFindings(source: string, codes: Code[]): { scenario?: Scenario; problems: Problem[]; text: string } {
  const { text, spans } = marked(source);
  assert.equal(spans.length, codes.length, "test bug: one mark per expected code");
  const result = parseScenario(text);
  const got = result.problems.map((p) => ({ code: p.code, range: at(text, p.span), text: text.slice(p.span.start, p.span.end) }));
  const want = codes.map((code, i) => ({ code, range: at(text, spans[i]), text: text.slice(spans[i].start, spans[i].end) }));
  assert.deepEqual(got, want, result.problems.map((p) => p.message).join("\n"));
  for (const p of result.problems) assert.equal(p.severity, "error");
  return { ...result, text };
}

function stepOf<K extends Step["kind"]>(scenario: Scenario, index: number, kind: K): Extract<Step, { kind: K }> {
  const step = scenario.steps.find((s) => s.index === index);
  assert.ok(step, `no step ${index}`);
  assert.equal(step.kind, kind);
  return step as Extract<Step, { kind: K }>;
}

/** A move's model id, path and span, compactly. */
function movesOf(text: string, moves: readonly { model: { id: string; span: Span }; path: readonly { x: number; y: number }[]; span: Span }[]) {
  return moves.map((m) => [m.model.id, where(text, m.model.span), m.path.map((p) => [p.x, p.y]), where(text, m.span)]);
}

describe("the systems example", () => {
  const s = clean(SYSTEMS);

  test("rules: 10e and an empty rulings list", () => {
    assert.deepEqual(where(SYSTEMS, s.rules.span), ["2:1-2:11", "rules: 10e"]);
    assert.equal(s.rules.value, "10e");
    assert.deepEqual(s.rulings, []);
    assert.equal(s.phase, "movement");
  });

  test("units: move, advanced, fell-back, battle-shocked and their defaults", () => {
    const units = s.units.map((u) => [u.id, u.move, u.advanced, u.fellBack, u.battleShocked]);
    assert.deepEqual(units, [
      ["boyz", 6, true, false, true],
      ["nobz", 5.5, false, true, false],
      ["marines", undefined, false, false, false],
    ]);
    assert.equal("move" in s.units[2], false, "an unwritten move is absent, not undefined");
  });

  test("a move step: type, roll, to and note", () => {
    const step = stepOf(s, 0, "move");
    assert.deepEqual(where(SYSTEMS, step.unit.span), ["33:11-33:15", "boyz"]);
    assert.deepEqual(where(SYSTEMS, step.head), ["33:5-33:15", "move: boyz"]);
    assert.equal(step.type?.value, "advance");
    assert.deepEqual(where(SYSTEMS, step.type?.span), ["34:5-34:18", "type: advance"]);
    assert.equal(step.roll?.value, 4);
    assert.deepEqual(where(SYSTEMS, step.roll?.span), ["35:5-35:12", "roll: 4"]);
    assert.equal(step.mode, undefined);
    assert.deepEqual(movesOf(SYSTEMS, step.moves), [
      ["b1", ["37:7-37:9", "b1"], [[12, 10]], ["37:7-37:19", "b1: [12, 10]"]],
      [
        "b2",
        ["38:7-38:9", "b2"],
        [
          [12, 11],
          [13, 11],
        ],
        ["38:7-38:31", "b2: [[12, 11], [13, 11]]"],
      ],
    ]);
    assert.equal(step.note, "an advance");
  });

  test("a fall-back move with its mode, a facing and illegal:", () => {
    const step = stepOf(s, 1, "move");
    assert.equal(step.type?.value, "fall-back");
    assert.equal(step.mode?.value, "desperate-escape");
    assert.deepEqual(where(SYSTEMS, step.mode?.span), ["42:5-42:27", "mode: desperate-escape"]);
    assert.deepEqual(
      step.moves.map((m) => [m.model.id, m.path, m.facing]),
      [["n1", [{ x: 9, y: 14 }], 90]],
    );
    assert.deepEqual(step.illegal?.codes, ["move.too-far"]);
  });

  test("a stationary move has no roll, mode or moves", () => {
    const step = stepOf(s, 2, "move");
    assert.deepEqual([step.unit.id, step.type?.value, step.roll, step.mode, step.moves], ["marines", "stationary", undefined, undefined, []]);
    assert.deepEqual(where(SYSTEMS, step.span), ["45:5-46:21", "move: marines\n    type: stationary"]);
  });

  test("phase steps switch to the charge and fight phases", () => {
    assert.equal(stepOf(s, 3, "phase").phase.value, "charge");
    assert.equal(stepOf(s, 6, "phase").phase.value, "fight");
  });

  test("a charge step: targets, the 2D6 total and to", () => {
    const step = stepOf(s, 4, "charge");
    assert.deepEqual(where(SYSTEMS, step.unit.span), ["48:13-48:17", "boyz"]);
    assert.deepEqual(where(SYSTEMS, step.targets?.span), ["49:5-49:23", "targets: [marines]"]);
    assert.deepEqual(
      step.targets?.refs.map((r) => where(SYSTEMS, r.span)),
      [["49:15-49:22", "marines"]],
    );
    assert.equal(step.roll?.value, 7);
    assert.deepEqual(where(SYSTEMS, step.roll?.span), ["50:5-50:12", "roll: 7"]);
    assert.equal(step.intervention, undefined);
    assert.deepEqual(movesOf(SYSTEMS, step.moves), [["b1", ["51:11-51:13", "b1"], [[18.6, 10]], ["51:11-51:25", "b1: [18.6, 10]"]]]);
  });

  test("a Heroic Intervention is a charge step with intervention:", () => {
    const step = stepOf(s, 5, "charge");
    assert.equal(step.intervention?.value, "leap-to-defend");
    assert.deepEqual(where(SYSTEMS, step.intervention?.span), ["53:5-53:33", "intervention: leap-to-defend"]);
    assert.deepEqual([step.roll?.value, step.targets, step.moves], [2, undefined, []]);
  });

  test("a 10th-edition activation: a fight with nested pile-in and consolidate blocks", () => {
    const step = stepOf(s, 7, "fight");
    assert.deepEqual(
      step.pileIn?.moves.map((m) => m.model.id),
      ["b2"],
    );
    const consolidate = step.consolidate;
    assert.ok(consolidate);
    assert.deepEqual(where(SYSTEMS, consolidate.span), [
      "60:5-63:27",
      "consolidate:\n      mode: objective\n      objective: alpha\n      to: { b1: [19, 12] }",
    ]);
    assert.deepEqual(where(SYSTEMS, consolidate.mode?.span), ["61:7-61:22", "mode: objective"]);
    assert.equal(consolidate.mode?.value, "objective");
    assert.deepEqual(where(SYSTEMS, consolidate.objective?.span), ["62:18-62:23", "alpha"]);
    assert.deepEqual(where(SYSTEMS, consolidate.objective?.pairSpan), ["62:7-62:23", "objective: alpha"]);
    assert.equal(consolidate.targets, undefined);
    assert.deepEqual(movesOf(SYSTEMS, consolidate.moves), [["b1", ["63:13-63:15", "b1"], [[19, 12]], ["63:13-63:25", "b1: [19, 12]"]]]);
  });

  test("a nested consolidate written as a flow map, with targets", () => {
    const step = stepOf(s, 8, "fight");
    assert.equal(step.pileIn, undefined);
    const consolidate = step.consolidate;
    assert.ok(consolidate);
    assert.deepEqual(where(SYSTEMS, consolidate.span)?.[0], "65:5-65:77");
    assert.equal(consolidate.mode?.value, "engaging");
    assert.deepEqual(where(SYSTEMS, consolidate.targets?.span), ["65:36-65:51", "targets: [boyz]"]);
    assert.deepEqual(
      consolidate.targets?.refs.map((r) => r.id),
      ["boyz"],
    );
    assert.deepEqual(
      consolidate.moves.map((m) => m.model.id),
      ["m1"],
    );
  });
});

describe("rules: and rulings:", () => {
  const units = "units: { a: { player: red, base: 25, models: { m: [1, 1] } } }";
  const known = RULING_NAMES.length === 0 ? "no rulings are defined yet" : `the known rulings are ${RULING_NAMES.join(", ")}`;

  test("the names accepted are exactly the catalogue's rulings and ruling sets", () => {
    assert.deepEqual([...RULING_NAMES].sort(), [...new Set([...Object.keys(RULINGS), ...Object.keys(RULING_SETS)])].sort());
    for (const name of ["constructor", "toString", "__proto__", ""]) assert.equal(isRulingName(name), false, name);
  });

  test("every name in the catalogue parses, in order, with the span of each name", () => {
    const names = [...RULING_NAMES];
    const text = lines("scenario: t", "rules: 10e", `rulings: [${names.join(", ")}]`, "turn: red", units);
    const s = clean(text);
    let column = "rulings: [".length + 1;
    const want = names.map((name) => {
      const span = `3:${column}-3:${column + name.length}`;
      column += name.length + 2;
      return [name, span];
    });
    assert.deepEqual(
      s.rulings.map((r) => [r.id, at(text, r.span)]),
      want,
    );
  });

  test("the club ruling set", { skip: !isRulingName("club") && "the club set is not in the catalogue yet" }, () => {
    const text = lines("scenario: t", "rules: 10e", "rulings:", "  - club", "turn: red", units);
    assert.deepEqual(
      clean(text).rulings.map((r) => [r.id, where(text, r.span)]),
      [["club", ["4:5-4:9", "club"]]],
    );
  });

  test("an unknown ruling is scenario.unknown-ref on its name, listing the known names, and is left out", () => {
    const r = expectFindings(lines("scenario: t", "rules: 10e", "rulings: [⟦nope⟧, ⟦constructor⟧]", "turn: red", units), [
      "scenario.unknown-ref",
      "scenario.unknown-ref",
    ]);
    assert.equal(r.problems[0].message, `unknown ruling 'nope'; ${known}`);
    assert.equal(r.problems[1].message, `unknown ruling 'constructor'; ${known}`);
    assert.deepEqual(r.scenario?.rulings, []);
  });

  test("rulings that are not a list of names: scenario.schema on the value or the item", () => {
    const r = expectFindings(lines("scenario: t", "rulings: ⟦club⟧", "turn: red", units), ["scenario.schema"]);
    assert.match(r.problems[0].message, /^rulings must be a list of ids like \[a, b\], got the text 'club'$/);
    expectFindings(lines("scenario: t", "rulings: [⟦[a]⟧, ⟦{ b: 1 }⟧]", "turn: red", units), ["scenario.schema", "scenario.schema"]);
  });

  test("rules: 11e and 10e are read, anything else is scenario.schema on the value and 11e is used", () => {
    assert.equal(clean(lines("scenario: t", "rules: 11e", "turn: red", units)).rules.value, "11e");
    const r = expectFindings(lines("scenario: t", "rules: ⟦10th⟧", "turn: red", units), ["scenario.schema"]);
    assert.match(r.problems[0].message, /^unknown rules '10th'; expected one of: 11e, 10e$/);
    assert.equal(r.scenario?.rules.value, "11e");
  });
});

describe("unit keys: bad values are scenario.schema on the value", () => {
  test("move must be a number greater than 0; the flags must be true or false", () => {
    const r = expectFindings(
      lines(
        "scenario: t",
        "turn: red",
        "units:",
        "  a:",
        "    player: red",
        "    base: 25",
        "    move: ⟦0⟧",
        "    advanced: ⟦yes⟧",
        "    fell-back: ⟦1⟧",
        "    battle-shocked: ⟦[true]⟧",
        "    models: { m: [1, 1] }",
        "  b:",
        "    player: red",
        "    base: 25",
        "    move: ⟦fast⟧",
        "    ⟦moves⟧: 6",
        "    models: { n: [5, 1] }",
      ),
      ["scenario.schema", "scenario.schema", "scenario.schema", "scenario.schema", "scenario.schema", "scenario.schema"],
    );
    assert.deepEqual(
      r.problems.map((p) => p.message),
      [
        "move (the unit's M in inches) must be greater than 0, got '0'",
        "advanced must be true or false, got the text 'yes'",
        "fell-back must be true or false, got the number '1'",
        "battle-shocked must be true or false, got a list",
        "move (the unit's M in inches) must be a number, got the text 'fast'",
        "unknown key 'moves' in unit 'b'; expected one of: player, name, keywords, base, charged, fights-first, move, advanced, fell-back, battle-shocked, wargear, models",
      ],
    );
    // The units stay, with the unusable values left at their defaults.
    assert.deepEqual(
      r.scenario?.units.map((u) => [u.id, u.move, u.advanced, u.fellBack, u.battleShocked]),
      [
        ["a", undefined, false, false, false],
        ["b", undefined, false, false, false],
      ],
    );
  });
});

describe("move steps: findings", () => {
  test("bad type, roll and mode are scenario.schema on the value; the step stays without them", () => {
    const r = expectFindings(BASE + lines("  - move: squad", "    type: ⟦run⟧", "    roll: ⟦7⟧", "    mode: ⟦flee⟧", "    to: { q1: [12, 10] }"), [
      "scenario.schema",
      "scenario.schema",
      "scenario.schema",
    ]);
    assert.deepEqual(
      r.problems.map((p) => p.message),
      [
        "unknown move type 'run'; expected one of: normal, advance, fall-back, stationary",
        "the advance roll (D6) must be a whole number from 1 to 6, got '7'",
        "unknown fall-back mode 'flee'; expected one of: ordered-retreat, desperate-escape",
      ],
    );
    const step = stepOf(r.scenario!, 0, "move");
    assert.deepEqual([step.type, step.roll, step.mode, step.moves.map((m) => m.model.id)], [undefined, undefined, undefined, ["q1"]]);
  });

  test("the advance roll: 1 and 6 are read; 0, 2.5, six, [4] and an empty roll are not", () => {
    for (const roll of [1, 6]) assert.equal(stepOf(clean(BASE + lines("  - move: squad", `    roll: ${roll}`)), 0, "move").roll?.value, roll);
    for (const bad of ["⟦0⟧", "⟦2.5⟧", "⟦six⟧", "⟦[4]⟧", "⟦'-1'⟧"]) {
      expectFindings(BASE + lines("  - move: squad", `    roll: ${bad}`), ["scenario.schema"]);
    }
    expectFindings(BASE + lines("  - move: squad", "    ⟦roll⟧:"), ["scenario.schema"]);
  });

  test("keys of other steps are unknown in a move step, with the allowed keys in the message", () => {
    const r = expectFindings(BASE + lines("  - move: squad", "    ⟦targets⟧: [marines]"), ["scenario.schema"]);
    assert.equal(r.problems[0].message, "unknown key 'targets' in a move step; expected one of: type, roll, mode, to, note, illegal, show");
  });

  test("unknown unit: scenario.unknown-ref on the id and the step is left out", () => {
    const r = expectFindings(BASE + lines("  - move: ⟦sqad⟧", "    to: { q1: [12, 10] }"), ["scenario.unknown-ref"]);
    assert.equal(r.problems[0].message, "unknown unit 'sqad'; did you mean 'squad'?");
    assert.deepEqual(r.scenario?.steps, []);
  });

  test("a model of another unit or an unknown model in to: is scenario.unknown-ref on the id and left out", () => {
    const r = expectFindings(BASE + lines("  - move: squad", "    to: { ⟦m1⟧: [1, 1], q1: [2, 2], ⟦q9⟧: [3, 3] }"), [
      "scenario.unknown-ref",
      "scenario.unknown-ref",
    ]);
    assert.equal(r.problems[0].message, "model 'm1' belongs to unit 'marines', not to 'squad'");
    assert.deepEqual(
      stepOf(r.scenario!, 0, "move").moves.map((m) => m.model.id),
      ["q1"],
    );
  });

  test("a step with a move and a fight key is one step too many", () => {
    expectFindings(BASE + lines("  - ⟦move⟧: squad", "    fight: squad"), ["scenario.schema"]);
  });
});

describe("charge steps: findings", () => {
  test("the charge roll is the 2D6 total: 2 and 12 are read; 1, 13 and 7.5 are not", () => {
    for (const roll of [2, 12]) assert.equal(stepOf(clean(BASE + lines("  - charge: squad", `    roll: ${roll}`)), 0, "charge").roll?.value, roll);
    const r = expectFindings(BASE + lines("  - charge: squad", "    roll: ⟦13⟧"), ["scenario.schema"]);
    assert.equal(r.problems[0].message, "the charge roll (2D6 total) must be a whole number from 2 to 12, got '13'");
    for (const bad of ["⟦1⟧", "⟦7.5⟧", "⟦[3, 4]⟧"]) expectFindings(BASE + lines("  - charge: squad", `    roll: ${bad}`), ["scenario.schema"]);
  });

  test("bad intervention and unknown keys are scenario.schema", () => {
    const r = expectFindings(BASE + lines("  - charge: squad", "    intervention: ⟦jump⟧", "    ⟦mode⟧: engaging"), ["scenario.schema", "scenario.schema"]);
    assert.equal(r.problems[0].message, "unknown intervention mode 'jump'; expected one of: leap-to-defend, into-the-fray");
    assert.equal(r.problems[1].message, "unknown key 'mode' in a charge step; expected one of: targets, roll, intervention, to, note, illegal, show");
    assert.equal(stepOf(r.scenario!, 0, "charge").intervention, undefined);
    assert.equal(stepOf(clean(BASE + lines("  - charge: squad", "    intervention: into-the-fray")), 0, "charge").intervention?.value, "into-the-fray");
  });

  test("targets that are not a list are scenario.schema on the value", () => {
    const r = expectFindings(BASE + lines("  - charge: squad", "    targets: ⟦marines⟧"), ["scenario.schema"]);
    assert.equal(stepOf(r.scenario!, 0, "charge").targets, undefined);
  });

  test("unknown targets, models of another unit and unknown units are scenario.unknown-ref on the id", () => {
    const r = expectFindings(
      BASE +
        lines(
          "  - charge: squad",
          "    targets: [⟦marine⟧, marines]",
          "    to: { q1: [18, 10], ⟦m1⟧: [1, 1] }",
          "  - charge: ⟦orks⟧",
          "    targets: [marines]",
          "    to: { ⟦q3⟧: [1, 1] }",
        ),
      ["scenario.unknown-ref", "scenario.unknown-ref", "scenario.unknown-ref", "scenario.unknown-ref"],
    );
    const step = stepOf(r.scenario!, 0, "charge");
    assert.deepEqual(
      step.targets?.refs.map((t) => t.id),
      ["marines"],
    );
    assert.deepEqual(
      step.moves.map((m) => m.model.id),
      ["q1"],
    );
    assert.deepEqual(
      r.scenario?.steps.map((s) => s.index),
      [0],
    );
  });
});

describe("a fight's nested consolidate: findings", () => {
  test("not a map: scenario.schema on the value; an empty block likewise on the key", () => {
    const r = expectFindings(BASE + lines("  - fight: squad", "    consolidate: ⟦[q1]⟧"), ["scenario.schema"]);
    assert.match(r.problems[0].message, /^a fight's consolidate must be a map with mode:, targets:, objective: and to:, got a list$/);
    assert.equal(stepOf(r.scenario!, 0, "fight").consolidate, undefined);
    expectFindings(BASE + lines("  - fight: squad", "    ⟦consolidate⟧:"), ["scenario.schema"]);
  });

  test("written like a step (consolidate: squad), it is a second step kind", () => {
    const r = expectFindings(BASE + lines("  - ⟦fight⟧: squad", "    consolidate: squad"), ["scenario.schema"]);
    assert.match(r.problems[0].message, /^a step has one kind, this one has fight and consolidate/);
  });

  test("unknown keys and bad values inside, with the block's keys in the message", () => {
    const r = expectFindings(
      BASE + lines("  - fight: squad", "    consolidate:", "      mode: ⟦sideways⟧", "      ⟦type⟧: normal", "      to: { q1: [11, 11] }"),
      ["scenario.schema", "scenario.schema"],
    );
    assert.equal(r.problems[1].message, "unknown key 'type' in a fight's consolidate; expected one of: mode, targets, objective, to");
    const consolidate = stepOf(r.scenario!, 0, "fight").consolidate;
    assert.deepEqual([consolidate?.mode, consolidate?.moves.map((m) => m.model.id)], [undefined, ["q1"]]);
  });

  test("unknown objective, unknown target and moves of other units: scenario.unknown-ref, each left out", () => {
    const r = expectFindings(
      BASE +
        lines(
          "  - fight: squad",
          "    consolidate:",
          "      targets: [⟦marine⟧]",
          "      objective: ⟦beta⟧",
          "      to: { ⟦m1⟧: [19, 10], q2: [12, 10], ⟦zz⟧: [1, 1] }",
        ),
      ["scenario.unknown-ref", "scenario.unknown-ref", "scenario.unknown-ref", "scenario.unknown-ref"],
    );
    assert.equal(r.problems[1].message, "unknown objective 'beta'");
    const consolidate = stepOf(r.scenario!, 0, "fight").consolidate;
    assert.ok(consolidate);
    assert.deepEqual(consolidate.targets?.refs, []);
    assert.equal("objective" in consolidate, false);
    assert.deepEqual(
      consolidate.moves.map((m) => m.model.id),
      ["q2"],
    );
    // The block's span is the whole `consolidate:` pair, from its key to the end of the `to:` map.
    assert.equal(at(r.text, consolidate.span), "20:5-23:53");
    assert.match(r.text.slice(consolidate.span.start, consolidate.span.end), /^consolidate:\n[^]*\[1, 1\] \}$/);
  });

  test("the fight step's allowed keys now include consolidate", () => {
    const r = expectFindings(BASE + lines("  - fight: squad", "    ⟦consolidat⟧: {}"), ["scenario.schema"]);
    assert.equal(
      r.problems[0].message,
      "unknown key 'consolidat' in a fight step; expected one of: type, targets, attacks, resolve, pile-in, consolidate, note, illegal, show",
    );
  });

  test("a consolidate step still reads the same keys, and its unknown objective is left out", () => {
    const r = expectFindings(BASE + lines("  - consolidate: squad", "    mode: objective", "    objective: ⟦beta⟧", "    to: { q1: [12, 12] }"), [
      "scenario.unknown-ref",
    ]);
    const step = stepOf(r.scenario!, 0, "consolidate");
    assert.deepEqual([step.mode?.value, "objective" in step, step.moves.map((m) => m.model.id)], ["objective", false, ["q1"]]);
  });
});

describe("robustness of the new forms", () => {
  test("mutated systems scenarios never throw and never hold a dangling id", () => {
    let seed = 777;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const alphabet = ":-[]{},#\n  abmnq0123456789.";
    for (let i = 0; i < 600; i++) {
      const chars = [...SYSTEMS];
      for (let k = rand(5); k >= 0; k--) {
        const at = rand(chars.length + 1);
        const op = rand(3);
        if (op === 0) chars.splice(at, 1);
        else if (op === 1) chars.splice(at, 0, alphabet[rand(alphabet.length)]);
        else chars[at] = alphabet[rand(alphabet.length)];
      }
      const text = chars.join("");
      const r = parseScenario(text);
      for (const p of r.problems) {
        assert.ok(p.span.start >= 0 && p.span.start <= p.span.end && p.span.end <= text.length, `bad span in ${JSON.stringify(text)}`);
        assert.doesNotMatch(p.message, /internal error/, JSON.stringify(text));
      }
      if (r.scenario) assertNoDanglingIds(r.scenario);
    }
  });
});

/** Every id the new step forms hold refers to something in the model (models of the step's unit). */
function assertNoDanglingIds(s: Scenario): void {
  const units = new Set(s.units.map((u) => u.id));
  const modelUnit = new Map(s.units.flatMap((u) => u.models.map((m) => [m.id, u.id] as const)));
  const objectives = new Set(s.objectives.map((o) => o.id));
  for (const r of s.rulings) assert.ok(isRulingName(r.id));
  for (const step of s.steps) {
    if (step.kind !== "move" && step.kind !== "charge" && step.kind !== "fight") continue;
    assert.ok(units.has(step.unit.id));
    const parts = step.kind === "fight" ? [step.pileIn, step.consolidate] : [step];
    for (const part of parts) for (const m of part?.moves ?? []) assert.equal(modelUnit.get(m.model.id), step.unit.id);
    const targets = step.kind === "charge" ? (step.targets?.refs ?? []) : step.kind === "fight" ? (step.consolidate?.targets?.refs ?? []) : [];
    for (const r of targets) assert.ok(units.has(r.id));
    if (step.kind === "fight" && step.consolidate?.objective) assert.ok(objectives.has(step.consolidate.objective.id));
  }
}
