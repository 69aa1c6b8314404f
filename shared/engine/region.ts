import type { Problem } from "../diagnostics/problem";
import type { Code } from "../diagnostics/codes";
import { areaOf, contours, type MultiPolygon } from "../geometry/contour";
import { signedGap } from "../geometry/gap";
import { TAU, within } from "../geometry/tolerance";
import { circumradius, shapeOf, touchingCentre } from "../geometry/shape";
import type { BoardState } from "../board/board-state";
import { isOffsetField, type ModelMove, type Scenario, type Step, type Vec } from "../model/scenario";
import type { Span } from "../source/span";
import type { RulesSystem } from "../systems/system";
import { resolveSystem } from "../systems/rulings";
import { chargeLimitOf, moveTypeLimit, moveTypeOf } from "../rules/limits";
import { checkpointBefore, tryStepFrom, type Checkpoint } from "./timeline";
import { deepEqual } from "./deep-equal";
import { predecessorOf } from "./incremental";

/**
 * The legal region of a move: where one model may end its move in one step, found by asking the
 * checker itself. Each sampled spot is written into the step as the model's end position (its
 * earlier waypoints and every other model's move as written) and the step is replayed from a
 * checkpoint just before it, through the same rule families as `checkScenario`. A spot is
 * - legal when no finding lands on the model's move (distance measured around models it may not
 *   pass through, overlap, off the board, the base-contact lock, closer to the closest target,
 *   "engaged with it / within 1" / base to base if possible", engagement forbidden);
 * - legal for the model only (`unitOnly`) when the model is fine but its unit then fails a
 *   unit-level condition: Unit Coherency, the unit ending engaged, an objective out of range.
 * The outline is traced by marching squares over a grid (geometry/contour.ts), each crossing
 * bisected to 0.05" or better.
 */

export type { MultiPolygon } from "../geometry/contour";

/** Where one model may end its move in one step. */
export interface RegionResult {
  readonly model: string;
  /** The step (0-based index, as `Problem.step`). */
  readonly step: number;
  /** Spots where the model itself meets every condition of the move. */
  readonly legal: MultiPolygon;
  /** Spots legal for the model, where its unit then fails a unit-level condition. */
  readonly unitOnly: MultiPolygon;
  /** Where the model stood before the step, and the move's limit, for reference rings. */
  readonly from?: readonly [number, number];
  readonly limit?: number;
  /** How many spots were put to the checker. */
  readonly samples: number;
  /** Why there is no region, or why it was cut short; absent when it is whole. */
  readonly note?: string;
}

export interface RegionOptions {
  /** Finest detail wanted at the outline, in inches (default 0.05). */
  readonly precision?: number;
  /** At most this many spots are tried (default 12,000); past it the outline is cut short with a note. */
  readonly maxSamples?: number;
  /** The system, when not the scenario's own (`rules`, `rulings` as the CLI writes them). */
  readonly rules?: string;
  readonly rulings?: readonly string[];
  /**
   * The caller's deadline (shared/ has no clock): once it returns true no further spot is tried
   * and the outline is cut short with a note, as past `maxSamples`. Such a region is not remembered.
   */
  readonly expired?: () => boolean;
}

/** Findings that depend on the other models as they are placed: the second tone. */
const UNIT_CODES: ReadonlySet<Code> = new Set<Code>(["coherency.broken", "engagement.required", "objective.out-of-range"]);

/** The span the tried move carries, so its findings can be told from everyone else's (no text offset is negative). */
const TRIED: Span = { start: -2, end: -1 };

/** Cells per side at most, before the cell grows (the bisection keeps the outline's precision). */
const MAX_CELLS_PER_SIDE = 36;

/** What the note of a region the caller's deadline cut short says (such a region is not remembered). */
const OUT_OF_TIME = "out of time";

/** Regions computed for each analysed version, by what was asked (see `rememberedRegion`). */
const regions = new WeakMap<Scenario, Map<string, RegionResult>>();

/**
 * `moveRegion`, remembered per analysed version, and carried over from the version this one was
 * analysed from (engine/incremental.ts) when nothing the region depends on changed: the same
 * set-up and steps before the step, and the step itself the same but for where the model's move
 * ends (and source offsets). So after a drag is written, the region the board shades again is the
 * one it already had: what the region depends on is what the trial replays (the checkpoint before
 * the step, the step's other moves, the model's waypoints and facing), never the end being tried.
 */
export function rememberedRegion(scenario: Scenario, step: number, model: string, options: RegionOptions = {}): RegionResult {
  const key = JSON.stringify([step, model, options.precision ?? null, options.maxSamples ?? null, options.rules ?? null, options.rulings ?? null]);
  let own = regions.get(scenario);
  const known = own?.get(key);
  if (known) return known;
  const link = predecessorOf(scenario);
  const prior = link && regions.get(link.previous)?.get(key);
  const result = prior && sameForRegion(link.previous, scenario, link.same, step, model) ? prior : moveRegion(scenario, step, model, options);
  if (result.note?.includes(OUT_OF_TIME)) return result;
  if (!own) regions.set(scenario, (own = new Map()));
  own.set(key, result);
  return result;
}

/** Do two versions (the first `same` steps equal) give `model`'s move in step `step` the same region? */
function sameForRegion(before: Scenario, after: Scenario, same: number, step: number, model: string): boolean {
  const position = after.steps.findIndex((s) => s.index === step);
  if (position < 0 || position > same || before.steps[position]?.index !== step) return false;
  if (position < same) return true;
  return deepEqual(withoutEnd(before.steps[position], model), withoutEnd(after.steps[position], model));
}

/** A step as the region of `model` depends on it: no source offsets, and the model's moves without their last point. */
function withoutEnd(step: Step, model: string): unknown {
  // The model's moves in the block the region tries (a fight's consolidation, else its pile-in): their ends are the spot tried.
  const tried = new Set<unknown>((blockOf(step)?.moves ?? []).filter((mv) => mv.model.id === model));
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value === null || typeof value !== "object") return value;
    const v = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (!isOffsetField(k)) out[k] = strip(x);
    if (tried.has(value) && Array.isArray(v.path)) out.path = strip(v.path.slice(0, -1));
    return out;
  };
  return strip(step);
}

/**
 * How a spot's step is tried on the checkpoint before it: `tryStepFrom` (the step on the
 * checkpoint's board, rolled back). The tests pass a reference that copies the whole replay instead.
 */
export type StepTrier = <T>(from: Checkpoint, variant: Step, inspect: (board: BoardState) => T) => { readonly problems: readonly Problem[]; readonly after: T };

/** The legal region of `model`'s move in the step with index `step`. Pure; never throws. */
export function moveRegion(scenario: Scenario, step: number, model: string, options: RegionOptions = {}, trier: StepTrier = tryStepFrom): RegionResult {
  const none = (note: string, extra: Partial<RegionResult> = {}): RegionResult => ({ model, step, legal: [], unitOnly: [], samples: 0, note, ...extra });
  const probe = spotProbe(scenario, step, model, options, trier);
  if ("note" in probe) return none(probe.note);
  const { from, limit, classify, tooFar } = probe;
  const precision = options.precision ?? 0.05;
  const maxSamples = options.maxSamples ?? 12_000;

  // The reach: the limit (plus a cell), or the whole board when the scenario gives no limit.
  const reach = limit !== undefined && Number.isFinite(limit) ? limit + 0.25 : Infinity;
  const xMin = Math.max(0, from.x - reach);
  const xMax = Math.min(scenario.board.width, from.x + reach);
  const yMin = Math.max(0, from.y - reach);
  const yMax = Math.min(scenario.board.height, from.y + reach);
  const side = Math.max(xMax - xMin, yMax - yMin);
  const cell = Math.max(4 * precision, side / MAX_CELLS_PER_SIDE);
  const refine = Math.max(0, Math.ceil(Math.log2(cell / precision)));
  const grid = { x0: xMin, y0: yMin, step: cell, nx: Math.floor((xMax - xMin) / cell) + 1, ny: Math.floor((yMax - yMin) / cell) + 1 };

  const seen = new Map<string, Spot>();
  let samples = 0;
  let cut = false;
  let late = false;
  let contactPossible = false;
  const judge = (at: Vec): Spot => {
    if (tooFar(at)) return "illegal";
    if (late || options.expired?.()) {
      late = true;
      return "illegal";
    }
    samples++;
    const v = classify(at);
    if (v.model.some((p) => p.code === "move.missed-contact")) contactPossible = true;
    return v.spot;
  };
  const spot = (x: number, y: number): Spot => {
    const key = `${x},${y}`;
    const known = seen.get(key);
    if (known !== undefined) return known;
    if (samples >= maxSamples) {
      cut = true;
      return "illegal";
    }
    const s = judge({ x, y });
    seen.set(key, s);
    return s;
  };
  const area = contours((x, y) => spot(x, y) === "legal", grid, refine);
  // "Base to base if possible" (10e): where contact can be made, only contact is legal, a band
  // thinner than any grid. It is traced along each enemy base instead, at contact.
  const bands =
    contactPossible && !cut && !late
      ? contactBands(probe, model, scenario, precision, (at) => (samples < maxSamples && !options.expired?.() ? judge(at) : "illegal"))
      : [];
  const legal = [...area, ...bands];
  const unitOnly = contours((x, y) => spot(x, y) === "unit", grid, refine);
  // A model that may not move (in base contact, remaining stationary) has one legal spot: where it stands.
  let stays: string | undefined;
  if (areaOf(legal) + areaOf(unitOnly) < precision * precision) {
    const here = classify(from);
    const away = classify({ x: from.x + 4 * precision, y: from.y });
    if (here.spot !== "illegal" && away.model.length > 0) stays = `${model} may end only where it stands: ${away.model[0].message}`;
  }
  return {
    model,
    step,
    legal,
    unitOnly,
    from: [from.x, from.y],
    ...(limit !== undefined && Number.isFinite(limit) ? { limit } : {}),
    samples,
    ...(cut
      ? { note: `cut short after ${maxSamples} spots: the outline is incomplete` }
      : late
        ? { note: `cut short after ${samples} spots, ${OUT_OF_TIME}: the outline is incomplete` }
        : stays
          ? { note: stays }
          : {}),
  };
}

/** Contact is made at a gap of at most TAU_C (0.02"); a band drawn between these gaps stays inside it. */
const BAND_GAPS = { inner: 0, centre: 0.005, outer: 0.015 } as const;

/**
 * The legal spots in base contact with enemy models near enough to reach: each enemy base is
 * walked round at contact (a spot every `precision`), the spots the checker accepts joined into
 * thin bands (polygons a few hundredths of an inch wide) along the base.
 */
function contactBands(probe: Extract<SpotProbe, { from: Vec }>, model: string, scenario: Scenario, precision: number, judge: (at: Vec) => Spot): MultiPolygon {
  const { from, limit } = probe;
  const board = probe.board;
  const m = board.models.get(model);
  if (!m) return [];
  const reach = (limit ?? 12) + 3;
  const out: (readonly (readonly [number, number])[])[][] = [];
  for (const n of board.models.values()) {
    if (!n.alive || n.unit.player === m.unit.player || Math.hypot(n.at.x - from.x, n.at.y - from.y) > reach) continue;
    const moving = shapeOf(m.def.base, from, m.facing);
    const around = Math.max(24, Math.ceil((2 * Math.PI * (circumradius(n.shape) + circumradius(moving))) / precision));
    const at = (k: number, gap: number): readonly [number, number] => {
      const t = (2 * Math.PI * k) / around;
      const c = touchingCentre(n.shape, moving, { x: Math.cos(t), y: Math.sin(t) }, gap);
      return [c.x, c.y];
    };
    const ok = Array.from({ length: around }, (_, k) => {
      const [x, y] = at(k, BAND_GAPS.centre);
      return x >= 0 && y >= 0 && x <= scenario.board.width && y <= scenario.board.height && judge({ x, y }) === "legal";
    });
    // Runs of accepted spots, wrapping round the base.
    const start = ok.indexOf(false);
    if (start < 0) {
      out.push([ok.map((_, k) => at(k, BAND_GAPS.outer)), ok.map((_, k) => at(around - 1 - k, BAND_GAPS.inner))]);
      continue;
    }
    let run: number[] = [];
    for (let step = 1; step <= around; step++) {
      const k = (start + step) % around;
      if (ok[k]) run.push(start + step);
      if ((!ok[k] || step === around) && run.length > 0) {
        const outer = run.map((j) => at(j, BAND_GAPS.outer));
        const inner = [...run].reverse().map((j) => at(j, BAND_GAPS.inner));
        out.push([[...outer, ...inner]]);
        run = [];
      }
    }
  }
  return out;
}

/** What the checker says of one spot: legal, legal for the model only, or illegal. */
export type Spot = "legal" | "unit" | "illegal";

/** One spot judged, with the findings that decide it. */
export interface SpotVerdict {
  readonly spot: Spot;
  /** The model's own findings there (empty when legal). */
  readonly model: readonly Problem[];
  /** The unit-level findings there. */
  readonly unit: readonly Problem[];
}

/** The judge of spots for one model and step, or why there is none. */
export type SpotProbe =
  | {
      readonly from: Vec;
      readonly limit?: number;
      /** The checker's verdict on a spot (one replay of the step). */
      readonly classify: (at: Vec) => SpotVerdict;
      /** True where the path is certainly longer than the limit: `classify` would find move.too-far, without the replay. */
      readonly tooFar: (at: Vec) => boolean;
      /** The board just before the step (read it, never change it). */
      readonly board: BoardState;
      readonly system: RulesSystem;
    }
  | { readonly note: string };

/**
 * Prepares to judge end spots of `model` in the step with index `step`: one checkpoint before the
 * step, then one replay of the step per spot. Also answers "why not here?" for a single spot.
 */
export function spotProbe(
  scenario: Scenario,
  step: number,
  model: string,
  options: Pick<RegionOptions, "rules" | "rulings"> = {},
  trier: StepTrier = tryStepFrom,
): SpotProbe {
  const shown = scenario.steps.find((s) => s.index === step);
  if (!shown) return { note: `there is no step ${step + 1}` };
  const unit = scenario.units.find((u) => u.models.some((m) => m.id === model));
  if (!unit) return { note: `there is no model ${model}` };
  if (!("unit" in shown)) return { note: `step ${step + 1} (${shown.kind}) moves no unit` };
  if (shown.unit.id !== unit.id) return { note: `${model} belongs to ${unit.id}; step ${step + 1} moves ${shown.unit.id}` };
  const block = blockOf(shown);
  if (!block) return { note: `step ${step + 1} moves models only in its pile-in: or consolidate: block, and has neither` };

  const { system } = resolveSystem(options.rules ?? scenario.rules.value, options.rulings ?? scenario.rulings.map((r) => r.id));
  let cp: Checkpoint;
  try {
    // From the analysis's kept checkpoints when there are some (the server's), else from the set-up.
    cp = checkpointBefore(scenario, system, step);
  } catch {
    return { note: "the steps before this one could not be replayed" };
  }
  cp.state.ctx.board.witnessScope = { model, memo: new Map() };
  const before = cp.state.ctx.board.models.get(model);
  if (!before || !before.alive) return { note: `${model} is not on the board before step ${step + 1}` };
  const from = before.at;
  const written = block.moves.filter((mv) => mv.model.id === model).pop();
  const others = block.moves.filter((mv) => mv.model.id !== model);
  const limit = limitOf(shown, cp, unit.id, system);

  // The path is at least as long as the written waypoints plus the straight line to the spot: past the
  // limit by more than the measuring tolerance, the checker's move.too-far is certain (rules/common/moves.ts).
  const waypoints = written?.path.slice(0, -1) ?? [];
  let walked = 0;
  let last = from;
  for (const w of waypoints) {
    walked += Math.hypot(w.x - last.x, w.y - last.y);
    last = w;
  }
  const tooFar = (at: Vec): boolean => limit !== undefined && walked + Math.hypot(at.x - last.x, at.y - last.y) > limit + TAU + 1e-9;
  const classify = (at: Vec): SpotVerdict => {
    const tried: ModelMove = {
      model: { id: model, span: TRIED },
      path: [...waypoints, at],
      ...(written?.facing !== undefined && { facing: written.facing }),
      span: TRIED,
    };
    let problems: readonly Problem[];
    let engagedAtEnd = false;
    try {
      const r = trier(cp, withMoves(shown, [...others, tried]), (board) => {
        const m = board.models.get(model);
        // Engaged with any enemy model: those near enough to be, from the board's grid (not every unit measured).
        const range = board.system.engagementRange;
        return (
          !!m && m.alive && board.near(m.shape, range + TAU).some((n) => n.unit.player !== m.unit.player && within(signedGap(m.shape, n.shape), range) !== "no")
        );
      });
      problems = r.problems.filter((p) => p.severity !== "info");
      engagedAtEnd = r.after;
    } catch {
      return { spot: "illegal", model: [], unit: [] };
    }
    const own = problems.filter((p) => isTried(p.span) || (p.code === "engagement.forbidden" && engagedAtEnd));
    const unitLevel = problems.filter((p) => !isTried(p.span) && (UNIT_CODES.has(p.code) || (p.code === "engagement.forbidden" && !engagedAtEnd)));
    return { spot: own.length > 0 ? "illegal" : unitLevel.length > 0 ? "unit" : "legal", model: own, unit: unitLevel };
  };
  return { from, ...(limit !== undefined && { limit }), classify, tooFar, system, board: cp.state.ctx.board };
}

function isTried(span: Span): boolean {
  return span.start === TRIED.start && span.end === TRIED.end;
}

/** The block of a step whose `to:` moves the models: the step's own, or a fight's consolidation (if written), else its pile-in. */
function blockOf(step: Step): { readonly moves: readonly ModelMove[] } | undefined {
  switch (step.kind) {
    case "move":
    case "charge":
    case "pile-in":
    case "consolidate":
      return step;
    case "fight":
      return step.consolidate ?? step.pileIn;
    default:
      return undefined;
  }
}

/** The step with `moves` in the block that moves models. */
function withMoves(step: Step, moves: readonly ModelMove[]): Step {
  switch (step.kind) {
    case "move":
    case "charge":
    case "pile-in":
    case "consolidate":
      return { ...step, moves };
    case "fight":
      return step.consolidate ? { ...step, consolidate: { ...step.consolidate, moves } } : step.pileIn ? { ...step, pileIn: { ...step.pileIn, moves } } : step;
    default:
      return step;
  }
}

/** The step's maximum distance as the rule families read it (undefined: the scenario does not give it). */
function limitOf(step: Step, cp: Checkpoint, unit: string, system: RulesSystem): number | undefined {
  switch (step.kind) {
    case "pile-in":
      return system.pileIn.maxDistance;
    case "consolidate":
      return system.consolidate.maxDistance;
    case "fight":
      return step.consolidate ? system.consolidate.maxDistance : system.pileIn.maxDistance;
    case "move": {
      const u = cp.state.ctx.board.units.get(unit);
      const type = moveTypeOf(step, u ? cp.state.ctx.board.isEngaged(u) : "no");
      return moveTypeLimit(type, u?.def.move, step.roll?.value);
    }
    case "charge":
      return chargeLimitOf(system, step) ?? 12;
    default:
      return undefined;
  }
}
