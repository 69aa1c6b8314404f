import type { Code } from "../../diagnostics/codes";
import type { Problem } from "../../diagnostics/problem";
import { movesOfStep } from "../../engine/frame";
import type { ModelMove, Scenario, Step, Vec } from "../../model/scenario";
import type { Fix } from "./fix";
import { moveEdits, showPoint } from "./move-edit";
import { coherentAt, endOnly, facingPoints, fits, gapTo, nearestFirst, pathCuts, ringsAround, rounded, type Candidate } from "./position-candidates";
import { modelDefinedAt, moveOfProblem, moveSubject, shapeAt, shapesNamedAt, stepOf, writtenEnd, type MoveSubject } from "./position-subject";
import { MoveJudge, type Verdict } from "./move-verify";
import { keyOf, type FixContext, type ProblemKey } from "./verify";
import { moveTextAt, moveTextOf, pairAt, parseRoot, type MoveText } from "./yaml-locate";

/** The findings a new end position can repair. */
export const POSITION_CODES: readonly Code[] = [
  "move.too-far",
  "move.not-closer",
  "move.overlap",
  "move.missed-contact",
  "move.missed-engagement",
  "coherency.broken",
];

/** Re-analyses one finding may spend (the request's budget may stop it sooner). */
const TRIALS_PER_PROBLEM = 16;
/** How far candidates go around the written end, in inches. */
const SEARCH_RADIUS = 6;

/**
 * The nearest end position the engine accepts for the model a finding is about: candidates from
 * the finding's own data (the limit, the witness, the target) ordered by distance from the written
 * end, each written into the text and re-analysed; the first that clears the finding and adds
 * nothing wins. Undefined when none does within the budget: nothing unverified is offered.
 */
export function positionFix(ctx: FixContext, p: Problem): Fix | undefined {
  const scenario = ctx.analysis.scenario;
  const step = scenario && stepOf(scenario, p);
  if (!scenario || !step || p.severity === "info") return undefined;
  // Placing the model replays the scenario up to the step: about one analysis' worth of work.
  if (!ctx.budget.take()) return undefined;
  const target = keyOf(ctx.text, p);
  const search = new Search(ctx, target);
  for (const move of movesToChange(scenario, step, p)) {
    const s = moveSubject(ctx, step, move);
    const text = moveTextAt(ctx.text, move) ?? parsedMoveText(ctx.text, move);
    if (!s || !text || text.points.length !== move.path.length) continue;
    const found = search.run(s, new MoveJudge(ctx, target, step, move, text, s.id), text, candidatesFor(scenario, s, p));
    if (found) return found;
  }
  return undefined;
}

/** The move's text found in the whole document's tree (when its pair cannot be read on its own). */
function parsedMoveText(text: string, move: ModelMove): MoveText | undefined {
  const root = parseRoot(text);
  const pair = root && pairAt(root, move.span.start);
  return pair && moveTextOf(pair);
}

/** The moves whose end may change: the finding's own, or for coherency the culprit's (else its unit's moves). */
function movesToChange(scenario: Scenario, step: Step, p: Problem): ModelMove[] {
  if (p.code !== "coherency.broken") {
    const own = moveOfProblem(step, p);
    return own ? [own] : [];
  }
  const culprit = p.related[0] && modelDefinedAt(scenario, p.related[0].span.start);
  const moves = movesOfStep(step);
  const own = moves.filter((m) => m.model.id === culprit);
  if (own.length > 0) return [own[own.length - 1]];
  const unit = scenario.units.find((u) => u.models.some((m) => m.id === culprit));
  return moves.filter((m) => unit?.models.some((d) => d.id === m.model.id));
}

/** Candidates for one finding, nearest to the written end first. */
function candidatesFor(scenario: Scenario, s: MoveSubject, p: Problem): Candidate[] {
  const end = writtenEnd(s);
  const fitting = (ps: readonly Vec[]): Candidate[] => ps.filter((q) => fits(s, q)).map((q) => endOnly(s, q));
  switch (p.code) {
    case "move.too-far": {
      // Remaining stationary reports no measure: its allowance is nothing.
      const limit = p.measure?.limit ?? 0;
      return nearestFirst(
        s,
        pathCuts(s, limit).filter((c) => c.exact || fits(s, c.end)),
      );
    }
    case "move.overlap":
      return nearestFirst(s, fitting(ringsAround(end, 3, 40, (q) => fits(s, q))));
    case "move.not-closer": {
      const targets = p.related[0] ? shapesNamedAt(scenario, s, p.related[0].span.start) : [];
      if (targets.length === 0) return [];
      const start = gapTo(shapeAt(s, s.from), targets);
      const closer = (q: Vec): boolean => fits(s, q) && gapTo(shapeAt(s, q), targets) < start - 0.03;
      const reach = Math.hypot(end.x - s.from.x, end.y - s.from.y) + 4;
      const touching = facingPoints(s, targets, 0.005, end).filter(closer);
      return nearestFirst(s, [...fitting(touching), ...fitting(ringsAround(end, Math.min(reach, SEARCH_RADIUS), 30, closer))]);
    }
    case "move.missed-engagement":
    case "move.missed-contact":
      return witnessCandidates(scenario, s, p);
    case "coherency.broken":
      return nearestFirst(s, fitting(ringsAround(end, SEARCH_RADIUS, 30, (q) => fits(s, q) && coherentAt(s, q))));
    default:
      return [];
  }
}

/**
 * For "could have" findings: the witness, and the points of the targets' reach that face the
 * written end (at the witness's own gap, so as good for the goal), which are usually nearer.
 */
function witnessCandidates(scenario: Scenario, s: MoveSubject, p: Problem): Candidate[] {
  if (!p.witness) return [];
  const w = { x: p.witness.at[0], y: p.witness.at[1] };
  const named = p.related.slice(1).flatMap((r) => shapesNamedAt(scenario, s, r.span.start));
  const enemies = s.near.filter((o) => o.player !== s.player).map((o) => o.shape);
  const targets = named.length > 0 ? named : enemies;
  const goal = Math.max(0.005, gapTo(shapeAt(s, w), targets));
  const near = [...targets].sort((a, b) => dist(a.c, writtenEnd(s)) - dist(b.c, writtenEnd(s))).slice(0, 4);
  const primary = [w, ...facingPoints(s, near, goal, writtenEnd(s))].filter((q) => fits(s, q)).map((q) => endOnly(s, q));
  // Rounding to hundredths may cost the witness its contact: the points just around it come next.
  const around = ringsAround(w, 0.1, 8, (q) => fits(s, q)).map((q) => endOnly(s, q));
  return [...nearestFirst(s, primary), ...nearestFirst(s, around)];
}

function dist(a: Vec, b: Vec): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Tries candidates in order, within the per-finding allowance, following new witnesses the engine offers. */
class Search {
  private trials = 0;

  constructor(
    private readonly ctx: FixContext,
    private readonly target: ProblemKey,
  ) {}

  run(s: MoveSubject, judge: MoveJudge, text: MoveText, initial: readonly Candidate[]): Fix | undefined {
    const queue = [...initial];
    const followed = new Set<string>();
    while (queue.length > 0 && this.trials < TRIALS_PER_PROBLEM && !this.ctx.budget.exhausted) {
      const c = queue.shift()!;
      const trial = this.attempt(judge, text, c);
      if (trial.ok) return this.refined(s, judge, text, c);
      // The engine may answer with a witness of its own ("could have ended engaged at …"): a
      // position it already checked, so the next best guess.
      for (const q of trial.problems) {
        if (q.witness?.model !== s.id || q.step !== s.step.index) continue;
        const w = rounded({ x: q.witness.at[0], y: q.witness.at[1] });
        const key = `${w.x},${w.y}`;
        if (followed.has(key)) continue;
        followed.add(key);
        queue.unshift(...[w, ...ringsAround(w, 0.05, 4, () => true)].filter((x) => fits(s, x)).map((x) => endOnly(s, x)));
      }
    }
    return undefined;
  }

  private attempt(judge: MoveJudge, text: MoveText, c: Candidate): Verdict {
    const edits = moveEdits(this.ctx.text, text, c);
    if (edits.length === 0 || this.trials >= TRIALS_PER_PROBLEM) return { ok: false, problems: [] };
    this.trials++;
    // The model's new end must be one the engine does not flag at all, not just for this code.
    return judge.judge(edits);
  }

  /**
   * An accepted end may still lie deeper inside the legal region than needed (a witness touches
   * the target where being within range would do): halve the way back toward the written end
   * while the engine keeps accepting, so the offer is the nearest one found. (A cut at the limit
   * of a move that was too far is already as near as it gets.)
   */
  private refined(s: MoveSubject, judge: MoveJudge, text: MoveText, accepted: Candidate): Fix {
    let best = accepted;
    if (!accepted.exact && accepted.keep === s.move.path.length - 1 && this.target.code !== "move.too-far") {
      let lo = writtenEnd(s);
      for (let i = 0; i < REFINE_STEPS; i++) {
        const mid = rounded({ x: (lo.x + best.end.x) / 2, y: (lo.y + best.end.y) / 2 });
        if ((mid.x === best.end.x && mid.y === best.end.y) || (mid.x === lo.x && mid.y === lo.y)) break;
        const c = { keep: best.keep, end: mid };
        if (fits(s, mid) && this.attempt(judge, text, c).ok) best = c;
        else lo = mid;
      }
    }
    return { title: titleOf(s, best), edits: moveEdits(this.ctx.text, text, best), preferred: true };
  }
}

/** Halvings toward the written end after a success (each is one re-analysis). */
const REFINE_STEPS = 4;

function titleOf(s: MoveSubject, c: Candidate): string {
  const at = showPoint(c.end, c.exact);
  const dropped = s.move.path.length - 1 - c.keep;
  if (dropped === 0) return `Move ${s.id} to ${at}`;
  if (c.keep === 0) return `Move ${s.id} straight to ${at}`;
  return `Move ${s.id} to ${at}, without the last ${dropped === 1 ? "waypoint" : `${dropped} waypoints`}`;
}
