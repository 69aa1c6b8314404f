import type { Problem } from "../../diagnostics/problem";
import { boardFrame, movesOfStep } from "../../engine/frame";
import { shapeOf, type Shape } from "../../geometry/shape";
import type { BaseShape, ModelMove, Scenario, Step, Vec } from "../../model/scenario";
import { resolveSystem } from "../../systems/rulings";
import type { RulesSystem } from "../../systems/system";
import type { FixContext } from "./verify";

/**
 * The move a position fix rewrites, and the board around it: where the model started, how it is
 * based and faced, and every other model as it stands after the step (the written positions).
 */
export interface MoveSubject {
  readonly step: Step;
  readonly move: ModelMove;
  readonly id: string;
  readonly unit: string;
  readonly player: string;
  /** Where this move starts (after an earlier move of the same model in the same step, if any). */
  readonly from: Vec;
  readonly base: BaseShape;
  readonly facing: number;
  /** The other models on the board after the step. */
  readonly others: readonly OtherModel[];
  /** The others a candidate end could touch (within `NEAR` of the move), for the cheap sieves. */
  readonly near: readonly OtherModel[];
  readonly system: RulesSystem;
  readonly board: { readonly width: number; readonly height: number };
}

/** Another model on the board after the step, as a footprint. */
export interface OtherModel {
  readonly id: string;
  readonly unit: string;
  readonly player: string;
  readonly shape: Shape;
}

/**
 * How far from the written end (plus the move's own length) candidates may reach a model, in
 * inches: the search radius, a move's worth and the largest bases. Farther models cannot touch a
 * candidate, so a large board costs the sieves nothing.
 */
const NEAR = 16;

/** The written end of a move. */
export function writtenEnd(s: MoveSubject): Vec {
  return s.move.path[s.move.path.length - 1];
}

/** The moving model's footprint centred at `at`. */
export function shapeAt(s: MoveSubject, at: Vec): Shape {
  return shapeOf(s.base, at, s.facing);
}

/** The step a problem belongs to. */
export function stepOf(scenario: Scenario, p: Problem): Step | undefined {
  return p.step === undefined ? undefined : scenario.steps.find((s) => s.index === p.step);
}

/** The subject of `move` in `step`. */
export function moveSubject(ctx: FixContext, step: Step, move: ModelMove): MoveSubject | undefined {
  const scenario = ctx.analysis.scenario;
  if (!scenario) return undefined;
  const options = { rules: ctx.options.rules, rulings: ctx.options.rulings };
  const frame = boardFrame(scenario, ctx.analysis.problems, step.index, options);
  const { system } = resolveSystem(options.rules ?? scenario.rules.value, options.rulings ?? scenario.rulings.map((r) => r.id));
  const id = move.model.id;
  const self = frame.models.find((m) => m.id === id);
  const moved = frame.moves.find((m) => m.id === id);
  if (!self || !moved) return undefined;
  // In a 10th-edition activation the same model may pile in and then consolidate: the second
  // move starts where the first ended.
  const moves = movesOfStep(step);
  const earlier = moves
    .slice(0, moves.indexOf(move))
    .filter((m) => m.model.id === id)
    .pop();
  const from = earlier ? earlier.path[earlier.path.length - 1] : { x: moved.from[0], y: moved.from[1] };
  const others = frame.models
    .filter((m) => m.id !== id)
    .map((m) => ({ id: m.id, unit: m.unit, player: m.player, shape: shapeOf(m.base, { x: m.at[0], y: m.at[1] }, m.facing) }));
  const end = move.path[move.path.length - 1];
  const reach = Math.hypot(end.x - from.x, end.y - from.y) + NEAR;
  const near = others.filter((o) => Math.hypot(o.shape.c.x - end.x, o.shape.c.y - end.y) <= reach);
  return { step, move, id, unit: self.unit, player: self.player, from, base: self.base, facing: self.facing, others, near, system, board: scenario.board };
}

/** The move of a per-model finding: the one whose `id: value` pair is the finding's span. */
export function moveOfProblem(step: Step, p: Problem): ModelMove | undefined {
  return movesOfStep(step).find((m) => m.span.start === p.span.start && m.span.end === p.span.end);
}

/** The id of the model whose definition (its key under `models:`) is at `start`. */
export function modelDefinedAt(scenario: Scenario, start: number): string | undefined {
  for (const u of scenario.units) for (const m of u.models) if (m.span.start === start) return m.id;
  return undefined;
}

/**
 * What a finding's related entry names: the models of a unit (its key under `units:`), one model,
 * or an objective marker (a 40 mm disc), as footprints on the board after the step.
 */
export function shapesNamedAt(scenario: Scenario, s: MoveSubject, start: number): Shape[] {
  const unit = scenario.units.find((u) => u.span.start === start);
  if (unit) return s.others.filter((o) => o.unit === unit.id).map((o) => o.shape);
  const model = modelDefinedAt(scenario, start);
  if (model !== undefined) return s.others.filter((o) => o.id === model).map((o) => o.shape);
  const objective = scenario.objectives.find((o) => o.span.start === start);
  if (objective) return [shapeOf({ kind: "round", diameterMm: s.system.objective.diameterMm }, objective.at, 0)];
  return [];
}
