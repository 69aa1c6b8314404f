/** One checked file's problems, positioned in 1-based lines and columns for the formatters. */
import { consequencesOf } from "../../shared/diagnostics/problem";
import type { Analysis, LineIndex, Problem, Severity } from "../../shared/index";

/**
 * A finding folded into a message as its consequence (`shared/engine/cascade.ts`), placed in the
 * file like a message. Columns are 1-based; `endColumn` is exclusive, as in ESLint.
 */
export interface ReportConsequence {
  readonly code: string;
  readonly severity: Severity;
  readonly message: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** A problem placed in the file, with the consequences folded into it (absent when there are none). */
export interface ReportMessage extends ReportConsequence {
  readonly consequences?: readonly ReportConsequence[];
}

/** The consequences folded into `problem`, placed in the file; empty for most problems. */
export function reportConsequences(problem: Problem, lines: LineIndex): ReportConsequence[] {
  return consequencesOf(problem).map((c) => {
    const start = lines.lineCol(c.span.start);
    const end = lines.lineCol(Math.max(c.span.start, c.span.end));
    return { code: c.code, severity: c.severity, message: c.message, line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
  });
}

/** What the formatters print for one file. */
export interface FileReport {
  /** Absolute path. */
  readonly filePath: string;
  /** Sorted by position. */
  readonly messages: readonly ReportMessage[];
}

/** Problem counts by severity. */
export interface Counts {
  readonly errors: number;
  readonly warnings: number;
  readonly infos: number;
}

/**
 * Turns an analysis into a report, sorted by start then end position (a stable sort, so
 * problems at one place keep the engine's order). With `quiet`, only errors are kept, so
 * the listing, the counts and the JSON all agree about what was reported.
 */
export function toFileReport(filePath: string, analysis: Analysis, quiet: boolean): FileReport {
  const kept: Problem[] = analysis.problems.filter((p) => !quiet || p.severity === "error");
  kept.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
  const messages = kept.map((p): ReportMessage => {
    const start = analysis.lines.lineCol(p.span.start);
    const end = analysis.lines.lineCol(Math.max(p.span.start, p.span.end));
    const consequences = reportConsequences(p, analysis.lines);
    const message = {
      code: p.code,
      severity: p.severity,
      message: p.message,
      line: start.line,
      column: start.column,
      endLine: end.line,
      endColumn: end.column,
    };
    return consequences.length > 0 ? { ...message, consequences } : message;
  });
  return { filePath, messages };
}

/** Counts the messages of one report by severity. */
export function countMessages(messages: readonly ReportMessage[]): Counts {
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  for (const m of messages) {
    if (m.severity === "error") errors++;
    else if (m.severity === "warning") warnings++;
    else infos++;
  }
  return { errors, warnings, infos };
}

/** Adds counts together (for the summary line). */
export function addCounts(a: Counts, b: Counts): Counts {
  return { errors: a.errors + b.errors, warnings: a.warnings + b.warnings, infos: a.infos + b.infos };
}
