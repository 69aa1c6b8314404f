// Where does analyze() spend its time? Runs it in a loop on a generated scenario under the V8
// sampling profiler (node:inspector, in process) and prints the functions with the largest self
// and inclusive shares. Not a test; a tool for when the benchmark's ratio is off target.
//
//   npm run compile-tests && node out/test/bench/profile-analyze.js [scenario] [reps]
//
// scenario: small | large (the fuzz generator's 10 KB and 100 KB), fight:<models> (the benchmark's
// generated Fight phase), pile-in | consolidate | charge (:<units>, default 50), movement (:<units>,
// default 300), incoherent (the 11e pile-in of an incoherent unit, 20 v 80 ovals).
//
// Also writes the raw profile to out/analyze.cpuprofile (open it in Chrome DevTools or VS Code).
import { writeFileSync, mkdirSync } from "node:fs";
import { Session, type Profiler } from "node:inspector";
import * as path from "node:path";
import { analyze } from "../../shared/index";
import { checkScenario } from "../../shared/engine/check-scenario";
import { parseScenario } from "../../shared/parse/parse-scenario";
import { readingOf } from "../../shared/parse/text-limits";
import { generateScenario, LARGE_SCENARIO, SMALL_SCENARIO } from "../helpers/generate-scenario";
import { fightPhaseScenario, incoherentPileIn, stressScenario } from "./scenarios";

const ROOT = path.resolve(__dirname, "..", "..", "..");

function post<T>(session: Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) => session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result as T))));
}

/** Self and inclusive time per function (a recursive function counts once per sample). */
function summarize(profile: Profiler.Profile): { total: number; self: Map<string, number>; inclusive: Map<string, number> } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (id: number): string => {
    const f = byId.get(id)!.callFrame;
    const file = f.url.replace(/^file:\/\//, "").replace(`${ROOT}/`, "");
    return `${f.functionName || "(anonymous)"}  ${file}:${f.lineNumber + 1}`;
  };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const deltas = profile.timeDeltas ?? [];
  let total = 0;
  (profile.samples ?? []).forEach((id, i) => {
    const dt = deltas[i] ?? 0;
    total += dt;
    self.set(name(id), (self.get(name(id)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = name(at);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
    }
  });
  return { total, self, inclusive };
}

function top(map: Map<string, number>, total: number, n: number): string {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, t]) => `${((100 * t) / total).toFixed(1).padStart(5)}%  ${key}`)
    .join("\n");
}

/** The text named on the command line. */
function scenarioText(name = "large"): string {
  const [kind, n] = name.split(":");
  if (kind === "small") return generateScenario(SMALL_SCENARIO);
  if (kind === "large") return generateScenario(LARGE_SCENARIO);
  if (kind === "fight") return fightPhaseScenario(Number(n ?? 2000));
  if (kind === "incoherent") return incoherentPileIn(20, 80);
  if (kind === "pile-in" || kind === "consolidate" || kind === "charge") return stressScenario(kind, Number(n ?? 50));
  if (kind === "movement") return stressScenario(kind, Number(n ?? 300));
  throw new Error(`unknown scenario ${name}`);
}

async function main(): Promise<void> {
  const reps = Number(process.argv[3] ?? 5);
  const text = scenarioText(process.argv[2]);
  // Past the full-check limit analyze() only parses: profile parse + checkScenario there instead.
  const run =
    readingOf(text).kind === "full"
      ? () => analyze(text)
      : () => {
          const parsed = parseScenario(text);
          if (parsed.scenario) checkScenario(parsed.scenario, {});
        };
  run(); // warm-up, outside the profile
  const session = new Session();
  session.connect();
  await post(session, "Profiler.enable");
  await post(session, "Profiler.setSamplingInterval", { interval: 200 });
  await post(session, "Profiler.start");
  const t0 = Date.now();
  for (let i = 0; i < reps; i++) run();
  const wall = Date.now() - t0;
  const { profile } = await post<{ profile: Profiler.Profile }>(session, "Profiler.stop");
  session.disconnect();
  mkdirSync(path.join(ROOT, "out"), { recursive: true });
  writeFileSync(path.join(ROOT, "out", "analyze.cpuprofile"), JSON.stringify(profile));
  const { total, self, inclusive } = summarize(profile);
  console.log(`${reps} x analyze of ${(text.length / 1024).toFixed(1)} KiB: ${(wall / reps).toFixed(0)} ms each\n`);
  console.log(`self time:\n${top(self, total, 20)}\n\ninclusive time:\n${top(inclusive, total, Number(process.env.TOP ?? 40))}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`profile failed: ${String(error)}\n`);
  process.exit(1);
});
