/** Expands the `check` operands into the list of scenario files to read. */
import * as fs from "node:fs";
import * as path from "node:path";
import { hasScenarioBlocks, isMarkdownFileName } from "./markdown-files";

/** A path that could not be listed or read, with a short reason for stderr. */
export interface FileFailure {
  /** Absolute path. */
  readonly path: string;
  readonly reason: string;
}

/** The files found (absolute, in check order, each once) and the operands or folders that failed. */
export interface FoundFiles {
  readonly files: readonly string[];
  readonly failures: readonly FileFailure[];
}

/** True for the file names a folder search picks up. */
export function isScenarioFileName(name: string): boolean {
  return name.endsWith(".scenario.yaml") || name.endsWith(".scenario.yml");
}

/**
 * Resolves operands against `cwd`. A folder is searched recursively for scenario files and for
 * Markdown files holding at least one `ruleboard` or `scenario` block, skipping `node_modules`
 * and dot-folders below it, and its files are sorted by path so output does not depend on the
 * file system's listing order. Any other operand is taken as a file whatever its extension
 * (it is read later, so a missing one fails there; `.md` is then read as Markdown). Operands
 * keep their command-line order; a file reached twice is checked once.
 */
export function findScenarioFiles(operands: readonly string[], cwd: string): FoundFiles {
  const files: string[] = [];
  const failures: FileFailure[] = [];
  const seen = new Set<string>();
  const add = (file: string): void => {
    if (!seen.has(file)) {
      seen.add(file);
      files.push(file);
    }
  };

  for (const operand of operands) {
    const abs = path.resolve(cwd, operand);
    let isDir: boolean;
    try {
      isDir = fs.statSync(abs).isDirectory();
    } catch (err) {
      failures.push({ path: abs, reason: describeFsError(err) });
      continue;
    }
    if (!isDir) {
      add(abs);
      continue;
    }
    const found: string[] = [];
    walk(abs, found, failures);
    // Plain code-unit order, not localeCompare: the same on every machine and locale.
    found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    found.forEach(add);
  }
  return { files, failures };
}

function walk(dir: string, found: string[], failures: FileFailure[]): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    failures.push({ path: dir, reason: describeFsError(err) });
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && !entry.name.startsWith(".")) walk(full, found, failures);
    } else if (isScenarioFileName(entry.name) && (entry.isFile() || entry.isSymbolicLink())) {
      // Symlinked files are included (a dangling one then fails to read, naming the file);
      // symlinked folders are not followed, so a link cycle cannot loop the search.
      found.push(full);
    } else if (isMarkdownFileName(entry.name) && (entry.isFile() || entry.isSymbolicLink()) && hasScenarioBlocks(full)) {
      found.push(full);
    }
  }
}

/** A one-line reason for a failed file-system call, e.g. "no such file or directory". */
export function describeFsError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case "ENOENT":
      return "no such file or directory";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EISDIR":
      return "is a directory";
    case "ENOTDIR":
      return "not a directory";
    default:
      return err instanceof Error ? err.message : String(err);
  }
}
