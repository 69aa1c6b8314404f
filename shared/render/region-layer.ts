/**
 * A move's legal region drawn on the board (from `moveRegion`, engine/region.ts): where the model
 * may end its move, filled with a crisp outline; the spots fine for the model where its unit then
 * fails (coherency, ending engaged, an objective's range) in a second, hatched tone; and faint
 * references: the maximum-distance ring round the start, the start itself as a cross, and the
 * Engagement Range round the closest enemy model. Drawn under the models. Without a region (or
 * with one of another step) nothing is drawn, so the picture is byte-identical to one without it.
 */
import type { MultiPolygon, RegionResult } from "../engine/region";
import type { ModelFrame } from "../engine/frame";
import { signedGap } from "../geometry/gap";
import { shapeOf } from "../geometry/shape";
import type { BaseShape } from "../model/scenario";
import { project, semiAxes } from "./base-shape";
import type { Block } from "./caption-legend";
import type { RenderContext } from "./render-context";
import { el, num, text, wrap } from "./svg-text";

/** Spacing of the unit-only hatching, in px along the picture's x axis (lines run at 45°). */
const HATCH = 7;
const NOTE_SIZE = 12;
const NOTE_LINE = 16;

/** The region when it belongs to the shown frame, else undefined. */
export function shownRegion(ctx: RenderContext, region: RegionResult | undefined): RegionResult | undefined {
  return region !== undefined && ctx.frame.step !== undefined && region.step === ctx.frame.step ? region : undefined;
}

/** The region and its references, as one group under the models. */
export function regionLayer(ctx: RenderContext, region: RegionResult): string {
  const { theme } = ctx;
  const model = region.model;
  let out = references(ctx, region);
  const unit = pathData(ctx, region.unitOnly);
  if (unit !== "") {
    out += el("path", {
      class: "region-unit",
      "data-model": model,
      d: unit,
      "fill-rule": "evenodd",
      fill: theme.regionUnit,
      "fill-opacity": theme.regionOpacity * 0.6,
      stroke: theme.regionUnitEdge,
      "stroke-width": 1.25,
      "stroke-dasharray": "4 3",
      "stroke-linejoin": "round",
    });
    const hatch = hatching(ctx, region.unitOnly);
    if (hatch !== "")
      out += el("path", {
        class: "region-unit-hatch",
        "data-model": model,
        d: hatch,
        fill: "none",
        stroke: theme.regionUnitEdge,
        "stroke-width": 1,
        "stroke-opacity": 0.7,
      });
  }
  const legal = pathData(ctx, region.legal);
  if (legal !== "") {
    out += el("path", {
      class: "region-legal",
      "data-model": model,
      d: legal,
      "fill-rule": "evenodd",
      fill: theme.regionLegal,
      "fill-opacity": theme.regionOpacity,
      stroke: theme.regionLegalEdge,
      "stroke-width": 1.5,
      "stroke-linejoin": "round",
    });
  }
  return el("g", { class: "region", "data-model": model, "data-step": region.step }, out);
}

/** The region's note (why there is none, or why it is cut short) as a line under the board. */
export function regionNote(ctx: RenderContext, region: RegionResult | undefined, x: number, y: number, width: number): Block {
  const note = region?.note?.trim();
  if (region === undefined || !note) return { svg: "", height: 0 };
  const lines = wrap(`Legal region of ${region.model}: ${note}`, width, NOTE_SIZE);
  const inner = lines.map((line, i) => text({ x, y: y + NOTE_SIZE + i * NOTE_LINE, "font-size": NOTE_SIZE, fill: ctx.theme.mutedText }, line)).join("");
  return { svg: el("g", { class: "region-note", "data-model": region.model }, inner), height: lines.length * NOTE_LINE + 4 };
}

/** Every polygon of `mp` in one path: each ring `M…Z`, holes included (drawn with `fill-rule="evenodd"`). */
export function pathData(ctx: RenderContext, mp: MultiPolygon): string {
  let d = "";
  for (const polygon of mp) {
    for (const ring of polygon) {
      if (ring.length < 3) continue;
      ring.forEach((p, i) => {
        const [x, y] = project(ctx.proj, p);
        d += `${i === 0 ? "M" : "L"}${num(x)} ${num(y)}`;
      });
      d += "Z";
    }
  }
  return d;
}

/**
 * Hatching inside `mp`: lines at 45° (x − y constant in px), each cut by every ring's edges and kept
 * between alternate crossings (even-odd, as the fill). Bounded by the picture: one line per
 * `HATCH` px of the region's extent, each tested against the region's edges.
 */
function hatching(ctx: RenderContext, mp: MultiPolygon): string {
  const edges: [number, number, number, number][] = [];
  let wMin = Infinity;
  let wMax = -Infinity;
  for (const polygon of mp) {
    for (const ring of polygon) {
      if (ring.length < 3) continue;
      const pts = ring.map((p) => project(ctx.proj, p));
      pts.forEach(([x1, y1], i) => {
        const [x2, y2] = pts[(i + 1) % pts.length];
        edges.push([x1, y1, x2, y2]);
        wMin = Math.min(wMin, x1 - y1);
        wMax = Math.max(wMax, x1 - y1);
      });
    }
  }
  if (edges.length === 0) return "";
  let d = "";
  for (let k = Math.ceil(wMin / HATCH); k * HATCH <= wMax; k++) {
    const c = k * HATCH;
    const hits: [number, number][] = [];
    for (const [x1, y1, x2, y2] of edges) {
      const w1 = x1 - y1;
      const w2 = x2 - y2;
      if (w1 <= c === w2 <= c) continue;
      const t = (c - w1) / (w2 - w1);
      hits.push([x1 + t * (x2 - x1), y1 + t * (y2 - y1)]);
    }
    hits.sort((a, b) => a[0] + a[1] - (b[0] + b[1]));
    for (let i = 0; i + 1 < hits.length; i += 2) {
      const [ax, ay] = hits[i];
      const [bx, by] = hits[i + 1];
      if (Math.hypot(bx - ax, by - ay) < 1) continue;
      d += `M${num(ax)} ${num(ay)}L${num(bx)} ${num(by)}`;
    }
  }
  return d;
}

/** The maximum-distance ring, the start as a small cross, and the closest enemy's Engagement Range. */
function references(ctx: RenderContext, region: RegionResult): string {
  const { theme, proj } = ctx;
  let out = "";
  const from = region.from;
  if (from === undefined) return out;
  const [cx, cy] = project(proj, from);
  if (region.limit !== undefined && Number.isFinite(region.limit) && region.limit > 0) {
    out += el("circle", {
      class: "region-limit",
      "data-model": region.model,
      cx,
      cy,
      r: region.limit * proj.scale,
      fill: "none",
      stroke: theme.regionReference,
      "stroke-width": 1,
      "stroke-opacity": 0.8,
      "stroke-dasharray": "6 4",
    });
  }
  const enemy = closestEnemy(ctx, region.model, from);
  if (enemy !== undefined) {
    out += engagementRing(ctx, enemy, { class: "region-engagement", "data-model": enemy.id });
  }
  const arm = 4;
  out += el("path", {
    class: "region-start",
    "data-model": region.model,
    d: `M${num(cx - arm)} ${num(cy - arm)}L${num(cx + arm)} ${num(cy + arm)}M${num(cx - arm)} ${num(cy + arm)}L${num(cx + arm)} ${num(cy - arm)}`,
    fill: "none",
    stroke: theme.regionReference,
    "stroke-width": 1.5,
    "stroke-linecap": "round",
  });
  return out;
}

/** The enemy model nearest (edge to edge) to `model` standing at `from`, on the frame's board. */
function closestEnemy(ctx: RenderContext, model: string, from: readonly [number, number]): ModelFrame | undefined {
  const look = lookOf(ctx, model);
  if (look === undefined) return undefined;
  const own = shapeOf(look.base, { x: from[0], y: from[1] }, look.facing);
  let best: ModelFrame | undefined;
  let bestGap = Infinity;
  for (const m of ctx.frame.models) {
    if (m.player === look.player) continue;
    const gap = signedGap(own, shapeOf(m.base, { x: m.at[0], y: m.at[1] }, m.facing));
    if (gap < bestGap - 1e-9) {
      best = m;
      bestGap = gap;
    }
  }
  return best;
}

/** The model's base, facing and player: on the board after the step, or as set up. */
function lookOf(ctx: RenderContext, id: string): { base: BaseShape; facing: number; player: string } | undefined {
  const now = ctx.models.get(id);
  if (now) return now;
  for (const u of ctx.scenario.units) {
    const d = u.models.find((m) => m.id === id);
    if (d) return { base: d.base, facing: d.facing, player: u.player };
  }
  return undefined;
}

/**
 * The Engagement Range round a model: the curve at exactly that distance from its base's edge (a
 * circle for a round base, the ellipse's offset curve for an oval, so the ring is exact for both).
 */
function engagementRing(ctx: RenderContext, m: ModelFrame, tags: { class: string; "data-model": string }): string {
  const range = ctx.system.engagementRange;
  const paint = { fill: "none", stroke: ctx.theme.regionReference, "stroke-width": 1, "stroke-opacity": 0.8, "stroke-dasharray": "2 3" };
  const { a, b } = semiAxes(m.base);
  const [cx, cy] = project(ctx.proj, m.at);
  if (a === b) return el("circle", { ...tags, cx, cy, r: (a + range) * ctx.proj.scale, ...paint });
  const theta = (m.facing * Math.PI) / 180;
  const cos = Math.cos(theta);
  const sin = Math.sin(theta);
  let d = "";
  const n = 72;
  for (let i = 0; i < n; i++) {
    const t = (2 * Math.PI * i) / n;
    // A point of the ellipse and its outward normal, in the base's own frame, then turned by the facing.
    const ex = a * Math.cos(t);
    const ey = b * Math.sin(t);
    const nx = b * Math.cos(t);
    const ny = a * Math.sin(t);
    const k = range / Math.hypot(nx, ny);
    const lx = ex + k * nx;
    const ly = ey + k * ny;
    const [px, py] = project(ctx.proj, [m.at[0] + lx * cos - ly * sin, m.at[1] + lx * sin + ly * cos]);
    d += `${i === 0 ? "M" : "L"}${num(px)} ${num(py)}`;
  }
  return el("path", { ...tags, d: `${d}Z`, ...paint });
}
