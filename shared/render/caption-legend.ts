/** Around the board: the title and step line above it, and under it the caption, the problems and the legend. */
import { MM_PER_INCH } from "../geometry/shape";
import { coloursOfPlayer, describeStep, type RenderContext } from "./render-context";
import { severityColour } from "./step-layers";
import { el, escapeText, num, text, textWidth, wrap } from "./svg-text";

const CAPTION_SIZE = 14;
const CAPTION_LINE = 19;
const PROBLEM_SIZE = 12;
const PROBLEM_LINE = 16;
const LEGEND_SIZE = 12;
const LEGEND_ROW = 22;

/** A block of the picture and the height it takes. */
export interface Block {
  readonly svg: string;
  readonly height: number;
}

/** The title and, under it, the rules system and the step shown. */
export function header(ctx: RenderContext, x: number, y: number): Block {
  const f = ctx.frame;
  const where =
    ctx.step === undefined
      ? `set-up (${f.stepCount} step${f.stepCount === 1 ? "" : "s"})`
      : `step ${ctx.step.index + 1} of ${f.stepCount}: ${describeStep(ctx, ctx.step)}`;
  const svg =
    text({ x, y: y + 18, "font-size": 18, "font-weight": "bold", fill: ctx.theme.text, class: "title" }, ctx.scenario.title) +
    text({ x, y: y + 37, "font-size": 12, fill: ctx.theme.mutedText, class: "subtitle" }, `${ctx.system.name} · ${f.phase} phase · ${where}`);
  return { svg, height: 46 };
}

/**
 * The step's note as a numbered caption: "3. …" with the step's number (index + 1). A note the
 * author already numbered ("3-4. …", as in the seeds' diagrams) keeps its own number instead,
 * so the caption never reads "3. 3-4. …".
 */
export function caption(ctx: RenderContext, x: number, y: number, width: number): Block {
  const note = ctx.frame.note?.trim();
  if (ctx.step === undefined || !note) return { svg: "", height: 0 };
  const own = /^(\d+(?:\s*[-–]\s*\d+)?[.)])\s+/.exec(note);
  const number = own ? own[1] : `${ctx.step.index + 1}.`;
  const body = own ? note.slice(own[0].length) : note;
  const lines = wrap(`${number} ${body}`, width, CAPTION_SIZE);
  let inner = "";
  lines.forEach((line, i) => {
    const ly = y + CAPTION_SIZE + i * CAPTION_LINE;
    if (i === 0) {
      // The number in bold, as the seeds print it; the rest of the first line follows it.
      const rest = line.slice(number.length);
      inner += el(
        "text",
        { x, y: ly, "font-size": CAPTION_SIZE, fill: ctx.theme.text },
        `${el("tspan", { "font-weight": "bold" }, escapeText(number))}${escapeText(rest)}`,
      );
    } else {
      inner += text({ x, y: ly, "font-size": CAPTION_SIZE, fill: ctx.theme.text }, line);
    }
  });
  const svg = el("g", { class: "caption", "data-step": ctx.step.index, "data-offset": ctx.step.span.start }, inner);
  return { svg, height: lines.length * CAPTION_LINE + 4 };
}

/** Every problem of the step as a line: a dot in its severity's colour, its code and its message. */
export function problemList(ctx: RenderContext, x: number, y: number, width: number): Block {
  let svg = "";
  let height = 0;
  for (const p of ctx.frame.problems) {
    const lines = wrap(`${p.code}: ${p.message}`, width - 16, PROBLEM_SIZE);
    let inner = el("circle", { cx: x + 5, cy: y + height + 8, r: 4.5, fill: severityColour(ctx, p.severity) });
    lines.forEach((line, i) => {
      inner += text({ x: x + 16, y: y + height + PROBLEM_SIZE + i * PROBLEM_LINE, "font-size": PROBLEM_SIZE, fill: ctx.theme.text }, line);
    });
    svg += el("g", { class: "problem-line", "data-problem": p.code, "data-offset": p.span.start }, inner);
    height += lines.length * PROBLEM_LINE + 4;
  }
  return { svg, height: height > 0 ? height + 4 : 0 };
}

/** The legend: players' colours, objective, start of a move (ghost), move (arrow), problem, witness, and the toggled layers. */
export function legend(
  ctx: RenderContext,
  x: number,
  y: number,
  width: number,
  options: { halos: boolean; coherency: boolean; region?: boolean; attacks?: boolean },
): Block {
  const { theme } = ctx;
  const sw = 28;
  const items: { swatch: string; label: string }[] = [];
  for (const player of ctx.scenario.players) {
    const c = coloursOfPlayer(ctx, player);
    items.push({
      swatch: el("circle", { cx: sw / 2, cy: 8, r: 7, fill: c.fill, stroke: c.stroke, "stroke-width": 1.5 }),
      label: player === ctx.scenario.turn ? `${player} (turn)` : player,
    });
  }
  if (ctx.scenario.objectives.length > 0) {
    const r = (ctx.system.objective.diameterMm / 2 / MM_PER_INCH) * 8;
    items.push({
      swatch: el("circle", { cx: sw / 2, cy: 8, r: Math.min(7, r), fill: theme.objective, stroke: theme.objectiveRing, "stroke-width": 1.5 }),
      label: `objective (${num(ctx.system.objective.range)}" range, dashed)`,
    });
  }
  if (ctx.scenario.terrain.length > 0) {
    items.push({
      swatch: el("polygon", {
        points: "3,14 9,2 25,4 23,14",
        fill: theme.terrain,
        "fill-opacity": theme.terrainOpacity,
        stroke: theme.terrainEdge,
        "stroke-width": 1.5,
        "stroke-linejoin": "round",
      }),
      label: "terrain (drawn only)",
    });
  }
  const first = coloursOfPlayer(ctx, ctx.scenario.players[0] ?? "");
  items.push({
    swatch: el("circle", {
      cx: sw / 2,
      cy: 8,
      r: 7,
      fill: first.fill,
      "fill-opacity": 0.18,
      stroke: first.stroke,
      "stroke-width": 1.5,
      "stroke-dasharray": "4 3",
    }),
    label: "start of move",
  });
  items.push({
    swatch: el("path", { d: "M2 8H20", stroke: theme.arrow, "stroke-width": 2.25 }) + el("polygon", { points: "27,8 18,3 18,13", fill: theme.arrow }),
    label: 'move (distance in ")',
  });
  items.push({ swatch: el("circle", { cx: sw / 2, cy: 8, r: 7, fill: "none", stroke: theme.error, "stroke-width": 3 }), label: "problem" });
  items.push({
    swatch: el("circle", {
      cx: sw / 2,
      cy: 8,
      r: 7,
      fill: theme.error,
      "fill-opacity": 0.12,
      stroke: theme.error,
      "stroke-width": 2,
      "stroke-dasharray": "5 3",
    }),
    label: "could have ended here",
  });
  if (options.halos) {
    items.push({
      swatch: el("circle", { cx: sw / 2, cy: 8, r: 7.5, fill: first.fill, opacity: theme.haloOpacity * 2 }),
      label: `engagement range (${num(ctx.system.engagementRange)}")`,
    });
  }
  if (options.coherency) {
    items.push({
      swatch: el("path", { d: "M2 8H26", stroke: first.stroke, "stroke-width": 2, "stroke-linecap": "round", "stroke-dasharray": "1 4" }),
      label: `coherency (within ${num(ctx.system.coherency.near)}")`,
    });
  }
  if (options.attacks) {
    items.push({
      swatch: el("path", { d: "M2 8H26", stroke: first.stroke, "stroke-width": 2, "stroke-linecap": "round" }),
      label: "attack (to the target's closest model)",
    });
    items.push({
      swatch: el("path", { d: "M2 8H26", stroke: theme.text, "stroke-width": 2, "stroke-linecap": "round", "stroke-dasharray": "0.1 5" }),
      label: "fights through base contact",
    });
    items.push({
      swatch: el("circle", { cx: sw / 2, cy: 8, r: 7, fill: first.fill, "fill-opacity": 0.4, stroke: first.stroke, "stroke-width": 1 }),
      label: "cannot fight",
    });
  }
  if (options.region) {
    items.push({
      swatch: el("rect", {
        x: 2,
        y: 1,
        width: sw - 4,
        height: 14,
        rx: 3,
        fill: theme.regionLegal,
        "fill-opacity": theme.regionOpacity,
        stroke: theme.regionLegalEdge,
        "stroke-width": 1.5,
      }),
      label: "legal end",
    });
    items.push({
      swatch:
        el("rect", {
          x: 2,
          y: 1,
          width: sw - 4,
          height: 14,
          rx: 3,
          fill: theme.regionUnit,
          "fill-opacity": theme.regionOpacity * 0.6,
          stroke: theme.regionUnitEdge,
          "stroke-width": 1.25,
          "stroke-dasharray": "4 3",
        }) + el("path", { d: "M6 15L18 3M13 15L25 3", fill: "none", stroke: theme.regionUnitEdge, "stroke-width": 1, "stroke-opacity": 0.7 }),
      label: "legal for the model, not the unit",
    });
  }
  let cx = 0;
  let row = 0;
  let svg = "";
  for (const item of items) {
    const w = sw + 6 + textWidth(item.label, LEGEND_SIZE) + 18;
    if (cx > 0 && cx + w > width) {
      cx = 0;
      row++;
    }
    svg += el(
      "g",
      { class: "legend-item", transform: `translate(${num(x + cx)} ${num(y + row * LEGEND_ROW)})` },
      item.swatch + text({ x: sw + 6, y: 12, "font-size": LEGEND_SIZE, fill: theme.text }, item.label),
    );
    cx += w;
  }
  return { svg: el("g", { class: "legend" }, svg), height: (row + 1) * LEGEND_ROW };
}
