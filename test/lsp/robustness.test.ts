// Hostile input must neither kill nor wedge the server: after each case it still publishes
// for a new document and still answers a request.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { LspServer, scenarioUri } from "./harness";
import { MINIMAL } from "./fixtures";

let server: LspServer;
let probes = 0;

before(async () => {
  ({ server } = await LspServer.start());
});
after(() => server?.dispose());

/** Proves the server is alive and serving: a fresh document gets its diagnostics and the request answers. */
async function assertStillServing(): Promise<void> {
  const uri = scenarioUri(`probe-${++probes}`);
  await server.open(uri, MINIMAL, 3);
  assert.deepEqual(await server.diagnostics(uri, 3), { uri, version: 3, diagnostics: [] });
  assert.deepEqual(await server.request("ruleboard/analysis", { uri }), { version: 3, problems: [] });
  assert.equal(server.child.exitCode, null, "the server process exited");
}

/** Deterministic pseudo-random code units, including NUL, control characters and lone surrogates. */
function garbage(length: number, seed: number): string {
  let x = seed;
  let out = "";
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += String.fromCharCode(x % 0x10000);
  }
  return out;
}

for (const [name, text] of [
  ["empty text", ""],
  ["binary garbage", garbage(4096, 7)],
  ["NUL bytes and control characters", "\u0000\u0001scenario:\u0000\n\u001b[31m\r\r\n\t- x"],
  ["a 1 MB single line", `scenario: ${"x".repeat(1_000_000)}`],
  ["10,000 nested flow sequences", `${"[".repeat(10_000)}${"]".repeat(10_000)}`],
  ["10,000 aliases of an anchor", `a: &x [1, 2]\nb: [${Array(10_000).fill("*x").join(", ")}]\n`],
] as const) {
  test(`${name}: diagnostics are published and the server keeps serving`, async () => {
    const uri = scenarioUri(`hostile-${name.replace(/\W+/g, "-")}`);
    await server.open(uri, text, 1);
    // Documents are analysed in the order they changed, so once the probe's diagnostics are in,
    // this document's have been published too, unless its analysis failed.
    await assertStillServing();
    const published = server.published.find((p) => p.uri === uri && p.version === 1);
    assert.ok(published !== undefined, "no diagnostics for the hostile document (analysis failed? see the server's stderr)");
    for (const d of published.diagnostics) {
      assert.equal(d.source, "ruleboard");
      assert.ok(d.range.start.line >= 0 && d.range.start.character >= 0, JSON.stringify(d.range));
    }
  });
}

test("malformed notifications (no version, null text, unknown uri) do not take the server down", async () => {
  const uri = scenarioUri("malformed");
  server.writeRaw([
    { jsonrpc: "2.0", method: "textDocument/didOpen", params: { textDocument: { uri, languageId: "ruleboard", version: 1, text: null } } },
    { jsonrpc: "2.0", method: "textDocument/didChange", params: { textDocument: { uri }, contentChanges: [{ text: "x" }] } },
    {
      jsonrpc: "2.0",
      method: "textDocument/didChange",
      params: { textDocument: { uri: scenarioUri("never-opened"), version: 2 }, contentChanges: [{ text: "x" }] },
    },
    { jsonrpc: "2.0", method: "textDocument/didClose", params: {} },
    { jsonrpc: "2.0", method: "textDocument/didOpen" },
  ]);
  await assertStillServing();
});

test("ruleboard/analysis with bad params is an InvalidParams error, not a crash", async () => {
  await assert.rejects(server.request("ruleboard/analysis", { uri: 42 }), (error: { code?: number }) => {
    assert.equal(error.code, -32602);
    return true;
  });
  await assertStillServing();
});
