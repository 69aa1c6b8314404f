// The `ruleboard` settings over stdio: the server pulls them (workspace/configuration) after
// `initialized` and on every didChangeConfiguration, then republishes; severity per code (off,
// milder, never harsher than a borderline call), the tolerance in measured messages.
import { after, before, describe, it, test } from "node:test";
import assert from "node:assert/strict";
import type { Diagnostic } from "vscode-languageserver-protocol/node";
import { DEFAULT_SETTINGS, parseSettings } from "../../server/settings";
import { scenarioUri } from "./harness";
import { pileIn } from "./fixtures";
import { ConfiguredClient } from "./settings-client";

let client: ConfiguredClient;
before(async () => {
  client = await ConfiguredClient.start({ pull: true, settings: {} });
});
after(() => client?.dispose());

const ERROR = 1;
const WARNING = 2;
const INFORMATION = 3;
const HINT = 4;

/** The diagnostics of `code` in the first publish for `uri` after `from` publishes that `ok` accepts. */
async function published(uri: string, from: number, code: string, ok: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]> {
  return client.until(`diagnostics for ${uri}`, () => {
    for (const p of client.published.slice(from)) {
      const mine = p.uri === uri ? p.diagnostics.filter((d) => d.code === code) : undefined;
      if (mine && ok(mine)) return mine;
    }
    return undefined;
  });
}

async function setSettings(settings: unknown): Promise<number> {
  const from = client.published.length;
  const asked = client.configurationRequests.length;
  await client.changeSettings(settings, true);
  await client.until("the server to pull the settings", () => (client.configurationRequests.length > asked ? true : undefined));
  return from;
}

test("the server pulls the ruleboard section after initialized", async () => {
  await client.until("the first pull", () => client.configurationRequests[0]);
  assert.deepEqual(client.configurationRequests[0], { items: [{ section: "ruleboard" }] });
});

test("severity per code: warning, then off, then back to the engine's; each change republishes", async () => {
  const uri = scenarioUri("settings-severity");
  const from = client.published.length;
  await client.open(uri, pileIn("[13.5, 10]"), 1);
  const [first] = await published(uri, from, "move.too-far", (d) => d.length === 1);
  assert.equal(first.severity, ERROR);

  let at = await setSettings({ severity: { "move.too-far": "warning" } });
  const [warned] = await published(uri, at, "move.too-far", (d) => d[0]?.severity === WARNING);
  assert.equal(warned.message, first.message);

  at = await setSettings({ severity: { "move.too-far": "off" } });
  const off = await published(uri, at, "move.too-far", (d) => d.length === 0);
  assert.deepEqual(off, []);
  // Other codes of the same document are still published.
  assert.ok(client.lastPublish(uri)!.diagnostics.length > 0);

  at = await setSettings({ severity: { "move.too-far": "hint" } });
  assert.equal((await published(uri, at, "move.too-far", (d) => d[0]?.severity === HINT)).length, 1);

  at = await setSettings({});
  assert.equal((await published(uri, at, "move.too-far", (d) => d[0]?.severity === ERROR)).length, 1);
});

test("a setting never makes a borderline or expected finding more serious than the engine reported it", async () => {
  const borderline = scenarioUri("settings-borderline");
  const expected = scenarioUri("settings-expected");
  let at = client.published.length;
  await client.open(borderline, pileIn("[13.005, 10]"), 1);
  await client.open(expected, pileIn("[13.5, 10]", true), 1);
  assert.equal((await published(borderline, at, "move.too-far", (d) => d.length === 1))[0].severity, WARNING);
  assert.equal((await published(expected, at, "move.too-far", (d) => d.length === 1))[0].severity, INFORMATION);

  at = await setSettings({ severity: { "move.too-far": "error" } });
  assert.equal((await published(borderline, at, "move.too-far", (d) => d.length === 1))[0].severity, WARNING);
  assert.equal((await published(expected, at, "move.too-far", (d) => d.length === 1))[0].severity, INFORMATION);
  at = await setSettings({ severity: { "move.too-far": "hint" } });
  assert.equal((await published(borderline, at, "move.too-far", (d) => d.length === 1))[0].severity, HINT);
  assert.equal((await published(expected, at, "move.too-far", (d) => d.length === 1))[0].severity, HINT);
  await setSettings({});
});

test("showTolerance adds the measurement, the limit and the tolerance to measured messages only", async () => {
  const uri = scenarioUri("settings-tolerance");
  let at = client.published.length;
  await client.open(uri, pileIn("[13.004, 10]"), 1);
  const [plain] = await published(uri, at, "move.too-far", (d) => d.length === 1);
  assert.equal(plain.message, 'this pile-in moves a1 3", the limit is 3" (11e 12.03) — borderline, within the measuring tolerance');

  at = await setSettings({ messages: { showTolerance: true } });
  const [shown] = await published(uri, at, "move.too-far", (d) => d[0]?.message !== plain.message);
  assert.equal(shown.message, `${plain.message} [measured 3.004" against 3", tolerance ±0.01"]`);
  // A finding without a measurement keeps its message.
  const notEligible = client.lastPublish(uri)!.diagnostics.find((d) => d.code === "action.not-eligible");
  assert.equal(notEligible?.message, "a is not eligible to pile in: it is not engaged and did not make a charge move this turn (11e 12.03)");
  await setSettings({});
});

test("the first diagnostics already follow the client's settings; a client without pull pushes them", async () => {
  const uri = scenarioUri("settings-first");
  const pulling = await ConfiguredClient.start({ pull: true, settings: { severity: { "move.too-far": "off" } } });
  const pushing = await ConfiguredClient.start({ pull: false });
  try {
    await pulling.open(uri, pileIn("[13.5, 10]"), 1);
    const first = await pulling.until("the first publish", () => pulling.lastPublish(uri));
    assert.equal(pulling.published.filter((p) => p.uri === uri).length, 1);
    assert.deepEqual(
      first.diagnostics.filter((d) => d.code === "move.too-far"),
      [],
    );
    assert.ok(first.diagnostics.length > 0, "the other findings are published");

    await pushing.open(uri, pileIn("[13.5, 10]"), 1);
    await pushing.until("the first publish", () => pushing.lastPublish(uri));
    await pushing.changeSettings({ severity: { "move.too-far": "info" } }, false);
    const info = await pushing.until("a republish", () =>
      pushing.lastPublish(uri)?.diagnostics.find((d) => d.code === "move.too-far" && d.severity === INFORMATION),
    );
    assert.equal(info.severity, INFORMATION);
    assert.deepEqual(pushing.configurationRequests, [], "a client without workspace/configuration is never asked");
  } finally {
    pulling.dispose();
    pushing.dispose();
  }
});

describe("parseSettings", () => {
  it("defaults everything", () => {
    assert.deepEqual(parseSettings(undefined), DEFAULT_SETTINGS);
    assert.deepEqual(parseSettings({ trace: { server: "off" } }), DEFAULT_SETTINGS);
  });
  it("ignores values of the wrong type, unknown codes and unknown levels", () => {
    assert.deepEqual(
      parseSettings({
        severity: { "move.too-far": "off", "coherency.broken": "loud", "no.such-code": "error", "fight.order": 2 },
        inlayHints: { enabled: "no", gap: false },
        messages: { showTolerance: true },
      }),
      { severity: { "move.too-far": "off" }, inlayHints: { enabled: true, distance: true, gap: false }, messages: { showTolerance: true } },
    );
    assert.deepEqual(parseSettings({ severity: ["error"], inlayHints: null, messages: 1 }), DEFAULT_SETTINGS);
  });
});
