/**
 * `ruleboard render <file> --html` and `render --markdown <doc.md> --html`: one self-contained
 * HTML page to publish (every board with a step slider, each step's note and verdict), built by
 * `renderHtmlPage` (shared/render/html-page.ts); this file reads, reports and writes.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { analyze } from "../../shared/index";
import { analyzeMarkdown } from "../../shared/markdown/index";
import { renderHtmlPage, type HtmlPageItem } from "../../shared/render/index";
import type { HtmlRenderRequest } from "../args";
import { systemOptions } from "../check/run-check";
import { describeFsError } from "../io/find-files";
import { readInput } from "../io/read-input";
import { formatTextLines } from "../output/format-text";
import { toFileReport } from "../output/report";
import { usageErrorText } from "../usage";
import { printUnread } from "../output/unread";
import type { RenderIo } from "./run-render";

/**
 * Runs `render --html` and returns the exit status, as `render` (and `render --markdown`) do: 0
 * the page was written; 1 the scenario cannot be read (no page), or a Markdown block cannot be read
 * (its problems go to stderr; the page is still written, with a notice in the block's place);
 * 2 usage errors (an unknown --rules system), an unreadable file, a document without scenario
 * blocks, or an unwritable page. A step the parser left out is not on the page and is named on
 * stderr. With --out the page's path is printed, else the page itself.
 */
export function runHtmlRender(request: HtmlRenderRequest, io: RenderIo): number {
  const system = systemOptions({ rules: request.rules });
  if (typeof system === "string") {
    io.err(usageErrorText(system));
    return 2;
  }
  const input = readInput(request.file, io);
  if (!input) return 2;
  const { abs, shown, text } = input;
  const options = { theme: request.theme, ...system };

  let page: string;
  let status = 0;
  const notes: string[] = []; // stderr lines written after the page, as render's "left out" lines
  if (request.markdown) {
    const doc = analyzeMarkdown(text, system);
    if (doc.blocks.length === 0) {
      io.err(`ruleboard: ${shown} has no \`\`\`ruleboard or \`\`\`scenario blocks to render\n`);
      return 2;
    }
    const items: HtmlPageItem[] = [];
    for (const { block, analysis, problems } of doc.blocks) {
      const where = `block ${block.index} of ${shown} (line ${block.fenceLine + 1})`;
      const scenario = analysis.scenario;
      if (!scenario) {
        io.err(formatTextLines(toFileReport(abs, { problems, lines: doc.lines }, false), io.cwd));
        io.err(`ruleboard: cannot render ${where}: the scenario cannot be read\n`);
        items.push({ kind: "notice", text: `Block ${block.index} (line ${block.fenceLine + 1}) cannot be read as a scenario: ruleboard check says why.` });
        status = 1;
        continue;
      }
      for (let n = 1; n <= scenario.stepsWritten; n++) {
        if (!scenario.steps.some((s) => s.index === n - 1)) notes.push(`ruleboard: step ${n} of ${where} cannot be read and is left out\n`);
      }
      // What the document says of the block as a whole (an illegal block that breaks nothing), on its fence.
      const remarks = problems.filter((p) => p.code === "expect.unmet" && p.span.start === block.fence.start && p.span.end === block.fence.end);
      items.push({
        kind: "board",
        scenario,
        problems: analysis.problems,
        illegal: block.illegal,
        caption: `Block ${block.index}, line ${block.fenceLine + 1}`,
        ...(remarks.length === 0 ? {} : { remarks }),
      });
    }
    page = renderHtmlPage(items, { ...options, title: documentTitle(text, abs) });
  } else {
    const analysis = analyze(text, system);
    const scenario = analysis.scenario;
    if (!scenario) {
      io.err(formatTextLines(toFileReport(abs, analysis, false), io.cwd));
      io.err(`ruleboard: cannot render ${shown}: the scenario cannot be read\n`);
      return 1;
    }
    // What the parser left out (a value past the limits, a broken step) is not on the page: say so first.
    printUnread(analysis, abs, io);
    for (let n = 1; n <= scenario.stepsWritten; n++) {
      if (!scenario.steps.some((s) => s.index === n - 1)) notes.push(`ruleboard: step ${n} of ${shown} cannot be read and is left out\n`);
    }
    page = renderHtmlPage([{ kind: "board", scenario, problems: analysis.problems }], options);
  }

  if (request.out === undefined) {
    io.out(page);
  } else {
    const target = path.resolve(io.cwd, request.out);
    try {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, page);
    } catch (err) {
      io.err(`ruleboard: cannot write ${path.relative(io.cwd, target) || target}: ${describeFsError(err)}\n`);
      return 2;
    }
    io.out(`${displayPath(target, io.cwd)}\n`);
  }
  for (const line of notes) io.err(line);
  return status;
}

/**
 * The document's title: its first `# heading` outside fenced code (a YAML comment in a block is
 * not a heading), else its file name without `.md` / `.markdown`.
 */
function documentTitle(markdown: string, file: string): string {
  let fence: string | undefined;
  for (const line of markdown.split(/\r\n|\r|\n/)) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      continue;
    }
    if (marker !== undefined) {
      fence = marker;
      continue;
    }
    const heading = /^ {0,3}#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/.exec(line)?.[1]?.trim();
    if (heading) return heading;
  }
  return path.basename(file).replace(/\.(md|markdown)$/i, "") || "Ruleboard";
}

/** A path relative to the working folder when it lies inside it, else absolute (as render prints it). */
function displayPath(abs: string, cwd: string): string {
  const rel = path.relative(cwd, abs);
  return rel === "" || rel.startsWith("..") || path.isAbsolute(rel) ? abs : rel;
}
