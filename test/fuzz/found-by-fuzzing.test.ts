// What the fuzz tests found in shared/ or server/, each reduced to a minimal input: regressions
// for bugs since fixed, and known failures that fail until their bug is fixed. Analyses run in a
// separate process (or server) with a time limit, because the failure modes are a V8 fatal error,
// an endless loop or a flood of output that no try/catch in the test could stop.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { LspServer, scenarioUri } from "../lsp/harness";

const SHARED = path.resolve(__dirname, "..", "..", "shared", "index.js");

/** Analyses `text` in a fresh process; returns the problem codes, or how the process ended. */
function analyzeIsolated(text: string, timeoutMs = 5_000): { codes?: string[]; ended: string } {
  const script = `const { analyze } = require(${JSON.stringify(SHARED)});
let text = ""; process.stdin.on("data", (c) => (text += c)).on("end", () => {
  process.stdout.write(JSON.stringify(analyze(text).problems.map((p) => p.code)));
});`;
  const r = spawnSync(process.execPath, ["-e", script], { input: text, timeout: timeoutMs, encoding: "utf8", maxBuffer: 1 << 26 });
  const ended = r.error ? `${r.error.message}` : `status ${r.status}, signal ${r.signal}`;
  if (r.status !== 0) return { ended: `${ended}; stderr: ${(r.stderr ?? "").split("\n").filter((l) => /\S/.test(l) && l.trim() !== "#").slice(0, 2).join(" | ")}` };
  return { codes: JSON.parse(r.stdout) as string[], ended };
}

test("control: the isolated run returns the codes for a model at x = 1e15, which analyze handles", () => {
  const text = "scenario: s\nturn: red\nunits:\n  a:\n    player: red\n    base: 32\n    models:\n      a1: [1e15, 0]\n";
  assert.deepEqual(analyzeIsolated(text).codes, ["scenario.off-board"]);
});

test("regression: a model set up at x = 4e16 no longer makes analyze() abort", () => {
  // Found by fuzzing, fixed in db70538: above 2^53 cells (4e16" with 4" cells) `cx++` no longer
  // changed cx, so SpatialGrid.query (shared/engine/spatial-grid.ts) spun forever, pushing the same
  // model until V8 aborted with "invalid size error" — which killed the language server.
  const text = "scenario: s\nturn: red\nunits:\n  a:\n    player: red\n    base: 32\n    models:\n      a1: [4e16, 0]\n";
  const r = analyzeIsolated(text);
  assert.deepEqual(r.codes, ["scenario.off-board"], `analyze did not return: ${r.ended}`);
});

test("regression: a pile-in move to y = -1e17 no longer makes analyze() abort", () => {
  // The same findings as for a move to y = -1e12, which analyze handles today.
  const text =
    "scenario: s\nturn: red\nunits:\n  a:\n    player: red\n    base: 32\n    charged: true\n    models:\n      a1: [10, 10]\n" +
    "  b:\n    player: blue\n    base: 32\n    models:\n      b1: [12, 10]\nsteps:\n  - pile-in: a\n    to:\n      a1: [10, -1e17]\n";
  const r = analyzeIsolated(text);
  const expected = ["move.too-far", "move.off-board", "move.not-closer", "move.missed-engagement", "engagement.lost", "engagement.required"];
  assert.deepEqual(r.codes, expected, `analyze did not return: ${r.ended}`);
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
  // one finding naming the bases it overlaps (shared/rules/setup.ts).
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
