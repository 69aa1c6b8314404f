import { parseDocument } from "yaml";
import { keptFor } from "../../parse/reparse";
import { YAML_OPTIONS, type KeptDocument } from "../../parse/parse-scenario";
import { asMap, asScalar, asSeq, isAliasNode, mapPairs, scalarText, seqItems, type YMap, type YNode, type YPair } from "../../parse/yaml-nodes";

/**
 * The scenario's YAML tree, read again with the parser's own settings: the model keeps spans of
 * whole pairs only, and the board's edits need the exact number tokens, the maps to add entries
 * to, and the models the parser left out (a position written as an alias is still a model the
 * board shows as locked). Keys are matched the way the parser's key tables match them: the first
 * pair whose key is a scalar with that text wins, as the parser's "the first one is used" does.
 */

/** Where one model is defined under `units:`. */
export interface ModelSite {
  readonly unit: string;
  /** The `id: value` pair under `models:`. */
  readonly pair: YPair;
}

export interface Tree {
  readonly root: YNode | undefined;
  /** The first definition of each model id, across all units (model ids are unique in a scenario). */
  readonly models: ReadonlyMap<string, ModelSite>;
  /** The items of `steps:`, as written (a step's index is its place here). */
  readonly steps: readonly YNode[];
}

/**
 * The last text read: the board asks for every model of one text in a row. A tree read from the
 * last analysis's document (`keptFor`) is good while that document is still the text's.
 */
let last: { readonly text: string; readonly tree: Tree; readonly kept?: KeptDocument; readonly doc?: unknown } | undefined;

/** The tree of `text` (its root undefined when the YAML does not parse). */
export function treeOf(text: string): Tree {
  if (last?.text === text && (last.kept === undefined || last.kept.doc === last.doc)) return last.tree;
  const kept = keptFor(text);
  const doc = kept?.doc ?? parseDocument(text, YAML_OPTIONS);
  const root = doc.errors.length > 0 || doc.contents === null ? undefined : (doc.contents as YNode);
  const tree: Tree = { root, models: modelSites(root), steps: stepItems(root) };
  last = kept ? { text, tree, kept, doc } : { text, tree };
  return tree;
}

/** The text of a key as the parser's key tables read it; undefined for an alias, a collection or an empty key. */
export function keyName(pair: YPair): string | undefined {
  if (isAliasNode(pair.key) || !asScalar(pair.key)) return undefined;
  const text = scalarText(pair.key);
  return text === undefined || text.trim() === "" ? undefined : text;
}

/** The first pair of `map` whose key is `key`. */
export function firstPair(map: YMap, key: string): YPair | undefined {
  return mapPairs(map).find((p) => keyName(p) === key);
}

/** The pairs of an id map, each id's first only. */
function firstOfEach(map: YMap): YPair[] {
  const seen = new Set<string>();
  const out: YPair[] = [];
  for (const pair of mapPairs(map)) {
    const id = keyName(pair);
    if (id === undefined || seen.has(id)) continue;
    seen.add(id);
    out.push(pair);
  }
  return out;
}

function topPair(root: YNode | undefined, key: string): YPair | undefined {
  const map = root === undefined ? undefined : asMap(root);
  return map && firstPair(map, key);
}

function modelSites(root: YNode | undefined): Map<string, ModelSite> {
  const sites = new Map<string, ModelSite>();
  const units = asMap(topPair(root, "units")?.value ?? null);
  if (!units) return sites;
  for (const unitPair of firstOfEach(units)) {
    const unit = keyName(unitPair)!;
    const unitMap = asMap(unitPair.value);
    const models = unitMap && asMap(firstPair(unitMap, "models")?.value ?? null);
    if (!models) continue;
    for (const pair of firstOfEach(models)) {
      const id = keyName(pair)!;
      if (!sites.has(id)) sites.set(id, { unit, pair });
    }
  }
  return sites;
}

function stepItems(root: YNode | undefined): YNode[] {
  const seq = asSeq(topPair(root, "steps")?.value ?? null);
  return seq ? seqItems(seq) : [];
}
