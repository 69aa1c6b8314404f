/** Command-line parsing for `ruleboard render --markdown <doc.md> --out <folder>`. */
import { isThemeName, THEME_NAMES, type ThemeName } from "../../shared/render/index";
import type { ImageFormat } from "./render-args";

/** What `ruleboard render --markdown …` asks for: every scenario block of one document, as images. */
export interface MarkdownRenderRequest {
  readonly kind: "render-markdown";
  /** The Markdown document, as written. */
  readonly file: string;
  /** The folder that receives NN-<doc>.svg (or .png), one per block. */
  readonly out: string;
  readonly format: ImageFormat;
  readonly theme: ThemeName;
}

/** True when the render command line asks for Markdown (`--markdown` before any `--`). */
export function wantsMarkdown(optionPart: readonly string[]): boolean {
  return optionPart.some((a) => a === "--markdown" || a.startsWith("--markdown="));
}

const VALUED = ["--markdown", "--out", "--format", "--theme"];
/** render's other options, refused with a reason rather than as unknown. */
const NOT_FOR_MARKDOWN: Record<string, string> = {
  "--step": "render --markdown draws each block after its last step; --step is for one scenario file",
  "--all": "render --markdown draws each block after its last step; --all is for one scenario file",
  "--extract": "render --extract and --markdown cannot be used together",
};

/**
 * Parses the whole argv (`render` included) as the other commands do: `--opt value` or
 * `--opt=value`, options anywhere, `--` ends the options. `--out` is required: the pictures are
 * files, and the Markdown printed on stdout refers to them.
 */
export function parseMarkdownRenderArgs(argv: readonly string[]): MarkdownRenderRequest | { readonly kind: "usage-error"; readonly message: string } {
  const usageError = (message: string) => ({ kind: "usage-error" as const, message });
  const end = argv.indexOf("--");
  const optionPart = end < 0 ? argv : argv.slice(0, end);
  const positional: string[] = [];
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
    if (NOT_FOR_MARKDOWN[name] !== undefined) return usageError(NOT_FOR_MARKDOWN[name]);
    if (!VALUED.includes(name)) return usageError(`unknown option '${arg}' for render`);
    const value = inline ?? optionPart[i + 1];
    if (value === undefined || value === "" || (inline === undefined && value.startsWith("-"))) return usageError(`option ${name} needs a value`);
    if (inline === undefined) i++;
    if (values.has(name)) return usageError(`option ${name} is given twice`);
    values.set(name, value);
  }
  if (end >= 0) positional.push(...argv.slice(end + 1));
  if (positional.length > 1) return usageError(`render --markdown takes the document as its value and no other file (got '${positional[1]}')`);

  const format = values.get("--format") ?? "svg";
  if (format !== "svg" && format !== "png") return usageError(`unknown image format '${format}' (expected svg or png)`);
  const theme = values.get("--theme") ?? "light";
  if (!isThemeName(theme)) return usageError(`unknown theme '${theme}' (expected ${THEME_NAMES.join(", ")})`);
  const out = values.get("--out");
  if (out === undefined) return usageError("render --markdown needs --out <folder> (one picture per block is written there)");
  return { kind: "render-markdown", file: values.get("--markdown")!, out, format, theme };
}
