import { ErrorCodes, LSPErrorCodes, RequestType, ResponseError } from "vscode-languageserver/node";
import type { Connection, TextDocuments } from "vscode-languageserver/node";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { Problem } from "../shared/diagnostics/problem";
import { boardFrame } from "../shared/engine/frame";
import type { Scenario } from "../shared/model/scenario";
import { EXPORT_METHOD } from "../shared/protocol/messages";
import type { BoardTheme, ExportFile, ExportParams, ExportResult } from "../shared/protocol/messages";
import { isThemeName, renderBoard } from "../shared/render/index";
import { stepAt } from "../shared/engine/frame";
import { svgToPng } from "../node/png";
import type { DocumentAnalyses } from "./document-analyses";
import { describeError } from "./errors";

/** The `ruleboard/export` request, typed from the shared method name. */
export const ExportRequest = new RequestType<ExportParams, ExportResult | null, void>(EXPORT_METHOD);

/**
 * Answers `ruleboard/export` for an open document from the cached analysis the diagnostics were
 * published from. Malformed parameters are InvalidParams; a text that is not a scenario, a PNG
 * renderer that cannot load and internal failures are RequestFailed with a readable message.
 * Async only so that a long run of PNGs lets other messages through between pictures.
 */
export async function exportOf(
  params: ExportParams | undefined,
  documents: TextDocuments<TextDocument>,
  analyses: DocumentAnalyses,
  connection: Connection,
): Promise<ExportResult | null> {
  if (!validParams(params)) {
    throw new ResponseError(
      ErrorCodes.InvalidParams,
      `${EXPORT_METHOD} needs { uri: string, format: svg|png, step?: number | null, at?: number, all?: boolean, theme?: light|dark|high-contrast|print }`,
    );
  }
  const document = documents.get(params.uri);
  if (document === undefined) return null;
  // One snapshot: the text embedded in every picture is the text those pictures were drawn from.
  const text = document.getText();
  let version: number;
  let pictures: Picture[];
  try {
    const cached = analyses.get(document);
    version = cached.version;
    const scenario = cached.analysis.scenario;
    if (scenario === undefined) {
      const first = cached.analysis.problems.find((p) => p.severity === "error") ?? cached.analysis.problems[0];
      const where = first ? ` (line ${document.positionAt(first.span.start).line + 1}: ${first.message})` : "";
      throw new ResponseError(LSPErrorCodes.RequestFailed, `The scenario cannot be read${where}, so there is no board to export.`);
    }
    pictures = exportSvgs(scenario, cached.analysis.problems, text, params, docName(params.uri));
  } catch (error) {
    throw failure(error, params.uri, connection);
  }
  if (params.format === "svg") return { version, files: pictures.map((p) => ({ name: p.name, step: p.step, data: p.svg })) };
  const files: ExportFile[] = [];
  for (const p of pictures) {
    let png: Uint8Array;
    try {
      png = svgToPng(p.svg);
    } catch (error) {
      // svgToPng's own message says that @resvg/resvg-js could not load; anything else is ours.
      throw failure(
        error instanceof Error && error.message.startsWith("PNG export needs") ? new ResponseError(LSPErrorCodes.RequestFailed, error.message) : error,
        params.uri,
        connection,
      );
    }
    files.push({ name: p.name, step: p.step, data: Buffer.from(png).toString("base64") });
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { version, files };
}

/** One SVG to export, already named for the requested format (a PNG is made from it). */
interface Picture {
  readonly name: string;
  readonly step: number | null;
  readonly svg: string;
}

/**
 * The SVGs `params` asks for, each embedding `text`. Pure: the numbering follows
 * `ruleboard render` (1-based as written, 0 the set-up).
 */
export function exportSvgs(scenario: Scenario, problems: readonly Problem[], text: string, params: Omit<ExportParams, "uri">, doc: string): Picture[] {
  const theme = params.theme ?? "light";
  const view = params.view === undefined ? {} : { view: params.view };
  const draw = (step: number | null): string => renderBoard(scenario, boardFrame(scenario, problems, step ?? undefined), { theme, embedSource: text, ...view });
  if (params.all) {
    const steps = [null, ...scenario.steps.map((s) => s.index)];
    return steps.map((step) => ({ name: numberedName(step, scenario.stepsWritten, doc, params.format), step, svg: draw(step) }));
  }
  const starts = scenario.steps.map((s) => ({ index: s.index, start: s.span.start, end: s.span.end }));
  const step = params.at !== undefined ? stepAt(starts, params.at) : stepAtOrBefore(scenario, params.step ?? null);
  return [{ name: stepName(step, doc, params.format), step, svg: draw(step) }];
}

/**
 * `NN-<doc>.<ext>` as `ruleboard render --all` names its files: NN is the 1-based step (00 the
 * set-up), zero-padded to at least two digits and to the digits of the step count.
 */
export function numberedName(step: number | null, stepCount: number, doc: string, ext: string): string {
  const width = Math.max(2, String(stepCount).length);
  return `${String(step === null ? 0 : step + 1).padStart(width, "0")}-${doc}.${ext}`;
}

/** `<doc>-step-N.<ext>` for one picture, N as the CLI's `--step N` (1-based, 0 the set-up). */
export function stepName(step: number | null, doc: string, ext: string): string {
  return `${doc}-step-${step === null ? 0 : step + 1}.${ext}`;
}

/**
 * The document's file name without folders and without `.scenario.yaml` (or `.yaml`), as the CLI
 * names numbered outputs; characters no file system accepts become `-`; `board` if nothing is left.
 */
export function docName(uri: string): string {
  const path = uri.replace(/[?#].*$/, "");
  let last = path.slice(path.lastIndexOf("/") + 1);
  // An `untitled:Untitled-1` URI has no slash after its scheme.
  if (!path.includes("/")) last = path.slice(path.indexOf(":") + 1);
  try {
    last = decodeURIComponent(last);
  } catch {
    // A malformed escape: keep the name as written.
  }
  // eslint-disable-next-line no-control-regex -- control characters cannot be in a file name
  const name = last.replace(/(\.scenario)?\.ya?ml$/i, "").replace(/[\\/:*?"<>|\u0000-\u001f]/g, "-");
  return name === "" || name === "." || name === ".." ? "board" : name;
}

/** `wanted` if it is a step's index, else the last step before it; `null` (the set-up) below the first (as `ruleboard/board`). */
function stepAtOrBefore(scenario: Scenario, wanted: number | null): number | null {
  if (wanted === null) return null;
  let found: number | null = null;
  for (const s of scenario.steps) {
    if (s.index > wanted) break;
    found = s.index;
  }
  return found;
}

/** A ResponseError as it is; anything else logged with its stack and reported as RequestFailed. */
function failure(error: unknown, uri: string, connection: Connection): ResponseError<void> {
  if (error instanceof ResponseError) return error as ResponseError<void>;
  connection.console.error(`Ruleboard: exporting ${uri} failed: ${describeError(error)}`);
  return new ResponseError(LSPErrorCodes.RequestFailed, `Ruleboard could not export ${uri}; see the server log.`);
}

function validParams(params: ExportParams | undefined): params is ExportParams {
  if (typeof params?.uri !== "string") return false;
  if (params.format !== "svg" && params.format !== "png") return false;
  if (params.step !== undefined && params.step !== null && !Number.isInteger(params.step)) return false;
  if (params.at !== undefined && !(Number.isInteger(params.at) && params.at >= 0)) return false;
  if (params.all !== undefined && typeof params.all !== "boolean") return false;
  if (params.view !== undefined && params.view !== "auto" && params.view !== "board") return false;
  return params.theme === undefined || (typeof params.theme === "string" && isThemeName(params.theme as BoardTheme));
}
