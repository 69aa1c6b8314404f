import type { Problem } from "../../diagnostics/problem";
import type { Scenario } from "../../model/scenario";
import { RULING_NAMES } from "../../parse/vocabulary";
import { asMap, asScalar, mapPairs, scalarText } from "../../parse/yaml-nodes";
import type { Fix } from "./fix";
import { scalarAs } from "./list-items";
import { keyOf, tryEdits, type FixContext } from "./verify";
import { UNIT_STEP_KINDS } from "../../parse/parse-steps";
import { pathAt, parseRoot, type PathStep } from "./yaml-locate";

/**
 * `scenario.unknown-ref`: the existing ids of the right kind closest to what was written (by edit
 * distance), so a typo is one click away. Only ids the place can name are considered (for
 * `targets:` and `charged:`, the enemy units of the unit acting), and each is written into the text
 * and re-analysed like every other fix: offered only when the finding goes and nothing new comes.
 */

/** Longer ids are not compared (nobody mistypes one this long). */
const MAX_ID_LENGTH = 64;
/** Offers at most this many ids. */
const MAX_SUGGESTIONS = 3;
/** Ids tried at most (each costs a re-analysis). */
const MAX_TRIALS = 6;
/** Keys under a step whose value is the step's unit. */
const STEP_KINDS = UNIT_STEP_KINDS;

/** Up to three verified replacements for the unknown id a finding is on, the closest first. */
export function unknownRefFixes(ctx: FixContext, p: Problem): Fix[] {
  const scenario = ctx.analysis.scenario;
  const root = parseRoot(ctx.text);
  if (!scenario || !root) return [];
  const path = pathAt(root, p.span.start);
  const leaf = path[path.length - 1];
  const scalar = leaf && asScalar(leaf.node);
  const written = scalar && scalarText(scalar);
  if (!scalar || written === undefined || scalar.range[0] !== p.span.start) return [];
  // An id is a typo of another when few edits apart; beyond that (or for a paragraph pasted as
  // an id) nothing is suggested, and the length test spares the distance table.
  const limit = Math.max(2, Math.floor(written.length / 2));
  if (written.length > MAX_ID_LENGTH) return [];
  const ids = candidatesFor(scenario, path, p).filter((id) => id !== written && Math.abs(id.length - written.length) <= limit);
  const ranked = ids
    .map((id) => ({ id, d: editDistance(written, id) }))
    .filter((c) => c.d <= limit)
    .sort((a, b) => a.d - b.d || a.id.localeCompare(b.id));
  // One keystroke only for the single closest id, and only once the engine has accepted it.
  const single = ranked.length === 1 || (ranked.length > 1 && ranked[1].d > ranked[0].d);
  const target = keyOf(ctx.text, p);
  const fixes: Fix[] = [];
  for (const c of ranked.slice(0, MAX_TRIALS)) {
    if (fixes.length >= MAX_SUGGESTIONS) break;
    const edits = [{ span: { start: scalar.range[0], end: scalar.range[1] }, newText: scalarAs(scalar, c.id) }];
    if (!tryEdits(ctx, target, edits).ok) continue;
    fixes.push({ title: `Change '${written}' to '${c.id}'`, edits, preferred: single && c === ranked[0] });
  }
  return fixes;
}

/** The ids the place of the reference can name. */
function candidatesFor(scenario: Scenario, path: readonly PathStep[], p: Problem): string[] {
  const leaf = path[path.length - 1];
  const owner = [...path].reverse().find((s) => s.pair !== undefined && !(s === leaf && s.isKey));
  const ownerKey = owner?.pair && scalarText(owner.pair.key);
  // A model id under `to:` is the key of a pair whose map is the value of `to`.
  if (leaf.isKey && ownerKey === "to") return movableModels(scenario, path, p);
  if (leaf.isKey || !owner) return [];
  switch (ownerKey) {
    case "targets":
      return enemiesOf(scenario, actingUnit(scenario, p));
    case "charged": {
      // `charged:` is a key of the charging unit's own definition, whose id is the key above it.
      const unit = path[path.indexOf(owner) - 1]?.pair?.key;
      return enemiesOf(scenario, unit && scalarText(unit));
    }
    case "remove":
      return aliveModels(scenario, p.step);
    case "objective":
      return scenario.objectives.map((o) => o.id);
    case "rulings":
      return [...RULING_NAMES];
    default:
      return ownerKey !== undefined && STEP_KINDS.has(ownerKey) && owner.isKey === false ? scenario.units.map((u) => u.id) : [];
  }
}

/** The unit of the finding's step, if the step has one. */
function actingUnit(scenario: Scenario, p: Problem): string | undefined {
  const step = p.step === undefined ? undefined : scenario.steps.find((s) => s.index === p.step);
  return step && "unit" in step ? step.unit.id : undefined;
}

/** The units of the other players than `unit`'s; none when the unit is unknown. */
function enemiesOf(scenario: Scenario, unit: string | undefined): string[] {
  const own = scenario.units.find((u) => u.id === unit);
  return own ? scenario.units.filter((u) => u.player !== own.player).map((u) => u.id) : [];
}

/** Models of the step's unit, not removed before the step, not already listed in the same `to:`. */
function movableModels(scenario: Scenario, path: readonly PathStep[], p: Problem): string[] {
  const map = asMap(path[path.length - 2]?.node ?? null);
  const listed = new Set(map ? mapPairs(map).map((pair) => scalarText(pair.key)) : []);
  const step = p.step === undefined ? undefined : scenario.steps.find((s) => s.index === p.step);
  const unit = step && "unit" in step ? scenario.units.find((u) => u.id === step.unit.id) : undefined;
  const alive = new Set(aliveModels(scenario, p.step));
  const pool = unit ? unit.models.map((m) => m.id) : [...alive];
  return pool.filter((id) => alive.has(id) && !listed.has(id));
}

/** Every model not removed by a step before `step`. */
function aliveModels(scenario: Scenario, step: number | undefined): string[] {
  const removed = new Set<string>();
  for (const s of scenario.steps) if (s.kind === "remove" && (step === undefined || s.index < step)) for (const r of s.models) removed.add(r.id);
  return scenario.units.flatMap((u) => u.models.map((m) => m.id)).filter((id) => !removed.has(id));
}

/** Levenshtein distance. Ids are short, so the plain table is cheap. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length];
}
