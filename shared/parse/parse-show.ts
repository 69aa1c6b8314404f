import type { Ref, ShowSpec, UnitChoice } from "../model/scenario";
import type { Span } from "../source/span";
import { readKeys, type KeyTable } from "./key-table";
import type { ParseContext } from "./parse-context";
import { readPositiveInches, readRef, readRefList, readText, readVec } from "./read-values";
import { asMap, asScalar, asSeq, describeNode, keySpan, mapPairs, pairSpan, scalarText, seqItems, spanOf, valueSpan, type YPair } from "./yaml-nodes";

/**
 * `show:` — what a board draws on request, on the scenario (every board) or on a step (that
 * step's board):
 *
 *     show:
 *       measure: [[a1, b2], [a3, alpha]]     # rulers, edge to edge (a model and a model or an objective)
 *       engagement: all                      # Engagement Range halos: all, or [unit, …]
 *       coherency: [raiders]                 # coherency links with their lengths
 *       rings: [{ around: a1, radius: 6 }]   # a ring that far from a base (or an objective marker)
 *       region: r1                           # the legal region of r1's move (a step's show: only)
 *       callouts: { 1: { at: a1, text: "…" } }
 *
 * Ids are checked by the resolver (parse/resolve-refs.ts); unusable entries are left out.
 */
interface ShowDraft {
  measure: { from: Ref; to: Ref; span: Span }[];
  engagement?: UnitChoice;
  coherency?: UnitChoice;
  rings: { around: Ref; radius: number; span: Span }[];
  region?: Ref;
  callouts: ShowSpec["callouts"][number][];
}

/** The keys of `show:`, in the order they are read. */
export const SHOW_KEYS: KeyTable<ShowDraft> = {
  measure: (ctx, pair, show) => {
    const seq = asSeq(pair.value);
    if (!seq) {
      ctx.schema(`measure must be a list of pairs like [[a1, b2]], got ${describeNode(pair.value)}`, valueSpan(pair));
      return;
    }
    for (const item of seqItems(seq)) {
      const ends = asSeq(item);
      const items = ends ? seqItems(ends) : [];
      if (!ends || items.length !== 2) {
        ctx.schema(`a ruler is a pair of ids like [a1, b2] (a model, then a model or an objective), got ${describeNode(item)}`, spanOf(item));
        continue;
      }
      const from = readRef(ctx, items[0], spanOf(items[0]), "a ruler's first end");
      const to = readRef(ctx, items[1], spanOf(items[1]), "a ruler's second end");
      if (from && to) show.measure.push({ from, to, span: spanOf(item) });
    }
  },
  engagement: (ctx, pair, show) => {
    show.engagement = readUnitChoice(ctx, pair, "engagement");
  },
  coherency: (ctx, pair, show) => {
    show.coherency = readUnitChoice(ctx, pair, "coherency");
  },
  rings: (ctx, pair, show) => {
    const seq = asSeq(pair.value);
    if (!seq) {
      ctx.schema(`rings must be a list like [{ around: a1, radius: 6 }], got ${describeNode(pair.value)}`, valueSpan(pair));
      return;
    }
    for (const item of seqItems(seq)) {
      const map = asMap(item);
      if (!map) {
        ctx.schema(`a ring is a map like { around: a1, radius: 6 }, got ${describeNode(item)}`, spanOf(item));
        continue;
      }
      const ring: { around?: Ref; radius?: number } = {};
      const found = readKeys(ctx, map, RING_KEYS, ring, "in a ring");
      if (!found.has("around") || !found.has("radius")) ctx.schema("a ring needs around: (a model or an objective) and radius: (inches)", spanOf(item));
      if (ring.around && ring.radius !== undefined) show.rings.push({ around: ring.around, radius: ring.radius, span: spanOf(item) });
    }
  },
  region: (ctx, pair, show) => {
    show.region = readRef(ctx, pair.value, valueSpan(pair), "region (a model)");
  },
  callouts: (ctx, pair, show) => {
    const map = asMap(pair.value);
    if (!map) {
      ctx.schema(`callouts must be a map like { 1: { at: a1, text: "…" } }, got ${describeNode(pair.value)}`, valueSpan(pair));
      return;
    }
    for (const entry of mapPairs(map)) {
      const label = asScalar(entry.key) ? scalarText(entry.key) : undefined;
      if (label === undefined || label.trim() === "" || label.length > 8) {
        ctx.schema("a callout's label is a short number or word (at most 8 characters)", keySpan(entry));
        continue;
      }
      const body = asMap(entry.value);
      if (!body) {
        ctx.schema(`callout ${label} must be a map like { at: a1, text: "…" }, got ${describeNode(entry.value)}`, valueSpan(entry));
        continue;
      }
      const callout: { at?: Ref | { x: number; y: number }; text?: string } = {};
      const found = readKeys(ctx, body, CALLOUT_KEYS, callout, `in callout ${label}`);
      if (!found.has("at") || !found.has("text")) ctx.schema(`callout ${label} needs at: (a model, an objective or [x, y]) and text:`, pairSpan(entry));
      if (callout.at && callout.text !== undefined) show.callouts.push({ label, at: callout.at, text: callout.text, span: pairSpan(entry) });
    }
  },
};

export const RING_KEYS: KeyTable<{ around?: Ref; radius?: number }> = {
  around: (ctx, pair, ring) => {
    ring.around = readRef(ctx, pair.value, valueSpan(pair), "around (a model or an objective)");
  },
  radius: (ctx, pair, ring) => {
    ring.radius = readPositiveInches(ctx, pair.value, valueSpan(pair), "radius");
  },
};

export const CALLOUT_KEYS: KeyTable<{ at?: Ref | { x: number; y: number }; text?: string }> = {
  at: (ctx, pair, callout) => {
    callout.at = asSeq(pair.value)
      ? readVec(ctx, pair.value, valueSpan(pair), "a callout's point")
      : readRef(ctx, pair.value, valueSpan(pair), "at (a model, an objective or [x, y])");
  },
  text: (ctx, pair, callout) => {
    callout.text = readText(ctx, pair.value, valueSpan(pair), "a callout's text");
  },
};

/** `all`, one unit id, or a list of unit ids. */
function readUnitChoice(ctx: ParseContext, pair: YPair, what: string): UnitChoice | undefined {
  const span = valueSpan(pair);
  if (asSeq(pair.value)) {
    const list = readRefList(ctx, pair, what);
    return list && { units: list.refs, span };
  }
  const text = scalarText(pair.value);
  if (text === "all") return { all: true, span };
  const one = readRef(ctx, pair.value, span, `${what} (all, or unit ids)`);
  return one && { units: [one], span };
}

/** Reads a `show:` pair. */
export function readShow(ctx: ParseContext, pair: YPair): ShowSpec | undefined {
  const map = asMap(pair.value);
  if (!map) {
    ctx.schema(`show must be a map (measure:, engagement:, coherency:, rings:, region:, callouts:), got ${describeNode(pair.value)}`, valueSpan(pair));
    return undefined;
  }
  const draft: ShowDraft = { measure: [], rings: [], callouts: [] };
  readKeys(ctx, map, SHOW_KEYS, draft, "in show");
  return { ...draft, span: pairSpan(pair) };
}
