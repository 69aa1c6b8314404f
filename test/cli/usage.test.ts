// Runs the built CLI (bin/ruleboard.js -> dist/cli.js) for --help, --version and usage errors.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { USAGE } from "../../cli/usage";
import { cliSandbox, ROOT, usageError } from "../helpers/cli";

const { dir: TMP, run } = cliSandbox("ruleboard-cli-usage-");

test("--help prints the whole usage to stdout and exits 0, whatever else is on the line", () => {
  for (const args of [["--help"], ["-h"], ["check", "--bogus", "--help"], ["render", "--step", "x", "-h"]]) {
    assert.deepEqual(run(...args), { code: 0, stdout: USAGE, stderr: "" }, args.join(" "));
  }
  assert.match(USAGE, /^Usage: ruleboard check <files or folders\.\.\.> \[options\]\n/);
  assert.match(USAGE, /--format text\|json/);
  assert.match(USAGE, /--rules <system>/);
  assert.match(USAGE, /--quiet/);
});

test("--help names render --html, for one scenario and for a Markdown document, and its one option, byte for byte", () => {
  const lines = [
    "       ruleboard render <file> [--step N | --all] [--format svg|png] [--out <path>]\n" +
      "                [--theme light|dark|high-contrast|print] [--region <model>]\n" +
      "                [--rules <system>] [--view auto|board|x,y,w,h]\n" +
      "       ruleboard render <file> --html [--out <page.html>] [--theme <name>]\n" +
      "                [--rules <system>]\n",
    "       ruleboard render --markdown <doc.md> --out <folder> [--format svg|png]\n" +
      "                [--theme light|dark|high-contrast|print] [--rules <system>]\n" +
      "       ruleboard render --markdown <doc.md> --html [--out <page.html>]\n" +
      "                [--theme <name>] [--rules <system>]\n",
    "         where that model may end its move in the step (see region). With\n" +
      "         --html, one self-contained page to publish: the set-up and every step\n" +
      "         behind a step slider, each with its note and verdict (with --markdown,\n" +
      "         one board per block), under a strict Content-Security-Policy.\n",
    "                       region: judge the move under this system.\n" + "                       render: judge and draw under this system.\n",
    "  --out <path>         render: the output file (the page with --html), or\n" + "                       folder with --all or --markdown.\n",
    "  --markdown <doc.md>  render: draw every scenario block of a Markdown document.\n" +
      "  --html               render: one HTML page with every step and a slider (not\n" +
      "                       with --all, --step, --region or --format png).\n",
  ];
  lines.push(
    "  --view <view>        render: auto (cropped to the action), board, or a window\n" +
      "                       x,y,w,h in inches (default: the file's view:).\n",
  );
  for (const l of lines) assert.ok(USAGE.includes(l), l);
  // The lines this option brought fit in 80 columns (the first, render's synopsis, was there before).
  for (const l of lines.join("").split("\n").slice(1)) assert.ok(l.length <= 80, l);
});

test("--help names check's formats for code review, --max-warnings and --watch, byte for byte, in 80 columns", () => {
  const lines = [
    "  --format <format>    Output format (default: text): text or json; check\n" +
      "                       also sarif (SARIF 2.1.0, for code scanning) and github\n" +
      "                       (workflow commands: GitHub Actions annotations).\n" +
      "                       check: json is an ESLint-style array; compare,\n" +
      "                       region: json is one object.\n",
    "  --quiet              check: report errors only (hide warnings and info).\n" +
      "  --max-warnings <N>   check: exit 1 when more than N warnings are found,\n" +
      "                       even without errors (those --quiet hides count too).\n" +
      "  --watch              check: check, then re-check the files as they change\n" +
      "                       and print only what changed, until Ctrl+C (text only).\n",
    "Exit status: 0 no errors (check), compared (compare: differences are not\n" +
      "failures), drawn (render) or answered (region, even an empty region), 1\n" +
      "errors found or more warnings than --max-warnings (check) or the scenario\n" +
      "cannot be read (compare, render, region; render --step, region --step: the\n" +
      "step cannot be read; render --markdown: a block cannot be read, the others\n" +
      "are still drawn), 2 usage error, unreadable or unwritable file, unknown\n" +
      "rules system, step or model, or a step that does not move the model's unit\n" +
      "(region, render --region).\n",
  ];
  for (const l of lines) assert.ok(USAGE.includes(l), l);
  for (const l of lines.join("").split("\n")) assert.ok(l.length <= 80, l);
  assert.ok(USAGE.endsWith(lines[2]));
});

test("--version prints package.json's version and exits 0", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
  assert.match(pkg.version, /^\d+\.\d+\.\d+/);
  const r = run("--version");
  assert.deepEqual(r, { code: 0, stdout: `${pkg.version}\n`, stderr: "" });
});

test("usage errors exit 2 with one line of reason and the hint on stderr, nothing on stdout", () => {
  fs.writeFileSync(path.join(TMP, "a.scenario.yaml"), "scenario: A\n");
  const cases: [string[], string][] = [
    [[], "missing command"],
    [["--quiet"], "missing command"],
    [["lint", "a.scenario.yaml"], "unknown command 'lint'"],
    [["check"], "check needs at least one file or folder"],
    [["check", "a.scenario.yaml", "--bogus"], "unknown option '--bogus'"],
    [["check", "a.scenario.yaml", "-q"], "unknown option '-q'"],
    [["check", "a.scenario.yaml", "--format"], "option --format needs a value"],
    [["check", "a.scenario.yaml", "--format", "xml"], "unknown format 'xml' (expected text, json, sarif or github)"],
    [["check", "x", "--format", "SARIF"], "unknown format 'SARIF' (expected text, json, sarif or github)"],
    [["compare", "a.scenario.yaml", "--format", "sarif"], "unknown format 'sarif' (expected text or json)"],
    [["check", "a.scenario.yaml", "--max-warnings", "x"], "option --max-warnings needs a whole number of warnings (0 or more), got 'x'"],
    [["check", "a.scenario.yaml", "--max-warnings=-1"], "option --max-warnings needs a whole number of warnings (0 or more), got '-1'"],
    [["check", "a.scenario.yaml", "--max-warnings"], "option --max-warnings needs a value"],
    [["compare", "a.scenario.yaml", "--max-warnings", "0"], "option --max-warnings is for check; compare lists verdicts, not problems"],
    [["compare", "a.scenario.yaml", "--watch"], "option --watch is for check"],
    [["check", "a.scenario.yaml", "--watch", "--format", "sarif"], "options --watch and --format sarif cannot be used together (a watch prints text)"],
    [["check", "a.scenario.yaml", "--watch", "--max-warnings", "0"], "options --watch and --max-warnings cannot be used together (a watch has no exit status)"],
    [["check", "a.scenario.yaml", "--quiet=yes"], "option --quiet takes no value"],
    [["check", "a.scenario.yaml", "--step", "1"], "unknown option '--step'"],
    [["compare"], "compare needs exactly one scenario file"],
    [["render"], "render needs exactly one scenario file"],
    [["render", "a.scenario.yaml", "--bogus"], "unknown option '--bogus' for render"],
    [["render", "a.scenario.yaml", "--step", "-1"], "option --step needs a value"],
    [["render", "a.scenario.yaml", "--out", "a.svg", "--out", "b.svg"], "option --out is given twice"],
    [["render", "--markdown", "d.md"], "render --markdown needs --out <folder> (one picture per block is written there)"],
    [["render", "a.scenario.yaml", "--html", "--all"], "options --html and --all cannot be used together (the page shows the set-up and every step)"],
    [["render", "a.scenario.yaml", "--html", "--format", "png"], "options --html and --format png cannot be used together (the page holds SVG)"],
    [["render", "--markdown", "d.md", "--html", "--format=png"], "options --html and --format png cannot be used together (the page holds SVG)"],
    [["render", "a.scenario.yaml", "--html=1"], "option --html takes no value"],
  ];
  for (const [args, reason] of cases) {
    assert.deepEqual(run(...args), usageError(reason), args.join(" "));
  }
});

test("the hint is exactly one line that names --help, and --help is what it names", () => {
  const r = run("check", "x", "--format", "xml");
  assert.equal(r.stderr, "ruleboard: unknown format 'xml' (expected text, json, sarif or github)\nRun 'ruleboard --help' for usage.\n");
  assert.equal(r.stderr.split("\n").length, 3);
  assert.doesNotMatch(r.stderr, /Usage:/);
});

test("a system named on the command line that does not exist is a usage error with the hint", () => {
  const unknown = run("check", "a.scenario.yaml", "--rules", "12e");
  assert.equal(unknown.code, 2);
  assert.equal(unknown.stdout, "");
  assert.match(unknown.stderr, /^ruleboard: unknown rules system '12e' \(known: 11e, 10e.*\)\nRun 'ruleboard --help' for usage\.\n$/);
  const compare = run("compare", "a.scenario.yaml", "--rules", "11e,12e");
  assert.equal(compare.code, 2);
  assert.match(compare.stderr, /^ruleboard: unknown rules system '12e' \(known: .*\) in --rules\nRun 'ruleboard --help' for usage\.\n$/);
});

test("a folder without scenario files is a usage error", () => {
  const dir = path.join(TMP, "empty");
  fs.mkdirSync(path.join(dir, "node_modules"), { recursive: true });
  fs.mkdirSync(path.join(dir, ".hidden"), { recursive: true });
  // Present but not searched: wrong extension, inside node_modules, inside a dot-folder.
  fs.writeFileSync(path.join(dir, "notes.yaml"), "scenario: A\n");
  fs.writeFileSync(path.join(dir, "node_modules", "n.scenario.yaml"), "scenario: A\n");
  fs.writeFileSync(path.join(dir, ".hidden", "h.scenario.yaml"), "scenario: A\n");
  assert.deepEqual(run("check", "empty"), usageError("no *.scenario.yaml or *.scenario.yml files found in empty"));
});

test("file errors are one line without the hint: the command line was right", () => {
  assert.deepEqual(run("check", "missing.scenario.yaml"), {
    code: 2,
    stdout: "",
    stderr: "ruleboard: cannot read missing.scenario.yaml: no such file or directory\n",
  });
  assert.deepEqual(run("render", "missing.scenario.yaml"), {
    code: 2,
    stdout: "",
    stderr: "ruleboard: cannot read missing.scenario.yaml: no such file or directory\n",
  });
});
