import type { AttackEntry, AttackUse, FightStep, RefList, Scenario, UnitDef, WeaponDef, WeaponProfile, WeaponRef } from "../../model/scenario";
import type { Span } from "../../source/span";
import type { BoardState, ModelState, UnitState } from "../../board/board-state";
import type { AttackRule, RulesSystem } from "../../systems/system";
import { cite } from "../../systems/rule-cite";
import { within } from "../../geometry/tolerance";
import { hasCharged, type RuleContext } from "../context";
import { inches, list } from "../report";
import { bestReach, reachOf, type Reach } from "./melee-reach";

/**
 * Per-model melee attacks (`attacks:` and `resolve:` on a fight step; docs/language.md "Weapons
 * and melee attacks"), judged on the board at the fight — after a 10th-edition activation's
 * pile-in, after an 11th-edition overrun fight's extra pile-in (12.06: "can make one additional
 * pile-in move, then fights as described in Making Attacks (04)"). Each check is one function:
 *
 * - which models fight (10e Which Models Fight, source 003 L9–L11): `checkCanFight`;
 * - a model with no melee weapon makes no melee attacks (10e Select Weapon L13; 11e, source 001
 *   L19): `checkHasMeleeWeapon`;
 * - one melee weapon it is equipped with, one profile of it (L13, L14), weapons with the keyword
 *   `extra attacks` excepted: `checkWeapons`;
 * - each target within the model's reach (L19, L22; 11e 04.02 per weapon, source 001 L19) and,
 *   under the club ruling, one of its charge targets (source 002 L25, L56): `checkTargets`;
 * - the attacks of a weapon equal its A, split with at least one per target (L15, L16, L20):
 *   `checkCounts`;
 * - attacks against one unit all resolved before the next, same profiles together (10e Make
 *   Attacks L26, L27, L30, L31): `checkResolveOrder`.
 *
 * Targets are declared for every attack in the one step, before any is resolved (L19, L23), and
 * declared attacks are resolved even when casualties leave no target model in range (L28): a
 * later `remove:` changes no verdict here. No finding rests on what the scenario leaves unwritten:
 * a model without `wargear:` (nor its unit) is not judged on what it carries, a model `attacks:`
 * does not list is not judged at all, and under `all` a model that cannot fight simply does not.
 */
export function checkAttacks(ctx: RuleContext, unit: UnitState, step: FightStep): void {
  const attacks = step.attacks;
  if (!attacks) return;
  const listed = new Set(attacks.entries.flatMap((e) => (e.model ? [e.model.id] : [])));
  const declared: Declared[] = [];
  for (const entry of attacks.entries) {
    const models = entry.model ? [entry.model.id] : unit.models.filter((m) => m.alive && !listed.has(m.def.id)).map((m) => m.def.id);
    for (const id of models) {
      const m = ctx.board.models.get(id);
      if (!m) continue;
      if (m.unit !== unit) {
        ctx.report.error(
          "attack.model",
          `${id} is a model of ${m.unit.id}, not of ${unit.id}: only the models of the unit selected to fight make its attacks`,
          entry.model?.span ?? entry.span,
        );
        continue;
      }
      if (!m.alive) {
        ctx.report.error("attack.model", `${id} was removed earlier and makes no attacks`, entry.model?.span ?? entry.span);
        continue;
      }
      declared.push(...checkModel(ctx, unit, step, m, entry));
    }
  }
  if (ctx.system.attacks.resolutionOrder) checkResolveOrder(ctx, step, declared);
}

/** A use that passed the model's checks: what `resolve:` orders. */
interface Declared {
  readonly model: ModelState;
  readonly use: AttackUse;
  readonly weapon: WeaponDef;
  readonly profile: WeaponProfile;
}

function rule(system: RulesSystem, which: AttackRule): string {
  const r = system.attacks.rules[which];
  return cite(system, r.section, r.heading);
}

/** The model's checks in order; the first that fails for a use ends that use's checks (one mistake, one error). */
function checkModel(ctx: RuleContext, unit: UnitState, step: FightStep, m: ModelState, entry: AttackEntry): Declared[] {
  const all = entry.model === undefined;
  const where = entry.model?.span ?? entry.span;
  if (!checkCanFight(ctx, m, all, where)) return [];
  const wargear = wargearOf(unit.def, m);
  if (!checkHasMeleeWeapon(ctx, m, wargear, all, where)) return [];
  const out: Declared[] = [];
  const weapons = checkWeapons(ctx, m, entry.uses, wargear);
  for (const w of weapons) {
    if (!checkTargets(ctx, unit, step, m, w.use)) continue;
    if (!checkCounts(ctx, m, w.use, w.profile)) continue;
    out.push({ model: m, ...w });
  }
  return out;
}

/** The weapon ids a model is equipped with: its own `wargear:`, else its unit's; undefined when neither is written. */
export function wargearOf(unit: UnitDef, m: ModelState): RefList | undefined {
  return m.def.wargear ?? unit.wargear;
}

/** The catalogue entry of a weapon id. */
export function weaponOf(scenario: Scenario, id: string): WeaponDef | undefined {
  return scenario.weapons.find((w) => w.id === id);
}

/** 10e Which Models Fight: only a model within Engagement Range of an enemy unit, or in the base-to-base chain, fights. */
function checkCanFight(ctx: RuleContext, m: ModelState, all: boolean, span: Span): boolean {
  const { system, board, report } = ctx;
  if (!system.attacks.whoFights) return true;
  const r = bestReach(board, m, system.attacks.reach);
  if (r.t === "yes") return true;
  // Under `all`, a model that cannot fight does not: the declaration covers those that can.
  if (all) return r.t === "border";
  report.unless(r.t, "attack.cannot-fight", `${cannotFight(board, m, r)} (${rule(system, "who-fights")})`, span, related(r));
  return r.t === "border";
}

/** "a3 cannot fight: 1.4" from b3, …" — the gap to the nearest enemy model and the chain it lacks. */
export function cannotFight(board: BoardState, m: ModelState, r: Reach): string {
  const er = inches(board.system.engagementRange);
  const gap = r.how === "none" && r.enemy ? `${inches(r.gap)} from ${r.enemy.def.id}, ` : "";
  const chain =
    board.system.attacks.reach === "engagement-or-chain"
      ? ` and not in base-to-base contact with a model of ${m.unit.id} that is itself in base-to-base contact with an enemy model`
      : "";
  return `${m.def.id} cannot fight: ${gap}not within Engagement Range (${er}) of an enemy unit${chain}`;
}

function related(r: Reach): { related: { message: string; span: { start: number; end: number } }[] } | undefined {
  if (!r.enemy) return undefined;
  const items = [{ message: `${r.enemy.def.id} (${r.enemy.unit.id})`, span: r.enemy.def.span }];
  if (r.how === "chain") items.unshift({ message: r.via.def.id, span: r.via.def.span });
  return { related: items };
}

function isMelee(w: WeaponDef): boolean {
  return w.range === "melee";
}

/** A model equipped with no melee weapon makes no melee attacks (10e Select Weapon; 11e source 001 L19). */
function checkHasMeleeWeapon(ctx: RuleContext, m: ModelState, wargear: RefList | undefined, all: boolean, span: Span): boolean {
  if (!wargear) return true;
  const melee = wargear.refs.map((r) => weaponOf(ctx.scenario, r.id)).filter((w): w is WeaponDef => w !== undefined && isMelee(w));
  if (melee.length > 0) return true;
  // Under `all`, a model without a melee weapon simply makes no melee attacks.
  if (all) return false;
  const carried = wargear.refs.length === 0 ? "no weapons" : `only ${list(wargear.refs.map((r) => r.id))}`;
  ctx.report.error("attack.no-weapon", `${m.def.id} has no melee weapon (${carried}), so it cannot make melee attacks (${rule(ctx.system, "weapon")})`, span, {
    related: [{ message: "its wargear", span: wargear.span }],
  });
  return false;
}

/**
 * One melee weapon the model is equipped with, one of its profiles (10e Select Weapon L13, L14;
 * 11e 04.01), except weapons with the keyword `extra attacks`, which a model uses besides its one
 * weapon (the keyword is not in the rules sources: it is accepted so that no legal fight is called
 * illegal). Returns the uses whose weapon and profile are usable.
 */
function checkWeapons(
  ctx: RuleContext,
  m: ModelState,
  uses: readonly AttackUse[],
  wargear: RefList | undefined,
): { use: AttackUse; weapon: WeaponDef; profile: WeaponProfile }[] {
  const { report, system } = ctx;
  const cited = rule(system, "weapon");
  const out: { use: AttackUse; weapon: WeaponDef; profile: WeaponProfile }[] = [];
  let main: AttackUse | undefined;
  for (const use of uses) {
    const weapon = weaponOf(ctx.scenario, use.weapon.id);
    if (!weapon) continue;
    if (wargear && !wargear.refs.some((r) => r.id === weapon.id)) {
      const has = wargear.refs.length === 0 ? "no weapons" : list(wargear.refs.map((r) => r.id));
      report.error(
        "attack.weapon",
        `${m.def.id} is not equipped with ${weapon.id} (its wargear: ${has}); a model fights with a melee weapon it is equipped with (${cited})`,
        use.weapon.span,
        {
          related: [{ message: "its wargear", span: wargear.span }],
        },
      );
      continue;
    }
    if (!isMelee(weapon)) {
      report.error(
        "attack.weapon",
        `${weapon.id} is a ranged weapon (${inches(weapon.range as number)}); a model fights using a melee weapon (${cited})`,
        use.weapon.span,
        {
          related: [{ message: weapon.id, span: weapon.span }],
        },
      );
      continue;
    }
    const profile = profileOf(ctx, weapon, use);
    if (!profile) continue;
    const extra = profile.keywords.includes("extra attacks");
    if (!extra) {
      if (main) {
        report.error(
          "attack.weapon",
          `${m.def.id} already fights with ${main.weapon.id}: a model uses one melee weapon each time it fights, besides weapons with the keyword extra attacks (${cited})`,
          use.weapon.span,
          { related: [{ message: `${main.weapon.id}, its weapon`, span: main.weapon.span }] },
        );
        continue;
      }
      main = use;
    }
    out.push({ use, weapon, profile });
  }
  return out;
}

/** The profile a use names: required for a weapon with several (`axe/sweep`), refused for one with one. */
function profileOf(ctx: RuleContext, weapon: WeaponDef, use: AttackUse): WeaponProfile | undefined {
  const cited = rule(ctx.system, "weapon");
  const named = weapon.profiles.filter((p) => p.name !== undefined);
  if (named.length === 0) {
    if (use.profile) {
      ctx.report.error("attack.weapon", `${weapon.id} has one profile; write weapon: ${weapon.id} without /${use.profile.id}`, use.profile.span);
      return undefined;
    }
    return weapon.profiles[0];
  }
  const names = list(named.map((p) => `${weapon.id}/${p.name}`));
  if (!use.profile) {
    ctx.report.error("attack.weapon", `${weapon.id} has several profiles: name the one used, ${names} (${cited})`, use.weapon.span, {
      related: [{ message: weapon.id, span: weapon.span }],
    });
    return undefined;
  }
  const profile = named.find((p) => p.name === use.profile!.id);
  if (!profile)
    ctx.report.error("attack.weapon", `${weapon.id} has no profile ${use.profile.id}; its profiles are ${names}`, use.profile.span, {
      related: [{ message: weapon.id, span: weapon.span }],
    });
  return profile;
}

/**
 * Each target within the model's reach (10e Select Targets L19, L22: within Engagement Range of
 * the model, or in the base-to-base chain; 11e 04.02: engaged with the model), an enemy unit,
 * among the step's `targets:` when written, and with the club ruling one of the unit's charge
 * targets. What the step's unit-level `targets:` check already reports (fight.target: a unit out of
 * every model's range, the club ruling) is not reported again per model.
 */
function checkTargets(ctx: RuleContext, unit: UnitState, step: FightStep, m: ModelState, use: AttackUse): boolean {
  const { board, report, system } = ctx;
  const cited = rule(system, "targets");
  let ok = true;
  for (const t of use.targets) {
    const v = board.units.get(t.unit.id);
    if (!v) continue;
    if (v.player === unit.player) {
      report.error("attack.target", `${v.id} is a friendly unit and cannot be attacked (${cited})`, t.unit.span);
      ok = false;
      continue;
    }
    if (step.targets && !step.targets.refs.some((r) => r.id === v.id)) {
      report.error("attack.target", `${v.id} is not one of the step's targets (${list(step.targets.refs.map((r) => r.id))})`, t.unit.span, {
        related: [{ message: "the step's targets", span: step.targets.span }],
      });
      ok = false;
      continue;
    }
    if (step.targets && reportedPerUnit(board, unit, v)) continue;
    const r = reachOf(board, m, v, system.attacks.reach);
    if (r.t !== "yes") {
      report.unless(r.t, "attack.target", `${cannotReach(board, m, v, r)} (${cited})`, t.unit.span, related(r));
      if (r.t === "no") {
        ok = false;
        continue;
      }
    }
    const charged = ctx.turn.charged.get(unit) ?? [];
    // With the step's `targets:` written, the unit-level check (fight.target) already judges the ruling for this unit.
    if (!step.targets && system.readings.chargersAttackOnlyChargeTargets && hasCharged(ctx, unit) && charged.length > 0 && !charged.includes(v)) {
      report.error(
        "attack.target",
        `${unit.id} charged this turn, so ${m.def.id} may only attack the units it declared as charge targets (${list(charged.map((d) => d.id))}), not ${v.id} (club ruling chargers-attack-only-charge-targets, seed 002 L25, L56)`,
        t.unit.span,
      );
      ok = false;
    }
  }
  return ok;
}

/** The unit-level `targets:` check (fight-10e/attacks.ts, fight-11e) reports a unit no model of `unit` comes within Engagement Range of. */
function reportedPerUnit(board: BoardState, unit: UnitState, v: UnitState): boolean {
  return within(board.unitGap(unit, v), board.system.engagementRange) === "no";
}

/** Why `m` may not attack `v`: the gap to its nearest model and, in 10e, the chain it lacks. */
export function cannotReach(board: BoardState, m: ModelState, v: UnitState, r: Reach): string {
  const er = inches(board.system.engagementRange);
  const gap = r.enemy && r.how !== "chain" ? `${m.def.id} is ${inches(r.gap)} from ${r.enemy.def.id}, ` : `${m.def.id} is `;
  if (board.system.attacks.reach === "engaged") return `${gap}not engaged with ${v.id} (within ${er}), so it cannot attack it`;
  return `${gap}not within Engagement Range (${er}) of ${v.id} and not in base-to-base contact with a model of ${m.unit.id} that is itself in base-to-base contact with ${v.id}, so it cannot attack it`;
}

/**
 * A weapon makes attacks equal to its A (10e L15, L16); split, each declared target gets at least
 * one (L20) and the counts add up to A. A random A (dice) is the roll as written: the counts must
 * add up to a value the dice can roll; undivided, it needs no count.
 */
function checkCounts(ctx: RuleContext, m: ModelState, use: AttackUse, profile: WeaponProfile): boolean {
  const { report, system } = ctx;
  const cited = rule(system, "attacks");
  const a = profile.attacks;
  const [min, max] = a.kind === "fixed" ? [a.value, a.value] : [a.count + a.plus, a.count * a.sides + a.plus];
  const weapon = `${use.weapon.id}${use.profile ? `/${use.profile.id}` : ""}`;
  if (!use.counted) {
    if (use.targets.length > max) {
      report.error(
        "attack.count",
        `${m.def.id} has at most ${max} attack${max === 1 ? "" : "s"} with ${weapon} (A ${a.text}) to split between ${use.targets.length} units (${cited})`,
        use.targetsSpan,
      );
      return false;
    }
    return true;
  }
  const zero = use.targets.find((t) => t.count === 0);
  if (zero) {
    report.error("attack.count", `${zero.unit.id} gets no attack: a split puts at least one attack on each unit it names (${cited})`, zero.span);
    return false;
  }
  const total = use.targets.reduce((s, t) => s + (t.count ?? 0), 0);
  if (a.kind === "fixed" && total !== a.value) {
    report.error(
      "attack.count",
      `${m.def.id}'s attacks with ${weapon} add up to ${total}, but A is ${a.value}: a model makes attacks equal to its weapon's Attacks (${cited})`,
      use.targetsSpan,
    );
    return false;
  }
  if (a.kind === "dice" && (total < min || total > max)) {
    report.error(
      "attack.count",
      `${m.def.id}'s attacks with ${weapon} add up to ${total}, which A ${a.text} cannot roll (${min} to ${max}) (${cited})`,
      use.targetsSpan,
    );
    return false;
  }
  return true;
}

/**
 * `resolve:` (10e Make Attacks L26, L30: all attacks against one unit before the next; L27, L31:
 * against one unit, the attacks with one profile together): each targeted unit listed once, no
 * other; within a unit's item, each profile used against it once.
 */
function checkResolveOrder(ctx: RuleContext, step: FightStep, declared: readonly Declared[]): void {
  const resolve = step.resolve;
  if (!resolve) return;
  const { report, system } = ctx;
  const cited = rule(system, "order");
  const targeted = new Map<string, Set<string>>();
  for (const d of declared) {
    for (const t of d.use.targets) {
      const profiles = targeted.get(t.unit.id) ?? new Set<string>();
      profiles.add(profileKey(d.weapon, d.profile));
      targeted.set(t.unit.id, profiles);
    }
  }
  const seen = new Map<string, Span>();
  for (const item of resolve.items) {
    const first = seen.get(item.unit.id);
    if (first) {
      report.error("attack.order", `${item.unit.id} is listed twice: all attacks against one unit are resolved before the next (${cited})`, item.span, {
        related: [{ message: `${item.unit.id}, first`, span: first }],
      });
      continue;
    }
    seen.set(item.unit.id, item.span);
    const used = targeted.get(item.unit.id);
    if (!used) {
      report.error("attack.order", `no attack of the step targets ${item.unit.id}, so it has nothing to resolve`, item.span);
      continue;
    }
    if (item.profiles) checkProfileOrder(ctx, item.unit.id, item.profiles, used, cited);
  }
  const missing = [...targeted.keys()].filter((u) => !seen.has(u));
  if (missing.length > 0) {
    report.error(
      "attack.order",
      `resolve: does not say when the attacks against ${list(missing)} are resolved; list every target unit once (${cited})`,
      resolve.span,
    );
  }
}

function profileKey(w: WeaponDef, p: WeaponProfile): string {
  return p.name === undefined ? w.id : `${w.id}/${p.name}`;
}

function checkProfileOrder(ctx: RuleContext, unit: string, written: readonly WeaponRef[], used: ReadonlySet<string>, cited: string): void {
  const seen = new Set<string>();
  for (const w of written) {
    const key = w.profile ? `${w.weapon.id}/${w.profile.id}` : w.weapon.id;
    if (seen.has(key)) {
      ctx.report.error("attack.order", `${key} is listed twice against ${unit}: the attacks with one profile are resolved together (${cited})`, w.span);
      continue;
    }
    seen.add(key);
    if (!used.has(key)) ctx.report.error("attack.order", `no attack against ${unit} uses ${key}`, w.span);
  }
  const missing = [...used].filter((k) => !seen.has(k));
  if (missing.length > 0)
    ctx.report.error(
      "attack.order",
      `the order against ${unit} does not place ${list(missing)}; list each profile used against it once (${cited})`,
      written[0].span,
    );
}
