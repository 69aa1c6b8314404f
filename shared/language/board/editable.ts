import type { BoardFrame } from "../../engine/frame";
import type { BaseShape, Scenario, Step } from "../../model/scenario";
import { boardAfter, systemOf } from "./facts";
import { stepBlockLimit } from "./move-records";

/** Board inches → picture pixels: `px = x0 + x * scale`, `py = y0 + y * scale` (y grows downwards, as in the scenario). */
export interface Projection {
  readonly scale: number;
  readonly x0: number;
  readonly y0: number;
}

/**
 * What the board preview needs to move models by hand: where the board lies in the picture, the
 * models after the shown step with their bases (`shapeOf(base, at, facing)` in
 * shared/geometry/shape.ts gives the geometry), and which of them a drag may write.
 */
export interface EditableBoard {
  readonly proj: Projection;
  readonly board: { readonly width: number; readonly height: number };
  /** The rules system's Engagement Range (for snapping "exactly at engagement range"). */
  readonly engagementRange: number;
  /** The step a drag writes to: its index, or `null` for the set-up (positions under `units:`). */
  readonly step: number | null;
  /** The models on the board after the shown step. */
  readonly models: readonly EditableModel[];
  /**
   * The unit the shown step moves, and the step's limit ("2.4"/3"" while dragging); absent on
   * the set-up and for steps that move no unit.
   */
  readonly mover?: { readonly unit: string; readonly limit?: number; readonly what: string };
}

export interface EditableModel {
  readonly id: string;
  readonly unit: string;
  readonly player: string;
  readonly at: readonly [number, number];
  readonly facing: number;
  readonly base: BaseShape;
  /** Where the model stood before the shown step (the mover's models; the distance moved is measured from here). */
  readonly from?: readonly [number, number];
  /** Why a drag cannot move this model here (not the step's unit, a position written as an alias or tag…); absent when it can. */
  readonly locked?: string;
}

/**
 * What the board preview needs to let the user drag models at one step (everything of
 * `EditableBoard` but where the picture puts the board, which the renderer knows): the models
 * after the step, where the step's unit started, the step's limit, and why a model cannot be
 * dragged. `lock(model)` adds the text's own reasons (a position written as an alias, …).
 */
export function editableModels(
  scenario: Scenario,
  frame: BoardFrame,
  step: number | null,
  lock: (model: string) => string | undefined = () => undefined,
): Omit<EditableBoard, "proj" | "board"> {
  const { system } = systemOf(scenario);
  const shown = step === null ? undefined : scenario.steps.find((s) => s.index === step);
  const moverUnit = shown ? unitOf(shown) : undefined;
  const from = new Map(frame.moves.map((mv) => [mv.id, mv.from]));
  const models: EditableModel[] = frame.models.map((m) => {
    const locked = shown === undefined ? lock(m.id) : (notMover(shown, moverUnit, m.unit, m.id) ?? lock(m.id));
    const start = m.unit === moverUnit ? (from.get(m.id) ?? m.at) : undefined;
    // Written out (not spread) in one of four shapes: thousands of models are a hot path of the board request.
    const { id, unit, player, at, facing, base } = m;
    if (start) return locked !== undefined ? { id, unit, player, at, facing, base, from: start, locked } : { id, unit, player, at, facing, base, from: start };
    return locked !== undefined ? { id, unit, player, at, facing, base, locked } : { id, unit, player, at, facing, base };
  });
  const mover = shown && moverUnit !== undefined ? { unit: moverUnit, ...moverLimit(scenario, shown) } : undefined;
  return { engagementRange: system.engagementRange, step: shown ? shown.index : null, models, ...(mover && { mover }) };
}

/** The unit a step moves (`remove` and `phase` steps move none). */
function unitOf(step: Step): string | undefined {
  return "unit" in step ? step.unit.id : undefined;
}

function notMover(step: Step, mover: string | undefined, unit: string, model: string): string | undefined {
  if (mover === undefined) return `step ${step.index + 1} (${step.kind}) moves no unit, so it cannot move ${model}`;
  return unit === mover ? undefined : `${model} belongs to ${unit}; step ${step.index + 1} moves ${mover}`;
}

/**
 * The step's limit as hovers name it (the limit the move records give its moves), read from the
 * board before the step: the timeline resumes from the analysis's checkpoints, where the move
 * records replay the whole document once per version.
 */
function moverLimit(scenario: Scenario, step: Step): { limit?: number; what: string } {
  const limit = stepBlockLimit(boardBefore(scenario, step), systemOf(scenario).system, step);
  return limit ? { ...(limit.limit !== undefined && { limit: limit.limit }), what: limit.what } : { what: step.kind };
}

function boardBefore(scenario: Scenario, step: Step): ReturnType<typeof boardAfter> {
  const before = scenario.steps.filter((s) => s.index < step.index).pop();
  return boardAfter(scenario, before?.index);
}
