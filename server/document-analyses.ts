import type { TextDocument } from "vscode-languageserver-textdocument";
import { analyze } from "../shared/index";
import type { Analysis, Scenario } from "../shared/index";
import { analyzeIncremental, type Replays } from "../shared/engine/incremental";
import { forgetKept } from "../shared/parse/reparse";
import { analyzeMarkdown } from "../shared/markdown/index";
import type { MarkdownAnalysis } from "../shared/markdown/index";
import { blockUri, isMarkdownDocument, parseBlockUri } from "./markdown-blocks";

/** One document version and the analysis of exactly that text. */
export interface VersionedAnalysis {
  readonly version: number;
  /**
   * For a Markdown document: the problems of all its scenario blocks in document offsets (as
   * `ruleboard check` gives them), and no scenario; the prose is never parsed as YAML.
   */
  readonly analysis: Analysis;
  /** For a Markdown document: each scenario block with its own analysis (block offsets). */
  readonly markdown?: MarkdownAnalysis;
}

/**
 * The latest analysis of each open document, keyed by URI and checked by version. The
 * diagnostics publisher and the `ruleboard/analysis` request both read through here, so a
 * version is analysed at most once and the preview sees the very problems that were published.
 * A Markdown document (server/markdown-blocks.ts) is analysed block by block, and each block's
 * document (a URI made by `blockUri`) is answered from the same cached analysis. A scenario
 * document's next version is analysed incrementally (shared/engine/incremental.ts): the replay
 * resumes from the checkpoints of the last analysis before the first step that changed.
 */
export class DocumentAnalyses {
  private readonly byUri = new Map<string, VersionedAnalysis>();
  private readonly lastModel = new Map<string, Scenario>();
  /** The replay checkpoints of each scenario document's last analysis. */
  private readonly replays = new Map<string, Replays>();

  /**
   * The analysis of the document's current version, computed now if it is not cached.
   * Throws whatever `analyze` throws; callers decide how an internal failure is reported.
   */
  get(document: TextDocument): VersionedAnalysis {
    const cached = this.byUri.get(document.uri);
    if (cached !== undefined && cached.version === document.version) return cached;
    const block = this.blockAnalysis(document);
    if (block !== undefined) return block;
    const fresh = isMarkdownDocument(document) ? markdownVersion(document, cached?.markdown) : this.scenarioVersion(document);
    this.byUri.set(document.uri, fresh);
    if (fresh.analysis.scenario) this.lastModel.set(document.uri, fresh.analysis.scenario);
    for (const b of fresh.markdown?.blocks ?? []) {
      if (b.analysis.scenario) this.lastModel.set(blockUri(document.uri, b.block.index), b.analysis.scenario);
    }
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

  /** A scenario document's version, resuming from the last analysis's checkpoints. */
  private scenarioVersion(document: TextDocument): VersionedAnalysis {
    const { analysis, replays } = analyzeIncremental(document.getText(), this.replays.get(document.uri));
    if (replays) this.replays.set(document.uri, replays);
    else this.replays.delete(document.uri);
    return { version: document.version, analysis };
  }

  /** Forgets a document (on close), so a closed file's model is not kept alive (a Markdown file's blocks' too). */
  delete(uri: string): void {
    const kept = this.replays.get(uri)?.kept;
    if (kept) forgetKept(kept);
    this.byUri.delete(uri);
    this.replays.delete(uri);
    this.lastModel.delete(uri);
    for (const key of [...this.lastModel.keys()]) {
      if (parseBlockUri(key)?.uri === uri) this.lastModel.delete(key);
    }
  }

  /**
   * A scenario block's document: the block's analysis from its Markdown document's, when that
   * is of the same version and text (analysed now if need be); else the block's text analysed
   * on its own, uncached. Undefined for any other document.
   */
  private blockAnalysis(document: TextDocument): VersionedAnalysis | undefined {
    const parsed = parseBlockUri(document.uri);
    if (parsed === undefined || document.languageId === "markdown") return undefined;
    let parent = this.byUri.get(parsed.uri);
    if (parent?.markdown === undefined || parent.version !== document.version) parent = undefined;
    const own = parent?.markdown?.blocks[parsed.index - 1];
    if (own !== undefined && own.block.text === document.getText()) return { version: document.version, analysis: own.analysis };
    return { version: document.version, analysis: analyze(document.getText()) };
  }
}

/**
 * A Markdown document's version, analysed block by block as `ruleboard check` does; the blocks
 * whose text the last version had keep that version's analyses (typing in one block of a chapter
 * analyses that block).
 */
function markdownVersion(document: TextDocument, last: MarkdownAnalysis | undefined): VersionedAnalysis {
  const markdown = analyzeMarkdown(document.getText(), {}, last);
  return { version: document.version, analysis: { problems: markdown.problems, lines: markdown.lines }, markdown };
}
