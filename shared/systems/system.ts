/**
 * A rules system's numbers and structural choices. Every distance is in inches. The rule families
 * read their numbers from here; rulings (systems/rulings.ts) adjust `readings` on top of a system.
 */
export interface RulesSystem {
  /** `11e`, `10e`. */
  readonly id: string;
  /** How messages name the system, e.g. "11th edition". */
  readonly name: string;
  /**
   * How messages cite a rule: by section number ("11e 09.05"; the 11th edition numbers its
   * sections) or by heading ("10e Charge"; the 10th edition's core rules have no numbers).
   */
  readonly citation: "sections" | "headings";
  /** Engagement range, horizontal (11e 03.04: 2"; 10e: 1"). */
  readonly engagementRange: number;
  /**
   * Coherency: every model within `near` of another model of its unit (of two others in units of
   * `twoNeighboursFrom` or more models, 10e), and within `far` of all of them (11e only).
   */
  readonly coherency: { readonly near: number; readonly far?: number; readonly twoNeighboursFrom?: number };
  readonly fight: {
    /** 11e: Pile In, Fight and Consolidate steps for everyone; 10e: each unit's activation is pile in → attacks → consolidate. */
    readonly structure: "steps" | "activations";
    /** Who selects first in Fights First and in Remaining Combats. */
    readonly firstPicker: "turn" | "non-turn";
  };
  readonly pileIn: { readonly maxDistance: number; readonly targetRange: number };
  readonly consolidate: { readonly maxDistance: number; readonly engagingRange: number; readonly objectiveRange: number };
  /** Objective marker diameter in mm and its range. */
  readonly objective: { readonly diameterMm: number; readonly range: number };
  /** Distance within which a player may not pass in the Fight step (11e 12.04.01). */
  readonly fightPassRange: number;
  readonly movement: {
    /** 11e 09.07: a fall-back move selects ordered retreat or desperate escape; the 10th edition has no modes (any fall-back may cross enemy models). */
    readonly fallBackModes: boolean;
    /** 11e 17.01: MONSTER and VEHICLE models make normal and advance moves through every model but other MONSTER and VEHICLE models. */
    readonly bigModelsPassThrough: boolean;
  };
  readonly charge: {
    /** A charge target must be within this distance (12"). */
    readonly declareRange: number;
    /** 10e declares targets before the roll; 11e selects them after it. */
    readonly targetsBeforeRoll: boolean;
    /** 11e 15.11: Heroic Intervention is a charge by the opponent's unit, in the modes Leap to Defend and Into the Fray. */
    readonly heroicIntervention: boolean;
    /**
     * What a charging model must end in if it can: base-to-base contact with a target (10e), or
     * within 1" of and engaged with one (11e 11.04).
     */
    readonly endGoal: "base-contact" | "engagement";
    /** 10e: a charge move may not pass within Engagement Range of a unit that is not a target. */
    readonly pathsAvoidNonTargets: boolean;
    /** 11e: a model pivots freely; in the 10th edition a non-round base pays to pivot, so a witness keeps its facing. */
    readonly freePivot: boolean;
  };
  /** Melee attacks (weapons and targets per model): how far a model reaches, and what is judged. */
  readonly attacks: {
    /**
     * Whom a model may attack, and so which models fight: a unit within Engagement Range of the
     * model or reached through the base-to-base chain (10e Fight: Which Models Fight, Select
     * Targets), or a unit engaged with the model (11e 04.02, read per model).
     */
    readonly reach: "engagement-or-chain" | "engaged";
    /** 10e: a model that reaches no enemy unit cannot fight (attack.cannot-fight); 11e: its weapons have no target. */
    readonly whoFights: boolean;
    /** 10e Make Attacks: attacks against one unit are all resolved before the next (attack.order). */
    readonly resolutionOrder: boolean;
    /** How messages cite each rule: a section (11e) or a heading (10e). */
    readonly rules: Readonly<Record<AttackRule, { readonly section?: string; readonly heading: string }>>;
  };
  readonly readings: Readings;
}

/** The rules of melee attacks that messages cite. */
export type AttackRule = "who-fights" | "weapon" | "targets" | "attacks" | "order";

/**
 * Readings that rulings switch. Each defaults to the rules system's own text; a ruling documents
 * its source (docs/rules.md, systems/rulings.ts).
 */
export interface Readings {
  /** Units that charged may attack only the units they declared as charge targets (club, source 002). */
  readonly chargersAttackOnlyChargeTargets: boolean;
  /** The second part of the fight (Remaining Combats) holds only engaged units, not unengaged chargers (club). */
  readonly remainingCombatsEngagedOnly: boolean;
  /** Consolidation must first try to end "in contact" with an enemy unit, read as engaged or as base contact (club). */
  readonly consolidateContact: "engaged" | "base";
}

const OFFICIAL: Readings = {
  chargersAttackOnlyChargeTargets: false,
  remainingCombatsEngagedOnly: false,
  consolidateContact: "engaged",
};

/** System A: the 11th edition (sources 000, 001, 004). */
export const ELEVENTH: RulesSystem = {
  id: "11e",
  name: "11th edition",
  citation: "sections",
  engagementRange: 2,
  coherency: { near: 2, far: 9 },
  fight: { structure: "steps", firstPicker: "turn" },
  pileIn: { maxDistance: 3, targetRange: 5 },
  consolidate: { maxDistance: 3, engagingRange: 3, objectiveRange: 3 },
  objective: { diameterMm: 40, range: 3 },
  fightPassRange: 5,
  movement: { fallBackModes: true, bigModelsPassThrough: true },
  charge: { declareRange: 12, targetsBeforeRoll: false, heroicIntervention: true, endGoal: "engagement", pathsAvoidNonTargets: false, freePivot: true },
  attacks: {
    reach: "engaged",
    whoFights: false,
    resolutionOrder: false,
    rules: {
      "who-fights": { section: "04.02", heading: "Making Attacks" },
      weapon: { section: "04.01", heading: "Select Weapons" },
      targets: { section: "04.02", heading: "Selecting Targets" },
      attacks: { section: "04.02", heading: "Selecting Targets" },
      order: { section: "04.03", heading: "Making Attacks" },
    },
  },
  readings: OFFICIAL,
};

/** System B: the 10th edition (source 003). */
export const TENTH: RulesSystem = {
  id: "10e",
  name: "10th edition",
  citation: "headings",
  engagementRange: 1,
  coherency: { near: 2, twoNeighboursFrom: 7 },
  fight: { structure: "activations", firstPicker: "non-turn" },
  pileIn: { maxDistance: 3, targetRange: Infinity },
  consolidate: { maxDistance: 3, engagingRange: Infinity, objectiveRange: 3 },
  objective: { diameterMm: 40, range: 3 },
  fightPassRange: 0,
  movement: { fallBackModes: false, bigModelsPassThrough: false },
  charge: { declareRange: 12, targetsBeforeRoll: true, heroicIntervention: false, endGoal: "base-contact", pathsAvoidNonTargets: true, freePivot: false },
  attacks: {
    reach: "engagement-or-chain",
    whoFights: true,
    resolutionOrder: true,
    rules: {
      "who-fights": { heading: "Fight: Which Models Fight" },
      weapon: { heading: "Fight: Select Weapon" },
      targets: { heading: "Fight: Select Targets" },
      attacks: { heading: "Fight: Select Weapon, Select Targets" },
      order: { heading: "Fight: Make Attacks" },
    },
  },
  readings: OFFICIAL,
};

export const RULES_SYSTEMS: Readonly<Record<string, RulesSystem>> = { "11e": ELEVENTH, "10e": TENTH };
