import { describeError } from "./errors";

/**
 * Keeps the server alive through bugs: an exception that escapes every handler (say, from a
 * timer) or a rejected promise nobody awaited is logged to stderr, which the client shows in
 * its output channel, and the server goes on serving. Never stdout: in --stdio mode that is the
 * protocol stream, and one stray byte would desynchronise the client.
 */
export function installProcessGuards(): void {
  // If stderr itself is gone, a write error must not become the next uncaught exception.
  process.stderr.on("error", () => undefined);
  process.on("uncaughtException", (error) => log("uncaught exception", error));
  process.on("unhandledRejection", (reason) => log("unhandled rejection", reason));
}

function log(what: string, error: unknown): void {
  try {
    process.stderr.write(`ruleboard server: ${what}: ${describeError(error)}\n`);
  } catch {
    // Nothing else can be done without risking the protocol stream.
  }
}
