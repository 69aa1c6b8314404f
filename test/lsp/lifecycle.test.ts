// The server's life over real stdio: handshake, capabilities, open/close, clean exit, and a
// stdout that carries nothing but LSP frames.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { DidChangeTextDocumentNotification, TextDocumentSyncKind } from "vscode-languageserver-protocol/node";
import type { InitializeResult } from "vscode-languageserver-protocol/node";
import { checkFraming, frame, LspServer, scenarioUri } from "./harness";
import { MINIMAL, pileIn, rangeOf } from "./fixtures";
import { fightPhaseScenario } from "../bench/scenarios";

let server: LspServer;
let initialized: InitializeResult;

before(async () => {
  ({ server, initialized } = await LspServer.start());
});
after(() => server?.dispose());

test("initialize: incremental text sync with open/close, and the server's name", () => {
  // Incremental, because vscode-languageclient delays full-sync changes by 250 ms to merge them.
  assert.deepEqual(initialized.capabilities.textDocumentSync, {
    openClose: true,
    change: TextDocumentSyncKind.Incremental,
  });
  assert.deepEqual(initialized.serverInfo, { name: "ruleboard" });
});

test("didOpen publishes diagnostics for that uri and version; a valid scenario has none", async () => {
  const uri = scenarioUri("lifecycle-open");
  await server.open(uri, MINIMAL, 7);
  const published = await server.diagnostics(uri, 7);
  assert.deepEqual(published, { uri, version: 7, diagnostics: [] });
});

test("didChange publishes again for the new version", async () => {
  const uri = scenarioUri("lifecycle-change");
  await server.open(uri, MINIMAL, 1);
  await server.diagnostics(uri, 1);
  await server.change(uri, `${MINIMAL}# a comment\n`, 2);
  const published = await server.diagnostics(uri, 2);
  assert.deepEqual(published.diagnostics, []);
});

test("didChange with a range (incremental sync) edits the text the server analyses", async () => {
  const uri = scenarioUri("lifecycle-incremental");
  const text = pileIn("[12.5, 10]");
  await server.open(uri, text, 1);
  const before = (await server.diagnostics(uri, 1)).diagnostics.map((d) => d.code);
  assert.ok(!before.includes("move.too-far"));
  // Replace "12.5" by "13.5": a1 now moves 3.5", more than the 3" allowed.
  const at = text.indexOf("12.5");
  const line = text.slice(0, at).split("\n").length - 1;
  const character = at - text.lastIndexOf("\n", at - 1) - 1;
  await server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 2 },
    contentChanges: [{ range: { start: { line, character }, end: { line, character: character + 4 } }, text: "13.5" }],
  });
  const published = await server.diagnostics(uri, 2);
  const added = published.diagnostics.filter((d) => !before.includes(d.code));
  // The finding sits on the move entry `a1: [13.5, 10]`, which starts after "    to: { ".
  assert.deepEqual(
    added.map((d) => [d.code, d.range.start.line, d.range.start.character]),
    [["move.too-far", line, "    to: { ".length]],
  );
  assert.match(String(added[0].message), /3\.5"/);
});

test("one didChange with several ranges (multi-cursor typing) is applied in order, as a fresh open of the result is analysed", async () => {
  // A Fight phase of 40 steps: coordinates of the set-up, of a middle step and of the last step change in one event.
  const base = fightPhaseScenario(100);
  const position = (text: string, offset: number) => {
    const before = text.slice(0, offset);
    return { line: before.split("\n").length - 1, character: offset - before.lastIndexOf("\n") - 1 };
  };
  const pairs = [...base.matchAll(/\[(\d+(?:\.\d+)?), (\d+(?:\.\d+)?)\]/g)].map((m) => ({
    x: { at: m.index! + 1, old: m[1] },
    y: { at: m.index! + 1 + m[1].length + 2, old: m[2] },
  }));
  const [first, middle, last] = [pairs[3], pairs[Math.floor(pairs.length * 0.6)], pairs[pairs.length - 1]];
  // LSP applies the changes in order, each range of the text the changes before it made: the last
  // pair's x first here, then the first pair's x and y (the y on the same line, moved by the x's
  // edit), then the middle pair's x, which the first pair's edits have moved too.
  let text = base;
  const applied: { at: number; delta: number }[] = [];
  const changes = [last.x, first.x, first.y, middle.x].map(({ at, old }) => {
    const from = at + applied.filter((a) => a.at < at).reduce((sum, a) => sum + a.delta, 0);
    // Three decimals, where the generator writes at most two: every edit changes the text's length.
    const replacement = (Number(old) + 2.5).toFixed(3);
    const change = { range: { start: position(text, from), end: position(text, from + old.length) }, text: replacement };
    text = text.slice(0, from) + replacement + text.slice(from + old.length);
    applied.push({ at, delta: replacement.length - old.length });
    return change;
  });
  const uri = scenarioUri("lifecycle-multi-range");
  await server.open(uri, base, 1);
  await server.diagnostics(uri, 1);
  await server.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 2 }, contentChanges: changes });
  const published = await server.diagnostics(uri, 2);
  const fresh = scenarioUri("lifecycle-multi-range-fresh");
  await server.open(fresh, text, 1);
  const expected = await server.diagnostics(fresh, 1);
  // The edits matter: 2.5" more on a set-up model and on two moves' ends make findings.
  assert.ok(expected.diagnostics.length > 0, "the edited text has findings");
  // (Related information names the document: the fresh one's own URI.)
  assert.deepEqual(published.diagnostics, JSON.parse(JSON.stringify(expected.diagnostics).replaceAll(fresh, uri)));
  // The same problems to the offset: the server holds exactly the text the changes make.
  const problems = async (u: string) => ((await server.request("ruleboard/analysis", { uri: u })) as { problems: unknown[] } | null)?.problems;
  assert.deepEqual(await problems(uri), await problems(fresh));
});

test("didClose clears the document's diagnostics (an empty list, no version)", async () => {
  const uri = scenarioUri("lifecycle-close");
  await server.open(uri, MINIMAL, 1);
  await server.diagnostics(uri, 1);
  const cleared = server.nextPublish((p) => p.uri === uri, `the clearing publish for ${uri}`);
  await server.close(uri);
  assert.deepEqual(await cleared, { uri, diagnostics: [] });
  // The analysis cache is dropped with the document: the request no longer knows it.
  assert.equal(await server.request("ruleboard/analysis", { uri }), null);
});

test("shutdown + exit: the process exits with code 0 and stdout held only valid LSP frames", async () => {
  const status = await server.shutdownAndExit();
  assert.deepEqual(status, { code: 0, signal: null });
  const { messages, errors } = checkFraming(Buffer.concat(server.stdout));
  assert.deepEqual(errors, []);
  // At least: the initialize and shutdown responses and the publishes seen above.
  assert.ok(messages.length >= 2 + server.published.length, `only ${messages.length} frames`);
});

test("the framing check rejects stray bytes, bad headers and truncated bodies", () => {
  const good = frame({ jsonrpc: "2.0", method: "x" });
  assert.deepEqual(checkFraming(good).errors, []);
  assert.deepEqual(checkFraming(Buffer.concat([Buffer.from("hello\n"), good])).errors, [
    'offset 0: malformed header line "hello\\nContent-Length: 30"',
    "offset 0: no valid Content-Length",
  ]);
  assert.deepEqual(checkFraming(Buffer.concat([good, Buffer.from("x")])).errors, [`offset ${good.length}: 1 trailing bytes without a complete header`]);
  assert.deepEqual(checkFraming(good.subarray(0, good.length - 1)).errors, ["offset 0: body truncated (29 of 30 bytes)"]);
  assert.deepEqual(checkFraming(Buffer.from("Content-Length: 2\r\n\r\n{}")).errors, ["offset 0: body is not a JSON-RPC 2.0 message"]);
});

test("yaml's debug switches in the environment reach neither the client nor stdout: the bundle takes yaml's build without them", async () => {
  // yaml's Node build console.logs every token when LOG_TOKENS is set, and every document when
  // LOG_STREAM is: the connection turns each into a window/logMessage, thousands a keystroke (and
  // the CLI printed them amid its report). The bundles take yaml's browser build (esbuild.mjs),
  // the same parser without the switches.
  const { server: logging } = await LspServer.start({ env: { LOG_TOKENS: "1", LOG_STREAM: "1" } });
  try {
    const uri = scenarioUri("lifecycle-log-tokens");
    const text = pileIn("[13.5, 10]");
    await logging.open(uri, text, 3);
    const { diagnostics } = await logging.diagnostics(uri, 3);
    assert.deepEqual(
      diagnostics.filter((d) => d.code === "move.too-far").map((d) => d.range),
      [rangeOf(text, "a1: [13.5, 10]")],
    );
    assert.deepEqual(await logging.shutdownAndExit(), { code: 0, signal: null });
    assert.deepEqual(logging.logs, []);
    assert.deepEqual(checkFraming(Buffer.concat(logging.stdout)).errors, []);
  } finally {
    logging.dispose();
  }
});

test("the same bundle serves over node-ipc (VS Code's TransportKind.ipc) and writes nothing to stdout", async () => {
  const { server: ipc, initialized: ipcInit } = await LspServer.start({ transport: "ipc" });
  try {
    assert.deepEqual(ipcInit.serverInfo, { name: "ruleboard" });
    const uri = scenarioUri("lifecycle-ipc");
    await ipc.open(uri, MINIMAL, 5);
    assert.deepEqual(await ipc.diagnostics(uri, 5), { uri, version: 5, diagnostics: [] });
    assert.deepEqual(await ipc.shutdownAndExit(), { code: 0, signal: null });
    assert.equal(Buffer.concat(ipc.stdout).length, 0);
  } finally {
    ipc.dispose();
  }
});
