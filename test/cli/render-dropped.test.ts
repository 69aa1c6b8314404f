// `ruleboard render` on scenarios whose parser dropped a step: steps keep the number of their place
// in the written `steps:` list, a dropped step gets no picture and is named on stderr, --step
// refuses it; and scenarios without a dropped step are drawn exactly as the renderer draws them.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { analyze, boardFrame } from "../../shared/index";
import { renderBoard } from "../../shared/render/index";
import { cliSandbox, ROOT, usageError } from "../helpers/cli";

const { dir, run, write } = cliSandbox("ruleboard-cli-render-dropped-");

const HEAD = `scenario: t
turn: red
board: [44, 30]
units:
  a: { player: red, base: 32, models: { a1: [10, 10] } }
`;
/** Step 1 cannot be read (no step kind), step 2 can. */
const DROP = `${HEAD}steps: [ { bogus: a }, { remove: [a1] } ]\n`;
/** Step 1 can be read, step 2 (the last) cannot. */
const TRAILING = `${HEAD}steps: [ { remove: [a1] }, { bogus: a } ]\n`;

write("drop.scenario.yaml", DROP);
write("trailing.scenario.yaml", TRAILING);

/** What render prints first: the finding about the step it could not read, as check prints it. */
const KINDS = "a step needs one of: pile-in, fight, remove, consolidate, move, charge, phase  scenario.schema";
const DROP_FINDING = `drop.scenario.yaml:6:12  error  ${KINDS}\n`;
const TRAILING_FINDING = `trailing.scenario.yaml:6:30  error  ${KINDS}\n`;

/** What the renderer draws for `text` after the 0-based step `index` (undefined: the set-up). */
function expectedSvg(text: string, index: number | undefined): string {
  const a = analyze(text);
  assert.ok(a.scenario);
  return renderBoard(a.scenario, boardFrame(a.scenario, a.problems, index), { embedSource: text });
}

/** The SVG parses as XML (resvg's parser is strict), and its root names the step drawn. */
function assertSvgOfStep(svg: string, index: number | undefined, what: string): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Resvg } = require("@resvg/resvg-js") as { Resvg: new (svg: string) => unknown };
  assert.doesNotThrow(() => new Resvg(svg), `${what}: well-formed`);
  const root = /^<svg [^>]*>/.exec(svg)?.[0];
  assert.ok(root, `${what}: starts with <svg …>`);
  assert.match(svg, /<\/svg>\s*$/, `${what}: ends with </svg>`);
  const step = /\sdata-step="(\d+)"/.exec(root)?.[1];
  assert.equal(step, index === undefined ? undefined : String(index), `${what}: data-step`);
}

test("render --all skips a dropped step: files keep their written numbers, exit 0, one line on stderr", () => {
  const r = run("render", "--all", "drop.scenario.yaml", "--out", "outdir");
  const names = ["00-drop.svg", "02-drop.svg"];
  assert.deepEqual(r, {
    code: 0,
    stdout: names.map((n) => `${path.join("outdir", n)}\n`).join(""),
    stderr: `${DROP_FINDING}ruleboard: step 1 of drop.scenario.yaml cannot be read and is left out\n`,
  });
  assert.deepEqual(fs.readdirSync(path.join(dir, "outdir")).sort(), names);
  const setup = fs.readFileSync(path.join(dir, "outdir", "00-drop.svg"), "utf8");
  assertSvgOfStep(setup, undefined, "00");
  assert.equal(setup, expectedSvg(DROP, undefined));
  const second = fs.readFileSync(path.join(dir, "outdir", "02-drop.svg"), "utf8");
  assertSvgOfStep(second, 1, "02");
  assert.equal(second, expectedSvg(DROP, 1));
  // The header counts the steps as written, the one left out included.
  assert.match(second, /class="subtitle">[^<]*step 2 of 2: remove: a1</);
  assert.match(setup, /class="subtitle">[^<]*set-up \(2 steps\)</);
});

test("render --step names steps by their written place; a dropped one is refused in one line, exit 1", () => {
  assert.deepEqual(run("render", "drop.scenario.yaml", "--step", "1"), {
    code: 1,
    stdout: "",
    stderr: `${DROP_FINDING}ruleboard: cannot render drop.scenario.yaml: step 1 cannot be read (ruleboard check says why)\n`,
  });
  const second = run("render", "drop.scenario.yaml", "--step", "2");
  assert.deepEqual(second, {
    code: 0,
    stdout: expectedSvg(DROP, 1),
    stderr: `${DROP_FINDING}ruleboard: step 1 of drop.scenario.yaml cannot be read and is left out\n`,
  });
  assertSvgOfStep(second.stdout, 1, "--step 2");
  // The set-up comes before any step: nothing is left out of it.
  assert.deepEqual(run("render", "drop.scenario.yaml", "--step", "0"), { code: 0, stdout: expectedSvg(DROP, undefined), stderr: DROP_FINDING });
  // Two steps are written, so 3 is out of range: a usage error, counted as written.
  assert.deepEqual(
    run("render", "drop.scenario.yaml", "--step", "3"),
    usageError("drop.scenario.yaml has 2 steps; --step 3 is not one of them (0 is the set-up)"),
  );
  // Without --step: the last step, as --step 2.
  assert.deepEqual(run("render", "drop.scenario.yaml"), second);
});

test("a dropped last step: --all draws the others, the default is the last readable step, --step refuses it", () => {
  const r = run("render", "trailing.scenario.yaml", "--all", "--out", "trailing");
  const names = ["00-trailing.svg", "01-trailing.svg"];
  assert.deepEqual(r, {
    code: 0,
    stdout: names.map((n) => `${path.join("trailing", n)}\n`).join(""),
    stderr: `${TRAILING_FINDING}ruleboard: step 2 of trailing.scenario.yaml cannot be read and is left out\n`,
  });
  assert.deepEqual(fs.readdirSync(path.join(dir, "trailing")).sort(), names);
  assertSvgOfStep(fs.readFileSync(path.join(dir, "trailing", "01-trailing.svg"), "utf8"), 0, "01");

  const last = run("render", "trailing.scenario.yaml");
  assert.deepEqual(last, {
    code: 0,
    stdout: expectedSvg(TRAILING, 0),
    stderr: `${TRAILING_FINDING}ruleboard: step 2 of trailing.scenario.yaml cannot be read and is left out\n`,
  });
  assertSvgOfStep(last.stdout, 0, "default");
  // --step 1 asks for exactly that step, which lacks nothing: no warning.
  assert.deepEqual(run("render", "trailing.scenario.yaml", "--step", "1"), { code: 0, stdout: expectedSvg(TRAILING, 0), stderr: TRAILING_FINDING });
  assert.deepEqual(run("render", "trailing.scenario.yaml", "--step", "2"), {
    code: 1,
    stdout: "",
    stderr: `${TRAILING_FINDING}ruleboard: cannot render trailing.scenario.yaml: step 2 cannot be read (ruleboard check says why)\n`,
  });
  assert.deepEqual(
    run("render", "trailing.scenario.yaml", "--step", "3"),
    usageError("trailing.scenario.yaml has 2 steps; --step 3 is not one of them (0 is the set-up)"),
  );
});

test("without a dropped step, render --all writes exactly the renderer's SVG for the set-up and every step", () => {
  const example = path.join(ROOT, "examples", "overrun-fight.scenario.yaml");
  const text = fs.readFileSync(example, "utf8");
  const r = run("render", example, "--all", "--out", "example");
  const names = ["00", "01", "02", "03", "04", "05"].map((n) => `${n}-overrun-fight.svg`);
  assert.deepEqual(r, { code: 0, stdout: names.map((n) => `${path.join("example", n)}\n`).join(""), stderr: "" });
  assert.deepEqual(fs.readdirSync(path.join(dir, "example")).sort(), names);
  names.forEach((n, i) => {
    const svg = fs.readFileSync(path.join(dir, "example", n), "utf8");
    const index = i === 0 ? undefined : i - 1;
    assertSvgOfStep(svg, index, n);
    assert.equal(svg, expectedSvg(text, index), n);
  });
});
