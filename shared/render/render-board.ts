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
import { el, escapeText, num } from "./svg-text";
import { terrainLayer } from "./terrain-layer";
import { themeOf } from "./theme";

const MARGIN = 20;
/** Narrow boards still get a picture wide enough for the caption and legend. */
const MIN_WIDTH = 560;

/** Where `renderBoard` puts the board in the picture (inches → px), and the picture's width. */
export function layoutOf(scenario: Scenario, options: Pick<RenderOptions, "scale"> = {}): { proj: { scale: number; x0: number; y0: number }; width: number } {
  const asked = options.scale !== undefined && Number.isFinite(options.scale) && options.scale > 0 ? options.scale : DEFAULT_SCALE;
  // A board of hundreds of inches is drawn smaller, so the picture never outgrows MAX_BOARD_PX.
  const scale = Math.min(asked, MAX_BOARD_PX / Math.max(scenario.board.width, scenario.board.height));
  const boardW = scenario.board.width * scale;
  const width = Math.max(MIN_WIDTH, boardW + 2 * MARGIN);
  return { proj: { scale, x0: (width - boardW) / 2, y0: MARGIN + 46 + 8 }, width };
}

/**
 * Draws the board of `frame` (from `boardFrame(scenario, problems, step)`). Elements carry
 * `data-model`, `data-unit`, `data-problem` (a code) and `data-offset` (the start offset in the
 * scenario text of what they show, for revealing the source); the root and the caption carry
 * `data-step` (the 0-based step index, as in `Problem.step`; absent for the set-up).
 */
export function renderBoard(scenario: Scenario, frame: BoardFrame, options: RenderOptions = {}): string {
  const { proj, width } = layoutOf(scenario, options);
  const { scale, x0: boardX, y0: boardY } = proj;
  const theme = themeOf(options.theme ?? "light");
  const { system } = resolveSystem(options.rules ?? scenario.rules.value, options.rulings ?? scenario.rulings.map((r) => r.id));
  const boardH = scenario.board.height * scale;
  const contentW = width - 2 * MARGIN;
  const models = new Map<string, ModelFrame>(frame.models.map((m) => [m.id, m]));
  const ctx: RenderContext = {
    scenario,
    frame,
    theme,
    system,
    proj,
    // Labels may spill a little past the board edge, but not off the picture.
    placer: new LabelPlacer({ x: MARGIN / 2, y: boardY - 4, w: width - MARGIN, h: boardH + 8 }),
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
  const objectives = objectivesLayer(ctx);
  const arrows = arrowsLayer(ctx);
  const problems = problemsLayer(ctx);
  const labels = [
    arrows.placeLabels(),
    problems.placeLabels(),
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
      : legend(ctx, MARGIN, y + 4, contentW, { halos: !!options.halos, coherency: !!options.coherency, region: region !== undefined });
  y += key.height + (key.height > 0 ? 4 : 0) + MARGIN - 6;
  const height = Math.ceil(y);

  const body = [
    options.embedSource === undefined ? "" : sourceMetadata(options.embedSource),
    el("title", {}, escapeText(scenario.title)),
    el("rect", { width: num(width), height, fill: theme.background }),
    header(ctx, MARGIN, MARGIN).svg,
    board,
    terrain.shapes,
    objectives.shapes,
    regionShapes,
    annotations?.shapes ?? "",
    halos,
    links,
    ghosts,
    bases,
    problems.shapes,
    arrows.arrows,
    labels,
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
