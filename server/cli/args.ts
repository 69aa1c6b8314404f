/** Command-line parsing for `ruleboard`: turns argv into one request, or a usage error. */

/** The output formats `--format` accepts. */
export type OutputFormat = "text" | "json";

/** What the command line asks for. `usage-error` carries the message printed before the usage text. */
export type CliRequest =
  | { readonly kind: "help" }
  | { readonly kind: "version" }
  | { readonly kind: "usage-error"; readonly message: string }
  | {
      readonly kind: "check";
      /** Files and folders, as written on the command line. */
      readonly operands: readonly string[];
      readonly format: OutputFormat;
      /** Overrides each scenario's `rules:`; passed through to `analyze`. */
      readonly rules?: string;
      /** Hide warnings and info: list (and count) errors only. */
      readonly quiet: boolean;
    };

/** The usage text, printed by `--help` (stdout) and after usage errors (stderr). */
export const USAGE = `Usage: ruleboard check <files or folders...> [options]
       ruleboard --help | --version

Checks Ruleboard scenarios. Folders are searched recursively for *.scenario.yaml
and *.scenario.yml (node_modules and dot-folders are skipped); files named
explicitly are checked whatever their extension.

Options:
  --format text|json   Output format (default: text). json is an ESLint-style array.
  --rules <system>     Check against this rules system instead of each file's \`rules:\`.
  --quiet              Report errors only (hide warnings and info).
  -h, --help           Show this help.
  --version            Show the version.

Exit status: 0 no errors, 1 errors found, 2 usage error or unreadable file.
`;

const FORMATS: readonly string[] = ["text", "json"];

/**
 * Parses the arguments after `node ruleboard.js`. Options may come before or after the
 * command and the operands; `--opt=value` and `--opt value` are both accepted; `--` ends
 * the options so a file named `--quiet` can still be checked. `--help` and `--version`
 * win over everything else, so they work even on an otherwise bad command line.
 */
export function parseArgs(argv: readonly string[]): CliRequest {
  const end = argv.indexOf("--");
  const optionPart = end < 0 ? argv : argv.slice(0, end);
  if (optionPart.includes("--help") || optionPart.includes("-h")) return { kind: "help" };
  if (optionPart.includes("--version")) return { kind: "version" };

  const positional: string[] = [];
  let format: OutputFormat = "text";
  let rules: string | undefined;
  let quiet = false;

  for (let i = 0; i < optionPart.length; i++) {
    const arg = optionPart[i];
    if (!arg.startsWith("-") || arg === "-") {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = eq < 0 ? arg : arg.slice(0, eq);
    const inline = eq < 0 ? undefined : arg.slice(eq + 1);
    if (name === "--quiet") {
      if (inline !== undefined) return usageError(`option --quiet takes no value`);
      quiet = true;
      continue;
    }
    if (name !== "--format" && name !== "--rules") return usageError(`unknown option '${arg}'`);
    // A value must be present and must not look like another option (`--format --quiet`).
    const value = inline ?? optionPart[i + 1];
    if (value === undefined || value === "" || (inline === undefined && value.startsWith("-"))) {
      return usageError(`option ${name} needs a value`);
    }
    if (inline === undefined) i++;
    if (name === "--rules") {
      rules = value;
    } else if (FORMATS.includes(value)) {
      format = value as OutputFormat;
    } else {
      return usageError(`unknown format '${value}' (expected text or json)`);
    }
  }
  if (end >= 0) positional.push(...argv.slice(end + 1));

  const [command, ...operands] = positional;
  if (command === undefined) return usageError("missing command");
  if (command !== "check") return usageError(`unknown command '${command}'`);
  if (operands.length === 0) return usageError("check needs at least one file or folder");
  return { kind: "check", operands, format, rules, quiet };
}

function usageError(message: string): CliRequest {
  return { kind: "usage-error", message };
}
