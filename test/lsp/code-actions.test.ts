// Quick fixes over stdio: textDocument/codeAction for the diagnostics the server published,
// answered with exact edits (a verified end position, a legal value, an existing id, or marking
// the step illegal).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import type { CodeAction, Diagnostic, InitializeResult, Range } from "vscode-languageserver-protocol/node";
import { LspServer, scenarioUri } from "./harness";
import { ConfiguredClient } from "./settings-client";
import { applyTextEdits } from "./navigation-client";
import { analyze } from "../../shared/index";

let server: LspServer;
let initialized: InitializeResult;

before(async () => {
  ({ server, initialized } = await LspServer.start());
});
after(() => server?.dispose());

/** boyz (charged) and guards 5" apart; `steps` is the steps' YAML. Line 15 (0-based) is the first step. */
function scenario(steps: string, guardsAt = "[15, 10]"): string {
  return `scenario: Quick fixes
rules: 11e
turn: red
units:
  boyz:
    player: red
    base: 32
    charged: true
    models:
      a1: [10, 10]
  guards:
    player: blue
    base: 32
    models:
      b1: ${guardsAt}
steps:
${steps}`;
}

/** The range of the `nth` occurrence of `needle` in `text`. */
function rangeOf(text: string, needle: string, nth = 0): Range {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = text.indexOf(needle, at + 1);
  assert.ok(at >= 0, `${needle} in the text`);
  const pos = (offset: number) => {
    const lines = text.slice(0, offset).split("\n");
    return { line: lines.length - 1, character: lines[lines.length - 1].length };
  };
  return { start: pos(at), end: pos(at + needle.length) };
}

/** Opens `text`, waits for its diagnostics and returns the one with `code`. */
async function diagnosticOf(name: string, text: string, code: string): Promise<{ uri: string; diagnostic: Diagnostic }> {
  const uri = scenarioUri(`code-actions-${name}`);
  await server.open(uri, text, 1);
  const published = await server.diagnostics(uri, 1);
  const diagnostic = published.diagnostics.find((d) => d.code === code);
  assert.ok(diagnostic, `${code} in ${JSON.stringify(published.diagnostics.map((d) => d.code))}`);
  return { uri, diagnostic };
}

function codeActions(uri: string, diagnostics: Diagnostic[], only?: string[]): Promise<CodeAction[] | null> {
  return server.request<CodeAction[] | null>("textDocument/codeAction", {
    textDocument: { uri },
    range: diagnostics[0]?.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    context: { diagnostics, ...(only && { only }) },
  });
}

/** A quick fix as the server must send it: one document's edits under `changes`. */
function quickFix(title: string, diagnostic: Diagnostic, uri: string, edits: { range: Range; newText: string }[], preferred = false): CodeAction {
  return { title, kind: "quickfix", diagnostics: [diagnostic], ...(preferred && { isPreferred: true }), edit: { changes: { [uri]: edits } } };
}

/** An empty range at the end of the line holding the end of `needle`. */
function endOfLine(text: string, needle: string): Range {
  const end = rangeOf(text, needle).end;
  const character = text.split("\n")[end.line].length;
  return { start: { line: end.line, character }, end: { line: end.line, character } };
}

test("the server announces quick fixes", () => {
  assert.deepEqual(initialized.capabilities.codeActionProvider, { codeActionKinds: ["quickfix"] });
});

test("move.too-far: the verified end on the path at the limit (preferred), then marking the step illegal", async () => {
  const text = scenario("  - pile-in: boyz\n    targets: [guards]\n    to:\n      a1: [13.6, 10]   # too far\n");
  const { uri, diagnostic } = await diagnosticOf("too-far", text, "move.too-far");
  const actions = await codeActions(uri, [diagnostic]);
  assert.deepEqual(actions, [
    quickFix("Move a1 to [12.99, 10]", diagnostic, uri, [{ range: rangeOf(text, "13.6"), newText: "12.99" }], true),
    quickFix("Mark this step illegal: move.too-far", diagnostic, uri, [{ range: endOfLine(text, "# too far"), newText: "\n    illegal: [move.too-far]" }]),
  ]);
  // Asked again (the light bulb asks on every cursor move): the same answer.
  assert.deepEqual(await codeActions(uri, [diagnostic], ["quickfix"]), actions);
});

test("move.too-far on the next version of a document: a fix verified through every later step, which the whole scenario accepts", async () => {
  // Step 2 puts c1 where a1 would stand at the cut on its path at the limit ([15.99, 10]): the
  // fix must be another end, found by a replay that runs on past a1's own step.
  const lines = (a1: string): string =>
    [
      "scenario: a later step measures the moved model",
      "rules: 11e",
      "turn: red",
      "phase: movement",
      "units:",
      "  boyz:",
      "    player: red",
      "    base: 32",
      "    move: 6",
      "    models:",
      "      a1: [10, 10]",
      "  grots:",
      "    player: red",
      "    base: 32",
      "    move: 6",
      "    models:",
      "      c1: [12, 14]",
      "steps:",
      "  - move: boyz",
      "    to:",
      `      a1: ${a1}`,
      "  - move: grots",
      "    to:",
      "      c1: [15.5, 11.1]",
      "",
    ].join("\n");
  const uri = scenarioUri("code-actions-later-step");
  await server.open(uri, lines("[15.8, 8.5]"), 1);
  assert.deepEqual((await server.diagnostics(uri, 1)).diagnostics, []);
  // The next version, analysed from the checkpoints of the first.
  const text = lines("[18, 10]");
  const published = server.diagnostics(uri, 2);
  await server.change(uri, text, 2);
  const diagnostic = (await published).diagnostics.find((d) => d.code === "move.too-far");
  assert.ok(diagnostic);
  const actions = (await codeActions(uri, [diagnostic])) ?? [];
  const fix = actions.find((a) => a.isPreferred);
  assert.ok(fix?.edit?.changes, JSON.stringify(actions.map((a) => a.title)));
  assert.notEqual(fix.title, "Move a1 to [15.99, 10]");
  const after = applyTextEdits(text, fix.edit.changes[uri]);
  assert.deepEqual(
    analyze(after).problems.map((p) => p.code),
    [],
    fix.title,
  );
});

test("action.mode: the fight type the rules allow, and the block illegal: list extended in its style", async () => {
  const text = scenario("  - fight: boyz\n    type: overrun   # engaged\n    illegal:\n      - fight.order\n", "[11.5, 10]");
  const { uri, diagnostic } = await diagnosticOf("mode", text, "action.mode");
  assert.deepEqual(await codeActions(uri, [diagnostic]), [
    quickFix("Change type to normal", diagnostic, uri, [{ range: rangeOf(text, "overrun"), newText: "normal" }], true),
    quickFix("Mark this step illegal: action.mode", diagnostic, uri, [{ range: endOfLine(text, "- fight.order"), newText: "\n      - action.mode" }]),
  ]);
});

test("scenario.unknown-ref: the closest unit id; no step to mark", async () => {
  const text = scenario("  - pile-in: boyz\n    targets: [gaurds]\n    to:\n      a1: [12.5, 10]\n");
  const { uri, diagnostic } = await diagnosticOf("unknown-ref", text, "scenario.unknown-ref");
  assert.deepEqual(await codeActions(uri, [diagnostic]), [
    quickFix("Change 'gaurds' to 'guards'", diagnostic, uri, [{ range: rangeOf(text, "gaurds"), newText: "guards" }], true),
  ]);
});

test("nothing for other kinds, other sources, stale ranges or closed documents", async () => {
  const text = scenario("  - pile-in: boyz\n    targets: [guards]\n    to:\n      a1: [13.6, 10]\n");
  const { uri, diagnostic } = await diagnosticOf("none", text, "move.too-far");
  assert.deepEqual(await codeActions(uri, [diagnostic], ["refactor"]), []);
  assert.deepEqual(await codeActions(uri, [{ ...diagnostic, source: "yaml" }]), []);
  const moved = { ...diagnostic, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } } };
  assert.deepEqual(await codeActions(uri, [moved]), []);
  await server.close(uri);
  assert.deepEqual(await codeActions(uri, [diagnostic]), []);
  assert.deepEqual(await server.framingErrors(), []);
});

/** The verified position for TWO_LOST's move.not-closer. */
const NOT_CLOSER_FIX = "Move a1 to [10.85, 11.43]";

/** a1 starts engaged with east and west, one on each side, and piles in away from both. */
const TWO_LOST = `scenario: Two engagements lost
rules: 11e
turn: red
units:
  boyz:
    player: red
    base: 32
    models:
      a1: [10, 10]
  east:
    player: blue
    base: 32
    models:
      e1: [11.8, 10]
  west:
    player: blue
    base: 32
    models:
      w1: [8.1, 10]
steps:
  - pile-in: boyz
    to:
      a1: [10, 12.9]
`;

test("showTolerance on: each diagnostic is matched by its published message, also among findings of the same code and range", async () => {
  const client = await ConfiguredClient.start({ pull: true, settings: { messages: { showTolerance: true } } });
  try {
    const uri = scenarioUri("code-actions-tolerance");
    await client.open(uri, TWO_LOST, 1);
    const published = await client.until("the diagnostics", () => client.lastPublish(uri));
    // Ruleboard publishes plain-text messages.
    const message = (d: Diagnostic | undefined): string => (d?.message as string | undefined) ?? "";
    const lost = published.diagnostics.filter((d) => d.code === "engagement.lost");
    const east = lost.find((d) => message(d).includes("engaged with east"));
    const west = lost.find((d) => message(d).includes("engaged with west"));
    assert.ok(east && west, JSON.stringify(published.diagnostics.map((d) => d.message)));
    assert.deepEqual(east.range, west.range);
    assert.ok(message(west).endsWith(' [measured 2.207" against 2", tolerance ±0.01"]'), message(west));
    const mark = (d: Diagnostic): CodeAction =>
      quickFix("Mark this step illegal: engagement.lost", d, uri, [
        { range: endOfLine(TWO_LOST, "a1: [10, 12.9]"), newText: "\n    illegal: [engagement.lost]" },
      ]);
    const request = (diagnostics: unknown[]) =>
      client.request<CodeAction[] | null>("textDocument/codeAction", { textDocument: { uri }, range: west.range, context: { diagnostics } });
    assert.deepEqual(await request([east, west]), [mark(east), mark(west)]);
    // A message that is neither finding's (as published or as the engine wrote it) picks neither.
    assert.deepEqual(await request([{ ...west, message: "a1 started engaged with someone" }]), []);
    // The engine's own message (published before the setting changed) still finds its finding.
    const plain = message(west).slice(0, message(west).indexOf(" [measured"));
    assert.deepEqual(await request([{ ...west, message: plain }]), [mark({ ...west, message: plain })]);
    // A measured finding alone on its range gets its verified position.
    const notCloser = published.diagnostics.find((d) => d.code === "move.not-closer");
    assert.ok(message(notCloser).includes("[measured"), message(notCloser));
    const actions = await request([notCloser]);
    assert.deepEqual(
      actions?.map((a) => [a.title, a.isPreferred ?? false]),
      [
        [NOT_CLOSER_FIX, true],
        ["Mark this step illegal: move.not-closer", false],
      ],
    );
  } finally {
    client.dispose();
  }
});

test("malformed requests are InvalidParams; a malformed diagnostic is skipped; the server keeps serving", async () => {
  const text = scenario("  - pile-in: boyz\n    targets: [guards]\n    to:\n      a1: [13.6, 10]\n");
  const { uri, diagnostic } = await diagnosticOf("malformed", text, "move.too-far");
  const invalid = (error: { code?: number }) => error.code === -32602;
  const range = diagnostic.range;
  await assert.rejects(server.request("textDocument/codeAction", {}), invalid);
  await assert.rejects(server.request("textDocument/codeAction", { textDocument: { uri: 7 }, range, context: { diagnostics: [] } }), invalid);
  await assert.rejects(server.request("textDocument/codeAction", { textDocument: { uri }, range }), invalid);
  await assert.rejects(server.request("textDocument/codeAction", { textDocument: { uri }, range, context: { diagnostics: {} } }), invalid);
  await assert.rejects(server.request("textDocument/codeAction", { textDocument: { uri }, range, context: { diagnostics: [], only: "quickfix" } }), invalid);
  const actions = await server.request<CodeAction[]>("textDocument/codeAction", {
    textDocument: { uri },
    range,
    context: { diagnostics: [null, 7, { range: 3, message: "x" }, { ...diagnostic, range: { start: {} } }, diagnostic] },
  });
  assert.deepEqual(
    actions.map((a) => a.title),
    ["Move a1 to [12.99, 10]", "Mark this step illegal: move.too-far"],
  );
  assert.deepEqual(actions[0].diagnostics, [diagnostic]);
  assert.deepEqual(await server.framingErrors(), []);
});
