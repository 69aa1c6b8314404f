// Runs fuzz variants through analyze() in a child process, with a per-call time bound and a
// watchdog that ends a hung child, and saves every failing input under out/fuzz-failures/.
// A child process rather than a worker thread: a V8 fatal error (an array grown past its limit)
// aborts the whole process, and the test must survive it to report the input.
import { fork, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import type { Job, JobResult } from "./analyze-worker";
import type { Variant } from "./mutate";

/** Repository root, from out/test/fuzz. */
export const ROOT = path.resolve(__dirname, "..", "..", "..");
export const FAILURE_DIR = path.join(ROOT, "out", "fuzz-failures");

/** A single analyze() call must return within this (the brief's bound). */
export const CALL_BOUND_MS = 2_000;
/** After this long without an answer the child is presumed hung and is killed. */
const WATCHDOG_MS = 6_000;
/**
 * After this many hangs or crashes in one run the remaining variants are skipped: one bug tends to
 * fire on many variants, and the suite must stay within its time budget while it is unfixed.
 */
const MAX_ABORTS = 3;

/** Writes a failing input where a person can open it; returns the path. */
export function saveFailure(name: string, text: string): string {
  mkdirSync(FAILURE_DIR, { recursive: true });
  const file = path.join(FAILURE_DIR, `${name.replace(/[^A-Za-z0-9._-]+/g, "-").slice(0, 120)}.yaml`);
  writeFileSync(file, text, "utf8");
  process.stderr.write(`fuzz: failing input saved to ${file}\n`);
  return file;
}

/** How a job ended when it produced no result: the watchdog fired, or the child died. */
export type Abort = { readonly kind: "hang" } | { readonly kind: "crash"; readonly how: string };

/** One analysing child process; replaced after a hang or a crash. */
export class AnalyzePool {
  private child: ChildProcess | undefined;
  private stderr = "";
  private nextId = 0;
  /** Hangs and crashes so far in this run. */
  aborts = 0;

  private start(): ChildProcess {
    if (!this.child) {
      this.stderr = "";
      const child = fork(path.join(__dirname, "analyze-worker.js"), [], { stdio: ["ignore", "ignore", "pipe", "ipc"] });
      child.stderr?.on("data", (chunk: Buffer) => {
        this.stderr = (this.stderr + chunk.toString()).slice(-4000);
      });
      this.child = child;
    }
    return this.child;
  }

  /** Analyses one text in the child; resolves an Abort if it hangs or dies (the child is then replaced). */
  run(job: Omit<Job, "id">): Promise<JobResult | Abort> {
    const child = this.start();
    const id = ++this.nextId;
    return new Promise((resolve) => {
      const done = (result: JobResult | Abort) => {
        clearTimeout(timer);
        child.off("message", onMessage);
        child.off("exit", onExit);
        resolve(result);
      };
      const onMessage = (message: unknown) => {
        if ((message as JobResult).id === id) done(message as JobResult);
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        this.child = undefined;
        const last = this.stderr
          .trim()
          .split("\n")
          .filter((l) => l.trim() !== "" && l.trim() !== "#")
          .slice(0, 3)
          .join(" | ");
        done({ kind: "crash", how: `the analysing process died (code ${code}, signal ${signal}): ${last}` });
      };
      const timer = setTimeout(() => {
        this.child = undefined;
        child.kill("SIGKILL");
        done({ kind: "hang" });
      }, WATCHDOG_MS);
      child.on("message", onMessage);
      child.once("exit", onExit);
      child.send({ ...job, id } satisfies Job);
    });
  }

  close(): void {
    this.child?.kill("SIGKILL");
    this.child = undefined;
  }
}

/** The outcome of one source's variants. */
export interface RunSummary {
  /** A line per failing variant, with the saved input's path. */
  readonly failures: string[];
  /** The slowest analysis, for the test's diagnostics. */
  readonly slowest: { readonly name: string; readonly ms: number };
}

/**
 * Runs every variant of one source. Every eighth variant is analysed twice to check that analyze
 * is deterministic.
 */
export async function runVariants(pool: AnalyzePool, source: string, variants: readonly Variant[]): Promise<RunSummary> {
  const failures: string[] = [];
  const slowest = { name: "", ms: 0 };
  for (const [i, v] of variants.entries()) {
    if (pool.aborts >= MAX_ABORTS) {
      failures.push(`${source}: ${variants.length - i} variants skipped after ${MAX_ABORTS} hangs or crashes in this run`);
      break;
    }
    const result = await pool.run({ text: v.text, expect: v.expect, twice: i % 8 === 0 });
    const problems: string[] = [];
    if ("kind" in result) pool.aborts++;
    if ("kind" in result) problems.push(result.kind === "hang" ? `no answer within ${WATCHDOG_MS} ms (hang)` : result.how);
    else {
      if (result.ms > slowest.ms) Object.assign(slowest, { name: v.name, ms: result.ms });
      if (result.error) problems.push(`analyze threw: ${result.error}`);
      if (result.ms > CALL_BOUND_MS) problems.push(`analyze took ${Math.round(result.ms)} ms (bound ${CALL_BOUND_MS} ms)`);
      problems.push(...result.violations);
    }
    if (problems.length === 0) continue;
    const file = saveFailure(`${source}--${v.name}`, v.text);
    failures.push(`${source} / ${v.name}: ${problems.slice(0, 4).join("; ")}\n    input saved to ${file}`);
  }
  return { failures, slowest };
}
