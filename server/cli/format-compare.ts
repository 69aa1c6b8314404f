/**
 * Forwarding only, for client/compare-systems.ts, which still imports this path: the formatter
 * now lives in cli/compare/format-compare.ts. Nothing in server/ imports this file; delete it once
 * the client imports cli/compare/format-compare directly.
 */
export * from "../../cli/compare/format-compare";
