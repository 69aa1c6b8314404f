import type { Span } from "../source/span";
import type { ParseContext } from "./parse-context";
import { asScalar, isAliasNode, keySpan, mapPairs, quote, scalarText, spanOf, type YMap, type YPair } from "./yaml-nodes";

/** Reads one key's value into a draft. */
export type KeyHandler<D> = (ctx: ParseContext, pair: YPair, draft: D) => void;

/**
 * The keys a map accepts and how each is read. Handlers run in the table's order, not the text's,
 * so a key may rely on one listed before it (a unit's `base:` is read before its `models:`).
 * Later rules editions add keys by adding entries.
 */
export type KeyTable<D> = Readonly<Record<string, KeyHandler<D>>>;

/**
 * The text of a map key, or undefined (with a finding) when the key is not a usable name:
 * a list or map as a key, an alias, or an empty key.
 */
function keyText(ctx: ParseContext, pair: YPair): string | undefined {
  const key = pair.key;
  if (isAliasNode(key)) {
    ctx.schema("aliases (*name) are not supported in scenarios; write the key out", keySpan(pair));
    return undefined;
  }
  if (!asScalar(key)) {
    ctx.schema("a key must be a plain name, not a list or a map", keySpan(pair));
    return undefined;
  }
  const text = scalarText(key);
  if (text === undefined || text.trim() === "") {
    ctx.schema("a key must not be empty", emptyKeySpan(pair));
    return undefined;
  }
  return text;
}

/**
 * Reads a map against a key table: reports unknown keys (listing the allowed ones) and repeated
 * keys (the first wins), then runs the handlers in table order.
 * @param where how messages name the map, e.g. "in a pile-in step" or "in unit 'squad'"
 * @param extra keys the caller handles itself (a step's kind key): accepted but not listed
 * @returns the accepted pairs by key, for required-key checks
 */
export function readKeys<D>(ctx: ParseContext, map: YMap, table: KeyTable<D>, draft: D, where: string, extra: readonly string[] = []): Map<string, YPair> {
  const found = new Map<string, YPair>();
  const seen = new Map<string, Span>();
  for (const pair of mapPairs(map)) {
    const key = keyText(ctx, pair);
    if (key === undefined) continue;
    const first = seen.get(key);
    if (first) {
      ctx.duplicate(`duplicate key ${quote(key)} ${where}; the first one is used`, keySpan(pair), first);
      continue;
    }
    seen.set(key, keySpan(pair));
    if (extra.includes(key)) continue;
    if (!Object.prototype.hasOwnProperty.call(table, key)) {
      const allowed = Object.keys(table).join(", ");
      ctx.schema(`unknown key ${quote(key)} ${where}; expected one of: ${allowed}`, keySpan(pair));
      continue;
    }
    found.set(key, pair);
  }
  for (const key of Object.keys(table)) {
    const pair = found.get(key);
    if (pair) table[key](ctx, pair, draft);
  }
  return found;
}

/**
 * Walks a map whose keys are ids (units, models, objectives, the models of a `to:`), reporting a
 * repeated id on its second key (the first definition wins).
 * @param twice the message for an id written a second time
 */
export function readIdMap(ctx: ParseContext, map: YMap, twice: (id: string) => string, visit: (id: string, pair: YPair, idSpan: Span) => void): void {
  const seen = new Map<string, Span>();
  for (const pair of mapPairs(map)) {
    const id = keyText(ctx, pair);
    if (id === undefined) continue;
    const first = seen.get(id);
    if (first) {
      ctx.duplicate(twice(id), keySpan(pair), first);
      continue;
    }
    seen.set(id, keySpan(pair));
    visit(id, pair, keySpan(pair));
  }
}

/** An empty key (`: x`) has a zero-width range; widen it to the colon so an editor can show it. */
function emptyKeySpan(pair: YPair): Span {
  const span = spanOf(pair.key);
  return span.end > span.start ? span : { start: span.start, end: span.start + 1 };
}
