// Runs the built CLI on real files: exit codes, JSON and text output, --quiet, --rules,
// and folder search. Problem content comes from the YAML/schema layer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { BIN, cliSandbox, runCli } from "../helpers/cli";
import { BOGUS_KEY, MINIMAL, UNCLOSED } from "../helpers/scenarios";

const { dir: TMP, run, write } = cliSandbox("ruleboard-cli-check-");

interface JsonMessage {
  ruleId: string;
  severity: number;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}
interface JsonResult {
  filePath: string;
  messages: JsonMessage[];
  errorCount: number;
  warningCount: number;
}

function runJson(...args: string[]): { code: number | null; results: JsonResult[]; stderr: string } {
  const r = run(...args, "--format", "json");
  return { code: r.code, results: JSON.parse(r.stdout) as JsonResult[], stderr: r.stderr };
}

const minimalPath = write("minimal.scenario.yaml", MINIMAL);
const bogusPath = write("bogus.scenario.yaml", BOGUS_KEY);
const unclosedPath = write("unclosed.scenario.yaml", UNCLOSED);

test("a valid file: exit 0, no problems", () => {
  assert.deepEqual(run("check", "minimal.scenario.yaml"), { code: 0, stdout: "No problems in 1 file.\n", stderr: "" });
  const r = runJson("check", "minimal.scenario.yaml");
  assert.equal(r.code, 0);
  assert.deepEqual(r.results, [{ filePath: minimalPath, messages: [], errorCount: 0, warningCount: 0, infoCount: 0 }]);
});

test("yaml's debug switches in the environment change no byte of the report", () => {
  // yaml's Node build console.logs every token when LOG_TOKENS is set (every document with
  // LOG_STREAM): the bundle takes its browser build, the same parser without them (esbuild.mjs).
  const withSwitches = (format: string) =>
    spawnSync(process.execPath, [BIN, "check", "bogus.scenario.yaml", "--format", format], {
      cwd: TMP,
      encoding: "utf8",
      env: { ...process.env, LOG_TOKENS: "1", LOG_STREAM: "1" },
    });
  for (const format of ["json", "text"]) {
    const plain = run("check", "bogus.scenario.yaml", "--format", format);
    const switched = withSwitches(format);
    assert.deepEqual({ code: switched.status, stdout: switched.stdout, stderr: switched.stderr }, plain, format);
  }
});

test("json: an unknown key is scenario.schema at 3:1-3:6", () => {
  const r = runJson("check", "bogus.scenario.yaml");
  assert.equal(r.code, 1);
  assert.equal(r.stderr, "");
  assert.equal(r.results.length, 1);
  const [result] = r.results;
  assert.equal(result.filePath, bogusPath);
  assert.equal(result.messages.length, 1, JSON.stringify(result.messages));
  const [m] = result.messages;
  assert.equal(typeof m.message, "string");
  assert.ok(m.message.length > 0);
  assert.deepEqual(m, {
    ruleId: "scenario.schema",
    severity: 2,
    message: m.message,
    line: 3,
    column: 1,
    endLine: 3,
    endColumn: 6,
  });
  assert.deepEqual(result, { filePath: bogusPath, messages: [m], errorCount: 1, warningCount: 0, infoCount: 0 });
});

test("text: the same problem as one line, then the summary", () => {
  const [m] = runJson("check", "bogus.scenario.yaml").results[0].messages;
  const r = run("check", "bogus.scenario.yaml");
  assert.equal(r.code, 1);
  assert.equal(r.stderr, "");
  assert.equal(r.stdout, `bogus.scenario.yaml:3:1  error  ${m.message}  scenario.schema\n1 problem (1 error, 0 warnings, 0 info) in 1 file\n`);
});

test("a YAML syntax error: exit 1, yaml.syntax on line 1", () => {
  const r = runJson("check", "unclosed.scenario.yaml");
  assert.equal(r.code, 1);
  const [result] = r.results;
  assert.equal(result.filePath, unclosedPath);
  assert.ok(result.messages.length >= 1);
  assert.equal(result.messages[0].ruleId, "yaml.syntax");
  assert.equal(result.messages[0].severity, 2);
  assert.equal(result.messages[0].line, 1);
  assert.equal(result.errorCount, result.messages.filter((m) => m.severity === 2).length);

  const text = run("check", "unclosed.scenario.yaml");
  assert.equal(text.code, 1);
  const first = result.messages[0];
  assert.ok(text.stdout.startsWith(`unclosed.scenario.yaml:1:${first.column}  error  `), text.stdout);
  assert.ok(text.stdout.split("\n")[0].endsWith("  yaml.syntax"), text.stdout);
});

test("several files: counts add up, one error anywhere makes exit 1", () => {
  const r = run("check", "minimal.scenario.yaml", "bogus.scenario.yaml");
  assert.equal(r.code, 1);
  const lines = r.stdout.split("\n");
  assert.equal(lines.length, 3, r.stdout);
  assert.match(lines[0], /^bogus\.scenario\.yaml:3:1  error  .+  scenario\.schema$/);
  assert.equal(lines[1], "1 problem (1 error, 0 warnings, 0 info) in 2 files");
  assert.equal(lines[2], "");
});

test("--quiet still reports errors and exits 1", () => {
  const r = run("check", "--quiet", "bogus.scenario.yaml");
  assert.equal(r.code, 1);
  assert.match(r.stdout, /^bogus\.scenario\.yaml:3:1  error  .+  scenario\.schema\n1 problem \(1 error, 0 warnings, 0 info\) in 1 file\n$/);
  assert.equal(runJson("check", "minimal.scenario.yaml", "--quiet").code, 0);
});

test("--rules names a known system; an unknown one is a usage error", () => {
  assert.deepEqual(run("check", "--rules", "11e", "minimal.scenario.yaml"), {
    code: 0,
    stdout: "No problems in 1 file.\n",
    stderr: "",
  });
  const r = run("check", "--rules=some-future-system", "minimal.scenario.yaml");
  assert.equal(r.code, 2);
  assert.equal(r.stdout, "");
  assert.match(r.stderr, /unknown rules system 'some-future-system' \(known: 11e, 10e\)/);
});

test("an explicitly named file is checked whatever its extension", () => {
  const txt = write("named/plain.txt", BOGUS_KEY);
  const r = runJson("check", "named/plain.txt");
  assert.equal(r.code, 1);
  assert.equal(r.results.length, 1);
  assert.equal(r.results[0].filePath, txt);
  assert.equal(r.results[0].messages[0].ruleId, "scenario.schema");
});

test("folders: recursive, both extensions, sorted, node_modules and dot-folders skipped", () => {
  write("tree/b.scenario.yaml", MINIMAL);
  write("tree/a.scenario.yml", MINIMAL);
  write("tree/sub/deeper/c.scenario.yaml", MINIMAL);
  write("tree/sub/a.scenario.yaml", MINIMAL);
  write("tree/notes.yaml", MINIMAL);
  write("tree/scenario.yaml", MINIMAL);
  write("tree/node_modules/pkg/x.scenario.yaml", UNCLOSED);
  write("tree/.git/x.scenario.yaml", UNCLOSED);
  write("tree/sub/.cache/x.scenario.yaml", UNCLOSED);
  write("tree/.dotfile.scenario.yaml", MINIMAL);

  const r = runJson("check", "tree");
  assert.equal(r.code, 0);
  assert.deepEqual(
    r.results.map((x) => path.relative(TMP, x.filePath).split(path.sep).join("/")),
    ["tree/.dotfile.scenario.yaml", "tree/a.scenario.yml", "tree/b.scenario.yaml", "tree/sub/a.scenario.yaml", "tree/sub/deeper/c.scenario.yaml"],
  );
  assert.deepEqual(run("check", "tree"), { code: 0, stdout: "No problems in 5 files.\n", stderr: "" });
});

test("operands keep their order; a file reached twice is checked once; `.` works", () => {
  write("order/z/one.scenario.yaml", MINIMAL);
  write("order/a/two.scenario.yaml", MINIMAL);
  const r = runJson("check", "order/z", "order/a", "order/z/one.scenario.yaml");
  assert.deepEqual(
    r.results.map((x) => path.relative(TMP, x.filePath).split(path.sep).join("/")),
    ["order/z/one.scenario.yaml", "order/a/two.scenario.yaml"],
  );
  const dot = runCli(path.join(TMP, "order"), "check", ".", "--format", "json");
  assert.equal(dot.code, 0);
  assert.deepEqual(
    (JSON.parse(dot.stdout) as JsonResult[]).map((x) => x.filePath),
    [path.join(TMP, "order", "a", "two.scenario.yaml"), path.join(TMP, "order", "z", "one.scenario.yaml")],
  );
});

test("a leading byte-order mark does not shift line-1 columns", () => {
  for (const [name, text] of [
    ["unclosed", UNCLOSED],
    ["bogus-first", `bogus: 1\n${MINIMAL}`],
  ]) {
    write(`bom/${name}.scenario.yaml`, text);
    write(`bom/${name}-bom.scenario.yaml`, `\uFEFF${text}`);
    const plain = runJson("check", `bom/${name}.scenario.yaml`).results[0].messages;
    const withBom = runJson("check", `bom/${name}-bom.scenario.yaml`).results[0].messages;
    assert.ok(plain.length > 0, name);
    assert.equal(plain[0].line, 1, name);
    assert.deepEqual(withBom, plain, name);
  }
});
