import { MOVE_TYPE_NAMES } from "../../model/scenario";
import { MOVE_TYPE_RULES } from "../../systems/move-types";

/**
 * What each key of the scenario language means, per place: shown as a completion item's
 * documentation and written into the JSON schema's titles and descriptions
 * (json-schema.ts), so the editor and Red Hat's YAML extension say the same.
 * The key names themselves come from the parser's tables (places.ts); a key with no
 * entry here fails the schema test.
 */

/** A key's short title and its one- or two-sentence description (Markdown). */
export interface KeyDoc {
  readonly title: string;
  readonly description: string;
}

const doc = (title: string, description: string): KeyDoc => ({ title, description });

const TARGETS_PILE_IN = doc(
  "Pile-in targets",
  "Enemy unit ids the unit piles in toward: every enemy unit it is engaged with, or else one or more within range (11e 12.03). Optional: unwritten targets are read as the most permissive legal choice.",
);
const TO = doc(
  "Model moves",
  "The models that move, by id, each to an end point `[x, y]`, waypoints `[[x, y], …]` (the last is the end) or `{ at | path, facing }`. Models not listed stay where they are.",
);
const MODE_CONSOLIDATE = doc(
  "Consolidation mode",
  "`ongoing`, `engaging` or `objective` (11e 12.08, tried in that order of precedence). Optional: inferred as the most permissive legal mode.",
);
const TARGETS_CONSOLIDATE = doc(
  "Consolidation targets",
  'Enemy unit ids the consolidation selects: every unit it is engaged with (ongoing), or units within 3" (engaging).',
);
const OBJECTIVE = doc("Objective", 'The objective id an objective consolidation moves toward (within 3" of it, 11e 12.08).');

/** Keys every step accepts besides its kind key. */
/** `show:` on the scenario and on a step. */
const SHOW = doc(
  "Show on the board",
  "Annotations for diagrams: `measure: [[a1, b2]]` rulers (edge to edge, as the checker measures), `engagement:` and `coherency:` (`all` or unit ids), `rings: [{ around: a1, radius: 6 }]`, `region: r1` (the legal region of r1's move), `callouts: { 1: { at: a1, text: \"…\" } }`. On the scenario: every board; on a step: that step's board too.",
);

const STEP_COMMON: Readonly<Record<string, KeyDoc>> = {
  show: SHOW,
  note: doc("Note", "A caption for the step, shown in the preview and in exported diagrams."),
  illegal: doc(
    "Illegal on purpose",
    "The codes this step breaks on purpose, e.g. `[move.too-far]`: they are reported as information, and a listed code that does not occur is an `expect.unmet` error. `true` expects at least one violation of any code.",
  ),
};

/** The kind keys that start a step, with what their value names. */
export const KIND_DOCS: Readonly<Record<string, KeyDoc>> = {
  "pile-in": doc("Pile-in step", 'The unit (id) that makes a pile-in move, up to 3" (11e 12.03, 10e Pile In).'),
  fight: doc("Fight step", "The unit (id) selected to fight (11e 12.04–12.06; in 10e one activation: pile in, attacks, consolidate)."),
  remove: doc("Remove models", "The model id, or list of model ids, removed as destroyed."),
  consolidate: doc("Consolidate step", 'The unit (id) that makes a consolidation move, up to 3" (11e 12.07, 12.08, 10e Consolidate).'),
  move: doc("Move step", "The unit (id) selected to move in the Movement phase (11e 09)."),
  charge: doc("Charge step", "The unit (id) that declares a charge (11e 11, 10e Charge), or a Heroic Intervention with `intervention:`."),
  phase: doc(
    "Phase change",
    "The phase the timeline moves to: `command`, `movement`, `shooting`, `charge` or `fight`. Leaving the Fight phase judges it complete.",
  ),
};

/** The keys of each place that holds a fixed set of keys. `step:<kind>` holds a step kind's keys besides its kind key. */
export const KEY_DOCS: Readonly<Record<string, Readonly<Record<string, KeyDoc>>>> = {
  top: {
    scenario: doc("Title", "The scenario's title (required)."),
    description: doc("Description", "Optional longer text under the title."),
    rules: doc("Rules system", "The rules system the scenario is checked under: `11e` (the default) or `10e`."),
    rulings: doc("Rulings", "Named readings switched on over the rules system, e.g. `[club]` (see the README's rulings table)."),
    board: doc("Board size", "`[width, height]` in inches; the default is `[60, 44]`."),
    turn: doc("Player whose turn it is", "One of the players named by the units' `player:` (required)."),
    phase: doc("Starting phase", "The phase the steps start in: `command`, `movement`, `shooting`, `charge` or `fight` (the default)."),
    objectives: doc("Objectives", "Objective ids, each at `[x, y]` in inches: the centre of a 40 mm marker."),
    terrain: doc("Terrain", "Terrain ids, each `{ area: [[x, y], …], kind }`: areas drawn on the board; no rule uses them yet."),
    units: doc("Units", "Unit ids, each with its `player:`, `base:` and `models:`."),
    steps: doc("Steps", "The timeline: a list of steps, each with one kind key (`pile-in`, `fight`, `remove`, `consolidate`, `move`, `charge`, `phase`)."),
    show: SHOW,
    view: doc(
      "View",
      "The part of the board pictures show: `auto` (each board cropped to its models, objectives and annotations, with a margin), `board` (the whole board, the default), or a window `[x, y, w, h]` in inches.",
    ),
    weapons: doc(
      "Weapons",
      "The weapon catalogue: ids, each a profile `{ A: 3, WS: 3+, S: 4, AP: -1, D: 1 }` (melee unless `range:` is inches), or `{ profiles: { sweep: {…}, strike: {…} } }`.",
    ),
  },
  unit: {
    player: doc("Player", "The player the unit belongs to; a scenario has two players, with any names."),
    name: doc("Name", "The unit's display name (optional)."),
    keywords: doc("Keywords", "Keywords such as `[infantry]`, case-insensitive; `monster`, `vehicle`, `fly`, `character` and `walker` change rules."),
    base: doc("Base", "A round base's diameter in mm (`32`), or an oval's `length x width` in mm (`60x35`); models may override it."),
    charged: doc("Charged", "The unit made a charge move this turn: `true`, or the list of the units it charged (its charge targets)."),
    "fights-first": doc("Fights First", "`true` when the datasheet gives the unit Fights First."),
    move: doc("Move (M)", "The Move characteristic in inches, for Movement-phase moves."),
    advanced: doc("Advanced", "`true` when the unit already advanced this turn."),
    "fell-back": doc("Fell back", "`true` when the unit already fell back this turn."),
    "battle-shocked": doc("Battle-shocked", "`true` when the unit is battle-shocked (it must fall back by desperate escape, 11e 09.07)."),
    models: doc("Models", "Model ids (unique in the whole scenario), each at `[x, y]` or `{ at: [x, y], base, facing }`."),
    wargear: doc("Wargear", "Weapon ids every model of the unit is equipped with, e.g. `[slugga, choppa]` (a model may list its own)."),
  },
  model: {
    at: doc("Position", "`[x, y]`: the centre of the base in inches from the board's top-left corner, y down (required)."),
    base: doc("Base", "This model's own base: a diameter in mm (`32`) or an oval's `length x width` (`60x35`)."),
    facing: doc("Facing", "Degrees: 0 points right, 90 down. Only an oval base's long axis depends on it."),
    wargear: doc("Wargear", "This model's weapon ids, replacing its unit's `wargear:` (e.g. `[big-choppa, attack-squig]`)."),
  },
  terrain: {
    area: doc("Area", "The corners `[[x, y], [x, y], [x, y], …]` in inches, at least three (required)."),
    kind: doc("Kind", "Free text such as `ruin` or `woods`."),
  },
  "model-move": {
    at: doc("End position", "`[x, y]`: where the model ends, in inches."),
    path: doc("Path", "Waypoints `[[x, y], …]`; the path is measured through them and the last is the end."),
    facing: doc("Facing", "The model's facing after the move, in degrees."),
  },
  "step:pile-in": { targets: TARGETS_PILE_IN, to: TO, ...STEP_COMMON },
  "step:fight": {
    type: doc("Fight type", "`normal` (the unit is engaged, 11e 12.05) or `overrun` (11e 12.06). Optional: inferred when absent."),
    targets: doc("Attack targets", "Enemy unit ids the unit attacks: each must be engaged with it (11e 04.02)."),
    attacks: doc(
      "Melee attacks",
      "Per model (or `all`): the weapon each attacks with and its targets, `{ weapon: choppa, target: boyz }`, a split `targets: { boyz: 2, grots: 1 }`, or a list of uses (a second one must have `extra attacks`).",
    ),
    resolve: doc(
      "Order of resolution",
      "The target units in the order their attacks are resolved, e.g. `[grots, boyz]`; an item `{ boyz: [choppa, axe/sweep] }` orders the profiles too (10e Make Attacks).",
    ),
    "pile-in": doc(
      "Pile-in of the fight",
      "The overrun fight's extra pile-in (11e 12.06), or a 10e activation's pile-in: `targets:` and `to:` as in a pile-in step.",
    ),
    consolidate: doc("Consolidation of the fight", "A 10e activation's consolidation: `mode:`, `targets:`, `objective:` and `to:` as in a consolidate step."),
    ...STEP_COMMON,
  },
  "step:remove": { ...STEP_COMMON },
  "step:consolidate": { mode: MODE_CONSOLIDATE, targets: TARGETS_CONSOLIDATE, objective: OBJECTIVE, to: TO, ...STEP_COMMON },
  "step:move": {
    type: doc("Move type", `${alternatives(MOVE_TYPE_NAMES)} (11e 09.04–09.07). Optional: inferred from the moves.`),
    roll: doc("Advance roll", "The advance roll, one D6 (1–6), added to M for an advance move."),
    mode: doc("Fall-back mode", "`ordered-retreat` or `desperate-escape` (a battle-shocked unit must escape desperately, 11e 09.07)."),
    to: TO,
    ...STEP_COMMON,
  },
  "step:charge": {
    targets: doc(
      "Charge targets",
      'Enemy unit ids within 12" (11e: selected after the roll; 10e: declared before it). Optional in 11e: read from the units the charge ends engaged with.',
    ),
    roll: doc("Charge roll", "The charge roll: the total of 2D6 (2–12)."),
    intervention: doc("Heroic Intervention", "`leap-to-defend` or `into-the-fray`: the opponent's unit charges as a Heroic Intervention (11e 15.11)."),
    to: TO,
    ...STEP_COMMON,
  },
  "step:phase": { ...STEP_COMMON },
  "fight.pile-in": { targets: TARGETS_PILE_IN, to: TO },
  "fight.consolidate": { mode: MODE_CONSOLIDATE, targets: TARGETS_CONSOLIDATE, objective: OBJECTIVE, to: TO },
};

/** What each fixed value means, by the key it is written under (`type` of a fight, `mode` of a move, …). */
export const VALUE_DOCS: Readonly<Record<string, string>> = {
  "fight-type:normal": "A normal fight: the unit is engaged (11e 12.05).",
  "fight-type:overrun": "An overrun fight: the unit is unengaged, or was unengaged at the start of the Fight step; it may make an extra pile-in (11e 12.06).",
  ...Object.fromEntries(MOVE_TYPE_NAMES.map((t) => [`move-type:${t}`, MOVE_TYPE_RULES[t].summary])),
  "fall-back-mode:ordered-retreat": "Ordered retreat: the unit falls back without crossing enemy models (11e 09.07).",
  "fall-back-mode:desperate-escape": "Desperate escape: the unit may move through enemy models; a battle-shocked unit must choose it (11e 09.07).",
  "consolidation-mode:ongoing": "Ongoing: an engaged unit consolidates toward the enemy units it is engaged with (11e 12.08).",
  "consolidation-mode:engaging": 'Engaging: the unit moves to engage enemy units within 3"; they must then be selected to fight (11e 12.08).',
  "consolidation-mode:objective": 'Objective: the unit moves to end within range of an objective within 3" (11e 12.08).',
  "intervention:leap-to-defend": "Leap to Defend: a Heroic Intervention whose charge targets are enemy units that made a charge move this phase (11e 15.11).",
  "intervention:into-the-fray": 'Into the Fray: a Heroic Intervention whose charge roll counts at most 6, against enemy units within 6" (11e 15.11).',
};

/** "`a`, `b` or `c`". */
function alternatives(words: readonly string[]): string {
  const quoted = words.map((w) => `\`${w}\``);
  return quoted.length < 2 ? quoted.join("") : `${quoted.slice(0, -1).join(", ")} or ${quoted[quoted.length - 1]}`;
}

/** The keys of `show:` and of its rings and callouts (parse/parse-show.ts). */
export const SHOW_DOCS: Readonly<Record<string, KeyDoc>> = {
  "show.measure": doc(
    "Rulers",
    "Pairs of ids, `[[a1, b2], [a3, alpha]]`: a model, then a model or an objective; labelled with the edge-to-edge gap the checker measures.",
  ),
  "show.engagement": doc("Engagement Range halos", "`all`, a unit id or a list of unit ids: their models' Engagement Range drawn round the bases."),
  "show.coherency": doc(
    "Coherency links",
    "`all`, a unit id or a list of unit ids: the links between their models with their lengths; a broken link drawn as broken.",
  ),
  "show.rings": doc("Rings", "`[{ around: a1, radius: 6 }]`: a ring `radius` inches from a model's base or an objective marker."),
  "show.region": doc("Legal region", "A model: where it may end its move in the step, as the checker judges every spot."),
  "show.callouts": doc("Callouts", 'Numbered markers explained under the board: `{ 1: { at: a1, text: "…" } }` (at a model, an objective or `[x, y]`).'),
  "ring.around": doc("Around", "The model or objective the ring is measured from."),
  "ring.radius": doc("Radius", "Inches from the base's edge (or the marker's)."),
  "callout.at": doc("At", "A model, an objective or a point `[x, y]`."),
  "callout.text": doc("Text", "What the marker means, listed under the board."),
};

/** The keys of a weapon, a weapon's profile and an attack use (parse/parse-weapons.ts). */
export const ATTACK_DOCS: Readonly<Record<string, KeyDoc>> = {
  "weapon.name": doc("Name", "The weapon's name as the datasheet writes it (optional; the id is used otherwise)."),
  "weapon.range": doc("Range", "`melee` (the default) or the range in inches of a ranged weapon, which cannot make melee attacks."),
  "weapon.A": doc("Attacks (A)", "A whole number, or dice: `D6`, `2D3`, `D6+1`. A model makes this many attacks with the weapon."),
  "weapon.WS": doc("Weapon Skill (WS)", "As written, e.g. `3+` (kept for hovers and pictures)."),
  "weapon.BS": doc("Ballistic Skill (BS)", "As written, e.g. `4+` (kept for hovers and pictures)."),
  "weapon.S": doc("Strength (S)", "As written (kept for hovers and pictures)."),
  "weapon.AP": doc("Armour Penetration (AP)", "As written, e.g. `-1` (kept for hovers and pictures)."),
  "weapon.D": doc("Damage (D)", "As written, e.g. `1` or `D3` (kept for hovers and pictures)."),
  "weapon.keywords": doc("Keywords", "E.g. `[extra attacks]`: a model uses a weapon with extra attacks besides its one melee weapon."),
  "weapon.profiles": doc("Profiles", "A weapon with several profiles: `{ sweep: { A: 10, … }, strike: { A: 6, … } }`; each attack names one, `axe/sweep`."),
  "use.weapon": doc("Weapon", "The weapon id the model attacks with, `weapon/profile` for a weapon with several profiles."),
  "use.target": doc("Target", "The enemy unit every attack of the weapon goes to."),
  "use.targets": doc("Targets (a split)", "`{ boyz: 2, grots: 1 }`: the attacks on each unit, adding up to A; or `[boyz, grots]` without counts."),
};

/** The meaning of a key of `show:`, a ring, a callout, a weapon, a profile or an attack use. */
export function nestedDoc(place: string, key: string): KeyDoc | undefined {
  if (place === "profile") place = "weapon";
  return SHOW_DOCS[`${place}.${key}`] ?? ATTACK_DOCS[`${place}.${key}`];
}
