// Document and range formatting through the protocol: the bundled server over stdio answers
// textDocument/formatting and textDocument/rangeFormatting with exact, minimal TextEdits.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import type { InitializeResult, TextEdit } from "vscode-languageserver-protocol/node";
import { LspServer, scenarioUri } from "./harness";
import { applyTextEdits } from "./navigation-client";

let server: LspServer;
let initialized: InitializeResult;

before(async () => {
  ({ server, initialized } = await LspServer.start());
});
after(() => server?.dispose());

let opened = 0;
async function open(text: string): Promise<string> {
  const uri = scenarioUri(`formatting-${++opened}`);
  await server.open(uri, text, 1);
  return uri;
}

const OPTIONS = { tabSize: 2, insertSpaces: true };
const formatting = (uri: string, options: object = OPTIONS) => server.request<TextEdit[] | null>("textDocument/formatting", { textDocument: { uri }, options });
const rangeFormatting = (uri: string, start: [number, number], end: [number, number], options: object = OPTIONS) =>
  server.request<TextEdit[] | null>("textDocument/rangeFormatting", {
    textDocument: { uri },
    range: { start: { line: start[0], character: start[1] }, end: { line: end[0], character: end[1] } },
    options,
  });
const edit = (line: number, from: number, to: number, newText: string, endLine = line): TextEdit => ({
  range: { start: { line, character: from }, end: { line: endLine, character: to } },
  newText,
});

/** A legal 11e scenario written carelessly: 4-space units, a loose flow list, trailing spaces, blank lines. */
const SMALL = [
  "scenario: Small   ",
  "rules: 11e",
  "board: [ 44 ,30 ]",
  "turn: red",
  "units:",
  "    a:",
  "        player: red",
  "        base: 32",
  "        models: { a1: [10,10] }",
  "",
  "",
  "",
  "    b:",
  "        player: blue",
  "        base: 32",
  "        models: {b1: [20, 10]}",
].join("\n");

const SMALL_FORMATTED = [
  "scenario: Small",
  "rules: 11e",
  "board: [44, 30]",
  "turn: red",
  "units:",
  "  a:",
  "    player: red",
  "    base: 32",
  "    models: { a1: [10, 10] }",
  "",
  "  b:",
  "    player: blue",
  "    base: 32",
  "    models: { b1: [20, 10] }",
  "",
].join("\n");

test("initialize announces document and range formatting", () => {
  assert.equal(initialized.capabilities.documentFormattingProvider, true);
  assert.equal(initialized.capabilities.documentRangeFormattingProvider, true);
});

test("formatting answers one minimal edit per changed line or run of blank lines", async () => {
  const uri = await open(SMALL);
  const edits = await formatting(uri);
  assert.deepEqual(edits, [
    edit(0, 15, 18, ""),
    edit(2, 8, 16, "44, 30"),
    edit(5, 2, 4, ""),
    edit(6, 4, 8, ""),
    edit(7, 4, 8, ""),
    edit(8, 4, 26, "models: { a1: [10, "),
    edit(10, 0, 0, "", 12),
    edit(12, 2, 4, ""),
    edit(13, 4, 8, ""),
    edit(14, 4, 8, ""),
    edit(15, 4, 29, "models: { b1: [20, 10] "),
    edit(15, 30, 30, "\n"),
  ]);
  assert.equal(applyTextEdits(SMALL, edits ?? []), SMALL_FORMATTED);
});

test("a formatted document gets no edits, and neither does one that is not YAML", async () => {
  assert.deepEqual(await formatting(await open(SMALL_FORMATTED)), []);
  assert.deepEqual(await formatting(await open("units:\n    a: [1,   2\n")), []);
});

test("the client's tab size is used: 4 spaces per level", async () => {
  const uri = await open(SMALL_FORMATTED);
  const edits = await formatting(uri, { tabSize: 4, insertSpaces: true });
  assert.equal(
    applyTextEdits(SMALL_FORMATTED, edits ?? []),
    SMALL.replace("Small   ", "Small")
      .replace("[ 44 ,30 ]", "[44, 30]")
      .replace("{ a1: [10,10] }", "{ a1: [10, 10] }")
      .replace("\n\n\n\n", "\n\n")
      .replace("{b1: [20, 10]}", "{ b1: [20, 10] }") + "\n",
  );
});

test("range formatting touches only the lines of the range; a range ending at column 0 leaves that line", async () => {
  const uri = await open(SMALL);
  assert.deepEqual(await rangeFormatting(uri, [2, 3], [2, 5]), [edit(2, 8, 16, "44, 30")]);
  assert.deepEqual(await rangeFormatting(uri, [0, 0], [2, 0]), [edit(0, 15, 18, "")]);
  // The units block as a whole (lines 4-15) re-indents together.
  const edits = await rangeFormatting(uri, [4, 0], [15, 29]);
  assert.equal(applyTextEdits(SMALL, edits ?? []), SMALL_FORMATTED.replace("Small\n", "Small   \n").replace("[44, 30]", "[ 44 ,30 ]"));
});

test("CRLF documents keep CRLF, and a document that is not open gets null", async () => {
  const uri = await open("rules: 11e\r\nunits:\r\n    a:   {}\r\n");
  assert.deepEqual(await formatting(uri), [edit(2, 2, 8, "a:")]);
  assert.equal(await formatting(scenarioUri("never-opened")), null);
});

test("asked again for the same version, the same answer; for the next version, that version's", async () => {
  const uri = await open(SMALL);
  const first = await formatting(uri);
  assert.deepEqual(await formatting(uri), first);
  assert.equal(applyTextEdits(SMALL, first ?? []), SMALL_FORMATTED);
  // Other options are another answer, even for the same version.
  const four = await formatting(uri, { tabSize: 4, insertSpaces: true });
  assert.notDeepEqual(four, first);
  await server.change(uri, SMALL_FORMATTED, 2);
  assert.deepEqual(await formatting(uri), []);
  await server.change(uri, SMALL, 3);
  assert.deepEqual(await formatting(uri), first);
});

test("the server wrote nothing but protocol messages to stdout", async () => {
  assert.deepEqual(await server.framingErrors(), []);
});
