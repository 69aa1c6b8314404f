import type { Code } from "../diagnostics/codes";
import { problem, type Measure, type Problem, type RelatedInfo, type Severity } from "../diagnostics/problem";
import type { Tri } from "../geometry/tolerance";
import type { Span } from "../source/span";

export interface Extra {
  readonly related?: RelatedInfo[];
  readonly witness?: Problem["witness"];
  /** The distance and limit compared, drawn on the board. */
  readonly measure?: Measure;
}

/** Collects the problems of one replay, tagging each with the step being replayed. */
export class Report {
  readonly problems: Problem[] = [];
  /** Index of the step being replayed, if any. */
  step: number | undefined;

  add(code: Code, severity: Severity, message: string, span: Span, extra: Extra = {}): void {
    this.problems.push(problem(code, severity, message, span, { ...extra, related: extra.related, step: this.step }));
  }

  error(code: Code, message: string, span: Span, extra?: Extra): void {
    this.add(code, "error", message, span, extra);
  }

  warning(code: Code, message: string, span: Span, extra?: Extra): void {
    this.add(code, "warning", message, span, extra);
  }

  /**
   * Reports a three-valued finding: "no" (clearly broken) is an error, "border" (inside the
   * measuring tolerance) a warning, "yes" nothing. For a borderline case the message says so.
   */
  unless(t: Tri, code: Code, message: string, span: Span, extra?: Extra): void {
    if (t === "no") this.error(code, message, span, extra);
    else if (t === "border") this.warning(code, `${message} — borderline, within the measuring tolerance`, span, extra);
  }
}

/** Formats a distance in inches the way a rules text does: 3", 3.4", 12.03". */
export function inches(d: number): string {
  if (!Number.isFinite(d)) return "∞";
  const r = Math.round(d * 100) / 100;
  return `${Object.is(r, -0) ? 0 : r}"`;
}

/** Joins ids for messages: a, b and c. */
export function list(ids: readonly string[]): string {
  if (ids.length <= 1) return ids.join("");
  return `${ids.slice(0, -1).join(", ")} and ${ids[ids.length - 1]}`;
}
