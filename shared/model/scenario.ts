import type { Code } from "../diagnostics/codes";
import type { Span } from "../source/span";

/**
 * The scenario model: plain readonly data produced by the parser, with source spans,
 * consumed by the rules engine, the server, the CLI and (later) the renderer.
 * Coordinates are inches from the board's top-left corner, y downward.
 */

/**
 * Does a model field of this name hold source offsets (a `Span`)? Every offset the model keeps is
 * in a field named `span` or `head`, or ending in `Span` (`lineSpan`, `targetsSpan`, `pairSpan`):
 * what a copy with its offsets moved (parse/reread.ts) or left out (engine/region.ts) reads.
 */
export function isOffsetField(key: string): boolean {
  return key === "span" || key === "head" || key.endsWith("Span");
}

export interface Vec {
  readonly x: number;
  readonly y: number;
}

/**
 * A base. Round: diameter in mm. Oval: length (long axis) and width in mm; the long axis
 * points along the model's `facing` (degrees, 0 = +x/right, 90 = +y/down, i.e. clockwise on screen).
 */
export type BaseShape =
  { readonly kind: "round"; readonly diameterMm: number } | { readonly kind: "oval"; readonly lengthMm: number; readonly widthMm: number };

/** A reference to an id, with the span of the id as written. */
export interface Ref {
  readonly id: string;
  readonly span: Span;
}

/** A list of references written as `key: [a, b]`; `span` covers the whole `key: value` pair. */
export interface RefList {
  readonly refs: readonly Ref[];
  readonly span: Span;
}

/** A scalar option written as `key: value`; `span` covers the whole pair. */
export interface Option<T extends string> {
  readonly value: T;
  readonly span: Span;
}

export interface ModelDef {
  readonly id: string;
  readonly unit: string;
  readonly at: Vec;
  readonly base: BaseShape;
  /** Degrees; only matters for ovals. */
  readonly facing: number;
  /** The model's id key under `models:`. */
  readonly span: Span;
  /** The whole `id: value` pair (its line). */
  readonly lineSpan: Span;
  /** The model's own `wargear:` (weapon ids), replacing its unit's; absent: the unit's. */
  readonly wargear?: RefList;
}

/**
 * An Attacks characteristic: a whole number, or dice (`D6`, `2D3`, `D6+1`): `count` dice of
 * `sides` sides plus `plus`. `text` is the value as written.
 */
export type AttackCount =
  | { readonly kind: "fixed"; readonly value: number; readonly text: string }
  | { readonly kind: "dice"; readonly count: number; readonly sides: number; readonly plus: number; readonly text: string };

/** One profile of a weapon: its characteristics as a datasheet writes them. */
export interface WeaponProfile {
  /** The profile's name (`sweep`), or undefined for a weapon with one profile. */
  readonly name?: string;
  readonly attacks: AttackCount;
  /** WS, BS, S, AP and D as written (`3+`, `-1`, `D3`), for hovers and pictures; no rule reads them. */
  readonly characteristics: Readonly<Record<string, string>>;
  /** Lower-cased; the weapon's own keywords included. */
  readonly keywords: readonly string[];
  readonly span: Span;
}

/** A weapon of the scenario's catalogue (`weapons:`). */
export interface WeaponDef {
  readonly id: string;
  /** The weapon's id key. */
  readonly span: Span;
  readonly name?: string;
  /** `melee` (the default) or a range in inches. */
  readonly range: "melee" | number;
  /** One unnamed profile, or the named ones of `profiles:`, in order. */
  readonly profiles: readonly WeaponProfile[];
}

export interface UnitDef {
  readonly id: string;
  /** The unit's id key under `units:`. */
  readonly span: Span;
  readonly player: string;
  readonly name?: string;
  /** Lower-cased. */
  readonly keywords: readonly string[];
  /** `true` when `charged:` is `true` or a list; `chargeTargets` holds the list's refs. */
  readonly charged: boolean;
  readonly chargeTargets: readonly Ref[];
  /** Datasheet Fights First (`fights-first: true`). */
  readonly fightsFirst: boolean;
  /** The Move characteristic M in inches (`move: 6`), for movement-phase moves. */
  readonly move?: number;
  /** What happened earlier in the turn (`advanced: true`, `fell-back: true`). */
  readonly advanced: boolean;
  readonly fellBack: boolean;
  /** `battle-shocked: true`. */
  readonly battleShocked: boolean;
  readonly models: readonly ModelDef[];
  /** `wargear:`: the weapon ids every model of the unit is equipped with (unless it lists its own). */
  readonly wargear?: RefList;
}

export interface ObjectiveDef {
  readonly id: string;
  readonly at: Vec;
  /** The objective's id key. */
  readonly span: Span;
}

/**
 * A terrain area (`terrain: { ruin1: { area: [[x, y], …], kind: ruin } }`): a polygon in inches,
 * drawn on the board. The rules do not use terrain yet (no cover, visibility or movement
 * penalties); it is here so diagrams can show the table as it was.
 */
export interface TerrainDef {
  readonly id: string;
  /** The terrain's id key. */
  readonly span: Span;
  /** At least three corners, in the order written. */
  readonly polygon: readonly Vec[];
  /** Free text such as `ruin` or `woods`, when written. */
  readonly kind?: string;
}

/** One model's movement in a step: `q1: [x, y]`, `q1: [[x, y], …]` (waypoints), or `q1: { at|path, facing }`. */
export interface ModelMove {
  readonly model: Ref;
  /** Waypoints in order; the last is the end position. Never empty. */
  readonly path: readonly Vec[];
  /** New facing in degrees, when written. */
  readonly facing?: number;
  /** The whole `id: value` pair. */
  readonly span: Span;
}

/** What every step carries. */
export interface StepBase {
  /** Position in `steps:` (0-based). */
  readonly index: number;
  /** The whole sequence item. */
  readonly span: Span;
  /** The step's first `key: value` pair, e.g. `pile-in: squad` (where step-level findings go). */
  readonly head: Span;
  readonly note?: string;
  /** `illegal: [codes]` or `illegal: true` ("all"). */
  readonly illegal?: { readonly codes: readonly Code[] | "all"; readonly span: Span };
  /** What this step's board shows besides the scenario's own `show:`. */
  readonly show?: ShowSpec;
}

/** Units chosen for an annotation: `all`, or a list of unit ids. */
export type UnitChoice = { readonly all: true; readonly span: Span } | { readonly all?: false; readonly units: readonly Ref[]; readonly span: Span };

/**
 * `show:` — what a board draws on request, for diagrams (on the scenario: every step's board; on
 * a step: that step's board too). Each ref is checked by the parser.
 */
export interface ShowSpec {
  /** Rulers: edge to edge between two models, or a model and an objective (`[[a1, b2], [a3, alpha]]`). */
  readonly measure: readonly { readonly from: Ref; readonly to: Ref; readonly span: Span }[];
  /** Engagement Range halos of these units. */
  readonly engagement?: UnitChoice;
  /** Coherency links of these units, with their lengths. */
  readonly coherency?: UnitChoice;
  /** Rings of a radius around a model's base (or an objective marker): `{ around: a1, radius: 6 }`. */
  readonly rings: readonly { readonly around: Ref; readonly radius: number; readonly span: Span }[];
  /** The legal region of this model's move in the step (on a step only). */
  readonly region?: Ref;
  /** Numbered markers at a model, an objective or a point, explained under the board. */
  readonly callouts: readonly { readonly label: string; readonly at: Ref | Vec; readonly text: string; readonly span: Span }[];
  readonly span: Span;
}

/** The keys shared by a pile-in step and a fight's nested `pile-in:` block. */
export interface PileInSpec {
  readonly targets?: RefList;
  readonly moves: readonly ModelMove[];
}

export interface PileInStep extends StepBase, PileInSpec {
  readonly kind: "pile-in";
  readonly unit: Ref;
}

export type FightType = "normal" | "overrun";

/** One target of an attack use: a unit, with the attacks put on it when a split says so. */
export interface AttackTarget {
  readonly unit: Ref;
  /** `targets: { boyz: 2 }`: the attacks on this unit; absent for `target:` and `targets: [list]`. */
  readonly count?: number;
  readonly span: Span;
}

/** One weapon a model attacks with, and its targets (`{ weapon: choppa, target: boyz }`). */
export interface AttackUse {
  readonly weapon: Ref;
  /** `weapon: axe/sweep`: the profile named after the slash, with its span. */
  readonly profile?: Ref;
  readonly targets: readonly AttackTarget[];
  /** `targets: { … }` with counts (a split as written), as opposed to `target:` or a plain list. */
  readonly counted: boolean;
  /** The `targets:` / `target:` pair, for findings about the split. */
  readonly targetsSpan: Span;
  readonly span: Span;
}

/** An entry of a fight step's `attacks:`: a model of the fighting unit, or `all` (every model that fights and is not listed). */
export interface AttackEntry {
  /** The model, or undefined for `all`. */
  readonly model?: Ref;
  readonly uses: readonly AttackUse[];
  /** The whole `id: value` pair. */
  readonly span: Span;
}

/** A weapon as written where one is used: `axe`, or `axe/sweep` (the weapon, then the profile named). */
export interface WeaponRef {
  readonly weapon: Ref;
  readonly profile?: Ref;
  /** The whole value as written. */
  readonly span: Span;
}

/** An item of `resolve:`: a target unit, and optionally the order of the weapon profiles used against it. */
export interface ResolveItem {
  readonly unit: Ref;
  /** `{ marines: [choppa, axe/sweep] }`: the weapons (or weapon/profile) in order. */
  readonly profiles?: readonly WeaponRef[];
  readonly span: Span;
}

export interface FightStep extends StepBase {
  readonly kind: "fight";
  readonly unit: Ref;
  readonly type?: Option<FightType>;
  readonly targets?: RefList;
  /** Per-model melee attacks (`attacks:`); `span` is the `attacks:` pair. */
  readonly attacks?: { readonly entries: readonly AttackEntry[]; readonly span: Span };
  /** The order target units are resolved in (`resolve:`); `span` is the pair. */
  readonly resolve?: { readonly items: readonly ResolveItem[]; readonly span: Span };
  /** The overrun fight's extra pile-in (11e), or the activation's pile-in (10e); `span` is the `pile-in:` pair. */
  readonly pileIn?: PileInSpec & { readonly span: Span };
  /** A 10th-edition activation's consolidation; `span` is the `consolidate:` pair. */
  readonly consolidate?: ConsolidateSpec & { readonly span: Span };
}

export interface RemoveStep extends StepBase {
  readonly kind: "remove";
  readonly models: readonly Ref[];
}

export type ConsolidationMode = "ongoing" | "engaging" | "objective";

export interface ConsolidateStep extends StepBase, ConsolidateSpec {
  readonly kind: "consolidate";
  readonly unit: Ref;
}

/** A number written as `key: value`; `span` covers the whole pair. */
export interface NumberOption {
  readonly value: number;
  readonly span: Span;
}

/** The keys of a consolidate step, also written nested under a 10th-edition `fight:` step. */
export interface ConsolidateSpec {
  readonly mode?: Option<ConsolidationMode>;
  /** Enemy units selected (ongoing/engaging). */
  readonly targets?: RefList;
  /** `objective: alpha`; `span` of the ref is the value, `pairSpan` the whole pair. */
  readonly objective?: Ref & { readonly pairSpan: Span };
  readonly moves: readonly ModelMove[];
}

/**
 * The Movement phase's move types, as a move step's `type:` writes them. What each one is (its
 * rule, its distance, who may make it) is declared once, in systems/move-types.ts.
 */
export const MOVE_TYPE_NAMES = ["normal", "advance", "fall-back", "stationary"] as const;
export type MoveType = (typeof MOVE_TYPE_NAMES)[number];
export type FallBackMode = "ordered-retreat" | "desperate-escape";

/** `- move: unit` in the Movement phase (09). */
export interface MoveStep extends StepBase {
  readonly kind: "move";
  readonly unit: Ref;
  readonly type?: Option<MoveType>;
  /** The advance roll (D6). */
  readonly roll?: NumberOption;
  readonly mode?: Option<FallBackMode>;
  readonly moves: readonly ModelMove[];
}

export type InterventionMode = "leap-to-defend" | "into-the-fray";

/** `- charge: unit` in the Charge phase (11), or a Heroic Intervention with `intervention:`. */
export interface ChargeStep extends StepBase {
  readonly kind: "charge";
  readonly unit: Ref;
  readonly targets?: RefList;
  /** The 2D6 charge roll, as a total. */
  readonly roll?: NumberOption;
  /** Heroic Intervention (15.11 / source 004): the mode chosen. */
  readonly intervention?: Option<InterventionMode>;
  readonly moves: readonly ModelMove[];
}

export interface PhaseStep extends StepBase {
  readonly kind: "phase";
  readonly phase: Option<string>;
}

export type Step = PileInStep | FightStep | RemoveStep | ConsolidateStep | PhaseStep | MoveStep | ChargeStep;

export interface Scenario {
  readonly title: string;
  /** Free text under the title (`description:`). */
  readonly description?: string;
  readonly rules: Option<string>;
  /** Named readings switched on over the rules system (`rulings: [club]`), each with its span. */
  readonly rulings: readonly Ref[];
  /** Inches. */
  readonly board: { readonly width: number; readonly height: number };
  /** The player whose turn it is. */
  readonly turn: string;
  /** The phase the steps start in (`fight` by default). */
  readonly phase: string;
  /** Players in order of first appearance among units (at most two are meaningful). */
  readonly players: readonly string[];
  readonly objectives: readonly ObjectiveDef[];
  /** The weapon catalogue (`weapons:`), in the order written. */
  readonly weapons: readonly WeaponDef[];
  /** Terrain areas (`terrain:`), drawn only: no rule reads them yet. */
  readonly terrain: readonly TerrainDef[];
  readonly units: readonly UnitDef[];
  /** The steps that could be read; each keeps its place in `steps:` (`Step.index`). */
  readonly steps: readonly Step[];
  /** How many items `steps:` has as written, those the parser left out included. */
  readonly stepsWritten: number;
  /** What every step's board shows on request (`show:`). */
  readonly show?: ShowSpec;
  /** The part of the board pictures show (`view:`): the whole board by default. */
  readonly view?: ViewSpec;
}

/** `view: auto` (cropped to the models, objectives and annotations of each board), `board`, or a window `[x, y, w, h]` in inches. */
export type ViewSpec = "auto" | "board" | readonly [number, number, number, number];
