import type { Problem } from "../../diagnostics/problem";
import { FULL_CHECK_LIMIT, TABLE_LIMIT_INCHES } from "../../model/limits";
import type { ModelMove, Step, Vec } from "../../model/scenario";
import { endOf, type YScalar } from "../../parse/yaml-nodes";
import type { Span } from "../../source/span";
import { applyEdits, type TextEdit } from "../text/index";
import { MoveTrial } from "./move-trial";
import { judged, newProblems, tryEdits, type FixContext, type ProblemKey } from "./verify";
import { pieceRoot, type MoveText } from "./yaml-locate";
import { asScalar } from "../../parse/yaml-nodes";

/**
 * The verdict on an edit of one move's points: accepted or not, with the edited text's findings.
 * Edits that only write numbers into the move's points and drop whole waypoints are judged by a
 * replay from the checkpoint before the step (move-trial.ts), which gives the findings the edited
 * text would get without parsing it again; any other edit, or a move the trial cannot stand for,
 * is judged by analysing the edited text (verify.ts `tryEdits`). Either way each verdict takes one
 * from the request's budget, and is the engine's.
 */
export interface Verdict {
  readonly ok: boolean;
  /** The edited text's findings: all of them, or (with `through`) those up to the step where it was refused already. */
  readonly problems: readonly Problem[];
  /** The index of the last step whose findings are in `problems`, when the later ones were not replayed. */
  readonly through?: number;
}

export class MoveJudge {
  /** Opened at the first edit: null until then, undefined when the move cannot be tried so. */
  private trial: MoveTrial | undefined | null = null;
  /** How many verdicts came from a replay from the checkpoint, and how many from analysing the edited text (for tests). */
  readonly counts = { replayed: 0, analysed: 0 };

  constructor(
    private readonly ctx: FixContext,
    private readonly target: ProblemKey,
    private readonly step: Step,
    private readonly move: ModelMove,
    private readonly text: MoveText,
    /** The subject that must have no finding at all on the step (the moved model). */
    private readonly clean: string,
  ) {}

  /** The original's findings on one step, by step (a later step's findings are new only against its own). */
  private byStep: Map<number | undefined, Problem[]> | undefined;

  private findingsOn(step: number | undefined): readonly Problem[] {
    if (!this.byStep) {
      this.byStep = new Map();
      for (const p of this.ctx.analysis.problems) {
        const list = this.byStep.get(p.step);
        if (list) list.push(p);
        else this.byStep.set(p.step, [p]);
      }
    }
    return this.byStep.get(step) ?? [];
  }

  judge(edits: readonly TextEdit[]): Verdict {
    const path = editedPath(this.ctx.text, this.text, this.move.path, edits);
    const after = path && applyEdits(this.ctx.text, edits);
    if (path && after !== undefined && after.length <= FULL_CHECK_LIMIT) {
      if (this.trial === null) this.trial = MoveTrial.open(this.ctx, this.step, this.move);
      if (this.trial) {
        if (!this.ctx.budget.take()) return { ok: false, problems: [] };
        this.counts.replayed++;
        const moved = (found: readonly Problem[]): Problem[] => found.map((p) => ({ ...p, span: shifted(p.span, edits) }));
        // Refused on its own step (the finding stays, or a new one there), or with a new finding
        // on a later step: the steps after cannot change that, and are not replayed.
        const refused = (found: readonly Problem[], first: boolean): boolean =>
          first
            ? !judged(this.ctx, this.target, after, moved(found), this.clean).ok
            : found.length > 0 && newProblems(this.ctx.text, this.findingsOn(found[0].step), after, moved(found)).length > 0;
        const found = this.trial.judge(path, refused);
        if (!found) return { ok: false, problems: [] };
        const problems = moved(found.problems);
        if (found.through !== undefined) return { ok: false, problems, through: found.through };
        return { ok: judged(this.ctx, this.target, after, problems, this.clean).ok, problems };
      }
    }
    this.counts.analysed++;
    const trial = tryEdits(this.ctx, this.target, edits, this.clean);
    return { ok: trial.ok, problems: trial.analysis?.problems ?? [] };
  }
}

/**
 * The path the edited text writes for the move, read from the edits themselves: a point whose
 * whole node an edit removes is gone, a coordinate an edit replaces has the value `yaml` reads
 * from the new token (a plain number), every other point is as written. Undefined when an edit is
 * anything else (then the edited text is analysed instead).
 */
export function editedPath(text: string, move: MoveText, written: readonly Vec[], edits: readonly TextEdit[]): Vec[] | undefined {
  const used = new Set<TextEdit>();
  const path: Vec[] = [];
  let ok = true;
  const valueOf = (scalar: YScalar, was: number): number => {
    const edit = edits.find((e) => e.span.start === scalar.range[0] && e.span.end === scalar.range[1]);
    if (!edit) return was;
    used.add(edit);
    const value = numberToken(edit.newText);
    if (value === undefined) ok = false;
    return value ?? was;
  };
  move.points.forEach((p, i) => {
    const removal = edits.find((e) => e.newText === "" && e.span.start <= p.node.range[0] && endOf(p.node) <= e.span.end);
    if (removal) {
      used.add(removal);
      return;
    }
    path.push({ x: valueOf(p.x, written[i].x), y: valueOf(p.y, written[i].y) });
  });
  if (!ok || used.size !== edits.length || path.length === 0) return undefined;
  // What a removal takes away: points, separators, blanks, never a comment, a quote or a key.
  for (const e of edits) if (e.newText === "" && !/^[\s[\],0-9A-Za-z.+-]*$/.test(text.slice(e.span.start, e.span.end))) return undefined;
  return path;
}

/** Tokens read so far: a request writes the same few again and again. */
const tokens = new Map<string, number | undefined>();

/**
 * The number a token means where a coordinate stands (a plain scalar in `[x, y]`), as `yaml`
 * resolves it on its own; undefined unless it is one plain number token the parser accepts as a
 * coordinate (finite, on a table).
 */
function numberToken(token: string): number | undefined {
  if (tokens.has(token)) return tokens.get(token);
  let value: number | undefined;
  if (/^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(token)) {
    const root = asScalar(pieceRoot(token, 0, token.length) ?? null);
    const v = root?.value;
    if (root && root.type === "PLAIN" && root.source === token && typeof v === "number" && Number.isFinite(v) && Math.abs(v) <= TABLE_LIMIT_INCHES) value = v;
  }
  if (tokens.size > 256) tokens.clear();
  tokens.set(token, value);
  return value;
}

/** A span of the original text where the edited text has it (a start inside a replaced range: that edit's start). */
function shifted(span: Span, edits: readonly TextEdit[]): Span {
  return { start: offsetAfter(span.start, edits), end: offsetAfter(span.end, edits) };
}

function offsetAfter(offset: number, edits: readonly TextEdit[]): number {
  const inside = edits.find((e) => e.span.start < offset && offset < e.span.end);
  const at = inside ? inside.span.start : offset;
  let shift = 0;
  for (const e of edits) if (e.span.start < at && e.span.end <= at) shift += e.newText.length - (e.span.end - e.span.start);
  return at + shift;
}
