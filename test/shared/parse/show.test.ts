// `show:` annotations: read on the scenario and on a step, ids checked, bad values and unknown ids
// reported on their own lines and left out.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseScenario } from "../../../shared/parse/parse-scenario";

const BASE = `scenario: Show
turn: red
objectives:
  alpha: [20, 10]
units:
  a:
    player: red
    base: 32
    models:
      a1: [10, 10]
      a2: [10, 11.5]
  b:
    player: blue
    base: 32
    models:
      b1: [14, 10]
`;

function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split("\n").length;
}

test("show: on the scenario and on a step, every kind of annotation", () => {
  const text = `${BASE}show:
  measure: [[a1, b1], [a2, alpha]]
  engagement: all
  coherency: [a]
  rings: [{ around: a1, radius: 6 }]
  callouts:
    1: { at: a1, text: "the closest model" }
    2: { at: [12, 12], text: a point }
steps:
  - pile-in: a
    to: { a1: [11, 10] }
    show:
      region: a1
      engagement: b
`;
  const { scenario, problems } = parseScenario(text);
  assert.deepEqual(problems, []);
  const show = scenario!.show!;
  assert.deepEqual(
    show.measure.map((m) => [m.from.id, m.to.id]),
    [
      ["a1", "b1"],
      ["a2", "alpha"],
    ],
  );
  assert.deepEqual(show.engagement && "all" in show.engagement && show.engagement.all, true);
  assert.deepEqual(show.coherency && !show.coherency.all && show.coherency.units.map((u) => u.id), ["a"]);
  assert.deepEqual(
    show.rings.map((r) => [r.around.id, r.radius]),
    [["a1", 6]],
  );
  assert.deepEqual(
    show.callouts.map((c) => [c.label, "id" in c.at ? c.at.id : [c.at.x, c.at.y], c.text]),
    [
      ["1", "a1", "the closest model"],
      ["2", [12, 12], "a point"],
    ],
  );
  const step = scenario!.steps[0].show!;
  assert.equal(step.region?.id, "a1");
  assert.deepEqual(step.engagement && !step.engagement.all && step.engagement.units.map((u) => u.id), ["b"]);
});

test("unknown ids and bad values in show: are findings on their lines, and those entries are left out", () => {
  const text = `${BASE}show:
  measure: [[a1, zz], [a1], [a2, b1]]
  engagement: [a, nobody]
  rings: [{ around: a1, radius: -2 }, { around: a1 }]
  region: b9
  callouts:
    1: { at: a1 }
  colour: red
`;
  const { scenario, problems } = parseScenario(text);
  const at = problems.map((p) => [p.code, lineOf(text, p.span.start), p.message]);
  assert.deepEqual(at, [
    ["scenario.unknown-ref", 18, "unknown model or objective 'zz'"],
    ["scenario.schema", 18, "a ruler is a pair of ids like [a1, b2] (a model, then a model or an objective), got a list"],
    ["scenario.unknown-ref", 19, "unknown unit 'nobody'"],
    ["scenario.schema", 20, "radius must be greater than 0, got '-2'"],
    ["scenario.schema", 20, "a ring needs around: (a model or an objective) and radius: (inches)"],
    ["scenario.unknown-ref", 21, "unknown model 'b9'; did you mean 'b1'?"],
    ["scenario.schema", 23, "callout 1 needs at: (a model, an objective or [x, y]) and text:"],
    ["scenario.schema", 24, "unknown key 'colour' in show; expected one of: measure, engagement, coherency, rings, region, callouts"],
  ]);
  const show = scenario!.show!;
  assert.deepEqual(
    show.measure.map((m) => [m.from.id, m.to.id]),
    [["a2", "b1"]],
  );
  assert.deepEqual(show.engagement && !show.engagement.all && show.engagement.units.map((u) => u.id), ["a"]);
  assert.deepEqual(show.rings, []);
  assert.equal(show.region, undefined);
  assert.deepEqual(show.callouts, []);
});

test("view: auto, board or a window; bad values are findings on the value", () => {
  assert.equal(parseScenario(`${BASE}view: auto\n`).scenario?.view, "auto");
  assert.equal(parseScenario(`${BASE}view: board\n`).scenario?.view, "board");
  assert.deepEqual(parseScenario(`${BASE}view: [4, 5, 12, 8]\n`).scenario?.view, [4, 5, 12, 8]);
  for (const [value, message] of [
    ["zoomed", "view must be auto, board or a window [x, y, w, h] in inches, got the text 'zoomed'"],
    ["[1, 2, 3]", "a view window is [x, y, w, h] (four numbers in inches), got 3 values"],
    ["[1, 2, 0, 4]", "a view window's width and height must be greater than 0"],
  ]) {
    const text = `${BASE}view: ${value}\n`;
    const { scenario, problems } = parseScenario(text);
    assert.deepEqual(
      problems.map((p) => [p.code, lineOf(text, p.span.start), p.message]),
      [["scenario.schema", 17, message]],
      value,
    );
    assert.equal(scenario?.view, undefined);
  }
});
