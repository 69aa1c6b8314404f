// `terrain:`: areas as polygons with their id spans, and every finding on a bad value with its
// exact code and range (ranges are marked ⟦…⟧ in the YAML).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { parseScenario } from "../../../shared/parse/parse-scenario";
import { lines, marked } from "../../helpers/marked";

/** A scenario head with one unit, so `turn:` is valid; `terrain` lines follow it. */
function scenario(...terrain: string[]): string {
  return lines("scenario: t", "turn: red", "units:", "  a: { player: red, base: 25, models: { m1: [1, 1] } }", ...terrain);
}

/** Parses marked text and asserts exactly these findings (code and range, in text order). */
function findings(source: string, codes: readonly string[]) {
  const { text, spans } = marked(source);
  const r = parseScenario(text);
  assert.deepEqual(
    r.problems.map((p) => [p.code, text.slice(p.span.start, p.span.end)]),
    codes.map((c, i) => [c, text.slice(spans[i].start, spans[i].end)]),
  );
  assert.deepEqual(
    r.problems.map((p) => p.span),
    spans,
  );
  return { text, r };
}

describe("terrain: values and spans", () => {
  test("flow and block areas, with and without kind, in writing order", () => {
    const { text, spans } = marked(
      scenario(
        "terrain:",
        "  ⟦ruin1⟧: { area: [[4, 3], [10, 3], [10, 6.5], [4, 8]], kind: ruin }",
        "  ⟦crater⟧:",
        "    area:",
        "      - [20, 10]",
        "      - [22.5, 12]",
        "      - [19, 13]",
      ),
    );
    const r = parseScenario(text);
    assert.deepEqual(r.problems, []);
    const t = r.scenario!.terrain;
    assert.deepEqual(t, [
      {
        id: "ruin1",
        span: spans[0],
        polygon: [
          { x: 4, y: 3 },
          { x: 10, y: 3 },
          { x: 10, y: 6.5 },
          { x: 4, y: 8 },
        ],
        kind: "ruin",
      },
      {
        id: "crater",
        span: spans[1],
        polygon: [
          { x: 20, y: 10 },
          { x: 22.5, y: 12 },
          { x: 19, y: 13 },
        ],
      },
    ]);
    assert.equal("kind" in t[1], false);
  });

  test("no terrain: key, or an empty one, gives no areas and no findings", () => {
    assert.deepEqual(parseScenario(scenario()).scenario!.terrain, []);
    const r = parseScenario(scenario("terrain:"));
    assert.deepEqual([r.problems, r.scenario!.terrain], [[], []]);
  });

  test("terrain: is a top-level key, named in the unknown-key list", () => {
    const { r } = findings(scenario("⟦terain⟧: {}"), ["scenario.schema"]);
    assert.equal(
      r.problems[0].message,
      "unknown key 'terain' at the top level; expected one of: scenario, description, rules, rulings, board, turn, phase, objectives, terrain, units, steps, show, view, weapons",
    );
  });
});

describe("terrain: findings", () => {
  test("fewer than three corners, a non-list area, a non-map value and a missing area", () => {
    const { r } = findings(
      scenario(
        "terrain:",
        "  two: { area: ⟦[[0, 0], [1, 1]]⟧ }",
        "  text: { area: ⟦big⟧ }",
        "  flat: ⟦[[0, 0], [1, 0], [1, 1]]⟧",
        "  ⟦bare⟧: { kind: ruin }",
        "  ok: { area: [[0, 0], [1, 0], [1, 1]] }",
      ),
      ["scenario.schema", "scenario.schema", "scenario.schema", "scenario.schema"],
    );
    assert.deepEqual(
      r.problems.map((p) => p.message),
      [
        "area must be a list of at least 3 corners [[x, y], [x, y], [x, y], …] in inches, got a list of 2",
        "area must be a list of at least 3 corners [[x, y], [x, y], [x, y], …] in inches, got the text 'big'",
        "terrain 'flat' must be a map like { area: [[x, y], [x, y], [x, y]], kind: ruin }, got a list",
        "terrain 'bare' has no area: [[x, y], …]",
      ],
    );
    // Only the usable area is kept.
    assert.deepEqual(
      r.scenario!.terrain.map((t) => t.id),
      ["ok"],
    );
  });

  test("a corner that is not [x, y], or not finite numbers: the finding is on that corner or coordinate", () => {
    const { r } = findings(
      scenario(
        "terrain:",
        "  a1: { area: [[0, 0], ⟦[1]⟧, [1, 1]] }",
        "  a2: { area: [[0, 0], [⟦x⟧, 0], [1, 1]] }",
        "  a3: { area: [[0, 0], [1, ⟦.inf⟧], [1, 1]] }",
      ),
      ["scenario.schema", "scenario.schema", "scenario.schema"],
    );
    assert.deepEqual(
      r.problems.map((p) => p.message),
      [
        "corner 2 of area must be [x, y] in inches, got a list of 1",
        "corner 2 of area: x must be a number, got the text 'x'",
        "corner 2 of area: y must be a finite number; '.inf' is YAML's infinity",
      ],
    );
    assert.deepEqual(r.scenario!.terrain, []);
  });

  test("unknown keys, a bad kind, and a terrain: that is not a map", () => {
    const a = findings(scenario("terrain:", "  r: { area: [[0, 0], [1, 0], [1, 1]], ⟦height⟧: 3, kind: ⟦[ruin]⟧ }"), ["scenario.schema", "scenario.schema"]);
    assert.deepEqual(
      a.r.problems.map((p) => p.message),
      ["unknown key 'height' in terrain 'r'; expected one of: area, kind", "kind must be text, got a list"],
    );
    assert.deepEqual(a.r.scenario!.terrain, []);
    const b = findings(scenario("terrain: ⟦[ruin]⟧"), ["scenario.schema"]);
    assert.equal(b.r.problems[0].message, "terrain must be a map of terrain ids to { area: [[x, y], …], kind }, got a list");
  });

  test("a terrain id written twice is scenario.duplicate-id on the second key, pointing at the first; the first wins", () => {
    const { text, r } = findings(scenario("terrain:", "  ruin: { area: [[0, 0], [1, 0], [1, 1]] }", "  ⟦ruin⟧: { area: [[5, 5], [6, 5], [6, 6]] }"), [
      "scenario.duplicate-id",
    ]);
    assert.equal(r.problems[0].message, "terrain id 'ruin' is defined twice; the first one is used");
    const first = text.indexOf("ruin:");
    assert.deepEqual(r.problems[0].related, [{ message: "the first definition", span: { start: first, end: first + 4 } }]);
    assert.deepEqual(
      r.scenario!.terrain.map((t) => t.polygon[0]),
      [{ x: 0, y: 0 }],
    );
  });

  test("terrain: written twice at the top level: the repeat is a duplicate key and the first is read", () => {
    const { r } = findings(scenario("terrain: { a: { area: [[0, 0], [1, 0], [1, 1]] } }", "⟦terrain⟧: { b: { area: [[0, 0], [1, 0], [1, 1]] } }"), [
      "scenario.duplicate-id",
    ]);
    assert.deepEqual(
      r.scenario!.terrain.map((t) => t.id),
      ["a"],
    );
  });
});
