/** Public API of shared/: what the server, the CLI and the webview import. */
export { analyze } from "./engine/analyze";
export type { Analysis, AnalyzeOptions } from "./engine/analyze";
export { CODES, isCode } from "./diagnostics/codes";
export type { Code } from "./diagnostics/codes";
export type { Problem, RelatedInfo, Severity } from "./diagnostics/problem";
export { LineIndex } from "./source/span";
export type { Span } from "./source/span";
export type * from "./model/scenario";
export { boardFrame } from "./engine/frame";
export type { BoardFrame, ModelFrame, MoveFrame } from "./engine/frame";
export { compareSystems } from "./engine/compare";
export * from "./render/index";
