import type { Tri } from "../../geometry/tolerance";
import type { Span } from "../../source/span";
import type { UnitState } from "../../board/board-state";
import { hasCharged, markSelected, type RuleContext } from "../context";
import { inches } from "../report";
import { isFightsFirst } from "../common/fight-order";
import { FightOrder, orderRulesOf, type Pools } from "../common/fight-order";
import { FightPools, type PoolRules } from "../common/fight-pools";
import { ruleName } from "./unit-checks";

/**
 * Selecting units to fight in 10th edition: a unit is eligible if it has not
 * been selected this phase and is within Engagement Range of an enemy unit or made a charge move
 * this turn. Fights First units (a charge, or the datasheet) fight in the first step, every other
 * eligible unit in Remaining Combats; each step is started by the player whose turn it is not,
 * the players alternating, one continuing alone when the other has none left. There is no pass.
 * Club ruling `remaining-combats-engaged-only`: the second part holds only engaged units (source 002 L13).
 */

/** 10e eligibility to fight, three-valued. */
export function tenthEligibility(ctx: RuleContext, u: UnitState): Tri {
  const { board, fight } = ctx;
  if (fight.selected.has(u) || board.alive(u).length === 0) return "no";
  if (hasCharged(ctx, u)) return "yes";
  return board.isEngaged(u);
}

/** The 10e pools: eligibility, Fights First; the club's second part holds only engaged units; no pass. */
const TENTH_POOLS: PoolRules = {
  eligibility: tenthEligibility,
  fightsFirst: isFightsFirst,
  remaining: (ctx, u) => !ctx.system.readings.remainingCombatsEngagedOnly || ctx.board.isEngaged(u) !== "no",
  reach: (system) => system.engagementRange + 0.1,
};

/** The selection pools right now (kept step by step, rules/common/fight-pools.ts). */
export function tenthPools(ctx: RuleContext): Pools {
  return (ctx.fight.pools ??= new FightPools(TENTH_POOLS)).pools(ctx);
}

/**
 * A unit's activation begins (its pile-in step, or its fight step): eligibility, repetition and
 * the selection order. Returns whether the unit is now selected (false when it already was).
 */
export function selectToFight(ctx: RuleContext, unit: UnitState, head: Span): boolean {
  const { fight, report } = ctx;
  const rule = ruleName(ctx, "Fight Phase");
  const related = [{ message: unit.id, span: unit.def.span }];
  if (fight.selected.has(unit)) {
    report.error("action.repeated", `${unit.id} was already selected to fight this phase (${rule})`, head, { related });
    return false;
  }
  const order = (fight.order ??= new FightOrder(ctx.scenario.turn, ctx.scenario.players, orderRulesOf(ctx.system)));
  const e = tenthEligibility(ctx, unit);
  const range = inches(ctx.system.engagementRange);
  report.unless(
    e,
    "action.not-eligible",
    `${unit.id} is not eligible to fight: it is not within Engagement Range (${range}) of an enemy unit and did not charge this turn (${rule})`,
    head,
    { related },
  );
  if (e !== "no") {
    const pools = tenthPools(ctx);
    // Club: an unengaged charger fights in the first part or not at all; once no Fights First
    // selection is due, it is not eligible (asked before `check`, which moves the order on).
    const clubOut = ctx.system.readings.remainingCombatsEngagedOnly && ctx.board.isEngaged(unit) === "no" && !order.dueStages(pools).includes("fights-first");
    const wrong = order.check(unit, isFightsFirst(ctx, unit), pools);
    if (clubOut) {
      report.error(
        "action.not-eligible",
        `${unit.id} is not engaged and the Fights First step is over; the second part holds only engaged units (club ruling remaining-combats-engaged-only, seed 002 L13, L27)`,
        head,
        { related },
      );
    } else if (wrong) {
      report.error(
        "fight.order",
        `${unit.id} is selected out of order: ${wrong.expected} (${rule}: Fights First, then Remaining Combats, each started by the player whose turn it is not)`,
        head,
        { related },
      );
    }
    order.advance(unit.player, pools);
  }
  markSelected(fight, unit);
  fight.everEligible.add(unit);
  return true;
}

/** At the end of the phase: every unit still eligible to fight should have fought. */
export function reportMissingFights(ctx: RuleContext): void {
  const rule = ruleName(ctx, "Fight Phase");
  for (const u of ctx.board.units.values()) {
    const e = tenthEligibility(ctx, u);
    const why = hasCharged(ctx, u) ? "it charged this turn" : `it is within Engagement Range (${inches(ctx.system.engagementRange)}) of an enemy unit`;
    ctx.report.unless(
      e === "yes" ? "no" : e === "border" ? "border" : "yes",
      "fight.missing",
      `${u.id} was eligible to fight (${why}) and never fought; players select units until neither has an eligible unit left (${rule})`,
      u.def.span,
      {
        related: [{ message: u.id, span: u.def.span }],
      },
    );
  }
}
