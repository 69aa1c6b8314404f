import type { Span } from "../source/span";
import type { Code } from "./codes";

export type Severity = "error" | "warning" | "info";

/**
 * Extra location attached to a problem: the other model or unit involved, or a witness position,
 * or a finding folded into it as its consequence (`folded`, see `engine/cascade.ts`).
 */
export interface RelatedInfo {
  readonly message: string;
  readonly span: Span;
  /**
   * Set when this entry is another finding of the same step that follows from the problem (its
   * cause): the finding as it was reported, its span being this entry's span. `message` is then
   * the finding's message prefixed with its code (`action.targets: …`).
   */
  readonly folded?: Folded;
}

/** A finding folded into its cause: everything of the `Problem` but its span (the entry's) and related. */
export interface Folded {
  readonly code: Code;
  readonly severity: Severity;
  readonly message: string;
  readonly step?: number;
  readonly witness?: Problem["witness"];
  readonly measure?: Measure;
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

/** A folded consequence as a problem of its own again, at `span` (its related entry's). */
export function unfold(f: Folded, span: Span): Problem {
  return problem(f.code, f.severity, f.message, span, { step: f.step, witness: f.witness, measure: f.measure });
}

/**
 * The findings folded into `p` as its consequences, as problems of their own again (for a
 * consumer that shows them separately: the cause switched off, or milder than a consequence).
 */
export function consequencesOf(p: Problem): Problem[] {
  return p.related.flatMap((r) => (r.folded ? [unfold(r.folded, r.span)] : []));
}
