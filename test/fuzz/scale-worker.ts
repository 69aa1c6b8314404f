// Child process of `npm run fuzz` (forked with an IPC channel by scale-pool.ts): checks one input
// per message. Before each stage it writes `stage <id> <stage> [step]` to stdout synchronously,
// so when it hangs or dies the pool knows where; the result goes back over IPC.
import { writeSync } from "node:fs";
import { checkInput, type Finding } from "./scale-checks";

/** One input to check. */
export interface ScaleJob {
  readonly id: number;
  readonly text: string;
}

/** What came of it. */
export interface ScaleResult {
  readonly id: number;
  readonly ms: number;
  readonly frames: number;
  readonly findings: readonly Finding[];
}

// Only when forked with IPC: node --test never treats this file as a test, but be harmless if loaded.
if (process.send) {
  process.on("message", (job: ScaleJob) => {
    const result = checkInput(job.text, (stage, step) => {
      writeSync(1, `stage ${job.id} ${stage}${step === undefined ? "" : ` ${step}`}\n`);
    });
    process.send?.({ id: job.id, ms: result.ms, frames: result.frames, findings: result.findings } satisfies ScaleResult);
  });
}
