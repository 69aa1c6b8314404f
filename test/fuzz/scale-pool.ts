// A pool of checking child processes for `npm run fuzz` and its regression test. Each child takes
// one input at a time; one that does not answer within the hang limit is killed (SIGKILL) and a
// fresh one takes its place for the next input, as is one that died (a V8 fatal error such as a
// heap blown by a huge board aborts the whole process, so threads would not do).
import { fork, type ChildProcess } from "node:child_process";
import * as path from "node:path";
import type { Finding, Stage } from "./scale-checks";
import type { ScaleJob, ScaleResult } from "./scale-worker";

/** The default per-input hang limit. */
export const HANG_MS = 5_000;
/** The default "slow" threshold for one input (analyze plus every render). */
export const SLOW_MS = 1_000;
/** Heap of each child: a blown heap should die quickly, not after eating the machine. */
const CHILD_HEAP_MB = 1_024;

/** How one input went: the child's findings and time, or a hang or a death turned into a finding. */
export interface Outcome {
  readonly ms: number;
  readonly findings: readonly Finding[];
}

class Slot {
  child: ChildProcess | undefined;
  stderr = "";
  stage = "";

  spawn(): ChildProcess {
    if (this.child) return this.child;
    this.stderr = "";
    this.stage = "";
    const child = fork(path.join(__dirname, "scale-worker.js"), [], {
      stdio: ["ignore", "pipe", "pipe", "ipc"],
      execArgv: [`--max-old-space-size=${CHILD_HEAP_MB}`],
    });
    // A send to a child just killed fails with EPIPE; the exit handler already reports it.
    child.on("error", () => {});
    let pending = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split("\n");
      pending = lines.pop() ?? "";
      const last = lines.filter((l) => l.startsWith("stage ")).pop();
      if (last) this.stage = last;
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    this.child = child;
    return child;
  }
}

/** "render 3" from "stage 17 render 3" (the 0-based step index; none for the set-up). */
function stageOf(line: string, id: number): { stage: Stage | "start"; where: string } {
  const m = /^stage (\d+) (\w+)(?: (\d+))?$/.exec(line);
  if (!m || Number(m[1]) !== id) return { stage: "start", where: "before analyze started" };
  const step = m[3] === undefined ? "" : ` of step ${Number(m[3]) + 1}`;
  return { stage: m[2] as Stage, where: `in ${m[2]}${m[2] === "analyze" ? "" : step === "" ? " of the set-up" : step}` };
}

export class ScalePool {
  private readonly slots: Slot[];
  private readonly idle: Slot[];
  private readonly waiting: ((slot: Slot) => void)[] = [];
  private nextId = 0;

  constructor(
    size: number,
    private readonly hangMs = HANG_MS,
    private readonly slowMs = SLOW_MS,
  ) {
    this.slots = Array.from({ length: Math.max(1, size) }, () => new Slot());
    this.idle = [...this.slots];
  }

  private acquire(): Promise<Slot> {
    const slot = this.idle.pop();
    if (slot) return Promise.resolve(slot);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(slot: Slot): void {
    const next = this.waiting.shift();
    if (next) next(slot);
    else this.idle.push(slot);
  }

  /** Checks one input in a child; a hang or a death is a finding, "slow" is added here. */
  async run(text: string): Promise<Outcome> {
    const slot = await this.acquire();
    try {
      return await this.runIn(slot, text);
    } finally {
      this.release(slot);
    }
  }

  private runIn(slot: Slot, text: string): Promise<Outcome> {
    const child = slot.spawn();
    const id = ++this.nextId;
    const t0 = Date.now();
    return new Promise((resolve) => {
      const done = (outcome: Outcome) => {
        clearTimeout(timer);
        child.off("message", onMessage);
        child.off("exit", onExit);
        resolve(outcome);
      };
      const onMessage = (message: unknown) => {
        const r = message as ScaleResult;
        if (r.id !== id) return;
        const findings = [...r.findings];
        if (r.ms > this.slowMs) {
          findings.push({ kind: "slow", signature: "slow", detail: `analyze and ${r.frames} render(s) took ${Math.round(r.ms)} ms (limit ${this.slowMs} ms)` });
        }
        done({ ms: r.ms, findings });
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        slot.child = undefined;
        // Let the last stdout/stderr chunks arrive before reading them.
        setImmediate(() => {
          const { stage, where } = stageOf(slot.stage, id);
          const fatal =
            slot.stderr
              .split("\n")
              .map((l) => l.trim())
              .find((l) => /FATAL ERROR|RangeError|Error:/.test(l)) ??
            slot.stderr.trim().split("\n")[0] ??
            "";
          done({
            ms: Date.now() - t0,
            findings: [
              {
                kind: "crash",
                signature: `process died ${stage}: ${fatal.replace(/^#\s*/, "").replace(/\d+/g, "#").slice(0, 160)}`,
                detail: `the checking process died ${where} (code ${code}, signal ${signal}): ${slot.stderr.trim().split("\n").slice(0, 6).join(" | ")}`,
              },
            ],
          });
        });
      };
      const timer = setTimeout(() => {
        slot.child = undefined;
        child.off("exit", onExit);
        child.kill("SIGKILL");
        const { stage, where } = stageOf(slot.stage, id);
        done({
          ms: Date.now() - t0,
          findings: [{ kind: "hang", signature: `hang in ${stage}`, detail: `no answer within ${this.hangMs} ms; it was ${where}` }],
        });
      }, this.hangMs);
      child.on("message", onMessage);
      child.once("exit", onExit);
      child.send({ id, text } satisfies ScaleJob);
    });
  }

  close(): void {
    for (const s of this.slots) {
      s.child?.kill("SIGKILL");
      s.child = undefined;
    }
  }
}
