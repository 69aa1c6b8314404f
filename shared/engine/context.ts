import type { Tri } from "../geometry/tolerance";
import type { Scenario } from "../model/scenario";
import type { RulesSystem } from "../rules/system";
import type { Span } from "../source/span";
import type { BoardState, UnitState } from "./board-state";
import type { FightOrder } from "../rules/fight-order";
import type { Report } from "./report";

/** Where the Fight phase is (12.01–12.09). */
export type FightSubStep = "pile-in" | "fight" | "consolidate";

/** What the replay remembers about the current Fight phase. */
export interface FightPhaseState {
  sub: FightSubStep;
  /** Units that piled in during the Pile In step, with the step's head. */
  readonly pileIns: Map<UnitState, Span>;
  /** First pile-in by the player whose turn it is not (for 12.02's order). */
  firstOpponentPileIn?: Span;
  readonly consolidations: Map<UnitState, Span>;
  firstOpponentConsolidation?: Span;
  /** Units selected to fight this phase. */
  readonly selected: Set<UnitState>;
  /** Engagement of each unit when the Fight step began (12.04). */
  engagedAtStart?: Map<UnitState, Tri>;
  /** Units that were eligible to fight at some point this phase (12.08). */
  readonly everEligible: Set<UnitState>;
  /** Units the opponent must select after an engaging consolidation (12.08), with that step's head. */
  forced?: { readonly units: Set<UnitState>; readonly span: Span };
  /** Units made eligible by an engaging consolidation. */
  readonly madeEligible: Set<UnitState>;
  order?: FightOrder;
}

/** Everything a rule family needs while replaying one step. */
export interface RuleContext {
  readonly scenario: Scenario;
  readonly system: RulesSystem;
  readonly board: BoardState;
  readonly report: Report;
  fight: FightPhaseState;
}

export function newFightPhase(): FightPhaseState {
  return {
    sub: "pile-in",
    pileIns: new Map(),
    consolidations: new Map(),
    selected: new Set(),
    everEligible: new Set(),
    madeEligible: new Set(),
  };
}
