import type { Tri } from "../geometry/tolerance";
import type { Scenario } from "../model/scenario";
import type { RulesSystem } from "../systems/system";
import type { Span } from "../source/span";
import type { BoardState, UnitState } from "../board/board-state";
import type { FightOrder } from "./common/fight-order";
import type { FightPools } from "./common/fight-pools";
import { Report } from "./report";

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
  /** The selection pools, kept step by step (11e from the start of the Fight step, 10e from the first selection). */
  pools?: FightPools;
  /** The 10th-edition activation in progress (rules/fight-10e/phase.ts): pile in → attacks → consolidate. */
  activation?: FightActivation;
}

/** Where the unit being activated in a 10th-edition Fight phase is. */
export interface FightActivation {
  readonly unit: UnitState;
  stage: "piled-in" | "fought";
  /** The step that began it, and that step's index (for findings reported later). */
  readonly head: Span;
  readonly step: number | undefined;
}

/** What the replay remembers about one Charge phase (rules/charge/heroic-intervention.ts). */
export interface ChargePhaseState {
  /** Heroic Interventions used this phase, by player, with the step's head (15.01: once per phase per player). */
  readonly interventions: Map<string, Span>;
  /** The first Heroic Intervention: the end of the phase, after which the active player charges no more. */
  first?: Span;
}

/** What the replay remembers for the whole turn (charges grant Fights First until its end). */
export interface TurnState {
  /** Units that made a charge move this turn, with their charge targets (from `charged:` or a `charge:` step). */
  readonly charged: Map<UnitState, readonly UnitState[]>;
  readonly advanced: Set<UnitState>;
  readonly fellBack: Set<UnitState>;
  /** Units selected to move in this Movement phase / to charge in this Charge phase. */
  readonly moved: Map<UnitState, Span>;
  readonly chargeDeclared: Map<UnitState, Span>;
  /** The current Charge phase's Heroic Interventions; undefined until the first, and after the phase ends. */
  chargePhase?: ChargePhaseState;
}

/** Everything a rule family needs while replaying one step. */
export interface RuleContext {
  readonly scenario: Scenario;
  readonly system: RulesSystem;
  readonly board: BoardState;
  readonly report: Report;
  readonly turn: TurnState;
  fight: FightPhaseState;
}

/** Every field of T, optional ones included (so a copy that forgets a field does not compile). */
type All<T> = { [K in keyof Required<T>]: T[K] };

/**
 * An independent copy of the replay's context over `board` (a clone of `ctx.board`): the turn and
 * Fight phase records with each unit replaced by the copy's, and the findings so far.
 */
export function cloneContext(ctx: RuleContext, board: BoardState): RuleContext {
  // Over the same board (a trial, rolled back afterwards) every unit is its own copy: plain copies of the maps and sets.
  const same = board === ctx.board;
  const unit = same ? (u: UnitState): UnitState => u : (u: UnitState): UnitState => board.units.get(u.id)!;
  const keys = same
    ? <V>(m: ReadonlyMap<UnitState, V>): Map<UnitState, V> => new Map(m)
    : <V>(m: ReadonlyMap<UnitState, V>): Map<UnitState, V> => new Map([...m].map(([k, v]) => [unit(k), v]));
  const units = same ? (s: ReadonlySet<UnitState>): Set<UnitState> => new Set(s) : (s: ReadonlySet<UnitState>): Set<UnitState> => new Set([...s].map(unit));
  const t = ctx.turn;
  const turn: All<TurnState> = {
    charged: new Map([...t.charged].map(([k, v]) => [unit(k), v.map(unit)])),
    advanced: units(t.advanced),
    fellBack: units(t.fellBack),
    moved: keys(t.moved),
    chargeDeclared: keys(t.chargeDeclared),
    chargePhase: t.chargePhase && { interventions: new Map(t.chargePhase.interventions), first: t.chargePhase.first },
  };
  const f = ctx.fight;
  const fight: All<FightPhaseState> = {
    sub: f.sub,
    pileIns: keys(f.pileIns),
    firstOpponentPileIn: f.firstOpponentPileIn,
    consolidations: keys(f.consolidations),
    firstOpponentConsolidation: f.firstOpponentConsolidation,
    selected: units(f.selected),
    engagedAtStart: f.engagedAtStart && keys(f.engagedAtStart),
    everEligible: units(f.everEligible),
    forced: f.forced && { units: units(f.forced.units), span: f.forced.span },
    madeEligible: units(f.madeEligible),
    order: f.order?.clone(),
    pools: f.pools?.clone(ctx.board, board, unit),
    activation: f.activation && { ...f.activation, unit: unit(f.activation.unit) },
  };
  const report = new Report();
  for (const p of ctx.report.problems) report.problems.push(p);
  report.step = ctx.report.step;
  return { scenario: ctx.scenario, system: ctx.system, board, report, turn, fight };
}

/** The turn as the set-up describes it: `charged:`, `advanced:`, `fell-back:` on the units. */
export function newTurn(board: BoardState): TurnState {
  const turn: TurnState = { charged: new Map(), advanced: new Set(), fellBack: new Set(), moved: new Map(), chargeDeclared: new Map() };
  for (const u of board.units.values()) {
    if (u.def.charged)
      turn.charged.set(
        u,
        u.def.chargeTargets.map((r) => board.units.get(r.id)).filter((v): v is UnitState => !!v),
      );
    if (u.def.advanced) turn.advanced.add(u);
    if (u.def.fellBack) turn.fellBack.add(u);
  }
  return turn;
}

/** Did the unit make a charge move this turn? */
export function hasCharged(ctx: RuleContext, u: UnitState): boolean {
  return ctx.turn.charged.has(u);
}

/** Selects the unit to fight this phase. */
export function markSelected(fight: FightPhaseState, u: UnitState): void {
  fight.selected.add(u);
  fight.pools?.mark(u);
}

/** Makes the unit eligible to fight (11e 12.08, after an engaging consolidation). */
export function markMadeEligible(fight: FightPhaseState, u: UnitState): void {
  fight.madeEligible.add(u);
  fight.pools?.mark(u);
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
