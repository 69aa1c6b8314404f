import type { Problem } from "../diagnostics/problem";
import type { CompareResult } from "../engine/compare";
import type { BoardFrame } from "../engine/frame";
import type { RegionResult } from "../engine/region";
import type { EditableBoard } from "../language/board/editable";

/**
 * Custom LSP messages between the Ruleboard client (and its board preview) and the server.
 * Only names and types live here, so both sides agree on them; each side builds its own
 * `RequestType` from the method name, which keeps `shared/` free of LSP library imports.
 */

/**
 * `ruleboard/analysis`: the server's current analysis of an open document, the same one its
 * published diagnostics were built from, so a preview and the Problems panel never disagree.
 */
export const ANALYSIS_METHOD = "ruleboard/analysis";

/** Parameters of {@link ANALYSIS_METHOD}. */
export interface AnalysisParams {
  /** The document's URI exactly as the client opened it. */
  readonly uri: string;
}

/**
 * Result of {@link ANALYSIS_METHOD}; `null` when the server has no open document with that URI.
 * Plain JSON: `problems` keep their offset spans (convert them with the document's text).
 */
export interface AnalysisResult {
  /** The document version the problems were computed for. */
  readonly version: number;
  readonly problems: readonly Problem[];
}

/**
 * `ruleboard/compare`: re-checks an open document under several rules systems and sets the
 * verdicts side by side, step by step (the editor's "Compare Rules Systems…" command).
 */
export const COMPARE_METHOD = "ruleboard/compare";

/** Parameters of {@link COMPARE_METHOD}. */
export interface CompareParams {
  /** The document's URI exactly as the client opened it. */
  readonly uri: string;
  /** Systems as the command line writes them: `11e`, `10e`, `10e+club`. */
  readonly specs: readonly string[];
}

/**
 * Result of {@link COMPARE_METHOD}: exactly what `compareSystems(text, specs)` returns for the
 * document's current text (unknown systems come back as `{ ok: false, reason: "systems" }`), with
 * the version it was computed for; `null` when the server has no open document with that URI.
 */
export type CompareResponse = (CompareResult & { readonly version: number }) | null;

/**
 * `ruleboard/board`: the board preview's picture of an open document at one step, drawn from the
 * same cached analysis as the published diagnostics (so the board and the Problems panel agree).
 */
export const BOARD_METHOD = "ruleboard/board";

/** The renderer themes the preview asks for (the same names as `ThemeName` in shared/render). */
export type BoardTheme = "light" | "dark" | "high-contrast" | "print";

/** Parameters of {@link BOARD_METHOD}. */
export interface BoardParams {
  /** The document's URI exactly as the client opened it. */
  readonly uri: string;
  /**
   * The step to show (0-based, as `Problem.step`); `null` or absent for the set-up. A number that
   * is no step's index shows the last step before it (the set-up below the first step).
   */
  readonly step?: number | null;
  /**
   * A cursor offset (UTF-16, into the server's current text). When given it wins over `step`:
   * the board shows the step whose span contains it, between steps the one before, and the
   * set-up above the first step.
   */
  readonly at?: number;
  /** Colours of the picture (default `light`). */
  readonly theme?: BoardTheme;
  /**
   * A model id: shade where that model may end its move in the shown step (its legal region,
   * engine/region.ts), and return the region as data in `BoardResult.region`.
   */
  readonly region?: string;
  /** The part of the board to draw, over the scenario's `view:`: cropped to the action, or the whole board. */
  readonly view?: "auto" | "board";
}

/** Where one step is written, so the client can tell whether a cursor move leaves the shown step. */
export interface StepSpan {
  /** The step's index in `steps:` (0-based; a step the parser dropped leaves a gap). */
  readonly index: number;
  /** Offsets of the whole sequence item, end exclusive. */
  readonly start: number;
  readonly end: number;
}

/**
 * Result of {@link BOARD_METHOD}; `null` when the server has no open document with that URI.
 * `parsed: false` means the text is not a scenario (no `svg`, no `frame`): `problems` say why,
 * and the preview keeps its last good board under a banner.
 */
export interface BoardResult {
  /** The document version everything here was computed from. */
  readonly version: number;
  readonly parsed: boolean;
  /** The scenario's title ("" when it does not parse). */
  readonly title: string;
  readonly stepCount: number;
  /** The step shown (0-based), `null` for the set-up. */
  readonly step: number | null;
  /** Each step's span, in order (empty when the text does not parse). */
  readonly steps: readonly StepSpan[];
  /** The picture, already escaped by the renderer. */
  readonly svg?: string;
  /** The board the picture shows (`boardFrame`'s output). */
  readonly frame?: BoardFrame;
  /** Every problem of the analysis: exactly those the diagnostics were built from. */
  readonly problems: readonly Problem[];
  /** What the preview needs to let the user drag models (absent when the text does not parse). */
  readonly editable?: EditableBoard;
  /** The legal region asked for with `BoardParams.region` (drawn into `svg` too). */
  readonly region?: RegionResult;
}

export type { EditableBoard, EditableModel, Projection } from "../language/board/editable";

/** The legal region of a move (engine/region.ts): GeoJSON-style MultiPolygons in board inches. */
export type { MultiPolygon, RegionResult } from "../engine/region";

/**
 * `ruleboard/place`: the text edits that put models at new end positions in one step (the board
 * preview's drag and nudges), computed on the server's text of exactly `version`
 * (language/edit `placementEdits`). The client applies them only while the document is still at
 * that version: typing always wins.
 */
export const PLACE_METHOD = "ruleboard/place";

/** Parameters of {@link PLACE_METHOD}. */
export interface PlaceParams {
  readonly uri: string;
  /** The document version the board that was dragged was drawn from. */
  readonly version: number;
  /** The step to write to (0-based index), `null` for the set-up. */
  readonly step: number | null;
  readonly moves: readonly ModelPlacement[];
}

/** An edit of {@link PlaceResult}: offsets (UTF-16, end exclusive) into the text of `version`. */
export interface PlaceEdit {
  readonly start: number;
  readonly end: number;
  readonly newText: string;
}

/**
 * Result of {@link PLACE_METHOD}: the edits, or why nothing can be written (a position written as
 * an alias, another unit's model, the text moved on: `stale`); `null` when the document is not open.
 */
export type PlaceResult =
  { readonly version: number; readonly edits: readonly PlaceEdit[] } | { readonly version: number; readonly refused: string; readonly stale?: boolean } | null;

/**
 * `ruleboard/probe`: what the checker says of one end spot of one model in one step (the board's
 * "why not here?" while hovering its legal region): `legal`, `unit` (fine for the model, its unit
 * then fails) or `illegal`, with the findings' messages.
 */
export const PROBE_METHOD = "ruleboard/probe";

export interface ProbeParams {
  readonly uri: string;
  readonly version: number;
  readonly step: number;
  readonly model: string;
  readonly at: readonly [number, number];
}

/** Result of {@link PROBE_METHOD}; `null` when the document is not open or moved on from `version`. */
export type ProbeResult = { readonly spot: "legal" | "unit" | "illegal"; readonly reasons: readonly string[] } | { readonly note: string } | null;

/** One model's new end position, as the preview asks for it. */
export interface ModelPlacement {
  readonly model: string;
  readonly to: readonly [number, number];
}

/** Messages from the extension to the board preview's webview. */
export type ToPreviewMessage =
  /** A new picture: replaces the board, clears any banner. */
  | {
      readonly type: "board";
      readonly uri: string;
      readonly version: number;
      readonly title: string;
      readonly svg: string;
      readonly step: number | null;
      /** The steps that can be shown, by index (the slider's stops after the set-up). */
      readonly steps: readonly number[];
      /** How many steps the scenario has (for "step N of M"). */
      readonly stepCount: number;
      /** What a drag may move (absent: the board cannot be edited). */
      readonly editable?: EditableBoard;
      /** The models selected on the board, kept across redraws. */
      readonly selected?: readonly string[];
    }
  /** A drag or nudge wrote nothing: say why (a position the board cannot rewrite, a text that changed meanwhile). */
  | { readonly type: "refused"; readonly message: string }
  /** The answer to a `probe`: what the checker says of that spot for the selected model. */
  | { readonly type: "probed"; readonly at: readonly [number, number]; readonly text: string }
  /** The board cannot be brought up to date (the text does not parse, the document closed): keep the last board, show `message` in a banner. */
  | { readonly type: "stale"; readonly uri: string; readonly version?: number; readonly message: string }
  /** Nothing to draw (no scenario open, or the server is not running). */
  | { readonly type: "empty"; readonly message: string };

/** Messages from the board preview's webview to the extension. */
export type FromPreviewMessage =
  /** The script has loaded and listens: send the current board. */
  | { readonly type: "ready" }
  /** Something on the board was clicked: show this offset of the source. */
  | { readonly type: "reveal"; readonly offset: number }
  /** The slider or the previous/next buttons chose a step (`null`: the set-up). */
  | { readonly type: "step"; readonly step: number | null }
  /**
   * A drag or a burst of nudges ended: write these end positions into `step` (`null`: the set-up)
   * of the document at `version`, as one edit. An edit for an older version is dropped.
   */
  | { readonly type: "move"; readonly version: number; readonly step: number | null; readonly moves: readonly ModelPlacement[] }
  /** The selection changed (click, Shift-click, Tab); one model selected shades its legal region. */
  | { readonly type: "select"; readonly models: readonly string[] }
  /** The pointer rests over the board with one model selected: why could it (not) end its move here? */
  | { readonly type: "probe"; readonly version: number; readonly step: number | null; readonly model: string; readonly at: readonly [number, number] }
  /** "Fit to action" / "Fit to board": draw the board cropped to the action, or whole (over the scenario's `view:`). */
  | { readonly type: "view"; readonly view: "auto" | "board" }
  /** Ctrl+Z / Ctrl+Shift+Z with the board focused: the document's own undo and redo. */
  | { readonly type: "undo" }
  | { readonly type: "redo" };

/**
 * What the webview keeps with `vscode.setState`: VS Code hands it back to the panel serializer
 * after a window reload, so the preview reopens on the same document with the same view.
 */
export interface PreviewState {
  /** The document shown. */
  readonly uri?: string;
  /** Pan (px) and zoom (1 = fit to width) of the board. */
  readonly view?: { readonly x: number; readonly y: number; readonly zoom: number };
}

/**
 * `ruleboard/export`: pictures of an open document for rules documents ("Export Board as SVG/PNG"),
 * drawn from the same cached analysis as the diagnostics and the preview. Every SVG embeds the
 * scenario text (so `ruleboard render --extract` gives it back); PNGs are those SVGs at twice
 * their size, as the CLI makes them.
 */
export const EXPORT_METHOD = "ruleboard/export";

/** The picture formats of {@link EXPORT_METHOD}. */
export type ExportFormat = "svg" | "png";

/** Parameters of {@link EXPORT_METHOD}. */
export interface ExportParams {
  /** The document's URI exactly as the client opened it. */
  readonly uri: string;
  readonly format: ExportFormat;
  /**
   * The step to draw (0-based, as `Problem.step`); `null` or absent for the set-up. A number that is
   * no step's index draws the last step before it, as in {@link BOARD_METHOD}. Ignored with `all`.
   */
  readonly step?: number | null;
  /** A cursor offset: when given it wins over `step`, with {@link BOARD_METHOD}'s rule. Ignored with `all`. */
  readonly at?: number;
  /** Every step, the set-up first, as numbered files (as `ruleboard render --all`). */
  readonly all?: boolean;
  /** Colours of the pictures (default `light`, as the CLI's). */
  readonly theme?: BoardTheme;
  /**
   * The part of the board drawn, over the scenario's `view:` (as the CLI's `--view` and the
   * preview's Fit to action / Fit to board): `auto` crops to the action, `board` the whole board.
   */
  readonly view?: "auto" | "board";
}

/** One picture of {@link EXPORT_METHOD}'s result. */
export interface ExportFile {
  /**
   * A file name without folders: `NN-<doc>.<format>` for every step (NN counts from 00, the set-up,
   * as `ruleboard render --all` names them), `<doc>-step-N.<format>` for one step (N as the CLI's
   * `--step N`: 1-based, 0 the set-up).
   */
  readonly name: string;
  /** The step drawn (0-based), `null` for the set-up. */
  readonly step: number | null;
  /** The SVG text, or the PNG bytes in base64. */
  readonly data: string;
}

/**
 * Result of {@link EXPORT_METHOD}; `null` when the server has no open document with that URI. A text
 * that is not a scenario fails the request (RequestFailed, naming the first error and its line).
 */
export interface ExportResult {
  /** The document version the pictures were drawn from. */
  readonly version: number;
  readonly files: readonly ExportFile[];
}

/**
 * The PNG rasteriser webview (client/webview/rasterize.ts), used for PNG export where the native
 * renderer is not installed: the extension sends SVG boards, the page answers with PNG bytes.
 */
export interface RasterizeRequest {
  readonly type: "rasterize";
  readonly id: number;
  readonly svg: string;
  /** PNG pixels per SVG pixel (the CLI's PNGs use 2). */
  readonly zoom: number;
}

/** The rasteriser's answer to one {@link RasterizeRequest}, or `ready` once the page listens. */
export type RasterizeReply = { readonly type: "ready" } | { readonly type: "rasterized"; readonly id: number; readonly png?: string; readonly error?: string };

/**
 * `ruleboard/memoryUsage`: the server's memory, for benchmarks and bug reports (as rust-analyzer's
 * memory-usage request). No parameters. When the server runs with `--expose-gc` it collects
 * garbage first (`collected: true`), so `heapUsed` is what the open documents really hold.
 */
export const MEMORY_METHOD = "ruleboard/memoryUsage";

/** Result of {@link MEMORY_METHOD}, in bytes. */
export interface MemoryResult {
  readonly collected: boolean;
  readonly heapUsed: number;
  readonly heapTotal: number;
  readonly rss: number;
  readonly external: number;
}
