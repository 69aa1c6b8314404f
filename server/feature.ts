import type { ClientCapabilities, Connection, ServerCapabilities } from "vscode-languageserver/node";
import type { DocumentAnalyses } from "./document-analyses";
import type { OpenDocuments } from "./open-documents";
import type { SettingsStore } from "./settings";

/**
 * What a language feature gets to work with: the connection, the open documents, their analyses,
 * and the `ruleboard` settings (read them per request with `settings.get()`; they change at run time).
 * `documents` holds only the documents within the size and nesting limits: a feature asked about
 * any other answers as for an unknown document.
 */
export interface FeatureContext {
  readonly connection: Connection;
  readonly documents: OpenDocuments;
  readonly analyses: DocumentAnalyses;
  readonly settings: SettingsStore;
}

/**
 * One editor feature (hover, completion, navigation, …): the capabilities it announces in
 * `initialize`, given what the client can do, and the handlers it installs on the connection.
 * Each feature lives in its own file under server/ and is listed once in server/features.ts.
 */
export interface Feature {
  capabilities(client: ClientCapabilities): Partial<ServerCapabilities>;
  register(context: FeatureContext): void;
}
