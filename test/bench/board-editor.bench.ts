// Benchmark: the board editor. (1) The legal region of one model, next to one analysis of the same
// text (the baseline, measured in the same run), in process, for a realistic scenario and for a
// generated one of 2,000 models. (2) Drag -> updated board over stdio: `ruleboard/place`, the edit
// sent as didChange, then `ruleboard/board` for the new version, next to a lone board request.
// Prints a table; asserts nothing about time.
//
//   npm run bench:editor   (builds dist/, compiles the tests, runs this file)
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import { analyze } from "../../shared/index";
import { moveRegion } from "../../shared/engine/region";
import type { BoardResult, PlaceResult } from "../../shared/protocol/messages";
import type { Scenario } from "../../shared/model/scenario";
import { generateScenario, LARGE_SCENARIO } from "../helpers/generate-scenario";
import { LspServer, scenarioUri } from "../lsp/harness";
import { describe, median, table } from "./stats";

const ROOT = path.resolve(__dirname, "..", "..", "..");

function time(reps: number, budgetMs: number, body: (i: number) => unknown): number[] {
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    body(i);
    samples.push(performance.now() - t0);
    if (performance.now() - started > budgetMs) break;
  }
  return samples;
}

/** The first step that moves a model which is free to move (its region is more than a point), and that model. */
function movingModel(scenario: Scenario): { step: number; model: string } {
  for (const s of scenario.steps) {
    if (s.kind !== "pile-in" && s.kind !== "consolidate") continue;
    for (const mv of s.moves) {
      const r = moveRegion(scenario, s.index, mv.model.id, { maxSamples: 60 });
      if (r.note === undefined || r.note.startsWith("cut short")) return { step: s.index, model: mv.model.id };
    }
  }
  throw new Error("no moving model");
}

async function main(): Promise<void> {
  const cases = [
    { label: "illegal-pile-in (4 models)", text: readFileSync(path.join(ROOT, "examples", "illegal-pile-in.scenario.yaml"), "utf8"), reps: 20 },
    { label: "generated (2,000 models, 400 steps)", text: generateScenario(LARGE_SCENARIO), reps: 3 },
  ];
  const rows: string[][] = [];
  for (const c of cases) {
    const scenario = analyze(c.text).scenario!;
    const { step, model } = movingModel(scenario);
    time(2, 60_000, () => moveRegion(scenario, step, model));
    const region = time(c.reps, 60_000, () => moveRegion(scenario, step, model));
    const base = time(c.reps, 60_000, () => analyze(c.text));
    const r = moveRegion(scenario, step, model);
    rows.push([c.label, `${model}, step ${step + 1}`, String(r.samples), describe(region), describe(base), (median(region) / median(base)).toFixed(2)]);
  }
  console.log("legal region of one model, in process (baseline: one analyze() of the same text)\n");
  console.log(table(["scenario", "model", "spots", "region ms", "analyze ms", "ratio"], rows));

  const { server } = await LspServer.start();
  try {
    const rowsLsp: string[][] = [];
    for (const c of cases) {
      const uri = scenarioUri(`bench-editor-${rowsLsp.length}`);
      const scenario = analyze(c.text).scenario!;
      const { step, model } = movingModel(scenario);
      const from = scenario.steps.find((s) => s.index === step)!;
      const start = "moves" in from ? from.moves.find((mv) => mv.model.id === model)!.path.at(-1)! : { x: 0, y: 0 };
      let version = 1;
      let text = c.text;
      await server.open(uri, text, version);
      await server.request<BoardResult>("ruleboard/board", { uri, step });
      const lone: number[] = [];
      const drag: number[] = [];
      const reps = c.reps * 2;
      for (let i = 0; i < reps; i++) {
        let t0 = performance.now();
        await server.request<BoardResult>("ruleboard/board", { uri, step });
        lone.push(performance.now() - t0);
        // A drag of 0.1" back and forth, as a nudge would write it.
        const to = [start.x + (i % 2 === 0 ? 0.1 : 0), start.y] as const;
        t0 = performance.now();
        const placed = await server.request<PlaceResult>("ruleboard/place", { uri, version, step, moves: [{ model, to }] });
        if (placed === null || !("edits" in placed)) throw new Error(`place refused: ${JSON.stringify(placed)}`);
        for (const e of [...placed.edits].sort((a, b) => b.start - a.start)) text = text.slice(0, e.start) + e.newText + text.slice(e.end);
        await server.change(uri, text, ++version);
        const board = await server.request<BoardResult>("ruleboard/board", { uri, step });
        if (board.version !== version) throw new Error("stale board");
        drag.push(performance.now() - t0);
      }
      rowsLsp.push([c.label, describe(drag), describe(lone), (median(drag) / median(lone)).toFixed(2)]);
    }
    console.log("\ndrag -> updated board over stdio (place + didChange + board; baseline: a lone board request)\n");
    console.log(table(["scenario", "drag -> board ms", "board ms", "ratio"], rowsLsp));
  } finally {
    await server.shutdownAndExit().catch(() => undefined);
    server.dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
