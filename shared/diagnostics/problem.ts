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
}

export function problem(
  code: Code,
  severity: Severity,
  message: string,
  span: Span,
  extra: { related?: RelatedInfo[]; step?: number; witness?: Problem["witness"] } = {},
): Problem {
  return { code, severity, message, span, related: extra.related ?? [], step: extra.step, witness: extra.witness };
}
