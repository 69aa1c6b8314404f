// Benchmark: the bounded work of issue 10, over the real server on stdio. Each figure is a ratio
// against a baseline measured in the same run (these machines are shared): the board request of
// hostile scenarios against the board of an example, a hover on an ordinary document sent right
// behind a board request of the hostile one against the same hover alone, and the server's heap
// (after a full collection) after opening and closing huge documents against its heap before.
// Prints; asserts nothing.
//
//   npm run bench:limits
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { LspServer, scenarioUri } from "../lsp/harness";
import { createRng } from "../helpers/prng";
import { describe, median, table } from "./stats";
import type { MemoryResult } from "../../shared/protocol/messages";

const ROOT = join(__dirname, "..", "..", "..");
const EXAMPLE = readFileSync(join(ROOT, "examples", "illegal-pile-in.scenario.yaml"), "utf8");
const HEAD = "scenario: t\nturn: red\n";
const HOSTILE: Record<string, string> = {
  "move from y = 1e16": `${HEAD}phase: fight\nboard: [44, 30]\nunits:\n  a: { player: red, base: 32, models: { a1: [10, 1e16] } }\nsteps:\n  - pile-in: a\n    to: { a1: [10, 10] }\n`,
  "board [44, 1e8]": `${HEAD}board: [44, 1e8]\nunits:\n  a: { player: red, base: 32, models: { a1: [10, 10] } }\n`,
  "board [30, 2e16]": `${HEAD}board: [30, 20000000000000000]\nunits:\n  a: { player: red, base: 32, models: { a1: [10, 10] } }\n`,
  "board [1000, 1000], far move": `${HEAD}phase: fight\nboard: [1000, 1000]\nunits:\n  a: { player: red, base: 32, models: { a1: [1, 999] } }\nsteps:\n  - pile-in: a\n    to: { a1: [999, 1] }\n`,
};
const OTHER = `${HEAD}board: [44, 30]\nunits:\n  g:\n    player: red\n    base: 32\n    models:\n      g1: [10, 10]\n`;
const REPS = 15;

async function timed<T>(f: () => Promise<T>): Promise<number> {
  const t0 = performance.now();
  await f();
  return performance.now() - t0;
}

/** The server's heap after a full collection, in MB (ruleboard/memoryUsage, --expose-gc). */
async function heapMb(server: LspServer): Promise<number> {
  const m = await server.request<MemoryResult>("ruleboard/memoryUsage", null);
  return m.heapUsed / (1024 * 1024);
}

async function main(): Promise<void> {
  const { server } = await LspServer.start({ nodeArgs: ["--expose-gc"] });
  let version = 1;
  const open = async (name: string, text: string): Promise<string> => {
    const uri = scenarioUri(`bench-limits-${name.replace(/\W+/g, "-")}`);
    await server.open(uri, text, version);
    await server.diagnostics(uri, version, 120_000);
    return uri;
  };
  const boardOf = (uri: string) => () => server.request("ruleboard/board", { uri }, 120_000);
  const other = await open("other", OTHER);
  const hover = () => server.request("textDocument/hover", { textDocument: { uri: other }, position: { line: 8, character: 7 } });

  const rows: string[][] = [];
  const example = await open("example", EXAMPLE);
  const base: number[] = [];
  for (let i = 0; i < REPS; i++) base.push(await timed(boardOf(example)));
  rows.push(["board: example (baseline)", describe(base), "1.0×"]);
  for (const [name, text] of Object.entries(HOSTILE)) {
    const uri = await open(name, text);
    const samples: number[] = [];
    for (let i = 0; i < REPS; i++) samples.push(await timed(boardOf(uri)));
    rows.push([`board: ${name}`, describe(samples), `${(median(samples) / median(base)).toFixed(1)}×`]);
  }

  const alone: number[] = [];
  for (let i = 0; i < REPS; i++) alone.push(await timed(hover));
  rows.push(["hover on another document (baseline)", describe(alone), "1.0×"]);
  const heavy = await open("heavy", HOSTILE["board [30, 2e16]"]);
  const behind: number[] = [];
  for (let i = 0; i < REPS; i++) {
    const pending = server.request("ruleboard/board", { uri: heavy });
    behind.push(await timed(hover));
    await pending;
  }
  rows.push(["hover right behind the 2e16 board", describe(behind), `${(median(behind) / median(alone)).toFixed(1)}×`]);
  console.log(table(["request", "median / p95 ms", "ratio"], rows));

  // Memory: huge documents opened, then closed; the heap after a collection against the heap before them.
  const before = await heapMb(server);
  const rng = createRng(5);
  const random = Array.from({ length: 5_000_000 }, () => String.fromCharCode(32 + Math.floor(rng() * 95))).join("");
  const huge = [
    ["1,000,000 unclosed [", "[".repeat(1_000_000)],
    ["5 MB of random text", random],
    ["300 KB scenario (parse only)", OTHER + "# pad\n".repeat(50_000)],
  ];
  const mem: string[][] = [["before", before.toFixed(1), "1.0×"]];
  for (const [name, text] of huge) {
    const t = await timed(async () => {
      const uri = await open(name, text);
      await server.close(uri);
    });
    const now = await heapMb(server);
    mem.push([`after ${name} (open ${t.toFixed(0)} ms, closed)`, now.toFixed(1), `${(now / before).toFixed(2)}×`]);
  }
  // Five more rounds of the largest document fully parsed, opened then replaced by a small text:
  // if memory follows the documents open, RSS settles instead of growing round by round.
  const replaced = scenarioUri("bench-limits-replaced");
  for (let round = 1; round <= 5; round++) {
    version++;
    await server.open(replaced, huge[2][1], version);
    await server.diagnostics(replaced, version, 120_000);
    await server.change(replaced, OTHER, version + 1);
    await server.diagnostics(replaced, version + 1, 120_000);
    await server.close(replaced);
    version++;
    const now = await heapMb(server);
    mem.push([`round ${round}: 300 KB opened, replaced by 200 bytes, closed`, now.toFixed(1), `${(now / before).toFixed(2)}×`]);
  }
  console.log(table(["server memory", "heap MB", "ratio"], mem));
  server.dispose();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
