import { ErrorCodes, LSPErrorCodes, RequestType, ResponseError } from "vscode-languageserver/node";
import type { Connection, TextDocuments } from "vscode-languageserver/node";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { compareSystems } from "../shared/engine/compare";
import { COMPARE_METHOD } from "../shared/protocol/messages";
import type { CompareParams, CompareResponse } from "../shared/protocol/messages";
import { describeError } from "./errors";

/** The `ruleboard/compare` request, typed from the shared method name. */
export const CompareRequest = new RequestType<CompareParams, CompareResponse, void>(COMPARE_METHOD);

/**
 * Answers `ruleboard/compare` for an open document from `compareSystems`, the same function the
 * CLI's `compare` uses. Bad system names are an answer (`ok: false`), not a protocol error;
 * malformed parameters are InvalidParams. Not cached: it runs once per command, never per keystroke.
 */
export function compareOf(params: CompareParams | undefined, documents: TextDocuments<TextDocument>, connection: Connection): CompareResponse {
  if (typeof params?.uri !== "string" || !Array.isArray(params.specs) || !params.specs.every((s) => typeof s === "string")) {
    throw new ResponseError(ErrorCodes.InvalidParams, `${COMPARE_METHOD} needs { uri: string, specs: string[] }`);
  }
  const document = documents.get(params.uri);
  if (document === undefined) return null;
  try {
    return { ...compareSystems(document.getText(), params.specs), version: document.version };
  } catch (error) {
    // compareSystems catches engine failures itself; this is a last line of defence.
    connection.console.error(`Ruleboard: comparing ${params.uri} (version ${document.version}) failed: ${describeError(error)}`);
    throw new ResponseError(LSPErrorCodes.RequestFailed, `Ruleboard could not compare ${params.uri}; see the server log.`);
  }
}
