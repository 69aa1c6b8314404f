import { ErrorCodes, LSPErrorCodes, RequestType, ResponseError } from "vscode-languageserver/node";
import type { Connection, TextDocuments } from "vscode-languageserver/node";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { boardFrame, stepAt } from "../shared/engine/frame";
import type { Analysis } from "../shared/engine/analyze";
import type { Step } from "../shared/model/scenario";
import { BOARD_METHOD } from "../shared/protocol/messages";
import type { BoardParams, BoardResult, BoardTheme, EditableBoard, StepSpan } from "../shared/protocol/messages";
import { isThemeName, layoutOf, renderBoard, type RenderOptions } from "../shared/render/index";
import { rememberedRegion } from "../shared/engine/region";
import { placementLock } from "../shared/language/edit/index";
import { editableModels } from "../shared/language/board/index";
import type { DocumentAnalyses } from "./document-analyses";
import { describeError } from "./errors";

/** The `ruleboard/board` request, typed from the shared method name. */
export const BoardRequest = new RequestType<BoardParams, BoardResult | null, void>(BOARD_METHOD);

/**
 * How long a legal region may take (a region is a few hundred trials of its step; at 2,000 models
 * about a second on a loaded machine): past it the outline is cut short with a note, so one
 * request cannot hold the server (and every keystroke's diagnostics) for longer.
 */
const REGION_DEADLINE_MS = 3_000;

function deadline(ms: number): () => boolean {
  const end = Date.now() + ms;
  return () => Date.now() > end;
}

/**
 * Answers `ruleboard/board` for an open document from the cached analysis the diagnostics were
 * published from. Malformed parameters are InvalidParams; an internal failure is logged and
 * reported as RequestFailed (the preview then keeps its last board).
 */
export function boardOf(
  params: BoardParams | undefined,
  documents: TextDocuments<TextDocument>,
  analyses: DocumentAnalyses,
  connection: Connection,
): BoardResult | null {
  if (!validParams(params)) {
    throw new ResponseError(
      ErrorCodes.InvalidParams,
      `${BOARD_METHOD} needs { uri: string, step?: number | null, at?: number, theme?: light|dark|high-contrast|print, region?: model id, view?: auto|board }`,
    );
  }
  const document = documents.get(params.uri);
  if (document === undefined) return null;
  try {
    const { version, analysis } = analyses.get(document);
    return boardResult(analysis, version, params, document.getText());
  } catch (error) {
    connection.console.error(`Ruleboard: drawing ${params.uri} (version ${document.version}) failed: ${describeError(error)}`);
    throw new ResponseError(LSPErrorCodes.RequestFailed, `Ruleboard could not draw ${params.uri}; see the server log.`);
  }
}

/**
 * The board of one analysed text at the step `params` asks for (by `at`, else `step`). Pure:
 * exported so the browser test serves exactly what the server would send.
 */
export function boardResult(analysis: Analysis, version: number, params: Omit<BoardParams, "uri">, text?: string): BoardResult {
  const scenario = analysis.scenario;
  if (scenario === undefined) {
    return { version, parsed: false, title: "", stepCount: 0, step: null, steps: [], problems: analysis.problems };
  }
  const steps = scenario.steps.map(spanOfStep);
  const step = params.at !== undefined ? stepAt(steps, params.at) : stepAtOrBefore(steps, params.step ?? null);
  const frame = boardFrame(scenario, analysis.problems, step ?? undefined);
  // The legal region of the selected model, when the shown step moves it.
  const region =
    params.region !== undefined && step !== null ? rememberedRegion(scenario, step, params.region, { expired: deadline(REGION_DEADLINE_MS) }) : undefined;
  const shaded = region && region.samples > 0 ? region : undefined;
  const view = params.view === undefined ? {} : { view: params.view };
  const svg = renderBoard(scenario, frame, { theme: params.theme ?? "light", ...view, ...(shaded && { region: shaded }) } as RenderOptions);
  const editable: EditableBoard = {
    proj: layoutOf(scenario, view, frame).proj,
    board: { width: scenario.board.width, height: scenario.board.height },
    ...editableModels(scenario, frame, step, (model) => (text === undefined ? undefined : placementLock(text, analysis, step, model))),
  };
  return {
    version,
    parsed: true,
    title: scenario.title,
    stepCount: scenario.steps.length,
    step,
    steps,
    svg,
    frame,
    problems: analysis.problems,
    editable,
    ...(region && { region }),
  };
}

/** `wanted` if it is a step's index, else the last step before it; `null` (the set-up) below the first. */
function stepAtOrBefore(steps: readonly StepSpan[], wanted: number | null): number | null {
  if (wanted === null) return null;
  let found: number | null = null;
  for (const s of steps) {
    if (s.index > wanted) break;
    found = s.index;
  }
  return found;
}

function spanOfStep(step: Step): StepSpan {
  return { index: step.index, start: step.span.start, end: step.span.end };
}

function validParams(params: BoardParams | undefined): params is BoardParams {
  if (typeof params?.uri !== "string") return false;
  if (params.step !== undefined && params.step !== null && !Number.isInteger(params.step)) return false;
  if (params.at !== undefined && !(Number.isInteger(params.at) && params.at >= 0)) return false;
  if (params.region !== undefined && (typeof params.region !== "string" || params.region.length > 200)) return false;
  if (params.view !== undefined && params.view !== "auto" && params.view !== "board") return false;
  return params.theme === undefined || (typeof params.theme === "string" && isThemeName(params.theme as BoardTheme));
}
