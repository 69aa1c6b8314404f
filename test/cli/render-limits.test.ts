// `ruleboard render` of scenarios a typo away from an ordinary one: the number past the limits is
// reported on its line (stderr, as check prints it), and the rest is drawn, small and at once.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { cliSandbox } from "../helpers/cli";

const { dir, run, write } = cliSandbox("ruleboard-cli-render-limits-");

const UNITS = "units:\n  a: { player: red, base: 32, models: { a1: [10, 10] } }\n";

test("board: [30, 20000000000000000] is drawn on the default board, the height reported on line 3", () => {
  write("typo.scenario.yaml", `scenario: t\nturn: red\nboard: [30, 20000000000000000]\n${UNITS}`);
  const r = run("render", "typo.scenario.yaml", "--out", "typo.svg");
  assert.deepEqual(r, {
    code: 0,
    stdout: "typo.svg\n",
    stderr: `typo.scenario.yaml:3:13  error  board: height '20000000000000000' is larger than any table allows (at most 1000")  scenario.schema\n`,
  });
  const svg = fs.readFileSync(path.join(dir, "typo.svg"), "utf8");
  assert.ok(svg.length < 20_000, `${svg.length} bytes`);
  assert.match(svg, /<circle class="base" data-model="a1"/);
});

test("a move from y = 1e16: the coordinate reported on its line, the rest drawn", () => {
  write(
    "far.scenario.yaml",
    `scenario: t\nturn: red\nphase: fight\nboard: [44, 30]\nunits:\n  a: { player: red, base: 32, models: { a1: [10, 1e16], a2: [12, 10] } }\n`,
  );
  const r = run("render", "far.scenario.yaml");
  assert.equal(r.code, 0);
  assert.equal(r.stderr, `far.scenario.yaml:6:50  error  the position of 'a1': y '1e16' is larger than any table allows (at most 1000")  scenario.schema\n`);
  assert.match(r.stdout, /data-model="a2"/);
  assert.doesNotMatch(r.stdout, /data-model="a1"/);
});

test("an ordinary scenario renders with nothing on stderr", () => {
  write("ok.scenario.yaml", `scenario: t\nturn: red\nboard: [44, 30]\n${UNITS}`);
  assert.equal(run("render", "ok.scenario.yaml").stderr, "");
});
