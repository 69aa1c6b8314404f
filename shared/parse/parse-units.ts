import type { BaseShape, ModelDef, Ref, RefList, Vec } from "../model/scenario";
import type { Span } from "../source/span";
import { readIdMap, readKeys, type KeyTable } from "./key-table";
import type { ParseContext } from "./parse-context";
import { readBase, readBool, readFacing, readPositiveInches, readRefList, readText, readVec } from "./read-values";
import { readWargear } from "./parse-weapons";
import { MAX_PLAYERS } from "./vocabulary";
import { asMap, asScalar, asSeq, describeNode, isEmpty, keySpan, pairSpan, quote, seqItems, spanOf, valueSpan, type YPair } from "./yaml-nodes";

/** A unit as read, before its `charged:` refs are resolved. */
export interface UnitDraft {
  readonly id: string;
  readonly span: Span;
  /** False when the unit is left out of the model (no usable player). */
  ok: boolean;
  player?: string;
  name?: string;
  keywords: string[];
  base?: BaseShape;
  /** True when `base:` was written but unusable (its models then need no second finding). */
  baseBroken: boolean;
  charged: boolean;
  chargeTargets: Ref[];
  fightsFirst: boolean;
  /** The Move characteristic in inches, when written and usable. */
  move?: number;
  advanced: boolean;
  fellBack: boolean;
  battleShocked: boolean;
  readonly models: ModelDef[];
  /** True once `models:` was written with at least one model, usable or not, or with a wrong type (reported there). */
  hasModels: boolean;
  wargear?: RefList;
}

/** The keys of a unit, in the order they are read (`base` before `models`, which use it). */
export const UNIT_KEYS: KeyTable<UnitDraft> = {
  player: readPlayer,
  name: (ctx, pair, unit) => {
    unit.name = readText(ctx, pair.value, valueSpan(pair), "name");
  },
  keywords: readKeywords,
  base: (ctx, pair, unit) => {
    unit.base = readBase(ctx, pair.value, valueSpan(pair));
    unit.baseBroken = unit.base === undefined;
  },
  charged: readCharged,
  "fights-first": (ctx, pair, unit) => {
    unit.fightsFirst = readBool(ctx, pair.value, valueSpan(pair), "fights-first") ?? false;
  },
  move: (ctx, pair, unit) => {
    unit.move = readPositiveInches(ctx, pair.value, valueSpan(pair), "move (the unit's M in inches)");
  },
  // What happened earlier in the turn; an unusable value counts as false, as for fights-first.
  advanced: (ctx, pair, unit) => {
    unit.advanced = readBool(ctx, pair.value, valueSpan(pair), "advanced") ?? false;
  },
  "fell-back": (ctx, pair, unit) => {
    unit.fellBack = readBool(ctx, pair.value, valueSpan(pair), "fell-back") ?? false;
  },
  "battle-shocked": (ctx, pair, unit) => {
    unit.battleShocked = readBool(ctx, pair.value, valueSpan(pair), "battle-shocked") ?? false;
  },
  wargear: (ctx, pair, unit) => {
    unit.wargear = readWargear(ctx, pair);
  },
  models: readModels,
};

/** A model written as a map `{ at, base, facing }`. */
interface ModelDraft {
  at?: Vec;
  base?: BaseShape;
  facing: number;
  /** False once a key's value was unusable. */
  ok: boolean;
  wargear?: RefList;
}

export const MODEL_KEYS: KeyTable<ModelDraft> = {
  at: (ctx, pair, model) => {
    model.at = readVec(ctx, pair.value, valueSpan(pair), "at");
    if (!model.at) model.ok = false;
  },
  base: (ctx, pair, model) => {
    model.base = readBase(ctx, pair.value, valueSpan(pair));
    if (!model.base) model.ok = false;
  },
  facing: (ctx, pair, model) => {
    const facing = readFacing(ctx, pair.value, valueSpan(pair));
    if (facing === undefined) model.ok = false;
    else model.facing = facing;
  },
  wargear: (ctx, pair, model) => {
    model.wargear = readWargear(ctx, pair);
  },
};

/**
 * Reads `units:`: each unit's keys and models, registering unit and model ids (a model id is
 * unique across the whole scenario). Units and models with errors are registered as not ok, so
 * references to them are dropped quietly instead of being reported as unknown.
 */
export function parseUnits(ctx: ParseContext, pair: YPair): UnitDraft[] {
  const units: UnitDraft[] = [];
  const map = asMap(pair.value);
  if (!map) {
    if (!isEmpty(pair.value)) ctx.schema(`units must be a map of unit ids, got ${describeNode(pair.value)}`, valueSpan(pair));
    return units;
  }
  readIdMap(
    ctx,
    map,
    (id) => `unit id ${quote(id)} is defined twice; the first one is used`,
    (id, unitPair, span) => {
      const unit = parseUnit(ctx, id, unitPair, span);
      ctx.registry.units.set(id, { span, ok: unit.ok });
      if (unit.ok) units.push(unit);
    },
  );
  return units;
}

function parseUnit(ctx: ParseContext, id: string, pair: YPair, span: Span): UnitDraft {
  const unit: UnitDraft = {
    id,
    span,
    ok: true,
    keywords: [],
    baseBroken: false,
    charged: false,
    chargeTargets: [],
    fightsFirst: false,
    advanced: false,
    fellBack: false,
    battleShocked: false,
    models: [],
    hasModels: false,
  };
  const map = asMap(pair.value);
  if (!map) {
    if (isEmpty(pair.value)) ctx.schema(`unit ${quote(id)} is empty; it needs player: and models:`, span);
    else ctx.schema(`unit ${quote(id)} must be a map with player: and models:, got ${describeNode(pair.value)}`, valueSpan(pair));
    unit.ok = false;
    return unit;
  }
  const found = readKeys(ctx, map, UNIT_KEYS, unit, `in unit ${quote(id)}`);
  if (!found.has("player")) {
    ctx.schema(`unit ${quote(id)} has no player:`, span);
    unit.ok = false;
  }
  if (!unit.hasModels) ctx.schema(`unit ${quote(id)} has no models`, span);
  return unit;
}

/** `player:` a name; a third distinct player is an error (the unit is then left out). */
function readPlayer(ctx: ParseContext, pair: YPair, unit: UnitDraft): void {
  const player = readText(ctx, pair.value, valueSpan(pair), "player");
  if (player === undefined) {
    unit.ok = false;
    return;
  }
  const players = ctx.registry.players;
  if (!players.includes(player)) {
    if (players.length >= MAX_PLAYERS) {
      const names = players.map((p) => quote(p)).join(" and ");
      ctx.schema(`a scenario has ${MAX_PLAYERS} players (${names}); ${quote(player)} would be another`, valueSpan(pair));
      unit.ok = false;
      return;
    }
    players.push(player);
  }
  unit.player = player;
}

/** `keywords: [infantry, …]`, stored lower-cased. */
function readKeywords(ctx: ParseContext, pair: YPair, unit: UnitDraft): void {
  const seq = asSeq(pair.value);
  if (!seq) {
    ctx.schema(`keywords must be a list like [infantry], got ${describeNode(pair.value)}`, valueSpan(pair));
    return;
  }
  for (const item of seqItems(seq)) {
    const text = readText(ctx, item, spanOf(item), "a keyword");
    if (text !== undefined) unit.keywords.push(text.toLowerCase());
  }
}

/** `charged: true | false | [unit ids]`. */
function readCharged(ctx: ParseContext, pair: YPair, unit: UnitDraft): void {
  if (asSeq(pair.value)) {
    unit.charged = true;
    unit.chargeTargets.push(...(readRefList(ctx, pair, "charged")?.refs ?? []));
    return;
  }
  const value = asScalar(pair.value)?.value;
  if (typeof value === "boolean") {
    unit.charged = value;
    return;
  }
  ctx.schema(`charged must be true, false or a list of the units charged, got ${describeNode(pair.value)}`, valueSpan(pair));
}

/** `models:` a map of model id to `[x, y]` or `{ at, base, facing }`. */
function readModels(ctx: ParseContext, pair: YPair, unit: UnitDraft): void {
  const map = asMap(pair.value);
  if (!map) {
    // An empty `models:` is reported once, as "no models", on the unit id.
    if (!isEmpty(pair.value)) {
      ctx.schema(`models must be a map of model ids, got ${describeNode(pair.value)}`, valueSpan(pair));
      unit.hasModels = true;
    }
    return;
  }
  const models = ctx.registry.models;
  readIdMap(
    ctx,
    map,
    (id) => `model id ${quote(id)} is defined twice in this unit; the first one is used`,
    (id, modelPair, span) => {
      unit.hasModels = true;
      const first = models.get(id);
      if (first) {
        const where = first.unit === unit.id ? "" : ` in unit ${quote(first.unit ?? "")}`;
        ctx.duplicate(`model id ${quote(id)} is already defined${where}; the first definition is used`, span, first.span);
        return;
      }
      const model = parseModel(ctx, id, modelPair, unit);
      const ok = model !== undefined && unit.ok && unit.player !== undefined;
      models.set(id, { span, ok, unit: unit.id });
      if (model && ok) unit.models.push(model);
    },
  );
}

function parseModel(ctx: ParseContext, id: string, pair: YPair, unit: UnitDraft): ModelDef | undefined {
  const span = keySpan(pair);
  const draft: ModelDraft = { facing: 0, ok: true };
  const map = asMap(pair.value);
  if (map) {
    const found = readKeys(ctx, map, MODEL_KEYS, draft, `in model ${quote(id)}`);
    if (!found.has("at")) {
      ctx.schema(`model ${quote(id)} has no at: [x, y]`, span);
      draft.ok = false;
    }
  } else if (asSeq(pair.value)) {
    draft.at = readVec(ctx, pair.value, valueSpan(pair), `the position of ${quote(id)}`);
    if (!draft.at) draft.ok = false;
  } else {
    const got = isEmpty(pair.value) ? "nothing" : describeNode(pair.value);
    ctx.schema(`model ${quote(id)} must be [x, y] or { at: [x, y], base, facing }, got ${got}`, valueSpan(pair));
    return undefined;
  }
  const base = draft.base ?? unit.base;
  // A model whose own or unit's base was unusable already has a finding on that base.
  if (!base && draft.ok && !unit.baseBroken) {
    ctx.schema(`model ${quote(id)} has no base; give unit ${quote(unit.id)} a base: or the model { at, base }`, span);
  }
  if (!draft.ok || !draft.at || !base) return undefined;
  return { id, unit: unit.id, at: draft.at, base, facing: draft.facing, span, lineSpan: pairSpan(pair), ...(draft.wargear && { wargear: draft.wargear }) };
}
