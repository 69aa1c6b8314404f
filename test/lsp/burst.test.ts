// Bursts of edits: the server analyses only the newest version it has received, and whatever
// the timing, the last diagnostics published are for the final version.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { LspServer, scenarioUri } from "./harness";
import { MINIMAL, UNCLOSED } from "./fixtures";

let server: LspServer;

before(async () => {
  ({ server } = await LspServer.start());
});
after(() => server?.dispose());

/** A didChange message as raw JSON-RPC (for writeRaw). */
function didChange(uri: string, version: number, text: string): object {
  return {
    jsonrpc: "2.0",
    method: "textDocument/didChange",
    params: { textDocument: { uri, version }, contentChanges: [{ text }] },
  };
}

test("20 changes read in one chunk are coalesced: one publish, for the final version", async () => {
  // A short URI and one-character broken texts keep the whole burst under PIPE_BUF.
  const uri = "file:///burst.scenario.yaml";
  await server.open(uri, UNCLOSED, 1);
  await server.diagnostics(uri, 1);
  const before = server.published.length;
  // Versions 2..20 are broken YAML, version 21 is valid; well under 4 KiB, so one atomic pipe write.
  const burst = Array.from({ length: 20 }, (_, i) => didChange(uri, i + 2, i === 19 ? MINIMAL : "["));
  const bytes = server.writeRaw(burst);
  assert.ok(bytes < 4096, `the burst (${bytes} bytes) must fit one atomic pipe write`);
  const final = await server.diagnostics(uri, 21);
  assert.deepEqual(final, { uri, version: 21, diagnostics: [] });
  // Publishes go out in order, so any for versions 2..20 would already have arrived.
  const after = server.published.slice(before).filter((p) => p.uri === uri);
  assert.deepEqual(
    after.map((p) => p.version),
    [21],
  );
});

test("20 changes sent one by one: versions only increase and the last publish is the final version", async () => {
  const uri = scenarioUri("burst-sequential");
  await server.open(uri, MINIMAL, 1);
  await server.diagnostics(uri, 1);
  const before = server.published.length;
  for (let version = 2; version <= 21; version++) {
    await server.change(uri, version === 21 ? MINIMAL : `${UNCLOSED}${version}`, version);
  }
  const final = await server.diagnostics(uri, 21);
  assert.deepEqual(final.diagnostics, []);
  const versions = server.published
    .slice(before)
    .filter((p) => p.uri === uri)
    .map((p) => p.version ?? -1);
  assert.equal(versions[versions.length - 1], 21);
  assert.deepEqual(
    versions,
    [...versions].sort((a, b) => a - b),
    `published out of order: ${versions.join(",")}`,
  );
  assert.equal(new Set(versions).size, versions.length, `a version was published twice: ${versions.join(",")}`);
});

test("the final version's diagnostics equal those of opening the same text afresh", async () => {
  const uri = scenarioUri("burst-compare");
  const fresh = scenarioUri("burst-compare-fresh");
  await server.open(uri, MINIMAL, 1);
  await server.diagnostics(uri, 1);
  server.writeRaw(Array.from({ length: 20 }, (_, i) => didChange(uri, i + 2, i % 2 === 0 ? MINIMAL : UNCLOSED)));
  const final = await server.diagnostics(uri, 21);
  await server.open(fresh, UNCLOSED, 1);
  const expected = await server.diagnostics(fresh, 1);
  assert.deepEqual(final.diagnostics, expected.diagnostics);
});
