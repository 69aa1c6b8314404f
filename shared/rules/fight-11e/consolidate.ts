import { discGap } from "../../geometry/gap";
import { closer, MARGIN, within, type Tri } from "../../geometry/tolerance";
import type { ConsolidateStep, ConsolidationMode, ObjectiveDef } from "../../model/scenario";
import type { BoardState, ModelState, UnitState } from "../../board/board-state";
import { markMadeEligible, type RuleContext } from "../context";
import { inches, list, Report } from "../report";
import { checkApproach } from "../common/approach";
import { checkLocks, checkStillEngaged, engagementsBefore, gapPoints, keepsEngagements, locksBefore } from "../common/engagement";
import { applyMoves, checkEndPositions, checkPaths, plannedMoves, type MovedModel } from "../common/moves";
import { checkCoherency } from "../common/coherency";
import { at, searchWitness } from "../common/witness-search";
import { eleventh } from "../../systems/rule-cite";
import { objectiveGap, objectiveGapPoints } from "../common/objectives";

/**
 * The Consolidate step (11e 12.07) and the consolidation move (11e 12.08): player order, one move per unit,
 * eligibility, the three modes in their order of precedence with their while/after conditions,
 * and the forced fights after an engaging consolidation.
 */
export function consolidateStep(ctx: RuleContext, step: ConsolidateStep): void {
  const { board, report, fight, scenario } = ctx;
  const unit = board.units.get(step.unit.id);
  if (!unit) return;
  const related = [{ message: unit.id, span: unit.def.span }];

  const earlier = fight.consolidations.get(unit);
  if (earlier)
    report.error("action.repeated", `${unit.id} already made a consolidation move this phase (${eleventh("12.07")})`, step.head, {
      related: [{ message: "the earlier consolidation", span: earlier }],
    });
  else fight.consolidations.set(unit, step.head);
  if (unit.player === scenario.turn && fight.firstOpponentConsolidation) {
    report.error(
      "sequence.order",
      `the player whose turn it is (${scenario.turn}) makes all consolidation moves first, before the opponent's (${eleventh("12.07")})`,
      step.head,
      {
        related: [{ message: "the opponent's earlier consolidation", span: fight.firstOpponentConsolidation }],
      },
    );
  }
  if (unit.player !== scenario.turn && !fight.firstOpponentConsolidation) fight.firstOpponentConsolidation = step.head;
  if (!fight.everEligible.has(unit) && !fight.madeEligible.has(unit)) {
    report.error("action.not-eligible", `${unit.id} cannot consolidate: it was not eligible to fight this phase (${eleventh("12.08")})`, step.head, {
      related,
    });
  }

  const acceptable = acceptableModes(ctx, unit);
  if (step.mode && !acceptable.includes(step.mode.value)) {
    report.error("action.mode", `${step.mode.value} consolidation is not allowed here: ${modeReason(acceptable)} (${eleventh("12.08")})`, step.mode.span);
  }
  const candidates = step.mode ? [step.mode.value] : acceptable.filter((m): m is ConsolidationMode => m !== "none");
  if (candidates.length === 0) {
    const moves = plannedMoves(board, unit, step.moves, report);
    if (applyMoves(board, moves).length > 0) {
      report.error(
        "action.mode",
        `${unit.id} cannot consolidate: it is not engaged and no enemy unit or objective is within 3" (${eleventh("12.08")})`,
        step.head,
        {
          related,
        },
      );
    }
    return;
  }

  // Unwritten mode: the most permissive reading wins (the one with the fewest findings).
  const start = new Map(board.alive(unit).map((m) => [m, { at: m.at, facing: m.facing }]));
  const trials = candidates.flatMap((mode): { mode: ConsolidationMode; o: ObjectiveDef | undefined }[] =>
    mode === "objective" ? objectiveChoices(ctx, unit, step).map((o) => ({ mode, o })) : [{ mode, o: undefined }],
  );
  let best: { mode: ConsolidationMode; report: Report; forced: UnitState[] } | undefined;
  for (const { mode, o } of trials) {
    for (const [m, p] of start) board.place(m, p.at, p.facing);
    const trial = new Report();
    trial.step = report.step;
    const forced = consolidateAs(ctx, unit, step, mode, o, trial);
    if (!best || score(trial) < score(best.report)) best = { mode, report: trial, forced };
  }
  for (const [m, p] of start) board.place(m, p.at, p.facing);
  applyMoves(board, plannedMoves(board, unit, step.moves, new Report()));
  report.problems.push(...best!.report.problems);

  if (best!.mode === "engaging" && best!.forced.length > 0) {
    fight.forced = { units: new Set(best!.forced), span: step.head };
    for (const v of best!.forced) markMadeEligible(fight, v);
  }
}

function engagedWithAll(board: BoardState, unit: UnitState, selected: { units: UnitState[]; ambiguous: boolean }): boolean {
  if (selected.ambiguous) return true;
  const after = board.engagedUnits(unit);
  return selected.units.every((v) => after.get(v) === "yes");
}

function score(r: Report): number {
  return r.problems.reduce((s, p) => s + (p.severity === "error" ? 1000 : p.severity === "warning" ? 1 : 0), 0);
}

type ModeChoice = ConsolidationMode | "none";

/** 12.08 Before Moving: the first mode that applies must be selected; borderline tests admit the next one too. */
function acceptableModes(ctx: RuleContext, unit: UnitState): ModeChoice[] {
  const { board, system } = ctx;
  // Evaluated lazily, in order: the first clear answer decides.
  const tests: [ConsolidationMode, () => Tri][] = [
    ["ongoing", () => board.isEngaged(unit)],
    ["engaging", () => triMax([...board.unitsWithin(unit, system.consolidate.engagingRange).values()])],
    ["objective", () => triMax(ctx.scenario.objectives.map((o) => within(objectiveGap(board, unit, o), system.consolidate.objectiveRange)))],
  ];
  const out: ModeChoice[] = [];
  for (const [mode, test] of tests) {
    const t = test();
    if (t !== "no") out.push(mode);
    if (t === "yes") return out;
  }
  out.push("none");
  return out;
}

function modeReason(acceptable: readonly ModeChoice[]): string {
  const first = acceptable[0];
  if (first === "ongoing") return "the unit is engaged, so it must use ongoing consolidation";
  if (first === "engaging") return 'an enemy unit is within 3", so it must use engaging consolidation';
  if (first === "objective") return 'an objective is within 3" and no enemy unit is, so it must use objective consolidation';
  return 'it is not engaged and no enemy unit or objective is within 3"';
}

function triMax(ts: readonly Tri[]): Tri {
  return ts.includes("yes") ? "yes" : ts.includes("border") ? "border" : "no";
}

/** Replays the consolidation under one mode; returns the enemy units it forces to fight (engaging). */
function consolidateAs(
  ctx: RuleContext,
  unit: UnitState,
  step: ConsolidateStep,
  mode: ConsolidationMode,
  objective: ObjectiveDef | undefined,
  report: Report,
): UnitState[] {
  const { board, system } = ctx;
  const sub: RuleContext = { ...ctx, report };
  const limit = system.consolidate.maxDistance;
  const engagedWith = board.engagedUnits(unit);
  const locks = locksBefore(board, unit);
  const before = engagementsBefore(board, unit);
  const selected = selectTargets(sub, unit, step, mode, engagedWith);
  if (mode === "objective" && objective && step.objective) checkObjectiveSelection(sub, unit, step, objective);

  const moves = plannedMoves(board, unit, step.moves, report);
  checkPaths(board, moves, limit, "consolidation", eleventh("12.08"), report);
  const moved = applyMoves(board, moves);
  if (moved.length > 0) checkEndPositions(board, moved, eleventh("12.08"), report);
  const free = mode === "ongoing" ? checkLocks(moved, locks, eleventh("12.08"), report) : moved;

  const coherentWith = board.coherencyProbe(unit);
  if (mode !== "objective") {
    checkApproach(sub, free, {
      targets: selected.units,
      ambiguous: selected.ambiguous,
      what: "selected enemy unit",
      rule: eleventh("12.08"),
      limit,
      unitOk: (mm) => (mode === "engaging" ? engagedWithAll(board, unit, selected) : keepsEngagements(board, mm.model, before)) && coherentWith(mm.model),
      unitPossible: coherentWith.possible,
    });
  }
  if (mode === "ongoing") checkStillEngaged(board, moved, before, eleventh("12.08"), report);
  if (mode === "objective" && objective) checkTowardObjective(sub, free, objective, coherentWith);
  if (moved.length > 0) checkCoherency(board, unit, step.head, report);

  if (mode === "engaging") {
    const after = board.engagedUnits(unit);
    const required = selected.ambiguous ? [] : selected.units;
    const missing = required.filter((v) => after.get(v) !== "yes");
    if (missing.length > 0) {
      const t: Tri = missing.every((v) => after.get(v) === "border") ? "border" : "no";
      report.unless(
        t,
        "engagement.required",
        `${unit.id} must end engaged with every selected enemy unit; it is not engaged with ${list(missing.map((v) => v.id))} (${eleventh("12.08")})`,
        step.head,
        {
          related: missing.map((v) => ({ message: v.id, span: v.def.span })),
        },
      );
    } else if (selected.ambiguous && selected.units.every((v) => after.get(v) === undefined)) {
      report.error(
        "engagement.required",
        `${unit.id} must end engaged with the enemy units it selected for its engaging consolidation (${eleventh("12.08")})`,
        step.head,
      );
    }
    return [...after].filter(([v, t]) => t === "yes" && !ctx.fight.selected.has(v)).map(([v]) => v);
  }
  if (mode === "objective" && objective) {
    const g = objectiveGap(board, unit, objective);
    report.unless(
      within(g, system.objective.range),
      "objective.out-of-range",
      `${unit.id} must end within range (${inches(system.objective.range)}) of objective ${objective.id}; its closest model is ${inches(g)} away (${eleventh("12.08")})`,
      step.head,
      {
        related: [{ message: objective.id, span: objective.span }],
        measure: { value: g, limit: system.objective.range, ...objectiveGapPoints(board, unit, objective, g) },
      },
    );
  }
  return [];
}

function selectTargets(
  ctx: RuleContext,
  unit: UnitState,
  step: ConsolidateStep,
  mode: ConsolidationMode,
  engagedWith: ReadonlyMap<UnitState, Tri>,
): { units: UnitState[]; ambiguous: boolean } {
  const { board, report, system } = ctx;
  if (mode === "objective") return { units: [], ambiguous: false };
  const range = system.consolidate.engagingRange;
  const nearby = board.unitsWithin(unit, range);
  if (!step.targets) {
    if (mode === "ongoing") return { units: [...engagedWith.keys()], ambiguous: [...engagedWith.values()].some((t) => t !== "yes") };
    return { units: [...nearby.keys()], ambiguous: nearby.size > 1 };
  }
  const written = step.targets.refs.map((r) => board.units.get(r.id)).filter((u): u is UnitState => !!u);
  for (const f of written.filter((u) => u.player === unit.player)) {
    report.error("action.targets", `${f.id} is a friendly unit and cannot be selected (${eleventh("12.08")})`, step.targets.span);
  }
  const enemies = written.filter((u) => u.player !== unit.player);
  if (mode === "ongoing") {
    const missing = [...engagedWith].filter(([v, t]) => t === "yes" && !enemies.includes(v)).map(([v]) => v.id);
    const extra = enemies.filter((v) => !engagedWith.has(v)).map((v) => v.id);
    if (missing.length || extra.length) {
      const parts = [missing.length ? `it must also select ${list(missing)}` : "", extra.length ? `it is not engaged with ${list(extra)}` : ""].filter(Boolean);
      report.error(
        "action.targets",
        `ongoing consolidation selects every enemy unit the unit is engaged with: ${parts.join("; ")} (${eleventh("12.08")})`,
        step.targets.span,
      );
    }
  } else {
    if (enemies.length === 0)
      report.error(
        "action.targets",
        `engaging consolidation selects one or more enemy units within ${inches(range)} (${eleventh("12.08")})`,
        step.targets.span,
      );
    for (const v of enemies) {
      const g = board.unitGap(unit, v);
      report.unless(
        within(g, range),
        "action.targets",
        `${v.id} is ${inches(g)} from ${unit.id}; engaging consolidation selects enemy units within ${inches(range)} (${eleventh("12.08")})`,
        step.targets.span,
        {
          related: [{ message: v.id, span: v.def.span }],
        },
      );
    }
  }
  return { units: enemies, ambiguous: false };
}

/** The objectives an objective consolidation may have selected: the written one, or each within 3" (each is tried). */
function objectiveChoices(ctx: RuleContext, unit: UnitState, step: ConsolidateStep): (ObjectiveDef | undefined)[] {
  const { board, system, scenario } = ctx;
  if (step.objective) return [scenario.objectives.find((x) => x.id === step.objective!.id)];
  const near = scenario.objectives.filter((o) => within(objectiveGap(board, unit, o), system.consolidate.objectiveRange) !== "no");
  return near.length > 0 ? near : [undefined];
}

function checkObjectiveSelection(ctx: RuleContext, unit: UnitState, step: ConsolidateStep, o: ObjectiveDef): void {
  const range = ctx.system.consolidate.objectiveRange;
  const g = objectiveGap(ctx.board, unit, o);
  ctx.report.unless(
    within(g, range),
    "action.targets",
    `objective ${o.id} is ${inches(g)} from ${unit.id}; objective consolidation selects an objective within ${inches(range)} (${eleventh("12.08")})`,
    step.objective!.pairSpan,
    {
      related: [{ message: o.id, span: o.span }],
    },
  );
}

/** Objective consolidation, while moving: each moved model ends within range of the objective if possible, or closer to it if not. */
function checkTowardObjective(
  ctx: RuleContext,
  moved: readonly MovedModel[],
  o: ObjectiveDef,
  coherentWith: ((m: ModelState) => boolean) & { readonly possible: () => boolean },
): void {
  const { board, report, system } = ctx;
  const r = system.objective.diameterMm / 2 / 25.4;
  const range = system.objective.range;
  const marker = { kind: "circle" as const, c: o.at, r };
  for (const mm of moved) {
    const g1 = discGap(mm.model.shape, o.at, r);
    if (within(g1, range) !== "no") continue;
    const g0 = discGap(mm.fromShape, o.at, r);
    const w = searchWitness(board, mm, {
      targets: [marker],
      goalGap: range - MARGIN,
      targetsPassable: true,
      limit: system.consolidate.maxDistance,
      verify: () => discGap(mm.model.shape, o.at, r) <= range - MARGIN && coherentWith(mm.model),
      possible: coherentWith.possible,
    });
    const id = mm.model.def.id;
    if (w) {
      report.error(
        "move.missed-engagement",
        `${id} could have ended within range of objective ${o.id}: at ${at(w.centre)} it is within ${inches(range)} and meets every other condition (${eleventh("12.08")})`,
        mm.move.span,
        {
          related: [
            { message: `witness: ${id} at ${at(w.centre)}`, span: mm.move.span },
            { message: o.id, span: o.span },
          ],
          witness: { model: id, at: [w.centre.x, w.centre.y] },
        },
      );
      continue;
    }
    report.unless(
      closer(g0, g1),
      "move.not-closer",
      `${id} must end closer to objective ${o.id}: ${inches(g0)} at the start, ${inches(g1)} at the end (${eleventh("12.08")})`,
      mm.move.span,
      {
        related: [{ message: o.id, span: o.span }],
        measure: { value: g1, limit: g0, ...gapPoints(mm.model.shape, marker) },
      },
    );
  }
}
