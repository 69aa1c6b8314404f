/** The human-readable output: one line per problem, then a summary line. */
import * as path from "node:path";
import type { Counts, FileReport, ReportMessage } from "./report";

/**
 * One line per message: `file:line:col  severity  message  code`, the file relative to `cwd`.
 * `file:line:col` first is the shape terminals and editors turn into links. A message with
 * a line break is folded onto one line so each output line is exactly one problem. The
 * consequences folded into a message follow it, indented, one a line:
 * `    also: code  message  [line:col]`.
 */
export function formatTextLines(report: FileReport, cwd: string): string {
  const file = path.relative(cwd, report.filePath) || report.filePath;
  return report.messages
    .map((m: ReportMessage) => {
      const also = (m.consequences ?? []).map((c) => `    also: ${c.code}  ${oneLine(c.message)}  [${c.line}:${c.column}]\n`);
      return `${file}:${m.line}:${m.column}  ${m.severity}  ${oneLine(m.message)}  ${m.code}\n${also.join("")}`;
    })
    .join("");
}

function oneLine(message: string): string {
  return message.trim().replace(/\s*\n\s*/g, " ");
}

/** `3 problems (2 errors, 1 warning, 0 info) in 4 files`, or `No problems in 4 files.` */
export function formatTextSummary(counts: Counts, fileCount: number): string {
  const files = plural(fileCount, "file");
  const total = counts.errors + counts.warnings + counts.infos;
  if (total === 0) return `No problems in ${files}.\n`;
  const parts = `${plural(counts.errors, "error")}, ${plural(counts.warnings, "warning")}, ${counts.infos} info`;
  return `${plural(total, "problem")} (${parts}) in ${files}\n`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
