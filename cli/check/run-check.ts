/** `ruleboard check`: find the files, check each, print the problems, and choose the exit status. */
import * as fs from "node:fs";
import * as path from "node:path";
import { analyze } from "../../shared/index";
import type { AnalyzeOptions } from "../../shared/index";
import { checkSystem, knownSystems } from "../../shared/engine/compare";
import { analyzeMarkdown } from "../../shared/markdown/index";
import { parseSystemSpec } from "../../shared/systems/rulings";
import type { CheckRequest } from "../args";
import { describeFsError, findScenarioFiles } from "../io/find-files";
import { isMarkdownFileName } from "../io/markdown-files";
import { formatGithubLines } from "../output/format-github";
import { formatJson } from "../output/format-json";
import { formatSarif } from "../output/format-sarif";
import { formatTextLines, formatTextSummary } from "../output/format-text";
import { addCounts, countMessages, toFileReport, type Counts, type FileReport } from "../output/report";
import { EXIT_ERRORS, EXIT_OK, EXIT_USAGE, type CliIo } from "../command";
import { usageErrorText } from "../usage";

/** Runs `check` over the operands and returns the exit status. Never throws for bad input or files. */
export function runCheck(request: CheckRequest, io: CliIo): number {
  const options = systemOptions(request);
  if (typeof options === "string") {
    // The system named on the command line (--rules, --rulings): a usage mistake.
    io.err(usageErrorText(options));
    return EXIT_USAGE;
  }

  const found = findScenarioFiles(request.operands, io.cwd);
  let unreadable = found.failures.length > 0;
  for (const f of found.failures) io.err(`ruleboard: cannot read ${display(f.path, io.cwd)}: ${f.reason}\n`);
  if (found.files.length === 0) {
    if (!unreadable) io.err(noFilesText(request.operands));
    return EXIT_USAGE;
  }

  const reports: FileReport[] = [];
  let counts: Counts = { errors: 0, warnings: 0, infos: 0 };
  // Every warning found, those --quiet hides included: what --max-warnings counts.
  let warningsFound = 0;
  let checked = 0;
  for (const file of found.files) {
    const result = checkFile(file, options, request.quiet);
    if ("failure" in result) {
      io.err(`ruleboard: cannot read ${display(file, io.cwd)}: ${result.failure}\n`);
      unreadable = true;
      continue;
    }
    const { report } = result;
    checked++;
    warningsFound += result.warningsFound;
    counts = addCounts(counts, countMessages(report.messages));
    // Text and GitHub's commands are written file by file so a long run shows progress; JSON and SARIF need every file.
    if (request.format === "text") io.out(formatTextLines(report, io.cwd));
    else if (request.format === "github") io.out(formatGithubLines(report, io.cwd));
    else reports.push(report);
  }

  if (request.format === "json") io.out(formatJson(reports));
  else if (request.format === "sarif") io.out(formatSarif(reports, { cwd: io.cwd, version: io.version, executionSuccessful: !unreadable }));
  else if (checked > 0) io.out(formatTextSummary(counts, checked)); // "No problems in 0 files" would mislead
  if (unreadable) return EXIT_USAGE;
  if (counts.errors > 0) return EXIT_ERRORS;
  if (request.maxWarnings !== undefined && warningsFound > request.maxWarnings) {
    // As ESLint's --max-warnings: too many warnings fail the run as errors do (exit 1).
    io.err(tooManyWarningsText(warningsFound, request.maxWarnings));
    return EXIT_ERRORS;
  }
  return EXIT_OK;
}

/** What stderr says when the warnings are more than --max-warnings allows. */
export function tooManyWarningsText(found: number, max: number): string {
  return `ruleboard: too many warnings (${found}; --max-warnings ${max})\n`;
}

/** The usage error of operands that name no scenario file. */
export function noFilesText(operands: readonly string[]): string {
  return usageErrorText(`no *.scenario.yaml or *.scenario.yml files found in ${operands.join(", ")}`);
}

/** One checked file: its report (after --quiet) and how many warnings it had (before). */
export type FileCheck = { readonly report: FileReport; readonly warningsFound: number } | { readonly failure: string };

/**
 * Reads and checks one file (a Markdown file block by block, its problems in Markdown lines).
 * An unreadable file gives the reason instead. Never throws.
 */
export function checkFile(file: string, options: AnalyzeOptions, quiet: boolean): FileCheck {
  const text = readCheckedText(file);
  return typeof text === "string" ? checkText(file, text, options, quiet) : text;
}

/** A file's text as check reads it (a leading byte-order mark dropped), or the reason it cannot be read. */
export function readCheckedText(file: string): string | { readonly failure: string } {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    return { failure: describeFsError(err) };
  }
  // Editors drop a leading byte-order mark, so drop it too: columns on line 1 then match.
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Checks a file's text (a Markdown file's block by block, its problems in Markdown lines). */
export function checkText(
  file: string,
  text: string,
  options: AnalyzeOptions,
  quiet: boolean,
): { readonly report: FileReport; readonly warningsFound: number } {
  const analysis = isMarkdownFileName(file) ? analyzeMarkdown(text, options) : analyze(text, options);
  const warningsFound = analysis.problems.filter((p) => p.severity === "warning").length;
  return { report: toFileReport(file, analysis, quiet), warningsFound };
}

/**
 * The system `check` uses: `--rules 10e+club` replaces each file's `rules:` and `rulings:`
 * (a system is named whole); `--rulings` replaces the rulings (adding to those after `+`).
 * Unknown rulings, or rulings that do not apply to the named system, are refused (the reason
 * is returned), and so is an unknown system name.
 */
export function systemOptions(request: Pick<CheckRequest, "rules" | "rulings">): AnalyzeOptions | string {
  if (request.rules === undefined && request.rulings === undefined) return {};
  const written = request.rules === undefined ? undefined : parseSystemSpec(request.rules);
  const rulings = [...(written?.rulings ?? []), ...(request.rulings ?? [])];
  const known = knownSystems();
  if (written !== undefined && !known.systems.includes(written.rules)) {
    return `unknown rules system '${written.rules}' (known: ${known.systems.join(", ")})`;
  }
  if (written === undefined) {
    const unknown = rulings.find((r) => !known.rulings.includes(r));
    if (unknown !== undefined) return `unknown ruling '${unknown}' (known: ${known.rulings.join(", ") || "none"})`;
  } else {
    const error = checkSystem(written.rules, rulings);
    if (error !== undefined) return error;
  }
  return written === undefined ? { rulings } : { rules: written.rules, rulings };
}

function display(abs: string, cwd: string): string {
  return path.relative(cwd, abs) || abs;
}
