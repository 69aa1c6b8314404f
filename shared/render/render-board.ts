/**
 * `renderBoard`: one board frame as an SVG document. Pure string building (no DOM, no I/O) and
 * deterministic: the same scenario, frame and options always give the same bytes. The SVG uses
 * presentation attributes only (no `style`, no `<style>`, no ids, no scripts, no external
 * references), so it can be inlined several times in one page and shown under a strict
 * Content-Security-Policy; every string from the scenario is escaped.
 */
import type { BoardFrame, ModelFrame } from "../engine/frame";
import type { Scenario } from "../model/scenario";
import { resolveSystem } from "../systems/rulings";
import { boardLayer, objectivesLayer, scaleBar } from "./board-layers";
import { caption, header, legend, problemList } from "./caption-legend";
import { LabelPlacer } from "./label-placer";
import { basesLayer, coherencyLayer, halosLayer, unitLabelsLayer } from "./model-layers";
import { DEFAULT_SCALE, MAX_BOARD_PX, type RenderContext, type RenderOptions } from "./render-context";
import { sourceMetadata } from "./source-embed";
import { regionLayer, regionNote, shownRegion } from "./region-layer";
import { annotationLayer, calloutList, shownAnnotations } from "./annotation-layer";
import { moveRegion } from "../engine/region";
import { arrowsLayer, ghostsLayer, problemsLayer } from "./step-layers";
import { attackLayer } from "./attack-layer";
import { el, escapeText, num } from "./svg-text";
import { terrainLayer } from "./terrain-layer";
import { themeOf } from "./theme";

const MARGIN = 20;
/** Narrow boards still get a picture wide enough for the caption and legend. */
const MIN_WIDTH = 560;

/** The part of the board a picture shows, in inches. */
export interface BoardWindow {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** A close-up (a cropped view) fits this many px a side, at most CLOSE_UP_SCALE px an inch. */
const CLOSE_UP_WIDTH = 720;
const CLOSE_UP_HEIGHT = 560;
const CLOSE_UP_SCALE = 72;

/** Around what `view: auto` keeps in the picture, in inches. */
const AUTO_MARGIN = 2;
/** `view: auto` never crops to less than this a side (inches). */
const AUTO_MIN = 8;

/**
 * The part of the board the picture of `frame` shows (`options.view`, else the scenario's
 * `view:`): the whole board, a window, or for `auto` the box round the models on the board, where
 * the shown step's moves started, the objectives and the annotations' points, with a margin; a
 * window that would hold nearly all the board is the board.
 */
export function windowOf(scenario: Scenario, frame: BoardFrame | undefined, options: Pick<RenderOptions, "view"> = {}): BoardWindow {
  const { width: W, height: H } = scenario.board;
  const board = { x: 0, y: 0, w: W, h: H };
  const view = options.view ?? scenario.view ?? "board";
  if (view === "board") return board;
  const clamp = (x0: number, y0: number, x1: number, y1: number): BoardWindow => {
    const x = Math.max(0, Math.min(x0, W));
    const y = Math.max(0, Math.min(y0, H));
    const w = Math.max(0, Math.min(x1, W) - x);
    const h = Math.max(0, Math.min(y1, H) - y);
    return w <= 0 || h <= 0 || (w >= 0.9 * W && h >= 0.9 * H) ? board : { x, y, w, h };
  };
  if (view !== "auto") return clamp(view[0], view[1], view[0] + view[2], view[1] + view[3]);
  const xs: number[] = [];
  const ys: number[] = [];
  const add = (x: number, y: number, r = 0): void => {
    xs.push(x - r, x + r);
    ys.push(y - r, y + r);
  };
  for (const m of frame?.models ?? []) add(m.at[0], m.at[1], m.base.kind === "round" ? m.base.diameterMm / 50.8 : m.base.lengthMm / 50.8);
  for (const mv of frame?.moves ?? []) add(mv.from[0], mv.from[1]);
  for (const o of scenario.objectives) add(o.at.x, o.at.y, 1);
  const step = frame?.step === undefined ? undefined : scenario.steps.find((s) => s.index === frame.step);
  const show = shownAnnotations(scenario, step);
  for (const c of show?.callouts ?? []) if (!("id" in c.at)) add(c.at.x, c.at.y);
  if (xs.length === 0) return board;
  // reduce, not Math.min(...xs): a board of very many models would overflow the call's arguments.
  const [minX, maxX, minY, maxY] = [
    xs.reduce((a, b) => Math.min(a, b)),
    xs.reduce((a, b) => Math.max(a, b)),
    ys.reduce((a, b) => Math.min(a, b)),
    ys.reduce((a, b) => Math.max(a, b)),
  ];
  let [x0, x1, y0, y1] = [minX - AUTO_MARGIN, maxX + AUTO_MARGIN, minY - AUTO_MARGIN, maxY + AUTO_MARGIN];
  if (x1 - x0 < AUTO_MIN) [x0, x1] = [(x0 + x1) / 2 - AUTO_MIN / 2, (x0 + x1) / 2 + AUTO_MIN / 2];
  if (y1 - y0 < AUTO_MIN) [y0, y1] = [(y0 + y1) / 2 - AUTO_MIN / 2, (y0 + y1) / 2 + AUTO_MIN / 2];
  return clamp(x0, y0, x1, y1);
}

/**
 * Where `renderBoard` puts the board in the picture: the projection (inches → px), the picture's
 * width, the window of the board shown and where it is drawn (px), and whether it is cropped.
 */
export function layoutOf(
  scenario: Scenario,
  options: Pick<RenderOptions, "scale" | "view"> = {},
  frame?: BoardFrame,
): {
  proj: { scale: number; x0: number; y0: number };
  width: number;
  window: BoardWindow;
  area: { x: number; y: number; w: number; h: number };
  cropped: boolean;
} {
  const window = windowOf(scenario, frame, options);
  const cropped = window.w !== scenario.board.width || window.h !== scenario.board.height;
  const given = options.scale !== undefined && Number.isFinite(options.scale) && options.scale > 0 ? options.scale : undefined;
  // A cropped view is a close-up: drawn about as wide as a whole board would be (at most CLOSE_UP_SCALE px an inch).
  const asked = given ?? (cropped ? Math.min(CLOSE_UP_SCALE, CLOSE_UP_WIDTH / window.w, CLOSE_UP_HEIGHT / window.h) : DEFAULT_SCALE);
  // A board of hundreds of inches is drawn smaller, so the picture never outgrows MAX_BOARD_PX.
  const scale = Math.min(asked, MAX_BOARD_PX / Math.max(window.w, window.h));
  const areaW = window.w * scale;
  const width = Math.max(MIN_WIDTH, areaW + 2 * MARGIN);
  const area = { x: (width - areaW) / 2, y: MARGIN + 46 + 8, w: areaW, h: window.h * scale };
  return { proj: { scale, x0: area.x - window.x * scale, y0: area.y - window.y * scale }, width, window, area, cropped };
}

/**
 * Draws the board of `frame` (from `boardFrame(scenario, problems, step)`). Elements carry
 * `data-model`, `data-unit`, `data-problem` (a code) and `data-offset` (the start offset in the
 * scenario text of what they show, for revealing the source); the root and the caption carry
 * `data-step` (the 0-based step index, as in `Problem.step`; absent for the set-up).
 */
export function renderBoard(scenario: Scenario, frame: BoardFrame, options: RenderOptions = {}): string {
  const { proj, width, area, cropped } = layoutOf(scenario, options, frame);
  const { x: boardX, y: boardY, w: boardW, h: boardH } = area;
  const theme = themeOf(options.theme ?? "light");
  const { system } = resolveSystem(options.rules ?? scenario.rules.value, options.rulings ?? scenario.rulings.map((r) => r.id));
  const contentW = width - 2 * MARGIN;
  const models = new Map<string, ModelFrame>(frame.models.map((m) => [m.id, m]));
  const ctx: RenderContext = {
    scenario,
    frame,
    theme,
    system,
    proj,
    // Labels may spill a little past the board edge, but not off the picture.
    // (A cropped view keeps them inside its window, which clips what is outside.)
    placer: new LabelPlacer(
      cropped ? { x: boardX + 2, y: boardY + 2, w: boardW - 4, h: boardH - 4 } : { x: MARGIN / 2, y: boardY - 4, w: width - MARGIN, h: boardH + 8 },
    ),
    step: frame.step === undefined ? undefined : scenario.steps.find((s) => s.index === frame.step),
    units: new Map(scenario.units.map((u) => [u.id, u])),
    models,
  };

  // Drawing order is back to front; label placement order (below) is by importance.
  const board = boardLayer(ctx);
  const terrain = terrainLayer(ctx);
  // `show:` annotations (the scenario's and the step's); `show: { region }` asks for a region as the option does.
  const show = shownAnnotations(scenario, ctx.step);
  const shown = show?.region && frame.step !== undefined && !options.region ? moveRegion(scenario, frame.step, show.region.id, options) : undefined;
  // A region asked for by the option is drawn as given (its note too); one from show: only when the step moves that model.
  const region = shownRegion(ctx, options.region ?? (shown && shown.samples > 0 ? shown : undefined));
  const annotations = show ? annotationLayer(ctx, show) : undefined;
  const regionShapes = region ? regionLayer(ctx, region) : "";
  const halos = options.halos ? halosLayer(ctx) : "";
  const links = options.coherency ? coherencyLayer(ctx) : "";
  const ghosts = ghostsLayer(ctx);
  const bases = basesLayer(ctx);
  // A fight step's declared attacks: lines, chains, the models that cannot fight faded.
  const attacks = attackLayer(ctx);
  const objectives = objectivesLayer(ctx);
  const arrows = arrowsLayer(ctx);
  const problems = problemsLayer(ctx);
  const labels = [
    arrows.placeLabels(),
    problems.placeLabels(),
    attacks?.placeLabels() ?? "",
    annotations?.placeLabels() ?? "",
    unitLabelsLayer(ctx),
    objectives.placeLabels(),
    terrain.placeLabels(),
  ].join("");

  let y = boardY + boardH + 10;
  const bar = scaleBar(ctx, boardX, y);
  y += bar.height + 8;
  const cap = caption(ctx, MARGIN, y, contentW);
  y += cap.height + (cap.height > 0 ? 6 : 0);
  const list = problemList(ctx, MARGIN, y, contentW);
  y += list.height;
  const note = regionNote(ctx, region, MARGIN, y, contentW);
  y += note.height;
  const callouts = calloutList(ctx, show, MARGIN, y);
  y += callouts.height;
  const key =
    options.legend === false
      ? { svg: "", height: 0 }
      : legend(ctx, MARGIN, y + 4, contentW, {
          halos: !!options.halos,
          coherency: !!options.coherency,
          region: region !== undefined,
          attacks: attacks !== undefined,
        });
  y += key.height + (key.height > 0 ? 4 : 0) + MARGIN - 6;
  const height = Math.ceil(y);

  const onBoard = [
    board,
    terrain.shapes,
    objectives.shapes,
    regionShapes,
    annotations?.shapes ?? "",
    halos,
    links,
    ghosts,
    attacks?.lines ?? "",
    bases,
    attacks?.faded ?? "",
    attacks?.shapes ?? "",
    problems.shapes,
    arrows.arrows,
    labels,
  ].join("");
  // A cropped view shows only its window of the board: a nested <svg> clips it (same coordinates), its edge drawn as the window's.
  const viewBox = `${num(boardX)} ${num(boardY)} ${num(boardW)} ${num(boardH)}`;
  const shownBoard = cropped
    ? el("svg", { class: "view", x: num(boardX), y: num(boardY), width: num(boardW), height: num(boardH), viewBox }, onBoard) +
      el("rect", {
        class: "view-edge",
        x: num(boardX),
        y: num(boardY),
        width: num(boardW),
        height: num(boardH),
        fill: "none",
        stroke: theme.boardEdge,
        "stroke-width": 1,
        "stroke-dasharray": "6 3",
      })
    : onBoard;
  const body = [
    options.embedSource === undefined ? "" : sourceMetadata(options.embedSource),
    el("title", {}, escapeText(scenario.title)),
    el("rect", { width: num(width), height, fill: theme.background }),
    header(ctx, MARGIN, MARGIN).svg,
    shownBoard,
    bar.svg,
    cap.svg,
    list.svg,
    note.svg,
    callouts.svg,
    key.svg,
  ].join("");
  const root = el(
    "svg",
    {
      xmlns: "http://www.w3.org/2000/svg",
      width: num(width),
      height,
      viewBox: `0 0 ${num(width)} ${height}`,
      "font-family": theme.font,
      class: `ruleboard-board theme-${theme.name}`,
      "data-step": frame.step,
      "data-theme": theme.name,
    },
    body,
  );
  return `${root}\n`;
}
