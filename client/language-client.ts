import type { ExtensionContext, LogOutputChannel } from "vscode";
import { LanguageClient, TransportKind } from "vscode-languageclient/node";
import type { LanguageClientOptions, Middleware, ServerOptions } from "vscode-languageclient/node";

/** The client id. vscode-languageclient reads the trace level from `<id>.trace.server`. */
export const CLIENT_ID = "ruleboard";

/** The language id that package.json gives to `*.scenario.yaml`. */
export const LANGUAGE_ID = "ruleboard";

/**
 * Markdown files on disk are served too, for the scenarios in their fenced `ruleboard` blocks:
 * diagnostics, hover, completion, quick fixes, inlay hints and formatting inside the fences (the
 * server answers nothing outside them). The other features are not asked for Markdown at all
 * (see MARKDOWN_MIDDLEWARE), so VS Code's own outline, folding, links and rename stay as they are.
 */
export const MARKDOWN_SELECTOR = { scheme: "file", language: "markdown" } as const;

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
    documentSelector: [{ language: LANGUAGE_ID }, MARKDOWN_SELECTOR],
    middleware: MARKDOWN_MIDDLEWARE,
    outputChannel,
    // Sends workspace/didChangeConfiguration when a `ruleboard.*` setting changes; the server then
    // pulls the section (workspace/configuration), republishes diagnostics and refreshes inlay hints.
    synchronize: { configurationSection: SETTINGS_SECTION },
  };
  return new LanguageClient(CLIENT_ID, "Ruleboard Language Server", serverOptions, clientOptions);
}

/** True for a document the client serves as Markdown (its scenario blocks only). */
function isMarkdown(document: { languageId: string }): boolean {
  return document.languageId === MARKDOWN_SELECTOR.language;
}

/**
 * For Markdown documents, the features that work on a whole scenario (navigation, outline,
 * folding, semantic colours, rename) give nothing without asking the server, so they add nothing
 * to VS Code's Markdown features; for every other document they pass through unchanged.
 */
const MARKDOWN_MIDDLEWARE: Middleware = {
  provideDefinition: (document, position, token, next) => (isMarkdown(document) ? undefined : next(document, position, token)),
  provideReferences: (document, position, options, token, next) => (isMarkdown(document) ? undefined : next(document, position, options, token)),
  prepareRename: (document, position, token, next) => (isMarkdown(document) ? undefined : next(document, position, token)),
  provideRenameEdits: (document, position, newName, token, next) => (isMarkdown(document) ? undefined : next(document, position, newName, token)),
  provideDocumentSymbols: (document, token, next) => (isMarkdown(document) ? undefined : next(document, token)),
  provideFoldingRanges: (document, context, token, next) => (isMarkdown(document) ? undefined : next(document, context, token)),
  provideDocumentSemanticTokens: (document, token, next) => (isMarkdown(document) ? undefined : next(document, token)),
  provideDocumentSemanticTokensEdits: (document, previousResultId, token, next) => (isMarkdown(document) ? undefined : next(document, previousResultId, token)),
  provideDocumentRangeSemanticTokens: (document, range, token, next) => (isMarkdown(document) ? undefined : next(document, range, token)),
};
