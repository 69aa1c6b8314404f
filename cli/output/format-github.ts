/**
 * `check --format github`: one GitHub Actions workflow command per finding, which the runner
 * turns into an annotation on the line of the pull request's diff:
 * `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message`
 * (`::warning` and `::notice` for the milder severities). Values are escaped as GitHub's toolkit
 * (@actions/core) escapes them, so a message cannot end the command early or start another one.
 */
import * as path from "node:path";
import type { Severity } from "../../shared/index";
import type { FileReport, ReportMessage } from "./report";

const COMMAND: Record<Severity, "error" | "warning" | "notice"> = { error: "error", warning: "warning", info: "notice" };

/** The command's message: `%`, CR and LF escaped (`%` first, so an escape is never escaped again). */
export function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** A property value: as the message, and `:` and `,` too (they separate the properties). */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/** The file as GitHub wants it: relative to the working folder (the checkout), with forward slashes. */
function fileOf(report: FileReport, cwd: string): string {
  return (path.relative(cwd, report.filePath) || report.filePath).split(path.sep).join("/");
}

/**
 * One command per message, in order. The consequences folded into a message follow its text on
 * lines of their own (`also: code  message (line:col)`), which the annotation shows as written.
 */
export function formatGithubLines(report: FileReport, cwd: string): string {
  const file = fileOf(report, cwd);
  return report.messages
    .map((m: ReportMessage) => {
      const properties = [
        `file=${escapeProperty(file)}`,
        `line=${m.line}`,
        `col=${m.column}`,
        `endLine=${m.endLine}`,
        `endColumn=${m.endColumn}`,
        `title=${escapeProperty(m.code)}`,
      ].join(",");
      const also = (m.consequences ?? []).map((c) => `\nalso: ${c.code}  ${c.message} (${c.line}:${c.column})`);
      return `::${COMMAND[m.severity]} ${properties}::${escapeData(m.message + also.join(""))}\n`;
    })
    .join("");
}
