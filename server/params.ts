import { ErrorCodes, ResponseError } from "vscode-languageserver/node";
import type { Position, Range } from "vscode-languageserver/node";

/**
 * Checks of request parameters for the editor features: a malformed request is answered with
 * InvalidParams naming what was expected, never with an exception from deep inside a handler.
 */

function isCount(n: unknown): n is number {
  return typeof n === "number" && Number.isInteger(n) && n >= 0;
}

function isPosition(p: unknown): p is Position {
  const q = p as Position | undefined;
  return isCount(q?.line) && isCount(q?.character);
}

function isRange(r: unknown): r is Range {
  const q = r as Range | undefined;
  return isPosition(q?.start) && isPosition(q?.end);
}

/** `params.textDocument.uri` as a string, or InvalidParams for `method`. */
export function documentUri(params: unknown, method: string): string {
  const uri = (params as { textDocument?: { uri?: unknown } } | undefined)?.textDocument?.uri;
  if (typeof uri !== "string") throw new ResponseError(ErrorCodes.InvalidParams, `${method} needs a textDocument.uri`);
  return uri;
}

/** `params.range` as a Range, or InvalidParams for `method`. */
export function requestRange(params: unknown, method: string): Range {
  const range = (params as { range?: unknown } | undefined)?.range;
  if (!isRange(range)) throw new ResponseError(ErrorCodes.InvalidParams, `${method} needs a range { start, end } of { line, character }`);
  return range;
}

/** `params.textDocument.uri` and `params.position` (a text-document position request), or InvalidParams. */
export function documentPosition(params: unknown, what: string): { uri: string; position: Position } {
  const uri = documentUri(params, what);
  const position = (params as { position?: unknown } | undefined)?.position;
  if (!isPosition(position)) throw new ResponseError(ErrorCodes.InvalidParams, `${what} needs a position { line, character }`);
  return { uri, position: { line: position.line, character: position.character } };
}
