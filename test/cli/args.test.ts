// In-process tests of the CLI's argument parsing (no files, no child process).
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseArgs } from "../../cli/args";

test("check with defaults", () => {
  assert.deepEqual(parseArgs(["check", "a.scenario.yaml", "dir"]), {
    kind: "check",
    operands: ["a.scenario.yaml", "dir"],
    format: "text",
    rules: undefined,
    quiet: false,
  });
});

test("options before, between and after operands, in both value spellings", () => {
  assert.deepEqual(parseArgs(["--quiet", "check", "a", "--format", "json", "b", "--rules=11e"]), {
    kind: "check",
    operands: ["a", "b"],
    format: "json",
    rules: "11e",
    quiet: true,
  });
  assert.deepEqual(parseArgs(["check", "--format=text", "--rules", "anything-goes", "a"]), {
    kind: "check",
    operands: ["a"],
    format: "text",
    rules: "anything-goes",
    quiet: false,
  });
});

test("-- ends the options, so a file may be named like one", () => {
  assert.deepEqual(parseArgs(["check", "--", "--quiet", "-x"]), {
    kind: "check",
    operands: ["--quiet", "-x"],
    format: "text",
    rules: undefined,
    quiet: false,
  });
});

test("--help and --version win over everything before --", () => {
  assert.deepEqual(parseArgs(["--help"]), { kind: "help" });
  assert.deepEqual(parseArgs(["-h"]), { kind: "help" });
  assert.deepEqual(parseArgs(["check", "--bogus", "--help"]), { kind: "help" });
  assert.deepEqual(parseArgs(["--version"]), { kind: "version" });
  assert.deepEqual(parseArgs(["frobnicate", "--version"]), { kind: "version" });
  assert.deepEqual(parseArgs(["--version", "--help"]), { kind: "help" });
  // After `--` they are operands.
  assert.equal(parseArgs(["check", "--", "--help"]).kind, "check");
});

test("usage errors name what is wrong", () => {
  const cases: [string[], string][] = [
    [[], "missing command"],
    [["--quiet"], "missing command"],
    [["lint", "a"], "unknown command 'lint'"],
    [["check"], "check needs at least one file or folder"],
    [["check", "a", "--bogus"], "unknown option '--bogus'"],
    [["check", "a", "-q"], "unknown option '-q'"],
    [["check", "a", "--format"], "option --format needs a value"],
    [["check", "a", "--format="], "option --format needs a value"],
    [["check", "a", "--format", "--quiet"], "option --format needs a value"],
    [["check", "a", "--format", "xml"], "unknown format 'xml' (expected text, json, sarif or github)"],
    [["check", "a", "--format=JSON"], "unknown format 'JSON' (expected text, json, sarif or github)"],
    [["check", "a", "--rules"], "option --rules needs a value"],
    [["check", "a", "--quiet=yes"], "option --quiet takes no value"],
  ];
  for (const [argv, message] of cases) {
    assert.deepEqual(parseArgs(argv), { kind: "usage-error", message }, argv.join(" "));
  }
});
