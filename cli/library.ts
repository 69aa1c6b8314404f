/**
 * The library entry point of the npm package (`require("ruleboard")`, `import … from "ruleboard"`):
 * what a script needs to check scenarios and draw boards without the command line. It is the
 * public API, documented in docs/ci.md; everything else in the bundle is internal.
 *
 *     const { analyze, boardFrame, renderBoard } = require("ruleboard");
 *     const analysis = analyze(text);                       // problems with offsets into text
 *     for (const p of analysis.problems) console.log(analysis.lines.lineCol(p.span.start), p.code, p.message);
 *     if (analysis.scenario) {
 *       const frame = boardFrame(analysis.scenario, analysis.problems, undefined); // after the last step
 *       const svg = renderBoard(analysis.scenario, frame, { theme: "light" });
 *     }
 *
 * Bundled by scripts/pack-cli.mjs (dist/library.js, with its .d.ts), not by esbuild.mjs: the
 * extension and the repository's CLI do not use it.
 */

/** Checks one scenario text: parse, replay through the rules engine, every finding with its span. Pure, never throws. */
export { analyze } from "../shared/engine/analyze";
export type { Analysis, AnalyzeOptions } from "../shared/engine/analyze";

/** Parses a scenario text into the model without checking the rules (`{ scenario?, problems }`). */
export { parseScenario as parse } from "../shared/parse/parse-scenario";

/** Markdown documents: every fenced `ruleboard` block checked, its findings at Markdown offsets. */
export { analyzeMarkdown, findScenarioBlocks, parseInfoString } from "../shared/markdown/index";
export type { BlockAnalysis, InfoString, MarkdownAnalysis, ScenarioBlock } from "../shared/markdown/index";

/** The public diagnostic codes and their one-sentence meanings (docs/codes.md). */
export { CODES, isCode } from "../shared/diagnostics/codes";
export type { Code } from "../shared/diagnostics/codes";
export type { Problem, RelatedInfo, Severity, Measure } from "../shared/diagnostics/problem";
export { LineIndex } from "../shared/source/span";
export type { Span } from "../shared/source/span";
export type * from "../shared/model/scenario";

/** The board after a step, and the board as SVG (the renderer of the preview, the CLI and Markdown). */
export { boardFrame } from "../shared/engine/frame";
export type { BoardFrame, ModelFrame, MoveFrame } from "../shared/engine/frame";
export { renderBoard, renderHtmlPage, extractSource, THEME_NAMES, isThemeName } from "../shared/render/index";
export type { RenderOptions, ThemeName, HtmlBoard, HtmlNotice, HtmlPageItem, HtmlPageOptions } from "../shared/render/index";

/** One scenario under several rules systems, step by step (`ruleboard compare`). */
export { compareSystems } from "../shared/engine/compare";
export type { CompareResult, Comparison, ComparisonFailure } from "../shared/engine/compare";

/** An SVG from renderBoard as PNG at twice its size (needs @resvg/resvg-js, a dependency of the package). */
export { svgToPng } from "../node/png";
