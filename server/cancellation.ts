import { LSPErrorCodes } from "vscode-languageserver/node";
import type { Message, ResponseMessage } from "vscode-languageserver/node";

/**
 * Requests run one at a time, so a request the client cancels while it still waits in the queue
 * (a board for a version the preview no longer wants, a hover the cursor has left) is answered
 * RequestCancelled at once and never run: a burst of superseded requests costs nothing.
 */
export function cancelUndispatched(message: Message): ResponseMessage | undefined {
  const request = message as Partial<{ id: number | string; method: string }>;
  if (request.id === undefined) return undefined;
  return {
    jsonrpc: "2.0",
    id: request.id,
    error: { code: LSPErrorCodes.RequestCancelled, message: `${request.method ?? "the request"} was cancelled before it ran` },
  };
}
