import type { Problem } from "../diagnostics/problem";
import type { CompareResult } from "../engine/compare";

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

/**
 * `ruleboard/compare`: re-checks an open document under several rules systems and sets the
 * verdicts side by side, step by step (the editor's "Compare Rules Systems…" command).
 */
export const COMPARE_METHOD = "ruleboard/compare";

/** Parameters of {@link COMPARE_METHOD}. */
export interface CompareParams {
  /** The document's URI exactly as the client opened it. */
  readonly uri: string;
  /** Systems as the command line writes them: `11e`, `10e`, `10e+club`. */
  readonly specs: readonly string[];
}

/**
 * Result of {@link COMPARE_METHOD}: exactly what `compareSystems(text, specs)` returns for the
 * document's current text (unknown systems come back as `{ ok: false, reason: "systems" }`), with
 * the version it was computed for; `null` when the server has no open document with that URI.
 */
export type CompareResponse = (CompareResult & { readonly version: number }) | null;
