/**
 * Entry of the `ruleboard` command (bundled to dist/cli.js, started by bin/ruleboard.js).
 * Only process wiring lives here; the command itself is `runCli` in ./run.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { EXIT_USAGE } from "./command";
import { runCli } from "./run";

/** The version in package.json, which sits one folder above the bundle (dist/../package.json). */
function readVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "package.json"), "utf8")) as { version?: unknown };
    return typeof pkg.version === "string" ? pkg.version : "unknown";
  } catch {
    return "unknown";
  }
}

// When the reader goes away (`ruleboard check . | head`), writes fail with EPIPE. That is
// not our failure: stop quietly with the status already decided instead of a stack trace.
process.stdout.on("error", (err: NodeJS.ErrnoException) => {
  if (err.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw err;
});

try {
  process.exitCode = runCli(process.argv.slice(2), {
    cwd: process.cwd(),
    version: readVersion(),
    out: (text) => {
      if (text) process.stdout.write(text);
    },
    err: (text) => process.stderr.write(text),
  });
} catch (err) {
  // runCli does not throw for bad input; reaching here is a bug, reported without a crash dump.
  process.stderr.write(`ruleboard: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = EXIT_USAGE;
}
