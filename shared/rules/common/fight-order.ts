import type { UnitState } from "../../board/board-state";
import { hasCharged, type RuleContext } from "../context";
import type { RulesSystem } from "../../systems/system";

/**
 * The Fight phase selection sequence as a set of possible states, so that every reading the texts
 * allow is accepted. 11th edition (12.04): the player whose turn it is starts; the
 * return to Fights First may restart with that player or continue the alternation; a player may
 * pass when all of their eligible units are more than 5" from every enemy unit (12.04.01).
 * 10th edition: each step, Fights First then Remaining Combats, is started by the
 * player whose turn it is not, and there is no return to Fights First.
 */
export type Stage = "fights-first" | "remaining";

/** How a rules system orders the selections (the differences between 11e and 10e). */
export interface OrderRules {
  /** Who selects first in the Fights First step. */
  readonly firstPicker: "turn" | "non-turn";
  /**
   * Who starts Remaining Combats: 11e "this player" (whoever was due to select when Fights First
   * ran out), 10e the first picker again ("starting with the player whose turn is not taking place").
   */
  readonly remainingStarts: "current" | "first-picker";
  /** 11e: after a Remaining Combats fight, return to Fights First when a Fights First unit is eligible. */
  readonly returnToFightsFirst: boolean;
}

/** 11e 12.04. */
export const ELEVENTH_ORDER: OrderRules = { firstPicker: "turn", remainingStarts: "current", returnToFightsFirst: true };

/** The order rules of a rules system: 11e's Fight step, or 10e's two steps. */
export function orderRulesOf(system: RulesSystem): OrderRules {
  if (system.fight.structure === "steps") return { ...ELEVENTH_ORDER, firstPicker: system.fight.firstPicker };
  return { firstPicker: system.fight.firstPicker, remainingStarts: "first-picker", returnToFightsFirst: false };
}

interface OrderState {
  readonly stage: Stage;
  readonly selector: string;
}

/** Eligibility as the fight rule computes it at the moment of a selection (rules/common/fight-pools.ts). */
export interface Pools {
  /** Has the player an eligible unit in the Remaining Combats pool? */
  hasEligible(player: string): boolean;
  /** Has the player an eligible Fights First unit? */
  hasFightsFirst(player: string): boolean;
  mayPass(player: string): boolean;
}

export class FightOrder {
  private states: OrderState[];
  /** The player who starts Fights First (and, in 10e, Remaining Combats). */
  private readonly first: string;

  constructor(
    private readonly turn: string,
    private readonly players: readonly string[],
    private readonly rules: OrderRules = ELEVENTH_ORDER,
  ) {
    this.first = rules.firstPicker === "turn" ? turn : this.other(turn);
    this.states = [{ stage: "fights-first", selector: this.first }];
  }

  /** An independent copy (for a replay checkpoint): the same possible states, the same pending stages. */
  clone(): FightOrder {
    const copy = new FightOrder(this.turn, this.players, this.rules);
    copy.states = this.states.slice();
    copy.pending = this.pending.slice();
    return copy;
  }

  private other(p: string): string {
    return this.players.find((q) => q !== p) ?? p;
  }

  /** The (stage, selector) pairs at which a selection may happen now. */
  private selecting(pools: Pools): OrderState[] {
    const out: OrderState[] = [];
    const seen = new Set<string>();
    const hasAny = (stage: Stage, p: string): boolean => (stage === "fights-first" ? pools.hasFightsFirst(p) : pools.hasEligible(p));
    // `passed`: players who passed since the last selection; their units sit out until then.
    const visit = (s: OrderState, passed: readonly string[]): void => {
      const key = `${s.stage}|${s.selector}|${passed.join(",")}`;
      if (seen.has(key)) return;
      seen.add(key);
      const pool = (p: string): boolean => !passed.includes(p) && hasAny(s.stage, p);
      const other = this.other(s.selector);
      if (pool(s.selector)) {
        out.push(s);
        if (pools.mayPass(s.selector)) visit({ stage: s.stage, selector: other }, [...passed, s.selector]);
      } else if (pool(other)) {
        visit({ stage: s.stage, selector: other }, passed);
      } else if (s.stage === "fights-first") {
        // 11e: "move to the Resolve Remaining Combats step where this player will select their next
        // unit"; 10e: each step starts with the player whose turn is not taking place.
        visit({ stage: "remaining", selector: this.rules.remainingStarts === "current" ? s.selector : this.first }, passed);
      }
    };
    for (const s of this.states) visit(s, []);
    return out;
  }

  /**
   * Checks a selection. Returns undefined when some reading allows it, otherwise a description of
   * what was expected. Call `advance` after the fight is resolved either way.
   */
  check(unit: UnitState, isFightsFirst: boolean, pools: Pools): { expected: string } | undefined {
    const at = this.selecting(pools);
    this.pending = at.filter((s) => s.selector === unit.player && (s.stage === "remaining" || isFightsFirst)).map((s) => s.stage);
    if (this.pending.length > 0) return undefined;
    // Resynchronise as if the selection had been allowed.
    this.pending = [isFightsFirst && at.some((s) => s.stage === "fights-first") ? "fights-first" : "remaining"];
    if (at.length === 0) return { expected: "no unit is due to be selected now" };
    const who = [...new Set(at.map((s) => s.selector))];
    const stage = at.every((s) => s.stage === "fights-first") ? "a Fights First unit" : "a unit";
    return { expected: `${who.join(" or ")} must select ${stage} next` };
  }

  private pending: Stage[] = [];

  /** The stages at which a selection may happen now (by `player`, when given). */
  dueStages(pools: Pools, player?: string): Stage[] {
    return [
      ...new Set(
        this.selecting(pools)
          .filter((s) => player === undefined || s.selector === player)
          .map((s) => s.stage),
      ),
    ];
  }

  /** After the selected unit's fight: who selects next. */
  advance(player: string, pools: Pools): void {
    const anyFightsFirst = this.players.some((p) => pools.hasFightsFirst(p));
    const next: OrderState[] = [];
    for (const stage of new Set(this.pending)) {
      if (stage === "fights-first") next.push({ stage, selector: this.other(player) });
      else if (anyFightsFirst && this.rules.returnToFightsFirst) {
        // "return to the Resolve Fights First Combats step": restart with the player whose turn it
        // is (the literal reading) or continue alternating; both are accepted.
        next.push({ stage: "fights-first", selector: this.turn }, { stage: "fights-first", selector: this.other(player) });
      } else next.push({ stage: "remaining", selector: this.other(player) });
    }
    this.states = dedupe(next);
    this.pending = [];
  }
}

function dedupe(states: OrderState[]): OrderState[] {
  const seen = new Set<string>();
  return states.filter((s) => {
    const k = `${s.stage}|${s.selector}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** 24.13: a unit is a Fights First unit from its datasheet, or after a charge move this turn. */
export function isFightsFirst(ctx: RuleContext, u: UnitState): boolean {
  return u.def.fightsFirst || hasCharged(ctx, u);
}
