import type { ModelMove, Vec } from "../model/scenario";
import type { Span } from "../source/span";
import { readIdMap, readKeys, type KeyTable } from "./key-table";
import type { ParseContext } from "./parse-context";
import { readFacing, readVec } from "./read-values";
import { asMap, asSeq, describeNode, isEmpty, keySpan, pairSpan, quote, seqItems, spanOf, valueSpan, type YNode, type YPair } from "./yaml-nodes";

/** A move written as a map `{ at | path, facing }`. */
interface MoveDraft {
  path?: Vec[];
  facing?: number;
  ok: boolean;
  /** The key (`at` or `path`) that gave the path, to report a second one. */
  from?: string;
}

export const MOVE_KEYS: KeyTable<MoveDraft> = {
  at: (ctx, pair, move) => setPath(ctx, pair, move, "at", readEnd(ctx, pair.value, valueSpan(pair))),
  path: (ctx, pair, move) => setPath(ctx, pair, move, "path", readWaypoints(ctx, pair.value, valueSpan(pair))),
  facing: (ctx, pair, move) => {
    move.facing = readFacing(ctx, pair.value, valueSpan(pair));
    if (move.facing === undefined) move.ok = false;
  },
};

/**
 * Reads a `to:` map: model id to `[x, y]`, `[[x, y], …]` (waypoints, the last is the end),
 * `{ at: [x, y], facing }` or `{ path: [[x, y], …], facing }`. A model listed twice is a
 * duplicate (the first wins); a move whose value is unusable is left out. Model ids are not
 * checked here (see resolve-refs).
 */
export function readMoves(ctx: ParseContext, pair: YPair): ModelMove[] {
  const moves: ModelMove[] = [];
  const map = asMap(pair.value);
  if (!map) {
    if (!isEmpty(pair.value)) {
      ctx.schema(`to must be a map of model ids to positions, got ${describeNode(pair.value)}`, valueSpan(pair));
    }
    return moves;
  }
  readIdMap(
    ctx,
    map,
    (id) => `model ${quote(id)} is listed twice in to:; the first one is used`,
    (id, movePair, span) => {
      const move = readMove(ctx, id, movePair, span);
      if (move) moves.push(move);
    },
  );
  return moves;
}

function readMove(ctx: ParseContext, id: string, pair: YPair, span: Span): ModelMove | undefined {
  const map = asMap(pair.value);
  const model = { id, span };
  if (map) {
    const draft: MoveDraft = { ok: true };
    readKeys(ctx, map, MOVE_KEYS, draft, `in the move of ${quote(id)}`);
    if (!draft.from) ctx.schema(`the move of ${quote(id)} has no at: [x, y] or path: [[x, y], …]`, span);
    if (!draft.ok || !draft.path) return undefined;
    const move: ModelMove = { model, path: draft.path, span: pairSpan(pair) };
    return draft.facing === undefined ? move : { ...move, facing: draft.facing };
  }
  const seq = asSeq(pair.value);
  if (!seq) {
    const got = isEmpty(pair.value) ? "nothing" : describeNode(pair.value);
    ctx.schema(`the move of ${quote(id)} must be [x, y], [[x, y], …] or { at | path, facing }, got ${got}`, valueSpan(pair));
    return undefined;
  }
  // `[x, y]` or a list of waypoints: told apart by the first item.
  const first = seqItems(seq)[0];
  const path = first !== undefined && asSeq(first) ? readWaypoints(ctx, seq, valueSpan(pair)) : readEnd(ctx, seq, valueSpan(pair));
  return path ? { model, path, span: pairSpan(pair) } : undefined;
}

/** `[x, y]` as a one-point path. */
function readEnd(ctx: ParseContext, node: YNode | null, at: Span): Vec[] | undefined {
  const end = readVec(ctx, node, at, "the end position");
  return end ? [end] : undefined;
}

/** `[[x, y], …]`, at least one point. */
function readWaypoints(ctx: ParseContext, node: YNode | null, at: Span): Vec[] | undefined {
  const seq = asSeq(node);
  const items = seq ? seqItems(seq) : [];
  if (items.length === 0) {
    ctx.schema(`a path must be a list of waypoints [[x, y], …], got ${seq ? "an empty list" : describeNode(node)}`, at);
    return undefined;
  }
  const path: Vec[] = [];
  let ok = true;
  for (const item of items) {
    const point = readVec(ctx, item, spanOf(item), "a waypoint");
    if (point) path.push(point);
    else ok = false;
  }
  return ok ? path : undefined;
}

function setPath(ctx: ParseContext, pair: YPair, move: MoveDraft, key: string, path: Vec[] | undefined): void {
  if (move.from) {
    ctx.schema(`a move has at: or path:, not both (${move.from} is already given)`, keySpan(pair));
    move.ok = false;
    return;
  }
  move.from = key;
  if (path) move.path = path;
  else move.ok = false;
}
