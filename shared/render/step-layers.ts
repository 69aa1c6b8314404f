/**
 * The shown step drawn on the board: each moved model's start as a ghost, its path as an arrow
 * with the distance moved, and each problem of the step (the model outlined, a "could have"
 * finding's witness position as a dashed ghost, a short code label).
 */
import type { Measure, Problem, Severity } from "../diagnostics/problem";
import type { ModelFrame, MoveFrame } from "../engine/frame";
import { inches } from "../rules/report";
import type { BaseShape } from "../model/scenario";
import type { Span } from "../source/span";
import { baseElement, edgeDistance, project } from "./base-shape";
import { modelBox } from "./model-layers";
import { coloursOfPlayer, movesOfStep, spansMeet, type RenderContext } from "./render-context";
import { anchorOf, leaderLine, placeText } from "./label-placer";
import { el, labelWidth, points, text, textWidth } from "./svg-text";

/** What a moved model looks like: its base, facing and player (after the step, or as set up if it is gone). */
function lookOf(ctx: RenderContext, id: string): { base: BaseShape; facing: number; player: string; unit: string } | undefined {
  const now = ctx.models.get(id);
  if (now) return now;
  for (const u of ctx.scenario.units) {
    const d = u.models.find((m) => m.id === id);
    if (d) return { base: d.base, facing: d.facing, player: u.player, unit: u.id };
  }
  return undefined;
}

/** The source offset of each move (the `id: value` pair), in `frame.moves` order: each move takes the first written move of its model not taken before. */
function moveOffsets(ctx: RenderContext): (number | undefined)[] {
  const written = new Map<string, number[]>();
  for (const w of movesOfStep(ctx.step)) {
    const list = written.get(w.model.id);
    if (list) list.push(w.span.start);
    else written.set(w.model.id, [w.span.start]);
  }
  return ctx.frame.moves.map((mv) => written.get(mv.id)?.shift());
}

/** Ghosts of the moved models where they started. Drawn under the bases. */
export function ghostsLayer(ctx: RenderContext): string {
  const offsets = moveOffsets(ctx);
  return ctx.frame.moves
    .map((mv, i) => {
      const look = lookOf(ctx, mv.id);
      if (!look) return "";
      const c = coloursOfPlayer(ctx, look.player);
      const attrs = { class: "ghost", "data-model": mv.id, "data-unit": look.unit, "data-offset": offsets[i] };
      ctx.placer.reserve(modelBox(ctx, { at: mv.from, base: look.base, facing: look.facing }));
      return baseElement(ctx.proj, look.base, mv.from, look.facing, {
        ...attrs,
        fill: c.fill,
        "fill-opacity": 0.18,
        stroke: c.stroke,
        "stroke-width": 1.5,
        "stroke-dasharray": "4 3",
      });
    })
    .join("");
}

/**
 * One arrow per moved model, from its start through its waypoints, ending where it meets the
 * model's base at the end (so the head stays visible), and the distance moved as a label.
 */
export function arrowsLayer(ctx: RenderContext): { arrows: string; placeLabels: () => string } {
  const offsets = moveOffsets(ctx);
  let arrows = "";
  const later: (() => string)[] = [];
  ctx.frame.moves.forEach((mv, i) => {
    const look = lookOf(ctx, mv.id);
    const pts = [mv.from, ...mv.path].map((p) => project(ctx.proj, p));
    const end = trimEnd(ctx, pts, mv, look);
    const attrs = { class: "arrow", "data-model": mv.id, "data-offset": offsets[i] };
    const line = points(end.pts);
    arrows += el(
      "g",
      attrs,
      [
        el("polyline", {
          points: line,
          fill: "none",
          stroke: ctx.theme.arrowCasing,
          "stroke-width": 5.5,
          "stroke-linejoin": "round",
          "stroke-linecap": "round",
        }),
        el("polygon", { points: points(end.head), fill: ctx.theme.arrowCasing, stroke: ctx.theme.arrowCasing, "stroke-width": 3, "stroke-linejoin": "round" }),
        el("polyline", { points: line, fill: "none", stroke: ctx.theme.arrow, "stroke-width": 2.25, "stroke-linejoin": "round", "stroke-linecap": "round" }),
        el("polygon", { points: points(end.head), fill: ctx.theme.arrow }),
      ].join(""),
    );
    reserveLine(ctx, end.pts);
    later.push(() => distanceLabel(ctx, pts, mv, offsets[i]));
  });
  // Labels are placed once every arrow is drawn, so no label lands on another model's arrow.
  return { arrows, placeLabels: () => later.map((f) => f()).join("") };
}

/** How far past the label area a line still keeps labels off it, in pixels. */
const LINE_MARGIN = 64;

/**
 * Keeps labels off a drawn line: small boxes every few pixels along the part of it that lies
 * where labels can go (the label area and a margin), so the work is bounded by the picture,
 * however far off the board a path starts.
 */
function reserveLine(ctx: RenderContext, pts: readonly [number, number][]): void {
  const a = ctx.placer.area;
  const clip = { x: a.x - LINE_MARGIN, y: a.y - LINE_MARGIN, w: a.w + 2 * LINE_MARGIN, h: a.h + 2 * LINE_MARGIN };
  for (let i = 1; i < pts.length; i++) {
    const leg = clipSegment(pts[i - 1], pts[i], clip);
    if (!leg) continue;
    const [[x0, y0], [x1, y1]] = leg;
    const n = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / 6));
    for (let k = 0; k <= n; k++) {
      const x = x0 + ((x1 - x0) * k) / n;
      const y = y0 + ((y1 - y0) * k) / n;
      ctx.placer.reserve({ x: x - 3, y: y - 3, w: 6, h: 6 });
    }
  }
}

/**
 * The part of segment p–q inside box r (Liang–Barsky), or undefined when none is. A segment
 * wholly inside comes back unchanged, so boards without far-off paths draw exactly as before.
 */
export function clipSegment(
  p: readonly [number, number],
  q: readonly [number, number],
  r: { x: number; y: number; w: number; h: number },
): [[number, number], [number, number]] | undefined {
  const dx = q[0] - p[0];
  const dy = q[1] - p[1];
  let t0 = 0;
  let t1 = 1;
  const edges: [number, number][] = [
    [-dx, p[0] - r.x],
    [dx, r.x + r.w - p[0]],
    [-dy, p[1] - r.y],
    [dy, r.y + r.h - p[1]],
  ];
  for (const [den, num] of edges) {
    if (den === 0) {
      if (num < 0) return undefined;
      continue;
    }
    const t = num / den;
    if (den < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return undefined;
  }
  const at = (t: number): [number, number] => (t === 0 ? [p[0], p[1]] : t === 1 ? [q[0], q[1]] : [p[0] + dx * t, p[1] + dy * t]);
  return [at(t0), at(t1)];
}

/** The polyline shortened to the end base's edge (when the last leg is long enough) and the arrowhead there. */
function trimEnd(
  ctx: RenderContext,
  pts: [number, number][],
  mv: MoveFrame,
  look: ReturnType<typeof lookOf>,
): { pts: [number, number][]; head: [number, number][] } {
  const out = pts.map((p) => [p[0], p[1]] as [number, number]);
  // Skip zero-length legs at the end (a waypoint repeated) to find the arrow's direction.
  let k = out.length - 1;
  while (k > 0 && Math.hypot(out[k][0] - out[k - 1][0], out[k][1] - out[k - 1][1]) < 1e-6) k--;
  if (k === 0) return { pts: out, head: [] };
  const [ex, ey] = out[k];
  const dx = ex - out[k - 1][0];
  const dy = ey - out[k - 1][1];
  const leg = Math.hypot(dx, dy);
  const ux = dx / leg;
  const uy = dy / leg;
  const edge = look ? edgeDistance(look.base, mv.path.length ? look.facing : 0, Math.atan2(-uy, -ux)) * ctx.proj.scale : 0;
  const tip = leg > edge + 12 ? edge + 1 : 0;
  const tx = ex - ux * tip;
  const ty = ey - uy * tip;
  const headLen = 11;
  const half = 5.5;
  const bx = tx - ux * headLen;
  const by = ty - uy * headLen;
  out.length = k + 1;
  out[k] = [tx - ux * headLen * 0.6, ty - uy * headLen * 0.6];
  return {
    pts: out,
    head: [
      [tx, ty],
      [bx - uy * half, by + ux * half],
      [bx + uy * half, by - ux * half],
    ],
  };
}

/** The distance moved, e.g. 2.84", beside the middle of the path. */
function distanceLabel(ctx: RenderContext, pts: [number, number][], mv: MoveFrame, offset: number | undefined): string {
  if (mv.distance < 0.005) return "";
  const total = pts.slice(1).reduce((s, p, i) => s + Math.hypot(p[0] - pts[i][0], p[1] - pts[i][1]), 0);
  let left = total / 2;
  let mid: [number, number] = pts[0];
  let dir: [number, number] = [1, 0];
  for (let i = 1; i < pts.length; i++) {
    const l = Math.hypot(pts[i][0] - pts[i - 1][0], pts[i][1] - pts[i - 1][1]);
    if (l === 0) continue;
    dir = [(pts[i][0] - pts[i - 1][0]) / l, (pts[i][1] - pts[i - 1][1]) / l];
    if (left <= l) {
      mid = [pts[i - 1][0] + dir[0] * left, pts[i - 1][1] + dir[1] * left];
      break;
    }
    left -= l;
  }
  const label = `${mv.distance.toFixed(2)}"`;
  const w = textWidth(label, 11, true) + 8;
  const h = 16;
  const n: [number, number] = [-dir[1], dir[0]];
  const at = (k: number, along = 0): { x: number; y: number; w: number; h: number } => {
    const x = mid[0] + n[0] * k + dir[0] * along;
    const y = mid[1] + n[1] * k + dir[1] * along;
    return { x: x - w / 2, y: y - h / 2, w, h };
  };
  const reach = Math.abs(n[0]) * (w / 2) + Math.abs(n[1]) * (h / 2) + 3;
  const placed = placeText(
    ctx.placer,
    [at(reach), at(-reach), at(reach, 14), at(-reach, 14), at(reach, -14), at(-reach, -14), at(reach + 16), at(-reach - 16)],
    labelWidth(label, 11, true) + 4,
    { x: mid[0], y: mid[1], w: 0, h: 0 },
    [{ cx: mid[0], cy: mid[1], rx: 0, ry: 0 }],
  );
  const box = placed.box;
  return (
    leaderLine(placed, ctx.theme.labelBorder) +
    el(
      "g",
      { class: "distance", "data-model": mv.id, "data-offset": offset },
      [
        el("rect", {
          x: box.x,
          y: box.y,
          width: box.w,
          height: box.h,
          rx: 4,
          fill: ctx.theme.labelBackground,
          stroke: ctx.theme.labelBorder,
          "stroke-width": 1,
        }),
        text({ x: box.x + box.w / 2, y: box.y + 12, "text-anchor": "middle", "font-size": 11, "font-weight": "bold", fill: ctx.theme.text }, label),
      ].join(""),
    )
  );
}

/** The colour of a severity in the theme. */
export function severityColour(ctx: RenderContext, severity: Severity): string {
  return severity === "error" ? ctx.theme.error : severity === "warning" ? ctx.theme.warning : ctx.theme.info;
}

/**
 * The models a problem is about, among those on the board: its witness' model, the model whose
 * move or definition its span points into, else every model of the unit its span names.
 */
export function problemModels(ctx: RenderContext, p: Problem, index: ModelIndex = modelIndex(ctx)): string[] {
  const ids = new Set<string>();
  if (p.witness) ids.add(p.witness.model);
  for (const mv of movesOfStep(ctx.step)) if (spansMeet(p.span, mv.span)) ids.add(mv.model.id);
  for (const id of index.definedAt(p.span)) ids.add(id);
  if (ids.size === 0) {
    const step = ctx.step;
    const unitRef = step && "unit" in step ? step.unit : undefined;
    const unit = unitRef && spansMeet(unitRef.span, p.span) ? unitRef.id : ctx.scenario.units.find((u) => spansMeet(u.span, p.span))?.id;
    for (const m of (unit !== undefined && index.onBoard.get(unit)) || []) ids.add(m.id);
  }
  return [...ids].filter((id) => ctx.models.has(id));
}

/** What `problemModels` looks problems up in, built once a picture: a search through every model for each problem would grow with their product. */
export interface ModelIndex {
  /** The ids of the models whose definition line meets the span (`spansMeet`), in the order the units define them. */
  definedAt(span: Span): string[];
  /** The models on the board by unit, in frame order. */
  readonly onBoard: ReadonlyMap<string, readonly ModelFrame[]>;
}

export function modelIndex(ctx: RenderContext): ModelIndex {
  const defs: { id: string; span: Span; order: number }[] = [];
  for (const u of ctx.scenario.units) for (const d of u.models) defs.push({ id: d.id, span: d.lineSpan, order: defs.length });
  defs.sort((a, b) => a.span.start - b.span.start || a.order - b.order);
  // The furthest end of the spans up to each place, so a search stops where no earlier span can reach.
  const reach: number[] = [];
  for (const [i, d] of defs.entries()) reach.push(Math.max(i > 0 ? reach[i - 1] : -Infinity, d.span.end));
  const onBoard = new Map<string, ModelFrame[]>();
  for (const m of ctx.frame.models) {
    const list = onBoard.get(m.unit);
    if (list) list.push(m);
    else onBoard.set(m.unit, [m]);
  }
  const definedAt = (span: Span): string[] => {
    // spansMeet(span, d) needs d to start at or before the span's end and to end after its start.
    let lo = 0;
    let hi = defs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (defs[mid].span.start <= span.end) lo = mid + 1;
      else hi = mid;
    }
    const found: { id: string; order: number }[] = [];
    for (let i = lo - 1; i >= 0 && reach[i] > span.start; i--) if (spansMeet(span, defs[i].span)) found.push(defs[i]);
    return found.sort((a, b) => a.order - b.order).map((d) => d.id);
  };
  return { definedAt, onBoard };
}

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/**
 * Each problem of the step on the board: outlines and witness ghosts (shapes) and code labels
 * (placed last). A model gets one code tag, however many problems are about it: the most serious
 * (the first written among equals), with `+N` for the others, which the problem list names.
 */
export function problemsLayer(ctx: RenderContext): { shapes: string; placeLabels: () => string } {
  let shapes = "";
  const later: (() => string)[] = [];
  const index = modelIndex(ctx);
  const about = ctx.frame.problems.map((p) => ({ p, ids: problemModels(ctx, p, index) })).filter((x) => x.ids.length > 0);
  const tagged = new Map<string, { p: Problem; more: number }>();
  for (const { p, ids } of about) {
    const held = tagged.get(ids[0]);
    if (held === undefined) tagged.set(ids[0], { p, more: 0 });
    else if (RANK[p.severity] < RANK[held.p.severity]) tagged.set(ids[0], { p, more: held.more + 1 });
    else held.more++;
  }
  for (const { p, ids } of about) {
    const colour = severityColour(ctx, p.severity);
    const attrs = { "data-problem": p.code, "data-offset": p.span.start };
    let group = "";
    for (const id of ids) {
      const m = ctx.models.get(id)!;
      group += baseElement(
        ctx.proj,
        m.base,
        m.at,
        m.facing,
        { class: "problem-outline", "data-model": id, fill: "none", stroke: colour, "stroke-width": 3 },
        0.09,
      );
    }
    const w = p.witness;
    const wm = w && ctx.models.get(w.model);
    if (w && wm) {
      const [x1, y1] = project(ctx.proj, wm.at);
      const [x2, y2] = project(ctx.proj, w.at);
      group += el("line", { class: "witness-link", x1, y1, x2, y2, stroke: colour, "stroke-width": 1.5, "stroke-dasharray": "2 3" });
      group += baseElement(ctx.proj, wm.base, w.at, wm.facing, {
        class: "witness",
        "data-model": w.model,
        fill: colour,
        "fill-opacity": 0.12,
        stroke: colour,
        "stroke-width": 2,
        "stroke-dasharray": "5 3",
      });
      ctx.placer.reserve(modelBox(ctx, { at: w.at, base: wm.base, facing: wm.facing }));
    }
    if (p.measure) group += dimensionLine(ctx, p.measure, colour);
    shapes += el("g", { class: "problem", ...attrs }, group);
    const tag = tagged.get(ids[0]);
    later.push(() => (tag?.p === p ? problemLabel(ctx, p, ids[0], tag.more) : "") + measureLabel(ctx, p, ids[0]));
  }
  return { shapes, placeLabels: () => later.map((f) => f()).join("") };
}

/** The problem's code in a small tag beside its (first) model, with `+N` when N more problems are about that model. */
function problemLabel(ctx: RenderContext, p: Problem, id: string, more: number): string {
  const colour = severityColour(ctx, p.severity);
  const attrs = { "data-problem": p.code, "data-offset": p.span.start };
  const box = modelBox(ctx, ctx.models.get(id)!);
  const content = more > 0 ? `${p.code} +${more}` : p.code;
  const lw = textWidth(content, 10, true) + 8;
  const h = 15;
  const placed = placeText(
    ctx.placer,
    [
      { x: box.x + box.w + 3, y: box.y - h + 4, w: lw, h },
      { x: box.x - lw - 3, y: box.y - h + 4, w: lw, h },
      { x: box.x + box.w + 3, y: box.y + box.h - 4, w: lw, h },
      { x: box.x - lw - 3, y: box.y + box.h - 4, w: lw, h },
      { x: box.x + box.w / 2 - lw / 2, y: box.y - h - 3, w: lw, h },
      { x: box.x + box.w / 2 - lw / 2, y: box.y + box.h + 3, w: lw, h },
    ],
    labelWidth(content, 10, true) + 4,
    box,
    [anchorOf(box)],
  );
  const at = placed.box;
  return (
    leaderLine(placed, colour) +
    el(
      "g",
      { class: "problem-label", ...attrs },
      [
        el("rect", { x: at.x, y: at.y, width: at.w, height: at.h, rx: 3, fill: colour }),
        text({ x: at.x + at.w / 2, y: at.y + 11, "text-anchor": "middle", "font-size": 10, "font-weight": "bold", fill: ctx.theme.onProblem }, content),
      ].join(""),
    )
  );
}

/** The measured gap as a thin line with end ticks between the two points it runs between, when the rule gave them. */
function dimensionLine(ctx: RenderContext, m: Measure, colour: string): string {
  if (!m.from || !m.to) return "";
  const [x1, y1] = project(ctx.proj, m.from);
  const [x2, y2] = project(ctx.proj, m.to);
  const len = Math.hypot(x2 - x1, y2 - y1);
  if (len < 0.5) return "";
  const tx = (-(y2 - y1) / len) * 4;
  const ty = ((x2 - x1) / len) * 4;
  const d =
    `M${x1.toFixed(2)} ${y1.toFixed(2)}L${x2.toFixed(2)} ${y2.toFixed(2)}` +
    `M${(x1 - tx).toFixed(2)} ${(y1 - ty).toFixed(2)}L${(x1 + tx).toFixed(2)} ${(y1 + ty).toFixed(2)}` +
    `M${(x2 - tx).toFixed(2)} ${(y2 - ty).toFixed(2)}L${(x2 + tx).toFixed(2)} ${(y2 + ty).toFixed(2)}`;
  return el("path", { class: "dimension", d, fill: "none", stroke: colour, "stroke-width": 1.25, "stroke-linecap": "round" });
}

/** The measurement against its limit, e.g. `4.24" > 3"`, the way a judge would say it. */
export function measureText(m: Measure): string {
  const sign = m.value > m.limit ? ">" : m.value < m.limit ? "<" : "=";
  return `${inches(m.value)} ${sign} ${inches(m.limit)}`;
}

/** The measurement in a tag beside the dimension line's middle when there is one, else beside the outlined model. */
function measureLabel(ctx: RenderContext, p: Problem, id: string): string {
  const m = p.measure;
  if (!m) return "";
  const label = measureText(m);
  const colour = severityColour(ctx, p.severity);
  const w = textWidth(label, 11, true) + 8;
  const h = 16;
  const box = modelBox(ctx, ctx.models.get(id)!);
  const candidates = [
    { x: box.x + box.w + 3, y: box.y + box.h / 2 - h / 2, w, h },
    { x: box.x - w - 3, y: box.y + box.h / 2 - h / 2, w, h },
    { x: box.x + box.w / 2 - w / 2, y: box.y + box.h + 3, w, h },
    { x: box.x + box.w / 2 - w / 2, y: box.y - h - 3, w, h },
    { x: box.x - w - 3, y: box.y + box.h + 3, w, h },
    { x: box.x + box.w + 3, y: box.y + box.h + 3, w, h },
    { x: box.x - w - 3, y: box.y - h - 3, w, h },
    { x: box.x + box.w / 2 - w / 2, y: box.y + box.h + h + 6, w, h },
    { x: box.x + box.w / 2 - w / 2, y: box.y - 2 * h - 6, w, h },
  ];
  let around = box;
  let anchor = anchorOf(box);
  if (m.from && m.to) {
    const [x1, y1] = project(ctx.proj, m.from);
    const [x2, y2] = project(ctx.proj, m.to);
    const mx = (x1 + x2) / 2;
    const my = (y1 + y2) / 2;
    candidates.unshift({ x: mx + 4, y: my - h - 2, w, h }, { x: mx - w - 4, y: my + 2, w, h });
    around = { x: mx, y: my, w: 0, h: 0 };
    anchor = { cx: mx, cy: my, rx: 0, ry: 0 };
  }
  const placed = placeText(ctx.placer, candidates, labelWidth(label, 11, true) + 4, around, [anchor]);
  const at = placed.box;
  return (
    leaderLine(placed, colour) +
    el(
      "g",
      { class: "measure", "data-problem": p.code, "data-offset": p.span.start },
      [
        el("rect", { x: at.x, y: at.y, width: at.w, height: at.h, rx: 4, fill: ctx.theme.labelBackground, stroke: colour, "stroke-width": 1.5 }),
        text({ x: at.x + at.w / 2, y: at.y + 12, "text-anchor": "middle", "font-size": 11, "font-weight": "bold", fill: ctx.theme.text }, label),
      ].join(""),
    )
  );
}
