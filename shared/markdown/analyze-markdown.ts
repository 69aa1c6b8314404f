/**
 * Checks every scenario block of a Markdown document and places the problems in the document,
 * so `ruleboard check doc.md` (and any other caller) reports Markdown lines and columns.
 */
import { problem, type Problem } from "../diagnostics/problem";
import { analyze, optionsKey, type Analysis, type AnalyzeOptions } from "../engine/analyze";
import { LineIndex } from "../source/span";
import { findScenarioBlocks, toMarkdownSpan, type ScenarioBlock } from "./fenced-blocks";

/** One block, its analysis (offsets in the block's text, as `analyze` gives them), and its problems in the document. */
export interface BlockAnalysis {
  readonly block: ScenarioBlock;
  readonly analysis: Analysis;
  /** The block's problems in document offsets; an `illegal` block's already turned into expectations. */
  readonly problems: readonly Problem[];
}

/** The whole document: its blocks, and every block's problems positioned in the document. */
export interface MarkdownAnalysis {
  readonly blocks: readonly BlockAnalysis[];
  /** In document offsets, block by block; `illegal` blocks already turned into expectations. */
  readonly problems: readonly Problem[];
  /** Lines of the Markdown document (so the result can stand in for an `Analysis`). */
  readonly lines: LineIndex;
}

/**
 * Analyses each scenario block on its own (as if it were a file) and maps its problems, their
 * related locations included, into the document. Pure; never throws. `previous`, an analysis of an
 * earlier version of the document with the same options, lends its blocks' analyses to the blocks
 * whose text it had (anywhere in it): the analysis of a text is a function of the text, so the
 * document's next version costs the blocks that changed, not every block (a chapter of examples).
 */
export function analyzeMarkdown(markdown: string, options: AnalyzeOptions = {}, previous?: MarkdownAnalysis): MarkdownAnalysis {
  const key = optionsKey(options);
  const known = new Map<string, Analysis>();
  if (previous && keyOf.get(previous) === key) for (const b of previous.blocks) known.set(b.block.text, b.analysis);
  const blocks = findScenarioBlocks(markdown).map((block): BlockAnalysis => {
    const analysis = known.get(block.text) ?? analyze(block.text, options);
    const own = block.illegal ? expectIllegal(analysis) : { problems: analysis.problems, brokeNothing: false };
    const problems = own.problems.map((p) => placeInDocument(block, p));
    if (own.brokeNothing) problems.push(problem("expect.unmet", "error", "this block is marked illegal but breaks no rule", block.fence));
    return { block, analysis, problems };
  });
  const result = { blocks, problems: blocks.flatMap((b) => b.problems), lines: new LineIndex(markdown) };
  keyOf.set(result, key);
  return result;
}

/** The options each analysis was made with (as a key), so a later version borrows only from the same options. */
const keyOf = new WeakMap<MarkdownAnalysis, string>();

/**
 * A block marked `illegal` shows a broken scenario on purpose: its errors and warnings are what
 * it is meant to show, so they become information ("expected: …"); a block that breaks nothing
 * gets one `expect.unmet` error on its fence line. A block that cannot be read as a scenario at all
 * keeps its errors: it shows no board, so it cannot be the example it claims to be.
 * The caller adds that error (it belongs to the document, not to the block's text).
 */
function expectIllegal(analysis: Analysis): { problems: readonly Problem[]; brokeNothing: boolean } {
  if (!analysis.scenario) return { problems: analysis.problems, brokeNothing: false };
  let broken = false;
  const problems = analysis.problems.map((p): Problem => {
    if (p.severity === "info") return p;
    broken = true;
    return { ...p, severity: "info", message: `expected: ${p.message}` };
  });
  return { problems, brokeNothing: !broken };
}

/** The problem with its span and related spans moved from the block's text into the document. */
function placeInDocument(block: ScenarioBlock, p: Problem): Problem {
  return {
    ...p,
    span: toMarkdownSpan(block, p.span),
    related: p.related.map((r) => ({ ...r, span: toMarkdownSpan(block, r.span) })),
  };
}
