import { gapBounds, signedGap } from "../geometry/gap";
import { circumradius, shapeOf, type Shape } from "../geometry/shape";
import { TAU, within, type Tri } from "../geometry/tolerance";
import type { ModelDef, Scenario, UnitDef, Vec } from "../model/scenario";
import type { RulesSystem } from "../systems/system";
import { coherencyOf, coherencyProbe } from "./coherency";
import { SpatialGrid } from "./spatial-grid";

const rankOf = (m: ModelState): number => m.rank;

/** The constructor's mark for an empty board that `clone` fills. */
const COPY: unique symbol = Symbol("copy");

/** A model as the replay sees it at one moment. */
export interface ModelState {
  readonly def: ModelDef;
  readonly unit: UnitState;
  /** The model's place in the set-up (0, 1, …, unit by unit): the spatial grid's order. */
  readonly rank: number;
  at: Vec;
  facing: number;
  alive: boolean;
  shape: Shape;
}

export interface UnitState {
  readonly def: UnitDef;
  readonly id: string;
  readonly player: string;
  readonly models: readonly ModelState[];
}

/**
 * Where a reader of a board's changes stopped (`BoardState.changeCursor`, `readChanges`): how many
 * changes it had read, and the last one's number, so a log rolled back past it is noticed.
 */
export interface ChangeCursor {
  readonly board: BoardState;
  readonly length: number;
  readonly last: number;
}

/** The worst of several three-valued answers to "is it within?" (yes beats border beats no). */
export function bestTri(a: Tri, b: Tri): Tri {
  if (a === "yes" || b === "yes") return "yes";
  if (a === "border" || b === "border") return "border";
  return "no";
}

/**
 * Positions of every model during the replay, with the geometric queries the rules ask:
 * gaps, engagement, coherency. Mutated in place as steps are applied.
 */
export class BoardState {
  readonly models = new Map<string, ModelState>();
  readonly units = new Map<string, UnitState>();
  private grid: SpatialGrid<ModelState>;
  private maxRadius = 0;
  /** alive() per unit, dropped for a unit when one of its models is removed (never changed in place). */
  private readonly aliveCache = new Map<UnitState, ModelState[]>();
  /** engagedUnits() per unit, dropped for the units near a model whenever it moves or is removed. */
  private readonly engagedCache = new Map<UnitState, ReadonlyMap<UnitState, Tri>>();
  /**
   * unitsWithin() per unit and range, and enemyUnitsClearlyWithin() per base, player and range:
   * answers about the board as it stands, all dropped whenever any model moves or is removed. A
   * step asks them before its models move, so a legal region's spots, each one trial of the step
   * on the same board, ask the checkpoint's board once (`remember` keeps what a trial learnt before moving).
   */
  private readonly withinCache = new Map<UnitState, Map<number, ReadonlyMap<UnitState, Tri>>>();
  private readonly clearlyWithinCache = new Map<Shape, Map<string, readonly UnitState[]>>();
  /**
   * Witness searches left for this analysis. Each is bounded, but thousands of moved models could
   * still add up; past the budget "could have" findings are simply not claimed (never wrongly claimed).
   */
  witnessBudget = 300;
  /**
   * Set while one model's end spots are put to the checker one after another (engine/region.ts):
   * only that model's witnesses are sought (the others' findings are not asked for), and each
   * search is remembered, since it starts from where the model stood before the step and every
   * other model is where it ended, the same for every spot tried.
   */
  witnessScope?: { readonly model: string; readonly memo: Map<string, { centre: Vec; facingDeg: number } | null> };
  /**
   * Called inside the engine's long loops (each witness search, each candidate it tries, each arc of
   * a locus it samples), so a caller can stop a replay mid-step: it throws to abandon the replay (a
   * deadline passed; nothing of the replay may be used then). Never set by the engine, and not copied
   * by `clone` (a kept checkpoint must not carry one request's deadline into another's replay).
   */
  interrupt?: () => void;
  /** While a trial runs (`beginTrial`), the undo of every change, undone in reverse by `rollback`. */
  private journal?: (() => void)[];
  /**
   * Whether a model was placed or removed since the trial began. Until then the board is the
   * checkpoint's exactly (the grid's order too), so what the caches learn is true of it as well
   * and is kept after the rollback (a legal region's next spot reads it instead of measuring again).
   */
  private moved = false;
  /**
   * Every footprint a model left or took (a move logs both, a removal the one it leaves), in order,
   * each numbered, for readers that keep answers about units up to date (rules/common/fight-pools.ts).
   * A rollback cuts it back; a copy (`clone`) starts its own, empty.
   */
  private readonly changes: { readonly seq: number; readonly model: ModelState; readonly shape: Shape }[] = [];
  private changeSeq = 0;

  constructor(
    readonly scenario: Scenario,
    readonly system: RulesSystem,
    /** `clone` fills the copy itself. */
    from?: typeof COPY,
  ) {
    this.grid = new SpatialGrid<ModelState>(4, rankOf);
    if (from === COPY) return;
    for (const def of scenario.units) {
      const models: ModelState[] = [];
      const unit: UnitState = { def, id: def.id, player: def.player, models };
      for (const m of def.models) {
        const shape = shapeOf(m.base, m.at, m.facing);
        const state: ModelState = { def: m, unit, rank: this.models.size, at: m.at, facing: m.facing, alive: true, shape };
        models.push(state);
        this.models.set(m.id, state);
        this.maxRadius = Math.max(this.maxRadius, circumradius(shape));
        this.grid.set(state, m.at);
      }
      this.units.set(def.id, unit);
    }
  }

  /**
   * An independent copy of the board as it stands (for a replay checkpoint): every model where it
   * is, the grid and the engagement cache in the same order, the witness budget left.
   */
  clone(): BoardState {
    // No set-up to read again: each unit and model is copied as it stands, in the same order.
    const copy = new BoardState(this.scenario, this.system, COPY);
    const copies = new Map<ModelState, ModelState>();
    for (const u of this.units.values()) {
      const models: ModelState[] = [];
      const unit: UnitState = { def: u.def, id: u.id, player: u.player, models };
      for (const m of u.models) {
        const state: ModelState = { def: m.def, unit, rank: m.rank, at: m.at, facing: m.facing, alive: m.alive, shape: m.shape };
        models.push(state);
        copies.set(m, state);
      }
      copy.units.set(u.id, unit);
    }
    for (const [id, m] of this.models) copy.models.set(id, copies.get(m)!);
    const model = (m: ModelState): ModelState => copies.get(m)!;
    const unit = (u: UnitState): UnitState => copy.units.get(u.id)!;
    copy.grid = this.grid.copy(model, rankOf);
    copy.maxRadius = this.maxRadius;
    for (const [u, engaged] of this.engagedCache) copy.engagedCache.set(unit(u), new Map([...engaged].map(([v, t]) => [unit(v), t])));
    copy.witnessBudget = this.witnessBudget;
    copy.witnessScope = this.witnessScope;
    return copy;
  }

  /**
   * Starts a trial: every change from now on (positions, removals, the grid, the caches, the
   * witness budget) is journalled, and `rollback` puts the board back exactly as it was, the grid's
   * order included. What a checkpoint's board does for one tried step, without copying the board.
   */
  beginTrial(): void {
    const budget = this.witnessBudget;
    const logged = this.changes.length;
    this.journal = [() => (this.witnessBudget = budget), () => (this.changes.length = logged)];
    this.grid.journal = this.journal;
    this.moved = false;
  }

  /** Ends the trial begun by `beginTrial`, undoing every change since. */
  rollback(): void {
    const journal = this.journal ?? [];
    this.journal = undefined;
    this.grid.journal = undefined;
    for (let i = journal.length - 1; i >= 0; i--) journal[i]();
  }

  private forget<K, V>(cache: Map<K, V>, key: K): void {
    if (this.journal && cache.has(key)) {
      const was = cache.get(key)!;
      this.journal.push(() => cache.set(key, was));
    }
    cache.delete(key);
  }

  private remember<K, V>(cache: Map<K, V>, key: K, value: V): void {
    if (this.journal && this.moved) {
      const had = cache.has(key);
      const was = cache.get(key);
      this.journal.push(() => (had ? cache.set(key, was!) : cache.delete(key)));
    }
    cache.set(key, value);
  }

  /**
   * Moves a model (or puts it back); keeps the grid current. Putting a model where it stands,
   * facing as it faces, changes nothing (the grid's answers do not depend on the order of moves).
   */
  place(m: ModelState, at: Vec, facing: number = m.facing): void {
    if (Object.is(at.x, m.at.x) && Object.is(at.y, m.at.y) && Object.is(facing, m.facing)) return;
    this.moved = true;
    if (this.journal) {
      const { at: at0, facing: facing0, shape: shape0 } = m;
      const maxRadius = this.maxRadius;
      this.journal.push(() => {
        m.at = at0;
        m.facing = facing0;
        m.shape = shape0;
        this.maxRadius = maxRadius;
      });
    }
    this.invalidateAround(m);
    this.logChange(m);
    m.at = at;
    m.facing = facing;
    m.shape = shapeOf(m.def.base, at, facing);
    this.maxRadius = Math.max(this.maxRadius, circumradius(m.shape));
    if (m.alive) this.grid.set(m, at);
    this.invalidateAround(m);
    this.logChange(m);
  }

  remove(m: ModelState): void {
    this.moved = true;
    if (this.journal) {
      const alive = m.alive;
      this.journal.push(() => (m.alive = alive));
    }
    this.invalidateAround(m);
    this.logChange(m);
    this.forget(this.aliveCache, m.unit);
    m.alive = false;
    this.grid.delete(m);
  }

  private logChange(m: ModelState): void {
    this.changes.push({ seq: ++this.changeSeq, model: m, shape: m.shape });
  }

  /** Where the log of changes stands now (see `readChanges`). */
  changeCursor(): ChangeCursor {
    const n = this.changes.length;
    return { board: this, length: n, last: n > 0 ? this.changes[n - 1].seq : 0 };
  }

  /**
   * Hands `visit` each change since `cursor` (a model and a footprint it left or took, in order)
   * and returns the cursor after them; undefined when the cursor is not this board's or the log
   * was rolled back past it (the reader cannot tell what changed, and must start afresh).
   */
  readChanges(cursor: ChangeCursor, visit: (m: ModelState, shape: Shape) => void): ChangeCursor | undefined {
    const log = this.changes;
    if (cursor.board !== this || cursor.length > log.length || (cursor.length > 0 && log[cursor.length - 1].seq !== cursor.last)) return undefined;
    for (let i = cursor.length; i < log.length; i++) visit(log[i].model, log[i].shape);
    return this.changeCursor();
  }

  /** Forgets cached engagement of every unit that has a model near `m` (and of `m`'s own unit), and every answer about the board as it stands. */
  private invalidateAround(m: ModelState): void {
    if (this.withinCache.size > 0) for (const u of [...this.withinCache.keys()]) this.forget(this.withinCache, u);
    if (this.clearlyWithinCache.size > 0) for (const s of [...this.clearlyWithinCache.keys()]) this.forget(this.clearlyWithinCache, s);
    if (this.engagedCache.size === 0) return;
    this.forget(this.engagedCache, m.unit);
    this.eachNear(m.shape, this.system.engagementRange + 0.1, (n) => void this.forget(this.engagedCache, n.unit));
  }

  /** The unit's alive models (a shared array: read it, never change it). */
  alive(u: UnitState): ModelState[] {
    let out = this.aliveCache.get(u);
    if (!out) this.remember(this.aliveCache, u, (out = u.models.filter((m) => m.alive)));
    return out;
  }

  isEnemy(u: UnitState, v: UnitState): boolean {
    return u.player !== v.player;
  }

  enemyUnits(u: UnitState): UnitState[] {
    return [...this.units.values()].filter((v) => v.player !== u.player && this.alive(v).length > 0);
  }

  /** Alive models whose bases may lie within `dist` of the given shape (a superset; callers measure). */
  near(shape: Shape, dist: number): ModelState[] {
    return this.grid.query(shape.c, dist + circumradius(shape) + this.maxRadius);
  }

  /**
   * `near` without the list: hands `see` each model `near` would list, in its order, until `see`
   * returns true (then says true). `see` must not move, add or remove a model.
   */
  eachNear(shape: Shape, dist: number, see: (m: ModelState) => boolean | void): boolean {
    return this.grid.visit(shape.c, dist + circumradius(shape) + this.maxRadius, see);
  }

  /** Smallest gap from a base to any alive model of a unit (Infinity if the unit has none). */
  shapeUnitGap(shape: Shape, v: UnitState, skip?: ModelState): number {
    let best = Infinity;
    for (const n of v.models) {
      if (!n.alive || n === skip) continue;
      // The exact (oval) gap only when the cheap lower bound could beat the best so far.
      if (n.shape.kind === "ellipse" || shape.kind === "ellipse") {
        if (gapBounds(shape, n.shape).lower >= best) continue;
      }
      best = Math.min(best, signedGap(shape, n.shape));
    }
    return best;
  }

  unitGap(u: UnitState, v: UnitState): number {
    let best = Infinity;
    for (const m of u.models) if (m.alive) best = Math.min(best, this.shapeUnitGap(m.shape, v));
    return best;
  }

  /**
   * Adds to `out`, for one base, each enemy unit with a model within `range` (three-valued,
   * "no" left out). Cheap bounds settle most pairs; the exact gap is measured only near the
   * limit, and not at all for a unit already known to be clearly within.
   */
  private enemiesWithin(shape: Shape, player: string, range: number, out: Map<UnitState, Tri>): void {
    this.eachNear(shape, range + 0.05, (n) => {
      if (n.unit.player === player || out.get(n.unit) === "yes") return;
      const { lower, upper } = gapBounds(shape, n.shape);
      if (lower > range + TAU) return;
      const t = upper <= range - TAU ? "yes" : within(lower === upper ? lower : signedGap(shape, n.shape), range);
      if (t !== "no") out.set(n.unit, bestTri(out.get(n.unit) ?? "no", t));
    });
  }

  /** Enemy units engaged with unit `u` (three-valued; "no" ones are left out). A shared map: read it, never change it. */
  engagedUnits(u: UnitState): ReadonlyMap<UnitState, Tri> {
    const cached = this.engagedCache.get(u);
    if (cached) return cached;
    const out = this.unitsWithin(u, this.system.engagementRange);
    this.remember(this.engagedCache, u, out);
    return out;
  }

  /** Is unit `u` engaged with any enemy unit? */
  isEngaged(u: UnitState): Tri {
    let t: Tri = "no";
    for (const v of this.engagedUnits(u).values()) t = bestTri(t, v);
    return t;
  }

  /** Enemy units with any model within `range` of unit `u` (three-valued). A shared map: read it, never change it. */
  unitsWithin(u: UnitState, range: number): ReadonlyMap<UnitState, Tri> {
    let byRange = this.withinCache.get(u);
    const known = byRange?.get(range);
    if (known) return known;
    const out = new Map<UnitState, Tri>();
    for (const m of u.models) if (m.alive) this.enemiesWithin(m.shape, u.player, range, out);
    if (!byRange) this.remember(this.withinCache, u, (byRange = new Map()));
    byRange.set(range, out);
    return out;
  }

  /** Enemy units a single base is clearly (beyond the tolerance) within `range` of. A shared array: read it, never change it. */
  enemyUnitsClearlyWithin(shape: Shape, player: string, range: number): readonly UnitState[] {
    const key = `${player}\u0000${range}`;
    let byKey = this.clearlyWithinCache.get(shape);
    const known = byKey?.get(key);
    if (known) return known;
    const out = new Map<UnitState, Tri>();
    this.enemiesWithin(shape, player, range, out);
    const clearly = [...out].filter(([, t]) => t === "yes").map(([v]) => v);
    if (!byKey) this.remember(this.clearlyWithinCache, shape, (byKey = new Map()));
    byKey.set(key, clearly);
    return clearly;
  }

  /** Is model `m` engaged with unit `v`? */
  modelEngagedWith(shape: Shape, v: UnitState): Tri {
    return within(this.shapeUnitGap(shape, v), this.system.engagementRange);
  }

  /**
   * Coherency (03.03): every model within `near` of another model of its unit and within `far`
   * of every other. Returns the worst answer and, when not "yes", a model that fails.
   */
  coherency(u: UnitState): { ok: Tri; culprit?: ModelState; other?: ModelState } {
    const ms = this.alive(u);
    const c = coherencyOf(
      ms.map((m) => m.shape),
      this.system.coherency,
    );
    return { ok: c.ok, culprit: c.culprit === undefined ? undefined : ms[c.culprit], other: c.other === undefined ? undefined : ms[c.other] };
  }

  /**
   * A probe of "the unit as it stands now, with one model placed elsewhere" for witness searches;
   * its `possible()` is false when no placement can pass (the unit is not clearly coherent as it stands).
   */
  coherencyProbe(u: UnitState): ((m: ModelState) => boolean) & { readonly possible: () => boolean } {
    const ms = this.alive(u);
    const probe = coherencyProbe(
      ms.map((m) => m.shape),
      this.system.coherency,
    );
    return Object.assign((m: ModelState) => probe(ms.indexOf(m), m.shape), { possible: probe.possible });
  }
}
