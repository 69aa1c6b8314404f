import { discGap } from "../../geometry/gap";
import { closer, TAU, within } from "../../geometry/tolerance";
import type { ConsolidateSpec, ObjectiveDef } from "../../model/scenario";
import type { Span } from "../../source/span";
import type { BoardState, ModelState, UnitState } from "../../board/board-state";
import type { RuleContext } from "../context";
import { inches, Report } from "../report";
import { objectiveGap, objectiveGapPoints } from "../common/objectives";
import { checkLocks, gapPoints, locksBefore } from "../common/engagement";
import { applyMoves, checkEndPositions, checkPaths, plannedMoves, type MovedModel } from "../common/moves";
import { at } from "../common/witness-search";
import { checkCloserToEnemyModel, checkContactIfPossible, enemyReachable, unitReaches } from "./approach";
import { checkUnitCoherency, ruleName } from "./unit-checks";

/**
 * The 10th-edition Consolidate (source 003 L32–L37), optional: up to 3", models in
 * base-to-base contact with an enemy model stay. If the unit can end within Engagement Range of an
 * enemy unit and in coherency it must: each moved model ends closer to the closest enemy model, in
 * base-to-base contact if possible. Otherwise each model may move toward the closest objective
 * marker, the unit ending within range of it and coherent. Otherwise no model may move.
 * `mode: ongoing | engaging` (11e's words) both name the enemy mode, `mode: objective` the other;
 * unwritten, the mode is read from where the unit ends. `targets:` (11e) is ignored.
 * Club ruling `consolidate-contact-base`: the enemy mode asks for base-to-base contact instead.
 */
export function tenthConsolidate(ctx: RuleContext, unit: UnitState, spec: ConsolidateSpec, span: Span): void {
  const { board, report, system } = ctx;
  const rule = ruleName(ctx, "Consolidate");
  const contact = system.readings.consolidateContact;
  const limit = system.consolidate.maxDistance;
  const locks = locksBefore(board, unit);
  const moves = plannedMoves(board, unit, spec.moves, report);
  checkPaths(board, moves, limit, "consolidation", rule, report);
  const moved = applyMoves(board, moves);
  if (moved.length === 0) return; // not consolidating is always allowed
  checkEndPositions(board, moved, rule, report);
  const free = checkLocks(moved, locks, rule, report);

  const reached = unitReaches(board, unit, contact);
  const written = spec.mode?.value;
  const enemyMode = written ? written !== "objective" : reached !== "no";
  const goal =
    contact === "base" ? "in base-to-base contact with an enemy model" : `within Engagement Range (${inches(system.engagementRange)}) of an enemy unit`;
  const why = contact === "base" ? "club ruling consolidate-contact-base, seed 002 L33" : rule;

  if (enemyMode) {
    const closest = checkCloserToEnemyModel(ctx, free, rule);
    checkContactIfPossible(ctx, closest, { rule, limit, coherentWith: board.coherencyProbe(unit) });
    report.unless(reached, "engagement.required", `${unit.id} consolidates toward the enemy, so it must end ${goal} (${why})`, span);
    checkUnitCoherency(ctx, unit, span, rule);
    return;
  }

  // Toward an objective: only if the unit could not end within Engagement Range (or contact).
  const proof = reachableBefore(ctx, unit, moved, { limit, contact, locked: (m) => locks.get(m)?.t !== "no" });
  if (proof) {
    const how = "already" in proof ? "it already was, without moving" : `${proof.model.def.id} alone could move to ${at(proof.at)}`;
    const message = `${unit.id} could end its consolidation ${goal} (${how}), so it must consolidate toward the enemy (${why})`;
    const related = "already" in proof ? [] : [{ message: `witness: ${proof.model.def.id} at ${at(proof.at)}`, span: proof.model.def.lineSpan }];
    if (spec.mode && written === "objective") report.error("action.mode", message, spec.mode.span, { related });
    else report.error("engagement.required", message, span, { related });
    return;
  }
  if (ctx.scenario.objectives.length === 0) {
    report.unless(
      reached,
      "engagement.required",
      `${unit.id} must end ${goal}: with no objective marker to consolidate toward, no model may move otherwise (${rule})`,
      span,
    );
    return;
  }
  towardObjective(ctx, unit, spec, { moved, free, span, rule });
  checkUnitCoherency(ctx, unit, span, rule);
}

/** Was the enemy mode possible, judged on the board before the move (restored for the search)? */
function reachableBefore(
  ctx: RuleContext,
  unit: UnitState,
  moved: readonly MovedModel[],
  spec: Parameters<typeof enemyReachable>[2],
): ReturnType<typeof enemyReachable> {
  const { board } = ctx;
  const ends = moved.map((mm) => ({ mm, at: mm.model.at, facing: mm.model.facing }));
  for (const mm of moved) board.place(mm.model, mm.from, mm.fromFacing);
  try {
    return enemyReachable(ctx, unit, spec);
  } finally {
    for (const e of ends) board.place(e.mm.model, e.at, e.facing);
  }
}

/**
 * "Each model … can instead make a Consolidation move towards the closest objective marker, but
 * only if, after doing so, that unit is within range of that objective marker." Closest to the
 * unit or to the model is not settled: every marker closest to the unit or to a
 * moved model at the start is tried, and the one with the fewest findings is judged.
 */
function towardObjective(
  ctx: RuleContext,
  unit: UnitState,
  spec: ConsolidateSpec,
  move: { readonly moved: readonly MovedModel[]; readonly free: readonly MovedModel[]; readonly span: Span; readonly rule: string },
): void {
  const { board, report, scenario } = ctx;
  const { moved, rule } = move;
  const startOf = (m: ModelState) => moved.find((mm) => mm.model === m)?.fromShape ?? m.shape;
  const unitStart = (o: ObjectiveDef) => Math.min(...board.alive(unit).map((m) => markerGap(board, startOf(m), o)));
  const closest = closestObjectives(scenario.objectives, unitStart);
  for (const mm of move.free) closest.push(...closestObjectives(scenario.objectives, (o) => markerGap(board, mm.fromShape, o)));
  const admissible = [...new Set(closest)];
  let candidates = admissible;

  if (spec.objective) {
    const o = scenario.objectives.find((x) => x.id === spec.objective!.id);
    if (!o) return; // the parser reports unknown refs
    if (!admissible.includes(o)) {
      report.error(
        "action.targets",
        `objective ${o.id} is not the closest objective marker to ${unit.id} or to any of its moved models; a consolidation moves toward the closest one (${rule})`,
        spec.objective.pairSpan,
        {
          related: [{ message: o.id, span: o.span }],
        },
      );
    }
    candidates = [o];
  }

  let best: Report | undefined;
  for (const o of candidates) {
    const trial = new Report();
    trial.step = report.step;
    judgeObjective(ctx, unit, o, { ...move, closest: admissible.includes(o) }, trial);
    if (!best || score(trial) < score(best)) best = trial;
  }
  if (best) report.problems.push(...best.problems);
}

function judgeObjective(
  ctx: RuleContext,
  unit: UnitState,
  o: ObjectiveDef,
  move: { readonly free: readonly MovedModel[]; readonly span: Span; readonly rule: string; readonly closest: boolean },
  report: Report,
): void {
  const { board, system } = ctx;
  const related = [{ message: o.id, span: o.span }];
  const which = move.closest ? `objective ${o.id}, the closest objective marker` : `objective ${o.id}`;
  for (const mm of move.free) {
    const g0 = markerGap(board, mm.fromShape, o);
    const g1 = markerGap(board, mm.model.shape, o);
    const marker = { kind: "circle" as const, c: o.at, r: board.system.objective.diameterMm / 2 / 25.4 };
    report.unless(
      closer(g0, g1),
      "move.not-closer",
      `${mm.model.def.id} must move toward ${which}: ${inches(g0)} at the start, ${inches(g1)} at the end (${move.rule})`,
      mm.move.span,
      {
        related,
        measure: { value: g1, limit: g0, ...gapPoints(mm.model.shape, marker) },
      },
    );
  }
  const g = objectiveGap(board, unit, o);
  report.unless(
    within(g, system.objective.range),
    "objective.out-of-range",
    `${unit.id} must end within range (${inches(system.objective.range)}) of ${which}; its closest model is ${inches(g)} away (${move.rule})`,
    move.span,
    {
      related,
      measure: { value: g, limit: system.objective.range, ...objectiveGapPoints(board, unit, o, g) },
    },
  );
}

function markerGap(board: BoardState, shape: ModelState["shape"], o: ObjectiveDef): number {
  return discGap(shape, o.at, board.system.objective.diameterMm / 2 / 25.4);
}

function closestObjectives(objectives: readonly ObjectiveDef[], gap: (o: ObjectiveDef) => number): ObjectiveDef[] {
  const gaps = objectives.map(gap);
  const min = Math.min(...gaps);
  return objectives.filter((_, i) => gaps[i] <= min + TAU);
}

function score(r: Report): number {
  return r.problems.reduce((s, p) => s + (p.severity === "error" ? 1000 : p.severity === "warning" ? 1 : 0), 0);
}
