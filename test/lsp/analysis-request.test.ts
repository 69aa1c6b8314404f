// The custom `ruleboard/analysis` request: the problems behind the published diagnostics,
// for the same version, so the board preview and the Problems panel never disagree.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import type { Diagnostic, Range } from "vscode-languageserver-protocol/node";
import type { AnalysisResult } from "../../shared/protocol/messages";
import { LspServer, scenarioUri } from "./harness";
import { BOGUS_KEY, MINIMAL, positionOf, UNCLOSED, UNKNOWN_UNIT } from "./fixtures";

let server: LspServer;

before(async () => {
  ({ server } = await LspServer.start());
});
after(() => server?.dispose());

const SEVERITY = { error: 1, warning: 2, info: 3 } as const;

/** What a problem should look like as a diagnostic, computed from the text without the server. */
function expectedDiagnostic(text: string, problem: AnalysisResult["problems"][number]): Partial<Diagnostic> {
  const range: Range = { start: positionOf(text, problem.span.start), end: positionOf(text, problem.span.end) };
  return { code: problem.code, severity: SEVERITY[problem.severity], message: problem.message, range };
}

// [name, text, whether the parser reports at least one problem for it]
for (const [name, text, hasProblems] of [
  ["valid", MINIMAL, false],
  ["yaml syntax error", UNCLOSED, true],
  ["unknown key", BOGUS_KEY, true],
  ["unknown unit", UNKNOWN_UNIT, true],
] as const) {
  test(`${name}: the request returns the version and the problems the diagnostics were built from`, async () => {
    const uri = scenarioUri(`analysis-${name.replace(/\W+/g, "-")}`);
    await server.open(uri, text, 4);
    const published = await server.diagnostics(uri, 4);
    const result = await server.request<AnalysisResult | null>("ruleboard/analysis", { uri });
    assert.ok(result !== null);
    assert.equal(result.version, 4);
    assert.equal(result.problems.length > 0, hasProblems, JSON.stringify(result.problems));
    assert.deepEqual(
      published.diagnostics.map((d) => ({ code: d.code, severity: d.severity, message: d.message, range: d.range })),
      result.problems.map((p) => expectedDiagnostic(text, p)),
    );
  });
}

test("after a change the request reports the new version, even before its diagnostics are published", async () => {
  const uri = scenarioUri("analysis-change");
  await server.open(uri, MINIMAL, 1);
  await server.diagnostics(uri, 1);
  await server.change(uri, UNCLOSED, 2);
  const result = await server.request<AnalysisResult | null>("ruleboard/analysis", { uri });
  assert.equal(result?.version, 2);
  assert.ok(result.problems.length > 0, "the broken YAML of version 2 has problems");
  const published = await server.diagnostics(uri, 2);
  assert.deepEqual(
    published.diagnostics.map((d) => d.code),
    result.problems.map((p) => p.code),
  );
});

test("a document that is not open: null", async () => {
  assert.equal(await server.request("ruleboard/analysis", { uri: scenarioUri("never-opened") }), null);
});
