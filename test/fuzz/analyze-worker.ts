// Child process for the engine fuzz test (forked with an IPC channel): analyses one text per
// message and checks the properties, so the test process stays free to notice a hang or a crash.
import { performance } from "node:perf_hooks";
import { parseDocument } from "yaml";
import { analyze } from "../../shared/index";
import { YAML_OPTIONS } from "../../shared/parse/parse-scenario";
import type { Expectation } from "./mutate";
import { checkAnalysis } from "./properties";

/** One input to analyse. */
export interface Job {
  readonly id: number;
  readonly text: string;
  readonly expect?: Expectation;
  /** Also analyse a second time and compare (analyze is pure, so the results must be equal). */
  readonly twice?: boolean;
}

/** What came of it. `error` is set when analyze (or the checks) threw. */
export interface JobResult {
  readonly id: number;
  readonly ms: number;
  readonly violations: readonly string[];
  readonly error?: string;
}

function run(job: Job): JobResult {
  const t0 = performance.now();
  try {
    const analysis = analyze(job.text);
    const ms = performance.now() - t0;
    const yamlValid = parseDocument(job.text, YAML_OPTIONS).errors.length === 0;
    const violations = checkAnalysis(job.text, analysis, yamlValid, job.expect);
    if (job.twice && JSON.stringify(analyze(job.text).problems) !== JSON.stringify(analysis.problems)) {
      violations.push("a second analysis of the same text gave different problems");
    }
    return { id: job.id, ms, violations };
  } catch (error) {
    const ms = performance.now() - t0;
    return { id: job.id, ms, violations: [], error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

// Only when forked with IPC: node --test never treats this file as a test, but be harmless if loaded.
if (process.send) process.on("message", (job: Job) => process.send?.(run(job)));
