// Where the integration suite finds its files: the workspace folder the runner opened (a throwaway
// copy of examples/), the repo it was built from, and the folder it writes its results to.
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import * as vscode from "vscode";

/** The repository root: this file runs from out/test/vscode/. */
export const REPO_ROOT = path.resolve(__dirname, "..", "..", "..");

/** The workspace folder the runner opened. */
export function workspaceFolder(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (folder === undefined) throw new Error("the integration suite needs a workspace folder (the runner opens a copy of examples/)");
  return folder.uri.fsPath;
}

/** Where run() writes log.txt and result.json for the runner; outside the files under test. */
export function resultFolder(): string {
  return path.join(workspaceFolder(), ".ruleboard-test");
}

/** A file of the workspace as a URI. */
export function workspaceFile(...parts: string[]): vscode.Uri {
  return vscode.Uri.file(path.join(workspaceFolder(), ...parts));
}

/** One finding as the CLI reports it (ESLint-shaped JSON, 1-based lines and columns). */
export interface CliMessage {
  readonly ruleId: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/**
 * Runs the repo's CLI (`ruleboard check --format json`) on one file, with the extension host's own
 * Node (ELECTRON_RUN_AS_NODE makes an Electron host's executable behave as Node).
 */
export function cliCheck(file: string): CliMessage[] {
  const cli = path.join(REPO_ROOT, "bin", "ruleboard.js");
  const r = spawnSync(process.execPath, [cli, "check", file, "--format", "json"], {
    encoding: "utf8",
    env: { ...process.env, ELECTRON_RUN_AS_NODE: "1" },
    timeout: 60_000,
  });
  if (r.error) throw r.error;
  const reports = JSON.parse(r.stdout) as { messages: CliMessage[] }[];
  return reports[0].messages;
}
