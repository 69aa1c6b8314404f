import type { Code } from "../../diagnostics/codes";
import type { Problem, Severity } from "../../diagnostics/problem";
import type { Analysis, AnalyzeOptions } from "../../engine/analyze";
import { analyzeVariant } from "../../engine/incremental";
import type { Span } from "../../source/span";
import { applyEdits, type TextEdit } from "../text/index";
import { keepsComments, onlyTokensChange } from "./comments";

/**
 * The engine as the judge of every fix: an edit is offered only when the edited text keeps every
 * comment of the original and, analysed again (from the original analysis's checkpoints before the
 * step it changes: engine/incremental.ts `analyzeVariant`), no longer has the finding and has no
 * finding the original did not have. (A new position of a move is judged the same way by a replay from the
 * checkpoint before its step instead of a whole analysis: move-verify.ts.)
 */

/**
 * How many re-analyses a request may still spend. Each costs a parse and a replay of the steps
 * from the one the edit changes (a few ms, far more on a large scenario), so the
 * count bounds a request's work; `expired`, when given, lets the caller stop it on its own
 * terms as well (the server passes a deadline: shared/ reads no clock; searches stop at it).
 * When the budget runs out, fewer fixes are offered, never unverified ones.
 */
export class Budget {
  private spent = 0;
  private refused = false;

  constructor(
    private left: number,
    private readonly expired: () => boolean = () => false,
  ) {}

  /** Takes one analysis; false when none is left. */
  take(): boolean {
    if (this.left <= 0 || this.expired()) {
      this.refused = true;
      return false;
    }
    this.left--;
    this.spent++;
    return true;
  }

  /** Analyses still allowed by the count. */
  get remaining(): number {
    return this.left;
  }

  /** How many analyses were taken. */
  get used(): number {
    return this.spent;
  }

  /** True once a request for an analysis was refused: a search may have stopped short. */
  get exhausted(): boolean {
    return this.refused;
  }
}

/** The original text, its problems, how it was analysed, and the budget to judge fixes with. */
export interface FixContext {
  readonly text: string;
  readonly analysis: Analysis;
  readonly options: AnalyzeOptions;
  readonly budget: Budget;
}

/**
 * What a finding is about, independent of offsets (an edit shifts them): its code, its step and
 * its subject, the id or key its span starts with (`a1` for `a1: [3, 4]`, `pile-in` for a step's head).
 */
export interface ProblemKey {
  readonly code: Code;
  readonly step: number | undefined;
  readonly subject: string;
}

/** The id or key a span starts with (without quotes). */
export function subjectText(text: string, span: Span): string {
  const head = text.slice(span.start, Math.min(span.end, span.start + 80));
  return /^["']?([^\s:,[\]{}#"']*)/.exec(head)?.[1] ?? "";
}

/** The key of a finding of `text`. */
export function keyOf(text: string, p: Problem): ProblemKey {
  return { code: p.code, step: p.step, subject: subjectText(text, p.span) };
}

function sameKey(a: ProblemKey, b: ProblemKey): boolean {
  return a.code === b.code && a.step === b.step && a.subject === b.subject;
}

const RANK: Readonly<Record<Severity, number>> = { info: 0, warning: 1, error: 2 };

/**
 * The findings of `after` that `before` did not have: each finding of `after` is matched to one of
 * `before` with the same key and at least the same severity (so an error that became a warning
 * is no new finding, a warning that became an error is).
 */
export function newProblems(beforeText: string, before: readonly Problem[], afterText: string, after: readonly Problem[]): Problem[] {
  const pool = before.map((p) => ({ key: keyOf(beforeText, p), rank: RANK[p.severity], used: false }));
  const fresh: Problem[] = [];
  // Worst first, so an error takes the matching error before a warning could.
  const ordered = [...after].sort((a, b) => RANK[b.severity] - RANK[a.severity]);
  for (const p of ordered) {
    const key = keyOf(afterText, p);
    const match = pool.find((q) => !q.used && q.rank >= RANK[p.severity] && sameKey(q.key, key));
    if (match) match.used = true;
    else fresh.push(p);
  }
  return fresh;
}

/** The result of trying one edit: accepted or not, and the edited text's analysis when one was made. */
export interface Trial {
  readonly ok: boolean;
  /** The target finding is gone (whether or not others appeared). */
  readonly cleared?: boolean;
  readonly text?: string;
  readonly analysis?: Analysis;
}

/**
 * Applies `edits`, analyses the result and accepts it when no finding with `target`'s key is left
 * and nothing new appeared. `clean` names a subject (the moved model) that must then have no
 * finding at all on the target's step: a position the engine flags for any reason is no fix.
 * An edit that loses a comment is refused before any analysis. Spends one analysis; without
 * budget, nothing is accepted.
 */
export function tryEdits(ctx: FixContext, target: ProblemKey, edits: readonly TextEdit[], clean?: string): Trial {
  if (edits.length === 0) return { ok: false };
  const text = applyEdits(ctx.text, edits);
  if (!(onlyTokensChange(ctx.text, edits) || keepsComments(ctx.text, text)) || !ctx.budget.take()) return { ok: false };
  let analysis: Analysis;
  try {
    // The original's analysis resumes from its checkpoints before the step the edit changes.
    analysis = analyzeVariant(text, ctx, ctx.options).analysis;
  } catch {
    return { ok: false };
  }
  if (analysis.scenario === undefined) return { ok: false, text, analysis };
  return { ...judged(ctx, target, text, analysis.problems, clean), text, analysis };
}

/**
 * The verdict on an edited text `text` whose findings are `problems`: `cleared` when none has
 * `target`'s key (nor, with `clean`, is a finding of that subject on the target's step), `ok` when
 * besides nothing is new against the original's findings.
 */
export function judged(ctx: FixContext, target: ProblemKey, text: string, problems: readonly Problem[], clean?: string): { ok: boolean; cleared: boolean } {
  const gone = !problems.some((p) => {
    const key = keyOf(text, p);
    return sameKey(key, target) || (clean !== undefined && p.severity !== "info" && key.step === target.step && key.subject === clean);
  });
  const ok = gone && newProblems(ctx.text, ctx.analysis.problems, text, problems).length === 0;
  return { ok, cleared: gone };
}
