import type { TextEdit } from "../text/index";
import { POSITION_CODES, positionFix } from "./position-fixes";
import { newProblems, tryEdits, type FixContext, type ProblemKey, type Trial } from "./verify";

/**
 * A value change that the rules accept may leave moves that no longer fit it (an objective
 * consolidation turned engaging must now approach the enemy). The new move findings are repaired
 * in turn by position fixes on the edited text, and the whole is verified once more against the
 * original after each: offered only when it clears the finding and adds none.
 */

/** Moves repaired after one value change, at most. */
const MAX_REPAIRS = 3;

/** A value change with the moves it needed: every edit, in the original text's offsets. */
export interface FollowUp {
  readonly edits: readonly TextEdit[];
  /** The position fixes' titles, in order. */
  readonly moves: readonly string[];
}

/** `edits` (already tried: `first`) completed with position fixes until the engine accepts the whole. */
export function withFollowUpMoves(ctx: FixContext, target: ProblemKey, edits: readonly TextEdit[], first: Trial): FollowUp | undefined {
  let applied = [...edits];
  let trial = first;
  const moves: string[] = [];
  for (let round = 0; round < MAX_REPAIRS; round++) {
    if (!trial.cleared || !trial.text || !trial.analysis?.scenario) return undefined;
    // Unit-level findings (engagement.required) may follow from the moves: repair the moves, then judge.
    const move = newProblems(ctx.text, ctx.analysis.problems, trial.text, trial.analysis.problems).find((p) => POSITION_CODES.includes(p.code));
    if (!move) return undefined;
    const fix = positionFix({ text: trial.text, analysis: trial.analysis, options: ctx.options, budget: ctx.budget }, move);
    if (!fix) return undefined;
    const mapped = fix.edits.map((e) => toOriginal(e, applied));
    if (mapped.some((e) => e === undefined)) return undefined;
    applied = [...applied, ...(mapped as TextEdit[])];
    moves.push(fix.title);
    trial = tryEdits(ctx, target, applied);
    if (trial.ok) return { edits: applied, moves };
  }
  return undefined;
}

/**
 * An edit made on the text after `applied` (edits of the original), as an edit of the original.
 * Undefined when it touches what `applied` wrote: the two could not be applied together.
 */
function toOriginal(edit: TextEdit, applied: readonly TextEdit[]): TextEdit | undefined {
  const start = offsetInOriginal(edit.span.start, applied);
  const end = offsetInOriginal(edit.span.end, applied);
  return start === undefined || end === undefined ? undefined : { span: { start, end }, newText: edit.newText };
}

function offsetInOriginal(offset: number, applied: readonly TextEdit[]): number | undefined {
  let shift = 0;
  for (const e of [...applied].sort((a, b) => a.span.start - b.span.start)) {
    const start = e.span.start + shift;
    const end = start + e.newText.length;
    if (offset <= start) break;
    if (offset < end) return undefined;
    shift += e.newText.length - (e.span.end - e.span.start);
  }
  return offset - shift;
}
