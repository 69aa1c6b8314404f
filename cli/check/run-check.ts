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
import { formatJson } from "../output/format-json";
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
    if (!unreadable) {
      io.err(usageErrorText(`no *.scenario.yaml or *.scenario.yml files found in ${request.operands.join(", ")}`));
    }
    return EXIT_USAGE;
  }

  const reports: FileReport[] = [];
  let counts: Counts = { errors: 0, warnings: 0, infos: 0 };
  let checked = 0;
  for (const file of found.files) {
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch (err) {
      io.err(`ruleboard: cannot read ${display(file, io.cwd)}: ${describeFsError(err)}\n`);
      unreadable = true;
      continue;
    }
    // Editors drop a leading byte-order mark, so drop it too: columns on line 1 then match.
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    // A Markdown file is checked block by block; its problems come back in Markdown lines.
    const analysis = isMarkdownFileName(file) ? analyzeMarkdown(text, options) : analyze(text, options);
    const report = toFileReport(file, analysis, request.quiet);
    checked++;
    counts = addCounts(counts, countMessages(report.messages));
    // Text is written file by file so a long run shows progress; JSON needs the whole array.
    if (request.format === "text") io.out(formatTextLines(report, io.cwd));
    else reports.push(report);
  }

  if (request.format === "json") io.out(formatJson(reports));
  else if (checked > 0) io.out(formatTextSummary(counts, checked)); // "No problems in 0 files" would mislead
  if (unreadable) return EXIT_USAGE;
  return counts.errors > 0 ? EXIT_ERRORS : EXIT_OK;
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
