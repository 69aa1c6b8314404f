import type { ConsolidateStep, FightStep, PileInStep } from "../../model/scenario";
import type { Span } from "../../source/span";
import type { UnitState } from "../../board/board-state";
import type { RuleContext } from "../context";
import { checkAttacks } from "../common/melee-attacks";
import { checkMeleeTargets } from "./attacks";
import { tenthConsolidate } from "./consolidate";
import { tenthPileIn } from "./pile-in";
import { reportMissingFights, selectToFight } from "./selection";
import { ruleName } from "./unit-checks";

/**
 * The 10th-edition Fight phase (source 003): units are selected one at a time, and
 * each activation is pile in (optional) → melee attacks → consolidate (optional) before the next
 * unit is selected. An activation is written either as one `- fight: unit` step with nested
 * `pile-in:` and `consolidate:` blocks, or as consecutive `pile-in`, `fight`, (`remove`,)
 * `consolidate` steps of that unit: a pile-in step begins the activation and must be followed by
 * the unit's fight; a consolidate step ends it. `type:` (11e's fight types) is ignored.
 */

/** One pile-in, fight or consolidate step of a 10th-edition Fight phase. */
export function tenthFightPhaseStep(ctx: RuleContext, step: PileInStep | FightStep | ConsolidateStep): void {
  const unit = ctx.board.units.get(step.unit.id);
  if (!unit) return;
  if (step.kind === "pile-in") pileInStep(ctx, unit, step);
  else if (step.kind === "fight") fightStep(ctx, unit, step);
  else consolidateStep(ctx, unit, step);
}

/** Called when the timeline leaves a 10th-edition Fight phase: every eligible unit must have fought. */
export function endTenthFightPhase(ctx: RuleContext): void {
  interrupt(ctx, undefined);
  reportMissingFights(ctx);
}

function pileInStep(ctx: RuleContext, unit: UnitState, step: PileInStep): void {
  const { fight, report } = ctx;
  const current = fight.activation;
  const rule = ruleName(ctx, "Fight");
  if (current?.unit === unit && current.stage === "piled-in") {
    report.error("action.repeated", `${unit.id} already piled in during this activation (${ruleName(ctx, "Pile In")})`, step.head, {
      related: [{ message: "the earlier pile-in", span: current.head }],
    });
  } else if (current?.unit === unit) {
    report.error("sequence.order", `${unit.id} piles in after its attacks; an activation is pile in, then attacks, then consolidate (${rule})`, step.head, {
      related: [{ message: `${unit.id}'s activation`, span: current.head }],
    });
  } else {
    interrupt(ctx, step.head);
    if (selectToFight(ctx, unit, step.head)) fight.activation = { unit, stage: "piled-in", head: step.head, step: report.step };
  }
  fight.pileIns.set(unit, step.head);
  tenthPileIn(ctx, unit, step, step.head);
}

function fightStep(ctx: RuleContext, unit: UnitState, step: FightStep): void {
  const { fight, report } = ctx;
  const current = fight.activation;
  if (current?.unit === unit && current.stage === "piled-in") {
    // The activation its pile-in step began continues.
    current.stage = "fought";
    if (step.pileIn) {
      report.error(
        "action.repeated",
        `${unit.id} already piled in during this activation, in its pile-in step (${ruleName(ctx, "Pile In")})`,
        step.pileIn.span,
        { related: [{ message: "the pile-in step", span: current.head }] },
      );
    }
  } else {
    interrupt(ctx, step.head);
    if (selectToFight(ctx, unit, step.head)) fight.activation = { unit, stage: "fought", head: step.head, step: report.step };
  }
  if (step.pileIn) {
    fight.pileIns.set(unit, step.pileIn.span);
    tenthPileIn(ctx, unit, step.pileIn, step.pileIn.span);
  }
  if (step.targets) checkMeleeTargets(ctx, unit, step.targets);
  // Per-model attacks, after the activation's pile-in and before its consolidation.
  checkAttacks(ctx, unit, step);
  if (step.consolidate) {
    consolidateOnce(ctx, unit, step.consolidate.span);
    tenthConsolidate(ctx, unit, step.consolidate, step.consolidate.span);
    fight.activation = undefined;
  }
}

function consolidateStep(ctx: RuleContext, unit: UnitState, step: ConsolidateStep): void {
  const { fight, report } = ctx;
  const current = fight.activation;
  const rule = ruleName(ctx, "Fight");
  if (current?.unit === unit && current.stage === "fought") {
    fight.activation = undefined;
  } else if (current?.unit === unit) {
    report.error("sequence.order", `${unit.id} consolidates before its attacks: after its pile-in comes its fight step (${rule})`, step.head, {
      related: [{ message: "its pile-in", span: current.head }],
    });
    fight.activation = undefined;
  } else if (!fight.consolidations.has(unit)) {
    const what = fight.selected.has(unit)
      ? `${unit.id} must consolidate straight after its own attacks, before another unit is selected`
      : `${unit.id} has not been selected to fight; a unit consolidates at the end of its own activation, after its attacks`;
    report.error(
      "sequence.order",
      `${what} (${rule})`,
      step.head,
      current ? { related: [{ message: `${current.unit.id}'s activation`, span: current.head }] } : undefined,
    );
  }
  consolidateOnce(ctx, unit, step.head);
  tenthConsolidate(ctx, unit, step, step.head);
}

/** A unit consolidates at most once a phase. */
function consolidateOnce(ctx: RuleContext, unit: UnitState, span: Span): void {
  const earlier = ctx.fight.consolidations.get(unit);
  if (earlier) {
    ctx.report.error("action.repeated", `${unit.id} already consolidated this phase (${ruleName(ctx, "Consolidate")})`, span, {
      related: [{ message: "the earlier consolidation", span: earlier }],
    });
  } else ctx.fight.consolidations.set(unit, span);
}

/**
 * Another unit's activation (or the end of the phase) begins: the current one ends here. Its
 * consolidation is optional, but a unit that piled in must make its attacks before anything else.
 */
function interrupt(ctx: RuleContext, by: Span | undefined): void {
  const current = ctx.fight.activation;
  if (!current) return;
  ctx.fight.activation = undefined;
  if (current.stage !== "piled-in") return;
  const message = `${current.unit.id} piled in, so its fight step must come next: an activation is pile in, then attacks, then consolidate (${ruleName(ctx, "Fight")})`;
  if (by) {
    ctx.report.error("sequence.order", message, by, { related: [{ message: `${current.unit.id}'s pile-in`, span: current.head }] });
    return;
  }
  // At the end of the phase the finding goes on the pile-in step itself.
  const step = ctx.report.step;
  ctx.report.step = current.step;
  ctx.report.error(
    "sequence.order",
    `${current.unit.id} piled in but never made its attacks: its fight step must follow its pile-in (${ruleName(ctx, "Fight")})`,
    current.head,
  );
  ctx.report.step = step;
}
