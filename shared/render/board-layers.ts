/** The playing surface: the board with its inch grid, the objectives, and the scale bar. */
import { MM_PER_INCH } from "../geometry/shape";
import { project } from "./base-shape";
import type { RenderContext } from "./render-context";
import { leaderLine, placeText } from "./label-placer";
import { el, labelWidth, num, text, textWidth } from "./svg-text";

/** Grid spacings in inches, finest first: the finest whose lines are at least MIN_GRID_PX apart is drawn. */
const GRID_STEPS = [1, 2, 3, 6, 12, 24, 60, 120, 300, 600];
const MIN_GRID_PX = 8;

/** The grid's spacing in inches at this scale: 1" on any board drawn at 8 px per inch or more. */
export function gridStep(scale: number): number {
  return GRID_STEPS.find((s) => s * scale >= MIN_GRID_PX) ?? GRID_STEPS[GRID_STEPS.length - 1];
}

/**
 * The board rectangle, a faint line every grid step (1" at the usual scales) and a stronger one
 * every sixth. The spacing grows with the board, so the number of lines stays under the picture's
 * size in pixels divided by MIN_GRID_PX, whatever the board's size.
 */
export function boardLayer(ctx: RenderContext): string {
  const { proj, theme } = ctx;
  const { width, height } = ctx.scenario.board;
  const w = width * proj.scale;
  const h = height * proj.scale;
  const s = gridStep(proj.scale);
  let minor = "";
  let major = "";
  for (let i = 1; i * s < width; i++) {
    const seg = `M${num(proj.x0 + i * s * proj.scale)} ${num(proj.y0)}V${num(proj.y0 + h)}`;
    if (i % 6 === 0) major += seg;
    else minor += seg;
  }
  for (let i = 1; i * s < height; i++) {
    const seg = `M${num(proj.x0)} ${num(proj.y0 + i * s * proj.scale)}H${num(proj.x0 + w)}`;
    if (i % 6 === 0) major += seg;
    else minor += seg;
  }
  return el(
    "g",
    { class: "board" },
    [
      el("rect", { x: proj.x0, y: proj.y0, width: w, height: h, fill: theme.board }),
      minor && el("path", { d: minor, fill: "none", stroke: theme.grid, "stroke-width": 0.75 }),
      major && el("path", { d: major, fill: "none", stroke: theme.grid, "stroke-width": 1.75 }),
      el("rect", { x: proj.x0, y: proj.y0, width: w, height: h, fill: "none", stroke: theme.boardEdge, "stroke-width": 2 }),
    ].join(""),
  );
}

/** Each objective: its 40 mm marker, its range ring (dashed) and its id. */
export function objectivesLayer(ctx: RenderContext): { shapes: string; placeLabels: () => string } {
  const { proj, theme } = ctx;
  const markerR = ctx.system.objective.diameterMm / 2 / MM_PER_INCH;
  let shapes = "";
  for (const o of ctx.scenario.objectives) {
    const [cx, cy] = project(proj, [o.at.x, o.at.y]);
    const r = markerR * proj.scale;
    shapes += el(
      "g",
      { class: "objective", "data-objective": o.id, "data-offset": o.span.start },
      [
        el("circle", {
          cx,
          cy,
          r: (markerR + ctx.system.objective.range) * proj.scale,
          fill: "none",
          stroke: theme.objectiveRing,
          "stroke-width": 1.5,
          "stroke-dasharray": "6 4",
        }),
        el("circle", { cx, cy, r, fill: theme.objective, stroke: theme.objectiveRing, "stroke-width": 1.5 }),
        el("circle", { cx, cy, r: r * 0.35, fill: theme.objectiveRing }),
      ].join(""),
    );
    ctx.placer.reserve({ x: cx - r, y: cy - r, w: 2 * r, h: 2 * r });
  }
  return { shapes, placeLabels: () => objectiveLabels(ctx, markerR) };
}

/** Each objective's id beside its marker. */
function objectiveLabels(ctx: RenderContext, markerR: number): string {
  const { proj } = ctx;
  let labels = "";
  for (const o of ctx.scenario.objectives) {
    const [cx, cy] = project(proj, [o.at.x, o.at.y]);
    const r = markerR * proj.scale;
    const w = textWidth(o.id, 11) + 4;
    const placed = placeText(
      ctx.placer,
      [
        { x: cx - w / 2, y: cy + r + 2, w, h: 14 },
        { x: cx - w / 2, y: cy - r - 16, w, h: 14 },
        { x: cx + r + 3, y: cy - 7, w, h: 14 },
        { x: cx - r - 3 - w, y: cy - 7, w, h: 14 },
      ],
      labelWidth(o.id, 11) + 2,
      { x: cx - r, y: cy - r, w: 2 * r, h: 2 * r },
      [{ cx, cy, rx: r, ry: r }],
    );
    const box = placed.box;
    labels += leaderLine(placed, ctx.theme.objectiveRing);
    labels += haloText(ctx, box.x + box.w / 2, box.y + 11, o.id, {
      "font-size": 11,
      "font-style": "italic",
      "data-objective": o.id,
      "data-offset": o.span.start,
    });
  }
  return labels;
}

/** Text with an outline in the background colour, so it reads over grid lines, bases and arrows. */
export function haloText(ctx: RenderContext, x: number, y: number, content: string, attrs: Record<string, string | number | undefined>): string {
  return text(
    {
      x,
      y,
      "text-anchor": "middle",
      fill: ctx.theme.text,
      stroke: ctx.theme.textHalo,
      "stroke-width": 3,
      "stroke-linejoin": "round",
      "paint-order": "stroke",
      ...attrs,
    },
    content,
  );
}

/**
 * A scale bar of up to six blocks of one grid step each (1" at the usual scales), labelled in
 * inches, with its top-left at (x, y). Returns the SVG and its height.
 */
export function scaleBar(ctx: RenderContext, x: number, y: number): { svg: string; height: number } {
  const { proj, theme } = ctx;
  const unit = gridStep(proj.scale);
  const blockPx = unit * proj.scale;
  const count = Math.max(1, Math.min(6, Math.floor(ctx.scenario.board.width / unit)));
  const step = blockPx >= 16 ? 1 : 2;
  let blocks = "";
  let labels = "";
  for (let i = 0; i < count; i++) {
    blocks += el("rect", {
      x: x + i * blockPx,
      y,
      width: blockPx,
      height: 6,
      fill: i % 2 === 0 ? theme.text : theme.background,
      stroke: theme.text,
      "stroke-width": 1,
    });
  }
  for (let i = 0; i <= count; i += step) {
    const inches = i * unit;
    labels += text(
      { x: x + i * blockPx, y: y + 19, "text-anchor": "middle", "font-size": 10, fill: theme.mutedText },
      i === count ? `${inches}"` : String(inches),
    );
  }
  return { svg: el("g", { class: "scale-bar" }, blocks + labels), height: 24 };
}
