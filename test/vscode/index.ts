// Entry of the integration suite that runs inside VS Code's extension host: the `run()` that
// @vscode/test-electron (npm run test:vscode) and the code-server runner (npm run test:e2e) call
// through `extensionTestsPath`. Uses only the `vscode` API, mocha and Node built-ins.
import * as fs from "node:fs";
import * as path from "node:path";
import Mocha from "mocha";
import { resultFolder } from "./workspace";

/** What the runners read back: code-server cannot hand the exit code of run() to its caller. */
export interface SuiteResult {
  readonly passed: number;
  readonly failed: number;
  readonly pending: number;
  readonly failures: readonly { readonly title: string; readonly error: string }[];
  readonly vscodeVersion: string;
}

/** Runs every `*.test.js` beside this file; rejects when a test fails (test-electron's contract). */
export async function run(): Promise<void> {
  const out = resultFolder();
  fs.mkdirSync(out, { recursive: true });
  const log = path.join(out, "log.txt");
  fs.writeFileSync(log, "");
  const write = (line: string): void => fs.appendFileSync(log, `${line}\n`);

  const mocha = new Mocha({ ui: "tdd", timeout: 60_000, color: false, reporter: "spec" });
  for (const file of fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith(".test.js"))
    .sort()) {
    mocha.addFile(path.join(__dirname, file));
  }
  const vscode = await import("vscode");
  const failures: { title: string; error: string }[] = [];
  const counts = await new Promise<{ passed: number; failed: number; pending: number }>((resolve) => {
    const runner = mocha.run();
    let passed = 0;
    let pending = 0;
    runner.on("pass", (t) => {
      passed++;
      write(`ok ${t.fullTitle()} (${t.duration ?? 0} ms)`);
    });
    runner.on("pending", (t) => {
      pending++;
      write(`skip ${t.fullTitle()}`);
    });
    runner.on("fail", (t, error: Error) => {
      failures.push({ title: t.fullTitle(), error: error.stack ?? String(error) });
      write(`FAIL ${t.fullTitle()}\n${error.stack ?? String(error)}`);
    });
    runner.on("end", () => resolve({ passed, failed: failures.length, pending }));
  });
  const result: SuiteResult = { ...counts, failures, vscodeVersion: vscode.version };
  fs.writeFileSync(path.join(out, "result.json"), JSON.stringify(result, null, 2));
  if (failures.length > 0) throw new Error(`${failures.length} integration test(s) failed`);
}
