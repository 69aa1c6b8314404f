import type { FightStep, WeaponDef } from "../../model/scenario";
import { fightFacts } from "../board/fight-facts";
import { inOrder, sortKey, type CompletionEntry } from "./entry";
import type { Segment } from "./lines";
import { modelStep, textStep, valueInsert, type Scope } from "./scope";

/**
 * Completion inside a fight step's `attacks:` (docs/language.md, "Weapons and melee attacks"): the
 * models of the fighting unit (those that can fight first, as the checker judges them at the
 * fight), then `all`; for a model's `weapon:` its melee weapons (`weapon/profile` for each profile),
 * then the other weapons; for `target:` and `targets:` the units that model may attack first; and
 * weapons for `wargear:`.
 */

/** The fight step at `index` as the model has it, when the text's step is that fight. */
function fightAt(scope: Scope, index: number): FightStep | undefined {
  const s = modelStep(scope, textStep(scope, index));
  return s?.kind === "fight" ? s : undefined;
}

/** Under `attacks:`: the unit's models not yet listed, those that can fight first, then `all`. */
export function attackModels(scope: Scope, index: number): CompletionEntry[] {
  const { ctx } = scope;
  const step = fightAt(scope, index);
  const scenario = scope.model().scenario;
  if (!step || !scenario) return [];
  const facts = fightFacts(scenario, step).filter((f) => !ctx.present.includes(f.model.def.id));
  facts.sort((a, b) => Number(a.reach.t === "no") - Number(b.reach.t === "no"));
  const models = facts.map((f, i) => ({
    label: f.model.def.id,
    kind: "model" as const,
    detail: f.reach.t === "no" ? "cannot fight here" : `can fight${f.reach.how === "chain" ? " (through the base-to-base chain)" : ""}`,
    sortText: sortKey(f.reach.t === "no" ? 1 : 0, i),
    insert: ctx.prefix + (ctx.colonFollows ? f.model.def.id : `${f.model.def.id}: `),
  }));
  const all = ctx.present.includes("all")
    ? []
    : [
        {
          label: "all",
          kind: "key" as const,
          detail: "every model that fights and is not listed",
          sortText: sortKey(2, 0),
          insert: ctx.prefix + (ctx.colonFollows ? "all" : "all: "),
        },
      ];
  return [...models, ...all];
}

/** A value inside one model's attack use: `weapon:`, `target:` or `targets:`. */
export function attackValues(scope: Scope, index: number, rest: readonly Segment[], key: string): CompletionEntry[] {
  const step = fightAt(scope, index);
  const scenario = scope.model().scenario;
  const model = rest[1];
  if (!step || !scenario || typeof model !== "string") return [];
  const facts = fightFacts(scenario, step);
  const own = facts.find((f) => f.model.def.id === model);
  if (key === "weapon") return weaponValues(scope, scenario.weapons, own?.melee);
  if (key !== "target" && key !== "targets") return [];
  const { ctx } = scope;
  const written = ctx.list?.written ?? [];
  // For `all`, the units some model that fights may attack.
  const reachable = model === "all" ? [...new Set(facts.flatMap((f) => f.targets.map((t) => t.unit)))] : (own?.targets.map((t) => t.unit) ?? []);
  const enemies = scenario.units.filter((u) => u.player !== scenario.units.find((x) => x.id === step.unit.id)?.player && !written.includes(u.id));
  const ranked = enemies.map((u) => ({ u, ok: reachable.includes(u.id) })).sort((a, b) => Number(b.ok) - Number(a.ok));
  return ranked.map((r, i) => ({
    label: r.u.id,
    kind: "unit" as const,
    detail: r.ok ? `${model} may attack it` : `not in ${model}'s reach`,
    sortText: sortKey(r.ok ? 0 : 1, i),
    insert: valueInsert(ctx, r.u.id, key === "targets"),
  }));
}

/** Weapons: the model's melee weapons first (each profile as weapon/profile), then the rest of the catalogue. */
function weaponValues(scope: Scope, weapons: readonly WeaponDef[], melee: readonly WeaponDef[] | undefined): CompletionEntry[] {
  const { ctx } = scope;
  const names = (w: WeaponDef): string[] => w.profiles.map((p) => (p.name ? `${w.id}/${p.name}` : w.id));
  const first = melee ?? weapons.filter((w) => w.range === "melee");
  const rest = weapons.filter((w) => !first.includes(w));
  const entry = (w: WeaponDef, name: string, group: number) => ({
    label: name,
    kind: "value" as const,
    detail: `${w.range === "melee" ? "melee" : "ranged"} · A ${w.profiles.find((p) => name.endsWith(`/${p.name}`))?.attacks.text ?? w.profiles[0].attacks.text}${group === 0 && melee ? " · equipped" : ""}`,
    insert: valueInsert(ctx, name, false),
    group,
  });
  const all = [...first.flatMap((w) => names(w).map((n) => entry(w, n, 0))), ...rest.flatMap((w) => names(w).map((n) => entry(w, n, 1)))];
  return all.map(({ group, ...e }, i) => ({ ...e, sortText: sortKey(group, i) }));
}

/** `wargear: [` on a unit or a model: the catalogue's weapons not yet written, melee ones first. */
export function wargearValues(scope: Scope): CompletionEntry[] {
  const { ctx } = scope;
  const written = ctx.list?.written ?? [];
  const weapons = (scope.model().scenario?.weapons ?? []).filter((w) => !written.includes(w.id));
  return inOrder(
    0,
    weapons.map((w) => ({
      label: w.id,
      kind: "value" as const,
      detail: `${w.range === "melee" ? "melee" : `ranged ${w.range}"`}${w.name ? ` · ${w.name}` : ""}`,
      insert: valueInsert(ctx, w.id, true),
    })),
  );
}

/** `resolve: [`: the units the step's attacks target, in the order first written, those not yet listed. */
export function resolveValues(scope: Scope, index: number): CompletionEntry[] {
  const { ctx } = scope;
  const step = fightAt(scope, index);
  if (!step?.attacks) return [];
  const written = ctx.list?.written ?? [];
  const targeted = [...new Set(step.attacks.entries.flatMap((e) => e.uses.flatMap((u) => u.targets.map((t) => t.unit.id))))].filter(
    (u) => !written.includes(u),
  );
  return inOrder(
    0,
    targeted.map((u) => ({ label: u, kind: "unit" as const, detail: "targeted by this step's attacks", insert: valueInsert(ctx, u, true) })),
  );
}
