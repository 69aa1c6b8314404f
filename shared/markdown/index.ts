/** Public API of the Markdown support: scenario blocks in fenced code, and their checking. */
export { findScenarioBlocks, parseInfoString, SCENARIO_LANGS, toBlockOffset, toMarkdownOffset, toMarkdownSpan } from "./fenced-blocks";
export type { InfoString, ScenarioBlock } from "./fenced-blocks";
export { analyzeMarkdown } from "./analyze-markdown";
export type { BlockAnalysis, MarkdownAnalysis } from "./analyze-markdown";
