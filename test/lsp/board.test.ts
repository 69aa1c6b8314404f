// The custom `ruleboard/board` request behind the board preview: the picture of a step, drawn
// from the very analysis the diagnostics were published from.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { ErrorCodes } from "vscode-languageserver-protocol/node";
import type { Diagnostic } from "vscode-languageserver-protocol/node";
import type { BoardResult } from "../../shared/protocol/messages";
import { LspServer, scenarioUri } from "./harness";
import { MISSED_ENGAGEMENT, positionOf, UNCLOSED } from "./fixtures";
import { twoSteps } from "../helpers/compare-scenarios";

let server: LspServer;

before(async () => {
  ({ server } = await LspServer.start());
});
after(() => server?.dispose());

/** Two steps: a1 piles in 1" right, then b1 is removed. */
const TWO_STEPS = twoSteps("Two steps");

const SEVERITY = { error: 1, warning: 2, info: 3 } as const;

function asDiagnostics(text: string, result: BoardResult): Partial<Diagnostic>[] {
  return result.problems.map((p) => ({
    code: p.code,
    severity: SEVERITY[p.severity],
    message: p.message,
    range: { start: positionOf(text, p.span.start), end: positionOf(text, p.span.end) },
  }));
}

async function board(uri: string, params: object = {}): Promise<BoardResult> {
  const result = await server.request<BoardResult | null>("ruleboard/board", { uri, ...params });
  assert.ok(result !== null, "the document is open");
  return result;
}

test("the board after a step: its positions, its moves, its note, the step spans and the picture", async () => {
  const uri = scenarioUri("board-two-steps");
  await server.open(uri, TWO_STEPS, 3);
  const first = TWO_STEPS.indexOf("  - pile-in");
  const second = TWO_STEPS.indexOf("  - remove");
  const result = await board(uri, { step: 0 });
  assert.equal(result.version, 3);
  assert.equal(result.parsed, true);
  assert.equal(result.title, "Two steps");
  assert.equal(result.stepCount, 2);
  assert.equal(result.step, 0);
  // Spans are the sequence items: from the item's key (after "- ") to its end.
  assert.deepEqual(
    result.steps.map((s) => [s.index, TWO_STEPS.slice(s.start, s.start + 8)]),
    [
      [0, "pile-in:"],
      [1, "remove: "],
    ],
  );
  assert.ok(result.steps[0].start === first + 4 && result.steps[0].end <= second + 4, JSON.stringify(result.steps));
  assert.deepEqual(
    result.frame?.models.map((m) => [m.id, m.at]),
    [
      ["a1", [11, 10]],
      ["b1", [13, 10]],
    ],
  );
  assert.deepEqual(result.frame?.moves, [{ id: "a1", from: [10, 10], path: [[11, 10]], distance: 1 }]);
  assert.equal(result.frame?.note, "Red piles in.");
  const svg = result.svg ?? "";
  assert.match(svg, /^<svg [^>]*data-step="0" data-theme="light"/);
  assert.match(svg, new RegExp(`<circle class="base" data-model="a1" data-unit="a" data-offset="${TWO_STEPS.indexOf("a1: [10, 10]")}"`));
  assert.match(svg, new RegExp(`<g class="arrow" data-model="a1" data-offset="${TWO_STEPS.indexOf("a1: [11, 10]")}"`));
  assert.match(svg, /<g class="caption" data-step="0"[^>]*><text[^>]*><tspan font-weight="bold">1\.<\/tspan> Red piles in\.<\/text>/);
});

test("the step: by index, clamped, the set-up, and from a cursor offset (which wins over step)", async () => {
  const uri = scenarioUri("board-steps");
  await server.open(uri, TWO_STEPS, 1);
  const setUp = await board(uri);
  assert.equal(setUp.step, null);
  assert.deepEqual(setUp.frame?.moves, []);
  assert.doesNotMatch(setUp.svg ?? "", /data-step=/);
  assert.equal((await board(uri, { step: 1 })).step, 1);
  assert.equal((await board(uri, { step: 7 })).step, 1, "past the end: the last step");
  assert.equal((await board(uri, { step: -1 })).step, null, "below the first: the set-up");
  const second = await board(uri, { step: 1 });
  assert.deepEqual(
    second.frame?.models.map((m) => m.id),
    ["a1"],
    "b1 is removed in step 2",
  );
  assert.equal((await board(uri, { at: TWO_STEPS.indexOf("a1: [10, 10]"), step: 1 })).step, null, "the cursor in the units: the set-up");
  assert.equal((await board(uri, { at: TWO_STEPS.indexOf("Red piles in") })).step, 0);
  assert.equal((await board(uri, { at: TWO_STEPS.indexOf("  - remove") })).step, 0, "the indent before '- remove' is still between the steps");
  assert.equal((await board(uri, { at: TWO_STEPS.indexOf("remove: [b1]") })).step, 1);
  assert.equal((await board(uri, { at: TWO_STEPS.length })).step, 1, "after the last step: the last step");
  assert.match((await board(uri, { step: 0, theme: "dark" })).svg ?? "", /^<svg [^>]*class="ruleboard-board theme-dark"/);
});

test("the problems are exactly those of the published diagnostics, and the frame holds the step's", async () => {
  const uri = scenarioUri("board-problems");
  await server.open(uri, MISSED_ENGAGEMENT, 5);
  const published = await server.diagnostics(uri, 5);
  const result = await board(uri, { step: 0 });
  assert.equal(result.version, 5);
  assert.ok(result.problems.length > 0, "a1 could have ended engaged");
  assert.deepEqual(
    published.diagnostics.map((d) => ({ code: d.code, severity: d.severity, message: d.message, range: d.range })),
    asDiagnostics(MISSED_ENGAGEMENT, result),
  );
  assert.deepEqual(
    result.frame?.problems,
    result.problems.filter((p) => p.step === 0),
  );
  const witness = result.problems.find((p) => p.witness !== undefined);
  assert.ok(witness, "a 'could have' finding carries a witness");
  assert.match(result.svg ?? "", new RegExp(`data-problem="${witness.code.replace(/\./g, "\\.")}" data-offset="${witness.span.start}"`));
});

test("after a change the board is the new version's", async () => {
  const uri = scenarioUri("board-change");
  await server.open(uri, TWO_STEPS, 1);
  await server.change(uri, TWO_STEPS.replace("a1: [11, 10]", "a1: [11.5, 10]"), 2);
  const result = await board(uri, { step: 0 });
  assert.equal(result.version, 2);
  assert.deepEqual(result.frame?.moves[0].path, [[11.5, 10]]);
});

test("a text that does not parse: parsed false, no picture, the parse problems", async () => {
  const uri = scenarioUri("board-unclosed");
  await server.open(uri, UNCLOSED, 2);
  const published = await server.diagnostics(uri, 2);
  const result = await board(uri, { step: 0 });
  assert.deepEqual(
    { version: result.version, parsed: result.parsed, title: result.title, stepCount: result.stepCount, step: result.step, steps: result.steps },
    { version: 2, parsed: false, title: "", stepCount: 0, step: null, steps: [] },
  );
  assert.equal(result.svg, undefined);
  assert.equal(result.frame, undefined);
  assert.ok(result.problems.length > 0 && result.problems.every((p) => p.severity === "error"));
  assert.deepEqual(
    published.diagnostics.map((d) => d.code),
    result.problems.map((p) => p.code),
  );
});

test("hostile strings reach the picture only as escaped text", async () => {
  const hostile = `scenario: "<script>alert('title')</script>"
rules: 11e
board: [30, 20]
turn: red
units:
  a:
    player: red
    name: "Squad\\"><svg onload=alert('name')>"
    base: 32
    models:
      a1: [10, 10]
  b:
    player: blue
    name: "<image href=\\"http://127.0.0.1:9/evil.png\\"/>"
    base: 32
    models:
      b1: [20, 10]
steps:
  - pile-in: a
    to: { a1: [10.5, 10] }
    note: "</text><script>alert('note')</script><image href='http://127.0.0.1:9/x.png' onload='alert(1)'/>"
`;
  const uri = scenarioUri("board-hostile");
  await server.open(uri, hostile, 1);
  const svg = (await board(uri, { step: 0 })).svg ?? "";
  // Only the renderer's own elements: nothing that runs or loads.
  const names = new Set([...svg.matchAll(/<([a-zA-Z][\w:-]*)/g)].map((m) => m[1]));
  assert.deepEqual(
    [...names].filter((n) => !["svg", "title", "rect", "g", "path", "circle", "text", "tspan", "polyline", "polygon", "line", "ellipse"].includes(n)),
    [],
  );
  // Every tag is `<name name="value" …>` (a `>` in text or a value is escaped), so this lists every attribute.
  const tags = [...svg.matchAll(/<[a-zA-Z][^>]*>/g)].map((m) => m[0]);
  const attributes = new Set(tags.flatMap((t) => [...t.matchAll(/\s([^\s="]+)="[^"]*"/g)].map((m) => m[1])));
  assert.deepEqual(
    [...attributes].filter((a) => /^on|href$|^src$|^style$/i.test(a)),
    [],
    "no handler, reference or style attribute",
  );
  assert.ok(
    tags.every((t) => /^<[\w:-]+(\s[^\s="]+="[^"]*")*\s*\/?>$/.test(t)),
    "every tag is well formed",
  );
  assert.ok(svg.includes("<title>&lt;script&gt;alert('title')&lt;/script&gt;</title>"), "the title is text");
  assert.ok(
    svg.includes("Squad&quot;&gt;&lt;svg onload=alert('name')&gt;") || svg.includes("Squad\"&gt;&lt;svg onload=alert('name')&gt;"),
    "the unit name is text",
  );
  assert.ok(svg.includes("&lt;/text&gt;&lt;script&gt;alert('note')&lt;/script&gt;&lt;image href='http://127.0.0.1:9/x.png'"), "the note is text");
});

test("malformed parameters are InvalidParams; a document that is not open is null", async () => {
  for (const params of [{}, { uri: 3 }, { uri: scenarioUri("x"), step: 1.5 }, { uri: scenarioUri("x"), at: -1 }, { uri: scenarioUri("x"), theme: "neon" }]) {
    await assert.rejects(
      server.request("ruleboard/board", params),
      (error: { code?: number }) => error.code === ErrorCodes.InvalidParams,
      JSON.stringify(params),
    );
  }
  assert.equal(await server.request("ruleboard/board", { uri: scenarioUri("never-opened") }), null);
});
