import type { Problem } from "../../diagnostics/problem";
import { foldCascades } from "../../engine/cascade";
import { applyExpectations } from "../../engine/expectations";
import { checkpointBefore, tryStepsFrom, type Checkpoint } from "../../engine/timeline";
import type { ModelMove, Step, Vec } from "../../model/scenario";
import { resolveSystem } from "../../systems/rulings";
import type { FixContext } from "./verify";

/**
 * Judging a new path for one move without analysing the edited text again. An edit that only
 * rewrites the numbers of a move's points (or drops waypoints) changes the parsed scenario in that
 * move's path and nowhere else but the offsets after it, and the engine is a pure function of the
 * scenario in which offsets only place findings. So the edited text's findings are the original
 * analysis' findings before the step, the parser's findings, and what the steps from this one to
 * the last give when replayed with the new path from the checkpoint just before the step (the
 * board of the checkpoint under a trial that is rolled back, engine/timeline.ts `tryStepsFrom`).
 *
 * Every later step is replayed: any of them may measure the moved model. The move's step as
 * written (and the later ones, when the parser may have findings there too) is replayed once as
 * well, and must give exactly the analysis' own findings on it; when it does not (a checkpoint
 * that is not this analysis'), no trial is offered and the caller re-analyses.
 */
export class MoveTrial {
  private constructor(
    private readonly cp: Checkpoint,
    private readonly steps: readonly Step[],
    private readonly move: ModelMove,
    /** The analysis' findings that no replay from the checkpoint makes: before the step, the set-up's, the parser's. */
    private readonly kept: readonly Problem[],
  ) {}

  /** A trial of `move` of `step` for the analysis of `ctx`, or undefined when the replay from the step does not reproduce it. */
  static open(ctx: FixContext, step: Step, move: ModelMove): MoveTrial | undefined {
    const scenario = ctx.analysis.scenario;
    if (!scenario) return undefined;
    const position = scenario.steps.indexOf(step);
    if (position < 0) return undefined;
    const { system } = resolveSystem(ctx.options.rules ?? scenario.rules.value, ctx.options.rulings ?? scenario.rulings.map((r) => r.id));
    const steps = scenario.steps.slice(position);
    // The steps as written are replayed to tell the replay's findings from the parser's. Only the
    // move's own step, when no finding on a later step can be the parser's (its codes are
    // scenario.* and yaml.*): every finding on a later step is then the replay's.
    const later = ctx.analysis.problems.some((p) => p.step !== undefined && p.step > step.index && PARSER_CODE.test(p.code));
    const asWritten = later ? steps : steps.slice(0, 1);
    let cp: Checkpoint;
    let written: Problem[];
    try {
      cp = checkpointBefore(scenario, system, step.index);
      written = finish(asWritten, tryStepsFrom(cp, asWritten));
    } catch {
      return undefined;
    }
    // The analysis' findings less the replayed ones: each replayed finding must be one of the
    // analysis' own, on a step from this one on.
    const pool = new Map<string, number>();
    for (const p of written) pool.set(keyText(p), (pool.get(keyText(p)) ?? 0) + 1);
    const kept: Problem[] = [];
    for (const p of ctx.analysis.problems) {
      if (!later && p.step !== undefined && p.step > step.index) continue;
      const k = keyText(p);
      const n = p.step !== undefined && p.step >= step.index ? (pool.get(k) ?? 0) : 0;
      if (n > 0) pool.set(k, n - 1);
      else kept.push(p);
    }
    for (const n of pool.values()) if (n > 0) return undefined;
    return new MoveTrial(cp, steps, move, kept);
  }

  /**
   * Every finding of the scenario with the move's path replaced by `path` (its facing and span
   * as written): the findings `analyze` gives for the text that writes that path, at the
   * original's offsets. Undefined when the replay failed.
   *
   * `refused`, when given, is asked after the move's step with the findings up to and including
   * it, and after each later step with that step's own findings, as they will stand (each step's
   * findings are finished on their own, and a step adds findings of its own step only): when it
   * answers true, the verdict cannot depend on the steps after, which are then not replayed, and
   * the findings up to that step are returned, with `through` its index.
   */
  judge(
    path: readonly Vec[],
    refused?: (found: readonly Problem[], first: boolean) => boolean,
  ): { readonly problems: readonly Problem[]; readonly through?: number } | undefined {
    if (path.length === 0) return undefined;
    const moved: ModelMove = { ...this.move, path };
    const first = replaceMove(this.steps[0], this.move, moved);
    if (first === undefined) return undefined;
    const steps = [first, ...this.steps.slice(1)];
    try {
      let through: number | undefined;
      let counted = 0;
      const goOn = (replayed: number, raw: readonly Problem[]): boolean => {
        if (!refused) return true;
        const step = steps[replayed - 1];
        const own = finish([step], raw.slice(counted));
        counted = raw.length;
        const found = replayed === 1 ? [...this.kept.filter((p) => p.step === undefined || p.step <= step.index), ...own] : own;
        if (!refused(found, replayed === 1)) return true;
        through = replayed;
        return false;
      };
      const raw = tryStepsFrom(this.cp, steps, goOn);
      if (through === undefined) return { problems: [...this.kept, ...finish(this.steps, raw)] };
      const last = steps[through - 1].index;
      return { problems: [...this.kept.filter((p) => p.step === undefined || p.step <= last), ...finish(steps.slice(0, through), raw)], through: last };
    } catch {
      return undefined;
    }
  }
}

/** The codes of the parser's findings (parse/): a finding with another code is the engine's. */
const PARSER_CODE = /^(?:scenario|yaml)\./;

/** The findings of a replay of `steps` as `checkScenario` finishes them (both steps are per step). */
function finish(steps: readonly Step[], raw: readonly Problem[]): Problem[] {
  return applyExpectations(steps, foldCascades(raw));
}

/** A finding as text, every field: two findings with the same text are the same finding. */
function keyText(p: Problem): string {
  return JSON.stringify(p);
}

/** `step` with `from` (one of its moves, by identity) replaced by `to`; undefined when the move is not the step's. */
function replaceMove(step: Step, from: ModelMove, to: ModelMove): Step | undefined {
  const swap = (moves: readonly ModelMove[]): readonly ModelMove[] | undefined => {
    const at = moves.indexOf(from);
    return at < 0 ? undefined : moves.map((m, i) => (i === at ? to : m));
  };
  switch (step.kind) {
    case "move":
    case "charge":
    case "pile-in":
    case "consolidate": {
      const moves = swap(step.moves);
      return moves && { ...step, moves };
    }
    case "fight": {
      const pile = step.pileIn && swap(step.pileIn.moves);
      if (pile) return { ...step, pileIn: { ...step.pileIn!, moves: pile } };
      const consolidate = step.consolidate && swap(step.consolidate.moves);
      return consolidate && { ...step, consolidate: { ...step.consolidate!, moves: consolidate } };
    }
    default:
      return undefined;
  }
}
