/**
 * The registry of public diagnostic codes. A code never changes meaning once released;
 * new findings get new codes. Each entry says what the code means, for docs/codes.md and hovers.
 */
export const CODES = {
  "yaml.syntax": "The text is not valid YAML.",
  "scenario.schema": "A key is unknown, required, or has a value of the wrong type.",
  "scenario.unknown-ref": "An id refers to a unit, model or objective that does not exist.",
  "scenario.duplicate-id": "A unit, model or objective id is defined twice, or listed twice in one list.",
  "scenario.overlap": "Two bases overlap in the set-up.",
  "scenario.off-board": "A base in the set-up is partly or wholly off the board.",
  "scenario.too-large": "The document is too large to check in full: past 640 KB only its YAML and keys are checked, past 1 MB nothing.",
  "move.too-far": "A model moves further than the move allows (path length, waypoints included).",
  "move.through-model": "A model's path passes through an enemy model.",
  "move.overlap": "A model ends its move on another model.",
  "move.off-board": "A model ends its move partly off the board.",
  "move.locked": "A model in base contact with an enemy model moves although it may not.",
  "move.not-closer": "A moved model does not end closer to what the rule says it must approach.",
  "move.missed-contact": "A moved model could have ended in base-to-base contact and did not.",
  "move.missed-engagement": "A moved model could have ended engaged (or within range, as the rule asks) and did not.",
  "coherency.broken": "The unit is not in coherency after its move.",
  "engagement.required": "The unit or model must end engaged and does not.",
  "engagement.forbidden": "The unit ends engaged although the move forbids it.",
  "engagement.lost": "A model that started the move engaged with an enemy unit no longer is.",
  "action.not-eligible": "The unit is not eligible for this action.",
  "action.repeated": "The unit already made this action in this step or phase.",
  "action.targets": "The selected targets are not the ones the rule allows.",
  "action.mode": "A mode or fight type the rules do not allow here.",
  "sequence.order": "An action at a point of the phase where it is not allowed.",
  "fight.order": "A unit is selected to fight out of the selection order.",
  "fight.missing": "An eligible unit never fought.",
  "fight.target": "An attack target is not engaged with the fighting unit.",
  "attack.model": "An entry of a fight step's `attacks:` is not a model of the fighting unit.",
  "attack.cannot-fight": "A model that cannot fight is declared to make melee attacks.",
  "attack.no-weapon": "A model with no melee weapon is declared to make melee attacks.",
  "attack.weapon":
    "A model attacks with a weapon it is not equipped with, that is not a melee weapon, without a profile it needs, or with a second weapon the rules do not allow.",
  "attack.target": "A model attacks a unit it may not attack.",
  "attack.count": "A model's attacks do not add up to its weapon's Attacks, or a split gives a target no attack.",
  "attack.order": "The order of resolution (`resolve:`) is not one the rules allow.",
  "objective.out-of-range": "The unit does not end within range of the selected objective.",
  "expect.unmet": "A step marked `illegal:` does not break the listed rule.",
} as const;

/** A public diagnostic code. */
export type Code = keyof typeof CODES;

export function isCode(value: string): value is Code {
  return Object.prototype.hasOwnProperty.call(CODES, value);
}
