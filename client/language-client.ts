import type { ExtensionContext, LogOutputChannel } from "vscode";
import { LanguageClient, TransportKind } from "vscode-languageclient/node";
import type { LanguageClientOptions, ServerOptions } from "vscode-languageclient/node";

/** The client id. vscode-languageclient reads the trace level from `<id>.trace.server`. */
export const CLIENT_ID = "ruleboard";

/** The language id that package.json gives to `*.scenario.yaml`. */
export const LANGUAGE_ID = "ruleboard";

/** The settings section the server reads (`ruleboard.severity`, `ruleboard.inlayHints.*`, `ruleboard.messages.*`). */
export const SETTINGS_SECTION = "ruleboard";

/** Name of the output channel where the server's log and protocol traces appear. */
export const OUTPUT_CHANNEL_NAME = "Ruleboard";

/**
 * Builds (does not start) the client for the bundled server `dist/server.js`, run in a Node
 * child process over IPC. In an extension-development host the server also listens for an
 * inspector on port 6009 so it can be attached to from the debugger.
 */
export function createLanguageClient(context: ExtensionContext, outputChannel: LogOutputChannel): LanguageClient {
  const module = context.asAbsolutePath("dist/server.js");
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ["--nolazy", "--inspect=6009"] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: LANGUAGE_ID }],
    outputChannel,
    // Sends workspace/didChangeConfiguration when a `ruleboard.*` setting changes; the server then
    // pulls the section (workspace/configuration), republishes diagnostics and refreshes inlay hints.
    synchronize: { configurationSection: SETTINGS_SECTION },
  };
  return new LanguageClient(CLIENT_ID, "Ruleboard Language Server", serverOptions, clientOptions);
}
