// Editor intelligence in a real VS Code: the outline, rename, hover and completion answer through
// VS Code's own provider commands (what the editor UI calls), on copies of the examples.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as vscode from "vscode";
import { SKIRMISH } from "../helpers/scenarios";
import { workspaceFile } from "./workspace";
import { nextDiagnostics, waitFor, waitForDiagnostics } from "./wait";

/** A copy of an example under a new name, opened in an editor. */
async function openCopy(example: string, name: string): Promise<vscode.TextDocument> {
  const uri = workspaceFile(name);
  fs.copyFileSync(workspaceFile(example).fsPath, uri.fsPath);
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document, { preview: false });
  return document;
}

/** The position just inside the first `needle` at or after line `fromLine`. */
function positionOf(document: vscode.TextDocument, needle: string, fromLine = 0): vscode.Position {
  const offset = document.getText().indexOf(needle, document.offsetAt(new vscode.Position(fromLine, 0)));
  assert.ok(offset >= 0, `${needle} in ${document.fileName}`);
  return document.positionAt(offset + 1);
}

/** SKIRMISH with a fight step whose targets are being written: the cursor is at the end of the last line. */
const TARGETS_BEING_WRITTEN = `${SKIRMISH}  - fight: squad
    targets: [
`;

suite("Editor intelligence in VS Code", () => {
  test("the outline lists objectives, units with their models, and the numbered steps", async () => {
    const document = await openCopy("overrun-fight.scenario.yaml", "outline.scenario.yaml");
    const symbols = await waitFor("document symbols", async () => {
      const s = await vscode.commands.executeCommand<vscode.DocumentSymbol[] | undefined>("vscode.executeDocumentSymbolProvider", document.uri);
      return s && s.length > 0 ? s : undefined;
    });
    assert.deepEqual(
      symbols.map((s) => [s.name, s.children.map((c) => c.name)]),
      [
        ["alpha", []],
        ["monster", ["m1"]],
        ["squad", ["s1", "s2", "s3", "s4", "s5"]],
        ["transport", ["t1"]],
        ["passengers", ["e1", "e2", "e3", "e4"]],
        ["1. fight monster", []],
        ["2. remove t1", []],
        ["3. fight squad", ["pile-in"]],
        ["4. remove e1, e2", []],
        ["5. fight passengers", []],
      ],
    );
    assert.equal(symbols[1].kind, vscode.SymbolKind.Class);
  });

  test("renaming a unit id updates every reference and changes no verdict", async () => {
    const document = await openCopy("illegal-pile-in.scenario.yaml", "rename.scenario.yaml");
    const before = await waitForDiagnostics(document.uri, "the copy's diagnostics", (d) => d.length === 1);
    const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>(
      "vscode.executeDocumentRenameProvider",
      document.uri,
      positionOf(document, "raiders:"),
      "reavers",
    );
    const edits = edit.get(document.uri);
    // The unit's key under units:, and the pile-in step's unit.
    assert.deepEqual(
      edits.map((e) => [e.range.start.line, e.newText]).sort(),
      [
        [21, "reavers"],
        [7, "reavers"],
      ].sort(),
    );
    // Subscribe before the edit: the diagnostics must be the ones published for the renamed text.
    const republished = nextDiagnostics(document.uri, "the diagnostics after the rename");
    assert.equal(await vscode.workspace.applyEdit(edit), true);
    assert.equal(/\braiders\b/.test(document.getText()), false);
    const after = await republished;
    assert.deepEqual(
      after.map((d) => [d.code, d.range.start.line]),
      before.map((d) => [d.code, d.range.start.line]),
    );
    await document.save();
  });

  test("completion after `targets: [` offers the legal targets first, in rules order", async () => {
    const uri = workspaceFile("completion.scenario.yaml");
    fs.writeFileSync(uri.fsPath, TARGETS_BEING_WRITTEN);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document, { preview: false });
    const line = document.lineCount - 2;
    const position = new vscode.Position(line, document.lineAt(line).text.length);
    const list = await waitFor("completion items", async () => {
      const l = await vscode.commands.executeCommand<vscode.CompletionList>("vscode.executeCompletionItemProvider", document.uri, position, "[");
      return l.items.some((i) => i.label === "vanguard") ? l : undefined;
    });
    // The order the editor shows: by sortText, then label.
    const key = (i: vscode.CompletionItem): string => i.sortText ?? (typeof i.label === "string" ? i.label : i.label.label);
    const units = list.items.filter((i) => i.kind === vscode.CompletionItemKind.Class).sort((a, b) => key(a).localeCompare(key(b)));
    assert.deepEqual(
      units.map((i) => [i.label, i.detail]),
      [
        ["vanguard", 'engaged 0.4"'],
        ["hunters", 'engaged 1.2"'],
        ["guards", '3.75" away'],
        ["archers", '9" away'],
      ],
    );
  });

  test("a hover on a moved model shows its closest enemy and the gap after the step", async () => {
    const document = await openCopy("illegal-pile-in.scenario.yaml", "hover.scenario.yaml");
    const position = positionOf(document, "r1: [13.4");
    const hovers = await waitFor("a hover on r1", async () => {
      const h = await vscode.commands.executeCommand<vscode.Hover[]>("vscode.executeHoverProvider", document.uri, position);
      return h.length > 0 ? h : undefined;
    });
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === "string" ? c : "value" in c ? c.value : ""))).join("\n");
    assert.match(text, /\*\*r1\*\* · model of \*\*raiders\*\*, red · after step 1/);
    assert.match(text, /- closest enemy: \*\*g1\*\* \(guards\), gap 0\.34"/);
    assert.match(text, /- moved 3\.4" of 3" \(pile-in\)/);
  });

  test("the quick fix for move.too-far moves the model to a legal end and the finding goes away", async () => {
    const document = await openCopy("illegal-pile-in.scenario.yaml", "quick-fix.scenario.yaml");
    // Without the illegal: line the 3.4" pile-in is an error, not expected information.
    const strip = new vscode.WorkspaceEdit();
    const illegalLine = document
      .getText()
      .split("\n")
      .findIndex((l) => l.trim().startsWith("illegal:"));
    strip.delete(document.uri, new vscode.Range(illegalLine, 0, illegalLine + 1, 0));
    await vscode.workspace.applyEdit(strip);
    const [tooFar] = await waitForDiagnostics(document.uri, "move.too-far as an error", (d) =>
      d.some((x) => x.code === "move.too-far" && x.severity === vscode.DiagnosticSeverity.Error),
    );
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      "vscode.executeCodeActionProvider",
      document.uri,
      tooFar.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const fix = actions.find((a) => a.isPreferred);
    assert.ok(fix?.edit, `a preferred fix among ${actions.map((a) => a.title).join(" | ")}`);
    assert.match(fix.title, /^Move r1 to \[/);
    assert.equal(await vscode.workspace.applyEdit(fix.edit), true);
    const after = await waitForDiagnostics(document.uri, "the finding to go away", (d) => !d.some((x) => x.code === "move.too-far"));
    assert.deepEqual(
      after.filter((d) => d.severity === vscode.DiagnosticSeverity.Error).map((d) => d.code),
      [],
    );
    await document.save();
  });

  test("Format Document re-indents a scenario and keeps its comments and verdicts", async () => {
    const uri = workspaceFile("format.scenario.yaml");
    fs.writeFileSync(
      uri.fsPath,
      "scenario: formatting\nrules: 11e\nboard: [ 30,20 ]\nturn: red\nunits:\n    a:\n        player: red   \n        base: 32\n        # the only model\n        models:\n            a1: [10,10]\n\n\n\nsteps: []\n",
    );
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document, { preview: false });
    const edits = await waitFor("formatting edits", async () => {
      const e = await vscode.commands.executeCommand<vscode.TextEdit[]>("vscode.executeFormatDocumentProvider", document.uri, {
        tabSize: 2,
        insertSpaces: true,
      });
      return e && e.length > 0 ? e : undefined;
    });
    const edit = new vscode.WorkspaceEdit();
    edit.set(document.uri, edits);
    assert.equal(await vscode.workspace.applyEdit(edit), true);
    assert.equal(
      document.getText(),
      "scenario: formatting\nrules: 11e\nboard: [30, 20]\nturn: red\nunits:\n  a:\n    player: red\n    base: 32\n    # the only model\n    models:\n      a1: [10, 10]\n\nsteps: []\n",
    );
    await document.save();
  });
});
