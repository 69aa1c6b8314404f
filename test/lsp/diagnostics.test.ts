// What the published diagnostics say for known inputs: code, severity, source and exact range.
// The expectations follow the parser's contract (yaml.syntax, scenario.schema, scenario.unknown-ref).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { DiagnosticSeverity } from "vscode-languageserver-protocol/node";
import type { Diagnostic } from "vscode-languageserver-protocol/node";
import { LspServer, scenarioUri } from "./harness";
import type { AnalysisResult } from "../../shared/protocol/messages";
import { BOGUS_KEY, MINIMAL, MISSED_ENGAGEMENT, OVERLAP, pileIn, rangeOf, UNCLOSED, UNKNOWN_UNIT } from "./fixtures";

let server: LspServer;

before(async () => {
  ({ server } = await LspServer.start());
});
after(() => server?.dispose());

let documents = 0;

/** Opens `text` as a new document and returns the diagnostics published for it. */
async function diagnose(text: string): Promise<Diagnostic[]> {
  const uri = scenarioUri(`diagnostics-${++documents}`);
  await server.open(uri, text, 1);
  return (await server.diagnostics(uri, 1)).diagnostics;
}

/** The fields a test pins down, leaving out the message wording. */
function shape(d: Diagnostic): Partial<Diagnostic> {
  return { code: d.code, severity: d.severity, source: d.source, range: d.range };
}

test("a valid scenario: no diagnostics", async () => {
  assert.deepEqual(await diagnose(MINIMAL), []);
});

test("unclosed flow sequence: one yaml.syntax error, at the end of the text on line 0", async () => {
  const diagnostics = await diagnose(UNCLOSED);
  assert.deepEqual(diagnostics.map(shape), [
    {
      code: "yaml.syntax",
      severity: DiagnosticSeverity.Error,
      source: "ruleboard",
      // `yaml` reports the missing ] one past the end; the parser clamps it to the end (offset 19).
      range: { start: { line: 0, character: 19 }, end: { line: 0, character: 19 } },
    },
  ]);
  assert.match(String(diagnostics[0].message), /\]/);
});

test("an unknown top-level key: exactly one scenario.schema error, on the key", async () => {
  const diagnostics = await diagnose(BOGUS_KEY);
  assert.deepEqual(diagnostics.map(shape), [
    {
      code: "scenario.schema",
      severity: DiagnosticSeverity.Error,
      source: "ruleboard",
      range: { start: { line: 2, character: 0 }, end: { line: 2, character: 5 } },
    },
  ]);
  assert.match(String(diagnostics[0].message), /bogus/);
});

test("CRLF line endings: the same range (lines counted by the document, not by \\n alone)", async () => {
  const diagnostics = await diagnose(BOGUS_KEY.replace(/\n/g, "\r\n"));
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.range]),
    [["scenario.schema", { start: { line: 2, character: 0 }, end: { line: 2, character: 5 } }]],
  );
});

test("a step naming an unknown unit: one scenario.unknown-ref error, on the id", async () => {
  const diagnostics = await diagnose(UNKNOWN_UNIT);
  const refs = diagnostics.filter((d) => d.code === "scenario.unknown-ref");
  assert.deepEqual(refs.map(shape), [
    {
      code: "scenario.unknown-ref",
      severity: DiagnosticSeverity.Error,
      source: "ruleboard",
      range: rangeOf(UNKNOWN_UNIT, "ghosts"),
    },
  ]);
  assert.deepEqual(rangeOf(UNKNOWN_UNIT, "ghosts"), { start: { line: 15, character: 13 }, end: { line: 15, character: 19 } });
  // The step index travels in `data` for code actions and the preview.
  assert.deepEqual(refs[0].data, { step: 0 });
});

test("related information: same document, the other model's id; no data without a step or witness", async () => {
  const diagnostics = await diagnose(OVERLAP);
  assert.equal(diagnostics.length, 1);
  const [overlap] = diagnostics;
  assert.deepEqual(shape(overlap), {
    code: "scenario.overlap",
    severity: DiagnosticSeverity.Error,
    source: "ruleboard",
    range: rangeOf(OVERLAP, "b1"),
  });
  assert.deepEqual(overlap.relatedInformation, [{ location: { uri: scenarioUri(`diagnostics-${documents}`), range: rangeOf(OVERLAP, "a1") }, message: "a1" }]);
  assert.equal(overlap.data, undefined);
});

test("a witness travels in data with the step index, as the analysis request reports it", async () => {
  const diagnostics = await diagnose(MISSED_ENGAGEMENT);
  const missed = diagnostics.filter((d) => d.code === "move.missed-engagement");
  assert.equal(missed.length, 1);
  assert.deepEqual(missed[0].range, rangeOf(MISSED_ENGAGEMENT, "a1: [10.5, 10]"));
  const analysis = await server.request<AnalysisResult | null>("ruleboard/analysis", {
    uri: scenarioUri(`diagnostics-${documents}`),
  });
  const problem = analysis?.problems.find((p) => p.code === "move.missed-engagement");
  assert.equal(problem?.witness?.model, "a1");
  assert.deepEqual(missed[0].data, { step: 0, witness: problem.witness });
});

test("a client without relatedInformation support gets none", async () => {
  const { server: plain } = await LspServer.start({ relatedInformation: false });
  try {
    const uri = scenarioUri("no-related");
    await plain.open(uri, OVERLAP, 1);
    const [overlap] = (await plain.diagnostics(uri, 1)).diagnostics;
    assert.equal(overlap.code, "scenario.overlap");
    assert.equal(overlap.relatedInformation, undefined);
    assert.deepEqual((await plain.shutdownAndExit()).code, 0);
  } finally {
    plain.dispose();
  }
});

test("severity: error, warning (within the measuring tolerance) and information (an expected violation)", async () => {
  for (const [end, illegal, severity] of [
    ["[13.5, 10]", false, DiagnosticSeverity.Error],
    ["[13.005, 10]", false, DiagnosticSeverity.Warning],
    ["[13.5, 10]", true, DiagnosticSeverity.Information],
  ] as const) {
    const text = pileIn(end, illegal);
    const tooFar = (await diagnose(text)).filter((d) => d.code === "move.too-far");
    assert.deepEqual(
      tooFar.map((d) => [d.severity, d.range]),
      [[severity, rangeOf(text, `a1: ${end}`)]],
      `${end}${illegal ? " (illegal)" : ""}`,
    );
  }
});

test("fixing the text clears the diagnostics on the next version", async () => {
  const uri = scenarioUri("diagnostics-fix");
  await server.open(uri, BOGUS_KEY, 1);
  assert.equal((await server.diagnostics(uri, 1)).diagnostics.length, 1);
  await server.change(uri, MINIMAL, 2);
  assert.deepEqual((await server.diagnostics(uri, 2)).diagnostics, []);
});
