import type { Tri } from "../../geometry/tolerance";
import type { Shape } from "../../geometry/shape";
import type { BoardState, ChangeCursor, ModelState, UnitState } from "../../board/board-state";
import { overlayMap, overlaySet, type RuleContext } from "../context";
import type { RulesSystem } from "../../systems/system";
import type { Pools } from "./fight-order";

/**
 * The Fight phase's selection pools, kept up to date step by step instead of measured afresh over
 * every unit on the board at every selection. A unit's answers (eligible, Fights First, in the
 * Remaining Combats pool, stops its player passing) change only when the unit is selected or made
 * eligible (the rules say so: `mark`), or when a model of it, or a model near one of its models,
 * moves or is removed (the board's log of changes says so, `BoardState.readChanges`); only those
 * units are asked again. Every answer is the one the family's own functions give on the board as it
 * stands (the test in test/shared/rules/fight-pools.test.ts compares them after every step).
 */

/** What a rules family asks about one unit (each function reads the context as it stands). */
export interface PoolRules {
  /** Eligible to fight now; anything but "no" puts the unit in its player's pools. */
  eligibility(ctx: RuleContext, u: UnitState): Tri;
  /** Of an eligible unit: is it a Fights First unit? */
  fightsFirst(ctx: RuleContext, u: UnitState): boolean;
  /** Of an eligible unit: is it in the Remaining Combats pool? */
  remaining(ctx: RuleContext, u: UnitState): boolean;
  /** Of an eligible unit: does it keep its player from passing? Without it a player never passes. */
  blocksPass?(ctx: RuleContext, u: UnitState): boolean;
  /**
   * How far from a footprint a model moved to or from (or removed from) can change the answers about
   * another unit: at least every range the functions above measure, plus the tolerance.
   */
  reach(system: RulesSystem): number;
}

/** One unit's answers; `blocks` is asked only when a player's passing is (undefined: not yet). */
interface Facts {
  readonly player: string;
  readonly eligible: boolean;
  readonly fightsFirst: boolean;
  readonly remaining: boolean;
  readonly blocks?: boolean;
}

/** Per player: how many eligible units are in each pool, stop passing, or have not been asked. */
interface Counts {
  remaining: number;
  fightsFirst: number;
  blocking: number;
  readonly unasked: Set<UnitState>;
}

export class FightPools {
  /** Each unit's answers (a unit asked again gets a new record: a trial's copy reads the original's, never changes them). */
  private facts = new Map<UnitState, Facts>();
  private readonly counts = new Map<string, Counts>();
  /** Units to ask again at the next `sync` (besides those the board's log names). */
  private dirty = new Set<UnitState>();
  /** Every unit to ask again: at the start, and when the board's log cannot say what changed. */
  private all = true;
  private cursor?: ChangeCursor;
  /** How many units had charged when last asked (a charge in mid-phase makes every answer stale). */
  private charged = -1;
  /** Units asked again since the last `note` (the only ones that can have become eligible since). */
  private renewed = new Set<UnitState>();

  constructor(readonly rules: PoolRules) {}

  /** The unit's answers may have changed for a reason the board's log does not show (selected, made eligible). */
  mark(u: UnitState): void {
    this.dirty.add(u);
  }

  /** The pools as the board and the Fight phase stand now. */
  pools(ctx: RuleContext): Pools {
    this.sync(ctx);
    return {
      hasEligible: (p) => (this.counts.get(p)?.remaining ?? 0) > 0,
      hasFightsFirst: (p) => (this.counts.get(p)?.fightsFirst ?? 0) > 0,
      mayPass: (p) => this.mayPass(ctx, p),
    };
  }

  /** Is the unit eligible now? */
  eligible(ctx: RuleContext, u: UnitState): boolean {
    this.sync(ctx);
    return this.facts.get(u)?.eligible ?? false;
  }

  /** Adds to `out` every unit eligible now that was not when `note` was last called (the first call: every eligible unit). */
  note(ctx: RuleContext, out: Set<UnitState>): void {
    this.sync(ctx);
    for (const u of this.renewed) if (this.facts.get(u)?.eligible) out.add(u);
    this.renewed.clear();
  }

  /** Every answer at once, by player and unit id (for tests: a copy made afresh must answer alike). */
  answers(ctx: RuleContext): { players: Record<string, { eligible: boolean; fightsFirst: boolean; mayPass: boolean }>; eligible: string[] } {
    const pools = this.pools(ctx);
    const players: Record<string, { eligible: boolean; fightsFirst: boolean; mayPass: boolean }> = {};
    for (const p of new Set([...ctx.scenario.players, ...[...ctx.board.units.values()].map((u) => u.player)]))
      players[p] = { eligible: pools.hasEligible(p), fightsFirst: pools.hasFightsFirst(p), mayPass: pools.mayPass(p) };
    const eligible = [...ctx.board.units.values()].filter((u) => this.facts.get(u)?.eligible).map((u) => u.id);
    return { players, eligible };
  }

  /**
   * An independent copy over `board` (the board of the copied context, or a clone of it), its units
   * found by `unit`. The changes `from` (this one's board) logged since this one last looked are
   * read there, so the copy asks those units again on its own board.
   */
  clone(from: BoardState, board: BoardState, unit: (u: UnitState) => UnitState): FightPools {
    const copy = new FightPools(this.rules);
    copy.charged = this.charged;
    if (this.all) return copy;
    const changed = new Set(this.dirty);
    const cursor = this.cursor && this.readChanges(from, this.cursor, changed);
    if (!cursor) return copy;
    // This one keeps what it read, to ask those units again at its next sync: so the next copy (a
    // checkpoint tried hundreds of times for a legal region) reads only what changed since.
    this.cursor = cursor;
    for (const u of changed) this.dirty.add(u);
    copy.all = false;
    copy.cursor = board === from ? cursor : board.changeCursor();
    const same = board === from;
    for (const [u, f] of this.facts) copy.facts.set(same ? u : unit(u), { ...f });
    for (const [p, c] of this.counts) copy.counts.set(p, { ...c, unasked: same ? new Set(c.unasked) : new Set([...c.unasked].map(unit)) });
    for (const u of changed) copy.dirty.add(unit(u));
    for (const u of this.renewed) copy.renewed.add(unit(u));
    return copy;
  }

  /**
   * The copy a trial over the same board uses (engine/timeline.ts `tryStepFrom`, the board rolled
   * back afterwards): what `clone(board, board, …)` gives, but the answers, the counts' units and
   * the units renewed read through to this one's until the trial writes them (`overlayMap`), so a
   * try copies what it asks again, not every unit's answers. This one must not be used meanwhile.
   */
  trial(board: BoardState): FightPools {
    const copy = new FightPools(this.rules);
    copy.charged = this.charged;
    if (this.all) return copy;
    const changed = new Set<UnitState>();
    const cursor = this.cursor && this.readChanges(board, this.cursor, changed);
    if (!cursor) return copy;
    this.cursor = cursor;
    for (const u of changed) this.dirty.add(u);
    copy.all = false;
    copy.cursor = cursor;
    copy.facts = overlayMap(this.facts);
    for (const [p, c] of this.counts) copy.counts.set(p, { ...c, unasked: overlaySet(c.unasked) });
    copy.dirty = overlaySet(this.dirty);
    copy.renewed = overlaySet(this.renewed);
    return copy;
  }

  /** Reads the board's changes since `cursor` into `out` (the units they may concern); undefined when it cannot tell. */
  private readChanges(board: BoardState, cursor: ChangeCursor, out: Set<UnitState>): ChangeCursor | undefined {
    const shapes = new Set<Shape>();
    const moved: ModelState[] = [];
    const next = board.readChanges(cursor, (m, shape) => {
      if (shapes.has(shape)) return;
      shapes.add(shape);
      moved.push(m);
    });
    if (!next) return undefined;
    let i = 0;
    for (const shape of shapes) {
      out.add(moved[i++].unit);
      for (const n of board.near(shape, this.rules.reach(board.system))) out.add(n.unit);
    }
    return next;
  }

  /** Asks again every unit whose answers may have changed since the last call. */
  private sync(ctx: RuleContext): void {
    const { board } = ctx;
    if (ctx.turn.charged.size !== this.charged) {
      this.charged = ctx.turn.charged.size;
      this.all = true;
    }
    if (!this.all) {
      const next = this.cursor && this.readChanges(board, this.cursor, this.dirty);
      if (next) this.cursor = next;
      else this.all = true;
    }
    if (this.all) {
      this.all = false;
      this.dirty.clear();
      this.facts.clear();
      this.counts.clear();
      for (const u of board.units.values()) this.ask(ctx, u);
    } else {
      for (const u of this.dirty) this.ask(ctx, u);
      this.dirty.clear();
    }
    this.cursor = board.changeCursor();
  }

  private countsOf(player: string): Counts {
    let c = this.counts.get(player);
    if (!c) this.counts.set(player, (c = { remaining: 0, fightsFirst: 0, blocking: 0, unasked: new Set() }));
    return c;
  }

  /** Asks the unit's answers afresh (passing is asked later, when a player's passing is). */
  private ask(ctx: RuleContext, u: UnitState): void {
    const old = this.facts.get(u);
    if (old) this.count(u, old, -1);
    const eligible = this.rules.eligibility(ctx, u) !== "no";
    const f: Facts = {
      player: u.player,
      eligible,
      fightsFirst: eligible && this.rules.fightsFirst(ctx, u),
      remaining: eligible && this.rules.remaining(ctx, u),
    };
    this.facts.set(u, f);
    this.count(u, f, 1);
    this.renewed.add(u);
  }

  private count(u: UnitState, f: Facts, sign: 1 | -1): void {
    if (!f.eligible) return;
    const c = this.countsOf(f.player);
    if (f.remaining) c.remaining += sign;
    if (f.fightsFirst) c.fightsFirst += sign;
    if (f.blocks) c.blocking += sign;
    if (f.blocks === undefined) {
      if (sign > 0) c.unasked.add(u);
      else c.unasked.delete(u);
    }
  }

  /** A player may pass when none of their eligible units stops them (asked unit by unit, until one does). */
  private mayPass(ctx: RuleContext, player: string): boolean {
    const blocksPass = this.rules.blocksPass;
    if (!blocksPass) return false;
    const c = this.countsOf(player);
    if (c.blocking > 0) return false;
    for (const u of c.unasked) {
      const f: Facts = { ...this.facts.get(u)!, blocks: blocksPass(ctx, u) };
      this.facts.set(u, f);
      c.unasked.delete(u);
      if (f.blocks) {
        c.blocking++;
        return false;
      }
    }
    return true;
  }
}
