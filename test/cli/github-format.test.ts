// `check --format github` (GitHub Actions workflow commands, one per finding, escaped as GitHub's
// toolkit escapes them) asserted line by line, and `--max-warnings N` with its exit statuses.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { escapeData, escapeProperty, formatGithubLines } from "../../cli/output/format-github";
import type { FileReport } from "../../cli/output/report";
import { cliSandbox, ROOT, runCli } from "../helpers/cli";

const { dir: TMP, run, write } = cliSandbox("ruleboard-cli-github-");
const REVIEW = fs.readFileSync(path.join(ROOT, "test", "fixtures", "sarif", "review.scenario.yaml"), "utf8");

test("check --format github: one workflow command per finding, error, warning and notice, then the summary", () => {
  const r = runCli(ROOT, "check", "--format", "github", "test/fixtures/sarif/review.scenario.yaml", "test/fixtures/sarif/chapter.md");
  assert.equal(r.code, 1);
  assert.equal(r.stderr, "");
  assert.deepEqual(r.stdout.split("\n"), [
    '::error file=test/fixtures/sarif/review.scenario.yaml,line=31,col=7,endLine=31,endColumn=20,title=move.too-far::this normal move moves a1 6.5", the limit is 6" (11e 09.05)',
    '::warning file=test/fixtures/sarif/review.scenario.yaml,line=35,col=7,endLine=35,endColumn=23,title=move.too-far::this normal move moves e1 6.01", the limit is 6" (11e 09.05) — borderline, within the measuring tolerance',
    '::notice file=test/fixtures/sarif/review.scenario.yaml,line=39,col=7,endLine=39,endColumn=19,title=move.too-far::expected: this normal move moves f1 7", the limit is 6" (11e 09.05)',
    '::error file=test/fixtures/sarif/chapter.md,line=22,col=7,endLine=22,endColumn=19,title=move.too-far::this normal move moves a1 6.5", the limit is 6" (11e 09.05)',
    "4 problems (2 errors, 1 warning, 1 info) in 2 files",
    "",
  ]);
});

test("a folded consequence follows its cause's message on a line of its own, the line break escaped", () => {
  const r = runCli(ROOT, "check", "--format=github", "test/fixtures/sarif/folded.scenario.yaml");
  assert.deepEqual(r.stdout.split("\n"), [
    "::error file=test/fixtures/sarif/folded.scenario.yaml,line=27,col=5,endLine=27,endColumn=20,title=action.targets::" +
      'g is 13.24" from e; charge targets must be within 12" and within the charge\'s maximum distance (12") (11e 11.04)' +
      '%0Aalso: engagement.required  e must end its charge move engaged (within 2") with every charge target: g is 9.5" away (11e 11.04) (26:5)',
    "1 problem (1 error, 0 warnings, 0 info) in 1 file",
    "",
  ]);
});

test("a file name with a comma, a colon or a percent sign is escaped in the file property", () => {
  write("a,b:c%d.scenario.yaml", REVIEW);
  const r = run("check", "--format", "github", "--quiet", ".");
  assert.deepEqual(r.stdout.split("\n"), [
    '::error file=a%2Cb%3Ac%25d.scenario.yaml,line=31,col=7,endLine=31,endColumn=20,title=move.too-far::this normal move moves a1 6.5", the limit is 6" (11e 09.05)',
    "1 problem (1 error, 0 warnings, 0 info) in 1 file",
    "",
  ]);
});

test("escaping, each special character: % CR LF in the message; and : , too in a property", () => {
  assert.equal(escapeData("100%"), "100%25");
  assert.equal(escapeData("a\rb"), "a%0Db");
  assert.equal(escapeData("a\nb"), "a%0Ab");
  assert.equal(escapeData("a\r\nb"), "a%0D%0Ab");
  assert.equal(escapeData("a: b, c"), "a: b, c"); // the message may hold : and ,
  assert.equal(escapeData("%0A"), "%250A"); // % first: an escape is never read back as a line break
  assert.equal(escapeProperty("a:b"), "a%3Ab");
  assert.equal(escapeProperty("a,b"), "a%2Cb");
  assert.equal(escapeProperty("50%"), "50%25");
  assert.equal(escapeProperty("x\ry\nz"), "x%0Dy%0Az");
  assert.equal(escapeProperty("%3A"), "%253A");
  // Through the formatter: nothing the message holds can end the command or start another one.
  const report: FileReport = {
    filePath: path.join(TMP, "dir", "a:b,c.md"),
    messages: [
      { code: "move.too-far", severity: "error", message: "100% off\r\n::error::forged", line: 3, column: 1, endLine: 4, endColumn: 2 },
      { code: "coherency.broken", severity: "warning", message: "a: b, c", line: 5, column: 2, endLine: 5, endColumn: 9 },
      { code: "expect.unmet", severity: "info", message: "x", line: 7, column: 1, endLine: 7, endColumn: 1 },
    ],
  };
  assert.deepEqual(formatGithubLines(report, TMP).split("\n"), [
    "::error file=dir/a%3Ab%2Cc.md,line=3,col=1,endLine=4,endColumn=2,title=move.too-far::100%25 off%0D%0A::error::forged",
    "::warning file=dir/a%3Ab%2Cc.md,line=5,col=2,endLine=5,endColumn=9,title=coherency.broken::a: b, c",
    "::notice file=dir/a%3Ab%2Cc.md,line=7,col=1,endLine=7,endColumn=1,title=expect.unmet::x",
    "",
  ]);
  assert.equal(formatGithubLines({ filePath: path.join(TMP, "clean.scenario.yaml"), messages: [] }, TMP), "");
});

test("--max-warnings N: exit 1 when the warnings are more than N, even without errors; at N or fewer, 0", () => {
  // Only the warning: the error and the expected violation are taken out of the fixture.
  const warningOnly = REVIEW.replace("a1: [11.5, 3]", "a1: [10, 3]")
    .replace(/\n {4}illegal: \[move\.too-far\]\n/, "\n")
    .replace("f1: [12, 15]", "f1: [10, 15]");
  write("w/one-warning.scenario.yaml", warningOnly);
  assert.equal(
    run("check", "w").stdout,
    'w/one-warning.scenario.yaml:35:7  warning  this normal move moves e1 6.01", the limit is 6" (11e 09.05) — borderline, within the measuring tolerance  move.too-far\n1 problem (0 errors, 1 warning, 0 info) in 1 file\n',
  );
  assert.equal(run("check", "w").code, 0, "warnings alone pass without the option");
  assert.deepEqual(run("check", "w", "--max-warnings", "1"), { code: 0, stdout: run("check", "w").stdout, stderr: "" });
  const over = run("check", "w", "--max-warnings", "0");
  assert.equal(over.code, 1);
  assert.equal(over.stdout, run("check", "w").stdout);
  assert.equal(over.stderr, "ruleboard: too many warnings (1; --max-warnings 0)\n");
  // Warnings hidden by --quiet still count; the reason on stderr says how many there were.
  assert.deepEqual(run("check", "w", "--quiet", "--max-warnings=0"), {
    code: 1,
    stdout: "No problems in 1 file.\n",
    stderr: "ruleboard: too many warnings (1; --max-warnings 0)\n",
  });
  // Every format: the exit status does not depend on how the findings are printed.
  for (const format of ["json", "sarif", "github"]) {
    assert.equal(run("check", "w", "--format", format, "--max-warnings", "0").code, 1, format);
    assert.equal(run("check", "w", "--format", format, "--max-warnings", "1").code, 0, format);
  }
  // Information (an expected violation) is not a warning.
  write("i/info.scenario.yaml", REVIEW.replace("a1: [11.5, 3]", "a1: [10, 3]").replace("e1: [11.005, 26]", "e1: [10, 26]"));
  const info = run("check", "i", "--max-warnings", "0");
  assert.equal(info.code, 0);
  assert.match(info.stdout, /1 problem \(0 errors, 0 warnings, 1 info\)/);
  // Errors are exit 1 whatever --max-warnings allows, with no word about warnings.
  write("e/review.scenario.yaml", REVIEW);
  assert.deepEqual([run("check", "e", "--max-warnings", "5").code, run("check", "e", "--max-warnings", "5").stderr], [1, ""]);
  // An unreadable file is 2, before any count.
  assert.equal(run("check", "w", "missing.scenario.yaml", "--max-warnings", "0").code, 2);
});
