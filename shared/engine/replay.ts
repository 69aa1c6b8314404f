import type { ChargeStep, MoveStep, PhaseStep, RemoveStep, Scenario, Step } from "../model/scenario";
import { consolidateStep } from "../rules/fight-11e/consolidate";
import { beginFightStep, eligibility, fightStep } from "../rules/fight-11e/fight";
import { pileIn } from "../rules/fight-11e/pile-in";
import type { RulesSystem } from "../systems/system";
import { within } from "../geometry/tolerance";
import { BoardState } from "../board/board-state";
import { newFightPhase, newTurn, type RuleContext } from "../rules/context";
import { chargeStep, endChargePhase } from "../rules/charge/phase";
import { endMovementPhase, moveStep } from "../rules/movement/phase";
import { endTenthFightPhase, tenthFightPhaseStep } from "../rules/fight-10e/phase";
import { inches, Report } from "../rules/report";

/**
 * Replays the timeline over the board, step by step, asking each rule family about each step.
 * After a violation the step is still applied as written, so later steps are judged on the
 * board the author meant. `until` stops after that step (the board preview shows any step);
 * returns the phase the timeline is in then. `observer` sees the board just before and just after
 * each step (inlay hints and hovers read the moves that way, in one replay).
 */
export function replay(scenario: Scenario, system: RulesSystem, board: BoardState, report: Report, until = Infinity, observer?: StepObserver): string {
  let phase = scenario.phase;
  const ctx: RuleContext = { scenario, system, board, report, turn: newTurn(board), fight: newFightPhase() };
  for (const step of scenario.steps) {
    if (step.index > until) break;
    report.step = step.index;
    observer?.beforeStep?.(step, board);
    phase = applyStep(ctx, step, phase);
    observer?.afterStep?.(step, board);
  }
  report.step = undefined;
  return phase;
}

/** Watches a replay step by step; the board is live (read it, never change it). */
export interface StepObserver {
  beforeStep?(step: Step, board: BoardState): void;
  afterStep?(step: Step, board: BoardState): void;
}

/** One step of the timeline in the phase `phase`; returns the phase after it. */
function applyStep(ctx: RuleContext, step: Step, phase: string): string {
  const { system, report } = ctx;
  if (step.kind === "phase") {
    endPhase(ctx, phase);
    if (step.phase.value === "fight") ctx.fight = newFightPhase();
    return step.phase.value;
  }
  if (step.kind === "remove") {
    removeModels(ctx, step);
    return phase;
  }
  const belongs = step.kind === "move" ? "movement" : step.kind === "charge" ? "charge" : "fight";
  if (phase !== belongs) {
    report.error("sequence.order", `${step.kind} belongs to the ${belongs} phase; the timeline is in the ${phase} phase — add \`- phase: ${belongs}\` before it`, step.head);
    return phase;
  }
  if (step.kind === "move") moveStep(ctx, step);
  else if (step.kind === "charge") chargeStep(ctx, step);
  else if (system.fight.structure === "activations") tenthFightPhaseStep(ctx, step);
  else fightPhaseStep(ctx, step);
  return phase;
}

function endPhase(ctx: RuleContext, phase: string): void {
  if (phase === "movement") endMovementPhase(ctx);
  else if (phase === "charge") endChargePhase(ctx);
  else if (phase === "fight") {
    if (ctx.system.fight.structure === "activations") endTenthFightPhase(ctx);
    else endFightPhase(ctx);
  }
}

function fightPhaseStep(ctx: RuleContext, step: Exclude<Step, PhaseStep | RemoveStep | MoveStep | ChargeStep>): void {
  const { fight, board, report, scenario } = ctx;
  switch (step.kind) {
    case "pile-in": {
      const unit = board.units.get(step.unit.id);
      if (!unit) return;
      if (fight.sub !== "pile-in") {
        report.error("sequence.order", `pile-in moves are made in the Pile In step, before any unit fights (11e 12.02); an overrun fight's pile-in goes under its \`fight:\` step`, step.head);
      } else {
        const earlier = fight.pileIns.get(unit);
        if (earlier) report.error("action.repeated", `${unit.id} already made a pile-in move in this Pile In step (11e 12.02)`, step.head, { related: [{ message: "the earlier pile-in", span: earlier }] });
        fight.pileIns.set(unit, step.head);
        if (unit.player === scenario.turn && fight.firstOpponentPileIn) {
          report.error("sequence.order", `the player whose turn it is (${scenario.turn}) resolves all pile-in moves first, before the opponent's (11e 12.02)`, step.head, {
            related: [{ message: "the opponent's earlier pile-in", span: fight.firstOpponentPileIn }],
          });
        }
        if (unit.player !== scenario.turn && !fight.firstOpponentPileIn) fight.firstOpponentPileIn = step.head;
      }
      pileIn(ctx, unit, step, step.head, { overrun: false });
      return;
    }
    case "fight": {
      const unit = board.units.get(step.unit.id);
      if (!unit) return;
      if (fight.sub === "pile-in") beginFightStep(ctx);
      let forced = false;
      if (fight.sub === "consolidate") {
        forced = !!fight.forced?.units.delete(unit);
        if (!forced) {
          report.error("sequence.order", `${unit.id} fights after the Consolidate step began; only units engaged by an engaging consolidation fight now (11e 12.07, 12.08)`, step.head);
        }
      }
      fightStep(ctx, step, forced);
      return;
    }
    case "consolidate": {
      if (fight.sub !== "consolidate") endFightStep(ctx);
      reportUnforced(ctx);
      fight.sub = "consolidate";
      consolidateStep(ctx, step);
      return;
    }
  }
}

/** 12.04: every unit that can fight must fight — judged once the timeline has moved past the Fight step. */
function endFightStep(ctx: RuleContext): void {
  const { fight, board, report, system } = ctx;
  if (fight.sub === "pile-in") beginFightStep(ctx);
  for (const u of board.units.values()) {
    if (fight.selected.has(u) || eligibility(ctx, u) === "no") continue;
    // A player may pass when all their eligible units are more than 5" from every enemy unit (11e 12.04.01).
    let nearest = Infinity;
    for (const v of board.unitsWithin(u, system.fightPassRange).keys()) nearest = Math.min(nearest, board.unitGap(u, v));
    const t = within(nearest, system.fightPassRange);
    report.unless(t === "no" ? "yes" : t === "yes" ? "no" : "border", "fight.missing", `${u.id} was eligible to fight and never fought; every unit that can fight must fight (11e 12.04)`, u.def.span, {
      related: [{ message: `the nearest enemy unit is ${inches(nearest)} away`, span: u.def.span }],
    });
  }
}

/** 12.08: units an engaging consolidation engaged must be selected to fight before the next consolidation move. */
function reportUnforced(ctx: RuleContext): void {
  const forced = ctx.fight.forced;
  if (!forced) return;
  for (const u of forced.units) {
    ctx.report.error("fight.missing", `${u.id} was engaged by an engaging consolidation and had to be selected to fight before the next consolidation move (11e 12.08)`, u.def.span, {
      related: [{ message: "the engaging consolidation", span: forced.span }],
    });
  }
  ctx.fight.forced = undefined;
}

function endFightPhase(ctx: RuleContext): void {
  if (ctx.fight.sub !== "consolidate") endFightStep(ctx);
  reportUnforced(ctx);
}

function removeModels(ctx: RuleContext, step: RemoveStep): void {
  for (const ref of step.models) {
    const m = ctx.board.models.get(ref.id);
    if (!m) continue;
    if (!m.alive) {
      ctx.report.error("action.repeated", `${ref.id} was already removed`, ref.span);
      continue;
    }
    ctx.board.remove(m);
  }
}
