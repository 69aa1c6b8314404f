import { ErrorCodes, LSPErrorCodes, RequestType, ResponseError } from "vscode-languageserver/node";
import type { Connection, TextDocuments } from "vscode-languageserver/node";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { spotProbe } from "../shared/engine/region";
import { PROBE_METHOD } from "../shared/protocol/messages";
import type { ProbeParams, ProbeResult } from "../shared/protocol/messages";
import type { DocumentAnalyses } from "./document-analyses";
import { describeError } from "./errors";

/** The `ruleboard/probe` request, typed from the shared method name. */
export const ProbeRequest = new RequestType<ProbeParams, ProbeResult, void>(PROBE_METHOD);

/** Answers `ruleboard/probe`: the checker's verdict on one end spot, from the analysis of exactly `version`. */
export function probeOf(
  params: ProbeParams | undefined,
  documents: TextDocuments<TextDocument>,
  analyses: DocumentAnalyses,
  connection: Connection,
): ProbeResult {
  if (!validParams(params)) {
    throw new ResponseError(ErrorCodes.InvalidParams, `${PROBE_METHOD} needs { uri: string, version: integer, step: integer, model: string, at: [x, y] }`);
  }
  const document = documents.get(params.uri);
  if (document === undefined || document.version !== params.version) return null;
  try {
    const scenario = analyses.get(document).analysis.scenario;
    if (scenario === undefined) return null;
    const probe = spotProbe(scenario, params.step, params.model);
    if ("note" in probe) return { note: probe.note };
    const v = probe.classify({ x: params.at[0], y: params.at[1] });
    return { spot: v.spot, reasons: [...v.model, ...v.unit].map((p) => p.message) };
  } catch (error) {
    connection.console.error(`Ruleboard: probing ${params.uri} failed: ${describeError(error)}`);
    throw new ResponseError(LSPErrorCodes.RequestFailed, `Ruleboard could not judge that spot; see the server log.`);
  }
}

function validParams(params: ProbeParams | undefined): params is ProbeParams {
  if (typeof params?.uri !== "string" || !Number.isInteger(params.version) || !Number.isInteger(params.step) || params.step < 0) return false;
  if (typeof params.model !== "string" || params.model.length > 200) return false;
  return (
    Array.isArray(params.at) && params.at.length === 2 && params.at.every((v: unknown) => typeof v === "number" && Number.isFinite(v) && Math.abs(v) <= 1000)
  );
}
