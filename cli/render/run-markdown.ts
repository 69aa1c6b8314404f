/**
 * `ruleboard render --markdown doc.md --out dir/`: every scenario block of a Markdown document as
 * a picture (the board after its last step), and the Markdown that shows them, printed in order.
 */
import * as fs from "node:fs";
import { describeFsError } from "../io/find-files";
import { readInput } from "../io/read-input";
import * as path from "node:path";
import { boardFrame } from "../../shared/index";
import { analyzeMarkdown } from "../../shared/markdown/index";
import { renderBoard } from "../../shared/render/index";
import { formatTextLines } from "../output/format-text";
import type { MarkdownRenderRequest } from "../args";
import { svgToPng } from "../../node/png";
import { toFileReport } from "../output/report";
import type { RenderIo } from "./run-render";
import { systemOptions } from "../check/run-check";
import { usageErrorText } from "../usage";

/** One picture to write: the block's number, its title, and the image. */
interface Picture {
  readonly index: number;
  readonly title: string;
  readonly image: string | Uint8Array;
}

/**
 * Runs `render --markdown` and returns the exit status: 0 every block drawn; 1 a block cannot be
 * read as a scenario (its problems go to stderr, in Markdown lines; the other blocks are still
 * drawn, so the numbering stays that of the document); 2 the document cannot be read, has no
 * scenario block, or a picture cannot be made or written. A block with rules problems (an
 * `illegal` example above all) is drawn with them, as `render` does.
 * Stdout gets one `![title](path)` line per picture, the path relative to the document's folder
 * (where the references will be resolved), with forward slashes.
 */
export function runMarkdownRender(request: MarkdownRenderRequest, io: RenderIo): number {
  const system = systemOptions({ rules: request.rules });
  if (typeof system === "string") {
    io.err(usageErrorText(system));
    return 2;
  }
  const input = readInput(request.file, io);
  if (!input) return 2;
  const { abs, shown, text } = input;
  const doc = analyzeMarkdown(text, system);
  if (doc.blocks.length === 0) {
    io.err(`ruleboard: ${shown} has no \`\`\`ruleboard or \`\`\`scenario blocks to render\n`);
    return 2;
  }

  const pictures: Picture[] = [];
  let unreadable = false;
  for (const { block, analysis, problems } of doc.blocks) {
    const scenario = analysis.scenario;
    if (!scenario) {
      // The block's problems in Markdown lines: what `check` reports for it.
      io.err(formatTextLines(toFileReport(abs, { problems, lines: doc.lines }, false), io.cwd));
      io.err(`ruleboard: cannot render block ${block.index} of ${shown} (line ${block.fenceLine + 1}): the scenario cannot be read\n`);
      unreadable = true;
      continue;
    }
    const last = scenario.steps.length === 0 ? undefined : scenario.steps[scenario.steps.length - 1].index;
    const svg = renderBoard(scenario, boardFrame(scenario, analysis.problems, last, system), { theme: request.theme, embedSource: block.text, ...system });
    let image: string | Uint8Array;
    try {
      image = request.format === "png" ? svgToPng(svg) : svg;
    } catch (err) {
      io.err(`ruleboard: cannot make the PNG: ${err instanceof Error ? err.message : String(err)}\n`);
      return 2;
    }
    pictures.push({ index: block.index, title: scenario.title, image });
  }

  const target = path.resolve(io.cwd, request.out);
  const width = Math.max(2, String(doc.blocks.length).length);
  const name = documentName(abs);
  const references: string[] = [];
  try {
    fs.mkdirSync(target, { recursive: true });
    for (const p of pictures) {
      const file = path.join(target, `${String(p.index).padStart(width, "0")}-${name}.${request.format}`);
      fs.writeFileSync(file, p.image);
      references.push(`![${altText(p.title, p.index)}](${linkTarget(path.relative(path.dirname(abs), file))})\n`);
    }
  } catch (err) {
    io.err(`ruleboard: cannot write ${path.relative(io.cwd, target) || target}: ${describeFsError(err)}\n`);
    return 2;
  }
  io.out(references.join(""));
  return unreadable ? 1 : 0;
}

/** The document's file name without folders and without `.md` / `.markdown`, for the numbered outputs. */
function documentName(file: string): string {
  return path.basename(file).replace(/\.(md|markdown)$/i, "") || "board";
}

/** The title as Markdown image text: one line, brackets and backslashes escaped; `Board N` when empty. */
function altText(title: string, index: number): string {
  const line = title.replace(/\s+/g, " ").trim() || `Board ${index}`;
  return line.replace(/[\\[\]]/g, (c) => `\\${c}`);
}

/** A relative path as a Markdown link target: forward slashes; in <…> when it has spaces or brackets. */
function linkTarget(rel: string): string {
  const url = rel.split(path.sep).join("/");
  return /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, (c) => `\\${c}`)}>` : url;
}
