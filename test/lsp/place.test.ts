// The board editor's requests over stdio: `ruleboard/place` (a drag's edits, computed on the text
// of the version the board was drawn from) and `ruleboard/board` with `region:` (the selected
// model's legal region, shaded in the picture and returned as data).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { ErrorCodes } from "vscode-languageserver-protocol/node";
import type { BoardResult, PlaceResult, ProbeResult } from "../../shared/protocol/messages";
import { inMultiPolygon } from "../../shared/geometry/contour";
import { LspServer, scenarioUri } from "./harness";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const PILE_IN = readFileSync(path.join(ROOT, "examples", "illegal-pile-in.scenario.yaml"), "utf8");

let server: LspServer;
before(async () => {
  ({ server } = await LspServer.start());
});
after(() => server?.dispose());

function apply(text: string, result: PlaceResult): string {
  assert.ok(result !== null && "edits" in result, JSON.stringify(result));
  let out = text;
  for (const e of [...result.edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}

test("a drag's edits change only r1's two numbers in the pile-in's to:", async () => {
  const uri = scenarioUri("place-drag");
  await server.open(uri, PILE_IN, 4);
  const result = await server.request<PlaceResult>("ruleboard/place", { uri, version: 4, step: 0, moves: [{ model: "r1", to: [12.6, 8] }] });
  assert.equal(result && result.version, 4);
  assert.equal(apply(PILE_IN, result), PILE_IN.replace("      r1: [13.4, 8]\n", "      r1: [12.6, 8]\n"));
  // Two models in one drag: one edit list; on the set-up, under units:.
  const setup = await server.request<PlaceResult>("ruleboard/place", {
    uri,
    version: 4,
    step: null,
    moves: [
      { model: "g1", to: [15.5, 8.25] },
      { model: "g2", to: [15.5, 9.55] },
    ],
  });
  assert.equal(apply(PILE_IN, setup), PILE_IN.replace("g1: [15, 8]", "g1: [15.5, 8.25]").replace("g2: [15, 9.3]", "g2: [15.5, 9.55]"));
});

test("typing wins: a drag computed for an older version is refused as stale and writes nothing", async () => {
  const uri = scenarioUri("place-stale");
  await server.open(uri, PILE_IN, 1);
  await server.change(uri, PILE_IN.replace("r2: [12.5, 9.3]", "r2: [12.4, 9.3]"), 2);
  const result = await server.request<PlaceResult>("ruleboard/place", { uri, version: 1, step: 0, moves: [{ model: "r1", to: [12.6, 8] }] });
  assert.deepEqual(result, { version: 2, refused: "The scenario changed since this board was drawn; nothing was written.", stale: true });
});

test("a model of another unit, or a position written as an alias, is refused with the reason", async () => {
  const uri = scenarioUri("place-refused");
  await server.open(uri, PILE_IN, 1);
  const other = await server.request<PlaceResult>("ruleboard/place", { uri, version: 1, step: 0, moves: [{ model: "g1", to: [15, 7] }] });
  assert.ok(other && "refused" in other && /g1 belongs to guards/.test(other.refused), JSON.stringify(other));
  const aliased = PILE_IN.replace("r1: [10, 8]", "r1: &start [10, 8]").replace("r2: [10, 9.3]", "r2: *start");
  await server.change(uri, aliased, 2);
  const setup = await server.request<PlaceResult>("ruleboard/place", { uri, version: 2, step: null, moves: [{ model: "r1", to: [9, 8] }] });
  assert.ok(setup && "refused" in setup && /r1's position is written with an anchor/.test(setup.refused), JSON.stringify(setup));
});

test("malformed place parameters are InvalidParams; a document that is not open is null", async () => {
  const uri = scenarioUri("place-bad");
  for (const params of [
    {},
    { uri, version: 1.5, step: 0, moves: [{ model: "r1", to: [1, 2] }] },
    { uri, version: 1, step: -1, moves: [{ model: "r1", to: [1, 2] }] },
    { uri, version: 1, step: 0, moves: [] },
    { uri, version: 1, step: 0, moves: [{ model: "r1", to: [1, Number.MAX_VALUE] }] },
    { uri, version: 1, step: 0, moves: [{ model: 3, to: [1, 2] }] },
    { uri, version: 1, step: 0, moves: [{ model: "r1", to: [1] }] },
  ]) {
    await assert.rejects(
      server.request("ruleboard/place", params),
      (error: { code?: number }) => error.code === ErrorCodes.InvalidParams,
      JSON.stringify(params),
    );
  }
  assert.equal(await server.request("ruleboard/place", { uri: scenarioUri("never-opened"), version: 1, step: 0, moves: [{ model: "r1", to: [1, 2] }] }), null);
});

test("the board with region: r1 returns r1's legal region and shades it; locks say why a model cannot be dragged", async () => {
  const uri = scenarioUri("place-region");
  await server.open(uri, PILE_IN, 1);
  const result = await server.request<BoardResult>("ruleboard/board", { uri, step: 0, region: "r1" });
  assert.ok(result.region, "a region");
  assert.equal(result.region.model, "r1");
  assert.ok(inMultiPolygon(result.region.legal, 12.6, 8), "(12.6, 8) is legal for r1");
  assert.ok(!inMultiPolygon(result.region.legal, 13.4, 8), '(13.4, 8), 3.4" away, is not');
  assert.match(result.svg ?? "", /class="region-legal"/);
  assert.deepEqual(
    result.editable?.models.map((m) => [m.id, m.locked ?? ""]),
    [
      ["r1", ""],
      ["r2", ""],
      ["g1", "g1 belongs to guards; step 1 moves raiders"],
      ["g2", "g2 belongs to guards; step 1 moves raiders"],
    ],
  );
  assert.deepEqual(result.editable?.mover, { unit: "raiders", limit: 3, what: "pile-in" });
  const plain = await server.request<BoardResult>("ruleboard/board", { uri, step: 0 });
  assert.equal(plain.region, undefined);
  assert.doesNotMatch(plain.svg ?? "", /region-legal/);
  await assert.rejects(server.request("ruleboard/board", { uri, region: 7 }), (error: { code?: number }) => error.code === ErrorCodes.InvalidParams);
});

test("ruleboard/probe says why a model may not end its move at a spot, from the checker", async () => {
  const uri = scenarioUri("place-probe");
  await server.open(uri, PILE_IN, 1);
  const here = await server.request<ProbeResult>("ruleboard/probe", { uri, version: 1, step: 0, model: "r1", at: [12.6, 8] });
  assert.deepEqual(here, { spot: "legal", reasons: [] });
  const far = await server.request<ProbeResult>("ruleboard/probe", { uri, version: 1, step: 0, model: "r1", at: [13.4, 8] });
  assert.ok(far && "spot" in far && far.spot === "illegal", JSON.stringify(far));
  assert.deepEqual(far.reasons, ['this pile-in moves r1 3.4", the limit is 3" (11e 12.03)']);
  assert.deepEqual(await server.request<ProbeResult>("ruleboard/probe", { uri, version: 1, step: 0, model: "g1", at: [15, 7] }), {
    note: "g1 belongs to guards; step 1 moves raiders",
  });
  assert.equal(await server.request("ruleboard/probe", { uri, version: 9, step: 0, model: "r1", at: [12, 8] }), null, "another version: null");
  await assert.rejects(
    server.request("ruleboard/probe", { uri, version: 1, step: 0, model: "r1", at: [12] }),
    (error: { code?: number }) => error.code === ErrorCodes.InvalidParams,
  );
});
