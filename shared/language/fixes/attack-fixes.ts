import type { Problem } from "../../diagnostics/problem";
import type { Scenario, WeaponDef } from "../../model/scenario";
import { asScalar, scalarText } from "../../parse/yaml-nodes";
import type { Fix } from "./fix";
import { scalarAs } from "./list-items";
import { stepOf } from "./position-subject";
import { keyOf, tryEdits, type FixContext } from "./verify";
import { parseRoot, pathAt } from "./yaml-locate";

/** Values tried at most for one finding. */
const MAX_TRIALS = 8;

/**
 * `attack.target` and `attack.weapon`: another unit the model may attack, or another weapon (or
 * profile) it may use, written in place of the one the finding is on and re-analysed; only a value
 * that clears the finding without a new one is offered. The model's own melee weapons are tried
 * first, then the rest of the catalogue; enemy units nearest the text's order first.
 */
export function attackFix(ctx: FixContext, p: Problem): Fix | undefined {
  const scenario = ctx.analysis.scenario;
  const step = scenario && stepOf(scenario, p);
  const root = parseRoot(ctx.text);
  if (!scenario || step?.kind !== "fight" || !root || p.severity === "info") return undefined;
  const path = pathAt(root, p.span.start);
  const scalar = asScalar(path[path.length - 1]?.node ?? null);
  const written = scalar && scalarText(scalar);
  if (!scalar || written === undefined) return undefined;
  const at = path.findIndex((s) => s.pair !== undefined && s.isKey === false && asScalar(s.pair.key)?.value === "attacks");
  const entry = at < 0 ? undefined : path.slice(at + 1).find((s) => s.pair !== undefined)?.pair;
  const model = entry && scalarText(entry.key);
  if (model === undefined) return undefined;
  const values = p.code === "attack.target" ? targetsOf(scenario, step.unit.id, written) : weaponsOf(scenario, model, written);
  const target = keyOf(ctx.text, p);
  for (const value of values.slice(0, MAX_TRIALS)) {
    // `weapon/profile` is a plain scalar as it stands: written plain where the author wrote plain.
    const plain = scalar.type === "PLAIN" && /^[A-Za-z_][\w.-]*\/[A-Za-z_][\w.-]*$/.test(value);
    const edits = [{ span: { start: scalar.range[0], end: scalar.range[1] }, newText: plain ? value : scalarAs(scalar, value) }];
    const trial = tryEdits(ctx, target, edits);
    if (trial.ok) return { title: `Change ${p.code === "attack.target" ? "the target" : "the weapon"} to ${value}`, edits, preferred: true };
  }
  return undefined;
}

/** The enemy units of the fighting unit, other than the one written. */
function targetsOf(scenario: Scenario, unit: string, written: string): string[] {
  const player = scenario.units.find((u) => u.id === unit)?.player;
  return scenario.units.filter((u) => u.player !== player && u.id !== written).map((u) => u.id);
}

/** The model's melee weapons (each profile as weapon/profile), then the catalogue's other melee weapons. */
function weaponsOf(scenario: Scenario, model: string, written: string): string[] {
  const unit = scenario.units.find((u) => u.models.some((m) => m.id === model));
  const def = unit?.models.find((m) => m.id === model);
  const wargear = (def?.wargear ?? unit?.wargear)?.refs.map((r) => r.id) ?? [];
  const names = (w: WeaponDef): string[] => w.profiles.map((p) => (p.name ? `${w.id}/${p.name}` : w.id));
  const melee = scenario.weapons.filter((w) => w.range === "melee");
  const own = melee.filter((w) => wargear.includes(w.id));
  const rest = wargear.length > 0 ? [] : melee.filter((w) => !own.includes(w));
  return [...own, ...rest].flatMap(names).filter((n) => n !== written);
}
