import type { ConsolidateStep, FightStep, PileInStep } from "../../model/scenario";
import type { RuleContext } from "../../engine/context";

/** The 10th-edition Fight phase: activations of pile in → attacks → consolidate. (Skeleton.) */
export function tenthFightPhaseStep(_ctx: RuleContext, _step: PileInStep | FightStep | ConsolidateStep): void {}

/** Called when the timeline leaves a 10th-edition Fight phase (every eligible unit must have fought). */
export function endTenthFightPhase(_ctx: RuleContext): void {}
