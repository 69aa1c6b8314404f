import { asScalar, seqItems, type YSeq } from "../../parse/yaml-nodes";
import { deepEqual } from "../format/index";
import { parseRoot, pathAt } from "./yaml-locate";
import { isMap, isSeq, parseDocument } from "yaml";

/**
 * A check on edits that must not change what the text says beyond one key: the YAML data of both
 * texts, as plain JavaScript, compared whole. Catches what an offset slip would do unseen (a block
 * scalar losing its trailing line breaks, a key landing in the wrong map).
 */

/** The document's data, or undefined when the text has errors or cannot be converted. */
function dataOf(text: string): unknown {
  try {
    const doc = parseDocument(text, { version: "1.2", uniqueKeys: false, prettyErrors: false });
    return doc.errors.length > 0 ? undefined : doc.toJS();
  } catch {
    // toJS refuses alias bombs ("Excessive alias count"): nothing to compare, nothing offered.
    return undefined;
  }
}

/** The keys and indices from the root to the map that starts at `offset` in `text`, or undefined. */
function dataPathTo(text: string, offset: number): (string | number)[] | undefined {
  const root = parseRoot(text);
  if (!root) return undefined;
  const path = pathAt(root, offset);
  const out: (string | number)[] = [];
  for (let i = 0; i < path.length; i++) {
    const node = path[i].node;
    if (isMap(node) && node.range[0] === offset) return out;
    const child = path[i + 1];
    if (!child || child.isKey) return undefined;
    if (isMap(node)) {
      const key = child.pair && asScalar(child.pair.key);
      if (!key) return undefined;
      out.push(String(key.value));
    } else if (isSeq(node)) out.push(seqItems(node as YSeq).indexOf(child.node));
    else return undefined;
  }
  return undefined;
}

/** The map at `path` in `data`, or undefined when there is none. */
function mapAt(data: unknown, path: readonly (string | number)[]): Record<string, unknown> | undefined {
  let current: unknown = data;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current !== null && typeof current === "object" && !Array.isArray(current) ? (current as Record<string, unknown>) : undefined;
}

/**
 * Whether `after` holds the same data as `before` except that, in the map starting at `mapStart`
 * of `before` (and, the edit being after it, of `after`), `key` now has the value `expected`
 * (given the value it had, undefined when absent).
 */
export function changesOnlyKey(before: string, after: string, mapStart: number, key: string, expected: (had: unknown) => unknown): boolean {
  const path = dataPathTo(before, mapStart);
  const a = dataOf(before);
  const b = dataOf(after);
  const ma = path && mapAt(a, path);
  const mb = path && mapAt(b, path);
  if (!ma || !mb) return false;
  if (!deepEqual(mb[key], expected(ma[key]))) return false;
  delete ma[key];
  delete mb[key];
  return deepEqual(a, b);
}
