/**
 * Terrain areas: each `terrain:` polygon filled under everything else on the board, with its id.
 * The rules do not read terrain yet; the areas are drawn so a diagram shows the table as set up.
 */
import type { TerrainDef } from "../model/scenario";
import { project } from "./base-shape";
import { haloText } from "./board-layers";
import type { RenderContext } from "./render-context";
import { leaderLine, placeText } from "./label-placer";
import { el, labelWidth, points, textWidth } from "./svg-text";

const LABEL_SIZE = 11;

/** The filled polygons (drawn just above the board grid) and a function placing their id labels (placed last: least important). */
export function terrainLayer(ctx: RenderContext): { shapes: string; placeLabels: () => string } {
  const { theme } = ctx;
  let shapes = "";
  for (const t of ctx.scenario.terrain) {
    const corners = t.polygon.map((p) => project(ctx.proj, [p.x, p.y]));
    shapes += el("polygon", {
      class: "terrain",
      "data-terrain": t.id,
      "data-kind": t.kind,
      "data-offset": t.span.start,
      points: points(corners),
      fill: theme.terrain,
      "fill-opacity": theme.terrainOpacity,
      stroke: theme.terrainEdge,
      "stroke-width": 1.5,
      "stroke-linejoin": "round",
    });
  }
  return { shapes, placeLabels: () => ctx.scenario.terrain.map((t) => terrainLabel(ctx, t)).join("") };
}

/** The id inside the area (at its centroid), or the nearest free spot beside it. */
function terrainLabel(ctx: RenderContext, t: TerrainDef): string {
  const c = centroid(t);
  const [cx, cy] = project(ctx.proj, [c.x, c.y]);
  const w = textWidth(t.id, LABEL_SIZE) + 4;
  const h = 14;
  const placed = placeText(
    ctx.placer,
    [
      { x: cx - w / 2, y: cy - h / 2, w, h },
      { x: cx - w / 2, y: cy + h / 2 + 2, w, h },
      { x: cx - w / 2, y: cy - (3 * h) / 2 - 2, w, h },
    ],
    labelWidth(t.id, LABEL_SIZE) + 2,
    { x: cx, y: cy, w: 0, h: 0 },
    [{ cx, cy, rx: 0, ry: 0 }],
  );
  const box = placed.box;
  return (
    leaderLine(placed, ctx.theme.terrainEdge) +
    haloText(ctx, box.x + box.w / 2, box.y + 11, t.id, {
      "font-size": LABEL_SIZE,
      "font-style": "italic",
      fill: ctx.theme.terrainText,
      class: "terrain-label",
      "data-terrain": t.id,
      "data-offset": t.span.start,
    })
  );
}

/**
 * The polygon's area centroid (shoelace), in inches; the mean of its corners when the area is
 * (nearly) zero, e.g. corners written on one line.
 */
export function centroid(t: Pick<TerrainDef, "polygon">): { x: number; y: number } {
  const ps = t.polygon;
  let a2 = 0;
  let x = 0;
  let y = 0;
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i];
    const q = ps[(i + 1) % ps.length];
    const cross = p.x * q.y - q.x * p.y;
    a2 += cross;
    x += (p.x + q.x) * cross;
    y += (p.y + q.y) * cross;
  }
  if (Math.abs(a2) < 1e-9) {
    return { x: ps.reduce((s, p) => s + p.x, 0) / ps.length, y: ps.reduce((s, p) => s + p.y, 0) / ps.length };
  }
  return { x: x / (3 * a2), y: y / (3 * a2) };
}
