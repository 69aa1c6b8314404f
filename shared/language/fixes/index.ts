import type { Problem } from "../../diagnostics/problem";
import type { Analysis, AnalyzeOptions } from "../../engine/analyze";
import { applyEdits } from "../text/index";
import { attackFix } from "./attack-fixes";
import { choiceFix } from "./choice-fixes";
import { keepsComments, onlyTokensChange } from "./comments";
import type { Fix } from "./fix";
import { commentsShownKept, markIllegalFix } from "./mark-illegal";
import { POSITION_CODES, positionFix } from "./position-fixes";
import { unknownRefFixes } from "./unknown-ref";
import { Budget, type FixContext } from "./verify";

export type { Fix } from "./fix";
export type { TextEdit } from "../text/index";
export { applyEdits } from "../text/index";
export { Budget, newProblems } from "./verify";
export { POSITION_CODES } from "./position-fixes";

/** Re-analyses one request may spend on verifying fixes, unless the caller says otherwise. */
export const DEFAULT_BUDGET = 48;

/**
 * The quick fixes for one finding of `analysis` (the analysis of `text`), the preferred first and
 * "mark this step illegal" last. Every position, value or id offered was written into the text and
 * re-checked by the engine; "mark this step illegal" is checked to change the step's data by its
 * `illegal:` key only; no fix loses a comment. `budget` bounds the re-analyses (share one across
 * the findings of a request). Never throws: a failure offers nothing.
 */
export function quickFixes(
  text: string,
  analysis: Analysis,
  problem: Problem,
  options: { readonly analyze?: AnalyzeOptions; readonly budget?: Budget } = {},
): Fix[] {
  const scenario = analysis.scenario;
  if (!scenario) return [];
  const ctx: FixContext = { text, analysis, options: options.analyze ?? {}, budget: options.budget ?? new Budget(DEFAULT_BUDGET) };
  const fixes: Fix[] = [];
  try {
    if (POSITION_CODES.includes(problem.code)) push(fixes, positionFix(ctx, problem));
    else if (problem.code === "action.mode" || problem.code === "action.targets") push(fixes, choiceFix(ctx, problem));
    else if (problem.code === "scenario.unknown-ref") fixes.push(...unknownRefFixes(ctx, problem));
    else if (problem.code === "attack.target" || problem.code === "attack.weapon") push(fixes, attackFix(ctx, problem));
    push(fixes, markIllegalFix(text, scenario, problem));
    // Whatever built them, no fix may lose a comment of the author's.
    return fixes.filter((fix) => commentsShownKept.has(fix) || onlyTokensChange(text, fix.edits) || keepsComments(text, applyEdits(text, fix.edits)));
  } catch {
    // A fix is a convenience: an internal failure offers nothing rather than breaking the request.
    return [];
  }
}

function push(fixes: Fix[], fix: Fix | undefined): void {
  if (fix) fixes.push(fix);
}
