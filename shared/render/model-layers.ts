/** The models: engagement-range halos, coherency links, every base to scale, and one label per unit. */
import { signedGap } from "../geometry/gap";
import { shapeOf } from "../geometry/shape";
import type { ModelFrame } from "../engine/frame";
import { haloText } from "./board-layers";
import { baseElement, baseMarkup, boxMeetsBase, halfExtent, project, semiAxes } from "./base-shape";
import { anchorOf, leaderLine, placeText, type Rect } from "./label-placer";
import { coloursOfPlayer, type RenderContext } from "./render-context";
import { attributes, el, labelWidth, text, textWidth } from "./svg-text";
import type { PlayerColours } from "./theme";

/** The box (px) a model's base covers. */
export function modelBox(ctx: RenderContext, m: Pick<ModelFrame, "at" | "base" | "facing">): Rect {
  const [cx, cy] = project(ctx.proj, m.at);
  const { hx, hy } = halfExtent(m.base, m.facing);
  return { x: cx - hx * ctx.proj.scale, y: cy - hy * ctx.proj.scale, w: 2 * hx * ctx.proj.scale, h: 2 * hy * ctx.proj.scale };
}

/**
 * Engagement-range halos: each base widened by the range. A stroke of width 2R round a base
 * traces exactly the set of points within R of its edge (for ovals too), and one group opacity
 * per player makes overlapping halos read as one area instead of darkening.
 */
export function halosLayer(ctx: RenderContext): string {
  const range = ctx.system.engagementRange;
  let out = "";
  for (const player of ctx.scenario.players) {
    const c = coloursOfPlayer(ctx, player);
    const shapes = ctx.frame.models
      .filter((m) => m.player === player)
      .map((m) => baseElement(ctx.proj, m.base, m.at, m.facing, { fill: c.fill, stroke: c.fill, "stroke-width": 2 * range * ctx.proj.scale }))
      .join("");
    if (shapes) out += el("g", { class: "halos", "data-player": player, opacity: ctx.theme.haloOpacity }, shapes);
  }
  return out;
}

/** A line between the centres of every two models of a unit whose bases are within coherency distance. */
export function coherencyLayer(ctx: RenderContext): string {
  const near = ctx.system.coherency.near;
  let out = "";
  const byUnit = new Map<string, ModelFrame[]>();
  for (const m of ctx.frame.models) {
    const list = byUnit.get(m.unit);
    if (list) list.push(m);
    else byUnit.set(m.unit, [m]);
  }
  for (const unit of ctx.scenario.units) {
    const models = byUnit.get(unit.id) ?? [];
    const shapes = models.map((m) => shapeOf(m.base, { x: m.at[0], y: m.at[1] }, m.facing));
    const c = coloursOfPlayer(ctx, unit.player);
    let d = "";
    for (let i = 0; i < models.length; i++) {
      for (let j = i + 1; j < models.length; j++) {
        if (signedGap(shapes[i], shapes[j]) > near + 1e-9) continue;
        const [x1, y1] = project(ctx.proj, models[i].at);
        const [x2, y2] = project(ctx.proj, models[j].at);
        d += `M${x1.toFixed(2)} ${y1.toFixed(2)}L${x2.toFixed(2)} ${y2.toFixed(2)}`;
      }
    }
    if (d)
      out += el("path", {
        class: "coherency",
        "data-unit": unit.id,
        d,
        fill: "none",
        stroke: c.stroke,
        "stroke-width": 2,
        "stroke-linecap": "round",
        "stroke-dasharray": "1 4",
      });
  }
  return out;
}

/** Side (px) of the cells `basesLayer` files the bases in, to find a base's neighbours. */
const NEAR_CELL = 32;

/**
 * A number for a cell (cx, cy): distinct for every cell within 32,768 cells of the origin on
 * each axis (far past any picture); two cells sharing one would only test more bases exactly.
 */
function cellKey(cx: number, cy: number): number {
  return cx * 65536 + cy;
}

/**
 * Every model on the board, to scale, coloured by player; the model's id inside when it fits and
 * its text would touch no other base (bases that overlap, an illegal set-up, show no ids there).
 */
export function basesLayer(ctx: RenderContext): string {
  const models = ctx.frame.models;
  const boxes = models.map((m) => modelBox(ctx, m));
  const cells = new Map<number, number[]>();
  const spread: number[] = [];
  boxes.forEach((b, i) => {
    const x0 = Math.floor(b.x / NEAR_CELL);
    const x1 = Math.floor((b.x + b.w) / NEAR_CELL);
    const y0 = Math.floor(b.y / NEAR_CELL);
    const y1 = Math.floor((b.y + b.h) / NEAR_CELL);
    if (!((x1 - x0 + 1) * (y1 - y0 + 1) <= 64)) {
      spread.push(i);
      return;
    }
    for (let cx = x0; cx <= x1; cx++) {
      for (let cy = y0; cy <= y1; cy++) {
        const key = cellKey(cx, cy);
        const list = cells.get(key);
        if (list) list.push(i);
        else cells.set(key, [i]);
      }
    }
  });
  // The model last tested against each base, so a base filed in several cells is tested once a model.
  const testedFor = new Int32Array(models.length).fill(-1);
  /** True when the box touches the base of a model other than the `self`-th. */
  const meetsOther = (self: number, r: Rect): boolean => {
    const meets = (i: number): boolean => {
      if (i === self || testedFor[i] === self) return false;
      testedFor[i] = self;
      const o = models[i];
      return boxMeetsBase(ctx.proj, o.base, o.at, o.facing, r);
    };
    for (const i of spread) if (meets(i)) return true;
    for (let cx = Math.floor(r.x / NEAR_CELL); cx <= Math.floor((r.x + r.w) / NEAR_CELL); cx++) {
      for (let cy = Math.floor(r.y / NEAR_CELL); cy <= Math.floor((r.y + r.h) / NEAR_CELL); cy++) {
        for (const i of cells.get(cellKey(cx, cy)) ?? []) if (meets(i)) return true;
      }
    }
    return false;
  };
  // What is the same for every model of a player (its colours, the base's paint) or of a unit (where each model is written).
  const looks = new Map<string, { c: PlayerColours; paint: string }>();
  const lookOf = (player: string): { c: PlayerColours; paint: string } => {
    let look = looks.get(player);
    if (look === undefined) {
      const c = coloursOfPlayer(ctx, player);
      look = { c, paint: attributes({ fill: c.fill, stroke: c.stroke, "stroke-width": 1.5 }) };
      looks.set(player, look);
    }
    return look;
  };
  const offsets = new Map<string, Map<string, number>>();
  const offsetOf = (unit: string, model: string): number | undefined => {
    let byId = offsets.get(unit);
    if (byId === undefined) {
      byId = new Map();
      // The first definition of an id, as a search of the unit's models would find it.
      for (const d of [...(ctx.units.get(unit)?.models ?? [])].reverse()) byId.set(d.id, d.span.start);
      offsets.set(unit, byId);
    }
    return byId.get(model);
  };
  // Pieces joined once at the end: a picture of thousands of bases is one copy, not a deep chain of concatenations.
  const out: string[] = [];
  for (let index = 0; index < models.length; index++) {
    const m = models[index];
    const { c, paint } = lookOf(m.player);
    const tags = attributes({ class: "base", "data-model": m.id, "data-unit": m.unit, "data-offset": offsetOf(m.unit, m.id) });
    out.push(baseMarkup(ctx.proj, m.base, m.at, m.facing, tags, paint));
    const [cx, cy] = project(ctx.proj, m.at);
    // A tick from the centre to the front edge shows an oval's facing.
    if (m.base.kind === "oval") {
      const a = semiAxes(m.base).a * ctx.proj.scale;
      const t = (m.facing * Math.PI) / 180;
      out.push(
        el("path", {
          d: `M${(cx + 0.55 * a * Math.cos(t)).toFixed(2)} ${(cy + 0.55 * a * Math.sin(t)).toFixed(2)}L${(cx + 0.92 * a * Math.cos(t)).toFixed(2)} ${(cy + 0.92 * a * Math.sin(t)).toFixed(2)}`,
          stroke: c.onFill,
          "stroke-width": 2,
          "stroke-linecap": "round",
        }),
      );
    }
    const box = boxes[index];
    ctx.placer.reserve(box);
    const size = Math.min(11, box.h * 0.4);
    const baseline = cy + size * 0.36;
    // The box the id's glyphs can take in a browser (DejaVu Sans: 0.95 em above the baseline, 0.3 below).
    const w = labelWidth(m.id, size);
    const glyphs = { x: cx - w / 2, y: baseline - 0.95 * size, w, h: 1.25 * size };
    if (textWidth(m.id, size) <= box.w * 0.8 && size >= 7 && !meetsOther(index, glyphs)) {
      out.push(text({ x: cx, y: baseline, "text-anchor": "middle", "font-size": Math.round(size * 10) / 10, fill: c.onFill }, m.id));
    }
  }
  return out.join("");
}

/** One label per unit on the board (its name, else its id), beside the unit's models where there is room. */
export function unitLabelsLayer(ctx: RenderContext): string {
  let out = "";
  // One pass over the models, so a board of many units costs their models once, not once a unit.
  const boxesOf = new Map<string, Rect[]>();
  for (const m of ctx.frame.models) {
    const list = boxesOf.get(m.unit);
    if (list) list.push(modelBox(ctx, m));
    else boxesOf.set(m.unit, [modelBox(ctx, m)]);
  }
  for (const unit of ctx.scenario.units) {
    const boxes = boxesOf.get(unit.id) ?? [];
    if (boxes.length === 0) continue;
    // Loops, not Math.min(...): a unit of very many models would overflow the call's arguments.
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const b of boxes) {
      x0 = Math.min(x0, b.x);
      y0 = Math.min(y0, b.y);
      x1 = Math.max(x1, b.x + b.w);
      y1 = Math.max(y1, b.y + b.h);
    }
    const label = unit.name ?? unit.id;
    const w = textWidth(label, 12, true) + 6;
    const h = 16;
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    const placed = placeText(
      ctx.placer,
      [
        { x: cx - w / 2, y: y1 + 3, w, h },
        { x: cx - w / 2, y: y0 - h - 3, w, h },
        { x: x1 + 4, y: cy - h / 2, w, h },
        { x: x0 - 4 - w, y: cy - h / 2, w, h },
        { x: x1 + 4, y: y1 + 2, w, h },
        { x: x0 - 4 - w, y: y0 - h - 2, w, h },
        { x: cx - w / 2, y: y1 + 3 + h, w, h },
        { x: cx - w / 2, y: y0 - 2 * h - 3, w, h },
      ],
      labelWidth(label, 12, true) + 2,
      { x: x0, y: y0, w: x1 - x0, h: y1 - y0 },
      boxes.map(anchorOf),
    );
    const box = placed.box;
    const c = coloursOfPlayer(ctx, unit.player);
    out += leaderLine(placed, c.label);
    out += haloText(ctx, box.x + box.w / 2, box.y + 12, label, {
      "font-size": 12,
      "font-weight": "bold",
      fill: c.label,
      class: "unit-label",
      "data-unit": unit.id,
      "data-offset": unit.span.start,
    });
  }
  return out;
}
