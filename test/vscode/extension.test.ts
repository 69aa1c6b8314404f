// The extension in a real VS Code: activation, diagnostics as the CLI reports them, live edits,
// the preview panel and the export commands. Only the `vscode` API; every wait is on an event.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import * as vscode from "vscode";
import { cliCheck, workspaceFile, workspaceFolder } from "./workspace";
import { waitFor, waitForDiagnostics } from "./wait";
import { INELIGIBLE_PILE_IN } from "../helpers/cascade-scenarios";

const EXTENSION_ID = "ruleboard.ruleboard";

/** A pile-in of 3.4" where 3" is the limit: one move.too-far on r1's line. */
const TOO_FAR = `scenario: edited in the integration suite
rules: 11e
board: [30, 20]
turn: red
units:
  raiders:
    player: red
    base: 32
    charged: [guards]
    models:
      r1: [10, 8]
  guards:
    player: blue
    base: 32
    models:
      g1: [15, 8]
steps:
  - pile-in: raiders
    to:
      r1: [13.4, 8]
`;

async function openScenario(uri: vscode.Uri): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(uri);
  return vscode.window.showTextDocument(document, { preview: false });
}

function rangeOf(d: vscode.Diagnostic): string {
  return `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}`;
}

suite("Ruleboard in VS Code", () => {
  suiteSetup(async () => {
    await openScenario(workspaceFile("illegal-pile-in.scenario.yaml"));
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is installed`);
    await waitFor("the extension to activate on a scenario", () => (extension.isActive ? true : undefined), vscode.extensions.onDidChange);
  });

  test("a *.scenario.yaml opens as a Ruleboard scenario and activates the extension", () => {
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.languageId, "ruleboard");
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.equal(extension?.isActive, true);
    // Under the e2e runner the extension comes from the installed .vsix, not from the repo.
    const expected = process.env.RULEBOARD_EXPECT_EXTENSION_PATH;
    if (expected) assert.equal(path.resolve(extension!.extensionPath), path.resolve(expected));
  });

  test("the diagnostics VS Code shows for each example are the CLI's (codes and ranges)", async () => {
    const files = fs
      .readdirSync(workspaceFolder())
      .filter((f) => f.endsWith(".scenario.yaml"))
      .sort();
    let compared = 0;
    for (const file of files) {
      const expected = cliCheck(path.join(workspaceFolder(), file));
      // A clean file publishes nothing new to wait for; the examples with findings prove the match.
      if (expected.length === 0) continue;
      const uri = workspaceFile(file);
      await vscode.workspace.openTextDocument(uri);
      const want = expected.map((m) => `${m.ruleId} ${m.line - 1}:${m.column - 1}-${m.endLine - 1}:${m.endColumn - 1}`).sort();
      const got = await waitForDiagnostics(uri, `diagnostics of ${file}`, (d) => d.length === expected.length);
      assert.deepEqual(got.map((d) => `${String(d.code)} ${rangeOf(d)}`).sort(), want, file);
      compared++;
    }
    assert.ok(compared >= 3, `compared ${compared} examples with findings`);
  });

  test("editing a coordinate through a WorkspaceEdit updates the diagnostics", async () => {
    const uri = workspaceFile("edited.scenario.yaml");
    fs.writeFileSync(uri.fsPath, TOO_FAR);
    const editor = await openScenario(uri);
    const before = await waitForDiagnostics(uri, "move.too-far on r1", (d) => d.some((x) => x.code === "move.too-far"));
    assert.deepEqual(
      before.map((d) => [d.code, rangeOf(d)]),
      [["move.too-far", "19:6-19:19"]],
    );
    assert.match(before[0].message, /3\.4/);

    const line = editor.document.lineAt(19);
    const x = line.text.indexOf("13.4");
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(19, x, 19, x + 4), "12.8");
    assert.equal(await vscode.workspace.applyEdit(edit), true);
    const after = await waitForDiagnostics(uri, "the diagnostics to clear after the edit", (d) => d.length === 0);
    assert.deepEqual(after, []);

    const undo = new vscode.WorkspaceEdit();
    undo.replace(uri, new vscode.Range(19, x, 19, x + 4), "13.6");
    await vscode.workspace.applyEdit(undo);
    const again = await waitForDiagnostics(uri, "move.too-far again", (d) => d.length > 0);
    assert.deepEqual(
      again.map((d) => [d.code, rangeOf(d)]),
      [["move.too-far", "19:6-19:19"]],
    );
    assert.match(again[0].message, /3\.6/);
    await vscode.commands.executeCommand("workbench.action.files.revert");
  });

  test("one mistake, one error: a pile-in by a unit that is not eligible is one diagnostic with its consequences as related information", async () => {
    const uri = workspaceFile("cascade.scenario.yaml");
    fs.writeFileSync(uri.fsPath, INELIGIBLE_PILE_IN);
    await openScenario(uri);
    const got = await waitForDiagnostics(uri, "action.not-eligible", (d) => d.length > 0);
    assert.deepEqual(
      got.map((d) => [d.code, d.severity, rangeOf(d)]),
      [["action.not-eligible", vscode.DiagnosticSeverity.Error, "8:4-8:14"]],
    );
    // The cause's own related location (the unit's id under units:) first, then each consequence with its code.
    assert.deepEqual(
      (got[0].relatedInformation ?? []).map((r) => [
        r.location.uri.toString(),
        rangeOf({ range: r.location.range } as vscode.Diagnostic),
        r.message.split(":")[0],
      ]),
      [
        [uri.toString(), "5:2-5:3", "a"],
        [uri.toString(), "8:4-8:14", "action.targets"],
        [uri.toString(), "8:4-8:14", "engagement.required"],
      ],
    );
    await vscode.commands.executeCommand("workbench.action.closeActiveEditor");
  });

  test("the preview command opens the board in a webview panel beside the editor", async () => {
    await openScenario(workspaceFile("overrun-fight.scenario.yaml"));
    await vscode.commands.executeCommand("ruleboard.openPreview");
    const tab = await waitFor(
      "the Ruleboard preview tab",
      () =>
        vscode.window.tabGroups.all
          .flatMap((g) => g.tabs)
          .find((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith("ruleboard.preview")),
      vscode.window.tabGroups.onDidChangeTabs,
    );
    assert.equal(tab.label, "Ruleboard Preview");
    assert.notEqual(tab.group.viewColumn, vscode.window.activeTextEditor?.viewColumn, "beside the editor");
    // Tab objects are snapshots: close the one that is there now.
    const current = vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith("ruleboard.preview"));
    await vscode.window.tabGroups.close(current);
  });

  test("Export Board as SVG writes every step, each embedding the scenario", async () => {
    const folder = workspaceFile("exported-svg");
    await vscode.commands.executeCommand("ruleboard.exportSvg", workspaceFile("overrun-fight.scenario.yaml"), { all: true, folder });
    const files = fs.readdirSync(folder.fsPath).sort();
    const source = fs.readFileSync(workspaceFile("overrun-fight.scenario.yaml").fsPath, "utf8");
    const steps = (source.match(/^ {2}- /gm) ?? []).length;
    assert.equal(files.length, steps + 1, `the set-up and ${steps} steps: ${files.join(", ")}`);
    assert.match(files[0], /^00-/);
    const svg = fs.readFileSync(path.join(folder.fsPath, files[1]), "utf8");
    assert.match(svg, /^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.ok(svg.includes("Overrun fight after the transport is destroyed"));
  });

  test("Export Board as SVG with view auto crops the board to the action", async () => {
    const whole = workspaceFile("exported-board.svg");
    const cropped = workspaceFile("exported-auto.svg");
    const scenario = workspaceFile("overrun-fight.scenario.yaml");
    await vscode.commands.executeCommand("ruleboard.exportSvg", scenario, { step: 1, file: whole, view: "board" });
    await vscode.commands.executeCommand("ruleboard.exportSvg", scenario, { step: 1, file: cropped, view: "auto" });
    // A cropped picture clips the board in a nested <svg class="view">; the whole board has none.
    assert.ok(!fs.readFileSync(whole.fsPath, "utf8").includes('<svg class="view"'), "the whole board is not cropped");
    assert.match(fs.readFileSync(cropped.fsPath, "utf8"), /<svg class="view" x="[\d.]+" y="[\d.]+" width="[\d.]+" height="[\d.]+" viewBox="/);
  });

  test("weapons: hover on a back-rank model explains the chain, weapon: completes its weapons, the fight's board draws the attacks", async () => {
    const uri = workspaceFile("10e-back-rank-chain.scenario.yaml");
    const editor = await openScenario(uri);
    const document = editor.document;
    const text = document.getText();
    await waitForDiagnostics(uri, "the expected attack.cannot-fight", (d) => d.some((x) => x.code === "attack.cannot-fight"));
    const i3 = document.positionAt(text.indexOf("i3: { weapon") + 1);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>("vscode.executeHoverProvider", uri, i3);
    const shown = hovers.flatMap((h) => h.contents.map((c) => (typeof c === "string" ? c : c.value))).join("\n");
    assert.match(shown, /\*\*can fight\*\*, through the base-to-base chain i3 → i1 → b1/);
    const weapon = document.positionAt(text.indexOf("weapon: power-fist") + "weapon: ".length);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>("vscode.executeCompletionItemProvider", uri, weapon);
    const labels = list.items.map((i) => (typeof i.label === "string" ? i.label : i.label.label));
    assert.equal(labels[0], "power-fist", labels.join(", "));
    assert.ok(labels.includes("chainsword") && labels.includes("bolt-pistol"), labels.join(", "));
    const target = workspaceFile("exported-attacks.svg");
    await vscode.commands.executeCommand("ruleboard.exportSvg", uri, { step: 0, file: target });
    const svg = fs.readFileSync(target.fsPath, "utf8");
    assert.equal((svg.match(/<line class="attack"/g) ?? []).length, 5, "i1, i2, i3, i4 and i5 each attack the Boyz");
    assert.match(svg, /<path class="fight-chain" data-model="i3"/);
    assert.match(svg, /<ellipse class="cannot-fight" data-model="i5"/);
  });

  test("Export Board as PNG writes a PNG of one step", async () => {
    const target = workspaceFile("exported.png");
    await vscode.commands.executeCommand("ruleboard.exportPng", workspaceFile("overrun-fight.scenario.yaml"), { step: 1, file: target });
    const png = fs.readFileSync(target.fsPath);
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // IHDR: width and height (big-endian) of a board drawn at a useful size.
    assert.ok(png.readUInt32BE(16) >= 400, `width ${png.readUInt32BE(16)}`);
  });
});
