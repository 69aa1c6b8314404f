/** Command-line parsing for `ruleboard render --markdown <doc.md> --out <folder>`. */
import { isThemeName, THEME_NAMES, type ThemeName } from "../../shared/render/index";
import type { ImageFormat } from "./render-args";
import { scanArgs } from "../scan-args";

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
  const scanned = scanArgs(argv, { flags: [], valued: VALUED, refused: NOT_FOR_MARKDOWN, once: true, where: " for render" });
  if (typeof scanned === "string") return usageError(scanned);
  const { positional, values } = scanned;
  if (positional.length > 1) return usageError(`render --markdown takes the document as its value and no other file (got '${positional[1]}')`);

  const format = values.get("--format") ?? "svg";
  if (format !== "svg" && format !== "png") return usageError(`unknown image format '${format}' (expected svg or png)`);
  const theme = values.get("--theme") ?? "light";
  if (!isThemeName(theme)) return usageError(`unknown theme '${theme}' (expected ${THEME_NAMES.join(", ")})`);
  const out = values.get("--out");
  if (out === undefined) return usageError("render --markdown needs --out <folder> (one picture per block is written there)");
  return { kind: "render-markdown", file: values.get("--markdown")!, out, format, theme };
}
