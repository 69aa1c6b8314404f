// Malformed requests to the editor features are answered with InvalidParams (-32602), and the
// server keeps serving: no exception escapes from inside a handler.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { ErrorCodes } from "vscode-languageserver-protocol/node";
import { LspServer, scenarioUri, withTimeout } from "./harness";
import { MINIMAL } from "./fixtures";

let server: LspServer;
const uri = scenarioUri("params");

before(async () => {
  ({ server } = await LspServer.start());
  await server.open(uri, MINIMAL);
});
after(() => server?.dispose());

async function errorCodeOf(method: string, params: unknown): Promise<number | undefined> {
  try {
    await withTimeout(server.connection.sendRequest(method, params), method);
    return undefined;
  } catch (error) {
    return (error as { code?: number }).code;
  }
}

const GOOD_RANGE = { start: { line: 0, character: 0 }, end: { line: 3, character: 0 } };

for (const [method, params] of [
  ["textDocument/formatting", { options: { tabSize: 2, insertSpaces: true } }],
  ["textDocument/formatting", { textDocument: {}, options: { tabSize: 2, insertSpaces: true } }],
  ["textDocument/rangeFormatting", { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } }],
  ["textDocument/rangeFormatting", { textDocument: { uri }, range: { start: { line: 0 } }, options: { tabSize: 2, insertSpaces: true } }],
  ["textDocument/inlayHint", { textDocument: { uri } }],
  ["textDocument/inlayHint", { range: GOOD_RANGE }],
] as const) {
  test(`${method} with ${JSON.stringify(params)} is InvalidParams`, async () => {
    assert.equal(await errorCodeOf(method, params), ErrorCodes.InvalidParams);
  });
}

test("well-formed requests still answer after the malformed ones", async () => {
  const edits = await withTimeout(
    server.connection.sendRequest("textDocument/formatting", { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } }),
    "formatting",
  );
  assert.ok(Array.isArray(edits));
  const hints = await withTimeout(server.connection.sendRequest("textDocument/inlayHint", { textDocument: { uri }, range: GOOD_RANGE }), "inlay hints");
  assert.deepEqual(hints, []);
});
