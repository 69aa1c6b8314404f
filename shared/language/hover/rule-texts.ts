import type { Code } from "../../diagnostics/codes";
import type { Step } from "../../model/scenario";

/**
 * Short verbatim excerpts of the rules texts behind each diagnostic code, per rules system, for
 * hovers. Every `text` piece is copied character for character from the rules sources (the
 * project's `rules-sources/NNN_*.txt`, NNN = `source`), so a hover quotes the rule rather than
 * paraphrasing it; test/shared/rules/rule-texts.test.ts checks each piece against those files when they
 * are present. The sources are not shipped: this table is the only copy the extension carries.
 *
 * Codes whose rule is not among the sources (03.01 Moving, 04.02 Making Attacks, the 10th
 * edition's charge and eligibility rules) have no excerpt; the hover then says so.
 */
export interface RuleText {
  /** The rules system the excerpt belongs to: `11e` or `10e` (club rulings sit on 10e). */
  readonly system: "11e" | "10e";
  /** How the rule is cited: the system, the section number (11e) or heading (10e), and its title. */
  readonly section: string;
  /** The source file's number (`000` … `004`). */
  readonly source: string;
  /** Step kinds the excerpt is about; absent when it concerns every kind. */
  readonly kinds?: readonly Step["kind"][];
  /** Rulings that must be in force for the excerpt to apply (any of them); absent for the system's own text. */
  readonly rulings?: readonly string[];
  /** One or more verbatim pieces of the same section, in the source's order. */
  readonly text: readonly string[];
}

const NB = "\u2011"; // the sources' non-breaking hyphen in "base‑contact"
const FIGHT_PHASE: readonly Step["kind"][] = ["pile-in", "fight", "consolidate"];
const CLUB = ["chargers-attack-only-charge-targets", "remaining-combats-engaged-only", "consolidate-contact-engaged", "consolidate-contact-base"];

const PILE_IN_LIMIT: RuleText = {
  system: "11e",
  section: "11e 12.03 Pile-in Move",
  source: "000",
  kinds: ["pile-in", "fight"],
  text: ['PILE-IN MOVE 12.03 MAXIMUM DISTANCE: 3"'],
};
const CONSOLIDATE_LIMIT: RuleText = {
  system: "11e",
  section: "11e 12.08 Consolidation Move",
  source: "000",
  kinds: ["consolidate"],
  text: ['CONSOLIDATION MOVE 12.08 MAXIMUM DISTANCE: 3"'],
};
const PILE_IN_CLOSER: RuleText = {
  system: "11e",
  section: "11e 12.03 Pile-in Move",
  source: "000",
  kinds: ["pile-in", "fight"],
  text: ["Each model that is moved must end its move closer to the closest pile-in target, and engaged with it if possible."],
};
const CONSOLIDATE_CLOSER: RuleText = {
  system: "11e",
  section: "11e 12.08 Consolidation Move",
  source: "000",
  kinds: ["consolidate"],
  text: [
    "Each model that is moved must end its move closer to the closest selected enemy unit, and engaged with it if possible.",
    "Objective Consolidation: Each model that is moved must end its move within range of the selected objective if possible, or closer to it if not.",
  ],
};
const MODES_12_08: RuleText = {
  system: "11e",
  section: "11e 12.08 Consolidation Move",
  source: "000",
  kinds: ["consolidate"],
  text: [
    'Ongoing Consolidation: If your unit is engaged, you must select this mode and select every enemy unit it is engaged with. Engaging Consolidation: Otherwise, if your unit is within 3" of one or more enemy units, you must select this mode and select one or more of those enemy units. Objective Consolidation: Otherwise, if your unit is within 3" of one or more objectives, you must select this mode and select one of those objectives.',
  ],
};
const TENTH_PILE_IN_LOCK: RuleText = {
  system: "10e",
  section: "10e Pile In",
  source: "003",
  kinds: ["pile-in", "fight"],
  text: [
    'When a unit Piles In, you can move each model in that unit that is not already in base-to-base contact with an enemy model up to 3" \u2013 this is a Pile-in move.',
  ],
};
const TENTH_CONSOLIDATE_LOCK: RuleText = {
  system: "10e",
  section: "10e Consolidate",
  source: "003",
  kinds: ["consolidate", "fight"],
  text: [
    'Each time a unit Consolidates, you can move each model in that unit that is not already in base-to-base contact with an enemy model up to 3" \u2013 this is a Consolidation move.',
  ],
};
const TENTH_OBJECTIVE: RuleText = {
  system: "10e",
  section: "10e Consolidate",
  source: "003",
  kinds: ["consolidate", "fight"],
  text: [
    "If these conditions cannot be met, then each model in that unit can instead make a Consolidation move towards the closest objective marker, but only if, after doing so, that unit is within range of that objective marker and in Unit Coherency.",
  ],
};

/** The excerpts per code; a code may have several, for different step kinds and systems. */
export const RULE_TEXTS: Readonly<Partial<Record<Code, readonly RuleText[]>>> = {
  "move.too-far": [
    PILE_IN_LIMIT,
    CONSOLIDATE_LIMIT,
    {
      system: "11e",
      section: "11e 09.04 Remain Stationary",
      source: "001",
      kinds: ["move"],
      text: ["REMAIN STATIONARY 09.04 MAXIMUM DISTANCE: '-' ELIGIBLE IF: Any unit. EFFECT: No models are moved (either in straight lines or rotated)."],
    },
    {
      system: "11e",
      section: "11e 09.05 Normal Move",
      source: "001",
      kinds: ["move"],
      text: ["NORMAL MOVE 09.05 MAXIMUM DISTANCE: Your unit's M characteristic."],
    },
    {
      system: "11e",
      section: "11e 09.06 Advance Move",
      source: "001",
      kinds: ["move"],
      text: ["ADVANCE MOVE 09.06 MAXIMUM DISTANCE: Advance roll + your unit's M characteristic."],
    },
    {
      system: "11e",
      section: "11e 09.07 Fall-back Move",
      source: "001",
      kinds: ["move"],
      text: ["FALL-BACK MOVE 09.07 MAXIMUM DISTANCE: Your unit's M characteristic."],
    },
    { system: "11e", section: "11e 11.04 Charge Move", source: "004", kinds: ["charge"], text: ["CHARGE MOVE 11.04 MAXIMUM DISTANCE: Charge roll."] },
    {
      system: "11e",
      section: "11e 15.11 Heroic Intervention, Into the Fray",
      source: "004",
      kinds: ["charge"],
      text: ["When making the charge roll, if the result is greater than 6 (after modifiers), change it to 6."],
    },
    { system: "10e", section: "10e Pile In", source: "003", kinds: ["pile-in", "fight"], text: ['Pile-in Move: Up to 3".'] },
    { system: "10e", section: "10e Consolidate", source: "003", kinds: ["consolidate", "fight"], text: ['Consolidation Move: Up to 3".'] },
  ],
  "move.locked": [
    {
      system: "11e",
      section: "11e 12.03 Pile-in Move",
      source: "000",
      kinds: ["pile-in", "fight"],
      text: [`Models in base${NB}contact with one or more enemy models cannot be moved.`],
    },
    {
      system: "11e",
      section: "11e 12.08 Consolidation Move",
      source: "000",
      kinds: ["consolidate"],
      text: [`Ongoing Consolidation: Models in base${NB}contact with one or more enemy models cannot be moved.`],
    },
    TENTH_PILE_IN_LOCK,
    TENTH_CONSOLIDATE_LOCK,
  ],
  "move.not-closer": [
    PILE_IN_CLOSER,
    CONSOLIDATE_CLOSER,
    {
      system: "11e",
      section: "11e 11.04 Charge Move",
      source: "004",
      kinds: ["charge"],
      text: ["Each model must end its move closer to one or more charge targets."],
    },
    {
      system: "10e",
      section: "10e Pile In",
      source: "003",
      kinds: ["pile-in", "fight"],
      text: ["Each time a model makes a Pile-in move, it must end that move closer to the closest enemy model."],
    },
    {
      system: "10e",
      section: "10e Consolidate",
      source: "003",
      kinds: ["consolidate", "fight"],
      text: [
        "If a unit can end its Consolidation within Engagement Range of one or more enemy units, then each time one of its models makes a Consolidation move, it must end that move closer to the closest enemy model.",
        "If the above is not possible, each model can move towards the closest objective marker, but this must result in the unit being within range of it and in Unit Coherency.",
      ],
    },
  ],
  "move.missed-engagement": [
    PILE_IN_CLOSER,
    CONSOLIDATE_CLOSER,
    {
      system: "11e",
      section: "11e 11.04 Charge Move",
      source: "004",
      kinds: ["charge"],
      text: [
        'Each model that can end its move within 1" of one or more charge targets must do so.',
        "Each model that can end its move engaged with one or more charge targets must do so.",
      ],
    },
  ],
  "move.missed-contact": [
    {
      system: "10e",
      section: "10e Pile In, Consolidate",
      source: "003",
      kinds: FIGHT_PHASE,
      text: [
        "If it can also end that move in base-to-base contact with one or more enemy models while still satisfying all of the conditions above, it must do so.",
      ],
    },
  ],
  "coherency.broken": [
    {
      system: "11e",
      section: "11e 03.03 Unit Coherency (the diagram's caption)",
      source: "001",
      text: [
        'Every model in this unit is within 2" of at least one other model in its unit, and every model is within 9" of every other model in its unit. This unit is therefore in coherency.',
      ],
    },
    {
      system: "10e",
      section: "10e Pile In",
      source: "003",
      kinds: ["pile-in", "fight"],
      text: ["For a Pile In to be possible, a unit must be able to end these moves within Engagement Range of one or more enemy units and in Unit Coherency."],
    },
    {
      system: "10e",
      section: "10e Consolidate",
      source: "003",
      kinds: ["consolidate", "fight"],
      text: ["The unit must end in Unit Coherency and within Engagement Range of at least one enemy unit if possible."],
    },
  ],
  "engagement.required": [
    { system: "11e", section: "11e 12.03 Pile-in Move", source: "000", kinds: ["pile-in", "fight"], text: ["AFTER MOVING:", "Your unit must be engaged."] },
    {
      system: "11e",
      section: "11e 12.08 Consolidation Move",
      source: "000",
      kinds: ["consolidate"],
      text: ["Engaging Consolidation: Your unit must be engaged with all of the selected enemy units."],
    },
    { system: "11e", section: "11e 11.04 Charge Move", source: "004", kinds: ["charge"], text: ["Your unit must be engaged with all of the charge targets."] },
    {
      system: "10e",
      section: "10e Pile In",
      source: "003",
      kinds: ["pile-in", "fight"],
      text: ["The unit must end in Unit Coherency and within Engagement Range of at least one enemy unit (or no models can Pile In)."],
    },
    {
      system: "10e",
      section: "10e Consolidate",
      source: "003",
      kinds: ["consolidate", "fight"],
      text: ["The unit must end in Unit Coherency and within Engagement Range of at least one enemy unit if possible."],
    },
    {
      system: "10e",
      section: "club, The Fight phase",
      source: "002",
      kinds: ["consolidate", "fight"],
      rulings: ["consolidate-contact-engaged", "consolidate-contact-base"],
      text: [
        "If the unit can end in contact with an enemy unit, it has to. Each model that moves ends closer to the nearest enemy model, base to base where possible.",
      ],
    },
  ],
  "engagement.forbidden": [
    {
      system: "11e",
      section: "11e 09.05 Normal Move",
      source: "001",
      kinds: ["move"],
      text: ["EFFECT: Your unit moves as described in Moving (03). AFTER MOVING: Your unit must be unengaged."],
    },
    {
      system: "11e",
      section: "11e 11.04 Charge Move",
      source: "004",
      kinds: ["charge"],
      text: ["Your unit cannot be engaged with one or more enemy units that are not charge targets."],
    },
  ],
  "engagement.lost": [
    {
      system: "11e",
      section: "11e 12.03 Pile-in Move",
      source: "000",
      kinds: ["pile-in", "fight"],
      text: ["Each model that started this move engaged with an enemy unit must still be engaged with that enemy unit."],
    },
    {
      system: "11e",
      section: "11e 12.08 Consolidation Move",
      source: "000",
      kinds: ["consolidate"],
      text: ["Ongoing Consolidation: Each model that started this move engaged with an enemy unit must still be engaged with that enemy unit."],
    },
  ],
  "action.not-eligible": [
    {
      system: "11e",
      section: "11e 12.03 Pile-in Move",
      source: "000",
      kinds: ["pile-in"],
      text: [
        "ELIGIBLE IF: It is the Fight phase and one or more of the following apply to your unit:",
        "It is engaged.",
        "It made a charge move this turn.",
        "It was selected to make an overrun fight this phase (12.06).",
      ],
    },
    {
      system: "11e",
      section: "11e 12.04 Fight Step",
      source: "000",
      kinds: ["fight"],
      text: [
        "12.04 A unit is eligible to fight if it has not already been selected to fight this phase and one or more of the following apply to it:",
        "It is engaged, or it was engaged at the start of this step.",
        "It made a charge move this turn.",
      ],
    },
    {
      system: "11e",
      section: "11e 12.08 Consolidation Move",
      source: "000",
      kinds: ["consolidate"],
      text: ["ELIGIBLE IF: It is the Fight phase and your unit was eligible to fight this phase."],
    },
    {
      system: "11e",
      section: "11e 09.02, 09.05, 09.07 Movement Phase",
      source: "001",
      kinds: ["move"],
      text: [
        "09.02 The active player moves their units one at a time",
        "ELIGIBLE IF: Your unit is on the battlefield and unengaged.",
        "ELIGIBLE IF: Your unit is engaged.",
      ],
    },
    {
      system: "11e",
      section: "11e 11.02 Charge",
      source: "004",
      kinds: ["charge"],
      text: [
        "A unit is eligible to declare a charge if it is on the battlefield, unless otherwise stated. Here are some rules that prevent a unit from being eligible to declare a charge:",
        'It is not within 12" of one or more enemy units.',
        "It is engaged.",
        "It made an advance or fall-back move this turn.",
      ],
    },
    {
      system: "10e",
      section: "club, The Fight phase",
      source: "002",
      kinds: FIGHT_PHASE,
      rulings: ["remaining-combats-engaged-only"],
      text: ["Then every other engaged unit.", "A unit that neither charged nor was charged still fights, in the second part, if it is engaged."],
    },
  ],
  "action.repeated": [
    {
      system: "11e",
      section: "11e 12.02 Pile In",
      source: "000",
      kinds: ["pile-in"],
      text: ["Each unit cannot make more than one pile-in move during this step."],
    },
    {
      system: "11e",
      section: "11e 12.04 Fight Step",
      source: "000",
      kinds: ["fight"],
      text: ["A unit is eligible to fight if it has not already been selected to fight this phase"],
    },
    {
      system: "11e",
      section: "11e 12.07 Consolidate",
      source: "000",
      kinds: ["consolidate"],
      text: ["Each unit cannot make more than one consolidation move during this step."],
    },
    {
      system: "11e",
      section: "11e 09.02 Move Units",
      source: "001",
      kinds: ["move"],
      text: ["1. Select Unit: Select one friendly unit that has not been selected to move this phase."],
    },
    {
      system: "11e",
      section: "11e 11.02 Charge",
      source: "004",
      kinds: ["charge"],
      text: ["1. Declare Charge: Select one friendly unit that has not declared a charge this phase and is eligible to declare a charge (see below)."],
    },
  ],
  "action.targets": [
    {
      system: "11e",
      section: "11e 12.03 Pile-in Move",
      source: "000",
      kinds: ["pile-in", "fight"],
      text: [
        'BEFORE MOVING: Select pile-in targets: If your unit is engaged, select every enemy unit it is engaged with. Otherwise, select one or more enemy units within 5" of your unit.',
      ],
    },
    MODES_12_08,
    {
      system: "11e",
      section: "11e 11.04 Charge Move",
      source: "004",
      kinds: ["charge"],
      text: [
        'BEFORE MOVING: Select one or more enemy units that are within 12" of your unit and within the maximum distance of your unit; until the end of this move, each of those enemy units is a charge target.',
      ],
    },
    {
      system: "11e",
      section: "11e 15.11 Heroic Intervention",
      source: "004",
      kinds: ["charge"],
      text: [
        "Leap to Defend: When selecting charge targets, you can only select enemy units that made a charge move this phase and are within the maximum distance.",
        'When selecting charge targets, you can select any enemy units that are within 6" of your unit and within the maximum distance.',
      ],
    },
  ],
  "action.mode": [
    { system: "11e", section: "11e 12.05 Normal Fight", source: "000", kinds: ["fight"], text: ["NORMAL FIGHT 12.05 ELIGIBLE IF: Your unit is engaged."] },
    {
      system: "11e",
      section: "11e 12.06 Overrun Fight",
      source: "000",
      kinds: ["fight"],
      text: [
        "OVERRUN FIGHT 12.06 ELIGIBLE IF: Your unit is unengaged, or was unengaged at the start of the Fight step but became engaged during the Fight phase. EFFECT: Your unit can make one additional pile-in move, then fights as described in Making Attacks (04).",
      ],
    },
    MODES_12_08,
    { system: "11e", section: "11e 09.06 Advance Move", source: "001", kinds: ["move"], text: ["BEFORE MOVING: Make an advance roll by rolling one D6."] },
    {
      system: "11e",
      section: "11e 09.07 Fall-back Move",
      source: "001",
      kinds: ["move"],
      text: ["Ordered Retreat: If your unit is not battle-shocked, you can select this mode. Desperate Escape: Otherwise, you must select this mode."],
    },
    {
      system: "11e",
      section: "11e 11.02 Charge",
      source: "004",
      kinds: ["charge"],
      text: ["2. Make Charge Roll: Make a charge roll by rolling 2D6: the result is the maximum distance for the charge move."],
    },
    TENTH_OBJECTIVE,
  ],
  "sequence.order": [
    {
      system: "11e",
      section: "11e 12.02 Pile In, 12.07 Consolidate",
      source: "000",
      kinds: ["pile-in", "consolidate"],
      text: ["The player whose turn it is resolves all of their moves first, followed by their opponent."],
    },
    {
      system: "11e",
      section: "11e 12 Fight Phase",
      source: "000",
      kinds: FIGHT_PHASE,
      text: ["The Fight phase is resolved by following these steps: 1. START OF FIGHT PHASE 2. PILE IN 3. FIGHT 4. CONSOLIDATE 5. END OF FIGHT PHASE"],
    },
    {
      system: "10e",
      section: "10e Fight",
      source: "003",
      kinds: FIGHT_PHASE,
      text: ["When you select a unit to fight, it first Piles In, then its models make melee attacks, then the unit Consolidates."],
    },
  ],
  "fight.order": [
    {
      system: "11e",
      section: "11e 12.04 Fight Step",
      source: "000",
      kinds: ["fight"],
      text: [
        "1. Resolve Fights First Combats: Starting with the player whose turn it is, players alternate selecting one friendly Fights First unit that is eligible to fight; that unit is selected to fight (see below).",
        "2. Resolve Remaining Combats: Starting with the player who just moved this sequence onto this step, players alternate selecting one friendly unit that is eligible to fight; that unit is selected to fight.",
        "After resolving a fight in the Resolve Remaining Combats step, if there are one or more Fights First units that are now eligible to fight, return to the Resolve Fights First Combats step.",
      ],
    },
    {
      system: "10e",
      section: "club, The Fight phase",
      source: "002",
      kinds: FIGHT_PHASE,
      rulings: CLUB,
      text: [
        "In each of the two parts, the players activate one unit each, turn by turn. And the player whose turn it is not \u2014 the one defending \u2014 picks first.",
      ],
    },
  ],
  "fight.missing": [
    {
      system: "11e",
      section: "11e 12.04 Fight Step",
      source: "000",
      text: ["Players resolve the following sequence until all eligible units have been selected to fight and their attacks have been resolved:"],
    },
    {
      system: "11e",
      section: "11e 12.08 Consolidation Move",
      source: "000",
      kinds: ["consolidate", "fight"],
      text: [
        "If one or more enemy units engaged with your unit have not been selected to fight this phase, your opponent must select each of those units, one at a time; when each is selected, it becomes eligible to fight and is selected to fight (12.04).",
      ],
    },
  ],
  "fight.target": [
    {
      system: "10e",
      section: "10e Fight, Select Targets",
      source: "003",
      kinds: ["fight"],
      text: [
        "In order to select an enemy unit as the target of a melee attack, the attacking model must be either within Engagement Range of that enemy unit, or in base-to-base contact with another model in its own unit that is itself in base-to-base contact with that enemy unit.",
      ],
    },
    {
      system: "10e",
      section: "club, The Fight phase",
      source: "002",
      kinds: ["fight"],
      rulings: ["chargers-attack-only-charge-targets"],
      text: ["A unit that charged fights in the first part, and only against the units it declared during its charge."],
    },
  ],
  "objective.out-of-range": [
    {
      system: "11e",
      section: "11e 12.08 Consolidation Move",
      source: "000",
      kinds: ["consolidate"],
      text: ["Objective Consolidation: Your unit must be within range of the selected objective."],
    },
    TENTH_OBJECTIVE,
  ],
};

/**
 * The excerpts that apply to `code` under a system with the given rulings in force, those about
 * `kind` first (or only those, when some are). Excerpts of inactive rulings are left out.
 */
export function ruleTextsFor(code: Code, systemId: string, rulings: readonly string[], kind?: Step["kind"]): RuleText[] {
  const applicable = (RULE_TEXTS[code] ?? []).filter((t) => t.system === systemId && (t.rulings === undefined || t.rulings.some((r) => rulings.includes(r))));
  const forKind = kind === undefined ? [] : applicable.filter((t) => t.kinds?.includes(kind));
  return forKind.length > 0 ? [...forKind, ...applicable.filter((t) => t.kinds === undefined && !forKind.includes(t))] : applicable;
}
