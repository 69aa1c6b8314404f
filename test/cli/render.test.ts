// `ruleboard render` through the built CLI: SVG to stdout, --all as PNG files, --extract, exit
// codes and usage errors; and the parsing of its options in-process.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "../../cli/args";
import { analyze, boardFrame } from "../../shared/index";
import { extractSource, renderBoard } from "../../shared/render/index";
import { cliSandbox, ROOT, usageError, USAGE_HINT_LINE } from "../helpers/cli";

const { dir, run, write } = cliSandbox("ruleboard-cli-render-");
const EXAMPLE = path.join(ROOT, "examples", "overrun-fight.scenario.yaml");
const TEXT = fs.readFileSync(EXAMPLE, "utf8");
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

test("render writes the last step's SVG to stdout, with the scenario embedded", () => {
  const r = run("render", EXAMPLE);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, "");
  const a = analyze(TEXT);
  // Exactly what the renderer draws for step 5 (index 4) with the source embedded.
  assert.equal(r.stdout, renderBoard(a.scenario!, boardFrame(a.scenario!, a.problems, 4), { embedSource: TEXT }));
  assert.match(r.stdout, /^<svg [^>]* data-step="4" data-theme="light">/);
  assert.equal(extractSource(r.stdout), TEXT);
});

test("--step is 1-based (0 is the set-up) and --theme picks the colours", () => {
  const third = run("render", EXAMPLE, "--step", "3", "--theme=print");
  assert.equal(third.code, 0, third.stderr);
  assert.match(third.stdout, /^<svg [^>]* data-step="2" data-theme="print">/);
  assert.match(third.stdout, /<tspan font-weight="bold">3-4\.<\/tspan>/);
  const setup = run("render", "--step", "0", EXAMPLE);
  assert.equal(setup.code, 0, setup.stderr);
  assert.match(setup.stdout, /^<svg [^>]* class="ruleboard-board theme-light" data-theme="light">/);
  assert.match(setup.stdout, /set-up \(5 steps\)/);
});

test("--all --format png writes the set-up and every step as numbered PNGs at twice the size", () => {
  const out = path.join(dir, "pictures");
  const r = run("render", EXAMPLE, "--all", "--format", "png", "--out", out);
  assert.equal(r.code, 0, r.stderr);
  const names = ["00", "01", "02", "03", "04", "05"].map((n) => `${n}-overrun-fight.png`);
  assert.deepEqual(fs.readdirSync(out).sort(), names);
  assert.equal(r.stdout, names.map((n) => `${path.join("pictures", n)}\n`).join(""));
  const svgWidth = Number(/width="(\d+)"/.exec(run("render", EXAMPLE).stdout)?.[1]);
  for (const n of names) {
    const png = fs.readFileSync(path.join(out, n));
    assert.deepEqual(png.subarray(0, 8), PNG_SIGNATURE, n);
    assert.equal(png.readUInt32BE(16), 2 * svgWidth, `${n}: IHDR width`); // 2x zoom
  }
});

test("--out writes one SVG file, and --extract prints its scenario back exactly", () => {
  const r = run("render", EXAMPLE, "--step", "2", "--out", "docs/board.svg");
  assert.deepEqual(r, { code: 0, stdout: `${path.join("docs", "board.svg")}\n`, stderr: "" });
  const x = run("render", "--extract", "docs/board.svg");
  assert.deepEqual(x, { code: 0, stdout: TEXT, stderr: "" });
  // A scenario with CR LF line ends and "]]>" comes back byte for byte too.
  const crlf = write("crlf.scenario.yaml", TEXT.replace(/\n/g, "\r\n").replace("3-4.", "3-4. ]]>"));
  assert.equal(run("render", crlf, "--out", "crlf.svg").code, 0);
  assert.equal(run("render", "--extract", "crlf.svg").stdout, fs.readFileSync(crlf, "utf8"));
});

test("a scenario that cannot be read exits 1 with its problems on stderr and nothing on stdout", () => {
  const bad = write("bad.scenario.yaml", "scenario: [unclosed\n");
  const r = run("render", bad);
  assert.equal(r.code, 1);
  assert.equal(r.stdout, "");
  assert.match(r.stderr, /^bad\.scenario\.yaml:\d+:\d+  error  .*  yaml\.syntax\n/);
  assert.match(r.stderr, /ruleboard: cannot render bad\.scenario\.yaml: the scenario cannot be read\n$/);
});

test("usage and I/O errors exit 2 with one line of reason (and the hint for usage) on stderr", () => {
  write("plain.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>");
  const cases: [string[], string][] = [
    [["render"], "render needs exactly one scenario file"],
    [["render", EXAMPLE, "--format", "png"], "render --format png needs --out <file> (PNG is not written to the terminal)"],
    [["render", EXAMPLE, "--all"], "render --all needs --out <folder>"],
    [["render", EXAMPLE, "--all", "--step", "2", "--out", "x"], "options --step and --all cannot be used together"],
    [["render", EXAMPLE, "--theme", "neon"], "unknown theme 'neon' (expected light, dark, high-contrast, print)"],
    [["render", EXAMPLE, "--format", "gif"], "unknown image format 'gif' (expected svg or png)"],
    [["render", EXAMPLE, "--step", "two"], "option --step needs a step number (1 for the first step, 0 for the set-up), got 'two'"],
    [["render", EXAMPLE, "--quiet"], "unknown option '--quiet' for render"],
    [["render", "--extract", "a.svg", "--step", "1"], "render --extract takes no other option (got --step)"],
  ];
  for (const [args, reason] of cases) assert.deepEqual(run(...args), usageError(reason), args.join(" "));
  const io: [string[], string][] = [
    [
      ["render", EXAMPLE, "--step", "6"],
      `ruleboard: ${path.relative(dir, EXAMPLE)} has 5 steps; --step 6 is not one of them (0 is the set-up)\n${USAGE_HINT_LINE}`,
    ],
    [["render", "missing.scenario.yaml"], "ruleboard: cannot read missing.scenario.yaml: no such file or directory\n"],
    [["render", "--extract", "plain.svg"], "ruleboard: plain.svg carries no Ruleboard scenario (was it exported by ruleboard render?)\n"],
    [["render", "--extract", "nope.svg"], "ruleboard: cannot read nope.svg: no such file or directory\n"],
  ];
  for (const [args, stderr] of io) assert.deepEqual(run(...args), { code: 2, stdout: "", stderr }, args.join(" "));
});

test("parseArgs: render's options, wherever they are written", () => {
  assert.deepEqual(parseArgs(["--theme", "dark", "render", "a.scenario.yaml", "--step=2"]), {
    kind: "render",
    file: "a.scenario.yaml",
    step: 2,
    all: false,
    format: "svg",
    out: undefined,
    theme: "dark",
  });
  assert.deepEqual(parseArgs(["render", "--all", "--format", "png", "--out", "dir", "--", "--odd.scenario.yaml"]), {
    kind: "render",
    file: "--odd.scenario.yaml",
    step: undefined,
    all: true,
    format: "png",
    out: "dir",
    theme: "light",
  });
  assert.deepEqual(parseArgs(["render", "--extract=b.svg"]), { kind: "render-extract", file: "b.svg" });
  // check still refuses render's options, with its own message.
  assert.deepEqual(parseArgs(["check", "a", "--step", "1"]), { kind: "usage-error", message: "unknown option '--step'" });
  assert.deepEqual(parseArgs(["render", "a", "--help"]), { kind: "help" });
});
