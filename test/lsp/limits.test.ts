// Heavy and hostile documents through the real server over stdio: the board request answers for
// scenarios that used to exhaust the heap, documents past the size and nesting limits get one
// diagnostic and no editor feature, and the server keeps answering other documents throughout.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { LSPErrorCodes } from "vscode-languageserver-protocol/node";
import type { Hover } from "vscode-languageserver-protocol/node";
import type { BoardResult } from "../../shared/protocol/messages";
import { checkFraming, LspServer, scenarioUri, withTimeout } from "./harness";
import { positionOf } from "./fixtures";

let server: LspServer;

before(async () => {
  ({ server } = await LspServer.start());
});
after(() => server?.dispose());

/** The two sub-200-byte scenarios whose board request killed the server (SIGABRT, heap exhausted). */
const FAR_MOVE = `scenario: t
turn: red
phase: fight
board: [44, 30]
units:
  a: { player: red, base: 32, models: { a1: [10, 1e16] } }
steps:
  - pile-in: a
    to: { a1: [10, 10] }
`;
const TALL_BOARD = `scenario: t
turn: red
board: [44, 1e8]
units:
  a: { player: red, base: 32, models: { a1: [10, 10] } }
`;
const TYPO_BOARD = TALL_BOARD.replace("[44, 1e8]", "[30, 20000000000000000]");

/** An ordinary document to hover on meanwhile. */
const OTHER = `scenario: other
turn: red
board: [44, 30]
units:
  gunners:
    player: red
    name: Gunners
    base: 32
    models:
      g1: [10, 10]
`;

async function board(uri: string): Promise<BoardResult> {
  const result = await server.request<BoardResult | null>("ruleboard/board", { uri });
  assert.ok(result !== null);
  return result;
}

function codesAndLines(text: string, result: BoardResult): string[] {
  return result.problems.map((p) => `${positionOf(text, p.span.start).line + 1} ${p.code}`);
}

test('the board of a move from y = 1e16 and of a 1e8" board: a finding on the number and a picture', async () => {
  for (const [name, text, line] of [
    ["far-move", FAR_MOVE, 6],
    ["tall-board", TALL_BOARD, 3],
    ["typo-board", TYPO_BOARD, 3],
  ] as const) {
    const uri = scenarioUri(`limits-${name}`);
    await server.open(uri, text);
    const result = await board(uri);
    assert.equal(result.parsed, true, name);
    assert.ok(codesAndLines(text, result).includes(`${line} scenario.schema`), `${name}: ${codesAndLines(text, result)}`);
    assert.ok((result.svg ?? "").length < 20_000, `${name}: ${result.svg?.length} bytes`);
  }
});

test("a hover on another document is answered while the heavy board is requested, in order", async () => {
  const heavy = scenarioUri("limits-heavy");
  const other = scenarioUri("limits-other");
  await server.open(heavy, TYPO_BOARD);
  await server.open(other, OTHER);
  const order: string[] = [];
  const boards = [board(heavy), board(heavy)].map((p) => p.then((r) => (order.push("board"), r)));
  const hover = server
    .request<Hover | null>("textDocument/hover", { textDocument: { uri: other }, position: positionOf(OTHER, OTHER.indexOf("g1")) })
    .then((h) => (order.push("hover"), h));
  const [[first], answer] = await Promise.all([Promise.all(boards), hover]);
  assert.equal(first.parsed, true);
  assert.match(JSON.stringify(answer?.contents), /g1/);
  assert.deepEqual(order, ["board", "board", "hover"]);
});

test("past 1 MB: one scenario.too-large error, no board, no hover, no symbols; past 640 KB a warning", async () => {
  const huge = scenarioUri("limits-huge");
  const big = OTHER + "# padding\n".repeat(110_000);
  await server.open(huge, big);
  const published = await server.diagnostics(huge, 1);
  assert.deepEqual(
    published.diagnostics.map((d) => [d.code, d.severity, d.range.start.line]),
    [["scenario.too-large", 1, 0]],
  );
  assert.equal((await board(huge)).parsed, false);
  assert.equal(await server.request("textDocument/hover", { textDocument: { uri: huge }, position: { line: 9, character: 7 } }), null);
  assert.deepEqual(await server.request("textDocument/documentSymbol", { textDocument: { uri: huge } }), null);

  await server.change(huge, OTHER + "bogus: 1\n" + "# padding\n".repeat(70_000), 2);
  const partly = await server.diagnostics(huge, 2);
  assert.deepEqual(
    partly.diagnostics.map((d) => [d.code, d.severity, d.range.start.line]),
    [
      ["scenario.too-large", 2, 0],
      ["scenario.schema", 1, 10],
    ],
  );
  await server.close(huge);
});

test("400 KB of [ is refused at the 65th bracket and the server lives on", async () => {
  const bomb = scenarioUri("limits-bomb");
  await server.open(bomb, "[".repeat(400_000));
  const published = await server.diagnostics(bomb, 1);
  assert.deepEqual(
    published.diagnostics.map((d) => [d.code, d.range.start.character, d.range.end.character]),
    [["yaml.syntax", 64, 65]],
  );
  assert.equal(await server.request("textDocument/foldingRange", { textDocument: { uri: bomb } }), null);
  await server.close(bomb);
  const other = scenarioUri("limits-after-bomb");
  await server.open(other, OTHER);
  assert.deepEqual((await server.diagnostics(other, 1)).diagnostics, []);
});

test("requests cancelled before they run are answered RequestCancelled without running; the rest are answered", async () => {
  const uri = scenarioUri("limits-cancel");
  await server.open(uri, OTHER);
  await server.diagnostics(uri, 1);
  // Four board requests and two cancellations in one write, so the server reads every message
  // before it runs the first request: the cancelled ones are still waiting in its queue.
  const board = (id: string) => ({ jsonrpc: "2.0", id, method: "ruleboard/board", params: { uri } });
  const cancel = (id: string) => ({ jsonrpc: "2.0", method: "$/cancelRequest", params: { id } });
  const before = Buffer.concat(server.stdout).length;
  server.writeRaw([board("c1"), cancel("c1"), board("c2"), board("c3"), cancel("c3"), board("c4")]);
  const answers = await withTimeout(
    new Promise<Record<string, string>>((resolve) => {
      const poll = setInterval(() => {
        const { messages } = checkFraming(Buffer.concat(server.stdout).subarray(before));
        const byId: Record<string, string> = {};
        for (const m of messages as { id?: string; result?: BoardResult; error?: { code: number } }[]) {
          if (typeof m.id !== "string" || !m.id.startsWith("c")) continue;
          byId[m.id] =
            m.error?.code === LSPErrorCodes.RequestCancelled ? "cancelled" : m.result?.parsed ? "drawn" : `other ${JSON.stringify(m.error ?? m.result)}`;
        }
        if (Object.keys(byId).length === 4) {
          clearInterval(poll);
          resolve(byId);
        }
      }, 10);
    }),
    "the four answers",
  );
  assert.deepEqual(answers, { c1: "cancelled", c2: "drawn", c3: "cancelled", c4: "drawn" });
});
