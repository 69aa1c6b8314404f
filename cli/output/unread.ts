import type { Analysis } from "../../shared/engine/analyze";
import { formatTextLines } from "./format-text";
import { toFileReport } from "./report";

/** Findings about text the parser could not read, whose content a picture or page therefore lacks. */
const PARSE_CODES: ReadonlySet<string> = new Set(["yaml.syntax", "scenario.schema", "scenario.unknown-ref", "scenario.duplicate-id"]);

/**
 * Writes to stderr, as `check` prints them, the findings about what the parser left out (a value
 * past the limits, a broken step), since what `render`, `render --html` and `region` draw lacks it.
 */
export function printUnread(analysis: Analysis, abs: string, io: { readonly err: (text: string) => void; readonly cwd: string }): void {
  const unread = analysis.problems.filter((p) => PARSE_CODES.has(p.code));
  if (unread.length > 0) io.err(formatTextLines(toFileReport(abs, { ...analysis, problems: unread }, false), io.cwd));
}
