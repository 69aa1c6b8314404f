/**
 * A rules system's numbers. Every distance is in inches. Later systems (10th edition, rulings)
 * are further values of this type, so the rule families read their numbers from here.
 */
export interface RulesSystem {
  readonly id: string;
  /** Engagement range, horizontal (03.04). */
  readonly engagementRange: number;
  /** Coherency: every model within `near` of another model of its unit, and within `far` of all of them (03.03). */
  readonly coherency: { readonly near: number; readonly far: number };
  readonly pileIn: { readonly maxDistance: number; readonly targetRange: number };
  readonly consolidate: { readonly maxDistance: number; readonly engagingRange: number; readonly objectiveRange: number };
  /** Objective marker diameter in mm and its range (14.01.01). */
  readonly objective: { readonly diameterMm: number; readonly range: number };
  /** Distance within which a player may not pass in the Fight step (12.04.01). */
  readonly fightPassRange: number;
}

/** System A: the 11th edition (seeds 000, 001, 004; RULES-SPEC §1, §5). */
export const ELEVENTH: RulesSystem = {
  id: "11e",
  engagementRange: 2,
  coherency: { near: 2, far: 9 },
  pileIn: { maxDistance: 3, targetRange: 5 },
  consolidate: { maxDistance: 3, engagingRange: 3, objectiveRange: 3 },
  objective: { diameterMm: 40, range: 3 },
  fightPassRange: 5,
};

export const RULES_SYSTEMS: Readonly<Record<string, RulesSystem>> = { "11e": ELEVENTH };
