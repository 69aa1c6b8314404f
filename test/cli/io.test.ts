// Runs the built CLI where the file system or stdout fails: unreadable files exit 2 naming
// the file, and a reader that goes away (`| head`) ends the run quietly.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { BIN, cliSandbox } from "../helpers/cli";
// MINIMAL has no steps, so it is valid whatever the engine checks and exit codes stay 0 here.
import { MINIMAL } from "../helpers/scenarios";

const { dir: TMP, run, write } = cliSandbox("ruleboard-cli-io-");

test("a missing file: exit 2, named on stderr, the other files still checked", () => {
  write("ok.scenario.yaml", MINIMAL);
  const r = run("check", "missing.scenario.yaml", "ok.scenario.yaml");
  assert.equal(r.code, 2);
  assert.equal(r.stderr, "ruleboard: cannot read missing.scenario.yaml: no such file or directory\n");
  assert.equal(r.stdout, "No problems in 1 file.\n");

  const only = run("check", "missing.scenario.yaml");
  assert.deepEqual(only, {
    code: 2,
    stdout: "",
    stderr: "ruleboard: cannot read missing.scenario.yaml: no such file or directory\n",
  });
});

test("a dangling symlink found in a folder: exit 2, named on stderr", (t) => {
  write("links/fine.scenario.yaml", MINIMAL);
  try {
    fs.symlinkSync(path.join(TMP, "links", "nowhere.yaml"), path.join(TMP, "links", "dangling.scenario.yaml"));
  } catch {
    t.skip("symlinks are not available here");
    return;
  }
  const r = run("check", "links", "--format", "json");
  assert.equal(r.code, 2);
  const danglingRel = path.join("links", "dangling.scenario.yaml");
  assert.equal(r.stderr, `ruleboard: cannot read ${danglingRel}: no such file or directory\n`);
  assert.deepEqual(
    (JSON.parse(r.stdout) as { filePath: string }[]).map((x) => x.filePath),
    [path.join(TMP, "links", "fine.scenario.yaml")],
  );
});

test("a file without read permission: exit 2, named on stderr", (t) => {
  // root reads through file modes, so the case cannot be set up for it.
  if (process.platform === "win32" || process.getuid?.() === 0) {
    t.skip("file modes do not stop this user from reading");
    return;
  }
  const file = write("locked.scenario.yaml", MINIMAL);
  fs.chmodSync(file, 0o000);
  try {
    const r = run("check", "locked.scenario.yaml");
    assert.deepEqual(r, {
      code: 2,
      stdout: "",
      stderr: "ruleboard: cannot read locked.scenario.yaml: permission denied\n",
    });
  } finally {
    fs.chmodSync(file, 0o644);
  }
});

test("stdout closed early (`| head -c 1`): no stack trace, exit status kept", (t) => {
  if (process.platform === "win32") {
    t.skip("needs a POSIX shell for the pipe");
    return;
  }
  // 600 files with ~200-character names make well over the 64 KiB a pipe holds, so writes
  // hit the closed pipe. (A real pipe through sh: node's own child stdio is a socket pair
  // with a larger buffer.) Long names rather than more files keep the analysis time down.
  const dir = path.join(TMP, "many");
  fs.mkdirSync(dir);
  const padding = "x".repeat(180);
  for (let i = 0; i < 600; i++) {
    fs.writeFileSync(path.join(dir, `${padding}${String(i).padStart(4, "0")}.scenario.yaml`), MINIMAL);
  }
  const full = run("check", "many", "--format", "json");
  assert.equal(full.code, 0);
  assert.ok(full.stdout.length > 2 * 65536, `only ${full.stdout.length} bytes`);

  const script = '( "$1" "$2" check many --format json; echo "exit=$?" >&2 ) | head -c 1 >/dev/null';
  const r = spawnSync("sh", ["-c", script, "sh", process.execPath, BIN], { cwd: TMP, encoding: "utf8" });
  assert.equal(r.status, 0);
  assert.equal(r.stderr, "exit=0\n");
});
