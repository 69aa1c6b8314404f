import { commands, window } from "vscode";
import type { ExtensionContext, LogOutputChannel } from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";
import { registerCompareSystems } from "./compare-systems";
import { registerExportBoard } from "./export-board";
import { extendMarkdownIt } from "./markdown-it-plugin";
import { createLanguageClient, OUTPUT_CHANNEL_NAME } from "./language-client";
import { registerBoardPreview } from "./preview/register-preview";

/** Command id of "Ruleboard: Restart Language Server" (declared in package.json `contributes.commands`). */
export const RESTART_SERVER_COMMAND = "ruleboard.restartServer";

let client: LanguageClient | undefined;

/**
 * Starts the language server when the first Ruleboard document opens, and gives VS Code's Markdown
 * preview the plugin that draws `ruleboard` code blocks as boards.
 */
export function activate(context: ExtensionContext): { extendMarkdownIt: typeof extendMarkdownIt } {
  const outputChannel = window.createOutputChannel(OUTPUT_CHANNEL_NAME, { log: true });
  context.subscriptions.push(outputChannel);
  const languageClient = createLanguageClient(context, outputChannel);
  client = languageClient;
  const preview = registerBoardPreview(context, languageClient);
  context.subscriptions.push(
    commands.registerCommand(RESTART_SERVER_COMMAND, () => startOrRestart(languageClient, outputChannel)),
    ...registerCompareSystems(languageClient),
    ...preview.disposables,
    ...registerExportBoard(languageClient, context.extensionUri, preview.shownStep, preview.shownView),
  );
  // Activation succeeds even if the server does not start, so the restart command stays usable;
  // not awaited, so a Markdown preview that activates the extension does not wait for the server.
  void startOrRestart(languageClient, outputChannel, false);
  return { extendMarkdownIt };
}

/** Stops the server; VS Code waits for the returned promise before unloading the extension. */
export async function deactivate(): Promise<void> {
  const running = client;
  client = undefined;
  // stop() throws unless the client is running; a server that never started has nothing to stop.
  if (running?.isRunning()) await running.stop();
}

/** Starts the client, or restarts it when it is running (restart() throws on a client that failed to start). */
async function startOrRestart(languageClient: LanguageClient, outputChannel: LogOutputChannel, restart = true): Promise<void> {
  try {
    if (restart && languageClient.isRunning()) {
      outputChannel.info("Restarting the Ruleboard language server.");
      await languageClient.restart();
    } else {
      await languageClient.start();
    }
  } catch (error) {
    outputChannel.error(`The Ruleboard language server did not start: ${String(error)}`);
    void window.showErrorMessage("The Ruleboard language server did not start; see the Ruleboard output for details.");
  }
}
