import type { ViewSpec } from "../shared/model/scenario";
/**
 * The one command-line parser of `ruleboard`: argv → one request, or a usage error.
 *
 * Every command is read in the same manner: `--opt value` or `--opt=value`, options before or
 * after the command and the operands, `--` ends the options (so a file named `--quiet` can still
 * be read). One scanner (`scanArgs`) applies the option table of the command line's command
 * (`OPTION_TABLES`); a reader per command then turns what was given into its request.
 */
import { DEFAULT_SPECS } from "../shared/engine/compare";
import { isThemeName, THEME_NAMES, type ThemeName } from "../shared/render/index";

/** The output formats `--format` accepts (compare, region). */
export type OutputFormat = "text" | "json";

/**
 * The output formats of `check`: text and json, and two for code review: sarif (SARIF 2.1.0, for
 * code scanning) and github (workflow commands that GitHub Actions turns into annotations).
 */
export type CheckFormat = OutputFormat | "sarif" | "github";

/** The image formats `render --format` accepts. */
export type ImageFormat = "svg" | "png";

/** `ruleboard check <files or folders...>`. */
export interface CheckRequest {
  readonly kind: "check";
  /** Files and folders, as written on the command line. */
  readonly operands: readonly string[];
  readonly format: CheckFormat;
  /** Overrides each scenario's `rules:` and `rulings:`, as written (`10e`, `10e+club`). */
  readonly rules?: string;
  /** `--rulings a,b`: present only when given; overrides each scenario's `rulings:`. */
  readonly rulings?: readonly string[];
  /** Hide warnings and info: list (and count) errors only. */
  readonly quiet: boolean;
  /**
   * `--max-warnings N`, as ESLint's: more than N warnings fail the run (exit 1) even without
   * errors. Present only when given. Warnings hidden by --quiet still count.
   */
  readonly maxWarnings?: number;
  /** `--watch`: check, then re-check the files as they change until interrupted. Present only when given. */
  readonly watch?: true;
}

/** `ruleboard compare <file>`. */
export interface CompareRequest {
  readonly kind: "compare";
  /** The one scenario file, as written. */
  readonly file: string;
  readonly format: OutputFormat;
  /** The systems to compare, as written (`11e`, `10e+club`); checked against the catalogue later. */
  readonly specs: readonly string[];
  /** Show every step, not only those whose verdicts differ. */
  readonly all: boolean;
}

/** `ruleboard render <file>`: one scenario's board. */
export interface RenderRequest {
  readonly kind: "render";
  /** The scenario file, as written. */
  readonly file: string;
  /** `--step N` as written (1-based; 0 is the set-up); undefined: the last step. */
  readonly step?: number;
  /** `--all`: the set-up and every step, one file each, into the folder `out`. */
  readonly all: boolean;
  readonly format: ImageFormat;
  /** A file (one picture) or a folder (`--all`); undefined: the SVG goes to stdout. */
  readonly out?: string;
  readonly theme: ThemeName;
  /** `--region <model>`: draw that model's legal region in the step (present only when given). */
  readonly region?: string;
  /** `--rules <system>`: judge and draw under this system instead of the file's (present only when given). */
  readonly rules?: string;
  /** `--view auto|board|x,y,w,h`: the part of the board drawn, over the file's `view:` (present only when given). */
  readonly view?: ViewSpec;
}

/**
 * `ruleboard render <file> --html` and `render --markdown <doc.md> --html`: one self-contained page
 * with every board (the set-up and every step, each block's for a document) and a step slider.
 */
export interface HtmlRenderRequest {
  readonly kind: "render-html";
  /** The scenario file, or the Markdown document when `markdown`, as written. */
  readonly file: string;
  readonly markdown: boolean;
  /** The page's file; undefined: the page goes to stdout. */
  readonly out?: string;
  readonly theme: ThemeName;
  /** `--rules <system>`, as written (present only when given). */
  readonly rules?: string;
}

/** `ruleboard region <file> --model <id>`: where one model may end its move in one step. */
export interface RegionRequest {
  readonly kind: "region";
  /** The scenario file, as written. */
  readonly file: string;
  /** The model, as written. */
  readonly model: string;
  /** `--step N` as written (1-based, as render's); undefined: the last step that moves the model's unit. */
  readonly step?: number;
  readonly format: OutputFormat;
  /** The system to judge under instead of the file's `rules:` and `rulings:`, as written (`10e+club`). */
  readonly rules?: string;
}

/** `ruleboard render --extract <board.svg>`. */
export interface ExtractRequest {
  readonly kind: "render-extract";
  readonly file: string;
}

/** What `ruleboard render --markdown …` asks for: every scenario block of one document, as images. */
export interface MarkdownRenderRequest {
  readonly kind: "render-markdown";
  /** The Markdown document, as written. */
  readonly file: string;
  /** The folder that receives NN-<doc>.svg (or .png), one per block. */
  readonly out: string;
  readonly format: ImageFormat;
  readonly theme: ThemeName;
  /** `--rules <system>`, as written (present only when given). */
  readonly rules?: string;
}

/** A usage error carries the one-line message (see `usageErrorText` in ./usage). */
export interface UsageError {
  readonly kind: "usage-error";
  readonly message: string;
}

/** What the command line asks for. */
export type CliRequest =
  | { readonly kind: "help" }
  | { readonly kind: "version" }
  | UsageError
  | CheckRequest
  | CompareRequest
  | RenderRequest
  | RegionRequest
  | ExtractRequest
  | MarkdownRenderRequest
  | HtmlRenderRequest;

// ---------------------------------------------------------------------------------------------
// The option tables

/** Which options a command line may carry; the scanner knows nothing else about a command. */
interface OptionTable {
  /** Options without a value. */
  readonly flags: readonly string[];
  /** Options with a value. */
  readonly valued: readonly string[];
  /** Options refused with a reason of their own rather than as unknown. */
  readonly refused?: Readonly<Record<string, string>>;
  /** A valued option given twice is a usage error. */
  readonly once?: boolean;
  /** How "unknown option" names the command, e.g. " for render". */
  readonly where?: string;
}

/** render --markdown's refusals: render's other options, with the reason. */
const NOT_FOR_MARKDOWN: Readonly<Record<string, string>> = {
  "--step": "render --markdown draws each block after its last step; --step is for one scenario file",
  "--all": "render --markdown draws each block after its last step; --all is for one scenario file",
  "--extract": "render --extract and --markdown cannot be used together",
  "--region": "render --markdown draws each block after its last step; --region is for one scenario file",
};

/**
 * One table per command line. check and compare share theirs (it is also the table of a line
 * whose command is missing or unknown): each refuses the other's options after the scan, with a
 * reason. render has options of its own, and render --markdown its own again.
 */
const OPTION_TABLES = {
  checkOrCompare: { flags: ["--quiet", "--all", "--watch"], valued: ["--format", "--rules", "--rulings", "--max-warnings"] },
  render: {
    flags: ["--all", "--html"],
    valued: ["--step", "--format", "--out", "--theme", "--extract", "--region", "--rules", "--view"],
    once: true,
    where: " for render",
  },
  renderMarkdown: {
    flags: ["--html"],
    valued: ["--markdown", "--out", "--format", "--theme", "--rules"],
    refused: NOT_FOR_MARKDOWN,
    once: true,
    where: " for render",
  },
  region: { flags: [], valued: ["--model", "--step", "--format", "--rules"], once: true, where: " for region" },
} as const satisfies Record<string, OptionTable>;

/** Options that take a value, of every command: their values are not the command word. */
const VALUE_OPTIONS: readonly string[] = [...new Set(Object.values(OPTION_TABLES).flatMap((t): readonly string[] => t.valued))];

const FORMATS: readonly string[] = ["text", "json"];
const CHECK_FORMATS: readonly string[] = [...FORMATS, "sarif", "github"];

// ---------------------------------------------------------------------------------------------
// The parser

/**
 * Parses the arguments after `node ruleboard.js`. `--help` and `--version` win over everything
 * else, so they work even on an otherwise bad command line.
 */
export function parseArgs(argv: readonly string[]): CliRequest {
  const end = argv.indexOf("--");
  const optionPart = end < 0 ? argv : argv.slice(0, end);
  if (optionPart.includes("--help") || optionPart.includes("-h")) return { kind: "help" };
  if (optionPart.includes("--version")) return { kind: "version" };
  if (commandOf(optionPart) === "render") {
    if (wantsMarkdown(optionPart)) return readMarkdownRender(scanArgs(argv, OPTION_TABLES.renderMarkdown));
    return readRender(scanArgs(argv, OPTION_TABLES.render));
  }
  if (commandOf(optionPart) === "region") return readRegion(scanArgs(argv, OPTION_TABLES.region));
  return readCheckOrCompare(scanArgs(argv, OPTION_TABLES.checkOrCompare));
}

/** What the scanner found on a command line: its operands and the options given. */
interface ScannedArgs {
  /** Operands in order, the command word included. */
  readonly positional: readonly string[];
  /** Flags given (options without a value). */
  readonly flags: ReadonlySet<string>;
  /** Valued options; a repeated option keeps its last value (unless `once`). */
  readonly values: ReadonlyMap<string, string>;
}

/** Scans `argv` against `table`; a string is the usage error's message. */
function scanArgs(argv: readonly string[], table: OptionTable): ScannedArgs | string {
  const end = argv.indexOf("--");
  const optionPart = end < 0 ? argv : argv.slice(0, end);
  const positional: string[] = [];
  const flags = new Set<string>();
  const values = new Map<string, string>();
  for (let i = 0; i < optionPart.length; i++) {
    const arg = optionPart[i];
    if (!arg.startsWith("-") || arg === "-") {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = eq < 0 ? arg : arg.slice(0, eq);
    const inline = eq < 0 ? undefined : arg.slice(eq + 1);
    const refusal = table.refused?.[name];
    if (refusal !== undefined) return refusal;
    if (table.flags.includes(name)) {
      if (inline !== undefined) return `option ${name} takes no value`;
      flags.add(name);
      continue;
    }
    if (!table.valued.includes(name)) return `unknown option '${arg}'${table.where ?? ""}`;
    // A value must be present and must not look like another option (`--format --quiet`).
    const value = inline ?? optionPart[i + 1];
    if (value === undefined || value === "" || (inline === undefined && value.startsWith("-"))) return `option ${name} needs a value`;
    if (inline === undefined) i++;
    if (table.once && values.has(name)) return `option ${name} is given twice`;
    values.set(name, value);
  }
  if (end >= 0) positional.push(...argv.slice(end + 1));
  return { positional, flags, values };
}

/** The first word that is neither an option nor an option's value. */
function commandOf(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith("-") || arg === "-") return arg;
    if (VALUE_OPTIONS.includes(arg)) i++;
  }
  return undefined;
}

/** True when the render command line asks for Markdown (`--markdown` before any `--`). */
function wantsMarkdown(optionPart: readonly string[]): boolean {
  return optionPart.some((a) => a === "--markdown" || a.startsWith("--markdown="));
}

function usageError(message: string): UsageError {
  return { kind: "usage-error", message };
}

// ---------------------------------------------------------------------------------------------
// One reader per command: what was given → the request

/** check and compare (and a missing or unknown command), from their shared table. */
function readCheckOrCompare(scanned: ScannedArgs | string): CheckRequest | CompareRequest | UsageError {
  if (typeof scanned === "string") return usageError(scanned);
  const { positional, flags, values } = scanned;
  const quiet = flags.has("--quiet");
  const all = flags.has("--all");
  const rules = values.get("--rules");
  const writtenRulings = values.get("--rulings");
  const rulings = writtenRulings?.split(",").map((r) => r.trim());
  if (rulings?.includes("")) return usageError(`option --rulings has an empty ruling name in '${writtenRulings}'`);
  const writtenFormat = values.get("--format") ?? "text";
  // The formats for code review are check's; compare's are text and json.
  const compareLine = positional[0] === "compare";
  if (!CHECK_FORMATS.includes(writtenFormat) || (compareLine && !FORMATS.includes(writtenFormat))) {
    return usageError(`unknown format '${writtenFormat}' (expected ${compareLine ? "text or json" : "text, json, sarif or github"})`);
  }
  const watch = flags.has("--watch");
  const writtenMax = values.get("--max-warnings");
  if (writtenMax !== undefined && !/^\d+$/.test(writtenMax))
    return usageError(`option --max-warnings needs a whole number of warnings (0 or more), got '${writtenMax}'`);
  const maxWarnings = writtenMax === undefined ? undefined : Number(writtenMax);

  const [command, ...operands] = positional;
  if (command === undefined) return usageError("missing command");
  if (command === "compare") {
    // Options that mean something only to check are refused rather than silently ignored.
    if (quiet) return usageError("option --quiet is for check; compare lists verdicts, not problems");
    if (rulings !== undefined) return usageError("option --rulings is for check; for compare write rulings into --rules, e.g. 10e+club");
    if (maxWarnings !== undefined) return usageError("option --max-warnings is for check; compare lists verdicts, not problems");
    if (watch) return usageError("option --watch is for check");
    if (operands.length !== 1) return usageError("compare needs exactly one scenario file");
    const specs = rules === undefined ? DEFAULT_SPECS : rules.split(",").map((r) => r.trim());
    return { kind: "compare", file: operands[0], format: writtenFormat as OutputFormat, specs, all };
  }
  if (command !== "check") return usageError(`unknown command '${command}'`);
  if (all) return usageError("option --all is for compare");
  if (operands.length === 0) return usageError("check needs at least one file or folder");
  const format = writtenFormat as CheckFormat;
  if (watch) {
    // A watch never ends, so it has no exit status to fail, and prints changes as text.
    if (format !== "text") return usageError(`options --watch and --format ${format} cannot be used together (a watch prints text)`);
    if (maxWarnings !== undefined) return usageError("options --watch and --max-warnings cannot be used together (a watch has no exit status)");
  }
  // `rulings`, `maxWarnings` and `watch` only when given, so a request without them reads exactly as before the options existed.
  return {
    kind: "check",
    operands,
    format,
    rules,
    ...(rulings === undefined ? {} : { rulings }),
    quiet,
    ...(maxWarnings === undefined ? {} : { maxWarnings }),
    ...(watch ? { watch: true as const } : {}),
  };
}

/** render <file>, render <file> --html and render --extract <svg>. */
function readRender(scanned: ScannedArgs | string): RenderRequest | HtmlRenderRequest | ExtractRequest | UsageError {
  if (typeof scanned === "string") return usageError(scanned);
  const { positional, values } = scanned;
  const all = scanned.flags.has("--all");
  const html = scanned.flags.has("--html");
  const operands = positional.slice(1); // positional[0] is "render"

  const extract = values.get("--extract");
  if (extract !== undefined) {
    const others = [...scanned.flags, ...[...values.keys()].filter((k) => k !== "--extract")];
    if (others.length > 0) return usageError(`render --extract takes no other option (got ${others[0]})`);
    if (operands.length > 0) return usageError("render --extract takes one SVG file and no scenario");
    return { kind: "render-extract", file: extract };
  }

  const format = readImageFormat(values);
  if (typeof format !== "string") return format;
  const theme = readTheme(values);
  if (typeof theme !== "string") return theme;
  const step = readStep(values);
  if (typeof step === "object") return step;
  const region = values.get("--region");
  const rules = values.get("--rules");
  const view = readView(values);
  if (typeof view === "object" && "kind" in view) return view;
  if (html) {
    // The page shows the set-up and every step, as SVG: options that choose pictures do not apply.
    if (all) return usageError("options --html and --all cannot be used together (the page shows the set-up and every step)");
    if (format === "png") return usageError("options --html and --format png cannot be used together (the page holds SVG)");
    if (step !== undefined) return usageError("options --html and --step cannot be used together (the page shows every step)");
    if (region !== undefined) return usageError("options --html and --region cannot be used together");
    if (operands.length !== 1) return usageError("render needs exactly one scenario file");
    const out = values.get("--out");
    return { kind: "render-html", file: operands[0], markdown: false, ...(out === undefined ? {} : { out }), theme, ...(rules === undefined ? {} : { rules }) };
  }
  if (all && step !== undefined) return usageError("options --step and --all cannot be used together");
  if (region !== undefined && all) return usageError("options --region and --all cannot be used together");
  if (region !== undefined && step === 0) return usageError("option --region needs a step that moves models; 0 is the set-up");
  if (operands.length !== 1) return usageError("render needs exactly one scenario file");
  const out = values.get("--out");
  if (all && out === undefined) return usageError("render --all needs --out <folder>");
  if (format === "png" && out === undefined) return usageError("render --format png needs --out <file> (PNG is not written to the terminal)");
  // `region` and `rules` only when given, so a request without them reads exactly as before the options existed.
  return {
    kind: "render",
    file: operands[0],
    step,
    all,
    format,
    out,
    theme,
    ...(region === undefined ? {} : { region }),
    ...(rules === undefined ? {} : { rules }),
    ...(view === undefined ? {} : { view }),
  };
}

/** `--view auto`, `--view board` or `--view x,y,w,h` (inches, width and height above 0). */
function readView(values: ReadonlyMap<string, string>): ViewSpec | UsageError | undefined {
  const written = values.get("--view");
  if (written === undefined) return undefined;
  if (written === "auto" || written === "board") return written;
  const n = written.split(",").map((s) => Number(s.trim()));
  if (n.length !== 4 || n.some((v) => !Number.isFinite(v)) || n[2] <= 0 || n[3] <= 0)
    return usageError(`--view must be auto, board or x,y,w,h in inches with width and height above 0 (got '${written}')`);
  return [n[0], n[1], n[2], n[3]];
}

/** region <file> --model <id> [--step N] [--format text|json] [--rules <system>]. */
function readRegion(scanned: ScannedArgs | string): RegionRequest | UsageError {
  if (typeof scanned === "string") return usageError(scanned);
  const { positional, values } = scanned;
  const operands = positional.slice(1); // positional[0] is "region"
  const writtenFormat = values.get("--format") ?? "text";
  if (!FORMATS.includes(writtenFormat)) return usageError(`unknown format '${writtenFormat}' (expected text or json)`);
  const step = readStep(values);
  if (typeof step === "object") return step;
  if (step === 0) return usageError("region needs a step that moves models; 0 is the set-up");
  if (operands.length !== 1) return usageError("region needs exactly one scenario file");
  const model = values.get("--model");
  if (model === undefined) return usageError("region needs --model <id>");
  const rules = values.get("--rules");
  return {
    kind: "region",
    file: operands[0],
    model,
    ...(step === undefined ? {} : { step }),
    format: writtenFormat as OutputFormat,
    ...(rules === undefined ? {} : { rules }),
  };
}

/** `--step N` (render, region): a whole number, 1-based, 0 the set-up; undefined when not given. */
function readStep(values: ReadonlyMap<string, string>): number | undefined | UsageError {
  const written = values.get("--step");
  if (written === undefined) return undefined;
  if (!/^\d+$/.test(written)) return usageError(`option --step needs a step number (1 for the first step, 0 for the set-up), got '${written}'`);
  return Number(written);
}

/**
 * render --markdown <doc.md> --out <folder>. `--out` is required: the pictures are files, and the
 * Markdown printed on stdout refers to them. With --html, one page (to --out, or else stdout).
 */
function readMarkdownRender(scanned: ScannedArgs | string): MarkdownRenderRequest | HtmlRenderRequest | UsageError {
  if (typeof scanned === "string") return usageError(scanned);
  const { positional, values } = scanned;
  if (positional.length > 1) return usageError(`render --markdown takes the document as its value and no other file (got '${positional[1]}')`);

  const format = readImageFormat(values);
  if (typeof format !== "string") return format;
  const theme = readTheme(values);
  if (typeof theme !== "string") return theme;
  const out = values.get("--out");
  const rules = values.get("--rules");
  const file = values.get("--markdown")!;
  if (scanned.flags.has("--html")) {
    if (format === "png") return usageError("options --html and --format png cannot be used together (the page holds SVG)");
    return { kind: "render-html", file, markdown: true, ...(out === undefined ? {} : { out }), theme, ...(rules === undefined ? {} : { rules }) };
  }
  if (out === undefined) return usageError("render --markdown needs --out <folder> (one picture per block is written there)");
  return { kind: "render-markdown", file, out, format, theme, ...(rules === undefined ? {} : { rules }) };
}

/** render's `--format` (default svg). */
function readImageFormat(values: ReadonlyMap<string, string>): ImageFormat | UsageError {
  const format = values.get("--format") ?? "svg";
  if (format !== "svg" && format !== "png") return usageError(`unknown image format '${format}' (expected svg or png)`);
  return format;
}

/** render's `--theme` (default light). */
function readTheme(values: ReadonlyMap<string, string>): ThemeName | UsageError {
  const theme = values.get("--theme") ?? "light";
  if (!isThemeName(theme)) return usageError(`unknown theme '${theme}' (expected ${THEME_NAMES.join(", ")})`);
  return theme;
}
