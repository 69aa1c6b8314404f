// Editor intelligence in a real VS Code: the outline, rename, hover and completion answer through
// VS Code's own provider commands (what the editor UI calls), on copies of the examples.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as vscode from "vscode";
import { workspaceFile } from "./workspace";
import { waitFor, waitForDiagnostics } from "./wait";

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

suite("Editor intelligence in VS Code", () => {
  test("the outline lists objectives, units with their models, and the numbered steps", async () => {
    const document = await openCopy("overrun-fight.scenario.yaml", "outline.scenario.yaml");
    const symbols = await waitFor(
      "document symbols",
      async () => {
        const s = await vscode.commands.executeCommand<vscode.DocumentSymbol[] | undefined>("vscode.executeDocumentSymbolProvider", document.uri);
        return s && s.length > 0 ? s : undefined;
      },
    );
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
    const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>("vscode.executeDocumentRenameProvider", document.uri, positionOf(document, "raiders:"), "reavers");
    const edits = edit.get(document.uri);
    // The unit's key under units:, and the pile-in step's unit.
    assert.deepEqual(edits.map((e) => [e.range.start.line, e.newText]).sort(), [[21, "reavers"], [7, "reavers"]].sort());
    assert.equal(await vscode.workspace.applyEdit(edit), true);
    assert.equal(/\braiders\b/.test(document.getText()), false);
    const after = await waitForDiagnostics(document.uri, "the diagnostics after the rename", (d) => d.length === 1 && d[0].message !== "");
    assert.deepEqual(after.map((d) => [d.code, d.range.start.line]), before.map((d) => [d.code, d.range.start.line]));
    await document.save();
  });
});
