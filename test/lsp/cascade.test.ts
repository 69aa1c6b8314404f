// Folded consequences over the spawned server: relatedInformation on the cause (or, for a client
// without it, lines appended to the message), and what `ruleboard.severity` does with them.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { DiagnosticSeverity } from "vscode-languageserver-protocol/node";
import type { Diagnostic } from "vscode-languageserver-protocol/node";
import { LspServer, scenarioUri } from "./harness";
import { ConfiguredClient } from "./settings-client";
import { rangeOf } from "./fixtures";
import { INELIGIBLE_PILE_IN } from "../helpers/cascade-scenarios";

const HEAD = rangeOf(INELIGIBLE_PILE_IN, "pile-in: a");
const UNIT_A = rangeOf(INELIGIBLE_PILE_IN, "a: { player");
/** The unit's id where it is defined (the not-eligible finding's own related entry). */
const UNIT_ID = { start: UNIT_A.start, end: { line: UNIT_A.start.line, character: UNIT_A.start.character + 1 } };
const NOT_ELIGIBLE = "a is not eligible to pile in: it is not engaged and did not make a charge move this turn (11e 12.03)";
const TARGETS = 'action.targets: a has no enemy unit within 5" to select as a pile-in target (11e 12.03)';
const ENGAGED = "engagement.required: a must end its pile-in engaged with an enemy unit (11e 12.03)";

let server: LspServer;
before(async () => {
  ({ server } = await LspServer.start());
});
after(() => server?.dispose());

test("the issue's example: one diagnostic, the consequences in relatedInformation at their own ranges", async () => {
  const uri = scenarioUri("cascade-related");
  await server.open(uri, INELIGIBLE_PILE_IN, 1);
  const { diagnostics } = await server.diagnostics(uri, 1);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity, d.range, d.message]),
    [["action.not-eligible", DiagnosticSeverity.Error, HEAD, NOT_ELIGIBLE]],
  );
  assert.deepEqual(diagnostics[0].relatedInformation, [
    { location: { uri, range: UNIT_ID }, message: "a" },
    { location: { uri, range: HEAD }, message: TARGETS },
    { location: { uri, range: HEAD }, message: ENGAGED },
  ]);
});

test("a client without relatedInformation gets the consequences appended to the message", async () => {
  const { server: plain } = await LspServer.start({ relatedInformation: false });
  try {
    const uri = scenarioUri("cascade-plain");
    await plain.open(uri, INELIGIBLE_PILE_IN, 1);
    const { diagnostics } = await plain.diagnostics(uri, 1);
    assert.equal(diagnostics.length, 1);
    assert.equal(diagnostics[0].relatedInformation, undefined);
    assert.equal(diagnostics[0].message, `${NOT_ELIGIBLE}\nalso ${TARGETS}\nalso ${ENGAGED}`);
  } finally {
    plain.dispose();
  }
});

test("ruleboard.severity: the cause off or milder gives the consequences back; a consequence off is dropped", async () => {
  const client = await ConfiguredClient.start({ pull: true, settings: {} });
  try {
    const uri = scenarioUri("cascade-settings");
    await client.open(uri, INELIGIBLE_PILE_IN);
    const shown = (ready: (d: Diagnostic[]) => boolean) =>
      client.until(`diagnostics for ${uri}`, () => {
        const d = client.lastPublish(uri)?.diagnostics;
        return d && ready(d) ? d : undefined;
      });
    const summary = (d: Diagnostic[]) => d.map((x) => [x.code, x.severity, (x.relatedInformation ?? []).map((r) => r.message.split(":")[0])]);
    await shown((d) => d.length === 1);

    await client.changeSettings({ severity: { "action.not-eligible": "off" } }, true);
    const off = await shown((d) => d.length === 2);
    assert.deepEqual(summary(off), [
      ["action.targets", DiagnosticSeverity.Error, []],
      ["engagement.required", DiagnosticSeverity.Error, []],
    ]);
    assert.deepEqual(
      off.map((d) => d.range),
      [HEAD, HEAD],
    );
    assert.deepEqual(off[1].data, { step: 0 });

    await client.changeSettings({ severity: { "action.not-eligible": "warning" } }, true);
    const milder = await shown((d) => d.length === 3);
    assert.deepEqual(summary(milder), [
      ["action.not-eligible", DiagnosticSeverity.Warning, ["a"]],
      ["action.targets", DiagnosticSeverity.Error, []],
      ["engagement.required", DiagnosticSeverity.Error, []],
    ]);

    // A consequence set milder than its cause stays folded; one switched off is gone from the related list.
    await client.changeSettings({ severity: { "action.not-eligible": "warning", "action.targets": "info", "engagement.required": "off" } }, true);
    const folded = await shown((d) => d.length === 1 && d[0].severity === DiagnosticSeverity.Warning);
    assert.deepEqual(summary(folded), [["action.not-eligible", DiagnosticSeverity.Warning, ["a", "action.targets"]]]);

    await client.changeSettings({}, true);
    const back = await shown((d) => d.length === 1 && d[0].severity === DiagnosticSeverity.Error);
    assert.deepEqual(summary(back), [["action.not-eligible", DiagnosticSeverity.Error, ["a", "action.targets", "engagement.required"]]]);
  } finally {
    client.dispose();
  }
});
