/** The `ruleboard` command: parse argv, check the files, print, and choose the exit status. */
import * as fs from "node:fs";
import * as path from "node:path";
import { analyze } from "../../shared/index";
import { parseArgs, USAGE } from "./args";
import { describeFsError, findScenarioFiles } from "./find-files";
import { formatJson } from "./format-json";
import { formatTextLines, formatTextSummary } from "./format-text";
import { addCounts, countMessages, toFileReport, type Counts, type FileReport } from "./report";

/** Exit statuses, as in ESLint: problems found is 1, the tool could not do its job is 2. */
export const EXIT_OK = 0;
export const EXIT_ERRORS = 1;
export const EXIT_USAGE = 2;

/** Where the command writes, and what it needs from its surroundings (so it can run in-process). */
export interface CliIo {
  readonly cwd: string;
  readonly version: string;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/** Runs one command line and returns the exit status. Never throws for bad input or files. */
export function runCli(argv: readonly string[], io: CliIo): number {
  const request = parseArgs(argv);
  switch (request.kind) {
    case "help":
      io.out(USAGE);
      return EXIT_OK;
    case "version":
      io.out(`${io.version}\n`);
      return EXIT_OK;
    case "usage-error":
      io.err(`ruleboard: ${request.message}\n\n${USAGE}`);
      return EXIT_USAGE;
  }

  const found = findScenarioFiles(request.operands, io.cwd);
  let unreadable = found.failures.length > 0;
  for (const f of found.failures) io.err(`ruleboard: cannot read ${display(f.path, io.cwd)}: ${f.reason}\n`);
  if (found.files.length === 0) {
    if (!unreadable) {
      io.err(`ruleboard: no *.scenario.yaml or *.scenario.yml files found in ${request.operands.join(", ")}\n\n${USAGE}`);
    }
    return EXIT_USAGE;
  }

  const options = request.rules === undefined ? {} : { rules: request.rules };
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
    const report = toFileReport(file, analyze(text, options), request.quiet);
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

function display(abs: string, cwd: string): string {
  return path.relative(cwd, abs) || abs;
}
