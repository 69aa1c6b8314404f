// `ruleboard check --watch`: spawned on a scratch folder, it prints the first check, then only
// what each edit changed (a file's findings again, "no problems now", "removed", and the summary),
// nothing for a save that changes no finding, and runs until it is interrupted.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { startWatch } from "../../cli/watch/run-watch";
import { BIN, cliSandbox, ROOT } from "../helpers/cli";

const { dir: TMP, write } = cliSandbox("ruleboard-cli-watch-");
const REVIEW = fs.readFileSync(path.join(ROOT, "test", "fixtures", "sarif", "review.scenario.yaml"), "utf8");
const CHAPTER = fs.readFileSync(path.join(ROOT, "test", "fixtures", "sarif", "chapter.md"), "utf8");

const ERROR_A = 'this normal move moves a1 6.5", the limit is 6" (11e 09.05)  move.too-far';
const WARNING_E = 'this normal move moves e1 6.01", the limit is 6" (11e 09.05) — borderline, within the measuring tolerance  move.too-far';
const INFO_F = 'expected: this normal move moves f1 7", the limit is 6" (11e 09.05)  move.too-far';

/** A running `ruleboard check --watch …`, its output read as it comes. */
class Watcher {
  readonly child: ChildProcessWithoutNullStreams;
  stdout = "";
  stderr = "";
  /** How much of stdout the test has already taken. */
  private taken = 0;

  constructor(cwd: string, ...args: string[]) {
    this.child = spawn(process.execPath, [BIN, "check", "--watch", ...args], { cwd });
    this.child.stdout.setEncoding("utf8").on("data", (d: string) => (this.stdout += d));
    this.child.stderr.setEncoding("utf8").on("data", (d: string) => (this.stderr += d));
  }

  /** Waits until `ready()` holds, checking every 20 ms; fails after `ms`. */
  async until(ready: () => boolean, what: string, ms = 15_000): Promise<void> {
    const start = Date.now();
    while (!ready()) {
      if (Date.now() - start > ms) assert.fail(`timed out waiting for ${what}; stdout so far:\n${this.stdout}\nstderr:\n${this.stderr}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** The next lines printed (waiting until they are all there), which must be exactly `lines`. */
  async next(lines: readonly string[]): Promise<void> {
    const want = lines.map((l) => `${l}\n`).join("");
    await this.until(() => this.stdout.length - this.taken >= want.length, JSON.stringify(lines));
    // A moment more, so that a line printed beyond what was expected shows up as a difference.
    await new Promise((r) => setTimeout(r, 300));
    const got = this.stdout.slice(this.taken);
    this.taken = this.stdout.length;
    assert.deepEqual(got.split("\n").slice(0, -1), lines);
  }

  /** Nothing more was printed. */
  nothingNew(): void {
    assert.equal(this.stdout.slice(this.taken), "");
  }

  async stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      this.child.on("exit", (code, signal) => resolve({ code, signal })),
    );
    this.child.kill("SIGINT");
    return exited;
  }
}

function settle(ms = 400): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

test("check --watch prints the first check, then only what each change changed, until Ctrl+C", async () => {
  write("doc/a.scenario.yaml", REVIEW);
  const clean = REVIEW.replace("a1: [11.5, 3]", "a1: [10, 3]")
    .replace("e1: [11.005, 26]", "e1: [10, 26]")
    .replace("f1: [12, 15]", "f1: [10, 15]")
    .replace("    illegal: [move.too-far]\n", "");
  write("doc/b.scenario.yaml", clean);
  const w = new Watcher(TMP, "doc");
  try {
    await w.next([
      `doc/a.scenario.yaml:31:7  error  ${ERROR_A}`,
      `doc/a.scenario.yaml:35:7  warning  ${WARNING_E}`,
      `doc/a.scenario.yaml:39:7  info  ${INFO_F}`,
      "3 problems (1 error, 1 warning, 1 info) in 2 files",
    ]);
    await w.until(() => w.stderr.includes("ruleboard: watching 2 files for changes; Ctrl+C stops\n"), "the watching line");

    // The error fixed: a's findings again (the two left), and the summary.
    write("doc/a.scenario.yaml", REVIEW.replace("a1: [11.5, 3]", "a1: [10, 3]"));
    await w.next([
      `doc/a.scenario.yaml:35:7  warning  ${WARNING_E}`,
      `doc/a.scenario.yaml:39:7  info  ${INFO_F}`,
      "2 problems (0 errors, 1 warning, 1 info) in 2 files",
    ]);

    // Saved as it was, and an edit that changes no finding (a comment): nothing is printed.
    write("doc/b.scenario.yaml", clean);
    write("doc/a.scenario.yaml", `${REVIEW.replace("a1: [11.5, 3]", "a1: [10, 3]")}# a comment at the end\n`);
    write("doc/b.scenario.yaml", `${clean}# the end\n`);
    await settle();
    w.nothingNew();

    // Every finding of a gone: it says so.
    write("doc/a.scenario.yaml", clean);
    await w.next(["doc/a.scenario.yaml: no problems now", "No problems in 2 files."]);

    // A new folder with a Markdown document: its block's error at the Markdown line.
    write("doc/chapter/moves.md", CHAPTER);
    await w.next([`doc/chapter/moves.md:22:7  error  ${ERROR_A}`, "1 problem (1 error, 0 warnings, 0 info) in 3 files"]);

    // Deleted: its findings go with it.
    fs.rmSync(path.join(TMP, "doc", "chapter"), { recursive: true });
    await w.next(["doc/chapter/moves.md: removed", "No problems in 2 files."]);

    // A new file that is not even YAML: its finding, and the watch goes on.
    write("doc/broken.scenario.yaml", "scenario: [\n");
    await w.next([
      "doc/broken.scenario.yaml:2:1  error  Flow sequence in block collection must be sufficiently indented and end with a ]  yaml.syntax",
      "1 problem (1 error, 0 warnings, 0 info) in 3 files",
    ]);
    assert.equal(w.child.exitCode, null, "still running");
    assert.equal(w.stderr, "ruleboard: watching 2 files for changes; Ctrl+C stops\n");
  } finally {
    const end = await w.stop();
    assert.ok(end.signal === "SIGINT" || end.code === 130, JSON.stringify(end));
  }
});

test("a named file is watched through its folder, so an editor's save by rename is seen", async () => {
  const file = write("named/one.scenario.yaml", REVIEW);
  write("named/other.scenario.yaml", REVIEW);
  const w = new Watcher(path.join(TMP, "named"), "one.scenario.yaml");
  try {
    await w.next([
      `one.scenario.yaml:31:7  error  ${ERROR_A}`,
      `one.scenario.yaml:35:7  warning  ${WARNING_E}`,
      `one.scenario.yaml:39:7  info  ${INFO_F}`,
      "3 problems (1 error, 1 warning, 1 info) in 1 file",
    ]);
    await w.until(() => w.stderr.includes("watching 1 file"), "the watching line");
    // Another file of the folder changing is not this watch's business.
    write("named/other.scenario.yaml", "scenario: [\n");
    await settle();
    w.nothingNew();
    // Written beside, then renamed over the file, as many editors save.
    fs.writeFileSync(`${file}.tmp`, REVIEW.replace("e1: [11.005, 26]", "e1: [10, 26]"));
    fs.renameSync(`${file}.tmp`, file);
    await w.next([
      `one.scenario.yaml:31:7  error  ${ERROR_A}`,
      `one.scenario.yaml:39:7  info  ${INFO_F}`,
      "2 problems (1 error, 0 warnings, 1 info) in 1 file",
    ]);
  } finally {
    await w.stop();
  }
});

test("check --watch refuses what a single run would refuse, and the formats and --max-warnings", () => {
  fs.mkdirSync(path.join(TMP, "empty"), { recursive: true });
  const r = (args: string[]) => {
    const out = spawnSync(process.execPath, [BIN, "check", "--watch", ...args], { cwd: TMP, encoding: "utf8", timeout: 10_000 });
    return { code: out.status, stderr: out.stderr };
  };
  assert.deepEqual(r(["empty"]), {
    code: 2,
    stderr: "ruleboard: no *.scenario.yaml or *.scenario.yml files found in empty\nRun 'ruleboard --help' for usage.\n",
  });
  assert.equal(r(["doc", "--format", "json"]).code, 2);
  assert.equal(r(["doc", "--rules", "12e"]).code, 2);
});

test("where fs.watch cannot watch, the files are polled, with the same output (in-process, polling every 50 ms)", async () => {
  write("polled/p.scenario.yaml", REVIEW);
  let out = "";
  let err = "";
  const io = { cwd: TMP, version: "0", out: (t: string) => (out += t), err: (t: string) => (err += t) };
  const request = { kind: "check", operands: ["polled"], format: "text", rules: undefined, quiet: true, watch: true } as const;
  const { status, handle } = startWatch(request, io, { poll: true, pollMs: 50 });
  try {
    assert.equal(status, 0);
    assert.equal(out, `polled/p.scenario.yaml:31:7  error  ${ERROR_A}\n1 problem (1 error, 0 warnings, 0 info) in 1 file\n`);
    assert.equal(err, "ruleboard: watching 1 file for changes (polling every 50 ms); Ctrl+C stops\n");
    out = "";
    write("polled/p.scenario.yaml", REVIEW.replace("a1: [11.5, 3]", "a1: [10, 3]"));
    const start = Date.now();
    while (out === "" && Date.now() - start < 5000) await settle(20);
    // --quiet: the warning left is not listed, so the file has no problems now.
    assert.equal(out, "polled/p.scenario.yaml: no problems now\nNo problems in 1 file.\n");
  } finally {
    handle?.close();
  }
});
