// The scenario parser: the v1 language as the model sees it, with exact spans, and every
// finding the parser makes with its exact code and range (ranges are marked ⟦…⟧ in the YAML).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { parseDocument } from "yaml";
import type { Code } from "../../../shared/diagnostics/codes";
import type { Problem } from "../../../shared/diagnostics/problem";
import type { Scenario, Step } from "../../../shared/model/scenario";
import { parseScenario } from "../../../shared/parse/parse-scenario";
import { LineIndex, type Span } from "../../../shared/source/span";
import { lines, marked } from "../../helpers/marked";

/** The example of the language brief, verbatim (comments included). */
const EXAMPLE = lines(
  "scenario: Overrun fight after the transport is destroyed   # title (required)",
  "rules: 11e                 # rules system",
  "board: [44, 30]            # width, height in inches; default [60, 44]",
  "turn: red                  # the player whose turn it is",
  "phase: fight               # phase the steps start in",
  "objectives:",
  "  alpha: [22, 15]          # 40 mm objective marker at x, y",
  "units:",
  "  squad:                   # unit id",
  "    player: red",
  "    name: Boyz             # display name (optional)",
  "    keywords: [Infantry]   # case-insensitive (store lower-cased)",
  "    base: 32               # round base diameter in mm",
  "    charged: [transport]   # made a charge move this turn",
  "    fights-first: true     # datasheet Fights First (optional)",
  "    models:                # model ids are unique in the whole scenario",
  "      q1: [23, 16.3]       # x, y in inches",
  "      q2: { at: [23.2, 17.6], base: 60x35, facing: 90 }   # per-model base",
  "  transport:",
  "    player: blue",
  "    keywords: [vehicle, transport]",
  "    base: 100",
  "    models:",
  "      t1: [20, 16]",
  "steps:                     # the timeline",
  "  - pile-in: squad",
  "    targets: [transport]   # optional",
  "    to:                    # models that move; the others stay",
  "      q1: [23.4, 16.9]                     # end position",
  "      q2: [[23.6, 18.0], [23.9, 18.2]]     # waypoints; the last is the end",
  "  - fight: transport",
  "    type: normal           # normal | overrun; optional",
  "    targets: [squad]       # optional",
  "  - remove: [q1]           # models destroyed",
  "  - fight: squad",
  "    type: overrun",
  "    pile-in:               # the overrun fight's extra pile-in",
  "      targets: [transport]",
  "      to: { q2: [23.5, 17.9] }",
  "  - consolidate: squad",
  "    mode: ongoing          # ongoing | engaging | objective; optional",
  "    targets: [transport]   # engaging/ongoing; or `objective: alpha`",
  "    to: { q2: [23.4, 17.7] }",
  "    illegal: [move.not-closer]   # this step is shown as illegal on purpose",
);

/** Two units and an objective; tests append steps (or replace parts) to it. */
const BASE = lines(
  "scenario: t",
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
  "  transport:",
  "    player: blue",
  "    base: 100",
  "    models:",
  "      t1: [20, 10]",
  "steps:",
);

/** "line:col-line:col", 1-based, for compact span assertions. */
function at(text: string, span: Span): string {
  const index = new LineIndex(text);
  const a = index.lineCol(span.start);
  const b = index.lineCol(span.end);
  return `${a.line}:${a.column}-${b.line}:${b.column}`;
}

function slice(text: string, span: Span): string {
  return text.slice(span.start, span.end);
}

/** Parses text that must be free of findings and returns its scenario. */
function clean(text: string): Scenario {
  const result = parseScenario(text);
  assert.deepEqual(result.problems, []);
  assert.ok(result.scenario, "expected a scenario");
  return result.scenario;
}

/**
 * Asserts the parser finds exactly the given codes at exactly the ⟦marked⟧ ranges, in mark order.
 * @returns the parse result and the clean text, for further checks
 */
function expectFindings(source: string, codes: Code[]): { scenario?: Scenario; problems: Problem[]; text: string } {
  const { text, spans } = marked(source);
  assert.equal(spans.length, codes.length, "test bug: one mark per expected code");
  const result = parseScenario(text);
  const got = result.problems.map((p) => ({ code: p.code, range: at(text, p.span), text: slice(text, p.span) }));
  const want = codes.map((code, i) => ({ code, range: at(text, spans[i]), text: slice(text, spans[i]) }));
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

describe("the example scenario", () => {
  const s = clean(EXAMPLE);

  test("top-level values", () => {
    assert.equal(s.title, "Overrun fight after the transport is destroyed");
    assert.equal(s.rules.value, "11e");
    assert.equal(slice(EXAMPLE, s.rules.span), "rules: 11e");
    assert.deepEqual(s.board, { width: 44, height: 30 });
    assert.equal(s.turn, "red");
    assert.equal(s.phase, "fight");
    assert.deepEqual(s.players, ["red", "blue"]);
    assert.deepEqual(s.objectives, [{ id: "alpha", at: { x: 22, y: 15 }, span: s.objectives[0].span }]);
    assert.equal(at(EXAMPLE, s.objectives[0].span), "7:3-7:8");
  });

  test("units and models", () => {
    const [squad, transport] = s.units;
    assert.equal(squad.id, "squad");
    assert.equal(at(EXAMPLE, squad.span), "9:3-9:8");
    assert.equal(squad.player, "red");
    assert.equal(squad.name, "Boyz");
    assert.deepEqual(squad.keywords, ["infantry"]);
    assert.equal(squad.charged, true);
    assert.deepEqual(
      squad.chargeTargets.map((r) => [r.id, at(EXAMPLE, r.span)]),
      [["transport", "14:15-14:24"]],
    );
    assert.equal(squad.fightsFirst, true);
    const [q1, q2] = squad.models;
    assert.deepEqual(
      { id: q1.id, unit: q1.unit, at: q1.at, base: q1.base, facing: q1.facing },
      { id: "q1", unit: "squad", at: { x: 23, y: 16.3 }, base: { kind: "round", diameterMm: 32 }, facing: 0 },
    );
    assert.equal(at(EXAMPLE, q1.span), "17:7-17:9");
    assert.equal(slice(EXAMPLE, q1.lineSpan), "q1: [23, 16.3]");
    assert.deepEqual(q2.base, { kind: "oval", lengthMm: 60, widthMm: 35 });
    assert.deepEqual([q2.at, q2.facing], [{ x: 23.2, y: 17.6 }, 90]);
    assert.equal(slice(EXAMPLE, q2.lineSpan), "q2: { at: [23.2, 17.6], base: 60x35, facing: 90 }");
    assert.equal(at(EXAMPLE, q2.lineSpan), "18:7-18:56");
    assert.equal(transport.name, undefined);
    assert.deepEqual(transport.keywords, ["vehicle", "transport"]);
    assert.deepEqual([transport.charged, transport.chargeTargets, transport.fightsFirst], [false, [], false]);
    assert.deepEqual(transport.models[0].base, { kind: "round", diameterMm: 100 });
  });

  test("pile-in step", () => {
    const step = stepOf(s, 0, "pile-in");
    assert.equal(at(EXAMPLE, step.head), "26:5-26:19");
    assert.equal(slice(EXAMPLE, step.span), EXAMPLE.slice(EXAMPLE.indexOf("pile-in: squad"), EXAMPLE.indexOf("[23.9, 18.2]]") + 13));
    assert.deepEqual([step.unit.id, at(EXAMPLE, step.unit.span)], ["squad", "26:14-26:19"]);
    assert.equal(slice(EXAMPLE, step.targets!.span), "targets: [transport]");
    assert.deepEqual(
      step.targets!.refs.map((r) => [r.id, at(EXAMPLE, r.span)]),
      [["transport", "27:15-27:24"]],
    );
    assert.deepEqual(
      step.moves.map((m) => [m.model.id, m.path, m.facing, at(EXAMPLE, m.model.span), slice(EXAMPLE, m.span)]),
      [
        ["q1", [{ x: 23.4, y: 16.9 }], undefined, "29:7-29:9", "q1: [23.4, 16.9]"],
        [
          "q2",
          [
            { x: 23.6, y: 18 },
            { x: 23.9, y: 18.2 },
          ],
          undefined,
          "30:7-30:9",
          "q2: [[23.6, 18.0], [23.9, 18.2]]",
        ],
      ],
    );
    assert.equal(step.note, undefined);
    assert.equal(step.illegal, undefined);
  });

  test("fight, remove and overrun fight steps", () => {
    const fight = stepOf(s, 1, "fight");
    assert.deepEqual([fight.unit.id, fight.type?.value, slice(EXAMPLE, fight.type!.span)], ["transport", "normal", "type: normal"]);
    assert.deepEqual(
      fight.targets?.refs.map((r) => r.id),
      ["squad"],
    );
    assert.equal(fight.pileIn, undefined);
    const remove = stepOf(s, 2, "remove");
    assert.deepEqual(
      remove.models.map((r) => [r.id, at(EXAMPLE, r.span)]),
      [["q1", "34:14-34:16"]],
    );
    assert.equal(slice(EXAMPLE, remove.span), "remove: [q1]");
    const overrun = stepOf(s, 3, "fight");
    assert.equal(overrun.type?.value, "overrun");
    const pileIn = overrun.pileIn!;
    assert.equal(at(EXAMPLE, pileIn.span), "37:5-39:31");
    assert.deepEqual(
      pileIn.targets?.refs.map((r) => r.id),
      ["transport"],
    );
    assert.equal(slice(EXAMPLE, pileIn.targets!.span), "targets: [transport]");
    assert.deepEqual(
      pileIn.moves.map((m) => [m.model.id, m.path, slice(EXAMPLE, m.span)]),
      [["q2", [{ x: 23.5, y: 17.9 }], "q2: [23.5, 17.9]"]],
    );
  });

  test("consolidate step", () => {
    const step = stepOf(s, 4, "consolidate");
    assert.equal(slice(EXAMPLE, step.head), "consolidate: squad");
    assert.deepEqual([step.mode?.value, at(EXAMPLE, step.mode!.span)], ["ongoing", "41:5-41:18"]);
    assert.deepEqual(
      step.targets?.refs.map((r) => r.id),
      ["transport"],
    );
    assert.equal(step.objective, undefined);
    assert.deepEqual(
      step.moves.map((m) => m.path),
      [[{ x: 23.4, y: 17.7 }]],
    );
    assert.deepEqual(step.illegal?.codes, ["move.not-closer"]);
    assert.equal(at(EXAMPLE, step.illegal!.span), "44:5-44:31");
    assert.deepEqual(
      s.steps.map((x) => x.index),
      [0, 1, 2, 3, 4],
    );
  });
});

describe("forms the language accepts", () => {
  test("defaults: board, phase, rules; optional keys absent", () => {
    const s = clean(lines("scenario: t", "turn: red", "units:", "  a: { player: red, base: 25, models: { m: [1, 2] } }"));
    assert.deepEqual(s.board, { width: 60, height: 44 });
    assert.equal(s.phase, "fight");
    assert.equal(s.rules.value, "11e");
    assert.deepEqual([s.objectives, s.steps], [[], []]);
    assert.deepEqual(s.units[0].keywords, []);
  });

  test("a key `y` (and `n`, `yes`) is a string under YAML 1.2", () => {
    const s = clean(
      lines(
        "scenario: t",
        "turn: red",
        "units:",
        "  y:",
        "    player: red",
        "    base: 25",
        "    models: { n: [1, 2], yes: [3, 4] }",
        "steps:",
        "  - fight: y",
        "  - remove: [n, yes]",
      ),
    );
    assert.equal(s.units[0].id, "y");
    assert.deepEqual(
      s.units[0].models.map((m) => m.id),
      ["n", "yes"],
    );
    assert.deepEqual(
      stepOf(s, 1, "remove").models.map((r) => r.id),
      ["n", "yes"],
    );
  });

  test("flow and block forms give the same model", () => {
    const block = clean(
      lines(
        "scenario: t",
        "turn: red",
        "units:",
        "  a:",
        "    player: red",
        "    keywords:",
        "      - Infantry",
        "    base: 25",
        "    models:",
        "      m:",
        "        at:",
        "          - 1",
        "          - 2",
        "        facing: 30",
        "steps:",
        "  - pile-in: a",
        "    to:",
        "      m:",
        "        - [1, 3]",
        "        - [1, 4]",
      ),
    );
    const flow = clean(
      lines(
        "{scenario: t, turn: red, units: {a: {player: red, keywords: [Infantry], base: 25, models: {m: {at: [1, 2], facing: 30}}}},",
        " steps: [{pile-in: a, to: {m: [[1, 3], [1, 4]]}}]}",
      ),
    );
    const strip = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (k, v) => (/span|head/i.test(k) ? undefined : v)));
    assert.deepEqual(strip(flow), strip(block));
  });

  test("bases: numbers, ovals either way round, equal axes are round, quoted numbers", () => {
    const s = clean(
      lines(
        "scenario: t",
        "turn: red",
        "units:",
        "  a:",
        "    player: red",
        "    base: 60X35",
        "    models:",
        "      m1: [1, 1]",
        "      m2: { at: [2, 2], base: 35x60 }",
        '      m3: { at: [3, 3], base: "40x40" }',
        "      m4: { at: [4, 4], base: 28.5 }",
        '      m5: { at: [5, 5], base: "32" }',
      ),
    );
    assert.deepEqual(
      s.units[0].models.map((m) => m.base),
      [
        { kind: "oval", lengthMm: 60, widthMm: 35 },
        { kind: "oval", lengthMm: 60, widthMm: 35 },
        { kind: "round", diameterMm: 40 },
        { kind: "round", diameterMm: 28.5 },
        { kind: "round", diameterMm: 32 },
      ],
    );
  });

  test("move forms, remove of one id, illegal true/false, note, description, charged true", () => {
    const s = clean(
      BASE.replace("scenario: t\n", "scenario: t\ndescription: what happens\n").replace("    player: red\n", "    player: red\n    charged: true\n") +
        lines(
          "  - pile-in: squad",
          "    note: first",
          "    illegal: true",
          "    to:",
          "      q1: { at: [12, 12], facing: 45 }",
          "      q2: { path: [[11, 11], [11, 12]], facing: -30.5 }",
          "  - remove: q1",
          "    illegal: false",
          "  - phase: charge",
          "  - consolidate: squad",
          "    mode: objective",
          "    objective: alpha",
        ),
    );
    assert.deepEqual([s.units[0].charged, s.units[0].chargeTargets], [true, []]);
    const pileIn = stepOf(s, 0, "pile-in");
    assert.equal(pileIn.note, "first");
    assert.equal(pileIn.illegal?.codes, "all");
    assert.deepEqual(
      pileIn.moves.map((m) => [m.path, m.facing]),
      [
        [[{ x: 12, y: 12 }], 45],
        [
          [
            { x: 11, y: 11 },
            { x: 11, y: 12 },
          ],
          -30.5,
        ],
      ],
    );
    const remove = stepOf(s, 1, "remove");
    assert.deepEqual([remove.models.map((r) => r.id), remove.illegal], [["q1"], undefined]);
    assert.equal(stepOf(s, 2, "phase").phase.value, "charge");
    const consolidate = stepOf(s, 3, "consolidate");
    assert.equal(consolidate.objective?.id, "alpha");
    assert.equal(consolidate.mode?.value, "objective");
  });

  test("ids written as numbers keep their text; quoted and plain ids match", () => {
    const s = clean(
      lines("scenario: 2024", "turn: '1'", "units:", '  "u": { player: 1, base: 25, models: { 01: [1, 1] } }', "steps:", "  - remove: ['01']", "  - fight: u"),
    );
    assert.equal(s.title, "2024");
    assert.deepEqual([s.turn, s.players], ["1", ["1"]]);
    assert.equal(s.units[0].models[0].id, "01");
    assert.deepEqual(
      stepOf(s, 0, "remove").models.map((r) => r.id),
      ["01"],
    );
  });
});

describe("scenario.schema: unknown keys go on the key", () => {
  test("in a pile-in step, with the allowed keys in the message", () => {
    const r = expectFindings(BASE + lines("  - pile-in: squad", "    ⟦tagets⟧: [transport]"), ["scenario.schema"]);
    assert.equal(r.problems[0].message, "unknown key 'tagets' in a pile-in step; expected one of: targets, to, note, illegal, show");
    assert.equal(r.problems[0].step, 0);
    assert.equal(stepOf(r.scenario!, 0, "pile-in").targets, undefined);
  });

  test("at the top level, in a unit, a model, a move and a fight's pile-in", () => {
    const r = expectFindings(
      lines(
        "scenario: t",
        "⟦turns⟧: 2",
        "turn: red",
        "units:",
        "  a:",
        "    player: red",
        "    ⟦bases⟧: 25",
        "    base: 25",
        "    models:",
        "      m: { at: [1, 1], ⟦facng⟧: 3 }",
        "steps:",
        "  - fight: a",
        "    pile-in:",
        "      ⟦too⟧: {}",
        "      to: { m: { at: [1, 2], ⟦pth⟧: [] } }",
      ),
      ["scenario.schema", "scenario.schema", "scenario.schema", "scenario.schema", "scenario.schema"],
    );
    assert.match(
      r.problems[0].message,
      /^unknown key 'turns' at the top level; expected one of: scenario, description, rules, rulings, board, turn, phase, objectives, terrain, units, steps, show, view, weapons$/,
    );
    assert.match(
      r.problems[1].message,
      /in unit 'a'; expected one of: player, name, keywords, base, charged, fights-first, move, advanced, fell-back, battle-shocked, wargear, models$/,
    );
    assert.match(r.problems[2].message, /in model 'm'; expected one of: at, base, facing, wargear$/);
    assert.match(r.problems[3].message, /in a fight's pile-in; expected one of: targets, to$/);
    assert.match(r.problems[4].message, /in the move of 'm'; expected one of: at, path, facing$/);
    // Unknown keys are ignored; the rest stays.
    assert.deepEqual(
      stepOf(r.scenario!, 0, "fight").pileIn?.moves.map((m) => m.path),
      [[{ x: 1, y: 2 }]],
    );
  });

  test("keys of other steps are unknown in a step", () => {
    expectFindings(BASE + lines("  - remove: q1", "    ⟦targets⟧: [squad]", "  - phase: fight", "    ⟦to⟧: {}"), ["scenario.schema", "scenario.schema"]);
  });
});

describe("scenario.schema: wrong types and bad values go on the value", () => {
  test("top-level values", () => {
    const r = expectFindings(
      lines(
        "scenario: ⟦[a, b]⟧",
        "rules: ⟦9e⟧",
        "board: [⟦0⟧, ⟦wide⟧]",
        "turn: red",
        "phase: ⟦lunch⟧",
        "units: { a: { player: red, base: 25, models: { m: [1, 1] } } }",
      ),
      ["scenario.schema", "scenario.schema", "scenario.schema", "scenario.schema", "scenario.schema"],
    );
    const s = r.scenario!;
    assert.deepEqual([s.title, s.rules.value, s.board, s.phase], ["", "11e", { width: 60, height: 44 }, "fight"]);
  });

  test("board that is not a pair", () => {
    expectFindings(lines("scenario: t", "board: ⟦big⟧", "turn: red", "units: { a: { player: red, base: 25, models: { m: [1, 1] } } }"), ["scenario.schema"]);
    expectFindings(lines("scenario: t", "board: ⟦[1, 2, 3]⟧", "turn: red", "units: { a: { player: red, base: 25, models: { m: [1, 1] } } }"), [
      "scenario.schema",
    ]);
  });

  test("unit values", () => {
    const r = expectFindings(
      lines(
        "scenario: t",
        "turn: red",
        "units:",
        "  a:",
        "    player: red",
        "    name: ⟦{ x: 1 }⟧",
        "    keywords: ⟦infantry⟧",
        "    base: 25",
        "    charged: ⟦5⟧",
        "    fights-first: ⟦maybe⟧",
        "    models: { m: [1, 1] }",
        "  b:",
        "    player: red",
        "    keywords: [ok, ⟦[x]⟧]",
        "    models: ⟦[1, 2]⟧",
      ),
      Array<Code>(6).fill("scenario.schema"),
    );
    assert.deepEqual(
      r.scenario!.units.map((u) => [u.id, u.keywords, u.charged, u.fightsFirst]),
      [
        ["a", [], false, false],
        ["b", ["ok"], false, false],
      ],
    );
  });

  test("positions, bases and facings", () => {
    expectFindings(
      lines(
        "scenario: t",
        "turn: red",
        "objectives: { alpha: ⟦[1]⟧, beta: [⟦.inf⟧, 2] }",
        "units:",
        "  a:",
        "    player: red",
        "    base: ⟦banana⟧",
        "    models:",
        "      m1: [1, ⟦abc⟧]",
        "      m2: { at: [1, 2], base: ⟦0x35⟧ }",
        "      m3: { at: [1, 2], base: ⟦-3⟧ }",
        "      m4: { at: [1, 2], base: 32, facing: ⟦north⟧ }",
        "      m5: ⟦7⟧",
        "      m6: { at: ⟦[1, 2, 3]⟧, base: 32 }",
      ),
      Array<Code>(9).fill("scenario.schema"),
    );
  });

  test("step values", () => {
    const r = expectFindings(
      BASE +
        lines(
          "  - fight: squad",
          "    type: ⟦sideways⟧",
          "    targets: ⟦transport⟧",
          "    pile-in: ⟦[q1]⟧",
          "  - consolidate: squad",
          "    mode: ⟦[ongoing]⟧",
          "    note: ⟦[a]⟧",
          "    to:",
          "      q1: ⟦[]⟧",
          "      q2: { path: ⟦[]⟧ }",
          "  - pile-in: ⟦[squad]⟧",
          "  - phase: ⟦lunch⟧",
          "  - consolidate: squad",
          "    to: { q1: { at: [1, 1], ⟦path⟧: [[1, 2]] }, q2: [[1, 1], ⟦[2]⟧] }",
          "  - remove: ⟦{ q1: 1 }⟧",
          "  - ⟦fight⟧",
          "  - pile-in: squad",
          "    to: ⟦[q1]⟧",
        ),
      Array<Code>(14).fill("scenario.schema"),
    );
    const s = r.scenario!;
    // The pile-in and phase steps with unusable heads are left out; the others stay, minus their bad parts.
    assert.deepEqual(
      s.steps.map((x) => [x.index, x.kind]),
      [
        [0, "fight"],
        [1, "consolidate"],
        [4, "consolidate"],
        [5, "remove"],
        [7, "pile-in"],
      ],
    );
    const fight = stepOf(s, 0, "fight");
    assert.deepEqual([fight.type, fight.targets, fight.pileIn], [undefined, undefined, undefined]);
    assert.deepEqual(stepOf(s, 1, "consolidate").moves, []);
    assert.deepEqual(stepOf(s, 4, "consolidate").moves, []);
    assert.deepEqual(
      r.problems.map((p) => p.step),
      [0, 0, 0, 1, 1, 1, 1, 2, 3, 4, 4, 5, 6, 7],
    );
  });

  test("illegal: an unknown code goes on its item; the known ones are kept", () => {
    const r = expectFindings(
      BASE +
        lines(
          "  - remove: q1",
          "    illegal: [⟦move.bogus⟧, move.too-far, ⟦[x]⟧]",
          "  - remove: q2",
          "    illegal: ⟦move.too-far⟧",
          "  - remove: t1",
          "    illegal: ⟦[]⟧",
        ),
      ["scenario.schema", "scenario.schema", "scenario.schema", "scenario.schema"],
    );
    assert.deepEqual(stepOf(r.scenario!, 0, "remove").illegal?.codes, ["move.too-far"]);
    assert.equal(stepOf(r.scenario!, 1, "remove").illegal, undefined);
  });

  test("a document that is not a map", () => {
    const r = expectFindings("⟦- a\n- b⟧\n", ["scenario.schema"]);
    assert.equal(r.scenario, undefined);
    expectFindings("⟦just text⟧\n", ["scenario.schema"]);
  });
});

describe("scenario.schema: missing keys go on the parent's key", () => {
  test("top level: the first line", () => {
    const r = expectFindings(lines("⟦rules: 11e   # comment⟧", "turn: red", "units: { a: { player: red, base: 25, models: { m: [1, 1] } } }"), [
      "scenario.schema",
    ]);
    assert.equal(r.scenario?.title, "");
    const empty = expectFindings("⟦⟧⟦⟧", ["scenario.schema", "scenario.schema"]);
    assert.equal(empty.scenario, undefined);
    assert.match(empty.problems[0].message, /no scenario:/);
    assert.match(empty.problems[1].message, /no turn:/);
  });

  test("a missing turn: no scenario (the engine needs the turn)", () => {
    const r = expectFindings(lines("⟦scenario: t⟧", "units: { a: { player: red, base: 25, models: { m: [1, 1] } } }"), ["scenario.schema"]);
    assert.equal(r.scenario, undefined);
  });

  test("unit without player or models; model without at, base; move without at or path", () => {
    const r = expectFindings(
      lines(
        "scenario: t",
        "turn: red",
        "units:",
        "  ⟦a⟧:",
        "    base: 25",
        "    models: { m: [1, 1] }",
        "  ⟦b⟧:",
        "    player: red",
        "  ⟦c⟧: { player: red, models: {} }",
        "  ⟦d⟧:",
        "  e:",
        "    player: red",
        "    models:",
        "      ⟦e1⟧: [1, 1]",
        "      ⟦e2⟧: { base: 25 }",
        "      e3: { at: [1, 1], base: 25 }",
        "steps:",
        "  - pile-in: e",
        "    to: { ⟦e3⟧: { facing: 20 } }",
        "  - fight: a",
      ),
      Array<Code>(7).fill("scenario.schema"),
    );
    const s = r.scenario!;
    // `a` has no player, so it is left out, and the fight step naming it goes quietly.
    assert.deepEqual(
      s.units.map((u) => [u.id, u.models.map((m) => m.id)]),
      [
        ["b", []],
        ["c", []],
        ["e", ["e3"]],
      ],
    );
    assert.deepEqual(
      s.steps.map((x) => x.index),
      [0],
    );
    assert.deepEqual(stepOf(s, 0, "pile-in").moves, []);
  });
});

describe("scenario.schema: step kinds", () => {
  test("no kind key or two kind keys: on the item's first key", () => {
    const r = expectFindings(
      BASE +
        lines(
          "  - ⟦targets⟧: [squad]",
          "    to: {}",
          "  - ⟦pile-in⟧: squad",
          "    consolidate: squad",
          "  - ⟦fight⟧: squad",
          "    pile-in: transport",
          "  - ⟦{}⟧",
        ),
      Array<Code>(4).fill("scenario.schema"),
    );
    assert.deepEqual(r.scenario!.steps, []);
  });

  test("a fight's pile-in block is not a second kind key", () => {
    const r = expectFindings(BASE + lines("  - pile-in:", "      to: { q1: [1, 1] }", "    fight: squad"), []);
    const fight = stepOf(r.scenario!, 0, "fight");
    assert.equal(slice(r.text, fight.head), "pile-in:\n      to: { q1: [1, 1] }");
    assert.equal(fight.pileIn?.moves.length, 1);
  });
});

describe("players and turn", () => {
  test("a third player goes on its value; the unit is left out quietly", () => {
    const r = expectFindings(
      BASE.replace("steps:\n", "") +
        lines("  extra:", "    player: ⟦green⟧", "    base: 25", "    models: { g1: [1, 1] }", "steps:", "  - fight: extra", "  - remove: [g1]"),
      ["scenario.schema"],
    );
    assert.deepEqual(r.scenario!.players, ["red", "blue"]);
    assert.deepEqual(
      r.scenario!.units.map((u) => u.id),
      ["squad", "transport"],
    );
    assert.deepEqual(
      r.scenario!.steps.map((x) => x.kind),
      ["remove"],
    );
    assert.deepEqual(stepOf(r.scenario!, 1, "remove").models, []);
  });

  test("turn not among the players goes on the turn value, and there is no scenario", () => {
    const r = expectFindings(BASE.replace("turn: red", "turn: ⟦green⟧"), ["scenario.schema"]);
    assert.equal(r.scenario, undefined);
    assert.match(r.problems[0].message, /'green'.*'red' and 'blue'/);
  });
});

describe("scenario.unknown-ref: on the id, and the unusable part is left out", () => {
  test("unit refs in steps, targets and charged; model refs in to: and remove; objective refs", () => {
    const r = expectFindings(
      BASE.replace("    player: red\n", "    player: red\n    charged: [⟦transprt⟧, transport]\n") +
        lines(
          "  - pile-in: ⟦ghost⟧",
          "    to: { ⟦zz⟧: [1, 1], q1: [2, 2] }",
          "  - fight: squad",
          "    targets: [⟦nobody⟧, transport]",
          "    pile-in: { targets: [⟦nobody⟧], to: { ⟦q9⟧: [1, 1], q2: [3, 3] } }",
          "  - remove: [q1, ⟦q7⟧]",
          "  - remove: ⟦q8⟧",
          "  - consolidate: squad",
          "    objective: ⟦beta⟧",
          "    to: { ⟦q0⟧: [1, 1] }",
        ),
      Array<Code>(10).fill("scenario.unknown-ref"),
    );
    assert.match(r.problems[0].message, /^unknown unit 'transprt'; did you mean 'transport'\?$/);
    assert.equal(r.problems[1].message, "unknown unit 'ghost'");
    assert.equal(r.problems[1].step, 0);
    const s = r.scenario!;
    assert.deepEqual(
      s.units[0].chargeTargets.map((x) => x.id),
      ["transport"],
    );
    assert.deepEqual(
      s.steps.map((x) => x.index),
      [1, 2, 3, 4],
    );
    const fight = stepOf(s, 1, "fight");
    assert.deepEqual(
      fight.targets?.refs.map((x) => x.id),
      ["transport"],
    );
    assert.equal(slice(r.text, fight.targets!.span), "targets: [nobody, transport]");
    assert.deepEqual(fight.pileIn?.targets?.refs, []);
    assert.deepEqual(
      fight.pileIn?.moves.map((m) => m.model.id),
      ["q2"],
    );
    assert.deepEqual(
      stepOf(s, 2, "remove").models.map((x) => x.id),
      ["q1"],
    );
    assert.deepEqual(stepOf(s, 3, "remove").models, []);
    const consolidate = stepOf(s, 4, "consolidate");
    assert.equal("objective" in consolidate, false);
    assert.deepEqual(consolidate.moves, []);
  });

  test("a model under to: that belongs to another unit, with that unit in the message", () => {
    const r = expectFindings(BASE + lines("  - pile-in: squad", "    to: { ⟦t1⟧: [1, 1], q1: [2, 2] }"), ["scenario.unknown-ref"]);
    assert.equal(r.problems[0].message, "model 't1' belongs to unit 'transport', not to 'squad'");
    assert.deepEqual(
      stepOf(r.scenario!, 0, "pile-in").moves.map((m) => m.model.id),
      ["q1"],
    );
  });

  test("objective ref that exists keeps its spans", () => {
    const text = BASE + lines("  - consolidate: squad", "    objective: alpha");
    const step = stepOf(clean(text), 0, "consolidate");
    assert.equal(slice(text, step.objective!.span), "alpha");
    assert.equal(slice(text, step.objective!.pairSpan), "objective: alpha");
  });
});

describe("scenario.duplicate-id: on the second definition's key; the first wins", () => {
  test("unit, model (same unit and across units), objective ids", () => {
    const r = expectFindings(
      lines(
        "scenario: t",
        "turn: red",
        "objectives: { alpha: [1, 1], ⟦alpha⟧: [2, 2] }",
        "units:",
        "  a:",
        "    player: red",
        "    base: 25",
        "    models:",
        "      m1: [1, 1]",
        "      ⟦m1⟧: [5, 5]",
        "  b:",
        "    player: blue",
        "    base: 25",
        "    models: { ⟦m1⟧: [6, 6], m2: [7, 7] }",
        "  ⟦a⟧:",
        "    player: blue",
        "    models: { m3: [8, 8] }",
      ),
      Array<Code>(4).fill("scenario.duplicate-id"),
    );
    assert.match(r.problems[2].message, /'m1' is already defined in unit 'a'/);
    // Each points at the first definition.
    assert.deepEqual(
      r.problems.map((p) => p.related.map((x) => [x.message, at(r.text, x.span)])),
      [
        [["the first definition", "3:15-3:20"]],
        [["the first definition", "9:7-9:9"]],
        [["the first definition", "9:7-9:9"]],
        [["the first definition", "5:3-5:4"]],
      ],
    );
    const s = r.scenario!;
    assert.deepEqual(
      s.objectives.map((o) => o.at),
      [{ x: 1, y: 1 }],
    );
    assert.deepEqual(
      s.units.map((u) => [u.id, u.player, u.models.map((m) => [m.id, m.at.x])]),
      [
        ["a", "red", [["m1", 1]]],
        ["b", "blue", [["m2", 7]]],
      ],
    );
  });

  test("a model listed twice in to:, a repeated step key, a repeated top-level key", () => {
    const r = expectFindings(
      BASE.replace("turn: red\n", "turn: red\n⟦turn⟧: blue\n") +
        lines("  - pile-in: squad", "    to: { q1: [1, 1], ⟦q1⟧: [2, 2] }", "    targets: [transport]", "    ⟦targets⟧: []"),
      Array<Code>(3).fill("scenario.duplicate-id"),
    );
    const s = r.scenario!;
    assert.equal(s.turn, "red");
    const step = stepOf(s, 0, "pile-in");
    assert.deepEqual(
      step.moves.map((m) => m.path),
      [[{ x: 1, y: 1 }]],
    );
    assert.deepEqual(
      step.targets?.refs.map((x) => x.id),
      ["transport"],
    );
  });
});

describe("yaml.syntax", () => {
  test("a YAML error is reported at its position, alone, without a scenario", () => {
    // yaml reports the unclosed list where the next line starts.
    const r = expectFindings(BASE.replace("turn: red\no", "turn: [red\n⟦o⟧") + lines("  - bogus: 1"), ["yaml.syntax"]);
    assert.equal(r.scenario, undefined);
  });

  test("every YAML error becomes one yaml.syntax problem at err.pos with its first line", () => {
    for (const text of ["a: [1, 2\nb: 3", "a: 1\n---\nb: 2\n", "a:\n\tb: 1\n", "a: 'x\n", "{ a: 1\n", "a: 1\n  b: 2\n", "- a\nb: 1\n"]) {
      const errors = parseDocument(text, { version: "1.2", prettyErrors: false, uniqueKeys: false }).errors;
      assert.ok(errors.length > 0, `expected a YAML error in ${JSON.stringify(text)}`);
      const { scenario, problems } = parseScenario(text);
      assert.equal(scenario, undefined);
      assert.deepEqual(
        problems.map((p) => [p.code, p.span.start, p.span.end, p.message]),
        errors
          .map((e) => ["yaml.syntax", Math.min(e.pos[0], text.length), Math.min(e.pos[1], text.length), e.message.split("\n")[0]])
          .sort((a, b) => Number(a[1]) - Number(b[1])),
      );
    }
  });

  test("exact ranges: an unclosed flow list; one at the very end is clamped to the text", () => {
    expectFindings("a: [1, 2\n⟦b⟧: 3", ["yaml.syntax"]);
    expectFindings("80 : [⟦⟧", ["yaml.syntax"]);
  });
});

describe("robustness", () => {
  test("an internal failure becomes one scenario.schema problem at offset 0", () => {
    const r = parseScenario(undefined as unknown as string);
    assert.equal(r.scenario, undefined);
    assert.deepEqual(
      r.problems.map((p) => [p.code, p.span.start, p.span.end]),
      [["scenario.schema", 0, 0]],
    );
    assert.match(r.problems[0].message, /^internal error/);
  });

  test("random garbage and mutated scenarios never throw, and the model never holds a dangling id", () => {
    let seed = 12345;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const alphabet = ":-[]{},#&*!|>'\"\n  \tabqxy0123456789.-_?%@`~";
    const pieces = EXAMPLE.split(/(?<=\n)/);
    for (let i = 0; i < 1500; i++) {
      let text: string;
      if (i % 3 === 0) {
        text = Array.from({ length: rand(200) }, () => alphabet[rand(alphabet.length)]).join("");
      } else {
        const chars = [...(i % 3 === 1 ? EXAMPLE : pieces.filter(() => rand(4) > 0).join(""))];
        for (let k = rand(6); k >= 0; k--) {
          const at = rand(chars.length + 1);
          const op = rand(3);
          if (op === 0) chars.splice(at, 1);
          else if (op === 1) chars.splice(at, 0, alphabet[rand(alphabet.length)]);
          else chars[at] = alphabet[rand(alphabet.length)];
        }
        text = chars.join("");
      }
      const r = parseScenario(text);
      for (const p of r.problems) {
        assert.ok(p.span.start >= 0 && p.span.start <= p.span.end && p.span.end <= text.length, `bad span in ${JSON.stringify(text)}`);
        assert.doesNotMatch(p.message, /internal error/, JSON.stringify(text));
      }
      if (r.scenario) assertNoDanglingIds(r.scenario);
    }
  });

  test("a 100 KB scenario costs little more than parsing the YAML", () => {
    let text = "scenario: big\nturn: red\nunits:\n";
    for (let u = 0; u < 100; u++) {
      text += `  unit${u}:\n    player: ${u % 2 ? "blue" : "red"}\n    keywords: [infantry]\n    base: 32\n    models:\n`;
      for (let m = 0; m < 20; m++) text += `      u${u}m${m}: [${u * 0.5}, ${m * 1.5}]\n`;
    }
    text += "steps:\n";
    for (let s = 0; s < 400; s++) {
      const u = s % 100;
      text += `  - pile-in: unit${u}\n    targets: [unit${(u + 1) % 100}]\n    to:\n      u${u}m0: [1.5, 1.0]\n      u${u}m1: [[1.0, 2.0], [1.5, 2.5]]\n`;
    }
    const options = { version: "1.2", keepSourceTokens: false, uniqueKeys: false, prettyErrors: false } as const;
    // Alternate the two and keep each one's fastest run: other processes on a shared machine
    // only ever add time, so the minimum is the steadiest measure.
    parseScenario(text);
    let yamlOnly = Infinity;
    let full = Infinity;
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      parseDocument(text, options);
      const t1 = performance.now();
      parseScenario(text);
      const t2 = performance.now();
      yamlOnly = Math.min(yamlOnly, t1 - t0);
      full = Math.min(full, t2 - t1);
    }
    const r = parseScenario(text);
    assert.deepEqual([r.problems.length, r.scenario?.units.length, r.scenario?.steps.length], [0, 100, 400]);
    // Measured about 1.05x; a walk that is not linear would be many times slower.
    assert.ok(full < yamlOnly * 2 + 20, `parseScenario ${full.toFixed(1)} ms vs parseDocument ${yamlOnly.toFixed(1)} ms`);
  });
});

/** The parser's promise to the engine: every id in the model refers to something in the model. */
function assertNoDanglingIds(s: Scenario): void {
  const units = new Map(s.units.map((u) => [u.id, u]));
  const modelUnit = new Map(s.units.flatMap((u) => u.models.map((m) => [m.id, u.id] as const)));
  const objectives = new Set(s.objectives.map((o) => o.id));
  assert.ok(s.players.includes(s.turn));
  for (const u of s.units) {
    assert.ok(s.players.includes(u.player));
    for (const r of u.chargeTargets) assert.ok(units.has(r.id));
  }
  for (const step of s.steps) {
    if (step.kind === "phase") continue;
    if (step.kind === "remove") {
      for (const r of step.models) assert.ok(modelUnit.has(r.id));
      continue;
    }
    assert.ok(units.has(step.unit.id));
    const nested = step.kind === "fight" ? [step.pileIn, step.consolidate] : [];
    const moves = step.kind === "fight" ? nested.flatMap((n) => n?.moves ?? []) : step.moves;
    for (const m of moves) assert.equal(modelUnit.get(m.model.id), step.unit.id);
    const own = step.kind === "move" ? [] : (step.targets?.refs ?? []);
    const targets = [...own, ...nested.flatMap((n) => n?.targets?.refs ?? [])];
    for (const r of targets) assert.ok(units.has(r.id));
    const objective = step.kind === "consolidate" ? step.objective : step.kind === "fight" ? step.consolidate?.objective : undefined;
    if (objective) assert.ok(objectives.has(objective.id));
  }
}
