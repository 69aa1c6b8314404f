/**
 * The text of `ruleboard compare`: verdicts side by side, step by step. Pure like the rest of
 * shared/, so the editor's "Compare Rules Systems…" command prints the same text (client/ bundles it).
 */
import type { Comparison, Finding, RowComparison, StepComparison, Verdict } from "./compare";

/** What to print. */
export interface CompareTextOptions {
  /** Every step (and the set-up), not only those whose verdicts differ. */
  readonly all: boolean;
}

/**
 * One block per shown step, e.g.
 * ```
 * step 4  line 31  fight: boyz
 *   11e       legal
 *   10e+club  illegal  fight.target (31:5)
 * ```
 * then a summary line, `2 of 7 steps differ`. Steps count from 1; positions are line:column.
 * With `all`, a differing step's header ends with `(differs)`.
 */
export function formatCompareText(comparison: Comparison, options: CompareTextOptions): string {
  const blocks: string[] = [];
  const setup = comparison.setup;
  if (setup.differs || (options.all && setup.verdicts.some((v) => v.findings.length > 0))) {
    blocks.push(block(options.all && setup.differs ? "set-up  (differs)" : "set-up", setup));
  }
  for (const step of comparison.steps) {
    if (options.all || step.differs) blocks.push(block(stepHeader(step, options.all), step));
  }
  return `${blocks.join("")}${summary(comparison)}\n`;
}

/** `2 of 7 steps differ`, `1 of 1 step differs`, and a note when the set-up differs too. */
function summary(comparison: Comparison): string {
  const n = comparison.differingSteps;
  const total = comparison.stepCount;
  const setup = comparison.setup.differs ? "; the set-up differs too" : "";
  return `${n} of ${total} step${total === 1 ? "" : "s"} ${n === 1 ? "differs" : "differ"}${setup}`;
}

function stepHeader(step: StepComparison, all: boolean): string {
  const marked = step.illegal === undefined ? "" : `  marked illegal: ${step.illegal === "all" ? "true" : step.illegal.join(", ")}`;
  const differs = all && step.differs ? "  (differs)" : "";
  return `step ${step.index + 1}  line ${step.line}  ${step.kind}: ${step.subject}${marked}${differs}`;
}

/** A header, one line per system with its labels and verdicts in aligned columns, and a blank line. */
function block(header: string, row: RowComparison): string {
  const labelWidth = Math.max(...row.verdicts.map((v) => v.system.length));
  const verdictWidth = Math.max(...row.verdicts.map((v) => v.verdict.length));
  const lines = row.verdicts.map((v) => `  ${v.system.padEnd(labelWidth)}  ${v.verdict.padEnd(verdictWidth)}  ${codes(v)}`.trimEnd());
  return `${header}\n${lines.join("\n")}\n\n`;
}

/**
 * The errors and warnings of a verdict, grouped by code in order of first appearance:
 * `fight.target (31:5)`, `move.missed-engagement (23:7, 24:7)`. A warning in an illegal
 * verdict says so, and a finding the step's `illegal:` marker lists says `expected`.
 */
function codes(verdict: Verdict): string {
  const groups = new Map<string, { first: Finding; at: string[] }>();
  for (const f of verdict.findings) {
    if (f.severity === "info") continue;
    const key = `${f.code} ${f.severity} ${f.expected}`;
    const group = groups.get(key) ?? { first: f, at: [] };
    group.at.push(`${f.line}:${f.column}`);
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ first, at }) => {
      const notes = [...at];
      if (first.severity === "warning" && verdict.verdict === "illegal") notes.push("warning");
      if (first.expected) notes.push("expected");
      return `${first.code} (${notes.join(", ")})`;
    })
    .join(", ");
}

/**
 * `compare --format json`: the engine's {@link Comparison} with `filePath` first, pretty-printed.
 * Without `all`, `steps` holds only the steps that differ (`stepCount` still counts every step).
 * Shape (see shared/engine/compare.ts for every field): { filePath, ok: true, systems, setup:
 * { differs, verdicts }, steps: [{ index, kind, subject, head, line, column, illegal?, differs,
 * verdicts: [{ system, verdict, findings: [{ code, severity, message, span, line, column, expected }] }] }],
 * stepCount, differingSteps }. Lines and columns are 1-based; spans are 0-based UTF-16 offsets, end exclusive.
 */
export function formatCompareJson(filePath: string, comparison: Comparison, options: CompareTextOptions): string {
  const steps = options.all ? comparison.steps : comparison.steps.filter((s) => s.differs);
  return `${JSON.stringify({ filePath, ...comparison, steps }, null, 2)}\n`;
}
