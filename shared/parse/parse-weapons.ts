import type { AttackCount, AttackEntry, AttackTarget, AttackUse, Ref, ResolveItem, WeaponDef, WeaponProfile, WeaponRef } from "../model/scenario";
import type { Span } from "../source/span";
import { readIdMap, readKeys, type KeyTable } from "./key-table";
import type { ParseContext } from "./parse-context";
import { readPositive, readRef, readRefList, readText } from "./read-values";
import {
  asMap,
  asScalar,
  asSeq,
  describeNode,
  isEmpty,
  keySpan,
  mapPairs,
  pairSpan,
  quote,
  scalarText,
  seqItems,
  spanOf,
  valueSpan,
  type YNode,
  type YPair,
} from "./yaml-nodes";

/**
 * Weapons and melee attacks (docs/language.md, "Weapons and melee attacks"):
 *
 *     weapons:
 *       choppa: { A: 3, WS: 3+, S: 4, AP: -1, D: 1 }
 *       axe: { profiles: { sweep: { A: 10, … }, strike: { A: 6, … } } }
 *     units: { boyz: { wargear: [choppa], models: { b1: { at: [1, 1], wargear: [axe] } } } }
 *     steps:
 *       - fight: boyz
 *         attacks: { all: { weapon: choppa, target: marines }, b1: { weapon: axe/sweep, targets: { marines: 6, scouts: 4 } } }
 *         resolve: [scouts, marines]
 *
 * Ids are checked by the resolver (parse/resolve-refs.ts); unusable entries are left out.
 */

/** `A: 3`, `A: D6`, `A: 2D3`, `A: D6+1`. */
const DICE = /^\s*(\d*)\s*[dD]\s*(3|6)\s*(?:\+\s*(\d+))?\s*$/;

/** The characteristics kept as written (no rule reads them yet). */
const PLAIN_CHARACTERISTICS = ["WS", "BS", "S", "AP", "D"] as const;

interface ProfileDraft {
  attacks?: AttackCount;
  characteristics: Record<string, string>;
  keywords: string[];
}

interface WeaponDraft extends ProfileDraft {
  name?: string;
  range: "melee" | number;
  profiles?: WeaponProfile[];
  /** False once the weapon cannot be used (a bad A, no A, bad profiles). */
  ok: boolean;
}

const characteristic =
  (key: string) =>
  (ctx: ParseContext, pair: YPair, d: ProfileDraft): void => {
    const text = scalarText(pair.value);
    if (text === undefined || text.trim() === "" || asScalar(pair.value) === undefined) {
      ctx.schema(`${key} must be a value like 3+, 4, -1 or D3, got ${describeNode(pair.value)}`, valueSpan(pair));
      return;
    }
    d.characteristics[key] = text.trim();
  };

/** The keys of a profile (and of a weapon with one profile), in this order. */
export const PROFILE_KEYS: KeyTable<ProfileDraft> = {
  A: (ctx, pair, d) => {
    d.attacks = readAttackCount(ctx, pair.value, valueSpan(pair));
  },
  ...Object.fromEntries(PLAIN_CHARACTERISTICS.map((k) => [k, characteristic(k)])),
  keywords: (ctx, pair, d) => {
    d.keywords.push(...readKeywords(ctx, pair));
  },
};

/** The keys of a weapon: a profile's, and its name, range and `profiles:`. */
export const WEAPON_KEYS: KeyTable<WeaponDraft> = {
  name: (ctx, pair, w) => {
    w.name = readText(ctx, pair.value, valueSpan(pair), "a weapon's name");
  },
  range: (ctx, pair, w) => {
    const text = scalarText(pair.value);
    if (text === "melee") return;
    const n = readPositive(ctx, pair.value, valueSpan(pair), "range (melee, or inches)");
    if (n !== undefined) w.range = n;
  },
  ...(PROFILE_KEYS as KeyTable<WeaponDraft>),
  profiles: (ctx, pair, w) => {
    const map = asMap(pair.value);
    if (!map || mapPairs(map).length === 0) {
      ctx.schema(`profiles must be a map of profile names like { sweep: { A: 4 }, strike: { A: 2 } }, got ${describeNode(pair.value)}`, valueSpan(pair));
      w.ok = false;
      return;
    }
    const profiles: WeaponProfile[] = [];
    readIdMap(
      ctx,
      map,
      (name) => `profile ${quote(name)} is defined twice; the first one is used`,
      (name, p, span) => {
        const body = asMap(p.value);
        if (!body) {
          ctx.schema(`profile ${quote(name)} must be a map like { A: 4, WS: 3+, S: 4 }, got ${describeNode(p.value)}`, valueSpan(p));
          return;
        }
        const draft: ProfileDraft = { characteristics: {}, keywords: [] };
        const found = readKeys(ctx, body, PROFILE_KEYS, draft, `in profile ${quote(name)}`);
        if (!found.has("A")) ctx.schema(`profile ${quote(name)} has no A: (its Attacks)`, span);
        if (draft.attacks) profiles.push({ name, attacks: draft.attacks, characteristics: draft.characteristics, keywords: draft.keywords, span: pairSpan(p) });
      },
    );
    w.profiles = profiles;
  },
};

/** `weapons:` the scenario's catalogue; each id registered so wargear and attacks can refer to it. */
export function parseWeapons(ctx: ParseContext, pair: YPair): WeaponDef[] {
  const out: WeaponDef[] = [];
  const map = asMap(pair.value);
  if (!map) {
    if (!isEmpty(pair.value))
      ctx.schema(`weapons must be a map of weapon ids like { choppa: { A: 3, S: 4 } }, got ${describeNode(pair.value)}`, valueSpan(pair));
    return out;
  }
  readIdMap(
    ctx,
    map,
    (id) => `weapon id ${quote(id)} is defined twice; the first one is used`,
    (id, wp, span) => {
      const weapon = parseWeapon(ctx, id, wp, span);
      ctx.registry.weapons.set(id, { span, ok: weapon !== undefined });
      if (weapon) out.push(weapon);
    },
  );
  return out;
}

function parseWeapon(ctx: ParseContext, id: string, pair: YPair, span: Span): WeaponDef | undefined {
  const body = asMap(pair.value);
  if (!body) {
    ctx.schema(`weapon ${quote(id)} must be a map like { A: 3, WS: 3+, S: 4, AP: -1, D: 1 }, got ${describeNode(pair.value)}`, valueSpan(pair));
    return undefined;
  }
  const draft: WeaponDraft = { range: "melee", characteristics: {}, keywords: [], ok: true };
  const found = readKeys(ctx, body, WEAPON_KEYS, draft, `in weapon ${quote(id)}`);
  if (found.has("profiles")) {
    const own = [...found.keys()].filter((k) => k === "A" || (PLAIN_CHARACTERISTICS as readonly string[]).includes(k));
    if (own.length > 0) ctx.schema(`weapon ${quote(id)} has profiles:, so ${own.join(", ")} belong in each profile`, keySpan(found.get(own[0])!));
    if (!draft.ok || !draft.profiles || draft.profiles.length === 0) return undefined;
    const shared = draft.keywords;
    const profiles = draft.profiles.map((p) => ({ ...p, keywords: [...new Set([...shared, ...p.keywords])] }));
    return { id, span, ...(draft.name !== undefined && { name: draft.name }), range: draft.range, profiles };
  }
  if (!found.has("A")) {
    ctx.schema(`weapon ${quote(id)} has no A: (its Attacks, a number or dice like D6)`, span);
    return undefined;
  }
  if (!draft.attacks) return undefined;
  const profile: WeaponProfile = { attacks: draft.attacks, characteristics: draft.characteristics, keywords: draft.keywords, span: pairSpan(pair) };
  return { id, span, ...(draft.name !== undefined && { name: draft.name }), range: draft.range, profiles: [profile] };
}

/** An Attacks value: a whole number ≥ 1, or dice `D6`, `2D3`, `D6+1`. */
function readAttackCount(ctx: ParseContext, node: YNode | null, at: Span): AttackCount | undefined {
  const scalar = asScalar(node);
  const text = scalarText(node)?.trim();
  if (scalar && typeof scalar.value === "number") {
    if (Number.isInteger(scalar.value) && scalar.value >= 1 && scalar.value <= 999) return { kind: "fixed", value: scalar.value, text: String(scalar.value) };
    ctx.schema(`A must be a whole number of attacks from 1 to 999 or dice like D6, got ${quote(text ?? "")}`, at);
    return undefined;
  }
  const dice = text === undefined ? null : DICE.exec(text);
  if (dice) {
    const count = dice[1] === "" ? 1 : Number(dice[1]);
    if (count >= 1 && count <= 9) return { kind: "dice", count, sides: Number(dice[2]), plus: dice[3] === undefined ? 0 : Number(dice[3]), text: text! };
  }
  if (text !== undefined && /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 999) return { kind: "fixed", value: Number(text), text };
  ctx.schema(`A must be a whole number of attacks or dice like D6, 2D3 or D6+1, got ${describeNode(node)}`, at);
  return undefined;
}

/** The smallest and largest values an Attacks characteristic can take. */
export function attackRange(a: AttackCount): { readonly min: number; readonly max: number } {
  return a.kind === "fixed" ? { min: a.value, max: a.value } : { min: a.count + a.plus, max: a.count * a.sides + a.plus };
}

function readKeywords(ctx: ParseContext, pair: YPair): string[] {
  const seq = asSeq(pair.value);
  if (!seq) {
    ctx.schema(`keywords must be a list like [extra attacks], got ${describeNode(pair.value)}`, valueSpan(pair));
    return [];
  }
  const out: string[] = [];
  for (const item of seqItems(seq)) {
    const text = readText(ctx, item, spanOf(item), "a keyword");
    if (text !== undefined) out.push(text.toLowerCase().trim());
  }
  return out;
}

/** `wargear: [choppa, slugga]` on a unit or a model. */
export function readWargear(ctx: ParseContext, pair: YPair): ReturnType<typeof readRefList> {
  return readRefList(ctx, pair, "wargear");
}

/**
 * A weapon written as `axe` or `axe/sweep`: the weapon's ref covers its id, the profile's the name
 * after the slash (a plain scalar's text is its source; a quoted one starts one character later).
 */
function readWeaponRef(ctx: ParseContext, node: YNode | null, at: Span, what: string): WeaponRef | undefined {
  const ref = readRef(ctx, node, at, what);
  if (!ref) return undefined;
  const slash = ref.id.indexOf("/");
  if (slash < 0) return { weapon: ref, span: ref.span };
  const id = ref.id.slice(0, slash).trim();
  const name = ref.id.slice(slash + 1).trim();
  if (id === "" || name === "") {
    ctx.schema(`a weapon is a weapon id or weapon/profile, got ${quote(ref.id)}`, ref.span);
    return undefined;
  }
  const plain = ref.span.end - ref.span.start === ref.id.length;
  const start = plain ? ref.span.start : ref.span.start + 1;
  return {
    weapon: { id, span: { start, end: start + slash } },
    profile: { id: name, span: { start: start + slash + 1, end: start + ref.id.length } },
    span: ref.span,
  };
}

/** The keys of one attack use. */
interface UseDraft {
  weapon?: Ref;
  profile?: Ref;
  targets: AttackTarget[];
  counted: boolean;
  targetsSpan?: Span;
}

export const ATTACK_USE_KEYS: KeyTable<UseDraft> = {
  weapon: (ctx, pair, use) => {
    const written = readWeaponRef(ctx, pair.value, valueSpan(pair), "weapon (a weapon id, or weapon/profile)");
    if (!written) return;
    use.weapon = written.weapon;
    if (written.profile) use.profile = written.profile;
  },
  target: (ctx, pair, use) => {
    const ref = readRef(ctx, pair.value, valueSpan(pair), "target (a unit id)");
    use.targetsSpan = pairSpan(pair);
    if (ref) use.targets.push({ unit: ref, span: ref.span });
  },
  targets: (ctx, pair, use) => {
    use.targetsSpan = pairSpan(pair);
    const map = asMap(pair.value);
    if (!map) {
      const list = readRefList(ctx, pair, "targets");
      for (const ref of list?.refs ?? []) use.targets.push({ unit: ref, span: ref.span });
      return;
    }
    use.counted = true;
    readIdMap(
      ctx,
      map,
      (id) => `target ${quote(id)} is listed twice in this split; the first is used`,
      (id, p, span) => {
        const scalar = asScalar(p.value);
        const n = scalar && typeof scalar.value === "number" ? scalar.value : Number(scalarText(p.value));
        if (!Number.isInteger(n) || n < 0 || n > 999) {
          ctx.schema(`the attacks on ${quote(id)} must be a whole number, got ${describeNode(p.value)}`, valueSpan(p));
          return;
        }
        use.targets.push({ unit: { id, span }, count: n, span: pairSpan(p) });
      },
    );
  },
};

/** `attacks:` on a fight step: model id (or `all`) → one use or a list of uses. */
export function readAttacks(ctx: ParseContext, pair: YPair): { entries: AttackEntry[]; span: Span } | undefined {
  const map = asMap(pair.value);
  if (!map) {
    ctx.schema(`attacks must be a map of model ids like { a1: { weapon: choppa, target: boyz } }, got ${describeNode(pair.value)}`, valueSpan(pair));
    return undefined;
  }
  const entries: AttackEntry[] = [];
  readIdMap(
    ctx,
    map,
    (id) => `${quote(id)} is listed twice in attacks; the first is used`,
    (id, p, span) => {
      const items = asSeq(p.value) ? seqItems(asSeq(p.value)!) : [p.value];
      const uses: AttackUse[] = [];
      for (const item of items) {
        const use = readUse(ctx, item, id, item === p.value ? valueSpan(p) : spanOf(item as YNode));
        if (use) uses.push(use);
      }
      entries.push({ ...(id !== "all" && { model: { id, span } }), uses, span: pairSpan(p) });
    },
  );
  return { entries, span: pairSpan(pair) };
}

function readUse(ctx: ParseContext, node: YNode | null, who: string, at: Span): AttackUse | undefined {
  const map = asMap(node);
  if (!map) {
    ctx.schema(`an attack of ${quote(who)} is a map like { weapon: choppa, target: boyz }, got ${describeNode(node)}`, at);
    return undefined;
  }
  const draft: UseDraft = { targets: [], counted: false };
  const found = readKeys(ctx, map, ATTACK_USE_KEYS, draft, `in an attack of ${quote(who)}`);
  if (!found.has("weapon")) ctx.schema(`an attack of ${quote(who)} needs weapon: (a weapon id)`, at);
  if (!found.has("target") && !found.has("targets")) ctx.schema(`an attack of ${quote(who)} needs target: (a unit) or targets: { unit: attacks, … }`, at);
  if (found.has("target") && found.has("targets")) ctx.schema("write target: (one unit) or targets: (a split), not both", keySpan(found.get("targets")!));
  if (!draft.weapon || draft.targets.length === 0 || !draft.targetsSpan) return undefined;
  return {
    weapon: draft.weapon,
    ...(draft.profile && { profile: draft.profile }),
    targets: draft.targets,
    counted: draft.counted,
    targetsSpan: draft.targetsSpan,
    span: spanOf(map),
  };
}

/** `resolve: [grots, { boyz: [choppa, axe/sweep] }]`. */
export function readResolve(ctx: ParseContext, pair: YPair): { items: ResolveItem[]; span: Span } | undefined {
  const seq = asSeq(pair.value);
  if (!seq) {
    ctx.schema(`resolve must be a list of target units like [grots, boyz], got ${describeNode(pair.value)}`, valueSpan(pair));
    return undefined;
  }
  const items: ResolveItem[] = [];
  for (const item of seqItems(seq)) {
    const map = asMap(item);
    if (!map) {
      const unit = readRef(ctx, item, spanOf(item), "an item of resolve (a unit id)");
      if (unit) items.push({ unit, span: unit.span });
      continue;
    }
    const pairs = mapPairs(map);
    if (pairs.length !== 1) {
      ctx.schema("an item of resolve is a unit id, or { unit: [weapon, …] } with one unit", spanOf(item));
      continue;
    }
    const [p] = pairs;
    const unit = readRef(ctx, p.key as YNode, keySpan(p), "a unit id");
    const order = asSeq(p.value);
    if (!order) {
      ctx.schema(`the order of the profiles against a unit is a list like [choppa, axe/sweep], got ${describeNode(p.value)}`, valueSpan(p));
      continue;
    }
    // A profile listed twice is a finding of the order rule (attack.order), so repeats are kept.
    const profiles = seqItems(order).flatMap((w) => readWeaponRef(ctx, w, spanOf(w), "a weapon (or weapon/profile)") ?? []);
    if (unit) items.push({ unit, profiles, span: pairSpan(p) });
  }
  return { items, span: pairSpan(pair) };
}
