import type { Span } from "../source/span";
import type { Code } from "./codes";

export type Severity = "error" | "warning" | "info";

/** Extra location attached to a problem: the other model or unit involved, or a witness position. */
export interface RelatedInfo {
  readonly message: string;
  readonly span: Span;
}

/** One finding, positioned by offsets into the scenario text. */
export interface Problem {
  readonly code: Code;
  readonly severity: Severity;
  readonly message: string;
  readonly span: Span;
  readonly related: readonly RelatedInfo[];
  /** Index of the step in `steps:` the problem belongs to, if any. */
  readonly step?: number;
  /** A witness position for "could have" findings, in inches. */
  readonly witness?: { readonly model: string; readonly at: readonly [number, number] };
  /** The distance compared with a limit, for drawing: see `Measure`. */
  readonly measure?: Measure;
}

/**
 * A measured distance and the limit it was compared with, in inches (a move's path length and
 * the move's limit; an end gap and the start gap it had to beat). `from`/`to` are the two points
 * the distance runs between, when the rule knows them cheaply, for a dimension line.
 */
export interface Measure {
  readonly value: number;
  readonly limit: number;
  readonly from?: readonly [number, number];
  readonly to?: readonly [number, number];
}

export function problem(
  code: Code,
  severity: Severity,
  message: string,
  span: Span,
  extra: { related?: RelatedInfo[]; step?: number; witness?: Problem["witness"]; measure?: Measure } = {},
): Problem {
  const p: Problem = { code, severity, message, span, related: extra.related ?? [], step: extra.step, witness: extra.witness };
  // Only present when given, so problems without one stay deep-equal to what they were.
  return extra.measure === undefined ? p : { ...p, measure: extra.measure };
}
