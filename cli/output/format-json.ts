/** The machine-readable output: an array shaped like ESLint's `--format json`. */
import { countMessages, type FileReport } from "./report";
import type { Severity } from "../../shared/index";
import type { ReportConsequence, ReportMessage } from "./report";

/** One message in ESLint's shape; `ruleId` is our diagnostic code. */
export interface JsonMessage {
  readonly ruleId: string;
  /** 2 error, 1 warning, 0 info. */
  readonly severity: 0 | 1 | 2;
  readonly message: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  /**
   * The findings folded into this one as its consequences, each a message of the same shape
   * (ESLint has no such field; its readers ignore it). Only present when there are some.
   */
  readonly related?: readonly JsonMessage[];
}

/** One file in ESLint's shape, plus `infoCount` (ESLint has no information severity). */
export interface JsonFileResult {
  readonly filePath: string;
  readonly messages: readonly JsonMessage[];
  readonly errorCount: number;
  readonly warningCount: number;
  readonly infoCount: number;
}

const SEVERITY: Record<Severity, 0 | 1 | 2> = { error: 2, warning: 1, info: 0 };

/** Converts reports to ESLint-style results (same order, messages already sorted). */
export function toJsonResults(reports: readonly FileReport[]): JsonFileResult[] {
  return reports.map((r) => {
    const counts = countMessages(r.messages);
    return {
      filePath: r.filePath,
      messages: r.messages.map((m: ReportMessage): JsonMessage => {
        const message = jsonMessage(m);
        return m.consequences && m.consequences.length > 0 ? { ...message, related: m.consequences.map(jsonMessage) } : message;
      }),
      errorCount: counts.errors,
      warningCount: counts.warnings,
      infoCount: counts.infos,
    };
  });
}

function jsonMessage(m: ReportConsequence): JsonMessage {
  return { ruleId: m.code, severity: SEVERITY[m.severity], message: m.message, line: m.line, column: m.column, endLine: m.endLine, endColumn: m.endColumn };
}

/** The whole JSON document, one line like ESLint's, with a final newline. */
export function formatJson(reports: readonly FileReport[]): string {
  return `${JSON.stringify(toJsonResults(reports))}\n`;
}
