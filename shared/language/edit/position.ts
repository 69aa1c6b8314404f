import { isAlias, isMap, isScalar, isSeq } from "yaml";
import type { Vec } from "../../model/scenario";
import { asMap, asScalar, asSeq, mapPairs, type YMap, type YNode, type YPair, type YScalar } from "../../parse/yaml-nodes";
import { formatCoordinate, type TextEdit } from "../text/index";
import { firstPair } from "./tree";

/**
 * Reading a written position as tokens the board may rewrite: two plain numbers in a `[x, y]`,
 * with no alias, anchor, tag or merge key anywhere between the model's value and the numbers.
 * Anything else is refused with a phrase saying how it is written ("with an alias"), since
 * rewriting it would either not move the model or change more than its numbers.
 */

/** The two number tokens of one written point. */
export interface PointTokens {
  readonly x: YScalar;
  readonly y: YScalar;
}

/** The tokens to rewrite, or how the position is written that the board cannot rewrite. */
export type Read<T> = { readonly ok: T } | { readonly how: string };

/** How a node is written if that stops the board from rewriting what is inside it; undefined when it does not. */
export function blocker(node: YNode | null): string | undefined {
  if (node === null) return "as nothing";
  if (isAlias(node)) return "with an alias";
  if (node.anchor) return "with an anchor";
  if (node.tag) return "with a tag";
  if (isMap(node) && mapPairs(node as YMap).some((p) => isMerge(p))) return "with a merge key";
  return undefined;
}

function isMerge(pair: YPair): boolean {
  const key = asScalar(pair.key);
  return key !== undefined && key.value === "<<";
}

/** A number token the board may replace: a plain scalar whose value is a number. */
function numberToken(node: YNode | null): Read<YScalar> {
  const how = blocker(node);
  if (how) return { how };
  const scalar = asScalar(node);
  if (!scalar) return { how: "with a list or a map where a number belongs" };
  if (scalar.type === "QUOTE_DOUBLE" || scalar.type === "QUOTE_SINGLE") return { how: "as quoted text" };
  if (scalar.type === "BLOCK_LITERAL" || scalar.type === "BLOCK_FOLDED") return { how: "as a block of text" };
  if (typeof scalar.value !== "number") return { how: "with text where a number belongs" };
  return { ok: scalar };
}

/** `[x, y]` (flow or block) of two plain numbers. */
export function pointTokens(node: YNode | null): Read<PointTokens> {
  const how = blocker(node);
  if (how) return { how };
  const seq = asSeq(node);
  if (!seq) return { how: "not as [x, y]" };
  const items = seq.items as unknown[];
  if (items.length !== 2 || !items.every((i) => i !== null && typeof i === "object" && (isScalar(i) || isSeq(i) || isMap(i) || isAlias(i)))) {
    return { how: "not as [x, y]" };
  }
  const x = numberToken(items[0] as YNode);
  if (!("ok" in x)) return x;
  const y = numberToken(items[1] as YNode);
  if (!("ok" in y)) return y;
  return { ok: { x: x.ok, y: y.ok } };
}

/** A set-up position: `id: [x, y]` or `id: { at: [x, y], … }`, each in flow or block style. */
export function setupTokens(value: YNode | null): Read<PointTokens> {
  const how = blocker(value);
  if (how) return { how };
  const map = asMap(value);
  if (!map) return pointTokens(value);
  const at = firstPair(map, "at");
  return at ? pointTokens(at.value) : { how: "without at: [x, y]" };
}

/**
 * The end of a move under `to:`: `[x, y]`, `[[x, y], …]` (the last waypoint), `{ at: [x, y], … }`
 * or `{ path: [[x, y], …], … }`, each in flow or block style, read as the parser tells them apart.
 */
export function moveEndTokens(value: YNode | null): Read<PointTokens> {
  const how = blocker(value);
  if (how) return { how };
  const map = asMap(value);
  if (map) {
    const at = firstPair(map, "at");
    const path = firstPair(map, "path");
    if (at && path) return { how: "with both at: and path:" };
    if (at) return pointTokens(at.value);
    return path ? lastWaypoint(path.value) : { how: "without at: or path:" };
  }
  const seq = asSeq(value);
  if (!seq) return { how: "not as [x, y]" };
  const first = (seq.items as unknown[])[0];
  // As the parser reads it: a list whose first item is a list is a list of waypoints.
  const waypoints = first !== null && typeof first === "object" && (isSeq(first) || isAlias(first));
  return waypoints ? lastWaypoint(seq) : pointTokens(seq);
}

function lastWaypoint(node: YNode | null): Read<PointTokens> {
  const how = blocker(node);
  if (how) return { how };
  const seq = asSeq(node);
  const items = seq ? (seq.items as unknown[]) : [];
  if (items.length === 0) return { how: "as an empty path" };
  // The earlier waypoints stay as written, but an alias among them would still leave the move out.
  if (items.some((i) => i !== null && typeof i === "object" && isAlias(i))) return { how: "with an alias" };
  return pointTokens(items[items.length - 1] as YNode);
}

/** The edits that write `to` into the two tokens: only the numbers whose value changes. */
export function numberEdits(point: PointTokens, to: Vec): TextEdit[] {
  return [...tokenEdit(point.x, to.x), ...tokenEdit(point.y, to.y)];
}

function tokenEdit(scalar: YScalar, value: number): TextEdit[] {
  const written = formatCoordinate(value);
  if (Number(written) === scalar.value) return [];
  return [{ span: { start: scalar.range[0], end: scalar.range[1] }, newText: written }];
}
