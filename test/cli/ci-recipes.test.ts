// The CI recipes, run here as far as they can be: action.yml's `run:` steps as bash scripts, the
// way GitHub's runner runs a composite action's steps, against a fixture repository (installing the
// locally packed tarball, offline, instead of the package from the registry); and the pre-commit
// hook of .pre-commit-hooks.yaml with Debian's pre-commit, in a throwaway git repository.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse } from "yaml";
import { ROOT } from "../helpers/cli";
import { OFFLINE_ENV, offlineInstallSpecs, packTarball, sh, VERSION } from "../helpers/pack";

const TMP = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "ruleboard-ci-")));
after(() => fs.rmSync(TMP, { recursive: true, force: true }));

const REVIEW = fs.readFileSync(path.join(ROOT, "test", "fixtures", "sarif", "review.scenario.yaml"), "utf8");
const CHAPTER = fs.readFileSync(path.join(ROOT, "test", "fixtures", "sarif", "chapter.md"), "utf8");
const CLEAN = REVIEW.replace("a1: [11.5, 3]", "a1: [10, 3]")
  .replace("e1: [11.005, 26]", "e1: [10, 26]")
  .replace("f1: [12, 15]", "f1: [10, 15]")
  .replace("    illegal: [move.too-far]\n", "");
const WARNING_ONLY = CLEAN.replace("e1: [10, 26]", "e1: [11.005, 26]");

/** What npm installs for the tarball offline (the tarball, and its dependencies when the cache lacks them). */
let specs: string[] = [];

before(() => {
  const { tarball } = packTarball(TMP);
  specs = offlineInstallSpecs(tarball, TMP).specs;
});

/** Writes files under a new folder of TMP and returns it. */
function fixture(name: string, files: Record<string, string>): string {
  const dir = path.join(TMP, name);
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

// ---------------------------------------------------------------------------------------------
// action.yml

interface ActionStep {
  name?: string;
  id?: string;
  uses?: string;
  if?: string;
  with?: Record<string, string>;
  shell?: string;
  run?: string;
  env?: Record<string, string>;
  "working-directory"?: string;
}
interface Action {
  inputs: Record<string, { default?: string; required?: boolean; description: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

const ACTION = parse(fs.readFileSync(path.join(ROOT, "action.yml"), "utf8")) as Action;

/** `${{ inputs.x }}` and `${{ runner.temp }}`, the only expressions the run steps may use. */
function expand(text: string, inputs: Record<string, string>, runnerTemp: string): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_m, expr: string) => {
    const input = /^inputs\.([\w-]+)$/.exec(expr);
    if (input) {
      assert.ok(input[1] in inputs, `unknown input ${input[1]}`);
      return inputs[input[1]];
    }
    if (expr === "runner.temp") return runnerTemp;
    assert.fail(`an expression the test cannot evaluate: ${expr}`);
  });
}

interface ActionRun {
  /** The status of the step that failed, or 0. */
  code: number | null;
  failedStep?: string;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
}

/** Runs the action's `run:` steps in order in `repo`, as the runner does (`bash -e -o pipefail`), stopping at the first failure. */
function runAction(repo: string, given: Record<string, string>): ActionRun {
  const inputs = Object.fromEntries(Object.entries(ACTION.inputs).map(([k, v]) => [k, given[k] ?? v.default ?? ""]));
  for (const k of Object.keys(given)) assert.ok(k in ACTION.inputs, `no input ${k}`);
  const runnerTemp = path.join(TMP, "runner-temp");
  fs.mkdirSync(runnerTemp, { recursive: true });
  const result: ActionRun = { code: 0, stdout: "", stderr: "", outputs: {} };
  for (const step of ACTION.runs.steps) {
    if (step.run === undefined) continue;
    assert.equal(step.shell, "bash", step.name);
    const output = path.join(runnerTemp, `output-${step.id ?? "step"}`);
    fs.writeFileSync(output, "");
    const env: NodeJS.ProcessEnv = { ...OFFLINE_ENV, RUNNER_TEMP: runnerTemp, GITHUB_OUTPUT: output };
    for (const [k, v] of Object.entries(step.env ?? {})) env[k] = expand(String(v), inputs, runnerTemp);
    const cwd = path.resolve(repo, expand(step["working-directory"] ?? ".", inputs, runnerTemp));
    const script = path.join(runnerTemp, "step.sh");
    fs.writeFileSync(script, step.run);
    const r = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], { cwd, env, encoding: "utf8", timeout: 240_000 });
    result.stdout += r.stdout;
    result.stderr += r.stderr;
    for (const line of fs.readFileSync(output, "utf8").split("\n")) {
      const eq = line.indexOf("=");
      if (eq > 0 && step.id) result.outputs[`${step.id}.${line.slice(0, eq)}`] = line.slice(eq + 1);
    }
    if (r.status !== 0) return { ...result, code: r.status, failedStep: step.name };
  }
  return result;
}

test("action.yml is a composite action: Node set up, ruleboard installed, checked, SARIF uploaded when asked", () => {
  assert.equal(ACTION.runs.using, "composite");
  assert.deepEqual(Object.keys(ACTION.inputs).sort(), [
    "files",
    "format",
    "max-warnings",
    "node-version",
    "package",
    "rules",
    "sarif-file",
    "upload-sarif",
    "working-directory",
  ]);
  const [setup, install, check, upload] = ACTION.runs.steps;
  assert.match(setup.uses ?? "", /^actions\/setup-node@v\d+$/);
  assert.equal(setup.with?.["node-version"], "${{ inputs.node-version }}");
  assert.ok(install.run && check.run);
  assert.match(upload.uses ?? "", /^github\/codeql-action\/upload-sarif@v\d+$/);
  assert.equal(upload.if, "${{ always() && inputs.upload-sarif == 'true' }}");
  assert.equal(upload.with?.sarif_file, "${{ inputs.working-directory }}/${{ inputs.sarif-file }}");
  assert.equal(ACTION.outputs["sarif-file"].value, "${{ steps.check.outputs.sarif-file }}");
  // Inputs reach the scripts through env only, never pasted into a script (a file name cannot inject a command).
  for (const step of ACTION.runs.steps) assert.doesNotMatch(step.run ?? "", /\$\{\{/, step.name);
});

test("the action's steps against a fixture repository: annotations at the Markdown line, exit 1 on errors, 0 when clean", () => {
  const repo = fixture("repo", { "docs/chapter.md": CHAPTER, "scenarios/ok.scenario.yaml": CLEAN, "README.md": "# A rules document\n" });
  const failing = runAction(repo, { files: "docs scenarios", package: specs.join(" ") });
  assert.equal(failing.code, 1, failing.stderr);
  assert.equal(failing.failedStep, "Check");
  assert.match(failing.stdout, new RegExp(`^${VERSION}$`, "m"), "the install step printed the installed version");
  assert.ok(
    failing.stdout.includes(
      '::error file=docs/chapter.md,line=22,col=7,endLine=22,endColumn=19,title=move.too-far::this normal move moves a1 6.5", the limit is 6" (11e 09.05)\n1 problem (1 error, 0 warnings, 0 info) in 2 files\n',
    ),
    failing.stdout,
  );
  const passing = runAction(repo, { files: "scenarios", package: specs.join(" "), format: "text" });
  assert.equal(passing.code, 0, passing.stderr);
  assert.ok(passing.stdout.endsWith("No problems in 1 file.\n"), passing.stdout);
  // The working directory: paths are relative to it.
  const inDocs = runAction(repo, { files: ".", "working-directory": "docs", package: specs.join(" ") });
  assert.match(inDocs.stdout, /^::error file=chapter\.md,line=22,/m);
});

test("the action's max-warnings, rules and SARIF inputs", () => {
  const repo = fixture("repo-warnings", { "w.scenario.yaml": WARNING_ONLY });
  const pkg = specs.join(" ");
  assert.equal(runAction(repo, { package: pkg }).code, 0);
  const over = runAction(repo, { package: pkg, "max-warnings": "0" });
  assert.equal(over.code, 1);
  assert.match(over.stdout, /^::warning file=w\.scenario\.yaml,line=35,col=7,/m);
  assert.match(over.stderr, /^ruleboard: too many warnings \(1; --max-warnings 0\)$/m);
  assert.equal(runAction(repo, { package: pkg, "max-warnings": "1" }).code, 0);
  assert.equal(runAction(repo, { package: pkg, rules: "12e" }).code, 2, "an unknown system is a usage error");

  // upload-sarif: the log is written (the upload itself is GitHub's step), and the check still decides.
  const sarif = runAction(repo, { package: pkg, "upload-sarif": "true", "max-warnings": "0" });
  assert.equal(sarif.code, 1);
  assert.equal(sarif.outputs["check.sarif-file"], "ruleboard.sarif");
  const log = JSON.parse(fs.readFileSync(path.join(repo, "ruleboard.sarif"), "utf8")) as {
    version: string;
    runs: { results: { ruleId: string; level: string }[] }[];
  };
  assert.equal(log.version, "2.1.0");
  assert.deepEqual(
    log.runs[0].results.map((r) => [r.ruleId, r.level]),
    [["move.too-far", "warning"]],
  );
  // Without upload-sarif no file is written.
  fs.rmSync(path.join(repo, "ruleboard.sarif"));
  runAction(repo, { package: pkg });
  assert.equal(fs.existsSync(path.join(repo, "ruleboard.sarif")), false);
});

// ---------------------------------------------------------------------------------------------
// .pre-commit-hooks.yaml

const HAS_PRE_COMMIT = spawnSync("pre-commit", ["--version"], { encoding: "utf8" }).status === 0;

test(".pre-commit-hooks.yaml defines ruleboard-check for scenarios and Markdown", () => {
  const hooks = parse(fs.readFileSync(path.join(ROOT, ".pre-commit-hooks.yaml"), "utf8")) as { id: string; language: string; files: string; entry: string }[];
  assert.equal(hooks.length, 1);
  const [hook] = hooks;
  assert.equal(hook.id, "ruleboard-check");
  assert.equal(hook.language, "system");
  assert.equal(hook.entry, "npx ruleboard check");
  const files = new RegExp(hook.files);
  for (const f of ["a.scenario.yaml", "docs/b.scenario.yml", "chapter.md", "x.markdown"]) assert.match(f, files);
  for (const f of ["a.yaml", "scenario.yaml.bak", "notes.txt"]) assert.doesNotMatch(f, files);
});

test(
  "the pre-commit hook in a throwaway git repository: a broken scenario fails the commit with its finding, a good one passes",
  { skip: HAS_PRE_COMMIT ? false : "pre-commit is not installed (.ci/run installs Debian's)" },
  () => {
    // Git and pre-commit isolated from this machine's configuration and caches.
    const home = fixture("pc-home", { ".gitconfig": "" });
    const env: NodeJS.ProcessEnv = {
      ...OFFLINE_ENV,
      HOME: home,
      GIT_CONFIG_GLOBAL: path.join(home, ".gitconfig"),
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_AUTHOR_NAME: "Test",
      GIT_AUTHOR_EMAIL: "test@example.invalid",
      GIT_COMMITTER_NAME: "Test",
      GIT_COMMITTER_EMAIL: "test@example.invalid",
      PRE_COMMIT_HOME: path.join(home, "pre-commit-cache"),
    };
    const git = (cwd: string, ...args: string[]) => {
      const r = spawnSync("git", args, { cwd, env, encoding: "utf8" });
      assert.equal(r.status, 0, `git ${args.join(" ")}: ${r.stderr}`);
      return r.stdout.trim();
    };
    // The hook repository: this repository's hook definition, committed.
    const hooks = fixture("pc-hooks", { ".pre-commit-hooks.yaml": fs.readFileSync(path.join(ROOT, ".pre-commit-hooks.yaml"), "utf8") });
    git(hooks, "init", "-q", "-b", "main");
    git(hooks, "add", ".");
    git(hooks, "commit", "-q", "-m", "hooks");
    const rev = git(hooks, "rev-parse", "HEAD");

    // The rules document's repository, with ruleboard as its dev dependency (installed offline).
    const repo = fixture("pc-repo", {
      "package.json": JSON.stringify({ name: "rules", version: "1.0.0", private: true }),
      ".gitignore": "node_modules/\n",
      ".pre-commit-config.yaml": `repos:\n  - repo: ${hooks}\n    rev: ${rev}\n    hooks:\n      - id: ruleboard-check\n`,
    });
    const installed = sh("npm", ["install", "--save-dev", ...specs], repo, env);
    assert.equal(installed.status, 0, installed.stderr);
    git(repo, "init", "-q", "-b", "main");
    const install = spawnSync("pre-commit", ["install"], { cwd: repo, env, encoding: "utf8" });
    assert.equal(install.status, 0, install.stdout + install.stderr);
    git(repo, "add", ".");
    git(repo, "commit", "-q", "-m", "set-up"); // nothing for the hook: skipped

    fs.mkdirSync(path.join(repo, "docs"));
    fs.writeFileSync(path.join(repo, "docs", "move.scenario.yaml"), REVIEW);
    fs.writeFileSync(path.join(repo, "docs", "chapter.md"), CHAPTER);
    git(repo, "add", "docs");
    const broken = spawnSync("git", ["commit", "-m", "broken"], { cwd: repo, env, encoding: "utf8", timeout: 240_000 });
    const said = broken.stdout + broken.stderr;
    assert.notEqual(broken.status, 0, said);
    assert.match(said, /ruleboard check\.+Failed/);
    assert.ok(said.includes('docs/move.scenario.yaml:31:7  error  this normal move moves a1 6.5", the limit is 6" (11e 09.05)  move.too-far'), said);
    assert.ok(said.includes('docs/chapter.md:22:7  error  this normal move moves a1 6.5", the limit is 6" (11e 09.05)  move.too-far'), said);
    assert.equal(git(repo, "log", "--format=%s"), "set-up", "the commit was refused");

    fs.writeFileSync(path.join(repo, "docs", "move.scenario.yaml"), CLEAN);
    fs.writeFileSync(path.join(repo, "docs", "chapter.md"), CHAPTER.replace("a1: [9.5, 3]", "a1: [8, 3]"));
    git(repo, "add", "docs");
    const good = spawnSync("git", ["commit", "-m", "good"], { cwd: repo, env, encoding: "utf8", timeout: 240_000 });
    assert.equal(good.status, 0, good.stdout + good.stderr);
    assert.match(good.stdout + good.stderr, /ruleboard check\.+Passed/);
    assert.equal(git(repo, "log", "--format=%s"), "good\nset-up");
  },
);
