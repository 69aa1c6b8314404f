// Memory follows the open documents: after a huge document is closed, or replaced by a small
// text, the server's heap (measured after a full collection, `--expose-gc`) is back near where it
// was before it was opened. Bytes, not times: the collection makes the figure repeatable.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import type { MemoryResult } from "../../shared/protocol/messages";
import { LspServer, scenarioUri } from "./harness";

let server: LspServer;

before(async () => {
  ({ server } = await LspServer.start({ nodeArgs: ["--expose-gc"] }));
});
after(() => server?.dispose());

const SMALL = "scenario: t\nturn: red\nboard: [44, 30]\nunits:\n  a: { player: red, base: 32, models: { a1: [10, 10] } }\n";
/** Parsed but not checked (over 640 KB): the YAML tree of ~60,000 lines is built and dropped. */
const PARSED = SMALL + "b:\n" + "  - [1, 2]\n".repeat(60_000);
/** Not parsed (over 1 MB). */
const HUGE = SMALL + "#".repeat(3_000_000) + "\n";

async function heap(): Promise<number> {
  const m = await server.request<MemoryResult>("ruleboard/memoryUsage", null);
  assert.equal(m.collected, true, "the server runs with --expose-gc");
  return m.heapUsed;
}

const MB = 1024 * 1024;

test("the heap is back within 4 MB of its baseline after huge documents are closed or replaced", async () => {
  const warm = scenarioUri("memory-warm");
  await server.open(warm, SMALL);
  await server.diagnostics(warm, 1);
  const baseline = await heap();

  const closed = scenarioUri("memory-closed");
  await server.open(closed, HUGE);
  await server.diagnostics(closed, 1);
  assert.ok((await heap()) > baseline + 2 * MB, "the open document's text is held while it is open");
  await server.close(closed);
  const afterClose = await heap();
  assert.ok(afterClose < baseline + 4 * MB, `after close: ${((afterClose - baseline) / MB).toFixed(1)} MB over the baseline`);

  const replaced = scenarioUri("memory-replaced");
  await server.open(replaced, PARSED);
  const published = await server.diagnostics(replaced, 1);
  assert.deepEqual(
    published.diagnostics.map((d) => d.code),
    ["scenario.too-large", "scenario.schema"],
    "parsed: b: is an unknown key",
  );
  await server.change(replaced, SMALL, 2);
  await server.diagnostics(replaced, 2);
  const afterReplace = await heap();
  assert.ok(afterReplace < baseline + 4 * MB, `after replace: ${((afterReplace - baseline) / MB).toFixed(1)} MB over the baseline`);
});
