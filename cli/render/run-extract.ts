/** `ruleboard render --extract board.svg`: the scenario an exported SVG carries. */
import * as fs from "node:fs";
import * as path from "node:path";
import { extractSource } from "../../shared/render/index";
import { describeFsError } from "../io/find-files";
import type { RenderIo } from "./run-render";

/** `ruleboard render --extract board.svg`: prints the scenario embedded in an exported SVG. */
export function runExtract(file: string, io: RenderIo): number {
  const abs = path.resolve(io.cwd, file);
  const shown = path.relative(io.cwd, abs) || abs;
  let svg: string;
  try {
    svg = fs.readFileSync(abs, "utf8");
  } catch (err) {
    io.err(`ruleboard: cannot read ${shown}: ${describeFsError(err)}\n`);
    return 2;
  }
  const source = extractSource(svg);
  if (source === undefined) {
    io.err(`ruleboard: ${shown} carries no Ruleboard scenario (was it exported by ruleboard render?)\n`);
    return 2;
  }
  io.out(source);
  return 0;
}
