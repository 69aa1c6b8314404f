import { isAlias, isCollection, isPair, isScalar, isSeq, parseDocument, Scalar, type CST } from "yaml";
import type { Problem } from "../diagnostics/problem";
import type { Scenario } from "../model/scenario";
import { parseScenarioKeeping, readDocument, type KeptDocument, type KeptReading, type TokenGrowth, YAML_OPTIONS } from "./parse-scenario";
import { rereadStep, type PatchedRegion } from "./reread";
import type { YNode } from "./yaml-nodes";

/**
 * Incremental parsing of the commonest edits: typing inside one plain scalar (a coordinate, a
 * facing, an id in a list), or rewriting the numbers of one flow list (`[x, y]`, as a drag does).
 * The YAML parser is the largest cost of an analysis; when the only difference from the previous
 * text lies inside one plain, untagged, unanchored value scalar (not a map key), or inside one
 * flow list of such scalars with its commas and spaces unchanged, and each new text is a single
 * plain token, the previous document is patched in place — each value resolved by `yaml` itself
 * from the token alone, every later offset shifted — and the model is read from it again; the
 * parser tokens kept with it (for the formatter) get the new sources too. Anything else is parsed
 * in full. The result equals `parseScenario(text)`, and the tokens a fresh parse's but for their
 * offsets (test/shared/parse/reparse.test.ts proves both for every example and fixture and
 * thousands of random edits).
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
  if (patched) {
    // A drag's check read this very text through this document a moment ago (`parseThrough`).
    const ahead = previous?.ahead?.text === text ? previous.ahead.read : undefined;
    const read = ahead ? { ...ahead, problems: [...ahead.problems] } : readPatched(previous!.read, patched, text);
    const tokens = patchTokens(previous!, patched.changes);
    return { ...read, kept: { text, doc: patched.doc, read, ...tokens }, patched: true };
  }
  return { ...parseScenarioKeeping(text), patched: false };
}

/**
 * `parseScenario(text)` for a text a feature is about to write (a drag's edits), read by patching
 * `kept` to `text` and back again, so `kept` still holds its own text's document afterwards.
 * Undefined when the edit cannot be patched; `kept` then holds its document, or none (a full
 * parse follows next time) if the patch failed half-way.
 */
export function parseThrough(kept: KeptDocument, text: string): { scenario?: Scenario; problems: Problem[] } | undefined {
  const patched = patch(kept, text);
  if (!patched) return undefined;
  const { doc } = patched;
  const result = readPatched(kept.read, patched, text);
  // The tokens are not patched on the way: the document comes back to the text they are of.
  const restored = patch({ text, doc }, kept.text)?.doc;
  if (restored) {
    kept.doc = restored;
    kept.ahead = { text, read: { ...result, problems: [...result.problems] } };
  }
  return result;
}

/** The reading of a patched document: one step read again from `previous` (parse/reread.ts) when the patch allows, else all of it. */
function readPatched(
  previous: KeptReading | undefined,
  patched: { doc: Doc; region: PatchedRegion },
  text: string,
): { scenario?: Scenario; problems: Problem[] } {
  return rereadStep(previous, patched.doc, patched.region) ?? readDocument(patched.doc, text);
}

/** `parseScenario(kept.text)`: what reading the kept document gave, or read from it, when it has one. */
export function readKept(kept: KeptDocument): { scenario?: Scenario; problems: Problem[] } {
  if (kept.doc && kept.read) return { ...kept.read, problems: [...kept.read.problems] };
  return kept.doc ? readDocument(kept.doc, kept.text) : parseScenarioKeeping(kept.text);
}

/**
 * The documents of the latest analyses (at most a few), so the features that read a text's YAML
 * tree again (the board editor's edits and their check) take it from there instead of parsing.
 * A kept document is only ever read in place, within one request: the next analysis of that
 * document patches it, after which it is no longer its text's (`keptFor` then misses).
 */
const recent: KeptDocument[] = [];
const RECENT = 4;

/** Remembers the document of an analysis (engine/incremental.ts). */
export function rememberKept(kept: KeptDocument): void {
  const i = recent.indexOf(kept);
  if (i >= 0) recent.splice(i, 1);
  recent.unshift(kept);
  recent.length = Math.min(recent.length, RECENT);
}

/** Forgets a document (superseded by its text's next version, or its editor closed). */
export function forgetKept(kept: KeptDocument): void {
  const i = recent.indexOf(kept);
  if (i >= 0) recent.splice(i, 1);
}

/** A remembered document that is still `text`'s, if any. */
export function keptFor(text: string): KeptDocument | undefined {
  return recent.find((k) => k.doc !== undefined && k.text.length === text.length && k.text === text);
}

type Doc = NonNullable<KeptDocument["doc"]>;

/** One scalar a patch rewrote: where it started in the previous text, and its source before and after. */
interface Rewritten {
  readonly start: number;
  readonly was: string;
  readonly now: string;
}

/**
 * The previous document patched to `text`, with the scalars it rewrote, or undefined when the
 * edit is not one plain scalar's.
 */
function patch(previous: KeptDocument, text: string): { doc: Doc; changes: Rewritten[]; region: PatchedRegion } | undefined {
  const doc = previous.doc;
  const old = previous.text;
  // A `%YAML 1.1` directive reads tokens by other rules (`no` is false, `010` is 8) than `resolveToken`'s YAML 1.2.
  if (!doc || old === text || doc.directives?.yaml.version !== YAML_OPTIONS.version) return undefined;
  // The changed region: [start, oldEnd) of the old text became [start, newEnd) of the new one.
  const limit = Math.min(old.length, text.length);
  let start = 0;
  while (start < limit && old.charCodeAt(start) === text.charCodeAt(start)) start++;
  let tail = 0;
  while (tail < limit - start && old.charCodeAt(old.length - 1 - tail) === text.charCodeAt(text.length - 1 - tail)) tail++;
  const oldEnd = old.length - tail;
  const delta = text.length - old.length;

  const node = nodeAround(doc.contents, start, oldEnd);
  if (!node) return undefined;
  // One scalar, or the items of one flow list of plain scalars (a coordinate pair `[x, y]` both of whose numbers changed).
  const scalars = isScalar(node) ? [node as Scalar.Parsed] : isSeq(node) && node.flow ? (node.items as unknown[]) : [];
  if (scalars.length === 0 || !scalars.every((s) => isPlainToken(s, old))) return undefined;
  const items = scalars as Scalar.Parsed[];
  // The new tokens: the text between the tokens (commas, spaces, brackets) must be as it was.
  const [nodeStart, nodeEnd] = node === items[0] ? [items[0].range[0], items[0].range[1]] : [node.range[0], node.range[1]];
  const between = [
    old.slice(nodeStart, items[0].range[0]),
    ...items.map((s, j) => old.slice(s.range[1], j + 1 < items.length ? items[j + 1].range[0] : nodeEnd)),
  ];
  let at = nodeStart;
  const fresh: { from: number; to: number; scalar: Scalar.Parsed }[] = [];
  for (let j = 0; j <= items.length; j++) {
    if (!text.startsWith(between[j], at)) return undefined;
    at += between[j].length;
    if (j === items.length) break;
    TOKEN_AT.lastIndex = at;
    const m = TOKEN_AT.exec(text);
    if (!m) return undefined;
    const scalar = resolveToken(m[0]);
    if (!scalar) return undefined;
    fresh.push({ from: at, to: at + m[0].length, scalar });
    at += m[0].length;
  }
  if (at !== nodeEnd + delta) return undefined;

  // From here on the document is changed: take it from `previous` first, so nothing reads it as the old text's.
  previous.doc = undefined;
  const changes = items.map((s, j) => ({ start: s.range[0], was: s.source, now: fresh[j].scalar.source }));
  const patched = new Set<unknown>(items);
  // Every offset from the node's last character on moves by delta; the items are placed below.
  if (!shift(doc.contents, patched, nodeEnd - 1, delta)) return undefined;
  const r = doc.range;
  doc.range = [r[0], r[1] >= nodeEnd - 1 ? r[1] + delta : r[1], r[2] >= nodeEnd - 1 ? r[2] + delta : r[2]];
  items.forEach((target, j) => {
    const { from, to, scalar } = fresh[j];
    const fields = target as unknown as Record<string, unknown>;
    for (const key of ["value", "source", "format", "minFractionDigits"]) {
      const value = (scalar as unknown as Record<string, unknown>)[key];
      if (value === undefined) delete fields[key];
      else fields[key] = value;
    }
    target.range = [from, to, to + (target.range[2] - target.range[1])];
  });
  return { doc, changes, region: { start: nodeStart, end: nodeEnd, delta } };
}

/** At most this many distinct scalars are patched in a document's tokens; past it they are dropped (formatting parses again). */
export const MAX_PATCHED_SCALARS = 512;

/**
 * Takes the parser's tokens from `previous` with the rewritten scalars' sources patched in place
 * (their structure is unchanged: each new source is one plain token where one was), or nothing
 * when `previous` had none or a scalar's token is not where it should be.
 */
function patchTokens(previous: KeptDocument, changes: readonly Rewritten[]): Pick<KeptDocument, "tokens" | "grown"> {
  const { tokens, grown = [] } = previous;
  previous.tokens = undefined;
  if (!tokens) return {};
  // Where each scalar's token is, from where the scalar starts in the previous text (before any of these changes).
  const found = changes.map((c) => {
    const offset = parsedOffset(grown, c.start);
    return { change: c, offset, token: scalarTokenAt(tokens, offset) };
  });
  if (found.some((f) => f.token === undefined || f.token.source !== f.change.was)) return {};
  const next = [...grown];
  for (const { change, offset, token } of found) {
    token!.source = change.now;
    const delta = change.now.length - change.was.length;
    let i = 0;
    while (i < next.length && next[i].offset < offset) i++;
    if (next[i]?.offset === offset) next[i] = { offset, delta: next[i].delta + delta };
    else next.splice(i, 0, { offset, delta });
  }
  if (next.length > MAX_PATCHED_SCALARS) return {};
  return next.length > 0 ? { tokens, grown: next } : { tokens };
}

/** The offset, as the tokens were parsed, of a token that starts at `at` in the current text. */
function parsedOffset(grown: readonly TokenGrowth[], at: number): number {
  let shift = 0;
  for (const g of grown) {
    if (g.offset + shift >= at) break;
    shift += g.delta;
  }
  return at - shift;
}

/**
 * The plain scalar token that starts at `offset` (as parsed), found by descending through the
 * tokens that contain it: at each level the last one starting at or before it (a scalar is never
 * among an item's indicators, spaces or comments, and a map key is never patched).
 */
function scalarTokenAt(tops: readonly CST.Token[], offset: number): CST.FlowScalar | undefined {
  let token: CST.Token | null | undefined;
  for (const top of tops) {
    if (top.offset > offset) break;
    token = top;
  }
  for (;;) {
    if (!token) return undefined;
    switch (token.type) {
      case "scalar":
        return token.offset === offset ? token : undefined;
      case "document":
        token = token.value && token.value.offset <= offset ? token.value : undefined;
        break;
      case "block-map":
      case "block-seq":
      case "flow-collection":
        token = valueAt(token.items, offset);
        break;
      default:
        return undefined;
    }
  }
}

/** The value (or key) token of the last item that starts at or before `offset`. */
function valueAt(items: readonly CST.CollectionItem[], offset: number): CST.Token | null | undefined {
  let found: CST.CollectionItem | undefined;
  for (const item of items) {
    const first = item.start[0]?.offset ?? item.key?.offset ?? item.sep?.[0]?.offset ?? item.value?.offset;
    if (first === undefined) continue;
    if (first > offset) break;
    found = item;
  }
  if (found?.value && found.value.offset <= offset) return found.value;
  return found?.key && found.key.offset <= offset ? found.key : undefined;
}

/** Matches a token at `lastIndex` (its characters only; `PLAIN_TOKEN` then says whether it may start so). */
const TOKEN_AT = /[A-Za-z0-9_.+-]+/y;

/** A plain, untagged, unanchored scalar whose source is a plain token, as written in `text`. */
function isPlainToken(node: unknown, text: string): boolean {
  if (!isScalar(node)) return false;
  const s = node as Scalar.Parsed;
  return (
    s.type === Scalar.PLAIN &&
    s.tag === undefined &&
    s.anchor === undefined &&
    typeof s.source === "string" &&
    PLAIN_TOKEN.test(s.source) &&
    text.slice(s.range[0], s.range[1]) === s.source
  );
}

/** The scalar `yaml` reads from a token alone, or undefined unless it is one plain scalar read without a word of complaint. */
function resolveToken(token: string): Scalar.Parsed | undefined {
  if (!PLAIN_TOKEN.test(token)) return undefined;
  const alone = parseDocument(token, YAML_OPTIONS);
  const fresh = alone.contents;
  if (alone.errors.length > 0 || alone.warnings.length > 0 || !isScalar(fresh) || fresh.type !== Scalar.PLAIN || fresh.source !== token) return undefined;
  return fresh as Scalar.Parsed;
}

/**
 * The deepest node whose extent contains [start, end) (touching its ends counts), found by
 * descending through the collections that contain it: a scalar, or the collection whose items
 * the region spans. Undefined when the region touches a map key (keys are never patched: a
 * duplicate key is the parser's to see) or spans the whole document.
 */
function nodeAround(root: YNode | null, start: number, end: number): YNode | undefined {
  let node: unknown = root;
  for (let depth = 0; ; depth++) {
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
    if (next === undefined) {
      const r = (node as YNode).range;
      return depth > 0 && r[0] <= start && end <= r[1] ? (node as YNode) : undefined;
    }
    node = next;
  }
}

/**
 * Adds `delta` to every offset at or past `from` in the tree, except the patched scalars' (set by
 * the caller). A subtree that ends before `from` holds no such offset and is skipped. False when
 * the tree holds an alias or anchor (their targets are not followed here): parse in full then.
 */
function shift(root: YNode | null, patched: ReadonlySet<unknown>, from: number, delta: number): boolean {
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
    if (patched.has(n) || n.range[2] < from) continue;
    n.range = move(n.range);
    if (isCollection(n)) for (const item of n.items as unknown[]) stack.push(item);
  }
  return true;
}
