/** `ruleboard render`: a scenario's board as SVG or PNG, one step or all. */
import * as fs from "node:fs";
import { describeFsError } from "../io/find-files";
import { readInput } from "../io/read-input";
import * as path from "node:path";
import { analyze, boardFrame } from "../../shared/index";
import type { RenderRequest } from "../args";
import { usageErrorText } from "../usage";
import { printUnread } from "../output/unread";
import { renderBoard } from "../../shared/render/index";
import { formatTextLines } from "../output/format-text";
import { svgToPng } from "../../node/png";
import { toFileReport } from "../output/report";
import { regionStep } from "../region/run-region";
import { moveRegion, type RegionResult } from "../../shared/engine/region";
import { systemOptions } from "../check/run-check";

/** Where the command writes. */
export interface RenderIo {
  readonly cwd: string;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/**
 * Runs `render` and returns the exit status, as `check`: 0 written, 1 the scenario (or the step
 * --step names) cannot be read (its problems go to stderr; stdout is kept for the picture), 2
 * usage or I/O errors (unreadable file, step out of range, unwritable output). A scenario with
 * rules problems is still drawn: diagrams of illegal moves are the point of many of them. The
 * findings about what could not be read (a value past the limits, an unknown key) go to stderr
 * first, as `check` prints them, since the picture is drawn without it.
 * Steps are numbered by their place in the written `steps:` list (1-based, 0 the set-up), so a
 * step the parser dropped leaves a gap: --all writes no file for it and says so on stderr, and
 * the default (the last step) is the last one that can be read.
 * Files written are listed on stdout, one path per line; without --out the SVG itself is.
 */
export function runRender(request: RenderRequest, io: RenderIo): number {
  // --rules: judged and drawn under that system (an unknown one is a usage error, as for check).
  const system = systemOptions({ rules: request.rules });
  if (typeof system === "string") {
    io.err(usageErrorText(system));
    return 2;
  }
  const input = readInput(request.file, io);
  if (!input) return 2;
  const { abs, shown, text } = input;
  const analysis = analyze(text, system);
  const scenario = analysis.scenario;
  if (!scenario) {
    io.err(formatTextLines(toFileReport(abs, analysis, false), io.cwd));
    io.err(`ruleboard: cannot render ${shown}: the scenario cannot be read\n`);
    return 1;
  }
  // 1-based as written (0 = the set-up); the frame wants the 0-based index, undefined for the set-up.
  const count = scenario.stepsWritten;
  const readable = scenario.steps.map((s) => s.index + 1);
  const last = readable.length === 0 ? 0 : readable[readable.length - 1];
  const misread = (): void => {
    // What the parser left out (a value past the limits, a broken step) is not on the picture: say so.
    printUnread(analysis, abs, io);
  };
  let wanted: number[];
  // --region <model>: the region's step is --step N, or else the last step that moves the model's unit.
  let region: RegionResult | undefined;
  if (request.region !== undefined) {
    const chosen = regionStep(scenario, shown, request.region, request.step);
    if (!chosen.ok) {
      if (chosen.kind === "usage") {
        io.err(usageErrorText(chosen.message));
        return 2;
      }
      misread();
      io.err(`ruleboard: cannot render ${shown}: ${chosen.message}\n`);
      return 1;
    }
    region = moveRegion(scenario, chosen.index, request.region, system);
  }
  if (request.all) wanted = [0, ...readable];
  else if (region !== undefined) wanted = [region.step + 1];
  else if (request.step === undefined) wanted = [last];
  else if (request.step > count) {
    io.err(usageErrorText(`${shown} has ${count} step${count === 1 ? "" : "s"}; --step ${request.step} is not one of them (0 is the set-up)`));
    return 2;
  } else if (request.step > 0 && !readable.includes(request.step)) {
    misread();
    io.err(`ruleboard: cannot render ${shown}: step ${request.step} cannot be read (ruleboard check says why)\n`);
    return 1;
  } else wanted = [request.step];
  misread();
  // Dropped steps are named on stderr: all of them for --all and the default (the last step),
  // those before it for --step N (the board after N lacks what they did).
  const skipped: number[] = [];
  const upTo = request.step ?? (region === undefined ? undefined : region.step + 1);
  for (let n = 1; n <= count; n++) if (!readable.includes(n) && (upTo === undefined || n < upTo)) skipped.push(n);
  const warnSkipped = () => {
    for (const n of skipped) io.err(`ruleboard: step ${n} of ${shown} cannot be read and is left out\n`);
  };
  const pictures = wanted.map((n) => {
    const frame = boardFrame(scenario, analysis.problems, n === 0 ? undefined : n - 1, system);
    return {
      n,
      svg: renderBoard(scenario, frame, {
        theme: request.theme,
        embedSource: text,
        ...system,
        ...(region === undefined ? {} : { region }),
        ...(request.view === undefined ? {} : { view: request.view }),
      }),
    };
  });

  if (request.out === undefined) {
    io.out(pictures[0].svg); // the parser allows no --out only for one SVG
    warnSkipped();
    return 0;
  }
  let images: (string | Uint8Array)[];
  try {
    images = pictures.map((p) => (request.format === "png" ? svgToPng(p.svg) : p.svg));
  } catch (err) {
    io.err(`ruleboard: cannot make the PNG: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
  const target = path.resolve(io.cwd, request.out);
  const written: string[] = [];
  try {
    if (request.all) fs.mkdirSync(target, { recursive: true });
    else fs.mkdirSync(path.dirname(target), { recursive: true });
    const width = Math.max(2, String(count).length);
    const name = scenarioName(abs);
    pictures.forEach((p, i) => {
      const file = request.all ? path.join(target, `${String(p.n).padStart(width, "0")}-${name}.${request.format}`) : target;
      fs.writeFileSync(file, images[i]);
      written.push(file);
    });
  } catch (err) {
    io.err(`ruleboard: cannot write ${path.relative(io.cwd, target) || target}: ${describeFsError(err)}\n`);
    return 2;
  }
  io.out(written.map((f) => `${displayPath(f, io.cwd)}\n`).join(""));
  warnSkipped();
  return 0;
}

/** A path relative to the working folder when it lies inside it, else absolute. */
function displayPath(abs: string, cwd: string): string {
  const rel = path.relative(cwd, abs);
  return rel === "" || rel.startsWith("..") || path.isAbsolute(rel) ? abs : rel;
}

/** The file name without folders and without `.scenario.yaml` (or `.yaml`), for numbered outputs. */
function scenarioName(file: string): string {
  return path.basename(file).replace(/(\.scenario)?\.ya?ml$/i, "") || "board";
}
