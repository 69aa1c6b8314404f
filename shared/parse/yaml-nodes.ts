import { isAlias, isMap, isPair, isScalar, isSeq } from "yaml";
import type { ParsedNode, Pair, Scalar, YAMLMap, YAMLSeq } from "yaml";
import type { Span } from "../source/span";

/**
 * Small typed accessors over the nodes of a parsed `yaml` document, and the spans the model uses.
 * A span is `{ start: range[0], end: range[1] }`: range[1] is where the value ends, before any
 * trailing comment (range[2]), so a squiggle never runs into a comment or the next line.
 * Block maps and lists are the exception: `yaml` ends their range[1] after the last line's
 * comment and newline, so theirs end where their last item's value ends.
 */

/** Any node of a parsed document. */
export type YNode = ParsedNode;
/** A `key: value` pair of a parsed map; an empty value (`key:`) is a null scalar, rarely `null`. */
export type YPair = Pair<ParsedNode, ParsedNode | null>;
/** A parsed block or flow map. */
export type YMap = YAMLMap.Parsed;
/** A parsed block or flow sequence. */
export type YSeq = YAMLSeq.Parsed;
/** A parsed scalar. */
export type YScalar = Scalar.Parsed;

/** The node's text from its first character to the end of its value. */
export function spanOf(node: YNode): Span {
  return { start: node.range[0], end: endOf(node) };
}

/** Where a node's value ends (for a block collection: where its last item's value ends). */
export function endOf(node: YNode): number {
  let current: YNode = node;
  // A loop, not recursion: nesting depth is the text's to choose.
  for (;;) {
    if ((isMap(current) || isSeq(current)) && !current.flow && current.items.length > 0) {
      const last: unknown = current.items[current.items.length - 1];
      if (isPair(last)) {
        const pair = last as YPair;
        if (pair.value === null || isEmpty(pair.value)) return Math.max(pair.key.range[1], pair.value?.range[1] ?? 0);
        current = pair.value;
        continue;
      }
      if (last !== null && typeof last === "object" && "range" in last) {
        current = last as YNode;
        continue;
      }
    }
    return current.range[1];
  }
}

/** The span of a pair's key. */
export function keySpan(pair: YPair): Span {
  return spanOf(pair.key);
}

/** The whole `key: value` pair, from the key's start to the value's end (the key alone when the value is empty). */
export function pairSpan(pair: YPair): Span {
  const start = pair.key.range[0];
  const value = pair.value;
  if (value === null || value.range[1] <= start) return { start, end: endOf(pair.key) };
  return { start, end: endOf(value) };
}

/**
 * Where a finding about a pair's value goes: the value node, or the key when the value is empty
 * (`key:` has a zero-width null scalar, which an editor could not show).
 */
export function valueSpan(pair: YPair): Span {
  const value = pair.value;
  if (value === null || value.range[1] <= value.range[0]) return keySpan(pair);
  return spanOf(value);
}

/** True for `key:` with nothing after it, or an explicit `null` / `~`. */
export function isEmpty(node: YNode | null): boolean {
  return node === null || (isScalar(node) && node.value === null);
}

/** Narrows to a map node. */
export function asMap(node: YNode | null): YMap | undefined {
  return node !== null && isMap(node) ? (node as YMap) : undefined;
}

/** Narrows to a sequence node. */
export function asSeq(node: YNode | null): YSeq | undefined {
  return node !== null && isSeq(node) ? (node as YSeq) : undefined;
}

/** Narrows to a scalar node. */
export function asScalar(node: YNode | null): YScalar | undefined {
  return node !== null && isScalar(node) ? (node as YScalar) : undefined;
}

/** True for an alias (`*name`), which scenarios do not support. */
export function isAliasNode(node: YNode | null): boolean {
  return node !== null && isAlias(node);
}

/**
 * The text of a scalar used as a name or an id: a string as is, any other plain scalar as written
 * (so a model id `01` stays "01" rather than becoming 1). Undefined for a null or non-scalar node.
 */
export function scalarText(node: YNode | null): string | undefined {
  const scalar = asScalar(node);
  if (!scalar || scalar.value === null || scalar.value === undefined) return undefined;
  if (typeof scalar.value === "string") return scalar.value;
  if (typeof scalar.source === "string" && scalar.source !== "") return scalar.source;
  return String(scalar.value);
}

/** The items of a sequence as nodes (a parsed block sequence never holds bare pairs, a flow one may). */
export function seqItems(seq: YSeq): YNode[] {
  const out: YNode[] = [];
  for (const item of seq.items as unknown[]) {
    if (item !== null && typeof item === "object" && "range" in item) out.push(item as YNode);
  }
  return out;
}

/** The pairs of a map. */
export function mapPairs(map: YMap): readonly YPair[] {
  return map.items;
}

/** A short description of a node's kind, for "expected …, got …" messages. */
export function describeNode(node: YNode | null): string {
  if (node === null) return "nothing";
  if (isMap(node)) return "a map";
  if (isSeq(node)) return "a list";
  if (isAlias(node)) return "an alias";
  const value = (node as YScalar).value;
  if (value === null) return "nothing";
  if (typeof value === "number") return `the number ${quote(scalarText(node) ?? String(value))}`;
  if (typeof value === "boolean") return `'${String(value)}'`;
  return `the text ${quote(String(value))}`;
}

/** Quotes a piece of source text for a message, shortened so one bad value cannot flood the output. */
export function quote(text: string): string {
  const oneLine = text.replace(/\s+/g, " ");
  return `'${oneLine.length > 40 ? `${oneLine.slice(0, 37)}...` : oneLine}'`;
}
