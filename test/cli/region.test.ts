// `ruleboard region` and `ruleboard render --region` (the built CLI, bin/ruleboard.js): the JSON's
// shape, that spots inside the legal area are ones the checker accepts when written into the step,
// the text summary, usage errors byte for byte, exit statuses, and the region drawn by render.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "../../cli/args";
import { analyze } from "../../shared/index";
import { inMultiPolygon, type MultiPolygon } from "../../shared/geometry/contour";
import { createRng } from "../helpers/prng";
import { cliSandbox, ROOT, USAGE_HINT_LINE, usageError } from "../helpers/cli";

const { dir, run, write } = cliSandbox("ruleboard-cli-region-");

const EXAMPLE = path.join(ROOT, "examples", "illegal-pile-in.scenario.yaml");
const TEXT = fs.readFileSync(EXAMPLE, "utf8");
const R1 = "r1: [13.4, 8]";
write("pile-in.scenario.yaml", TEXT);
/** The same pile-in without its `illegal:` marker: move.too-far is an error now. */
write("too-far.scenario.yaml", TEXT.replace("    illegal: [move.too-far]\n", ""));
write("broken.scenario.yaml", "scenario: [\n");
/** Step 1 cannot be read (no step kind), step 2 moves raiders. */
write("dropped.scenario.yaml", TEXT.replace("steps:\n", "steps:\n  - { bogus: raiders }\n"));

interface RegionJson {
  model: string;
  step: number;
  legal: MultiPolygon;
  unitOnly: MultiPolygon;
  note?: string;
}

function regionJson(...args: string[]): RegionJson {
  const r = run("region", ...args, "--format", "json");
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, "");
  assert.ok(r.stdout.endsWith("\n") && r.stdout.split("\n").length === 2, "one line of JSON");
  return JSON.parse(r.stdout) as RegionJson;
}

/** Distance from (x, y) to the nearest edge of any ring of `mp`. */
function edgeDistance(mp: MultiPolygon, x: number, y: number): number {
  let best = Infinity;
  for (const ring of mp.flat()) {
    ring.forEach(([ax, ay], i) => {
      const [bx, by] = ring[(i + 1) % ring.length];
      const dx = bx - ax;
      const dy = by - ay;
      const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1)));
      best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy));
    });
  }
  return best;
}

/** `n` seeded points inside `mp`, at least `margin` inches from its outline (which is traced to about 0.05"). */
function pointsInside(mp: MultiPolygon, n: number, margin: number, seed: number): [number, number][] {
  const xs = mp.flat(2).map((p) => p[0]);
  const ys = mp.flat(2).map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const rng = createRng(seed);
  const out: [number, number][] = [];
  for (let tries = 0; out.length < n && tries < 100_000; tries++) {
    const x = Math.round((x0 + rng() * (x1 - x0)) * 1000) / 1000;
    const y = Math.round((y0 + rng() * (y1 - y0)) * 1000) / 1000;
    if (inMultiPolygon(mp, x, y) && edgeDistance(mp, x, y) >= margin) out.push([x, y]);
  }
  assert.equal(out.length, n, `found ${n} points inside`);
  return out;
}

/** The problems of the example with r1 ending at (x, y), and the span of r1's `to:` line. */
function problemsWithR1At(x: number, y: number) {
  const text = TEXT.replace(R1, `r1: [${x}, ${y}]`);
  assert.notEqual(text, TEXT);
  const start = text.lastIndexOf("\n", text.indexOf(`r1: [${x}, ${y}]`)) + 1;
  const end = text.indexOf("\n", start);
  return { problems: analyze(text).problems, line: { start, end } };
}

test("region --format json: the four keys, 1-based step, non-empty polygons in board inches", () => {
  const r = regionJson("pile-in.scenario.yaml", "--model", "r1", "--step", "1");
  assert.deepEqual(Object.keys(r), ["model", "step", "legal", "unitOnly"]);
  assert.equal(r.model, "r1");
  assert.equal(r.step, 1);
  assert.ok(r.legal.length > 0 && r.unitOnly.length > 0);
  for (const [x, y] of [...r.legal, ...r.unitOnly].flat(2)) {
    assert.ok(Math.hypot(x - 10, y - 8) <= 3.06, `(${x}, ${y}) within the 3" pile-in of (10, 8)`);
    assert.equal(Math.round(x * 1000) / 1000, x, "3 decimals");
    assert.equal(Math.round(y * 1000) / 1000, y, "3 decimals");
  }
  // Without --step: the last step that moves r1's unit (here the only one); the answer is the same.
  assert.deepEqual(regionJson("pile-in.scenario.yaml", "--model", "r1"), r);
});

test("spots inside the legal area are accepted by the checker when written as r1's end", () => {
  const { legal } = regionJson("pile-in.scenario.yaml", "--model", "r1", "--step", "1");
  for (const [x, y] of pointsInside(legal, 50, 0.1, 20240601)) {
    const { problems, line } = problemsWithR1At(x, y);
    const onR1 = problems.filter((p) => p.span.start < line.end && p.span.end > line.start);
    assert.deepEqual(
      onR1.map((p) => `${p.code}: ${p.message}`),
      [],
      `r1 at (${x}, ${y})`,
    );
    // Nor anywhere else: the unit is fine too; only the step's `illegal: [move.too-far]` marker is now unmet.
    assert.deepEqual([...new Set(problems.map((p) => p.code))], ["expect.unmet"], `r1 at (${x}, ${y})`);
  }
});

test("spots legal for the model only: r1's own line is clean, its unit is not", () => {
  const { unitOnly } = regionJson("pile-in.scenario.yaml", "--model", "r1", "--step", "1");
  const unitCodes = new Set(["coherency.broken", "engagement.required", "objective.out-of-range", "engagement.forbidden"]);
  for (const [x, y] of pointsInside(unitOnly, 10, 0.1, 7)) {
    const { problems, line } = problemsWithR1At(x, y);
    assert.deepEqual(
      problems.filter((p) => p.span.start < line.end && p.span.end > line.start).map((p) => p.code),
      [],
      `r1 at (${x}, ${y})`,
    );
    const codes: string[] = problems.flatMap((p) => [p.code, ...p.related.flatMap((r) => (r.folded ? [r.folded.code] : []))]);
    assert.ok(
      codes.some((c) => unitCodes.has(c)),
      `r1 at (${x}, ${y}): a unit-level finding among ${codes.join(", ")}`,
    );
  }
});

test("region (text): a short summary with each area and the number of polygons", () => {
  const r = run("region", "pile-in.scenario.yaml", "--model", "r1");
  assert.equal(r.code, 0);
  assert.equal(r.stderr, "");
  const lines = r.stdout.split("\n");
  assert.equal(lines[0], "pile-in.scenario.yaml  step 1  model r1");
  assert.match(lines[1], /^ {2}legal end {26}\d+\.\d\d sq in in \d+ polygons?$/);
  assert.match(lines[2], /^ {2}legal for the model, not the unit {2}\d+\.\d\d sq in in \d+ polygons?$/);
  assert.match(lines[3], /^ {2}from \(10, 8\), at most 3", \d+ spots tried$/);
  assert.equal(lines[4], "");
});

test("a region with a note: the JSON carries it, the text prints it, exit 0", () => {
  // r1 in base contact with g1 before its pile-in may not move (the base-contact lock).
  write("locked.scenario.yaml", TEXT.replace("r1: [10, 8]", "r1: [13.74, 8]").replace(R1, "r1: [13.74, 8]"));
  const j = regionJson("locked.scenario.yaml", "--model", "r1");
  assert.deepEqual(Object.keys(j), ["model", "step", "legal", "unitOnly", "note"]);
  assert.match(j.note ?? "", /^r1 may end only where it stands: /);
  const t = run("region", "locked.scenario.yaml", "--model", "r1");
  assert.equal(t.code, 0);
  assert.ok(t.stdout.endsWith(`  note: ${j.note}\n`), t.stdout);
  // render --region puts the note under the board.
  const svg = run("render", "locked.scenario.yaml", "--region", "r1").stdout;
  assert.match(svg, /<g class="region-note" data-model="r1"><text [^>]*>Legal region of r1: r1 may end only where it stands: /);
});

test("a file with errors is still answered (exit 0): the region is what the rules allow", () => {
  const plain = regionJson("pile-in.scenario.yaml", "--model", "r1");
  assert.deepEqual(regionJson("too-far.scenario.yaml", "--model", "r1"), plain);
  assert.equal(run("check", "too-far.scenario.yaml").code, 1, "the file has errors");
});

test("region: usage errors, byte for byte", () => {
  const file = "pile-in.scenario.yaml";
  const cases: [string[], string][] = [
    [["region"], "region needs exactly one scenario file"],
    [["region", file], "region needs --model <id>"],
    [["region", file, "a.yaml", "--model", "r1"], "region needs exactly one scenario file"],
    [["region", file, "--model"], "option --model needs a value"],
    [["region", file, "--model", "r1", "--model", "r2"], "option --model is given twice"],
    [["region", file, "--model", "r1", "--bogus"], "unknown option '--bogus' for region"],
    [["region", file, "--model", "r1", "--all"], "unknown option '--all' for region"],
    [["region", file, "--model", "r1", "--format", "svg"], "unknown format 'svg' (expected text or json)"],
    [["region", file, "--model", "r1", "--step", "x"], "option --step needs a step number (1 for the first step, 0 for the set-up), got 'x'"],
    [["region", file, "--model", "r1", "--step", "0"], "region needs a step that moves models; 0 is the set-up"],
    [["region", file, "--model", "r1", "--step", "2"], "pile-in.scenario.yaml has 1 step; --step 2 is not one of them"],
    [["region", file, "--model", "zz"], "pile-in.scenario.yaml has no model 'zz'"],
    [["region", file, "--model", "g1"], "no step of pile-in.scenario.yaml moves g1's unit guards"],
    [["region", file, "--model", "g1", "--step", "1"], "step 1 moves raiders, not g1's unit guards"],
    [["region", file, "--model", "r1", "--rules", "12e"], "unknown rules system '12e' (known: 11e, 10e)"],
    [["render", file, "--region", "r1", "--all", "--out", "d"], "options --region and --all cannot be used together"],
    [["render", file, "--region", "r1", "--step", "0"], "option --region needs a step that moves models; 0 is the set-up"],
    [["render", file, "--region", "zz"], "pile-in.scenario.yaml has no model 'zz'"],
    [["render", file, "--region", "g1", "--step", "1"], "step 1 moves raiders, not g1's unit guards"],
    [
      ["render", "--markdown", "d.md", "--out", "o", "--region", "r1"],
      "render --markdown draws each block after its last step; --region is for one scenario file",
    ],
    [["render", "--extract", "b.svg", "--region", "r1"], "render --extract takes no other option (got --region)"],
  ];
  for (const [args, reason] of cases) assert.deepEqual(run(...args), usageError(reason), args.join(" "));
});

test("region: exit 1 when the scenario or the step cannot be read, 2 for an unreadable file", () => {
  assert.deepEqual(run("region", "missing.scenario.yaml", "--model", "r1"), {
    code: 2,
    stdout: "",
    stderr: "ruleboard: cannot read missing.scenario.yaml: no such file or directory\n",
  });
  const broken = run("region", "broken.scenario.yaml", "--model", "r1");
  assert.equal(broken.code, 1);
  assert.equal(broken.stdout, "");
  assert.match(broken.stderr, /yaml\.syntax\n/);
  assert.ok(broken.stderr.endsWith("ruleboard: cannot find a region in broken.scenario.yaml: the scenario cannot be read\n"), broken.stderr);
  const dropped = run("region", "dropped.scenario.yaml", "--model", "r1", "--step", "1");
  assert.equal(dropped.code, 1);
  assert.equal(dropped.stdout, "");
  assert.match(dropped.stderr, /scenario\.schema\n/);
  assert.ok(
    dropped.stderr.endsWith("ruleboard: cannot find a region: step 1 of dropped.scenario.yaml cannot be read (ruleboard check says why)\n"),
    dropped.stderr,
  );
  // The default step skips what cannot be read: step 2 is the pile-in, answered (the dropped step named on stderr as check does).
  const fine = run("region", "dropped.scenario.yaml", "--model", "r1", "--format", "json");
  assert.equal(fine.code, 0);
  assert.equal((JSON.parse(fine.stdout) as RegionJson).step, 2);
  assert.match(fine.stderr, /scenario\.schema\n$/);
});

test("render --region draws the region into the SVG; without it the SVG has none", () => {
  const r = run("render", "pile-in.scenario.yaml", "--step", "1", "--region", "r1");
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, "");
  assert.match(r.stdout, /<path class="region-legal" data-model="r1" d="M[\d.]+ [\d.]+L[^"]*Z" fill-rule="evenodd"/);
  assert.match(r.stdout, /<path class="region-unit" data-model="r1" /);
  assert.match(r.stdout, />legal end</);
  // Without --step: the last step that moves r1's unit, the same picture.
  assert.equal(run("render", "pile-in.scenario.yaml", "--region", "r1").stdout, r.stdout);
  const plain = run("render", "pile-in.scenario.yaml", "--step", "1");
  assert.equal(plain.code, 0);
  assert.doesNotMatch(plain.stdout, /region/);
  // The PNG carries it too (only that it is written here).
  const png = run("render", "pile-in.scenario.yaml", "--region", "r1", "--format", "png", "--out", "r.png");
  assert.deepEqual(png, { code: 0, stdout: "r.png\n", stderr: "" });
  assert.ok(fs.statSync(path.join(dir, "r.png")).size > 1000);
});

test("parseArgs: region's options, and render's --region only when given", () => {
  assert.deepEqual(parseArgs(["region", "--format=json", "a.scenario.yaml", "--model", "r1", "--step", "2", "--rules", "10e+club"]), {
    kind: "region",
    file: "a.scenario.yaml",
    model: "r1",
    step: 2,
    format: "json",
    rules: "10e+club",
  });
  assert.deepEqual(parseArgs(["--model", "r1", "region", "a"]), { kind: "region", file: "a", model: "r1", format: "text" });
  assert.deepEqual(parseArgs(["render", "a", "--region", "r1"]), {
    kind: "render",
    file: "a",
    step: undefined,
    all: false,
    format: "svg",
    out: undefined,
    theme: "light",
    region: "r1",
  });
  assert.deepEqual(parseArgs(["check", "a", "--model", "r1"]), { kind: "usage-error", message: "unknown option '--model'" });
});

test("the usage error's hint is the shared one", () => {
  assert.ok(usageError("x").stderr.endsWith(USAGE_HINT_LINE));
});

test("render --view: auto crops, a window is x,y,w,h, board draws it all; a bad view is a usage error", () => {
  const file = path.join(ROOT, "examples", "illegal-pile-in.scenario.yaml");
  const auto = run("render", file, "--view", "auto");
  assert.equal(auto.code, 0, auto.stderr);
  assert.match(auto.stdout, /<svg class="view" /);
  const window = run("render", file, "--view", "8,5,10,8");
  // A 10" x 8" window as a close-up: 70 px an inch (560 px high at most).
  assert.match(window.stdout, /<svg class="view" x="[\d.]+" y="[\d.]+" width="700" height="560" /);
  assert.doesNotMatch(run("render", file, "--view", "board").stdout, /class="view"/);
  assert.deepEqual(
    run("render", file, "--view", "1,2,0,3"),
    usageError("--view must be auto, board or x,y,w,h in inches with width and height above 0 (got '1,2,0,3')"),
  );
});
