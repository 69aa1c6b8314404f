import type { Problem } from "../diagnostics/problem";

/**
 * Custom LSP messages between the Ruleboard client (and its board preview) and the server.
 * Only names and types live here, so both sides agree on them; each side builds its own
 * `RequestType` from the method name, which keeps `shared/` free of LSP library imports.
 */

/**
 * `ruleboard/analysis`: the server's current analysis of an open document, the same one its
 * published diagnostics were built from, so a preview and the Problems panel never disagree.
 */
export const ANALYSIS_METHOD = "ruleboard/analysis";

/** Parameters of {@link ANALYSIS_METHOD}. */
export interface AnalysisParams {
  /** The document's URI exactly as the client opened it. */
  readonly uri: string;
}

/**
 * Result of {@link ANALYSIS_METHOD}; `null` when the server has no open document with that URI.
 * Plain JSON: `problems` keep their offset spans (convert them with the document's text).
 */
export interface AnalysisResult {
  /** The document version the problems were computed for. */
  readonly version: number;
  readonly problems: readonly Problem[];
}
