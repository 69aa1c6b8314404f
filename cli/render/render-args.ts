/** Command-line parsing for `ruleboard render`: its own options (--step, --all, --out, --theme, --extract). */
import { isThemeName, THEME_NAMES, type ThemeName } from "../../shared/render/index";
import { scanArgs } from "../scan-args";

/** The image formats `render --format` accepts. */
export type ImageFormat = "svg" | "png";

/** What `ruleboard render …` asks for, or a usage error. */
export type RenderRequest =
  | {
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
    }
  | { readonly kind: "render-extract"; readonly file: string }
  | { readonly kind: "usage-error"; readonly message: string };

const VALUED = ["--step", "--format", "--out", "--theme", "--extract"];

/**
 * Parses the arguments of `render` (the whole argv, `render` included), in the same manner as
 * the other commands: `--opt value` or `--opt=value`, options anywhere, `--` ends the options.
 */
export function parseRenderArgs(argv: readonly string[]): RenderRequest {
  const scanned = scanArgs(argv, { flags: ["--all"], valued: VALUED, once: true, where: " for render" });
  if (typeof scanned === "string") return usageError(scanned);
  const { positional, values } = scanned;
  const all = scanned.flags.has("--all");
  const operands = positional.slice(1); // positional[0] is "render"

  const extract = values.get("--extract");
  if (extract !== undefined) {
    const others = [...values.keys()].filter((k) => k !== "--extract");
    if (all || others.length > 0) return usageError(`render --extract takes no other option (got ${all ? "--all" : others[0]})`);
    if (operands.length > 0) return usageError("render --extract takes one SVG file and no scenario");
    return { kind: "render-extract", file: extract };
  }

  const format = values.get("--format") ?? "svg";
  if (format !== "svg" && format !== "png") return usageError(`unknown image format '${format}' (expected svg or png)`);
  const theme = values.get("--theme") ?? "light";
  if (!isThemeName(theme)) return usageError(`unknown theme '${theme}' (expected ${THEME_NAMES.join(", ")})`);
  let step: number | undefined;
  const written = values.get("--step");
  if (written !== undefined) {
    if (!/^\d+$/.test(written)) return usageError(`option --step needs a step number (1 for the first step, 0 for the set-up), got '${written}'`);
    step = Number(written);
  }
  if (all && step !== undefined) return usageError("options --step and --all cannot be used together");
  if (operands.length !== 1) return usageError("render needs exactly one scenario file");
  const out = values.get("--out");
  if (all && out === undefined) return usageError("render --all needs --out <folder>");
  if (format === "png" && out === undefined) return usageError("render --format png needs --out <file> (PNG is not written to the terminal)");
  return { kind: "render", file: operands[0], step, all, format: format as ImageFormat, out, theme };
}

function usageError(message: string): RenderRequest {
  return { kind: "usage-error", message };
}
