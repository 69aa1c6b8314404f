import type { Problem } from "../../diagnostics/problem";
import type { Scenario } from "../../model/scenario";
import { RULING_NAMES } from "../../parse/vocabulary";
import { asMap, asScalar, mapPairs, scalarText, type YScalar } from "../../parse/yaml-nodes";
import type { Fix } from "./fix";
import { pathAt, parseRoot, type PathStep } from "./yaml-locate";

/**
 * `scenario.unknown-ref`: the existing ids of the right kind closest to what was written (by edit
 * distance), so a typo is one click away. A replacement names an existing id, which the parser
 * then resolves; what the id's model then does on the board is the author's to judge.
 */

/** Longer ids are not compared (nobody mistypes one this long). */
const MAX_ID_LENGTH = 64;
/** Offers at most this many ids. */
const MAX_SUGGESTIONS = 3;
/** Keys under a step whose value is the step's unit. */
const STEP_KINDS = new Set(["pile-in", "fight", "consolidate", "move", "charge"]);

/** Up to three replacements for the unknown id a finding is on, the closest first. */
export function unknownRefFixes(text: string, scenario: Scenario, p: Problem): Fix[] {
  const root = parseRoot(text);
  if (!root) return [];
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
    .sort((a, b) => a.d - b.d || a.id.localeCompare(b.id))
    .slice(0, MAX_SUGGESTIONS);
  return ranked.map((c, i) => ({
    title: `Change '${written}' to '${c.id}'`,
    edits: [{ span: { start: scalar.range[0], end: scalar.range[1] }, newText: writtenAs(scalar, c.id) }],
    // One-keystroke only when it is the single closest.
    preferred: i === 0 && (ranked.length === 1 || ranked[1].d > c.d),
  }));
}

/** The ids the place of the reference can name. */
function candidatesFor(scenario: Scenario, path: readonly PathStep[], p: Problem): string[] {
  const leaf = path[path.length - 1];
  const owner = [...path].reverse().find((s) => s.pair !== undefined && !(s === leaf && s.isKey));
  const ownerKey = owner?.pair && scalarText(owner.pair.key);
  // A model id under `to:` is the key of a pair whose map is the value of `to`.
  if (leaf.isKey && ownerKey === "to") return movableModels(scenario, path, p);
  if (leaf.isKey) return [];
  switch (ownerKey) {
    case "targets":
    case "charged":
      return scenario.units.map((u) => u.id);
    case "remove":
      return aliveModels(scenario, p.step);
    case "objective":
      return scenario.objectives.map((o) => o.id);
    case "rulings":
      return [...RULING_NAMES];
    default:
      return ownerKey !== undefined && STEP_KINDS.has(ownerKey) && owner?.isKey === false ? scenario.units.map((u) => u.id) : [];
  }
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

/** An id as the scalar it replaces was written: in the same quotes, or quoted when plain text would not read back as it. */
function writtenAs(scalar: YScalar, id: string): string {
  if (scalar.type === "QUOTE_SINGLE") return `'${id.replace(/'/g, "''")}'`;
  if (scalar.type === "QUOTE_DOUBLE" || !/^[A-Za-z_][\w.-]*$/.test(id) || /^(true|false|null|yes|no|on|off)$/i.test(id)) return JSON.stringify(id);
  return id;
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
