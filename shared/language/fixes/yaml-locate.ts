import { isMap, isSeq, parseDocument, type Document } from "yaml";
import { YAML_OPTIONS } from "../../parse/parse-scenario";
import { keptFor } from "../../parse/reparse";
import { asMap, asScalar, asSeq, endOf, mapPairs, seqItems, type YMap, type YNode, type YPair, type YScalar, type YSeq } from "../../parse/yaml-nodes";

/**
 * Finding, in the author's text, the YAML nodes a fix rewrites. The model keeps spans of whole
 * pairs and items only; a fix needs the exact scalars (`12.5` inside `[12.5, 10]`), so the text is
 * parsed again with the parser's own settings and searched by offset.
 */

/** One node on the way from the document's root down to an offset. */
export interface PathStep {
  readonly node: YNode;
  /** The map pair the node belongs to (as its key or its value), when its parent is a map. */
  readonly pair?: YPair;
  /** True when the node is that pair's key. */
  readonly isKey?: boolean;
}

/** The last text parsed and its root: the fixes of one request all read the same text. */
let last: { readonly text: string; readonly root: YNode | undefined } | undefined;

/**
 * The document's root node, or undefined when the text is not valid YAML. The nodes are only
 * read, never changed: the latest analysis's document of this very text when there is one
 * (parse/reparse.ts `keptFor`; the checks of fixes read variants through it and put it back), else
 * a parse, the last of which is kept for the next finding of the same text.
 */
export function parseRoot(text: string): YNode | undefined {
  const kept = keptFor(text)?.doc;
  if (kept) return (kept.contents as YNode | null) ?? undefined;
  if (last?.text === text) return last.root;
  const doc = parseDocument(text, YAML_OPTIONS);
  const root = doc.errors.length > 0 || doc.contents === null ? undefined : (doc.contents as YNode);
  last = { text, root };
  return root;
}

function contains(node: YNode, offset: number): boolean {
  return node.range[0] <= offset && offset < Math.max(endOf(node), node.range[1], node.range[0] + 1);
}

/**
 * Every node from the root down to the innermost one that holds `offset`, outermost first.
 * A loop, not recursion: nesting depth is the text's to choose.
 */
export function pathAt(root: YNode, offset: number): PathStep[] {
  const out: PathStep[] = [];
  let step: PathStep | undefined = contains(root, offset) ? { node: root } : undefined;
  while (step !== undefined) {
    out.push(step);
    const node: YNode = step.node;
    step = undefined;
    if (isMap(node)) {
      for (const pair of mapPairs(node as YMap)) {
        if (contains(pair.key, offset)) step = { node: pair.key, pair, isKey: true };
        else if (pair.value !== null && contains(pair.value, offset)) step = { node: pair.value, pair, isKey: false };
        if (step !== undefined) break;
      }
    } else if (isSeq(node)) {
      const item = seqItems(node as YSeq).find((i) => contains(i, offset));
      if (item !== undefined) step = { node: item };
    }
  }
  return out;
}

/** The `key: value` pair whose key starts at `offset` (a move's span, an option's span). */
export function pairAt(root: YNode, offset: number): YPair | undefined {
  return pathAt(root, offset).find((s) => s.isKey === true && s.pair !== undefined && s.pair.key.range[0] === offset)?.pair;
}

/** The map that starts at `offset` (a step: its span starts at its first key). */
export function mapAt(root: YNode, offset: number): YMap | undefined {
  for (const s of pathAt(root, offset)) {
    const map = asMap(s.node);
    if (map !== undefined && map.range[0] === offset) return map;
  }
  return undefined;
}

/** The pair of `map` with the key `key`. */
export function pairOf(map: YMap, key: string): YPair | undefined {
  return mapPairs(map).find((p) => asScalar(p.key)?.value === key);
}

/** One written point `[x, y]`: its sequence node and its two number scalars. */
export interface PointText {
  readonly node: YSeq;
  readonly x: YScalar;
  readonly y: YScalar;
}

/** A move's value as written: its points in order (the last is the end) and, for waypoints, their list. */
export interface MoveText {
  readonly points: readonly PointText[];
  /** The list of waypoints (`[[x, y], …]` or `path:`); undefined for a single end point. */
  readonly waypoints?: YSeq;
}

function pointOf(node: YNode | null): PointText | undefined {
  const seq = asSeq(node);
  const items = seq ? seqItems(seq) : [];
  const x = asScalar(items[0] ?? null);
  const y = asScalar(items[1] ?? null);
  if (!seq || items.length !== 2 || !x || !y || typeof x.value !== "number" || typeof y.value !== "number") return undefined;
  return { node: seq, x, y };
}

function waypointsOf(node: YNode | null): MoveText | undefined {
  const seq = asSeq(node);
  if (!seq) return undefined;
  const points: PointText[] = [];
  for (const item of seqItems(seq)) {
    const p = pointOf(item);
    if (!p) return undefined;
    points.push(p);
  }
  return points.length > 0 ? { points, waypoints: seq } : undefined;
}

/**
 * Reads a move's value the way the parser does: `[x, y]`, `[[x, y], …]`, `{ at: [x, y] }` or
 * `{ path: [[x, y], …] }`. Undefined when it is none of these (the parser reported it).
 */
export function moveTextOf(pair: YPair): MoveText | undefined {
  const map = asMap(pair.value);
  if (map) {
    const at = pairOf(map, "at");
    if (at) {
      const p = pointOf(at.value);
      return p && { points: [p] };
    }
    const path = pairOf(map, "path");
    return path ? waypointsOf(path.value) : undefined;
  }
  const seq = asSeq(pair.value);
  const first = seq ? seqItems(seq)[0] : undefined;
  if (first !== undefined && asSeq(first)) return waypointsOf(seq!);
  const p = pointOf(pair.value);
  return p && { points: [p] };
}

/** A piece of a text read on its own: the document, and its root with ranges in the whole text's offsets. */
export interface Piece {
  readonly doc: Document.Parsed;
  readonly root: YNode;
}

/** The last pieces read (a request reads the same step or pair more than once), by their text and where they start. */
const pieces = new Map<string, Piece | undefined>();
const PIECES = 8;

/**
 * The YAML text `text[start, end)` read on its own (the rest of `start`'s line before it blanked
 * out, so columns stay), with every node's range shifted to `text`'s offsets: the nodes of one
 * pair or step without parsing the whole document. Undefined when the piece does not parse
 * cleanly on its own, or holds an anchor, an alias or a tag (which tie it to the rest of the
 * document). The nodes are only read, never changed. The caller checks that what it reads is what
 * the model says is there, or that the document ends the piece where it does.
 */
export function pieceOfText(text: string, start: number, end: number): Piece | undefined {
  let lineStart = start;
  while (lineStart > 0 && text[lineStart - 1] !== "\n" && text[lineStart - 1] !== "\r") lineStart--;
  const source = " ".repeat(start - lineStart) + text.slice(start, end);
  const key = `${lineStart}:${source}`;
  if (pieces.has(key)) return pieces.get(key);
  const piece = readPiece(source, lineStart);
  if (pieces.size >= PIECES) pieces.delete(pieces.keys().next().value as string);
  pieces.set(key, piece);
  return piece;
}

function readPiece(source: string, offset: number): Piece | undefined {
  const doc = parseDocument(source, YAML_OPTIONS);
  if (doc.errors.length > 0 || doc.warnings.length > 0 || doc.contents === null) return undefined;
  const root = doc.contents as YNode;
  // A loop over the nodes, shifting each range; refused at the first anchor, alias or tag.
  const stack: YNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isMap(node) && !isSeq(node) && asScalar(node) === undefined) return undefined;
    if (node.anchor !== undefined || node.tag !== undefined) return undefined;
    node.range = [node.range[0] + offset, node.range[1] + offset, node.range[2] + offset];
    if (isMap(node))
      for (const pair of mapPairs(node as YMap)) {
        stack.push(pair.key);
        if (pair.value !== null) stack.push(pair.value);
      }
    else if (isSeq(node)) stack.push(...seqItems(node as YSeq));
  }
  return { doc, root };
}

/** The root of `pieceOfText`. */
export function pieceRoot(text: string, start: number, end: number): YNode | undefined {
  return pieceOfText(text, start, end)?.root;
}

/**
 * The text of `move` (the model's move, whose span is its `id: value` pair), read from that pair
 * alone, when it says exactly what the model says: the same id, the same points in the same order.
 */
export function moveTextAt(
  text: string,
  move: {
    readonly model: { readonly id: string };
    readonly path: readonly { readonly x: number; readonly y: number }[];
    readonly span: { readonly start: number; readonly end: number };
  },
): MoveText | undefined {
  const root = asMap(pieceRoot(text, move.span.start, move.span.end) ?? null);
  const pairs = root ? mapPairs(root) : [];
  if (pairs.length !== 1 || asScalar(pairs[0].key)?.value !== move.model.id || pairs[0].key.range[0] !== move.span.start) return undefined;
  const written = moveTextOf(pairs[0]);
  if (!written || written.points.length !== move.path.length) return undefined;
  for (let i = 0; i < move.path.length; i++) {
    const p = written.points[i];
    if (p.x.value !== move.path[i].x || p.y.value !== move.path[i].y) return undefined;
    if (text.slice(p.x.range[0], p.x.range[1]) !== p.x.source || text.slice(p.y.range[0], p.y.range[1]) !== p.y.source) return undefined;
  }
  return written;
}
