import type { Problem } from "../diagnostics/problem";
import type { BaseShape, ModelMove, Scenario, Step } from "../model/scenario";
import { resolveSystem } from "../systems/rulings";
import type { StepObserver } from "./replay";
import { replayTo } from "./timeline";

/** One model as drawn: where it stands after the shown step. */
export interface ModelFrame {
  readonly id: string;
  readonly unit: string;
  readonly player: string;
  readonly at: readonly [number, number];
  readonly facing: number;
  readonly base: BaseShape;
}

/** A model the shown step moved: where it started and the path it took (waypoints, end last). */
export interface MoveFrame {
  readonly id: string;
  readonly from: readonly [number, number];
  readonly path: readonly (readonly [number, number])[];
  /** Length of the path in inches. */
  readonly distance: number;
}

/**
 * The board after one step, for the preview and for exported diagrams: positions of the models
 * still on the board, the moves of that step, its phase, and its note. Plain data (serialisable).
 */
export interface BoardFrame {
  /** The step shown (0-based), or undefined for the set-up. */
  readonly step?: number;
  /** Steps as written in `steps:` (a step the parser left out still counts, as in "step 3 of 4"). */
  readonly stepCount: number;
  readonly phase: string;
  readonly note?: string;
  readonly models: readonly ModelFrame[];
  readonly moves: readonly MoveFrame[];
  /** The problems of the shown step (all problems without a step for the set-up). */
  readonly problems: readonly Problem[];
}

/**
 * Replays the scenario up to and including `step` and describes the board then. Pure and
 * deterministic; `problems` are the analysis' own (pass them in so the preview and the
 * diagnostics never disagree).
 */
export function boardFrame(
  scenario: Scenario,
  problems: readonly Problem[],
  step: number | undefined,
  options: { rules?: string; rulings?: readonly string[] } = {},
): BoardFrame {
  const { system } = resolveSystem(options.rules ?? scenario.rules.value, options.rulings ?? scenario.rulings.map((r) => r.id));
  const shown = step === undefined ? undefined : scenario.steps.find((s) => s.index === step);
  // One replay: where each model the shown step moves stood is read just before the step runs.
  const from = new Map<string, readonly [number, number]>();
  const observer: StepObserver = {
    from: shown?.index,
    beforeStep: (s, board) => {
      if (s !== shown) return;
      for (const mv of movesOfStep(shown)) {
        const m = board.models.get(mv.model.id);
        if (m) from.set(mv.model.id, [m.at.x, m.at.y]);
      }
    },
  };
  const { board: after, phase } = replayTo(scenario, system, shown?.index, observer);
  const models: ModelFrame[] = [...after.models.values()]
    .filter((m) => m.alive)
    .map((m) => ({ id: m.def.id, unit: m.unit.id, player: m.unit.player, at: [m.at.x, m.at.y], facing: m.facing, base: m.def.base }));
  const moves: MoveFrame[] = [];
  for (const mv of movesOfStep(shown)) {
    const start = from.get(mv.model.id);
    if (!start) continue;
    const path = mv.path.map((p) => [p.x, p.y] as const);
    let distance = 0;
    let [px, py] = start;
    for (const p of mv.path) {
      distance += Math.hypot(p.x - px, p.y - py);
      [px, py] = [p.x, p.y];
    }
    moves.push({ id: mv.model.id, from: [start[0], start[1]], path, distance });
  }
  return {
    step: shown?.index,
    stepCount: scenario.stepsWritten,
    phase,
    note: shown?.note,
    models,
    moves,
    problems: problems.filter((p) => (shown === undefined ? p.step === undefined : p.step === shown.index)),
  };
}

/** Every model move written in a step, nested blocks included, in the order `boardFrame` lists them. */
export function movesOfStep(step: Step | undefined): readonly ModelMove[] {
  switch (step?.kind) {
    case "pile-in":
    case "consolidate":
    case "move":
    case "charge":
      return step.moves;
    case "fight":
      return [...(step.pileIn?.moves ?? []), ...(step.consolidate?.moves ?? [])];
    default:
      return [];
  }
}

/**
 * The step a cursor at `offset` shows: the last step that starts at or before it (so blank lines
 * and comments after a step still show it), the set-up (`null`) above the first. The preview and
 * the export commands both use it.
 */
export function stepAt(steps: readonly { readonly index: number; readonly start: number }[], offset: number): number | null {
  let found: number | null = null;
  for (const s of steps) {
    if (s.start > offset) break;
    found = s.index;
  }
  return found;
}
