import { ErrorCodes, LSPErrorCodes, RequestType, ResponseError } from "vscode-languageserver/node";
import type { Connection, TextDocuments } from "vscode-languageserver/node";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { placementEdits } from "../shared/language/edit/index";
import { PLACE_METHOD } from "../shared/protocol/messages";
import type { PlaceParams, PlaceResult } from "../shared/protocol/messages";
import type { DocumentAnalyses } from "./document-analyses";
import { describeError } from "./errors";

/** The `ruleboard/place` request, typed from the shared method name. */
export const PlaceRequest = new RequestType<PlaceParams, PlaceResult, void>(PLACE_METHOD);

/** At most this many models move in one request (a selection dragged together). */
const MAX_MOVES = 1000;

/**
 * Answers `ruleboard/place`: the edits that write the dragged models' end positions, computed on
 * the analysis of exactly the version the board was drawn from. A request for another version is
 * refused as stale (the user typed meanwhile; the board redraws from the new text).
 */
export function placeOf(
  params: PlaceParams | undefined,
  documents: TextDocuments<TextDocument>,
  analyses: DocumentAnalyses,
  connection: Connection,
): PlaceResult {
  if (!validParams(params)) {
    throw new ResponseError(
      ErrorCodes.InvalidParams,
      `${PLACE_METHOD} needs { uri: string, version: integer, step: integer | null, moves: [{ model: string, to: [x, y] }] } (at most ${MAX_MOVES} moves, finite numbers)`,
    );
  }
  const document = documents.get(params.uri);
  if (document === undefined) return null;
  if (document.version !== params.version) {
    return { version: document.version, refused: "The scenario changed since this board was drawn; nothing was written.", stale: true };
  }
  try {
    const { analysis } = analyses.get(document);
    const result = placementEdits(document.getText(), analysis, params.step, params.moves);
    if ("refused" in result) return { version: document.version, refused: result.refused };
    return { version: document.version, edits: result.edits.map((e) => ({ start: e.span.start, end: e.span.end, newText: e.newText })) };
  } catch (error) {
    connection.console.error(`Ruleboard: placing models in ${params.uri} failed: ${describeError(error)}`);
    throw new ResponseError(LSPErrorCodes.RequestFailed, `Ruleboard could not move the models in ${params.uri}; see the server log.`);
  }
}

function validParams(params: PlaceParams | undefined): params is PlaceParams {
  if (typeof params?.uri !== "string" || !Number.isInteger(params.version)) return false;
  if (params.step !== null && !(Number.isInteger(params.step) && params.step >= 0)) return false;
  if (!Array.isArray(params.moves) || params.moves.length === 0 || params.moves.length > MAX_MOVES) return false;
  return params.moves.every(
    (m) =>
      typeof m?.model === "string" &&
      Array.isArray(m.to) &&
      m.to.length === 2 &&
      m.to.every((v: unknown) => typeof v === "number" && Number.isFinite(v) && Math.abs(v) <= 1000),
  );
}
