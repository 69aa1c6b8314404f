import { DiagnosticSeverity } from "vscode-languageserver/node";
import type { Diagnostic, DiagnosticRelatedInformation, Range } from "vscode-languageserver/node";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { Problem, Severity, Span } from "../shared/index";

/** What the client told us it can display, read once from its `initialize` capabilities. */
export interface DiagnosticFeatures {
  /** `textDocument.publishDiagnostics.relatedInformation`. */
  readonly relatedInformation: boolean;
}

/** The `source` every Ruleboard diagnostic carries, shown next to the code in the Problems panel. */
export const DIAGNOSTIC_SOURCE = "ruleboard";

const SEVERITY: Readonly<Record<Severity, DiagnosticSeverity>> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

/**
 * The LSP range of an offset span. `positionAt` (not shared's LineIndex) because it counts
 * `\r\n` and a lone `\r` as line breaks the way LSP clients and YAML do; it also clamps
 * offsets past the end, so a stale or sloppy span can never yield an invalid position.
 */
export function toRange(span: Span, document: TextDocument): Range {
  return { start: document.positionAt(span.start), end: document.positionAt(span.end) };
}

/**
 * Converts one engine problem to an LSP diagnostic on `document` (the text it was computed from).
 * `data` keeps the step index and the witness for code actions and the preview; it is omitted
 * when there is neither so that ordinary diagnostics stay small on the wire.
 */
export function toDiagnostic(problem: Problem, document: TextDocument, features: DiagnosticFeatures): Diagnostic {
  const diagnostic: Diagnostic = {
    range: toRange(problem.span, document),
    severity: SEVERITY[problem.severity],
    code: problem.code,
    source: DIAGNOSTIC_SOURCE,
    message: problem.message,
  };
  if (features.relatedInformation && problem.related.length > 0) {
    diagnostic.relatedInformation = problem.related.map(
      (related): DiagnosticRelatedInformation => ({
        location: { uri: document.uri, range: toRange(related.span, document) },
        message: related.message,
      }),
    );
  }
  if (problem.step !== undefined || problem.witness !== undefined) {
    diagnostic.data = { step: problem.step, witness: problem.witness };
  }
  return diagnostic;
}

/** Converts every problem of one analysis, in the engine's order. */
export function toDiagnostics(
  problems: readonly Problem[],
  document: TextDocument,
  features: DiagnosticFeatures,
): Diagnostic[] {
  return problems.map((problem) => toDiagnostic(problem, document, features));
}
