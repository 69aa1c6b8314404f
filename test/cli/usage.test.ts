// Runs the built CLI (bin/ruleboard.js -> dist/cli.js) for --help, --version and usage errors.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { cliSandbox, ROOT } from "../helpers/cli";

const { dir: TMP, run } = cliSandbox("ruleboard-cli-usage-");

test("--help prints usage to stdout and exits 0", () => {
  for (const flag of ["--help", "-h"]) {
    const r = run(flag);
    assert.equal(r.code, 0, flag);
    assert.match(r.stdout, /^Usage: ruleboard check <files or folders\.\.\.> \[options\]\n/);
    assert.match(r.stdout, /--format text\|json/);
    assert.match(r.stdout, /--rules <system>/);
    assert.match(r.stdout, /--quiet/);
    assert.equal(r.stderr, "");
  }
});

test("--version prints package.json's version and exits 0", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
  assert.match(pkg.version, /^\d+\.\d+\.\d+/);
  const r = run("--version");
  assert.deepEqual(r, { code: 0, stdout: `${pkg.version}\n`, stderr: "" });
});

test("usage errors exit 2 with the reason and the usage on stderr, nothing on stdout", () => {
  fs.writeFileSync(path.join(TMP, "a.scenario.yaml"), "scenario: A\n");
  const cases: [string[], string][] = [
    [[], "missing command"],
    [["lint", "a.scenario.yaml"], "unknown command 'lint'"],
    [["check"], "check needs at least one file or folder"],
    [["check", "a.scenario.yaml", "--bogus"], "unknown option '--bogus'"],
    [["check", "a.scenario.yaml", "--format"], "option --format needs a value"],
    [["check", "a.scenario.yaml", "--format", "xml"], "unknown format 'xml' (expected text or json)"],
  ];
  for (const [args, reason] of cases) {
    const r = run(...args);
    assert.equal(r.code, 2, args.join(" "));
    assert.equal(r.stdout, "", args.join(" "));
    assert.ok(r.stderr.startsWith(`ruleboard: ${reason}\n\nUsage: ruleboard check`), `${args.join(" ")}: ${r.stderr}`);
  }
});

test("a folder without scenario files is a usage error", () => {
  const dir = path.join(TMP, "empty");
  fs.mkdirSync(path.join(dir, "node_modules"), { recursive: true });
  fs.mkdirSync(path.join(dir, ".hidden"), { recursive: true });
  // Present but not searched: wrong extension, inside node_modules, inside a dot-folder.
  fs.writeFileSync(path.join(dir, "notes.yaml"), "scenario: A\n");
  fs.writeFileSync(path.join(dir, "node_modules", "n.scenario.yaml"), "scenario: A\n");
  fs.writeFileSync(path.join(dir, ".hidden", "h.scenario.yaml"), "scenario: A\n");
  const r = run("check", "empty");
  assert.equal(r.code, 2);
  assert.equal(r.stdout, "");
  assert.ok(r.stderr.startsWith("ruleboard: no *.scenario.yaml or *.scenario.yml files found in empty\n\nUsage:"), r.stderr);
});
