import { isAlias, isCollection, isPair, isScalar, parseDocument, Scalar } from "yaml";
import type { Problem } from "../diagnostics/problem";
import type { Scenario } from "../model/scenario";
import { parseScenarioKeeping, readDocument, type KeptDocument } from "./parse-scenario";
import type { YNode } from "./yaml-nodes";

/**
 * Incremental parsing of the commonest edit: typing inside one plain scalar (a coordinate, a
 * facing, an id in a list). The YAML parser is the largest cost of an analysis; when the only
 * difference from the previous text lies inside one plain, untagged, unanchored value scalar (not
 * a map key) and the scalar's new text is a single plain token, the previous document is patched
 * in place — the scalar's value resolved by `yaml` itself from the token alone, every later offset
 * shifted — and the model is read from it again. Anything else is parsed in full. The result
 * equals `parseScenario(text)` (test/shared/parse/reparse.test.ts proves it for every example and
 * fixture and thousands of random edits).
 */

/** A token that lexes as one plain scalar in any flow or block context, whatever surrounds it. */
const PLAIN_TOKEN = /^(?:[A-Za-z0-9_]|[+.-][0-9])[A-Za-z0-9_.+-]*$/;

/** What a reparse gives: `parseScenario`'s result, the document to keep, and whether it was patched. */
export interface Reparsed {
  readonly scenario?: Scenario;
  readonly problems: Problem[];
  readonly kept?: KeptDocument;
  readonly patched: boolean;
}

/**
 * `parseScenario(text)`, patching `previous` (the document of an earlier text) when the edit
 * allows. A patched document is taken from `previous`, which then holds none: each kept
 * document serves one reparse.
 */
export function reparseScenario(text: string, previous?: KeptDocument): Reparsed {
  const patched = previous ? patch(previous, text) : undefined;
  if (patched) return { ...readDocument(patched, text), kept: { text, doc: patched }, patched: true };
  return { ...parseScenarioKeeping(text), patched: false };
}

type Doc = NonNullable<KeptDocument["doc"]>;

/** The previous document patched to `text`, or undefined when the edit is not one plain scalar's. */
function patch(previous: KeptDocument, text: string): Doc | undefined {
  const doc = previous.doc;
  const old = previous.text;
  if (!doc || old === text) return undefined;
  // The changed region: [start, oldEnd) of the old text became [start, newEnd) of the new one.
  const limit = Math.min(old.length, text.length);
  let start = 0;
  while (start < limit && old.charCodeAt(start) === text.charCodeAt(start)) start++;
  let tail = 0;
  while (tail < limit - start && old.charCodeAt(old.length - 1 - tail) === text.charCodeAt(text.length - 1 - tail)) tail++;
  const oldEnd = old.length - tail;
  const newEnd = text.length - tail;

  const scalar = scalarAround(doc.contents, start, oldEnd);
  if (!scalar || scalar.type !== Scalar.PLAIN || scalar.tag !== undefined || scalar.anchor !== undefined) return undefined;
  const [from, to, nodeEnd] = scalar.range;
  if (old.slice(from, to) !== scalar.source || !PLAIN_TOKEN.test(scalar.source)) return undefined;
  const token = text.slice(from, to + (newEnd - oldEnd));
  if (!PLAIN_TOKEN.test(token)) return undefined;
  const alone = parseDocument(token, { version: "1.2", keepSourceTokens: false, uniqueKeys: false, prettyErrors: false });
  const fresh = alone.contents;
  if (alone.errors.length > 0 || alone.warnings.length > 0 || !isScalar(fresh) || fresh.type !== Scalar.PLAIN || fresh.source !== token) return undefined;

  // From here on the document is changed: take it from `previous` first, so nothing reads it as the old text's.
  previous.doc = undefined;
  const delta = newEnd - oldEnd;
  if (!shift(doc.contents, scalar, oldEnd, delta)) return undefined;
  const r = doc.range;
  doc.range = [r[0], r[1] >= oldEnd ? r[1] + delta : r[1], r[2] >= oldEnd ? r[2] + delta : r[2]];
  const target = scalar as unknown as Record<string, unknown>;
  for (const key of ["value", "source", "format", "minFractionDigits"]) {
    const value = (fresh as unknown as Record<string, unknown>)[key];
    if (value === undefined) delete target[key];
    else target[key] = value;
  }
  scalar.range = [from, to + delta, nodeEnd + delta];
  return doc;
}

/**
 * The value scalar whose source contains [start, end) (touching its ends counts), found by
 * descending through the collections that contain it; undefined for a key, or when the region
 * is not inside one scalar.
 */
function scalarAround(root: YNode | null, start: number, end: number): Scalar.Parsed | undefined {
  let node: unknown = root;
  for (;;) {
    if (!node || typeof node !== "object") return undefined;
    if (isScalar(node)) {
      const s = node as Scalar.Parsed;
      return s.range[0] <= start && end <= s.range[1] ? s : undefined;
    }
    if (!isCollection(node)) return undefined;
    let next: unknown;
    for (const item of node.items as unknown[]) {
      if (isPair(item)) {
        const key = item.key as YNode | null;
        // A key holds the region: keys are never patched (a duplicate key is the parser's to see).
        if (key && key.range[0] <= end && start <= key.range[1]) return undefined;
        const value = item.value as YNode | null;
        if (value && value.range[0] <= start && end <= value.range[1]) {
          next = value;
          break;
        }
      } else if (item && typeof item === "object" && "range" in item) {
        const r = (item as YNode).range;
        if (r[0] <= start && end <= r[1]) {
          next = item;
          break;
        }
      }
    }
    if (next === undefined) return undefined;
    node = next;
  }
}

/**
 * Adds `delta` to every offset at or past `from` in the tree, except the patched scalar's (set by
 * the caller). A subtree that ends before `from` holds no such offset and is skipped. False when
 * the tree holds an alias or anchor (their targets are not followed here): parse in full then.
 */
function shift(root: YNode | null, patched: Scalar.Parsed, from: number, delta: number): boolean {
  const stack: unknown[] = [root];
  const move = (r: [number, number, number]): [number, number, number] => [
    r[0] >= from ? r[0] + delta : r[0],
    r[1] >= from ? r[1] + delta : r[1],
    r[2] >= from ? r[2] + delta : r[2],
  ];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || typeof node !== "object") continue;
    if (isPair(node)) {
      stack.push(node.key, node.value);
      continue;
    }
    if (isAlias(node)) return false;
    const n = node as YNode;
    if (n.anchor !== undefined) return false;
    if (n === patched || n.range[2] < from) continue;
    n.range = move(n.range);
    if (isCollection(n)) for (const item of n.items as unknown[]) stack.push(item);
  }
  return true;
}
