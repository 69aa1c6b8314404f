// `npm run fuzz -- --count N --seed S [--out DIR]`: fuzzing at scale. Mutates every seed scenario
// (scale-mutate.ts), checks each input in a pool of child processes (scale-pool.ts: analyze, render
// of every step, the embedded source's round trip, well-formed SVG, no stray NaN/Infinity/
// undefined), minimises one reproduction per distinct finding and writes it to the out folder as
// `<kind>-<hash>.scenario.yaml` with a `.json` beside it. Exits 1 when anything was found.
// Entry: scripts/fuzz.mjs calls main(); loading this module does nothing by itself.
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import * as path from "node:path";
import { createRng } from "../helpers/prng";
import { minimise } from "./minimise";
import { FINDING_KINDS, type Finding, type FindingKind } from "./scale-checks";
import { generateInputs, loadSeeds, type FuzzInput } from "./scale-mutate";
import { HANG_MS, ScalePool, SLOW_MS, type Outcome } from "./scale-pool";

/** Repository root, from out/test/fuzz. */
export const ROOT = path.resolve(__dirname, "..", "..", "..");

export interface FuzzOptions {
  readonly count: number;
  readonly seed: number;
  readonly out: string;
  readonly jobs: number;
  readonly hangMs: number;
  readonly slowMs: number;
  /** Time allowed to minimise each distinct finding. */
  readonly minimiseMs: number;
  /** Distinct findings minimised at most (the others are written as found). */
  readonly maxMinimise: number;
}

const USAGE = `usage: npm run fuzz -- [--count N] [--seed S] [--out DIR] [--jobs J] [--hang-ms MS] [--slow-ms MS] [--minimise-ms MS] [--max-minimise K]
  --count N         inputs to generate and check (default 1000, what CI runs)
  --seed S          PRNG seed; the same seed and count give the same inputs (default 20261201)
  --out DIR         where reproductions go (default out/fuzz)
  --jobs J          child processes (default: the number of CPUs)
  --hang-ms MS      per-input limit before the child is killed as hung (default ${HANG_MS})
  --slow-ms MS      an input slower than this is a "slow" finding (default ${SLOW_MS})
  --minimise-ms MS  time to minimise each distinct finding (default 20000)
  --max-minimise K  distinct findings to minimise at most (default 40)`;

/** Parses the command line; a string is a usage error. */
export function parseArgs(argv: readonly string[]): FuzzOptions | string {
  const o = {
    count: 1000,
    seed: 20261201,
    out: path.join(ROOT, "out", "fuzz"),
    jobs: Math.max(1, availableParallelism()),
    hangMs: HANG_MS,
    slowMs: SLOW_MS,
    minimiseMs: 20_000,
    maxMinimise: 40,
  };
  const numeric: Record<string, keyof typeof o> = {
    "--count": "count",
    "--seed": "seed",
    "--jobs": "jobs",
    "--hang-ms": "hangMs",
    "--slow-ms": "slowMs",
    "--minimise-ms": "minimiseMs",
    "--max-minimise": "maxMinimise",
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (flag === "--help" || flag === "-h") return USAGE;
    const value = inline ?? argv[++i];
    if (value === undefined) return `${flag} needs a value\n${USAGE}`;
    if (flag === "--out") o.out = path.resolve(value);
    else if (flag in numeric) {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0 || (flag === "--jobs" && n < 1)) return `${flag}: not a whole number: ${value}`;
      (o as Record<string, unknown>)[numeric[flag]] = n;
    } else return `unknown option ${flag}\n${USAGE}`;
  }
  return o;
}

/** One distinct finding: its kind and signature, the first input that showed it, and how many did. */
interface Group {
  readonly kind: FindingKind;
  readonly signature: string;
  readonly first: FuzzInput;
  readonly detail: string;
  count: number;
  readonly inputs: string[];
}

const KIND_ORDER = new Map(FINDING_KINDS.map((k, i) => [k, i]));

function hashOf(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex").slice(0, 10);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * A "slow" input is one the mutation made slow: over the limit, and over SLOW_RATIO times its own
 * seed's time, measured now in the same pool (so a heavy seed on a loaded machine is not a finding;
 * the machines are shared, and times are compared with a baseline of the same run, never alone).
 */
export const SLOW_RATIO = 3;

async function confirmSlow(pool: ScalePool, input: FuzzInput, outcome: Outcome): Promise<readonly Finding[]> {
  if (!input.seed || !outcome.findings.some((f) => f.kind === "slow")) return outcome.findings;
  const baseline = await pool.run(input.seed);
  return outcome.ms > SLOW_RATIO * baseline.ms ? outcome.findings : outcome.findings.filter((f) => f.kind !== "slow");
}

/** Runs the fuzzer; resolves the exit status (0 nothing found, 1 findings, 2 usage). */
export async function main(argv: readonly string[], log: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): Promise<number> {
  const parsed = parseArgs(argv);
  if (typeof parsed === "string") {
    process.stderr.write(`${parsed}\n`);
    return parsed === USAGE ? 0 : 2;
  }
  const o = parsed;
  const t0 = Date.now();
  const seeds = loadSeeds(ROOT);
  if (seeds.length === 0) {
    process.stderr.write("fuzz: no seed scenarios found\n");
    return 2;
  }
  log(
    `fuzz: ${o.count} inputs from ${seeds.length} seeds, seed ${o.seed}, ${o.jobs} processes, hang limit ${o.hangMs} ms, slow above ${o.slowMs} ms and ${SLOW_RATIO}× its seed's time`,
  );
  const pool = new ScalePool(o.jobs, o.hangMs, o.slowMs);
  const groups = new Map<string, Group>();
  const byKind = new Map<FindingKind, number>();
  let inputsWithFindings = 0;
  let slowest = { name: "", ms: -1, index: -1 };
  let done = 0;
  try {
    const inputs = generateInputs(seeds, createRng(o.seed), o.count);
    const record = (input: FuzzInput, ms: number, findings: readonly Finding[]) => {
      done++;
      if (ms > slowest.ms || (ms === slowest.ms && input.index < slowest.index)) slowest = { name: input.name, ms, index: input.index };
      if (findings.length > 0) inputsWithFindings++;
      const seen = new Set<string>();
      for (const f of findings) {
        const key = `${f.kind}\u0000${f.signature}`;
        if (seen.has(key)) continue;
        seen.add(key);
        byKind.set(f.kind, (byKind.get(f.kind) ?? 0) + 1);
        const g = groups.get(key);
        if (!g) groups.set(key, { kind: f.kind, signature: f.signature, first: input, detail: f.detail, count: 1, inputs: [input.name] });
        else if (input.index < g.first.index)
          groups.set(key, { ...g, first: input, detail: f.detail, count: g.count + 1, inputs: [input.name, ...g.inputs].slice(0, 10) });
        else {
          g.count++;
          if (g.inputs.length < 10) g.inputs.push(input.name);
        }
      }
      if (done % 1000 === 0) log(`fuzz: ${done}/${o.count} inputs, ${inputsWithFindings} with findings, ${seconds(Date.now() - t0)}`);
    };
    // `jobs` loops pull inputs in order from the one generator; results are keyed by input index.
    await Promise.all(
      Array.from({ length: o.jobs }, async () => {
        for (let next = inputs.next(); !next.done; next = inputs.next()) {
          const input = next.value;
          const outcome = await pool.run(input.text);
          record(input, outcome.ms, await confirmSlow(pool, input, outcome));
        }
      }),
    );
    const runMs = Date.now() - t0;

    // One reproduction per distinct finding, the earliest input first, each minimised.
    const ordered = [...groups.values()].sort((a, b) => KIND_ORDER.get(a.kind)! - KIND_ORDER.get(b.kind)! || a.first.index - b.first.index);
    const written: string[] = [];
    if (ordered.length > 0) mkdirSync(o.out, { recursive: true });
    for (const [i, g] of ordered.entries()) {
      const stillFails = async (text: string) => (await pool.run(text)).findings.some((f) => f.kind === g.kind && f.signature === g.signature);
      const m =
        i < o.maxMinimise
          ? await minimise(g.first.text, stillFails, { ms: o.minimiseMs, parallel: o.jobs })
          : { text: g.first.text, tests: 0, complete: false };
      const base = `${g.kind}-${hashOf(m.text)}`;
      const file = path.join(o.out, `${base}.scenario.yaml`);
      writeFileSync(file, m.text, "utf8");
      const info = {
        kind: g.kind,
        signature: g.signature,
        detail: g.detail,
        input: g.first.name,
        inputIndex: g.first.index,
        seed: o.seed,
        count: o.count,
        inputsWithThisFinding: g.count,
        someInputs: g.inputs,
        originalLength: g.first.text.length,
        minimisedLength: m.text.length,
        minimisationTests: m.tests,
        minimisationComplete: m.complete,
        /** The reproduction exactly (a lone surrogate cannot be written to the UTF-8 .yaml file, JSON keeps it). */
        text: m.text,
        original: g.first.text,
      };
      writeFileSync(path.join(o.out, `${base}.json`), `${JSON.stringify(info, null, 2)}\n`, "utf8");
      written.push(
        `  ${g.kind.padEnd(19)} ${path.relative(process.cwd(), file) || file}  (${g.count} input${g.count === 1 ? "" : "s"}; ${m.text.length} chars from ${g.first.text.length}${m.complete ? "" : ", minimisation cut short"})\n      ${g.signature}`,
      );
    }

    const total = Date.now() - t0;
    log("");
    log(`fuzz summary (seed ${o.seed})`);
    log(`  inputs run:     ${done}`);
    log(`  with findings:  ${inputsWithFindings}`);
    log(`  findings:       ${FINDING_KINDS.map((k) => `${k} ${byKind.get(k) ?? 0}`).join(", ")}`);
    log(`  distinct:       ${ordered.length}`);
    log(`  slowest input:  #${slowest.index} ${slowest.name} in ${Math.round(slowest.ms)} ms`);
    log(`  time:           ${seconds(total)} (checking ${seconds(runMs)}, minimising ${seconds(total - runMs)})`);
    if (written.length > 0) log(`reproductions in ${path.relative(process.cwd(), o.out) || o.out}:\n${written.join("\n")}`);
    return ordered.length > 0 ? 1 : 0;
  } finally {
    pool.close();
  }
}
