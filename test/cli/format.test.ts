// In-process tests of positioning, sorting, --quiet filtering and both output formats,
// on hand-made analyses so they do not depend on the parser or the engine.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as path from "node:path";
import type { Analysis, Code, Problem, Severity } from "../../shared/index";
// Straight from its module: the barrel would also load the engine, which these tests do not need.
import { LineIndex } from "../../shared/source/span";
import { formatJson, toJsonResults } from "../../cli/output/format-json";
import { formatTextLines, formatTextSummary } from "../../cli/output/format-text";
import { toFileReport } from "../../cli/output/report";

// Offsets: "abc\n" is 0-3, "defgh\n" is 4-9, "ij\n" is 10-12.
const TEXT = "abc\ndefgh\nij\n";

function p(code: Code, severity: Severity, start: number, end: number, message = `${code} here`): Problem {
  return { code, severity, message, span: { start, end }, related: [] };
}

function analysis(problems: Problem[]): Analysis {
  return { problems, lines: new LineIndex(TEXT) };
}

// Given out of order on purpose: the report sorts by start, then end.
const MIXED = analysis([
  p("move.too-far", "warning", 5, 8),
  p("expect.unmet", "info", 2, 11),
  p("scenario.schema", "error", 0, 3),
  p("yaml.syntax", "error", 0, 1),
]);

const FILE = path.join(path.sep, "work", "proj", "sub", "x.scenario.yaml");
const CWD = path.join(path.sep, "work", "proj");

test("report: sorted by position, 1-based, end column exclusive", () => {
  const report = toFileReport(FILE, MIXED, false);
  assert.equal(report.filePath, FILE);
  assert.deepEqual(report.messages, [
    { code: "yaml.syntax", severity: "error", message: "yaml.syntax here", line: 1, column: 1, endLine: 1, endColumn: 2 },
    { code: "scenario.schema", severity: "error", message: "scenario.schema here", line: 1, column: 1, endLine: 1, endColumn: 4 },
    { code: "expect.unmet", severity: "info", message: "expect.unmet here", line: 1, column: 3, endLine: 3, endColumn: 2 },
    { code: "move.too-far", severity: "warning", message: "move.too-far here", line: 2, column: 2, endLine: 2, endColumn: 5 },
  ]);
});

test("report: --quiet keeps errors only", () => {
  const report = toFileReport(FILE, MIXED, true);
  assert.deepEqual(
    report.messages.map((m) => m.code),
    ["yaml.syntax", "scenario.schema"],
  );
});

test("report: an empty span at the end of the text stays in range", () => {
  const report = toFileReport(FILE, analysis([p("yaml.syntax", "error", 13, 13)]), false);
  assert.deepEqual(report.messages[0], {
    code: "yaml.syntax",
    severity: "error",
    message: "yaml.syntax here",
    line: 4,
    column: 1,
    endLine: 4,
    endColumn: 1,
  });
});

test("json: ESLint-shaped results with numeric severities and counts", () => {
  const results = toJsonResults([toFileReport(FILE, MIXED, false), toFileReport(CWD, analysis([]), false)]);
  assert.deepEqual(results, [
    {
      filePath: FILE,
      messages: [
        { ruleId: "yaml.syntax", severity: 2, message: "yaml.syntax here", line: 1, column: 1, endLine: 1, endColumn: 2 },
        { ruleId: "scenario.schema", severity: 2, message: "scenario.schema here", line: 1, column: 1, endLine: 1, endColumn: 4 },
        { ruleId: "expect.unmet", severity: 0, message: "expect.unmet here", line: 1, column: 3, endLine: 3, endColumn: 2 },
        { ruleId: "move.too-far", severity: 1, message: "move.too-far here", line: 2, column: 2, endLine: 2, endColumn: 5 },
      ],
      errorCount: 2,
      warningCount: 1,
      infoCount: 1,
    },
    { filePath: CWD, messages: [], errorCount: 0, warningCount: 0, infoCount: 0 },
  ]);
  const text = formatJson([toFileReport(FILE, analysis([]), false)]);
  assert.equal(text, `[{"filePath":${JSON.stringify(FILE)},"messages":[],"errorCount":0,"warningCount":0,"infoCount":0}]\n`);
});

test("text: one line per problem, file relative to cwd", () => {
  const rel = path.join("sub", "x.scenario.yaml");
  assert.equal(
    formatTextLines(toFileReport(FILE, MIXED, false), CWD),
    [
      `${rel}:1:1  error  yaml.syntax here  yaml.syntax`,
      `${rel}:1:1  error  scenario.schema here  scenario.schema`,
      `${rel}:1:3  info  expect.unmet here  expect.unmet`,
      `${rel}:2:2  warning  move.too-far here  move.too-far`,
      "",
    ].join("\n"),
  );
  assert.equal(formatTextLines(toFileReport(FILE, analysis([]), false), CWD), "");
});

test("text: a multi-line message is folded onto its one line", () => {
  const report = toFileReport(FILE, analysis([p("yaml.syntax", "error", 4, 5, "Bad indent at line 2:\r\n\n  defgh\n")]), false);
  assert.equal(formatTextLines(report, path.dirname(FILE)), "x.scenario.yaml:2:1  error  Bad indent at line 2: defgh  yaml.syntax\n");
});

test("text: summary wording and plurals", () => {
  assert.equal(formatTextSummary({ errors: 2, warnings: 1, infos: 0 }, 4), "3 problems (2 errors, 1 warning, 0 info) in 4 files\n");
  assert.equal(formatTextSummary({ errors: 1, warnings: 0, infos: 0 }, 1), "1 problem (1 error, 0 warnings, 0 info) in 1 file\n");
  assert.equal(formatTextSummary({ errors: 0, warnings: 0, infos: 3 }, 2), "3 problems (0 errors, 0 warnings, 3 info) in 2 files\n");
  assert.equal(formatTextSummary({ errors: 0, warnings: 0, infos: 0 }, 4), "No problems in 4 files.\n");
  assert.equal(formatTextSummary({ errors: 0, warnings: 0, infos: 0 }, 1), "No problems in 1 file.\n");
});
