// Navigation through the protocol: definition, references, prepareRename and rename, document
// symbols, folding and semantic tokens, each answered by the bundled server over stdio.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type {
  DocumentSymbol,
  FoldingRange,
  InitializeResult,
  Location,
  Position,
  Range,
  SemanticTokens,
  SymbolInformation,
  WorkspaceEdit,
} from "vscode-languageserver-protocol/node";
import type { AnalysisResult } from "../../shared/protocol/messages";
import { LspServer, scenarioUri } from "./harness";
import { positionOf, rangeOf, UNCLOSED } from "./fixtures";
import { applyTextEdits, BROKEN_REFS, NAVIGATION, NAVIGATION_CAPABILITIES, offsetOf } from "./navigation-client";

/** A server whose client announces what VS Code announces for navigation. */
let client: LspServer;
let clientInit: InitializeResult;
/** A server started by the shared harness, whose client claims no navigation capabilities. */
let plain: LspServer;
let plainInit: InitializeResult;

before(async () => {
  ({ server: client, initialized: clientInit } = await LspServer.start({ capabilities: NAVIGATION_CAPABILITIES }));
  ({ server: plain, initialized: plainInit } = await LspServer.start());
});
after(() => {
  client?.dispose();
  plain?.dispose();
});

const SymbolKind = { Class: 5, Field: 8, EnumMember: 22, Struct: 23, Event: 24 } as const;

/** The position of the `n`-th `needle` in NAVIGATION, `delta` characters in. */
const at = (needle: string, n = 0, delta = 0, text = NAVIGATION): Position => positionOf(text, offsetOf(text, needle, n, delta));
/** The range of `length` characters from the `n`-th `needle`, `delta` characters in. */
const span = (needle: string, n: number, delta: number, length: number, text = NAVIGATION): Range => ({
  start: positionOf(text, offsetOf(text, needle, n, delta)),
  end: positionOf(text, offsetOf(text, needle, n, delta) + length),
});

let opened = 0;
/** Opens `text` under a fresh URI on the navigation client. */
async function open(text: string): Promise<string> {
  const uri = scenarioUri(`navigation-${++opened}`);
  await client.open(uri, text, 1);
  return uri;
}

const definition = (uri: string, position: Position) => client.request<Location | null>("textDocument/definition", { textDocument: { uri }, position });
const references = (uri: string, position: Position, includeDeclaration: boolean) =>
  client.request<Location[] | null>("textDocument/references", { textDocument: { uri }, position, context: { includeDeclaration } });
const prepareRename = (uri: string, position: Position) =>
  client.request<{ range: Range; placeholder: string } | null>("textDocument/prepareRename", { textDocument: { uri }, position });
const rename = (uri: string, position: Position, newName: string) =>
  client.request<WorkspaceEdit | null>("textDocument/rename", { textDocument: { uri }, position, newName });

/** Asserts the request fails with RequestFailed and exactly `message`. */
async function refused(request: Promise<unknown>, message: string): Promise<void> {
  await assert.rejects(request, (error: { code?: number; message?: string }) => {
    assert.deepEqual({ code: error.code, message: error.message }, { code: -32803, message });
    return true;
  });
}

test("initialize announces every navigation provider, the token legend, and prepareRename only to a client that supports it", () => {
  const { capabilities } = clientInit;
  assert.deepEqual(
    {
      definitionProvider: capabilities.definitionProvider,
      referencesProvider: capabilities.referencesProvider,
      renameProvider: capabilities.renameProvider,
      documentSymbolProvider: capabilities.documentSymbolProvider,
      foldingRangeProvider: capabilities.foldingRangeProvider,
      semanticTokensProvider: capabilities.semanticTokensProvider,
    },
    {
      definitionProvider: true,
      referencesProvider: true,
      renameProvider: { prepareProvider: true },
      documentSymbolProvider: true,
      foldingRangeProvider: true,
      semanticTokensProvider: {
        legend: { tokenTypes: ["class", "property", "enumMember", "struct", "function"], tokenModifiers: ["declaration"] },
        full: true,
        range: true,
      },
    },
  );
  assert.equal(plainInit.capabilities.renameProvider, true, "no RenameOptions for a client without prepareSupport");
});

describe("definition and references", () => {
  test("a reference leads to its definition: flow and block lists, quoted ids, an objective", async () => {
    const uri = await open(NAVIGATION);
    const boyz: Location = { uri, range: rangeOf(NAVIGATION, "boyz", 1) };
    assert.deepEqual(await definition(uri, at("[boyz]", 0, 1)), boyz);
    assert.deepEqual(await definition(uri, at("- boyz", 1, 4)), boyz, "the block list under the nested pile-in");
    assert.deepEqual(await definition(uri, at("  boyz:", 0, 2)), boyz, "the definition itself");
    assert.deepEqual(await definition(uri, at("'s2'", 0, 3)), { uri, range: span('"s2"', 0, 1, 2) }, "inside the quotes");
    assert.deepEqual(await definition(uri, at("objective: alpha", 0, 13)), { uri, range: rangeOf(NAVIGATION, "alpha") });
    assert.equal(await definition(uri, at("mode: objective", 0, 9)), null, "a mode is not an id");
  });

  test("references with and without the definition, in text order", async () => {
    const uri = await open(NAVIGATION);
    const uses: Location[] = [
      { uri, range: span("{ s1:", 0, 2, 2) },
      { uri, range: span("      s1: [11, 8]", 0, 6, 2) },
    ];
    assert.deepEqual(await references(uri, at("{ s1:", 0, 3), true), [{ uri, range: span("s1: [13.74, 8]", 0, 0, 2) }, ...uses]);
    assert.deepEqual(await references(uri, at("{ s1:", 0, 3), false), uses);
    assert.deepEqual(await references(uri, at("rules: 10e"), true), []);
  });
});

describe("rename", () => {
  test("prepareRename gives the id's characters and text; elsewhere it is refused with the reason", async () => {
    const uri = await open(NAVIGATION);
    assert.deepEqual(await prepareRename(uri, at("'squad'", 0, 1)), { range: span("'squad'", 0, 1, 5), placeholder: "squad" });
    await refused(prepareRename(uri, at("player: red")), "Only the id of a unit, a model, an objective, a terrain area or a weapon can be renamed.");
    const broken = await open(BROKEN_REFS);
    await refused(prepareRename(broken, at("pile-in: aa", 0, 9, BROKEN_REFS)), "No unit 'aa' is defined, so there is nothing to rename; fix the id instead.");
  });

  test("a unit: every occurrence is edited, and the renamed text re-analyses with no diagnostic", async () => {
    const uri = await open(NAVIGATION);
    const edit = await rename(uri, at("- boyz", 0, 3), "orks");
    const ranges = [span("- boyz", 0, 2, 4), span("  boyz:", 0, 2, 4), span("[boyz]", 0, 1, 4), span("- boyz", 1, 2, 4)];
    assert.deepEqual(edit, { changes: { [uri]: ranges.map((range) => ({ range, newText: "orks" })) } });
    const renamed = applyTextEdits(NAVIGATION, edit?.changes?.[uri] ?? []);
    assert.equal(renamed, NAVIGATION.replace(/\bboyz\b/g, "orks"));
    await client.change(uri, renamed, 2);
    assert.deepEqual(await client.request<AnalysisResult | null>("ruleboard/analysis", { uri }), { version: 2, problems: [] });
    assert.deepEqual(await definition(uri, at("[orks]", 0, 1, renamed)), { uri, range: rangeOf(renamed, "orks", 1) }, "the new version's tree");
  });

  test("a model keeps each occurrence's quotes; the result is as clean as before", async () => {
    const uri = await open(NAVIGATION);
    const edit = await rename(uri, at('"s2"', 0, 1), "sarge");
    assert.deepEqual(edit?.changes?.[uri], [
      { range: span('"s2"', 0, 1, 2), newText: "sarge" },
      { range: span("'s2'", 0, 1, 2), newText: "sarge" },
    ]);
    const renamed = applyTextEdits(NAVIGATION, edit?.changes?.[uri] ?? []);
    assert.equal(renamed, NAVIGATION.replace('"s2"', '"sarge"').replace("'s2'", "'sarge'"));
    await client.change(uri, renamed, 2);
    assert.deepEqual(await client.request<AnalysisResult | null>("ruleboard/analysis", { uri }), { version: 2, problems: [] });
  });

  test("a clash, a capture or a name YAML would not read as an id is refused with the reason", async () => {
    const uri = await open(NAVIGATION);
    await refused(rename(uri, at("  squad:", 0, 2), "boyz"), "There is already a unit 'boyz' (line 21).");
    await refused(rename(uri, at("  squad:", 0, 2), "true"), "'true' would be read by YAML as the value true, not as an id.");
    await refused(
      rename(uri, at("  squad:", 0, 2), "my squad"),
      "'my squad' is not a plain id: use letters, digits, '_', '-' and '.', starting with a letter, a digit or '_'.",
    );
    await refused(rename(uri, at("base: 32"), "x"), "Only the id of a unit, a model, an objective, a terrain area or a weapon can be renamed.");
    const broken = await open(BROKEN_REFS);
    await refused(
      rename(broken, at("  a:", 0, 2, BROKEN_REFS), "aa"),
      "'aa' is already written as a unit on line 22, where it names no unit; renaming onto it would change what that line means.",
    );
  });

  test("in a step the engine dropped, the model's id is renamed too, and the verdicts stay as they were", async () => {
    const uri = await open(BROKEN_REFS);
    const before = await client.request<AnalysisResult | null>("ruleboard/analysis", { uri });
    const edit = await rename(uri, at("a1: [10, 10]", 0, 0, BROKEN_REFS), "a9");
    assert.equal(edit?.changes?.[uri].length, 3);
    const renamed = applyTextEdits(BROKEN_REFS, edit?.changes?.[uri] ?? []);
    assert.equal(renamed, BROKEN_REFS.replace(/\ba1\b/g, "a9"));
    await client.change(uri, renamed, 2);
    const after = await client.request<AnalysisResult | null>("ruleboard/analysis", { uri });
    const codes = (r: AnalysisResult | null) => r?.problems.map((p) => `${p.code}@${p.step ?? "-"}`);
    assert.deepEqual(codes(after), codes(before));
    assert.equal(after?.problems.length, 5);
  });

  test("a client without prepareSupport can still rename", async () => {
    const uri = scenarioUri("navigation-plain-rename");
    await plain.open(uri, NAVIGATION);
    const edit = await plain.request<WorkspaceEdit | null>("textDocument/rename", { textDocument: { uri }, position: at("ruin"), newName: "wall" });
    assert.deepEqual(edit, { changes: { [uri]: [{ range: rangeOf(NAVIGATION, "ruin"), newText: "wall" }] } });
  });
});

describe("document symbols", () => {
  test("hierarchical: units with their models, objectives, terrain, numbered steps with nested blocks", async () => {
    const uri = await open(NAVIGATION);
    const symbols = await client.request<DocumentSymbol[] | null>("textDocument/documentSymbol", { textDocument: { uri } });
    const line = (n: number, from: number, to: number): Range => ({ start: { line: n, character: from }, end: { line: n, character: to } });
    assert.deepEqual(symbols?.[2], {
      name: "squad",
      detail: "Assault squad · red",
      kind: SymbolKind.Class,
      range: { start: { line: 11, character: 2 }, end: { line: 19, character: 24 } },
      selectionRange: line(11, 2, 7),
      children: [
        { name: "s1", detail: "[13.74, 8]", kind: SymbolKind.Field, range: line(18, 6, 20), selectionRange: line(18, 6, 8), children: [] },
        { name: "s2", detail: "[13.74, 9.3]", kind: SymbolKind.Field, range: line(19, 6, 24), selectionRange: line(19, 6, 10), children: [] },
      ],
    });
    const compact = (s: DocumentSymbol): unknown[] => [
      s.name,
      s.kind,
      s.range.start.line,
      s.range.end.line,
      ...(s.children?.length ? [s.children.map(compact)] : []),
    ];
    assert.deepEqual(symbols?.map(compact), [
      ["alpha", SymbolKind.EnumMember, 7, 7],
      ["ruin", SymbolKind.Struct, 9, 9],
      [
        "squad",
        SymbolKind.Class,
        11,
        19,
        [
          ["s1", SymbolKind.Field, 18, 18],
          ["s2", SymbolKind.Field, 19, 19],
        ],
      ],
      [
        "boyz",
        SymbolKind.Class,
        20,
        25,
        [
          ["b1", SymbolKind.Field, 24, 24],
          ["b2", SymbolKind.Field, 25, 25],
        ],
      ],
      ["1. fight squad", SymbolKind.Event, 27, 32, [["pile-in", SymbolKind.Event, 29, 32]]],
      ["2. remove b1, b2", SymbolKind.Event, 33, 33],
      ["3. consolidate squad", SymbolKind.Event, 34, 39],
    ]);
    assert.deepEqual(symbols?.[4].selectionRange, line(27, 4, 16));
  });

  test("flat, with the parent as container, for a client without hierarchical symbols", async () => {
    const uri = scenarioUri("navigation-plain-symbols");
    await plain.open(uri, NAVIGATION);
    const symbols = await plain.request<SymbolInformation[] | null>("textDocument/documentSymbol", { textDocument: { uri } });
    assert.deepEqual(
      symbols?.map((s) => [s.name, s.kind, s.containerName ?? null, s.location.range.start.line]),
      [
        ["alpha", SymbolKind.EnumMember, null, 7],
        ["ruin", SymbolKind.Struct, null, 9],
        ["squad", SymbolKind.Class, null, 11],
        ["s1", SymbolKind.Field, "squad", 18],
        ["s2", SymbolKind.Field, "squad", 19],
        ["boyz", SymbolKind.Class, null, 20],
        ["b1", SymbolKind.Field, "boyz", 24],
        ["b2", SymbolKind.Field, "boyz", 25],
        ["1. fight squad", SymbolKind.Event, null, 27],
        ["pile-in", SymbolKind.Event, "1. fight squad", 29],
        ["2. remove b1, b2", SymbolKind.Event, null, 33],
        ["3. consolidate squad", SymbolKind.Event, null, 34],
      ],
    );
    assert.ok(symbols?.every((s) => s.location.uri === uri));
  });
});

test("folding ranges: sections, units, models, steps, nested blocks, lists and the leading comment", async () => {
  const uri = await open(NAVIGATION);
  const folds = await client.request<FoldingRange[] | null>("textDocument/foldingRange", { textDocument: { uri } });
  assert.deepEqual(folds, [
    { startLine: 0, endLine: 1, kind: "comment" },
    ...[
      [6, 7],
      [8, 9],
      [10, 25],
      [11, 19],
      [15, 16],
      [17, 19],
      [20, 25],
      [23, 25],
      [26, 39],
      [27, 32],
      [29, 32],
      [30, 31],
      [34, 39],
      [37, 39],
    ].map(([startLine, endLine]) => ({ startLine, endLine })),
  ]);
});

describe("semantic tokens", () => {
  test("full: definitions as declarations, resolved references by kind, encoded relative", async () => {
    const uri = await open(NAVIGATION);
    const tokens = await client.request<SemanticTokens | null>("textDocument/semanticTokens/full", { textDocument: { uri } });
    // [deltaLine, deltaStart, length, type (class 0, property 1, enumMember 2, struct 3), declaration bit]
    assert.deepEqual(tokens, {
      data: [
        ...[7, 2, 5, 2, 1],
        ...[2, 2, 4, 3, 1],
        ...[2, 2, 5, 0, 1],
        ...[5, 8, 4, 0, 0],
        ...[2, 6, 2, 1, 1],
        ...[1, 7, 2, 1, 1],
        ...[1, 2, 4, 0, 1],
        ...[4, 6, 2, 1, 1],
        ...[1, 6, 2, 1, 1],
        ...[2, 11, 5, 0, 0],
        ...[1, 14, 4, 0, 0],
        ...[3, 10, 4, 0, 0],
        ...[1, 12, 2, 1, 0],
        ...[1, 13, 2, 1, 0],
        ...[0, 5, 2, 1, 0],
        ...[1, 18, 5, 0, 0],
        ...[2, 15, 5, 2, 0],
        ...[2, 6, 2, 1, 0],
        ...[1, 7, 2, 1, 0],
      ],
    });
  });

  test("range: only the tokens inside it, the first relative to the document start", async () => {
    const uri = await open(NAVIGATION);
    const range = { start: { line: 33, character: 0 }, end: { line: 34, character: 30 } };
    const tokens = await client.request<SemanticTokens | null>("textDocument/semanticTokens/range", { textDocument: { uri }, range });
    assert.deepEqual(tokens, { data: [33, 13, 2, 1, 0, 0, 5, 2, 1, 0, 1, 18, 5, 0, 0] });
  });
});

describe("robustness", () => {
  test("text that is not YAML: no definition, no references, rename refused, empty outline, folds and tokens", async () => {
    const uri = await open(UNCLOSED);
    const doc = { textDocument: { uri } };
    const position = { line: 0, character: 12 };
    assert.equal(await definition(uri, position), null);
    assert.deepEqual(await references(uri, position, true), []);
    await refused(prepareRename(uri, position), "Fix the YAML syntax errors before renaming.");
    await refused(rename(uri, position, "x"), "Fix the YAML syntax errors before renaming.");
    assert.deepEqual(await client.request("textDocument/documentSymbol", doc), []);
    assert.deepEqual(await client.request("textDocument/foldingRange", doc), []);
    assert.deepEqual(await client.request("textDocument/semanticTokens/full", doc), { data: [] });
  });

  test("a position past the end is the end of the text", async () => {
    const uri = await open(NAVIGATION.trimEnd());
    const past = { line: 400, character: 99 };
    // The text ends with `'s2': [10.8, 9.3]`: the end is not on an id.
    assert.equal(await definition(uri, past), null);
    assert.deepEqual(await references(uri, past, true), []);
    await refused(prepareRename(uri, past), "Only the id of a unit, a model, an objective, a terrain area or a weapon can be renamed.");
    const endsOnId = await open("units:\n  a:\n    charged: [a");
    const a: Location = { uri: endsOnId, range: { start: { line: 1, character: 2 }, end: { line: 1, character: 3 } } };
    assert.deepEqual(await definition(endsOnId, past), a, "past the end is the end of the last id; unclosed YAML is read as far as it goes");
  });

  test("a closed or never-opened document: every request answers null", async () => {
    const uri = await open(NAVIGATION);
    await client.close(uri);
    const position = at("[boyz]", 0, 1);
    for (const uriOf of [uri, scenarioUri("navigation-never-opened")]) {
      const doc = { textDocument: { uri: uriOf } };
      assert.equal(await definition(uriOf, position), null);
      assert.equal(await references(uriOf, position, true), null);
      assert.equal(await prepareRename(uriOf, position), null);
      assert.equal(await rename(uriOf, position, "x"), null);
      assert.equal(await client.request("textDocument/documentSymbol", doc), null);
      assert.equal(await client.request("textDocument/foldingRange", doc), null);
      assert.equal(await client.request("textDocument/semanticTokens/full", doc), null);
      assert.equal(await client.request("textDocument/semanticTokens/range", { ...doc, range: { start: position, end: position } }), null);
    }
  });

  test("requests without a document are InvalidParams; a bad position is answered null; the server keeps serving", async () => {
    await assert.rejects(client.request("textDocument/definition", {}), (error: { code?: number }) => error.code === -32602);
    await assert.rejects(client.request("textDocument/documentSymbol", { textDocument: { uri: 7 } }), (error: { code?: number }) => error.code === -32602);
    const uri = await open(NAVIGATION);
    assert.equal(await client.request("textDocument/definition", { textDocument: { uri } }), null);
    assert.equal(client.alive, true);
    assert.deepEqual(await definition(uri, at("[boyz]", 0, 1)), { uri, range: rangeOf(NAVIGATION, "boyz", 1) });
  });

  test("CRLF line ends: ranges on the right lines", async () => {
    const crlf = NAVIGATION.replace(/\n/g, "\r\n");
    const uri = await open(crlf);
    assert.deepEqual(await definition(uri, { line: 28, character: 15 }), {
      uri,
      range: { start: { line: 20, character: 2 }, end: { line: 20, character: 6 } },
    });
    const folds = await client.request<FoldingRange[] | null>("textDocument/foldingRange", { textDocument: { uri } });
    assert.deepEqual(folds?.slice(0, 3), [
      { startLine: 0, endLine: 1, kind: "comment" },
      { startLine: 6, endLine: 7 },
      { startLine: 8, endLine: 9 },
    ]);
  });
});
