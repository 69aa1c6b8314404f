// Checking the scenario blocks of a Markdown document: problems (and their related locations)
// land on the document's lines and columns; `illegal` blocks turn findings into expectations.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { analyzeMarkdown } from "../../../shared/markdown/index";

const FIXTURES = join(__dirname, "..", "..", "..", "..", "test", "fixtures", "markdown");
const read = (name: string) => readFileSync(join(FIXTURES, name), "utf8");

/** Each problem as code, severity, 1-based line:col-line:col and message. */
function placed(markdown: string, options = {}) {
  const a = analyzeMarkdown(markdown, options);
  return a.problems.map((p) => {
    const s = a.lines.lineCol(p.span.start);
    const e = a.lines.lineCol(p.span.end);
    return { code: p.code, severity: p.severity, at: `${s.line}:${s.column}-${e.line}:${e.column}`, message: p.message };
  });
}

test("three blocks, the second (indented ~~~~ fence) too far: one error at its Markdown line and column", () => {
  const a = analyzeMarkdown(read("three-boards.md"));
  assert.equal(a.blocks.length, 3);
  assert.deepEqual(
    a.blocks.map((b) => [b.block.index, b.block.lang, b.block.fenceLine + 1, b.analysis.scenario?.title, b.problems.length]),
    [
      [1, "ruleboard", 5, "A legal normal move", 0],
      [2, "ruleboard", 30, "A normal move too far", 1],
      [3, "scenario", 53, "An advance", 0],
    ],
  );
  assert.deepEqual(placed(read("three-boards.md")), [
    { code: "move.too-far", severity: "error", at: "48:9-48:21", message: 'this normal move moves a1 6.5", the limit is 6" (11e 09.05)' },
  ]);
  // The block's own analysis is in block coordinates: line 18, column 7 of the block's text.
  const own = a.blocks[1].analysis;
  assert.deepEqual(own.lines.lineCol(own.problems[0].span.start), { line: 18, column: 7 });
});

test("options reach every block (--rules)", () => {
  // Under 10e the same moves are checked with 10e's rule names.
  const found = placed(read("three-boards.md"), { rules: "10e" }).filter((p) => p.code === "move.too-far");
  assert.equal(found.length, 1);
  assert.equal(found[0].at, "48:9-48:21");
  assert.match(found[0].message, /\(10e /);
});

test("illegal blocks: findings become expected information; a block breaking nothing is expect.unmet on its fence line", () => {
  assert.deepEqual(placed(read("illegal.md")), [
    { code: "move.too-far", severity: "info", at: "22:7-22:19", message: 'expected: this normal move moves a1 6.5", the limit is 6" (11e 09.05)' },
    { code: "expect.unmet", severity: "error", at: "27:1-27:23", message: "this block is marked illegal but breaks no rule" },
  ]);
});

test("an illegal block that cannot be read keeps its errors: it shows no board", () => {
  const md = "Intro\n\n```ruleboard illegal\nscenario: [unclosed\n```\n";
  // The unclosed sequence is found at the end of the block's text: the closing fence's line.
  assert.deepEqual(placed(md), [
    { code: "yaml.syntax", severity: "error", at: "5:1-5:1", message: "Flow sequence in block collection must be sufficiently indented and end with a ]" },
  ]);
});

test("related locations move with the problem (duplicate id in a fence indented by 3 spaces)", () => {
  const block = [
    "scenario: Duplicate",
    "rules: 11e",
    "turn: red",
    "units:",
    "  a:",
    "    player: red",
    "    base: 32",
    "    models:",
    "      m1: [5, 5]",
    "  b:",
    "    player: blue",
    "    base: 32",
    "    models:",
    "      m1: [15, 5]",
    "steps: []",
  ];
  const md = ["# Doc", "", "   ```ruleboard", ...block.map((l) => `   ${l}`), "   ```", ""].join("\n");
  const a = analyzeMarkdown(md);
  const dup = a.problems.filter((p) => p.code === "scenario.duplicate-id");
  assert.equal(dup.length, 1, JSON.stringify(a.problems));
  // Block lines 9 and 14 are document lines 12 and 17; the 3 spaces of the fence are kept in columns.
  assert.deepEqual(a.lines.lineCol(dup[0].span.start), { line: 17, column: 10 });
  assert.equal(dup[0].related.length, 1);
  assert.deepEqual(a.lines.lineCol(dup[0].related[0].span.start), { line: 12, column: 10 });
  assert.equal(md.slice(dup[0].related[0].span.start, dup[0].related[0].span.end), "m1");
});

test("a document without blocks has no problems; blocks without the words are not analysed", () => {
  const a = analyzeMarkdown("# Only text\n\n```yaml\nscenario: [unclosed\n```\n");
  assert.deepEqual({ blocks: a.blocks.length, problems: a.problems.length }, { blocks: 0, problems: 0 });
});
