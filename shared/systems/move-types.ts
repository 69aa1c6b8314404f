import type { MoveType } from "../model/scenario";

/**
 * The Movement phase's move types (11e 09.04–09.07; the 10th edition's moves read the same way
 * under their headings), declared once. The rule family (rules/movement/), the limits hovers and
 * inlay hints show (rules/limits.ts), completion, the JSON schema, the grammar's test and the
 * parser all read this table; a type missing here is a compile error (`Record<MoveType, …>`).
 */
export interface MoveTypeRule {
  /** How messages name a move of this type: "normal move", "fall-back move", "stationary unit". */
  readonly what: string;
  /** How a limit's hover names it: "normal move", "remain stationary". */
  readonly limitName: string;
  /** Its section (11e) and heading (10e), for `cite`. */
  readonly section: string;
  readonly heading: string;
  /** How far a model may move: not at all, its Move characteristic, or M plus the advance roll (D6). */
  readonly distance: "none" | "move" | "move-and-roll";
  /** Which units may make it: unengaged ones (09.05, 09.06), engaged ones (09.07), or any (09.04). */
  readonly eligible: "unengaged" | "engaged" | "any";
  /** One sentence for completion and the JSON schema. */
  readonly summary: string;
}

export const MOVE_TYPE_RULES: { readonly [T in MoveType]: MoveTypeRule } = {
  normal: {
    what: "normal move",
    limitName: "normal move",
    section: "09.05",
    heading: "Normal Moves",
    distance: "move",
    eligible: "unengaged",
    summary: "A normal move: up to M, for an unengaged unit that ends unengaged (11e 09.05).",
  },
  advance: {
    what: "advance move",
    limitName: "advance move",
    section: "09.06",
    heading: "Advance Moves",
    distance: "move-and-roll",
    eligible: "unengaged",
    summary: "An advance move: up to M plus the advance roll; the unit ends unengaged and may not charge this turn (11e 09.06).",
  },
  "fall-back": {
    what: "fall-back move",
    limitName: "fall-back move",
    section: "09.07",
    heading: "Fall Back Moves",
    distance: "move",
    eligible: "engaged",
    summary: "A fall-back move: up to M, for an engaged unit that ends unengaged (11e 09.07).",
  },
  stationary: {
    what: "stationary unit",
    limitName: "remain stationary",
    section: "09.04",
    heading: "Remain Stationary",
    distance: "none",
    eligible: "any",
    summary: "Remain stationary: no model moves, not even by turning (11e 09.04).",
  },
};

/** The advance roll is one D6 (09.06). */
export const ADVANCE_ROLL: { readonly min: number; readonly max: number } = { min: 1, max: 6 };
