import type { TerrainDef, Vec } from "../model/scenario";
import { readIdMap, readKeys, type KeyTable } from "./key-table";
import type { ParseContext } from "./parse-context";
import { readText, readVec } from "./read-values";
import { asMap, asSeq, describeNode, isEmpty, keySpan, quote, seqItems, spanOf, valueSpan, type YPair } from "./yaml-nodes";

/** The fewest corners an area can have. */
const MIN_CORNERS = 3;

/** A terrain area as read; `ok` turns false once a value is unusable (the area is then left out). */
interface TerrainDraft {
  polygon?: Vec[];
  kind?: string;
  ok: boolean;
}

/** The keys of one terrain area. */
export const TERRAIN_KEYS: KeyTable<TerrainDraft> = {
  area: readArea,
  kind: (ctx, pair, draft) => {
    draft.kind = readText(ctx, pair.value, valueSpan(pair), "kind");
    if (draft.kind === undefined) draft.ok = false;
  },
};

/**
 * Reads `terrain:`, a map of terrain id to `{ area: [[x, y], …], kind }`. The rules do not read
 * terrain yet: the areas are only drawn. An area with any unusable value is left out after its
 * finding, so the board never shows a shape the author did not write.
 */
export function parseTerrain(ctx: ParseContext, pair: YPair): TerrainDef[] {
  const terrain: TerrainDef[] = [];
  const map = asMap(pair.value);
  if (!map) {
    if (!isEmpty(pair.value)) {
      ctx.schema(`terrain must be a map of terrain ids to { area: [[x, y], …], kind }, got ${describeNode(pair.value)}`, valueSpan(pair));
    }
    return terrain;
  }
  readIdMap(
    ctx,
    map,
    (id) => `terrain id ${quote(id)} is defined twice; the first one is used`,
    (id, areaPair, span) => {
      const def = parseArea(ctx, id, areaPair);
      if (def) terrain.push({ id, span, ...def });
    },
  );
  return terrain;
}

function parseArea(ctx: ParseContext, id: string, pair: YPair): Omit<TerrainDef, "id" | "span"> | undefined {
  const map = asMap(pair.value);
  if (!map) {
    const got = isEmpty(pair.value) ? "nothing" : describeNode(pair.value);
    ctx.schema(`terrain ${quote(id)} must be a map like { area: [[x, y], [x, y], [x, y]], kind: ruin }, got ${got}`, valueSpan(pair));
    return undefined;
  }
  const draft: TerrainDraft = { ok: true };
  const found = readKeys(ctx, map, TERRAIN_KEYS, draft, `in terrain ${quote(id)}`);
  if (!found.has("area")) {
    ctx.schema(`terrain ${quote(id)} has no area: [[x, y], …]`, keySpan(pair));
    return undefined;
  }
  if (!draft.ok || !draft.polygon) return undefined;
  return draft.kind === undefined ? { polygon: draft.polygon } : { polygon: draft.polygon, kind: draft.kind };
}

/** `area: [[x, y], …]`: at least three corners in inches; each bad corner's finding goes on that corner. */
function readArea(ctx: ParseContext, pair: YPair, draft: TerrainDraft): void {
  const seq = asSeq(pair.value);
  const items = seq ? seqItems(seq) : [];
  if (!seq || items.length < MIN_CORNERS) {
    const got = seq ? `a list of ${items.length}` : describeNode(pair.value);
    ctx.schema(`area must be a list of at least ${MIN_CORNERS} corners [[x, y], [x, y], [x, y], …] in inches, got ${got}`, valueSpan(pair));
    draft.ok = false;
    return;
  }
  const polygon: Vec[] = [];
  for (const [i, item] of items.entries()) {
    const corner = readVec(ctx, item, spanOf(item), `corner ${i + 1} of area`);
    if (corner) polygon.push(corner);
  }
  if (polygon.length === items.length) draft.polygon = polygon;
  else draft.ok = false;
}
