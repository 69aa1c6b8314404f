#!/usr/bin/env node
// npm run test:vscode — the integration suite (test/vscode/) with VS Code's standard runner,
// @vscode/test-electron, against the repo as the extension under development. It downloads VS Code
// unless VSCODE_EXECUTABLE names an installed one (the download is unreachable on offline machines:
// there, npm run test:e2e runs the same suite in code-server).
// Usage: [VSCODE_EXECUTABLE=/path/to/code] npm run test:vscode
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { runTests } from "@vscode/test-electron";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const work = mkdtempSync(path.join(tmpdir(), "ruleboard-vscode-"));
const workspace = path.join(work, "workspace");
mkdirSync(workspace);
for (const f of readdirSync(path.join(ROOT, "examples"))) cpSync(path.join(ROOT, "examples", f), path.join(workspace, f));

let code = 0;
try {
  await runTests({
    ...(process.env.VSCODE_EXECUTABLE ? { vscodeExecutablePath: process.env.VSCODE_EXECUTABLE } : {}),
    extensionDevelopmentPath: ROOT,
    extensionTestsPath: path.join(ROOT, "out", "test", "vscode", "index.js"),
    launchArgs: [
      workspace,
      "--disable-extensions",
      "--disable-workspace-trust",
      "--skip-welcome",
      "--skip-release-notes",
      "--user-data-dir",
      path.join(work, "user-data"),
    ],
  });
  console.log("test:vscode: the integration suite passed");
} catch (error) {
  console.error(`test:vscode: ${error instanceof Error ? error.message : String(error)}`);
  if (!process.env.VSCODE_EXECUTABLE)
    console.error("(no VS Code could be downloaded? set VSCODE_EXECUTABLE, or run npm run test:e2e, which needs no download)");
  code = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(code);
