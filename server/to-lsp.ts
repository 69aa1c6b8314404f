import { DiagnosticSeverity } from "vscode-languageserver/node";
import type { Diagnostic, DiagnosticRelatedInformation, Range } from "vscode-languageserver/node";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { Problem, RelatedInfo, Severity, Span } from "../shared/index";
import { unfold } from "../shared/diagnostics/problem";
import { TAU } from "../shared/geometry/tolerance";
import { DEFAULT_SETTINGS } from "./settings";
import type { RuleboardSettings, SeverityLevel } from "./settings";

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

const LEVEL: Readonly<Record<Exclude<SeverityLevel, "off">, DiagnosticSeverity>> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** The settings that shape diagnostics (`ruleboard.severity`, `ruleboard.messages`). */
export type DiagnosticSettings = Pick<RuleboardSettings, "severity" | "messages">;

/**
 * The severity a problem is published with, or undefined when its code is switched off.
 * `ruleboard.severity` sets the level of a code's errors; it never makes a finding more serious
 * than the engine reported it otherwise, so a borderline finding (a warning, inside the 0.01"
 * tolerance) or an expected one (information, on a step marked `illegal:`) stays as it was unless
 * the chosen level is milder. This keeps "a legal move is never called illegal" under any setting.
 */
export function severityOf(problem: Problem, settings: DiagnosticSettings = DEFAULT_SETTINGS): DiagnosticSeverity | undefined {
  const engine = SEVERITY[problem.severity];
  const level = settings.severity[problem.code];
  if (level === undefined) return engine;
  if (level === "off") return undefined;
  // DiagnosticSeverity counts up as it gets milder (Error 1 … Hint 4).
  return problem.severity === "error" ? LEVEL[level] : (Math.max(engine, LEVEL[level]) as DiagnosticSeverity);
}

/**
 * The message as published. With `ruleboard.messages.showTolerance`, a finding that compares a
 * measured distance with a limit also gives both to 3 decimals and the tolerance they were
 * compared with, so a borderline call (3.004" against 3") can be read off the message.
 */
export function messageOf(problem: Problem, settings: DiagnosticSettings = DEFAULT_SETTINGS): string {
  const m = problem.measure;
  if (!settings.messages.showTolerance || m === undefined) return problem.message;
  return `${problem.message} [measured ${thousandths(m.value)}" against ${thousandths(m.limit)}", tolerance ±${TAU}"]`;
}

function thousandths(x: number): string {
  const r = Math.round(x * 1000) / 1000;
  return String(Object.is(r, -0) ? 0 : r);
}

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
export function toDiagnostic(
  problem: Problem,
  document: TextDocument,
  features: DiagnosticFeatures,
  settings: DiagnosticSettings = DEFAULT_SETTINGS,
): Diagnostic {
  const diagnostic: Diagnostic = {
    range: toRange(problem.span, document),
    severity: severityOf(problem, settings) ?? SEVERITY[problem.severity],
    code: problem.code,
    source: DIAGNOSTIC_SOURCE,
    message: messageOf(problem, settings),
  };
  if (features.relatedInformation && problem.related.length > 0) {
    diagnostic.relatedInformation = problem.related.map((related): DiagnosticRelatedInformation => ({
      location: { uri: document.uri, range: toRange(related.span, document) },
      message: relatedMessage(related, settings),
    }));
  } else if (!features.relatedInformation) {
    // A client that cannot show related information still learns what was folded into the cause.
    const also = problem.related.filter((r) => r.folded !== undefined).map((r) => `\nalso ${relatedMessage(r, settings)}`);
    diagnostic.message += also.join("");
  }
  if (problem.step !== undefined || problem.witness !== undefined) {
    diagnostic.data = { step: problem.step, witness: problem.witness };
  }
  return diagnostic;
}

/**
 * Converts every problem of one analysis, in the engine's order, leaving out codes switched off.
 * Consequences folded into a cause (`shared/engine/cascade.ts`) go by `published`.
 */
export function toDiagnostics(
  problems: readonly Problem[],
  document: TextDocument,
  features: DiagnosticFeatures,
  settings: DiagnosticSettings = DEFAULT_SETTINGS,
): Diagnostic[] {
  return problems.flatMap((problem) => published(problem, settings)).map((problem) => toDiagnostic(problem, document, features, settings));
}

/**
 * The problems one engine problem is published as, under `ruleboard.severity`. A consequence stays
 * folded into its cause (as related information) while the cause is shown at least as seriously as
 * the consequence would be on its own. It comes back as a diagnostic of its own when its cause is
 * switched off, or set milder than the consequence (a cause the user does not hold for an error
 * must not hide an error that follows from it); a consequence whose own code is off is dropped.
 */
export function published(problem: Problem, settings: DiagnosticSettings = DEFAULT_SETTINGS): Problem[] {
  const cause = severityOf(problem, settings);
  if (!problem.related.some((r) => r.folded !== undefined)) return cause === undefined ? [] : [problem];
  const kept: RelatedInfo[] = [];
  const own: Problem[] = [];
  for (const related of problem.related) {
    if (related.folded === undefined) {
      kept.push(related);
      continue;
    }
    const consequence = unfold(related.folded, related.span);
    const level = severityOf(consequence, settings);
    if (level === undefined) continue;
    // DiagnosticSeverity counts up as it gets milder (Error 1 … Hint 4).
    if (cause === undefined || level < cause) own.push(...published(consequence, settings));
    else kept.push(related);
  }
  return cause === undefined ? own : [{ ...problem, related: kept }, ...own];
}

/** A related entry's message; a folded consequence's is its code and message as it would be published. */
function relatedMessage(related: RelatedInfo, settings: DiagnosticSettings): string {
  const folded = related.folded;
  if (folded === undefined) return related.message;
  const measured = messageOf({ ...folded, span: related.span, related: [] }, settings);
  return `${folded.code}: ${measured}`;
}
