/**
 * The annotations a scenario asks for with `show:` (parse/parse-show.ts), for the diagrams rules
 * documents are made of: rulers between models (or a model and an objective) labelled with the
 * edge-to-edge gap the checker measures, Engagement Range halos and coherency links of chosen units
 * (a link longer than the coherency distance drawn broken), rings a radius from a base, and numbered
 * callouts explained under the board. The scenario's `show:` holds on every board, a step's on its
 * own too. Nothing is drawn without `show:`, so such pictures are byte-identical to before.
 */
import type { ModelFrame } from "../engine/frame";
import { signedGap } from "../geometry/gap";
import { circle, shapeOf, type Shape } from "../geometry/shape";
import { TAU } from "../geometry/tolerance";
import type { Ref, ShowSpec, Step, Scenario, UnitChoice, Vec } from "../model/scenario";
import { gapPoints } from "../rules/common/engagement";
import { baseElement, project } from "./base-shape";
import type { Block } from "./caption-legend";
import type { RenderContext } from "./render-context";
import { el, num, text } from "./svg-text";
import { leaderLine, placeText } from "./label-placer";
import { pointTag } from "./point-tag";

const LABEL_SIZE = 11;
const CALLOUT_R = 8;
const LIST_SIZE = 12;
const LIST_LINE = 17;

/** The scenario's `show:` and the shown step's, as one; undefined when neither asks for anything. */
export function shownAnnotations(scenario: Scenario, step: Step | undefined): ShowSpec | undefined {
  const a = scenario.show;
  const b = step?.show;
  if (!a && !b) return undefined;
  if (!a || !b) return a ?? b;
  return {
    measure: [...a.measure, ...b.measure],
    ...((b.engagement ?? a.engagement) && { engagement: b.engagement ?? a.engagement }),
    ...((b.coherency ?? a.coherency) && { coherency: b.coherency ?? a.coherency }),
    rings: [...a.rings, ...b.rings],
    ...((b.region ?? a.region) && { region: b.region ?? a.region }),
    callouts: [...a.callouts, ...b.callouts],
    span: b.span,
  };
}

/** The shapes (drawn under the models) and the labels (placed with the other labels). */
export interface AnnotationLayer {
  readonly shapes: string;
  /** Places the ruler and ring labels and the callout markers; call in label order. */
  placeLabels(): string;
}

export function annotationLayer(ctx: RenderContext, show: ShowSpec): AnnotationLayer {
  const { theme, proj } = ctx;
  const colour = theme.regionReference;
  let shapes = "";
  const labels: { text: string; at: [number, number]; cls: string }[] = [];

  const byUnit = unitsOnBoard(ctx);
  for (const unit of chosen(ctx, show.engagement)) {
    for (const m of byUnit.get(unit) ?? []) {
      shapes += baseElement(
        proj,
        m.base,
        m.at,
        m.facing,
        { class: "show-engagement", "data-model": m.id, fill: "none", stroke: colour, "stroke-width": 1, "stroke-dasharray": "2 3" },
        ctx.system.engagementRange,
      );
    }
  }
  for (const unit of chosen(ctx, show.coherency)) shapes += links(ctx, byUnit.get(unit) ?? [], labels);
  for (const r of show.measure) {
    const a = shapeAt(ctx, r.from);
    const b = shapeAt(ctx, r.to);
    if (!a || !b) continue;
    const gap = signedGap(a, b);
    const { from, to } = gapPoints(a, b);
    if (!from || !to) continue;
    const [x1, y1] = project(proj, from);
    const [x2, y2] = project(proj, to);
    shapes += el("line", {
      class: "show-ruler",
      "data-from": r.from.id,
      "data-to": r.to.id,
      x1: num(x1),
      y1: num(y1),
      x2: num(x2),
      y2: num(y2),
      stroke: theme.text,
      "stroke-width": 1.5,
    });
    for (const [x, y] of [
      [x1, y1],
      [x2, y2],
    ])
      shapes += el("circle", { class: "show-ruler-end", cx: num(x), cy: num(y), r: 2, fill: theme.text });
    labels.push({ text: gap < 0 ? `overlap ${(-gap).toFixed(2)}"` : `${gap.toFixed(2)}"`, at: [(x1 + x2) / 2, (y1 + y2) / 2], cls: "show-ruler-label" });
  }
  for (const r of show.rings) {
    const around = aroundOf(ctx, r.around);
    if (!around) continue;
    shapes += baseElement(
      proj,
      around.base,
      around.at,
      around.facing,
      { class: "show-ring", "data-around": r.around.id, fill: "none", stroke: colour, "stroke-width": 1.25, "stroke-dasharray": "6 4" },
      r.radius,
    );
    const [cx, cy] = project(proj, around.at);
    labels.push({ text: `${num(r.radius)}"`, at: [cx, cy - (around.radius + r.radius) * proj.scale], cls: "show-ring-label" });
  }

  return {
    shapes: shapes === "" ? "" : el("g", { class: "show" }, shapes),
    placeLabels: () => {
      let out = "";
      for (const l of labels) out += pointTag(ctx, l, LABEL_SIZE);
      for (const c of show.callouts) {
        const at = calloutPoint(ctx, c.at);
        if (!at) continue;
        const [x, y] = project(proj, at.point);
        const d = at.radius * proj.scale + CALLOUT_R;
        const s = 2 * CALLOUT_R + 2;
        const r = at.radius * proj.scale;
        const placed = placeText(
          ctx.placer,
          [
            { x: x + d * 0.7 - CALLOUT_R, y: y - d * 0.7 - CALLOUT_R, w: s, h: s },
            { x: x - d * 0.7 - CALLOUT_R, y: y - d * 0.7 - CALLOUT_R, w: s, h: s },
            { x: x + d * 0.7 - CALLOUT_R, y: y + d * 0.7 - CALLOUT_R, w: s, h: s },
            { x: x - d * 0.7 - CALLOUT_R, y: y + d * 0.7 - CALLOUT_R, w: s, h: s },
          ],
          s,
          { x: x - r, y: y - r, w: 2 * r, h: 2 * r },
          [{ cx: x, cy: y, rx: r, ry: r }],
        );
        const box = placed.box;
        out += leaderLine(placed, theme.mutedText);
        const [mx, my] = [box.x + box.w / 2, box.y + box.h / 2];
        out += el(
          "g",
          { class: "show-callout", "data-callout": c.label },
          [
            el("circle", { cx: num(mx), cy: num(my), r: CALLOUT_R, fill: theme.text, stroke: theme.background, "stroke-width": 1.5 }),
            text({ x: num(mx), y: num(my + 4), "font-size": 11, "font-weight": "bold", "text-anchor": "middle", fill: theme.background }, c.label),
          ].join(""),
        );
      }
      return out;
    },
  };
}

/** The callouts' explanations, one line each, under the board. */
export function calloutList(ctx: RenderContext, show: ShowSpec | undefined, x: number, y: number): Block {
  if (!show || show.callouts.length === 0) return { svg: "", height: 0 };
  const lines = show.callouts.map((c, i) =>
    el(
      "g",
      { class: "show-callout-text", "data-callout": c.label },
      [
        el("circle", { cx: num(x + CALLOUT_R), cy: num(y + i * LIST_LINE + 8), r: CALLOUT_R - 1, fill: ctx.theme.text }),
        text(
          {
            x: num(x + CALLOUT_R),
            y: num(y + i * LIST_LINE + 12),
            "font-size": 10,
            "font-weight": "bold",
            "text-anchor": "middle",
            fill: ctx.theme.background,
          },
          c.label,
        ),
        text({ x: num(x + 2 * CALLOUT_R + 6), y: num(y + i * LIST_LINE + 13), "font-size": LIST_SIZE, fill: ctx.theme.text }, c.text),
      ].join(""),
    ),
  );
  return { svg: lines.join(""), height: show.callouts.length * LIST_LINE + 4 };
}

/** The units a choice names, or every unit on the board. */
function chosen(ctx: RenderContext, choice: UnitChoice | undefined): string[] {
  if (!choice) return [];
  return choice.all ? [...ctx.units.keys()] : choice.units.map((u) => u.id);
}

/** The models on the board of each unit, in the order of `ctx.models`: gathered once a picture, not once a unit. */
function unitsOnBoard(ctx: RenderContext): ReadonlyMap<string, readonly ModelFrame[]> {
  const byUnit = new Map<string, ModelFrame[]>();
  for (const m of ctx.models.values()) {
    const list = byUnit.get(m.unit);
    if (list) list.push(m);
    else byUnit.set(m.unit, [m]);
  }
  return byUnit;
}

/** A model's base, or an objective's marker, as the checker measures it. */
function shapeAt(ctx: RenderContext, ref: Ref): Shape | undefined {
  const m = ctx.models.get(ref.id);
  if (m) return shapeOf(m.base, { x: m.at[0], y: m.at[1] }, m.facing);
  const o = ctx.scenario.objectives.find((x) => x.id === ref.id);
  return o && circle(o.at, ctx.system.objective.diameterMm / 2 / 25.4);
}

/** What a ring is drawn round: a model's base, or an objective marker as a round base. */
function aroundOf(ctx: RenderContext, ref: Ref): { base: ModelFrame["base"]; at: readonly [number, number]; facing: number; radius: number } | undefined {
  const m = ctx.models.get(ref.id);
  if (m) {
    const r = m.base.kind === "round" ? m.base.diameterMm / 2 / 25.4 : m.base.widthMm / 2 / 25.4;
    return { base: m.base, at: m.at, facing: m.facing, radius: r };
  }
  const o = ctx.scenario.objectives.find((x) => x.id === ref.id);
  if (!o) return undefined;
  const d = ctx.system.objective.diameterMm;
  return { base: { kind: "round", diameterMm: d }, at: [o.at.x, o.at.y], facing: 0, radius: d / 2 / 25.4 };
}

function calloutPoint(ctx: RenderContext, at: Ref | Vec): { point: readonly [number, number]; radius: number } | undefined {
  if (!("id" in at)) return { point: [at.x, at.y], radius: 0 };
  const around = aroundOf(ctx, at);
  return around && { point: around.at, radius: around.radius };
}

/**
 * Coherency links of one unit: each model to its closest model of the unit, edge to edge, labelled
 * with the length; a link longer than the system's coherency distance is drawn broken (dashed, in
 * the error colour).
 */
function links(ctx: RenderContext, ms: readonly ModelFrame[], labels: { text: string; at: [number, number]; cls: string }[]): string {
  const { proj, theme } = ctx;
  const near = ctx.system.coherency.near;
  const shapes = ms.map((m) => shapeOf(m.base, { x: m.at[0], y: m.at[1] }, m.facing));
  const seen = new Set<string>();
  let out = "";
  ms.forEach((m, i) => {
    let best = -1;
    let gap = Infinity;
    ms.forEach((_, j) => {
      if (j === i) return;
      const g = signedGap(shapes[i], shapes[j]);
      if (g < gap) [best, gap] = [j, g];
    });
    if (best < 0) return;
    const key = [m.id, ms[best].id].sort().join(" ");
    if (seen.has(key)) return;
    seen.add(key);
    const { from, to } = gapPoints(shapes[i], shapes[best]);
    if (!from || !to) return;
    const [x1, y1] = project(proj, from);
    const [x2, y2] = project(proj, to);
    // Longer than the coherency distance beyond the measuring tolerance (a link of exactly 2" holds).
    const broken = gap > near + TAU;
    out += el("line", {
      class: broken ? "show-link broken" : "show-link",
      "data-models": key,
      x1: num(x1),
      y1: num(y1),
      x2: num(x2),
      y2: num(y2),
      stroke: broken ? theme.error : theme.regionReference,
      "stroke-width": 1.5,
      ...(broken && { "stroke-dasharray": "3 3" }),
    });
    labels.push({ text: `${Math.max(0, gap).toFixed(2)}"`, at: [(x1 + x2) / 2, (y1 + y2) / 2], cls: "show-link-label" });
  });
  return out;
}
