/** `ruleboard compare <file> --rules 11e,10e,10e+club`: one scenario under several rules systems. */
import { readInput } from "../io/read-input";
import { compareSystems, parseSpecs } from "../../shared/engine/compare";
import type { OutputFormat } from "../args";
import { usageErrorText } from "../usage";
import { formatCompareJson, formatCompareText } from "../../shared/engine/compare-text";

/** What `runCompare` needs from the command line. */
export interface CompareRequest {
  readonly file: string;
  readonly format: OutputFormat;
  readonly specs: readonly string[];
  readonly all: boolean;
}

/** Where the command writes. */
export interface CompareIo {
  readonly cwd: string;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/**
 * Runs the comparison and returns the exit status: 0 when it ran (differences are the answer,
 * not a failure), 1 when the scenario cannot be read (its problems are printed as `check`
 * would, or as JSON), 2 for unknown systems (a usage error, with the hint to --help), an
 * unreadable file or an internal failure.
 */
export function runCompare(request: CompareRequest, io: CompareIo): number {
  const specs = parseSpecs(request.specs);
  if (!specs.ok) {
    io.err(usageErrorText(`${specs.error} in --rules`));
    return 2;
  }
  const input = readInput(request.file, io);
  if (!input) return 2;
  const { abs, shown, text } = input;

  const result = compareSystems(
    text,
    specs.specs.map((s) => s.label),
  );
  if (result.ok) {
    io.out(request.format === "json" ? formatCompareJson(abs, result, request) : formatCompareText(result, request));
    return 0;
  }
  if (request.format === "json") io.out(`${JSON.stringify({ filePath: abs, ...result }, null, 2)}\n`);
  else for (const f of result.findings) io.out(`${shown}:${f.line}:${f.column}  ${f.severity}  ${f.message}  ${f.code}\n`);
  io.err(`ruleboard: cannot compare ${shown}: ${result.error}\n`);
  return result.reason === "scenario" ? 1 : 2;
}
