// textDocument/inlayHint through the real server over stdio: after each move entry, the distance
// moved and its limit, and the gap to the closest enemy after the step; switched by the settings.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import type { InlayHint } from "vscode-languageserver-protocol/node";
import { LspServer, scenarioUri } from "./harness";
import { positionOf } from "./fixtures";
import { HOVER } from "./hover-scenario";
import { ConfiguredClient } from "./settings-client";

let server: LspServer;
let configured: ConfiguredClient | undefined;
after(() => {
  server?.dispose();
  configured?.dispose();
});

const uri = scenarioUri("inlay");
const WHOLE = { start: { line: 0, character: 0 }, end: { line: 100, character: 0 } };

before(async () => {
  ({ server } = await LspServer.start());
  await server.open(uri, HOVER, 1);
});

/** Where a hint after `entry` (the first one after `after`) goes: the end of the entry. */
function endOf(entry: string, after: string): { line: number; character: number } {
  const start = HOVER.indexOf(entry, HOVER.indexOf(after));
  assert.ok(start >= 0, entry);
  return positionOf(HOVER, start + entry.length);
}

function labels(hints: InlayHint[] | null): [string, { line: number; character: number }][] {
  return (hints ?? []).map((h) => [h.label as string, h.position]);
}

test("each move entry gets its distance and limit, then the gap to the closest enemy after the step", async () => {
  const hints = await server.request<InlayHint[]>("textDocument/inlayHint", { textDocument: { uri }, range: WHOLE });
  assert.deepEqual(labels(hints), [
    ['2.5"/3"', endOf("a1: [12.5, 10]", "pile-in: a")],
    ['1.24" to b1', endOf("a1: [12.5, 10]", "pile-in: a")],
    ['1"/3"', endOf("b1: [14, 10]", "pile-in: b")],
    ['0.24" to a1', endOf("b1: [14, 10]", "pile-in: b")],
    ['0.51"/3"', endOf("a1: [12.6, 10.5]", "consolidate: a")],
    ['0.23" to b1', endOf("a1: [12.6, 10.5]", "consolidate: a")],
  ]);
  assert.equal(hints[0].paddingLeft, true);
  assert.deepEqual(hints[0].tooltip, { kind: "markdown", value: '**a1** moved 2.5" (waypoints included); the pile-in limit is 3"' });
  assert.deepEqual(hints[1].tooltip, { kind: "markdown", value: 'After step 1, the closest enemy model to **a1** is **b1** (b), 1.24" edge to edge' });
});

test("only the hints inside the requested range", async () => {
  const second = endOf("b1: [14, 10]", "pile-in: b");
  const hints = await server.request<InlayHint[]>("textDocument/inlayHint", {
    textDocument: { uri },
    range: { start: { line: second.line, character: 0 }, end: { line: second.line + 1, character: 0 } },
  });
  assert.deepEqual(labels(hints), [
    ['1"/3"', second],
    ['0.24" to a1', second],
  ]);
});

test("a move without a limit written shows the distance alone; a text that does not parse has no hints", async () => {
  const noMove = scenarioUri("inlay-no-move");
  const text = HOVER.replace("steps:\n", "phase: movement\nsteps:\n  - move: a\n    to: { a2: [10, 13] }\n").replace(
    "  - pile-in: a",
    "  - phase: fight\n  - pile-in: a",
  );
  await server.open(noMove, text, 1);
  const hints = await server.request<InlayHint[]>("textDocument/inlayHint", { textDocument: { uri: noMove }, range: WHOLE });
  const end = text.indexOf("a2: [10, 13]") + "a2: [10, 13]".length;
  // a has no `move:`, so its normal move has no limit to show; b1 is 5.83" away centre to centre.
  assert.deepEqual(labels(hints).slice(0, 2), [
    ['1.5"', positionOf(text, end)],
    ['4.57" to b1', positionOf(text, end)],
  ]);
  const broken = scenarioUri("inlay-broken");
  await server.open(broken, "steps: [", 1);
  assert.deepEqual(await server.request("textDocument/inlayHint", { textDocument: { uri: broken }, range: WHOLE }), []);
});

test("the settings switch the hints off, or one kind of them, and the server asks the client to refresh", async () => {
  configured = await ConfiguredClient.start({ pull: false });
  const client = configured;
  await client.open(uri, HOVER, 1);
  await client.until("the first diagnostics", () => client.lastPublish(uri));
  const ask = () => client.request<InlayHint[]>("textDocument/inlayHint", { textDocument: { uri }, range: WHOLE });
  assert.equal((await ask()).length, 6);

  await client.changeSettings({ inlayHints: { enabled: false } }, false);
  await client.until("a refresh", () => (client.refreshes >= 1 ? true : undefined));
  assert.deepEqual(await ask(), []);

  await client.changeSettings({ inlayHints: { enabled: true, distance: false } }, false);
  await client.until("a second refresh", () => (client.refreshes >= 2 ? true : undefined));
  assert.deepEqual(
    (await ask()).map((h) => h.label),
    ['1.24" to b1', '0.24" to a1', '0.23" to b1'],
  );
});
