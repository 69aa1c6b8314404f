import * as fs from "node:fs";
import * as path from "node:path";
import { describeFsError } from "./find-files";

/** A file a command works on: its absolute path, how messages name it, and its text. */
export interface Input {
  readonly abs: string;
  /** Relative to the working directory when possible. */
  readonly shown: string;
  readonly text: string;
}

/**
 * Reads one file named on the command line. Drops a leading byte-order mark, as editors do, so
 * columns on line 1 match the editor's. On failure says why on stderr and returns undefined
 * (the command then exits 2).
 */
export function readInput(file: string, io: { readonly cwd: string; err(text: string): void }): Input | undefined {
  const abs = path.resolve(io.cwd, file);
  const shown = path.relative(io.cwd, abs) || abs;
  try {
    const text = fs.readFileSync(abs, "utf8");
    return { abs, shown, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  } catch (err) {
    io.err(`ruleboard: cannot read ${shown}: ${describeFsError(err)}\n`);
    return undefined;
  }
}
