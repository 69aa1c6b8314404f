// The custom `ruleboard/compare` request: the bundled server answers with exactly what
// compareSystems returns for the open document's text, plus the version. Also the pure parts of
// the client's "Compare Rules Systems…" command (the systems offered, where the code lens goes).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { ResponseError } from "vscode-languageserver-protocol/node";
import { compareSystems, DEFAULT_SPECS } from "../../shared/engine/compare";
import type { CompareResponse } from "../../shared/protocol/messages";
import { COMPARE_SPECS, rulesLine, systemChoices } from "../../client/compare-choices";
import { LspServer, scenarioUri } from "./harness";
import { FIGHTS_FIRST_SETUP } from "../helpers/compare-scenarios";

let server: LspServer;

before(async () => {
  ({ server } = await LspServer.start());
});
after(() => server?.dispose());

/** Both sides have Fights First and blue's unit fights first: wrong under 11e, right under 10e. */
const FIGHTS_FIRST_BOTH = `${FIGHTS_FIRST_SETUP}  - fight: b
  - fight: a
`;

const SPECS = ["11e", "10e", "10e+club"];

test("the request returns compareSystems' result for the open text, with its version", async () => {
  const uri = scenarioUri("compare-fights-first");
  await server.open(uri, FIGHTS_FIRST_BOTH, 3);
  const result = await server.request<CompareResponse>("ruleboard/compare", { uri, specs: SPECS });
  assert.deepEqual(result, { ...compareSystems(FIGHTS_FIRST_BOTH, SPECS), version: 3 });
  // And that result is the interesting one: step 1 differs, 11e alone finds fight.order.
  assert.ok(result?.ok);
  assert.deepEqual(
    result.steps.map((s) => [s.differs, ...s.verdicts.map((v) => `${v.system} ${v.verdict}`)]),
    [
      [true, "11e illegal", "10e legal", "10e+club legal"],
      [false, "11e legal", "10e legal", "10e+club legal"],
    ],
  );
  assert.deepEqual(await server.framingErrors(), []);
});

test("after a change the request compares the new text", async () => {
  const uri = scenarioUri("compare-change");
  await server.open(uri, FIGHTS_FIRST_BOTH, 1);
  const swapped = FIGHTS_FIRST_BOTH.replace("  - fight: b\n  - fight: a\n", "  - fight: a\n  - fight: b\n");
  await server.change(uri, swapped, 2);
  const result = await server.request<CompareResponse>("ruleboard/compare", { uri, specs: ["11e", "10e"] });
  assert.deepEqual(result, { ...compareSystems(swapped, ["11e", "10e"]), version: 2 });
  assert.ok(result?.ok);
  assert.deepEqual(
    result.steps.map((s) => s.verdicts.map((v) => `${v.system} ${v.verdict}`)),
    [
      ["11e legal", "10e illegal"],
      ["11e legal", "10e legal"],
    ],
  );
});

test("unknown systems are an answer, not a protocol error", async () => {
  const uri = scenarioUri("compare-unknown");
  await server.open(uri, FIGHTS_FIRST_BOTH, 7);
  assert.deepEqual(await server.request("ruleboard/compare", { uri, specs: ["11e", "12e"] }), {
    ok: false,
    reason: "systems",
    error: "unknown rules system '12e' (known: 11e, 10e)",
    findings: [],
    version: 7,
  });
});

test("a document that is not open: null; malformed parameters: InvalidParams", async () => {
  assert.equal(await server.request("ruleboard/compare", { uri: scenarioUri("never-opened"), specs: SPECS }), null);
  for (const params of [{ uri: scenarioUri("x") }, { uri: 1, specs: SPECS }, { uri: scenarioUri("x"), specs: [11] }]) {
    await assert.rejects(server.request("ruleboard/compare", params), (error: unknown) => {
      assert.ok(error instanceof ResponseError, String(error));
      assert.equal(error.code, -32602);
      assert.equal(error.message, "ruleboard/compare needs { uri: string, specs: string[] }");
      return true;
    });
  }
});

test("client: the systems offered are DEFAULT_SPECS, all picked, described", () => {
  assert.deepEqual(COMPARE_SPECS, DEFAULT_SPECS);
  assert.deepEqual(systemChoices(), [
    { label: "11e", description: "11th edition", picked: true },
    { label: "10e", description: "10th edition", picked: true },
    { label: "10e+club", description: "10th edition + club", picked: true },
  ]);
});

test("client: the code lens goes on the top-level rules: line, else on the first line", () => {
  assert.equal(rulesLine(FIGHTS_FIRST_BOTH), 1);
  assert.equal(rulesLine("scenario: X\n# rules: 10e\nturn: red\nrules : 10e\n"), 3);
  assert.equal(rulesLine("scenario: X\nunits:\n  rules: 10e\n"), 0);
  assert.equal(rulesLine(""), 0);
});
