import { within, type Tri } from "../../geometry/tolerance";
import type { FightStep, FightType } from "../../model/scenario";
import type { UnitState } from "../../board/board-state";
import { hasCharged, markSelected, type RuleContext } from "../context";
import { inches } from "../report";
import { FightOrder, isFightsFirst, type Pools } from "../common/fight-order";
import { FightPools, type PoolRules } from "../common/fight-pools";
import { checkAttacks } from "../common/melee-attacks";
import { applyMoves, plannedMoves } from "../common/moves";
import { pileIn } from "./pile-in";
import { eleventh } from "../../systems/rule-cite";

/**
 * The Fight step (11e 12.04–12.06): eligibility, the Fights First / Remaining Combats sequence,
 * normal and overrun fights with the overrun's extra pile-in, and attack targets.
 */

/** Takes the Fight step's snapshot when it begins (11e 12.04: "engaged at the start of this step"). */
export function beginFightStep(ctx: RuleContext): void {
  const { board, fight } = ctx;
  fight.sub = "fight";
  fight.engagedAtStart = new Map([...board.units.values()].map((u) => [u, board.isEngaged(u)]));
  fight.order = new FightOrder(ctx.scenario.turn, ctx.scenario.players);
  fight.pools = new FightPools(ELEVENTH_POOLS);
  noteEligible(ctx);
}

/** Eligible to fight (11e 12.04): not yet selected, and engaged now, engaged at the start of the step, or charged. */
export function eligibility(ctx: RuleContext, u: UnitState): Tri {
  const { board, fight } = ctx;
  if (fight.selected.has(u) || board.alive(u).length === 0) return "no";
  if (hasCharged(ctx, u) || fight.madeEligible.has(u)) return "yes";
  const now = board.isEngaged(u);
  const start = fight.engagedAtStart?.get(u) ?? "no";
  return now === "yes" || start === "yes" ? "yes" : now === "border" || start === "border" ? "border" : "no";
}

/**
 * 12.04.01: an eligible unit keeps its player from passing when it is within 5" of an enemy unit
 * (an engaged unit, cached, is within 5" of one: no need to measure the 5" around it).
 */
function blocksPass(ctx: RuleContext, u: UnitState): boolean {
  const { board, system } = ctx;
  if (system.engagementRange <= system.fightPassRange && board.isEngaged(u) === "yes") return true;
  for (const t of board.unitsWithin(u, system.fightPassRange).values()) if (t === "yes") return true;
  return false;
}

/** The 11e pools: eligibility, Fights First (24.13), passing. */
export const ELEVENTH_POOLS: PoolRules = {
  eligibility,
  fightsFirst: isFightsFirst,
  remaining: () => true,
  blocksPass,
  reach: (system) => Math.max(system.engagementRange, system.fightPassRange) + 0.1,
};

function poolsOf(ctx: RuleContext): FightPools {
  return (ctx.fight.pools ??= new FightPools(ELEVENTH_POOLS));
}

/** Remembers every unit eligible right now (consolidation needs "was eligible to fight this phase"). */
export function noteEligible(ctx: RuleContext): void {
  poolsOf(ctx).note(ctx, ctx.fight.everEligible);
}

/** Eligibility pools at this moment (kept step by step, rules/common/fight-pools.ts). */
export function pools(ctx: RuleContext): Pools {
  return poolsOf(ctx).pools(ctx);
}

/** A `- fight: unit` step during the Fight step (or as a forced fight after an engaging consolidation). */
export function fightStep(ctx: RuleContext, step: FightStep, forced: boolean): void {
  const { board, report, fight } = ctx;
  const unit = board.units.get(step.unit.id);
  if (!unit) return;
  const related = [{ message: unit.id, span: unit.def.span }];

  const repeated = fight.selected.has(unit);
  let eligibleAtSelection: Tri = "yes";
  if (repeated) {
    report.error("action.repeated", `${unit.id} was already selected to fight this phase (${eleventh("12.04")})`, step.head, { related });
  } else if (!forced) {
    const e = eligibility(ctx, unit);
    eligibleAtSelection = e;
    report.unless(
      e,
      "action.not-eligible",
      `${unit.id} is not eligible to fight: it is not engaged, was not engaged at the start of the Fight step, and did not charge (${eleventh("12.04")})`,
      step.head,
      { related },
    );
    const wrong = e === "no" ? undefined : fight.order?.check(unit, isFightsFirst(ctx, unit), pools(ctx));
    if (wrong) report.error("fight.order", `${unit.id} is selected out of order: ${wrong.expected} (${eleventh("12.04")})`, step.head, { related });
  }

  const type = fightType(ctx, unit, step);
  if (step.pileIn && type === "normal") {
    report.error("action.mode", `only an overrun fight makes an extra pile-in move; a normal fight does not (${eleventh("12.05, 12.06")})`, step.pileIn.span);
  }
  if (step.pileIn) pileIn(ctx, unit, step.pileIn, step.pileIn.span, { overrun: true });

  if (step.targets) {
    for (const ref of step.targets.refs) {
      const v = board.units.get(ref.id);
      if (!v) continue;
      if (v.player === unit.player) {
        report.error("fight.target", `${v.id} is a friendly unit and cannot be attacked (${eleventh("04.02")})`, step.targets.span);
        continue;
      }
      const g = board.unitGap(unit, v);
      report.unless(
        within(g, ctx.system.engagementRange),
        "fight.target",
        `${v.id} is ${inches(g)} from ${unit.id}; attack targets must be engaged with the attacking models (${eleventh("04.02, 12.05")})`,
        step.targets.span,
        {
          related: [{ message: v.id, span: v.def.span }],
        },
      );
    }
  }
  // Per-model attacks, on the board after the overrun fight's extra pile-in (12.06: "then fights").
  checkAttacks(ctx, unit, step);

  if (step.consolidate) {
    // The 10th-edition activation form; in the 11th edition everyone consolidates after the Fight step.
    report.error(
      "sequence.order",
      `consolidation moves are made in the Consolidate step, after every unit has fought (${eleventh("12.07")}): write \`- consolidate: ${unit.id}\` later`,
      step.consolidate.span,
    );
    applyMoves(board, plannedMoves(board, unit, step.consolidate.moves, report));
  }

  markSelected(fight, unit);
  fight.everEligible.add(unit);
  noteEligible(ctx);
  if (!repeated && !forced && eligibleAtSelection !== "no") fight.order?.advance(unit.player, pools(ctx));
}

/**
 * The fight type (11e 12.05 normal: engaged; 12.06 overrun: unengaged, or unengaged at the start of
 * the Fight step and engaged since). Reports a written type the unit may not make; infers one otherwise.
 */
function fightType(ctx: RuleContext, unit: UnitState, step: FightStep): FightType {
  const now = ctx.board.isEngaged(unit);
  const start = ctx.fight.engagedAtStart?.get(unit) ?? now;
  const normal: Tri = now;
  const overrun: Tri = now === "no" || start === "no" ? "yes" : now === "border" || start === "border" ? "border" : "no";
  const written = step.type?.value;
  if (step.type && written === "normal") {
    ctx.report.unless(normal, "action.mode", `${unit.id} cannot make a normal fight: it is not engaged (${eleventh("12.05")})`, step.type.span);
  } else if (step.type && written === "overrun") {
    ctx.report.unless(
      overrun,
      "action.mode",
      `${unit.id} cannot make an overrun fight: it is engaged and was engaged at the start of the Fight step (${eleventh("12.06")})`,
      step.type.span,
    );
  }
  if (written) return written;
  if (step.pileIn && overrun !== "no") return "overrun";
  return normal !== "no" ? "normal" : "overrun";
}
