import type { TextDocument } from "vscode-languageserver-textdocument";
import { analyze } from "../shared/index";
import type { Analysis, Scenario } from "../shared/index";

/** One document version and the analysis of exactly that text. */
export interface VersionedAnalysis {
  readonly version: number;
  readonly analysis: Analysis;
}

/**
 * The latest analysis of each open document, keyed by URI and checked by version. The
 * diagnostics publisher and the `ruleboard/analysis` request both read through here, so a
 * version is analysed at most once and the preview sees the very problems that were published.
 */
export class DocumentAnalyses {
  private readonly byUri = new Map<string, VersionedAnalysis>();
  private readonly lastModel = new Map<string, Scenario>();

  /**
   * The analysis of the document's current version, computed now if it is not cached.
   * Throws whatever `analyze` throws; callers decide how an internal failure is reported.
   */
  get(document: TextDocument): VersionedAnalysis {
    const cached = this.byUri.get(document.uri);
    if (cached !== undefined && cached.version === document.version) return cached;
    const fresh: VersionedAnalysis = { version: document.version, analysis: analyze(document.getText()) };
    this.byUri.set(document.uri, fresh);
    if (fresh.analysis.scenario) this.lastModel.set(document.uri, fresh.analysis.scenario);
    return fresh;
  }

  /**
   * The model of the newest analysed version that parsed, for features that must work while the
   * text being typed does not (completion offers ids and distances from it). Every version the
   * diagnostics publisher settles on is analysed here, so this follows the text with no timer.
   */
  lastGoodModel(uri: string): Scenario | undefined {
    return this.lastModel.get(uri);
  }

  /** Forgets a document (on close), so a closed file's model is not kept alive. */
  delete(uri: string): void {
    this.byUri.delete(uri);
    this.lastModel.delete(uri);
  }
}
