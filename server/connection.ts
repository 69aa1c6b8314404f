import { ErrorCodes, LSPErrorCodes, RequestType, ResponseError, TextDocumentSyncKind, TextDocuments } from "vscode-languageserver/node";
import type { Connection, InitializeParams, InitializeResult } from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import { ANALYSIS_METHOD } from "../shared/protocol/messages";
import type { AnalysisParams, AnalysisResult } from "../shared/protocol/messages";
import { boardOf, BoardRequest } from "./board-request";
import { compareOf, CompareRequest } from "./compare-request";
import { DiagnosticsPublisher } from "./diagnostics";
import { DocumentAnalyses } from "./document-analyses";
import { exportOf, ExportRequest } from "./export-request";
import { placeOf, PlaceRequest } from "./place-request";
import { probeOf, ProbeRequest } from "./probe-request";
import { describeError } from "./errors";
import { FEATURES } from "./features";
import { MemoryRequest, memoryUsage } from "./memory-request";
import { featureDocuments } from "./open-documents";
import { SettingsStore } from "./settings";
import type { DiagnosticFeatures } from "./to-lsp";

/** The `ruleboard/analysis` request, typed from the shared method name. */
const AnalysisRequest = new RequestType<AnalysisParams, AnalysisResult | null, void>(ANALYSIS_METHOD);

/**
 * Wires the Ruleboard language service onto a connection and starts listening. Transport-agnostic:
 * the entry picks stdio or node-ipc from the command line, tests drive the same code over stdio.
 */
export function initConnection(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const analyses = new DocumentAnalyses();
  let features: DiagnosticFeatures = { relatedInformation: false };
  const settings = new SettingsStore(connection);
  const publisher = new DiagnosticsPublisher(
    connection,
    documents,
    analyses,
    () => features,
    () => settings.get(),
  );

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    features = readFeatures(params);
    settings.readCapabilities(params.capabilities);
    const offered = FEATURES.map((feature) => feature.capabilities(params.capabilities));
    return {
      capabilities: {
        ...Object.assign({}, ...offered),
        // Incremental: the engine re-parses the whole text anyway, but vscode-languageclient holds
        // back full-sync changes for 250 ms (to merge them), which would delay every squiggle.
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
      },
      serverInfo: { name: "ruleboard" },
    };
  });

  // TextDocuments fires onDidChangeContent on open as well as on every change.
  // Until the client's settings are in, changes wait: the first settings republish every open document.
  documents.onDidChangeContent((event) => {
    if (settings.loaded) publisher.schedule(event.document.uri);
  });
  documents.onDidClose((event) => publisher.clear(event.document.uri));

  connection.onRequest(AnalysisRequest, (params) => analysisOf(params, documents, analyses, connection));
  connection.onRequest(CompareRequest, (params) => compareOf(params, documents, connection));
  connection.onRequest(BoardRequest, (params) => boardOf(params, documents, analyses, connection));
  connection.onRequest(ExportRequest, (params) => exportOf(params, documents, analyses, connection));
  connection.onRequest(PlaceRequest, (params) => placeOf(params, documents, analyses, connection));
  connection.onRequest(ProbeRequest, (params) => probeOf(params, documents, analyses, connection));
  connection.onRequest(MemoryRequest, memoryUsage);

  // New settings: severities and messages change the published diagnostics, the hints their labels.
  settings.listen();
  settings.onChange(() => {
    publisher.republishAll();
    if (settings.inlayHintRefresh) {
      connection.languages.inlayHint
        .refresh()
        .catch((error: unknown) => connection.console.error(`Ruleboard: refreshing inlay hints failed: ${describeError(error)}`));
    }
  });

  const withinLimits = featureDocuments(documents);
  for (const feature of FEATURES) feature.register({ connection, documents: withinLimits, analyses, settings });

  documents.listen(connection);
  connection.listen();
}

/** Reads, once, which optional parts of a diagnostic the client can show. */
function readFeatures(params: InitializeParams): DiagnosticFeatures {
  const publish = params.capabilities.textDocument?.publishDiagnostics;
  return { relatedInformation: publish?.relatedInformation === true };
}

/** Answers `ruleboard/analysis` from the same cache the published diagnostics came from. */
function analysisOf(
  params: AnalysisParams | undefined,
  documents: TextDocuments<TextDocument>,
  analyses: DocumentAnalyses,
  connection: Connection,
): AnalysisResult | null {
  if (typeof params?.uri !== "string") {
    throw new ResponseError(ErrorCodes.InvalidParams, `${ANALYSIS_METHOD} needs { uri: string }`);
  }
  const document = documents.get(params.uri);
  if (document === undefined) return null;
  try {
    const { version, analysis } = analyses.get(document);
    return { version, problems: analysis.problems };
  } catch (error) {
    connection.console.error(`Ruleboard: analysing ${params.uri} (version ${document.version}) failed: ${describeError(error)}`);
    throw new ResponseError(LSPErrorCodes.RequestFailed, `Ruleboard could not analyse ${params.uri}; see the server log.`);
  }
}
