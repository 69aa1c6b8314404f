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
 * An independent copy of the replay's context over `board` (a clone of `ctx.board`, or the board
 * itself): the turn and Fight phase records with each unit replaced by the copy's, and the
 * findings so far.
 */
export function cloneContext(ctx: RuleContext, board: BoardState): RuleContext {
  // Over the same board every unit is its own copy: plain copies of the maps and sets.
  const same = board === ctx.board;
  const unit = same ? (u: UnitState): UnitState => u : (u: UnitState): UnitState => board.units.get(u.id)!;
  const keys = same
    ? <V>(m: ReadonlyMap<UnitState, V>): Map<UnitState, V> => new Map(m)
    : <V>(m: ReadonlyMap<UnitState, V>): Map<UnitState, V> => new Map([...m].map(([k, v]) => [unit(k), v]));
  const units = same ? (s: ReadonlySet<UnitState>): Set<UnitState> => new Set(s) : (s: ReadonlySet<UnitState>): Set<UnitState> => new Set([...s].map(unit));
  const report = new Report();
  for (const p of ctx.report.problems) report.problems.push(p);
  report.step = ctx.report.step;
  const charged = (m: ReadonlyMap<UnitState, readonly UnitState[]>): Map<UnitState, readonly UnitState[]> =>
    new Map([...m].map(([k, v]) => [unit(k), v.map(unit)]));
  return copyWith(ctx, board, report, { unit, keys, units, charged, pools: (p) => p.clone(ctx.board, board, unit) });
}

/**
 * The context of one trial over `ctx`'s own board (`BoardState.beginTrial`, rolled back
 * afterwards; engine/timeline.ts `tryStepFrom`): what `cloneContext(ctx, ctx.board)` gives, but
 * each map and set of the turn and Fight-phase records reads through to `ctx`'s until its first
 * write (`overlayMap`, `overlaySet`), the selection pools likewise (`FightPools.trial`), and the
 * report holds the trial's own findings only (no rule reads the findings before its step). A try
 * then costs what the step changes, not the size of the records. Nothing is written into `ctx`;
 * `ctx` must not change while the trial context is used.
 */
export function trialContext(ctx: RuleContext): RuleContext {
  const report = new Report();
  report.step = ctx.report.step;
  return copyWith(ctx, ctx.board, report, { unit: (u) => u, keys: overlayMap, units: overlaySet, charged: overlayMap, pools: (p) => p.trial(ctx.board) });
}

/** How `copyWith` copies each kind of record: a unit, a map or set keyed by units, the charges, the pools. */
interface Copier {
  readonly unit: (u: UnitState) => UnitState;
  readonly keys: <V>(m: ReadonlyMap<UnitState, V>) => Map<UnitState, V>;
  readonly units: (s: ReadonlySet<UnitState>) => Set<UnitState>;
  readonly charged: (m: ReadonlyMap<UnitState, readonly UnitState[]>) => Map<UnitState, readonly UnitState[]>;
  readonly pools: (p: FightPools) => FightPools;
}

/** The context's turn and Fight-phase records copied by `copy`, over `board` and with `report`. */
function copyWith(ctx: RuleContext, board: BoardState, report: Report, copy: Copier): RuleContext {
  const { unit, keys, units } = copy;
  const t = ctx.turn;
  const turn: All<TurnState> = {
    charged: copy.charged(t.charged),
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
    pools: f.pools && copy.pools(f.pools),
    activation: f.activation && { ...f.activation, unit: unit(f.activation.unit) },
  };
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

/**
 * A map that reads through to `base` until it is written: writes are kept beside it (a changed
 * value, a removal, a new key), so a trial that changes one entry of a record of hundreds copies
 * none. The first iteration makes it a plain copy (the entries in the order a copy of `base` with
 * the same writes would have), which it is from then on. `base` must not change meanwhile.
 */
class OverlayMap<K, V> implements Map<K, V> {
  readonly [Symbol.toStringTag] = "Map";
  /** Values of `base`'s keys written since (still in `base`'s order). */
  private readonly changed = new Map<K, V>();
  /** Keys of `base` deleted since. */
  private readonly removed = new Set<K>();
  /** Keys set since that `base` does not hold (or held, and they were deleted): after `base`'s, in order. */
  private readonly added = new Map<K, V>();
  /** The whole map, once iterated. */
  private own?: Map<K, V>;

  constructor(private readonly base: ReadonlyMap<K, V>) {}

  get size(): number {
    return this.own ? this.own.size : this.base.size - this.removed.size + this.added.size;
  }

  has(key: K): boolean {
    if (this.own) return this.own.has(key);
    return this.added.has(key) || (!this.removed.has(key) && this.base.has(key));
  }

  get(key: K): V | undefined {
    if (this.own) return this.own.get(key);
    if (this.added.has(key)) return this.added.get(key);
    if (this.removed.has(key)) return undefined;
    return this.changed.has(key) ? this.changed.get(key) : this.base.get(key);
  }

  set(key: K, value: V): this {
    if (this.own) this.own.set(key, value);
    else if (this.added.has(key) || this.removed.has(key) || !this.base.has(key)) this.added.set(key, value);
    else this.changed.set(key, value);
    return this;
  }

  delete(key: K): boolean {
    if (this.own) return this.own.delete(key);
    if (this.added.delete(key)) return true;
    if (this.removed.has(key) || !this.base.has(key)) return false;
    this.removed.add(key);
    this.changed.delete(key);
    return true;
  }

  clear(): void {
    this.own = new Map();
  }

  private whole(): Map<K, V> {
    if (!this.own) {
      const own = new Map<K, V>();
      for (const [k, v] of this.base) if (!this.removed.has(k)) own.set(k, this.changed.has(k) ? this.changed.get(k)! : v);
      for (const [k, v] of this.added) own.set(k, v);
      this.own = own;
    }
    return this.own;
  }

  forEach(fn: (value: V, key: K, map: Map<K, V>) => void, thisArg?: unknown): void {
    this.whole().forEach((v, k) => fn.call(thisArg, v, k, this));
  }

  entries(): MapIterator<[K, V]> {
    return this.whole().entries();
  }

  keys(): MapIterator<K> {
    return this.whole().keys();
  }

  values(): MapIterator<V> {
    return this.whole().values();
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.whole()[Symbol.iterator]();
  }
}

/** A set that reads through to `base` until it is written, as `OverlayMap` does. */
class OverlaySet<T> implements Set<T> {
  readonly [Symbol.toStringTag] = "Set";
  /** Items of `base` deleted since. */
  private readonly removed = new Set<T>();
  /** Items added since that `base` does not hold (or held, and they were deleted): after `base`'s, in order. */
  private readonly added = new Set<T>();
  /** The whole set, once iterated. */
  private own?: Set<T>;

  constructor(private readonly base: ReadonlySet<T>) {}

  get size(): number {
    return this.own ? this.own.size : this.base.size - this.removed.size + this.added.size;
  }

  has(value: T): boolean {
    if (this.own) return this.own.has(value);
    return this.added.has(value) || (!this.removed.has(value) && this.base.has(value));
  }

  add(value: T): this {
    if (this.own) this.own.add(value);
    else if (!this.has(value)) this.added.add(value);
    return this;
  }

  delete(value: T): boolean {
    if (this.own) return this.own.delete(value);
    if (this.added.delete(value)) return true;
    if (this.removed.has(value) || !this.base.has(value)) return false;
    this.removed.add(value);
    return true;
  }

  clear(): void {
    this.own = new Set();
  }

  private whole(): Set<T> {
    if (!this.own) {
      const own = new Set<T>();
      for (const v of this.base) if (!this.removed.has(v)) own.add(v);
      for (const v of this.added) own.add(v);
      this.own = own;
    }
    return this.own;
  }

  forEach(fn: (value: T, value2: T, set: Set<T>) => void, thisArg?: unknown): void {
    this.whole().forEach((v) => fn.call(thisArg, v, v, this));
  }

  entries(): SetIterator<[T, T]> {
    return this.whole().entries();
  }

  keys(): SetIterator<T> {
    return this.whole().keys();
  }

  values(): SetIterator<T> {
    return this.whole().values();
  }

  [Symbol.iterator](): SetIterator<T> {
    return this.whole()[Symbol.iterator]();
  }
}

/** A map that reads through to `base` until it is written (see `OverlayMap`); `base` must not change while it is used. */
export function overlayMap<K, V>(base: ReadonlyMap<K, V>): Map<K, V> {
  return new OverlayMap(base);
}

/** A set that reads through to `base` until it is written; `base` must not change while it is used. */
export function overlaySet<T>(base: ReadonlySet<T>): Set<T> {
  return new OverlaySet(base);
}
