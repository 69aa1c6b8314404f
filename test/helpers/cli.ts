// Runs the built command line (bin/ruleboard.js -> dist/cli.js) in a scratch folder, as the CLI
// tests do: each suite gets its own folder, removed when the suite ends.
import { after } from "node:test";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** The repository root (this file runs from out/test/helpers). */
export const ROOT = path.resolve(__dirname, "..", "..", "..");
/** The CLI entry point. */
export const BIN = path.join(ROOT, "bin", "ruleboard.js");

/** What one run of the CLI left behind. */
export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A scratch folder and the CLI run inside it. */
export interface CliSandbox {
  /** Absolute, symlink-resolved path of the folder. */
  readonly dir: string;
  /** Runs `ruleboard ...args` with the folder as working directory. */
  run(...args: string[]): CliResult;
  /** Writes a file under the folder (creating folders) and returns its absolute path. */
  write(rel: string, text: string): string;
}

/** Runs `ruleboard ...args` with `cwd` as working directory and waits for it to exit. */
export function runCli(cwd: string, ...args: string[]): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: "utf8" });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Makes a fresh scratch folder named after `prefix` and registers its removal after the suite.
 * Call it at the top level of a test file.
 */
export function cliSandbox(prefix: string): CliSandbox {
  // realpath: the child's cwd is reported resolved, so compare against resolved paths.
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    run: (...args) => runCli(dir, ...args),
    write(rel, text) {
      const abs = path.join(dir, rel);
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      fs.writeFileSync(abs, text);
      return abs;
    },
  };
}

/** The hint line after every usage error's message. */
export const USAGE_HINT_LINE = "Run 'ruleboard --help' for usage.\n";

/** What a run with a usage error leaves: exit 2, nothing on stdout, the reason and the hint on stderr. */
export function usageError(reason: string): CliResult {
  return { code: 2, stdout: "", stderr: `ruleboard: ${reason}\n${USAGE_HINT_LINE}` };
}
