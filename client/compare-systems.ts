import { CodeLens, commands, languages, Range, window, workspace } from "vscode";
import type { CodeLensProvider, Disposable, OutputChannel, TextDocument, Uri } from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";
import { COMPARE_METHOD } from "../shared/protocol/messages";
import type { CompareParams, CompareResponse } from "../shared/protocol/messages";
// Node-free, so the editor prints exactly what `ruleboard compare --all` prints.
import { formatCompareText } from "../shared/engine/compare-text";
import { LANGUAGE_ID } from "./language-client";
import { rulesLine, systemChoices } from "./compare-choices";

/** Command id of "Ruleboard: Compare Rules Systems…" (declared in package.json `contributes.commands`). */
export const COMPARE_COMMAND = "ruleboard.compareSystems";

/** Name of the output channel the comparison is shown in. */
export const COMPARE_CHANNEL_NAME = "Ruleboard Compare";

/** Registers the command and the code lens on the `rules:` line of every Ruleboard document. */
export function registerCompareSystems(client: LanguageClient): Disposable[] {
  const channel = window.createOutputChannel(COMPARE_CHANNEL_NAME);
  const lenses: CodeLensProvider = {
    provideCodeLenses: (document) => {
      const line = rulesLine(document.getText());
      const command = { title: "Compare with other rules systems", command: COMPARE_COMMAND, arguments: [document.uri] };
      return [new CodeLens(new Range(line, 0, line, 0), command)];
    },
  };
  return [
    channel,
    commands.registerCommand(COMPARE_COMMAND, (uri?: Uri) => compare(client, channel, uri)),
    languages.registerCodeLensProvider({ language: LANGUAGE_ID }, lenses),
  ];
}

/** Asks which systems (all three picked by default), then shows the server's comparison. */
async function compare(client: LanguageClient, channel: OutputChannel, uri: Uri | undefined): Promise<void> {
  const document = uri ? await workspace.openTextDocument(uri) : window.activeTextEditor?.document;
  if (document?.languageId !== LANGUAGE_ID) {
    void window.showInformationMessage("Open a Ruleboard scenario (*.scenario.yaml) to compare rules systems.");
    return;
  }
  const picked = await window.showQuickPick(systemChoices(), { canPickMany: true, title: "Ruleboard: compare under which rules systems?" });
  if (!picked || picked.length === 0) return;
  if (!client.isRunning()) {
    void window.showErrorMessage("The Ruleboard language server is not running; restart it and try again.");
    return;
  }
  const specs = picked.map((p) => p.label);
  try {
    const params: CompareParams = { uri: client.code2ProtocolConverter.asUri(document.uri), specs };
    show(channel, document, specs, await client.sendRequest<CompareResponse>(COMPARE_METHOD, params));
  } catch (error) {
    void window.showErrorMessage(`Ruleboard could not compare rules systems: ${String(error)}`);
  }
}

function show(channel: OutputChannel, document: TextDocument, specs: readonly string[], result: CompareResponse): void {
  channel.clear();
  channel.appendLine(`${workspace.asRelativePath(document.uri)} under ${specs.join(", ")}`);
  channel.appendLine("");
  if (result === null) channel.appendLine("The language server does not have this document open; edit it and try again.");
  else if (result.ok) channel.append(formatCompareText(result, { all: true }));
  else {
    channel.appendLine(`Cannot compare: ${result.error}`);
    for (const f of result.findings) channel.appendLine(`  ${f.line}:${f.column}  ${f.severity}  ${f.message}  ${f.code}`);
  }
  channel.show(true);
}
