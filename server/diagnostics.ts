import type { Connection, Diagnostic, TextDocuments } from "vscode-languageserver/node";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { DocumentAnalyses } from "./document-analyses";
import { describeError } from "./errors";
import { DEFAULT_SETTINGS } from "./settings";
import { toDiagnostics } from "./to-lsp";
import type { DiagnosticFeatures, DiagnosticSettings } from "./to-lsp";

/** A scheduled analysis of one URI; `settled` turns false whenever another change arrives. */
interface PendingRun {
  settled: boolean;
}

/**
 * Pushes diagnostics for open documents: on open and after every change, for the newest version.
 *
 * Scheduling is by `setImmediate`, never a fixed delay, because edit-to-squiggle latency is the
 * benchmark. vscode-jsonrpc dispatches one queued message per event-loop turn, so a burst of
 * `didChange` notifications read in one chunk is applied one turn at a time. A run therefore
 * waits until a whole turn has passed with no new change for its URI ("settled") and then
 * analyses whatever version is current: a burst costs one analysis, a lone edit two idle turns.
 */
export class DiagnosticsPublisher {
  private readonly pending = new Map<string, PendingRun>();

  constructor(
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly analyses: DocumentAnalyses,
    private readonly features: () => DiagnosticFeatures,
    private readonly settings: () => DiagnosticSettings = () => DEFAULT_SETTINGS,
  ) {}

  /** Publishes every open document again (the settings changed; the cached analyses are reused). */
  republishAll(): void {
    for (const document of this.documents.all()) this.schedule(document.uri);
  }

  /** Notes that `uri` changed (or opened); its diagnostics are published once changes settle. */
  schedule(uri: string): void {
    const run = this.pending.get(uri);
    if (run !== undefined) {
      run.settled = false;
      return;
    }
    const fresh: PendingRun = { settled: false };
    this.pending.set(uri, fresh);
    setImmediate(() => this.tick(uri, fresh));
  }

  /** Drops any scheduled run and the cached analysis, and clears the document's diagnostics (on close). */
  clear(uri: string): void {
    this.pending.delete(uri);
    this.analyses.delete(uri);
    this.send(uri, undefined, []);
  }

  private tick(uri: string, run: PendingRun): void {
    // A close (or close and reopen) replaced or removed this run: it must not publish.
    if (this.pending.get(uri) !== run) return;
    if (!run.settled) {
      run.settled = true;
      setImmediate(() => this.tick(uri, run));
      return;
    }
    this.pending.delete(uri);
    this.publish(uri);
  }

  private publish(uri: string): void {
    const document = this.documents.get(uri);
    if (document === undefined) return;
    let diagnostics: Diagnostic[];
    try {
      const { analysis } = this.analyses.get(document);
      diagnostics = toDiagnostics(analysis.problems, document, this.features(), this.settings());
    } catch (error) {
      // Keep the previous diagnostics rather than publish a misleading empty list.
      this.connection.console.error(`Ruleboard: analysing ${uri} (version ${document.version}) failed: ${describeError(error)}`);
      return;
    }
    this.send(uri, document.version, diagnostics);
  }

  private send(uri: string, version: number | undefined, diagnostics: Diagnostic[]): void {
    this.connection.sendDiagnostics({ uri, version, diagnostics }).catch((error: unknown) => {
      // The client went away mid-write; stderr is all that is left to tell.
      process.stderr.write(`ruleboard: sending diagnostics for ${uri} failed: ${describeError(error)}\n`);
    });
  }
}
