// textDocument/completion through the real server over stdio: targets in rules order, keys not yet
// written, only the step's unit's models under `to:`, codes for `illegal: [`, completion while the
// text does not parse, and snippets only for a client that supports them.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { CompletionItemKind, ErrorCodes, InsertTextFormat, InsertTextMode } from "vscode-languageserver-protocol/node";
import type { CompletionItem } from "vscode-languageserver-protocol/node";
import { analyze } from "../../shared/index";
import { SKIRMISH } from "../helpers/scenarios";
import { atMarker, CompletionClient } from "./completion-client";
import { LspServer, scenarioUri } from "./harness";

/** The codes the engine reports on the pile-in below (s3 moves 4.6" away from the enemy). */
const PILE_IN_CODES = ["move.too-far", "move.not-closer", "coherency.broken", "engagement.lost"];

let plain: CompletionClient;
let snippets: CompletionClient;

before(async () => {
  [plain, snippets] = await Promise.all([CompletionClient.start({ snippets: false }), CompletionClient.start({ snippets: true, markdown: true })]);
});
after(() => {
  plain?.dispose();
  snippets?.dispose();
});

const labels = (items: readonly CompletionItem[]): string[] => items.map((i) => i.label);

describe("completion over stdio", () => {
  it("announces its trigger characters", () => {
    assert.deepEqual(plain.initialized.capabilities.completionProvider, { triggerCharacters: [":", " ", "[", ",", "-"], resolveProvider: false });
  });

  it("offers a fight's targets engaged first, nearest first, in a document that does not parse", async () => {
    const marked = `${SKIRMISH}  - fight: squad\n    targets: [|\n    note: the squad fights\n`;
    assert.equal(analyze(atMarker(marked).text).scenario, undefined, "the unclosed [ breaks the YAML");
    const items = await plain.complete(scenarioUri("completion-fight-targets"), marked, "[");
    assert.deepEqual(
      items.map((i) => [i.label, i.detail, i.kind]),
      [
        ["vanguard", 'engaged 0.4"', CompletionItemKind.Class],
        ["hunters", 'engaged 1.2"', CompletionItemKind.Class],
        ["guards", '3.75" away', CompletionItemKind.Class],
        ["archers", '9" away', CompletionItemKind.Class],
      ],
    );
    const { line, character } = atMarker(marked);
    assert.deepEqual(items[0].textEdit, { range: { start: { line, character }, end: { line, character } }, newText: "vanguard" });
  });

  it("offers a pile-in's targets engaged, then within 5\", then the rest, leaving out those written", async () => {
    const items = await plain.complete(scenarioUri("completion-pile-in-targets"), `${SKIRMISH}  - pile-in: squad\n    targets: [hunters, |]\n`, " ");
    assert.deepEqual(
      items.map((i) => [i.label, i.detail]),
      [
        ["vanguard", 'engaged 0.4"'],
        ["guards", 'within 5" (3.75")'],
        ["archers", '9" away'],
      ],
    );
  });

  it("offers the keys a fight step accepts that it does not have yet", async () => {
    const items = await plain.complete(scenarioUri("completion-step-keys"), `${SKIRMISH}  - fight: squad\n    type: normal\n    |\n    note: fights\n`);
    assert.deepEqual(labels(items), ["targets", "attacks", "resolve", "pile-in", "consolidate", "illegal", "show"]);
    assert.deepEqual(
      items.map((i) => [i.kind, i.detail, i.textEdit && "newText" in i.textEdit ? i.textEdit.newText : undefined]),
      [
        [CompletionItemKind.Property, "Attack targets", "targets: "],
        [CompletionItemKind.Property, "Melee attacks", "attacks: "],
        [CompletionItemKind.Property, "Order of resolution", "resolve: "],
        [CompletionItemKind.Property, "Pile-in of the fight", "pile-in: "],
        [CompletionItemKind.Property, "Consolidation of the fight", "consolidate: "],
        [CompletionItemKind.Property, "Illegal on purpose", "illegal: "],
        [CompletionItemKind.Property, "Show on the board", "show: "],
      ],
    );
  });

  it("offers under a pile-in's to: only the models of its unit not yet moved", async () => {
    const items = await plain.complete(scenarioUri("completion-moves"), `${SKIRMISH}  - pile-in: squad\n    to:\n      s1: [10.2, 10]\n      |\n`);
    assert.deepEqual(
      items.map((i) => [i.label, i.detail, i.kind]),
      [
        ["s2", "at [10, 11.5]", CompletionItemKind.Field],
        ["s3", "at [8.6, 10.8]", CompletionItemKind.Field],
      ],
    );
  });

  it("offers codes for illegal: [, those the step breaks first, each with its meaning", async () => {
    const items = await plain.complete(scenarioUri("completion-codes"), `${SKIRMISH}  - pile-in: squad\n    to:\n      s3: [4, 10.8]\n    illegal: [|\n`, "[");
    assert.deepEqual(labels(items).slice(0, 4), PILE_IN_CODES);
    assert.deepEqual(
      items.slice(0, 4).map((i) => i.detail),
      PILE_IN_CODES.map(() => "reported on this step"),
    );
    assert.equal(items.length, 33, "every code but yaml.syntax and expect.unmet");
    assert.deepEqual(items.find((i) => i.label === "fight.target")?.documentation, "An attack target is not engaged with the fighting unit.");
    // Writing exactly the offered codes makes the step an expected violation with nothing unmet.
    const written = `${SKIRMISH}  - pile-in: squad\n    to:\n      s3: [4, 10.8]\n    illegal: [${PILE_IN_CODES.join(", ")}]\n`;
    assert.deepEqual(
      analyze(written)
        .problems.filter((p) => p.severity !== "info")
        .map((p) => p.code),
      [],
    );
  });

  it("uses the last model that parsed when the text is broken twice", async () => {
    const uri = scenarioUri("completion-last-good");
    const good = `${SKIRMISH}  - fight: squad\n    targets: [|]\n  - remove: [v1]\n`;
    assert.deepEqual(labels(await plain.complete(uri, good)), ["vanguard", "hunters", "guards", "archers"]);
    // A second unclosed list later on defeats both repairs of the cursor's step.
    const broken = `${SKIRMISH}  - fight: squad\n    targets: [|\n  - remove: [v1\n`;
    assert.deepEqual(labels(await plain.complete(uri, broken)), ["vanguard", "hunters", "guards", "archers"]);
    // The same text in a document that never parsed has no ids to offer.
    assert.deepEqual(await plain.complete(scenarioUri("completion-never-good"), broken), []);
  });

  it("keeps the model of the last text that parsed once it was analysed, without a completion request", async () => {
    const uri = scenarioUri("completion-settled");
    const version = await plain.set(uri, `${SKIRMISH}  - fight: squad\n`);
    // Diagnostics for that version mean the server analysed it: its model is the last good one.
    await plain.published(uri, version);
    const broken = `${SKIRMISH}  - fight: squad\n    targets: [|\n  - remove: [v1\n`;
    assert.deepEqual(labels(await plain.complete(uri, broken)), ["vanguard", "hunters", "guards", "archers"]);
  });

  it("answers an empty list, not an error, where nothing can be read", async () => {
    assert.deepEqual(await plain.complete(scenarioUri("completion-nothing"), "units: [\n  - |\n"), []);
    assert.deepEqual(await plain.complete(scenarioUri("completion-comment"), `${SKIRMISH}  # a comment |\n`), []);
  });

  it("offers snippets only to a client that supports them", async () => {
    const marked = `${SKIRMISH}  - fight: squad\n  - |\n`;
    const without = await plain.complete(scenarioUri("completion-no-snippets"), marked, " ");
    assert.deepEqual(labels(without), ["fight", "consolidate", "remove", "phase", "pile-in", "move", "charge"]);
    assert.ok(without.every((i) => i.kind !== CompletionItemKind.Snippet && i.insertTextFormat === InsertTextFormat.PlainText));
    const withSnippets = await snippets.complete(scenarioUri("completion-snippets"), marked, " ");
    assert.deepEqual(labels(withSnippets), [
      "fight",
      "fight step",
      "consolidate",
      "consolidate step",
      "remove",
      "remove step",
      "phase",
      "phase step",
      "pile-in",
      "pile-in step",
      "move",
      "move step",
      "charge",
      "charge step",
    ]);
    const fight = withSnippets.find((i) => i.label === "fight step")!;
    assert.equal(fight.insertTextFormat, InsertTextFormat.Snippet);
    assert.equal(fight.insertTextMode, InsertTextMode.adjustIndentation);
    assert.equal(
      fight.textEdit && "newText" in fight.textEdit ? fight.textEdit.newText : undefined,
      "fight: ${1|squad,vanguard,hunters,support,archers,guards|}\n  targets: [$2]$0",
    );
    // Markdown documentation for a client that asks for it.
    assert.deepEqual(withSnippets.find((i) => i.label === "fight")?.documentation, {
      kind: "markdown",
      value: "The unit (id) selected to fight (11e 12.04–12.06; in 10e one activation: pile in, attacks, consolidate).",
    });
  });

  it("offers a new unit as a snippet under units:", async () => {
    const marked = SKIRMISH.replace("units:\n", "units:\n  |\n");
    assert.deepEqual(await plain.complete(scenarioUri("completion-unit-plain"), marked), []);
    const items = await snippets.complete(scenarioUri("completion-unit-snippet"), marked);
    assert.deepEqual(
      items.map((i) => [i.label, i.textEdit && "newText" in i.textEdit ? i.textEdit.newText : undefined]),
      [["new unit", "${1:unit}:\n  player: ${2|red,blue|}\n  base: ${3:32}\n  models:\n    ${4:m1}: [${5:0}, ${6:0}]$0"]],
    );
  });
});

describe("malformed completion requests", () => {
  it("are InvalidParams, and the server keeps answering", async () => {
    const { server } = await LspServer.start();
    try {
      const uri = scenarioUri("completion-malformed");
      await server.open(uri, SKIRMISH, 1);
      const codeOf = async (params: unknown): Promise<number | undefined> => {
        try {
          await server.request("textDocument/completion", params);
          return undefined;
        } catch (error) {
          return (error as { code?: number }).code;
        }
      };
      const position = { line: 0, character: 0 };
      for (const params of [
        {},
        { position },
        { textDocument: { uri: null }, position },
        { textDocument: { uri } },
        { textDocument: { uri }, position: { line: 0, character: 0.5 } },
      ]) {
        assert.equal(await codeOf(params), ErrorCodes.InvalidParams, JSON.stringify(params));
      }
      // At the end of the text: the top-level keys not written yet.
      const end = { line: SKIRMISH.split("\n").length - 1, character: 0 };
      const answer = await server.request<{ items: CompletionItem[] } | null>("textDocument/completion", { textDocument: { uri }, position: end });
      assert.deepEqual(
        answer?.items.map((i) => i.label),
        ["description", "rulings", "board", "terrain", "show", "view", "weapons"],
      );
    } finally {
      server.dispose();
    }
  });
});
