import { bestTri, type ModelState, type UnitState } from "../../board/board-state";
import type { RuleContext } from "../context";
import { inches, list } from "../report";
import { gapBounds } from "../../geometry/gap";
import { sweptGap, sweptGapAtLeast } from "../../geometry/path";
import { circle, inradius, type Shape } from "../../geometry/shape";
import { dist } from "../../geometry/vec";
import { closer, MARGIN, TAU, TAU_C, within, type Tri } from "../../geometry/tolerance";
import type { ChargeStep, Vec } from "../../model/scenario";
import { unitGapPoints } from "../common/engagement";
import { applyMoves, checkEndPositions, checkPaths, plannedMoves, type MovedModel } from "../common/moves";
import { checkCoherency } from "../common/coherency";
import { pathBlocker } from "../common/passage";
import { searchWitness } from "../common/witness-search";
import { at } from "../common/witness-search";

/**
 * The charge move (11e 11.04, also a Heroic Intervention's; 10e Charge): at most the roll; every
 * moved model ends closer to a charge target; 11e: within 1" of a target if it can, engaged with
 * one if it can; 10e: in base-to-base contact with a target model if it can; the unit ends engaged
 * with every target and with no other enemy unit, and in coherency. "If it can" findings rest on
 * verified witnesses; models that did not move get at most a warning, since
 * only the moved ones are certainly under the obligation.
 */
export interface ChargeMoveSpec {
  /** The written targets, or undefined: then every enemy unit the unit ends engaged with. */
  readonly targets?: readonly UnitState[];
  /** Maximum distance: the charge roll. */
  readonly limit: number;
  /** How messages cite the rule, e.g. "11e 11.04". */
  readonly rule: string;
}

/** What a charge step's move amounted to. */
export interface ChargeMoveResult {
  /** Models that moved: none means a failed or declined charge. */
  readonly moved: readonly MovedModel[];
  /** The charge targets (written, or read from the move). */
  readonly targets: readonly UnitState[];
}

/** Checks and applies a charge step's moves; returns the models moved and the charge targets. */
export function chargeMove(ctx: RuleContext, unit: UnitState, step: ChargeStep, spec: ChargeMoveSpec): ChargeMoveResult {
  const { board, report, system } = ctx;
  const moves = plannedMoves(board, unit, step.moves, report);
  checkPaths(board, moves, spec.limit, "charge move", spec.rule, report, pathBlocker(system, "charge", undefined));
  const moved = applyMoves(board, moves);
  if (moved.length === 0) return { moved, targets: spec.targets ?? [] };
  checkEndPositions(board, moved, spec.rule, report);
  const targets = spec.targets ?? [...board.engagedUnits(unit).keys()];
  checkCloser(ctx, moved, targets, spec.rule);
  if (spec.targets && system.charge.pathsAvoidNonTargets) checkPathsClearOfNonTargets(ctx, moved, targets, spec.rule);
  if (spec.targets && targets.length > 0) checkIfPossible(ctx, unit, step, moved, targets, spec);
  checkEndEngagement(ctx, unit, step, targets, !spec.targets, spec.rule);
  checkCoherency(board, unit, step.head, report);
  return { moved, targets };
}

/** While Moving: each model ends its move closer to one or more charge targets. */
function checkCloser(ctx: RuleContext, moved: readonly MovedModel[], targets: readonly UnitState[], rule: string): void {
  const { board, report } = ctx;
  if (targets.length === 0) return;
  for (const mm of moved) {
    const d0 = targets.map((t) => board.shapeUnitGap(mm.fromShape, t));
    const d1 = targets.map((t) => board.shapeUnitGap(mm.model.shape, t));
    const best = d0.reduce<Tri>((b, d, i) => bestTri(b, closer(d, d1[i])), "no");
    if (best === "yes") continue;
    const i = d0.indexOf(Math.min(...d0));
    const t = targets[i];
    report.unless(
      best,
      "move.not-closer",
      `${mm.model.def.id} must end closer to a charge target: it is ${inches(d0[i])} from ${t.id} at the start and ${inches(d1[i])} at the end (${rule})`,
      mm.move.span,
      {
        related: targets.map((v) => ({ message: `${v.id}, a charge target`, span: v.def.span })),
        measure: { value: d1[i], limit: d0[i], ...unitGapPoints(board, mm.model.shape, t) },
      },
    );
  }
}

/**
 * 10e: a charging model may not move within Engagement Range of an enemy unit that is not a
 * target. Only a path written with waypoints shows where the model went; the in-circle of its base
 * lies inside the base whatever way it turned, so its swept gap proves how close the base came.
 */
function checkPathsClearOfNonTargets(ctx: RuleContext, moved: readonly MovedModel[], targets: readonly UnitState[], rule: string): void {
  const { board, report, system } = ctx;
  const er = system.engagementRange;
  for (const mm of moved) {
    if (mm.move.path.length < 2) continue;
    const points = [mm.from, ...mm.move.path];
    let found: ModelState | undefined;
    for (let i = 0; i + 1 < points.length && !found; i++) {
      const probe = circle(points[i], dist(points[i], points[i + 1]) + inradius(mm.fromShape));
      found = board
        .near(probe, er)
        .find(
          (n) =>
            n.alive &&
            n.unit.player !== mm.model.unit.player &&
            !targets.includes(n.unit) &&
            within(sweptGap(mm.fromShape, points[i], points[i + 1], n.shape), er) === "yes",
        );
    }
    if (!found) continue;
    report.error(
      "engagement.forbidden",
      `${mm.model.def.id}'s path passes within ${inches(er)} of ${found.def.id} (${found.unit.id}), which is not a charge target; a charging model may not move within Engagement Range of other enemy units (${rule})`,
      mm.move.span,
      {
        related: [{ message: `${found.def.id} (${found.unit.id})`, span: found.def.span }],
      },
    );
  }
}

/** How many target bases (the nearest to the model's start) a witness is sought round. */
const NEAREST = 4;
/** Searches that may find nothing in one charge move before the rest are skipped. */
const MAX_MISSES = 4;

/** One "could have" goal: its largest gap to a target model, and how the message names it. */
interface Goal {
  readonly gap: number;
  readonly what: string;
  readonly code: "move.missed-engagement" | "move.missed-contact";
}

/**
 * 11e: "each model that can end its move within 1" of a charge target must do so", then "…engaged
 * with a charge target…"; 10e: base-to-base contact with a target model if possible. A witness
 * position must keep every other condition: closer to a target, the unit engaged with every target
 * and with no other enemy unit, coherency, no overlap, within the roll, not through enemy models.
 */
function checkIfPossible(
  ctx: RuleContext,
  unit: UnitState,
  step: ChargeStep,
  moved: readonly MovedModel[],
  targets: readonly UnitState[],
  spec: ChargeMoveSpec,
): void {
  const { board, system } = ctx;
  const er = system.engagementRange;
  const targetSet = new Set(targets);
  // A charge that already ends out of coherency or engaged with a non-target is reported as such;
  // a witness would have to repair the unit too, so none is sought (fewer claims, never wrong ones).
  if (board.coherency(unit).ok === "no") return;
  if ([...board.engagedUnits(unit).keys()].some((v) => !targetSet.has(v))) return;
  const shapes = targets.flatMap((t) => board.alive(t).map((n) => n.shape));
  // Candidates are generated round each target base in reach, and a charge reaches far: the few
  // nearest ones keep a search cheap (a witness is still fully verified; one not sought is only a miss).
  const nearest = (from: Shape): Shape[] =>
    shapes.length <= NEAREST
      ? shapes
      : shapes
          .map((s) => ({ s, g: gapBounds(from, s).lower }))
          .sort((a, b) => a.g - b.g)
          .slice(0, NEAREST)
          .map((x) => x.s);
  const coherentWith = board.coherencyProbe(unit);
  // 10e: the witness's straight path (its facing kept) must stay out of non-targets' Engagement Range.
  const pathClear = (mm: MovedModel, to: Vec): boolean =>
    board
      .near(circle(mm.from, dist(mm.from, to)), er + MARGIN)
      .every((n) => !n.alive || n.unit.player === unit.player || targetSet.has(n.unit) || sweptGapAtLeast(mm.fromShape, mm.from, to, n.shape, er + MARGIN));
  const unitOk = (m: ModelState): boolean =>
    targets.every((t) => board.unitGap(unit, t) <= er - MARGIN) &&
    [...board.unitsWithin(unit, er + MARGIN).keys()].every((v) => targetSet.has(v)) &&
    coherentWith(m);
  const goals: Goal[] =
    system.charge.endGoal === "base-contact"
      ? [{ gap: TAU_C / 2, what: "in base-to-base contact with", code: "move.missed-contact" }]
      : [
          { gap: 1, what: `within 1" of`, code: "move.missed-engagement" },
          { gap: er, what: "engaged with", code: "move.missed-engagement" },
        ];
  const byModel = new Map(moved.map((mm) => [mm.model, mm]));
  let misses = 0;
  for (const m of board.alive(unit)) {
    // A search that finds nothing tries every candidate; after a few, the unit's own state is
    // what rules them out, so the rest are not sought (bounded work; a miss is never a wrong claim).
    if (misses >= MAX_MISSES) break;
    const mm = byModel.get(m) ?? stayed(m, step);
    const d0 = targets.map((t) => board.shapeUnitGap(mm.fromShape, t));
    const gapNow = (s: Shape): number => Math.min(...targets.map((t) => board.shapeUnitGap(s, t)));
    const reachable = Math.min(...d0) - spec.limit;
    for (const goal of goals) {
      const g = gapNow(m.shape);
      if (reachable > goal.gap) continue;
      // Met, or missed only within the measuring tolerance: nothing to claim (and a higher goal met covers the lower).
      if (goal.code === "move.missed-contact" ? g <= TAU_C + TAU : within(g, goal.gap) !== "no") break;
      const aim = goal.code === "move.missed-contact" ? goal.gap : goal.gap - MARGIN;
      const w = searchWitness(board, mm, {
        targets: nearest(mm.fromShape),
        goalGap: aim,
        limit: spec.limit,
        // A non-round base pays to pivot in the 10th edition, so its witnesses keep their facing.
        rotate: system.charge.freePivot,
        verify: () =>
          gapNow(m.shape) <= aim + 1e-9 &&
          targets.some((t, i) => board.shapeUnitGap(m.shape, t) < d0[i] - MARGIN) &&
          unitOk(m) &&
          (!system.charge.pathsAvoidNonTargets || pathClear(mm, m.at)),
      });
      if (!w) {
        misses++;
        continue;
      }
      const t = targets[d0.indexOf(Math.min(...d0))];
      const id = m.def.id;
      const did = byModel.has(m) ? "" : ` — ${id} did not move; legal under the reading that binds only the models that move (see the readings page)`;
      const message = `${id} could have ended ${goal.what} ${targets.length === 1 ? t.id : `a charge target (${list(targets.map((v) => v.id))})`}: at ${at(w.centre)} it would be, and would meet every other condition of the charge move (${spec.rule})${did}`;
      const extra = {
        related: [
          { message: `witness: ${id} at ${at(w.centre)}${m.shape.kind === "ellipse" ? `, facing ${Math.round(w.facingDeg)}°` : ""}`, span: mm.move.span },
          { message: `${t.id}, a charge target`, span: t.def.span },
        ],
        witness: { model: id, at: [w.centre.x, w.centre.y] as [number, number] },
      };
      if (byModel.has(m)) ctx.report.error(goal.code, message, mm.move.span, extra);
      else ctx.report.warning(goal.code, message, mm.move.span, extra);
      break;
    }
  }
}

/** A model that did not move, as a "move" from where it stands (its `to:` line if written, else the step's head). */
function stayed(m: ModelState, step: ChargeStep): MovedModel {
  const written = step.moves.find((mv) => mv.model.id === m.def.id);
  const move = written ?? { model: { id: m.def.id, span: step.head }, path: [m.at], span: step.head };
  return { model: m, move, from: m.at, fromFacing: m.facing, fromShape: m.shape };
}

/** After Moving: engaged with all the charge targets, and with no enemy unit that is not one. */
function checkEndEngagement(ctx: RuleContext, unit: UnitState, step: ChargeStep, targets: readonly UnitState[], inferred: boolean, rule: string): void {
  const { board, report } = ctx;
  const after = board.engagedUnits(unit);
  if (inferred) {
    if (after.size === 0)
      report.error(
        "engagement.required",
        `${unit.id} ends its charge move engaged with no enemy unit; a charge move must end engaged with every charge target (${rule})`,
        step.head,
      );
    return;
  }
  const missing = targets.filter((v) => after.get(v) !== "yes");
  if (missing.length > 0) {
    const t: Tri = missing.every((v) => after.get(v) === "border") ? "border" : "no";
    const gaps = missing.map((v) => `${v.id} is ${inches(board.unitGap(unit, v))} away`).join(", ");
    report.unless(
      t,
      "engagement.required",
      `${unit.id} must end its charge move engaged (within ${inches(ctx.system.engagementRange)}) with every charge target: ${gaps} (${rule})`,
      step.head,
      {
        related: missing.map((v) => ({ message: v.id, span: v.def.span })),
      },
    );
  }
  const others = [...after].filter(([v]) => !targets.includes(v));
  if (others.length > 0) {
    const t: Tri = others.some(([, e]) => e === "yes") ? "no" : "border";
    report.unless(
      t,
      "engagement.forbidden",
      `${unit.id} ends its charge move engaged with ${list(others.map(([v]) => v.id))}, which ${others.length === 1 ? "is not a charge target" : "are not charge targets"} (${rule})`,
      step.head,
      {
        related: others.map(([v]) => ({ message: v.id, span: v.def.span })),
      },
    );
  }
}
