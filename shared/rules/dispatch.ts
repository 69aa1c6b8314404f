import type { ChargeStep, ConsolidateStep, FightStep, MoveStep, PileInStep, Step } from "../model/scenario";
import type { RulesSystem } from "../systems/system";
import { chargeStep, endChargePhase } from "./charge/phase";
import { removeStep } from "./common/remove";
import type { RuleContext } from "./context";
import { endTenthFightPhase, tenthFightPhaseStep } from "./fight-10e/phase";
import { endFightPhase, fightPhaseStep } from "./fight-11e/phase";
import { moveStep } from "./movement/phase";

/**
 * The one table from a step to the rule family that judges it: each step kind belongs to a phase,
 * and each phase, under a rules system, has one family with a hook per step and one for the end
 * of the phase. A `remove` step is made in any phase (`removeStep`). The replay loop
 * (engine/replay.ts) asks this table and nothing else.
 */

export { removeStep };

/** The phases with rules of their own; steps of any other phase are only `sequence.order`. */
export type RulesPhase = "movement" | "charge" | "fight";

/** The steps of each phase. */
interface StepsOf {
  movement: MoveStep;
  charge: ChargeStep;
  fight: PileInStep | FightStep | ConsolidateStep;
}

/** A phase's steps under one system: a step as it comes, and what is judged when the phase ends. */
export interface RuleFamily<P extends RulesPhase = RulesPhase> {
  step(ctx: RuleContext, step: StepsOf[P]): void;
  /** What is judged when the phase ends, if anything. */
  end?(ctx: RuleContext): void;
}

/** The step kinds the rule families judge (`phase` and `remove` are the replay's own). */
export type RuledStep = StepsOf[RulesPhase];

/** The phase each step kind is made in. */
export const PHASE_OF_STEP: { readonly [K in RuledStep["kind"]]: RulesPhase } = {
  move: "movement",
  charge: "charge",
  "pile-in": "fight",
  fight: "fight",
  consolidate: "fight",
};

/** Units never selected in the Movement phase remained stationary (09.02), which needs no check at its end. */
const MOVEMENT: RuleFamily<"movement"> = { step: moveStep };
const CHARGE: RuleFamily<"charge"> = { step: chargeStep, end: endChargePhase };
/** 11e 12: Pile In → Fight → Consolidate steps for the whole phase. */
const FIGHT_STEPS: RuleFamily<"fight"> = { step: fightPhaseStep, end: endFightPhase };
/** 10e: one activation per selected unit (pile in → attacks → consolidate). */
const FIGHT_ACTIVATIONS: RuleFamily<"fight"> = { step: tenthFightPhaseStep, end: endTenthFightPhase };

/** The family of each phase under a system; the Fight phase follows `system.fight.structure`. */
const FAMILIES: { readonly [P in RulesPhase]: (system: RulesSystem) => RuleFamily<P> } = {
  movement: () => MOVEMENT,
  charge: () => CHARGE,
  fight: (system) => (system.fight.structure === "activations" ? FIGHT_ACTIVATIONS : FIGHT_STEPS),
};

/** True for a step a rule family judges. */
export function isRuledStep(step: Step): step is RuledStep {
  return Object.hasOwn(PHASE_OF_STEP, step.kind);
}

/** The family of `phase` under `system`, if the phase has rules here (the command and shooting phases have none). */
export function familyOf(system: RulesSystem, phase: string): RuleFamily | undefined {
  return Object.hasOwn(FAMILIES, phase) ? (FAMILIES[phase as RulesPhase](system) as RuleFamily) : undefined;
}
