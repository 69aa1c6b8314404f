// Bounded work for any input: values beyond any table are findings on their line, documents past
// the size and nesting limits are parsed only or not at all, and the renderer's output and work
// follow what is drawn, never the board's area.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { analyze } from "../../../shared/index";
import { boardFrame } from "../../../shared/engine/frame";
import { FULL_CHECK_LIMIT, NESTING_LIMIT, PARSE_LIMIT } from "../../../shared/model/limits";
import { readingOf, tooDeep } from "../../../shared/parse/text-limits";
import { renderBoard } from "../../../shared/render/index";
import { gridStep } from "../../../shared/render/board-layers";
import { intersects, LabelPlacer, type Rect } from "../../../shared/render/label-placer";
import { clipSegment } from "../../../shared/render/step-layers";
import { createRng } from "../../helpers/prng";

function found(text: string): string[] {
  const a = analyze(text);
  return a.problems.map((p) => {
    const { line, column } = a.lines.lineCol(p.span.start);
    return `${line}:${column} ${p.severity} ${p.code} ${p.message}`;
  });
}

const UNITS = `units:
  a: { player: red, base: 32, move: 6, models: { a1: [10, 10] } }
  b: { player: blue, base: 32, models: { b1: [20, 10] } }
`;

describe("values beyond any table", () => {
  test('a board side past 1000" is reported on that number and the default board is drawn', () => {
    const text = `scenario: t\nturn: red\nboard: [30, 20000000000000000]\n${UNITS}`;
    assert.deepEqual(found(text), [`3:13 error scenario.schema board: height '20000000000000000' is larger than any table allows (at most 1000")`]);
    const a = analyze(text);
    const svg = renderBoard(a.scenario!, boardFrame(a.scenario!, a.problems, undefined));
    assert.ok(svg.length < 20_000, `${svg.length} bytes`);
    assert.match(svg, /data-model="a1"/);
  });

  test('a coordinate past 1000" either way, a base past 1000 mm and a move past 1000" are reported on their value', () => {
    const text = `scenario: t
turn: red
board: [44, 30]
units:
  a: { player: red, base: 32, move: 1e9, models: { a1: [10, 1e16] } }
  b: { player: blue, base: 5000, models: { b1: [-1001, 10] } }
  c: { player: blue, base: 2000x30, models: { c1: [20, 20] } }
  d: { player: blue, base: 32, models: { d1: [1000, -1000] } }
`;
    assert.deepEqual(found(text), [
      `5:37 error scenario.schema move (the unit's M in inches) '1e9' is larger than any table allows (at most 1000")`,
      `5:61 error scenario.schema the position of 'a1': y '1e16' is larger than any table allows (at most 1000")`,
      `6:28 error scenario.schema a base diameter of '5000' mm is larger than any base (at most 1000 mm)`,
      `6:49 error scenario.schema the position of 'b1': x '-1001' is larger than any table allows (at most 1000")`,
      `7:28 error scenario.schema an oval base of '2000x30' mm is larger than any base (at most 1000 mm a side)`,
      // On the limit is allowed (and off this board).
      `8:42 error scenario.off-board d1 is 1000.63" off the 44" × 30" board`,
    ]);
  });

  test("a facing is kept as its remainder by 360, so 1e308 degrees is a finite angle", () => {
    const text = `scenario: t\nturn: red\nboard: [44, 30]\nunits:\n  a: { player: red, base: 60x35, models: { a1: { at: [10, 10], facing: 1e308 }, a2: { at: [20, 10], facing: 450 }, a3: { at: [30, 10], facing: -90 } } }\n`;
    const a = analyze(text);
    assert.deepEqual(a.problems, []);
    const facings = a.scenario!.units[0].models.map((m) => m.facing);
    assert.equal(facings[0], 1e308 % 360);
    assert.ok(Number.isFinite(facings[0]) && facings[0] >= 0 && facings[0] < 360);
    assert.deepEqual(facings.slice(1), [90, -90]);
    const svg = renderBoard(a.scenario!, boardFrame(a.scenario!, a.problems, undefined));
    assert.doesNotMatch(svg, /NaN|Infinity/);
  });

  test("YAML's not-a-number and infinity are named as such", () => {
    const text = `scenario: t\nturn: red\nboard: [44, .nan]\nunits:\n  a: { player: red, base: 32, models: { a1: [10, -.inf] } }\n`;
    assert.deepEqual(found(text), [
      "3:13 error scenario.schema board: height must be a finite number; '.nan' is YAML's not-a-number",
      "5:50 error scenario.schema the position of 'a1': y must be a finite number; '-.inf' is YAML's infinity",
    ]);
  });
});

describe("documents past the size and nesting limits", () => {
  const scenario = `scenario: t\nturn: red\nboard: [44, 30]\nbogus: 1\n${UNITS}`;

  test("up to the full-check limit the rules are checked", () => {
    const padded = scenario + "#".repeat(FULL_CHECK_LIMIT - scenario.length - 1) + "\n";
    assert.equal(padded.length, FULL_CHECK_LIMIT);
    assert.equal(readingOf(padded).kind, "full");
    assert.ok(analyze(padded).scenario);
  });

  test("past it, a warning on the first line, the YAML and key findings, no rules and no model", () => {
    const padded = scenario + "#".repeat(FULL_CHECK_LIMIT) + "\n";
    const a = analyze(padded);
    assert.equal(a.scenario, undefined);
    assert.deepEqual(
      a.problems.map((p) => [p.code, p.severity, a.lines.lineCol(p.span.start).line]),
      [
        ["scenario.too-large", "warning", 1],
        ["scenario.schema", "error", 4],
      ],
    );
    assert.equal(
      a.problems[0].message,
      "this document is 640 KB, larger than the 640 KB Ruleboard checks in full: its YAML and keys are checked, its rules are not",
    );
  });

  test("past the parse limit, one error and nothing parsed", () => {
    const huge = scenario + "#".repeat(PARSE_LIMIT) + "\n";
    assert.deepEqual(
      analyze(huge).problems.map((p) => [p.code, p.severity, p.span.start, p.message]),
      [["scenario.too-large", "error", 0, "this document is 1.0 MB, larger than the 1.0 MB Ruleboard reads; it is not checked"]],
    );
  });

  test("a flow collection nested past the limit is refused at the bracket that goes too deep", () => {
    const bomb = "a: " + "[".repeat(400_000);
    const a = analyze(bomb);
    assert.deepEqual(
      a.problems.map((p) => [p.code, p.span.start, p.span.end]),
      [["yaml.syntax", 3 + NESTING_LIMIT, 4 + NESTING_LIMIT]],
    );
    assert.match(a.problems[0].message, /^more than 64 \[ or \{ are open here/);
    // 64 deep is still read (and is a scenario.schema finding, not a refusal).
    assert.equal(tooDeep("a: " + "[".repeat(NESTING_LIMIT) + "]".repeat(NESTING_LIMIT)), undefined);
  });

  test("brackets in quoted text, comments, plain text and block scalars do not count", () => {
    const many = "[".repeat(200);
    for (const text of [
      `note: "${many}"\n`,
      `note: '${many}'\n`,
      `note: 'it''s ${many}'\n`,
      `note: "say \\" ${many}"\n`,
      `# ${many}\n`,
      `note: see ${many}\n`,
      `steps:\n  - note: x ${many}\n`,
      `a: [1, "${many}", '${many}'] # ${many}\n`,
    ]) {
      assert.equal(tooDeep(text), undefined, text);
    }
    assert.equal(tooDeep(`a: { b: [${many}`), 9 + NESTING_LIMIT - 2);
  });
});

describe("the renderer's work follows what is drawn", () => {
  test('the grid spacing fits the scale: 1" on ordinary boards, coarser on huge ones', () => {
    assert.equal(gridStep(24), 1);
    assert.equal(gridStep(8), 1);
    assert.equal(gridStep(7.9), 2);
    assert.equal(gridStep(4.096), 2);
    assert.equal(gridStep(0.01), 600);
  });

  test('a 1000" board is drawn at most 4096 px wide with a bounded grid', () => {
    const text = `scenario: t\nturn: red\nboard: [1000, 1000]\n${UNITS}`;
    const a = analyze(text);
    const svg = renderBoard(a.scenario!, boardFrame(a.scenario!, a.problems, undefined));
    const width = Number(/<svg [^>]*width="([\d.]+)"/.exec(svg)![1]);
    assert.ok(width <= 4096 + 40, `width ${width}`);
    const grid = /<g class="board">(.*?)<\/g>/.exec(svg)![1];
    const segments = (grid.match(/M[\d.]+ [\d.]+[VH]/g) ?? []).length;
    assert.equal(segments, 2 * 499, 'one line every 2" each way');
    assert.ok(svg.length < 64_000, `${svg.length} bytes`);
  });

  test("a move from far off the board draws one arrow and a bounded picture", () => {
    const text = `scenario: t\nturn: red\nphase: fight\nboard: [44, 30]\nunits:\n  a: { player: red, base: 32, models: { a1: [10, -1000] } }\n  b: { player: blue, base: 32, models: { b1: [12, 10] } }\nsteps:\n  - pile-in: a\n    to: { a1: [10, 10] }\n`;
    const a = analyze(text);
    const svg = renderBoard(a.scenario!, boardFrame(a.scenario!, a.problems, 0));
    assert.equal((svg.match(/<g class="arrow"/g) ?? []).length, 1);
    assert.ok(svg.length < 20_000, `${svg.length} bytes`);
  });

  test("clipSegment keeps a segment inside unchanged and cuts one that leaves", () => {
    const box = { x: 0, y: 0, w: 100, h: 50 };
    assert.deepEqual(clipSegment([10, 10], [90, 40], box), [
      [10, 10],
      [90, 40],
    ]);
    assert.deepEqual(clipSegment([50, -1e6], [50, 25], box), [
      [50, 0],
      [50, 25],
    ]);
    assert.deepEqual(clipSegment([-10, 60], [110, 60], box), undefined);
    assert.deepEqual(clipSegment([-50, 25], [150, 25], box), [
      [0, 25],
      [100, 25],
    ]);
  });

  test("the grid-backed placer picks exactly what testing every taken box would", () => {
    const rng = createRng(20261201);
    const bounds = { x: 0, y: 0, w: 800, h: 600 };
    const placer = new LabelPlacer(bounds);
    const naive: Rect[] = [];
    const box = (): Rect => ({ x: rng() * 900 - 50, y: rng() * 700 - 50, w: 1 + rng() * (rng() < 0.05 ? 3000 : 60), h: 1 + rng() * 30 });
    for (let i = 0; i < 2000; i++) {
      if (rng() < 0.5) {
        const r = box();
        placer.reserve(r);
        naive.push(r);
        continue;
      }
      const candidates = [box(), box(), box(), box()];
      const free = candidates.filter((c) => !naive.some((t) => intersects(c, t)));
      const inside = free.filter((c) => c.x >= 0 && c.y >= 0 && c.x + c.w <= 800 && c.y + c.h <= 600);
      const expected = inside[0] ?? free[0] ?? candidates[0];
      naive.push(expected);
      assert.equal(placer.place(candidates), expected, `placement ${i}`);
    }
  });
});
