// What the fuzz tests found in shared/ or server/, each reduced to a minimal input: regressions
// for bugs since fixed, and known failures that fail until their bug is fixed. Analyses run in a
// separate process (or server) with a time limit, because the failure modes are a V8 fatal error,
// an endless loop or a flood of output that no try/catch in the test could stop.
import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { LspServer, scenarioUri } from "../lsp/harness";
import { ScalePool } from "./scale-pool";

const SHARED = path.resolve(__dirname, "..", "..", "shared", "index.js");

/** Analyses `text` in a fresh process; returns the problem codes, or how the process ended. */
function analyzeIsolated(text: string, timeoutMs = 5_000): { codes?: string[]; ended: string } {
  const script = `const { analyze } = require(${JSON.stringify(SHARED)});
let text = ""; process.stdin.on("data", (c) => (text += c)).on("end", () => {
  process.stdout.write(JSON.stringify(analyze(text).problems.map((p) => p.code)));
});`;
  const r = spawnSync(process.execPath, ["-e", script], { input: text, timeout: timeoutMs, encoding: "utf8", maxBuffer: 1 << 26 });
  const ended = r.error ? `${r.error.message}` : `status ${r.status}, signal ${r.signal}`;
  if (r.status !== 0)
    return {
      ended: `${ended}; stderr: ${(r.stderr ?? "")
        .split("\n")
        .filter((l) => /\S/.test(l) && l.trim() !== "#")
        .slice(0, 2)
        .join(" | ")}`,
    };
  return { codes: JSON.parse(r.stdout) as string[], ended };
}

// Since 36182b5 a coordinate beyond any table (1000") is a scenario.schema finding on its line and
// the model is left out, so these inputs no longer reach the engine's geometry at all.
test("control: the isolated run returns the codes for a model at x = 1e15, which analyze handles", () => {
  const text = "scenario: s\nturn: red\nunits:\n  a:\n    player: red\n    base: 32\n    models:\n      a1: [1e15, 0]\n";
  assert.deepEqual(analyzeIsolated(text).codes, ["scenario.schema"]);
});

test("regression: a model set up at x = 4e16 no longer makes analyze() abort", () => {
  // Found by fuzzing, fixed in db70538: above 2^53 cells (4e16" with 4" cells) `cx++` no longer
  // changed cx, so SpatialGrid.query (shared/board/spatial-grid.ts) spun forever, pushing the same
  // model until V8 aborted with "invalid size error" — which killed the language server.
  const text = "scenario: s\nturn: red\nunits:\n  a:\n    player: red\n    base: 32\n    models:\n      a1: [4e16, 0]\n";
  const r = analyzeIsolated(text);
  assert.deepEqual(r.codes, ["scenario.schema"], `analyze did not return: ${r.ended}`);
});

test("regression: a pile-in move to y = -1e17 no longer makes analyze() abort", () => {
  // The move's end is beyond any table: reported on its line, the move left out.
  const text =
    "scenario: s\nturn: red\nunits:\n  a:\n    player: red\n    base: 32\n    charged: true\n    models:\n      a1: [10, 10]\n" +
    "  b:\n    player: blue\n    base: 32\n    models:\n      b1: [12, 10]\nsteps:\n  - pile-in: a\n    to:\n      a1: [10, -1e17]\n";
  const r = analyzeIsolated(text);
  assert.deepEqual(r.codes, ["scenario.schema"], `analyze did not return: ${r.ended}`);
});

/** 1,000 models of one unit set up on one spot, next to an enemy model: about 21 KB of text. */
function stacked(models: number): string {
  const lines = ["scenario: stacked", "turn: red", "units:", "  a:", "    player: red", "    base: 32", "    models:"];
  for (let i = 0; i < models; i++) lines.push(`      a${i}: [10, 10]`);
  lines.push("  b:", "    player: blue", "    base: 32", "    models:", "      b1: [30, 10]");
  return `${lines.join("\n")}\n`;
}

test("regression: 1,000 models stacked on one spot (21 KB) get their diagnostics within 5 s", { timeout: 60_000 }, async () => {
  // Every overlapping pair used to be a scenario.overlap finding: 499,500 diagnostics, 12 s and
  // 1.1 GB in the server; with 2,000 models nothing was published at all. Now each model gets
  // one finding naming the bases it overlaps (shared/rules/common/setup.ts).
  const { server } = await LspServer.start();
  try {
    const uri = scenarioUri("stacked");
    const t0 = Date.now();
    await server.open(uri, stacked(1000), 1);
    const published = await server.diagnostics(uri, 1, 5_000).catch(() => undefined);
    assert.ok(published, `no diagnostics within 5 s (waited ${Date.now() - t0} ms)`);
    assert.equal(published.diagnostics[0]?.code, "scenario.overlap");
    assert.equal(published.diagnostics.length, 999, "one finding per model after the first");
  } finally {
    server.dispose();
  }
});

// `npm run fuzz` reproductions, kept as regression inputs: each file of test/fixtures/fuzz/ goes
// through the fuzzer's own checks (analyze, every step rendered with the source embedded, the
// SVG well formed, the source given back exactly, no stray NaN/Infinity/undefined; in a child
// process with the 5 s hang limit) and must show no finding at all. Where a `.json` of the same
// name carries `text`, that is the exact input (a lone surrogate cannot live in a UTF-8 file).
const FUZZ_FIXTURES = path.resolve(__dirname, "..", "..", "..", "test", "fixtures", "fuzz");

/**
 * Reproductions whose bug is still open in shared/, with the reason: their tests are `todo` (run
 * and reported, not failing the suite). Remove an entry when its fix lands; the test then guards it.
 */
export const KNOWN_OPEN: Readonly<Record<string, string>> = {};

function fuzzFixtures(): { name: string; text: string }[] {
  if (!existsSync(FUZZ_FIXTURES)) return [];
  return readdirSync(FUZZ_FIXTURES)
    .filter((f) => f.endsWith(".scenario.yaml"))
    .sort()
    .map((name) => {
      const json = path.join(FUZZ_FIXTURES, name.replace(/\.scenario\.yaml$/, ".json"));
      const exact = existsSync(json) ? (JSON.parse(readFileSync(json, "utf8")) as { text?: unknown }).text : undefined;
      return { name, text: typeof exact === "string" ? exact : readFileSync(path.join(FUZZ_FIXTURES, name), "utf8") };
    });
}

describe("fuzz reproductions (test/fixtures/fuzz/) show no finding", () => {
  const pool = new ScalePool(2);
  after(() => pool.close());
  const fixtures = fuzzFixtures();

  test("every known-open entry names a reproduction that exists", () => {
    const names = new Set(fixtures.map((f) => f.name));
    assert.deepEqual(
      Object.keys(KNOWN_OPEN).filter((n) => !names.has(n)),
      [],
    );
  });

  for (const { name, text } of fixtures) {
    const todo = KNOWN_OPEN[name];
    test(name, { timeout: 30_000, ...(todo ? { todo } : {}) }, async () => {
      const outcome = await pool.run(text);
      assert.deepEqual(
        outcome.findings.map((f) => `${f.kind}: ${f.detail}`),
        [],
      );
    });
  }
});
