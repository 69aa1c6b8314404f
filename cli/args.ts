/** Command-line parsing for `ruleboard`: turns argv into one request, or a usage error. */
import { DEFAULT_SPECS } from "../shared/engine/compare";
import { parseMarkdownRenderArgs, wantsMarkdown, type MarkdownRenderRequest } from "./render/markdown-args";
import { scanArgs } from "./scan-args";
import { parseRenderArgs, type RenderRequest } from "./render/render-args";

/** The output formats `--format` accepts. */
export type OutputFormat = "text" | "json";

/** What the command line asks for. `usage-error` carries the one-line message (see `usageErrorText`). */
export type CliRequest =
  | { readonly kind: "help" }
  | { readonly kind: "version" }
  | { readonly kind: "usage-error"; readonly message: string }
  | {
      readonly kind: "check";
      /** Files and folders, as written on the command line. */
      readonly operands: readonly string[];
      readonly format: OutputFormat;
      /** Overrides each scenario's `rules:` and `rulings:`, as written (`10e`, `10e+club`). */
      readonly rules?: string;
      /** `--rulings a,b`: present only when given; overrides each scenario's `rulings:`. */
      readonly rulings?: readonly string[];
      /** Hide warnings and info: list (and count) errors only. */
      readonly quiet: boolean;
    }
  | {
      readonly kind: "compare";
      /** The one scenario file, as written. */
      readonly file: string;
      readonly format: OutputFormat;
      /** The systems to compare, as written (`11e`, `10e+club`); checked against the catalogue later. */
      readonly specs: readonly string[];
      /** Show every step, not only those whose verdicts differ. */
      readonly all: boolean;
    }
  | RenderRequest
  | MarkdownRenderRequest;

/** The usage text, printed by `--help` (to stdout). A usage error prints `usageErrorText` instead. */
export const USAGE = `Usage: ruleboard check <files or folders...> [options]
       ruleboard compare <file> [--rules <systems>] [--format text|json] [--all]
       ruleboard render <file> [--step N | --all] [--format svg|png] [--out <path>]
                [--theme light|dark|high-contrast|print]
       ruleboard render --extract <board.svg>
       ruleboard render --markdown <doc.md> --out <folder> [--format svg|png]
                [--theme light|dark|high-contrast|print]
       ruleboard --help | --version

check    Checks Ruleboard scenarios. Folders are searched recursively for
         *.scenario.yaml and *.scenario.yml, and for Markdown files (*.md,
         *.markdown) with a \`\`\`ruleboard or \`\`\`scenario block (node_modules and
         dot-folders are skipped); files named explicitly are checked whatever
         their extension. In Markdown, each such fenced block is checked and
         reported at its Markdown line; a block whose info string also says
         illegal (\`\`\`ruleboard illegal) shows a broken example on purpose: its
         errors and warnings are expected (info), and breaking nothing is an
         error.
compare  Re-checks one scenario under several rules systems and prints, step by
         step, where the verdicts (legal, borderline, illegal) differ.
render   Draws the board of one scenario after a step (default: the last; --step
         is 1-based as in compare, 0 is the set-up). Without --out the SVG goes
         to stdout; --out names the file, or with --all a folder that receives
         the set-up and every step as NN-<name>.svg (or .png), NN the step's
         place in steps: (00 the set-up). A step that cannot be read (check
         says why) is left out and named on stderr: --all writes no file for
         it, --step refuses it, and the default is the last step that can be
         read. Every SVG embeds the scenario, and render --extract prints it
         back. With --markdown, every scenario block of the document is drawn
         after its last step into the --out folder as NN-<doc>.svg (or .png),
         and the Markdown image references to paste into the document are
         printed, one per block.

Options:
  --format text|json   Output format (default: text). check: json is an
                       ESLint-style array; compare: json is one object.
  --rules <system>     check: check under this rules system instead of each
                       file's rules: and rulings:, e.g. 10e or 10e+club (a
                       system with rulings).
                       compare: the systems, comma-separated
                       (default: ${DEFAULT_SPECS.join(",")}).
  --rulings <a,b>      check: switch on these rulings instead of each file's
                       rulings: (added to those written after + in --rules).
  --quiet              check: report errors only (hide warnings and info).
  --all                compare: show every step, not only those that differ.
                       render: one picture per step, and the set-up as 00.
  --step <N>           render: the step to draw (1 = first, 0 = set-up).
  --format svg|png     render: the image format (default svg; png is drawn
                       at twice the size and needs --out).
  --out <path>         render: the output file, or folder with --all or
                       --markdown.
  --theme <name>       render: light (default), dark, high-contrast or print.
  --extract <svg>      render: print the scenario embedded in an exported SVG.
  --markdown <doc.md>  render: draw every scenario block of a Markdown document.
  -h, --help           Show this help.
  --version            Show the version.

Exit status: 0 no errors (check), compared (compare: differences are not
failures) or drawn (render), 1 errors found (check) or the scenario cannot
be read (compare, render; render --step: the step cannot be read; render
--markdown: a block cannot be read, the others are still drawn), 2 usage
error, unreadable or unwritable file, unknown rules system or step.
`;

/** The line after a usage error's message, pointing to the full usage (as git and ls do). */
export const USAGE_HINT = "Run 'ruleboard --help' for usage.";

/**
 * What a usage error prints on stderr: one line with the reason, then the hint, and not the
 * whole usage (which would push the reason off the screen).
 */
export function usageErrorText(message: string): string {
  return `ruleboard: ${message}\n${USAGE_HINT}\n`;
}

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
  // render has options of its own (--step, --out, --theme, --extract, --markdown); it parses them itself.
  if (commandOf(optionPart) === "render") return wantsMarkdown(optionPart) ? parseMarkdownRenderArgs(argv) : parseRenderArgs(argv);

  const scanned = scanArgs(argv, { flags: ["--quiet", "--all"], valued: ["--format", "--rules", "--rulings"] });
  if (typeof scanned === "string") return usageError(scanned);
  const { positional, flags, values } = scanned;
  const quiet = flags.has("--quiet");
  const all = flags.has("--all");
  const rules = values.get("--rules");
  const writtenRulings = values.get("--rulings");
  const rulings = writtenRulings?.split(",").map((r) => r.trim());
  if (rulings?.includes("")) return usageError(`option --rulings has an empty ruling name in '${writtenRulings}'`);
  const writtenFormat = values.get("--format") ?? "text";
  if (!FORMATS.includes(writtenFormat)) return usageError(`unknown format '${writtenFormat}' (expected text or json)`);
  const format = writtenFormat as OutputFormat;

  const [command, ...operands] = positional;
  if (command === undefined) return usageError("missing command");
  if (command === "compare") {
    // Options that mean something only to check are refused rather than silently ignored.
    if (quiet) return usageError("option --quiet is for check; compare lists verdicts, not problems");
    if (rulings !== undefined) return usageError("option --rulings is for check; for compare write rulings into --rules, e.g. 10e+club");
    if (operands.length !== 1) return usageError("compare needs exactly one scenario file");
    const specs = rules === undefined ? DEFAULT_SPECS : rules.split(",").map((r) => r.trim());
    return { kind: "compare", file: operands[0], format, specs, all };
  }
  if (command !== "check") return usageError(`unknown command '${command}'`);
  if (all) return usageError("option --all is for compare");
  if (operands.length === 0) return usageError("check needs at least one file or folder");
  // `rulings` only when given, so a request without it reads exactly as before the option existed.
  return { kind: "check", operands, format, rules, ...(rulings === undefined ? {} : { rulings }), quiet };
}

/** Options that take a value, of every command: their values are not the command word. */
const VALUE_OPTIONS = ["--format", "--rules", "--rulings", "--step", "--out", "--theme", "--extract", "--markdown"];

/** The first word that is neither an option nor an option's value. */
function commandOf(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith("-") || arg === "-") return arg;
    if (VALUE_OPTIONS.includes(arg)) i++;
  }
  return undefined;
}

function usageError(message: string): CliRequest {
  return { kind: "usage-error", message };
}
