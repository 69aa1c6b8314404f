// Black-box harness for the bundled language server: spawns `node dist/server.js --stdio` and
// speaks LSP to it over real pipes. Nothing here imports from server/; every await is bounded.
import { fork, spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import * as path from "node:path";
import {
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  IPCMessageReader,
  IPCMessageWriter,
  LogMessageNotification,
  MessageType,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-languageserver-protocol/node";
import type { ClientCapabilities, InitializeResult, LogMessageParams, ProtocolConnection, PublishDiagnosticsParams } from "vscode-languageserver-protocol/node";

/** The bundle under test: out/test/lsp -> repo root -> dist/server.js. */
export const SERVER_PATH = path.resolve(__dirname, "..", "..", "..", "dist", "server.js");

/** Upper bound for any single wait. Generous: the machine has 2 shared cores and suites run side by side. */
export const TIMEOUT_MS = 15_000;

/** The language id package.json gives to scenario files. */
export const LANGUAGE_ID = "ruleboard";

/** Rejects with a message naming `what` if `promise` does not settle within `ms`. */
export function withTimeout<T>(promise: Promise<T>, what: string, ms = TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A file URI for a scenario in a fake workspace (the server never reads the disk). */
export function scenarioUri(name: string): string {
  return `file:///workspace/${name}.scenario.yaml`;
}

interface Waiter {
  readonly matches: (params: PublishDiagnosticsParams) => boolean;
  readonly resolve: (params: PublishDiagnosticsParams) => void;
}

/** How the child ended. */
export interface ExitStatus {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** How to start the server. */
export interface StartOptions {
  /** `stdio` (the default) as in the tests' brief; `ipc` is how VS Code starts it (TransportKind.ipc). */
  readonly transport?: "stdio" | "ipc";
  /** Whether the client claims `publishDiagnostics.relatedInformation` (default true). */
  readonly relatedInformation?: boolean;
  /**
   * More client capabilities, deep-merged over the defaults (publishDiagnostics with versions,
   * full-text synchronization): objects merge key by key, any other value replaces. Merged rather
   * than replacing because every real client sends the defaults too; a test adds what it is about.
   */
  readonly capabilities?: ClientCapabilities;
  /**
   * Called once the connection listens and before `initialize` is sent: the place to install
   * handlers for requests the server sends from `initialized` on (e.g. workspace/configuration).
   */
  readonly onConnection?: (server: LspServer) => void;
  /** Node options for the server process (stdio only), e.g. `--expose-gc`. */
  readonly nodeArgs?: readonly string[];
  /** More environment variables for the server process, over this one's (stdio only). */
  readonly env?: Readonly<Record<string, string>>;
}

/** `extra` deep-merged over `base` (neither is changed): plain objects merge, anything else replaces. */
function merged<T extends object>(base: T, extra: T): T {
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(extra)) {
    const under = out[key];
    const bothObjects = [under, value].every((v) => typeof v === "object" && v !== null && !Array.isArray(v));
    out[key] = bothObjects ? merged(under as object, value as object) : value;
  }
  return out as T;
}

/** One running server and a client connection to it. */
export class LspServer {
  /** Every publishDiagnostics notification received, in arrival order. */
  readonly published: PublishDiagnosticsParams[] = [];
  /** Every window/logMessage notification received, in arrival order. */
  readonly logs: LogMessageParams[] = [];
  /** Every byte the child wrote to stdout, tapped independently of the protocol reader. */
  readonly stdout: Buffer[] = [];
  /** Resolves when the child process exits. */
  readonly exited: Promise<ExitStatus>;
  private readonly waiters = new Set<Waiter>();
  private readonly publishListeners = new Set<(params: PublishDiagnosticsParams) => void>();

  private constructor(
    readonly child: ChildProcess,
    readonly connection: ProtocolConnection,
  ) {
    this.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
    child.stdout?.on("data", (chunk: Buffer) => this.stdout.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[ruleboard server stderr] ${chunk.toString()}`));
    connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      this.published.push(params);
      for (const waiter of [...this.waiters]) {
        if (waiter.matches(params)) {
          this.waiters.delete(waiter);
          waiter.resolve(params);
        }
      }
      for (const listener of [...this.publishListeners]) listener(params);
    });
    // The server's own errors and warnings (e.g. a failed analysis) go to the test output.
    connection.onNotification(LogMessageNotification.type, (params) => {
      this.logs.push(params);
      if (params.type === MessageType.Error || params.type === MessageType.Warning) {
        process.stderr.write(`[ruleboard server log] ${params.message}\n`);
      }
    });
    connection.listen();
  }

  /** Starts the server and completes the initialize / initialized handshake. */
  static async start(options: StartOptions = {}): Promise<{ server: LspServer; initialized: InitializeResult }> {
    const { transport = "stdio", relatedInformation = true, capabilities = {}, onConnection, nodeArgs = [], env = {} } = options;
    let server: LspServer;
    if (transport === "stdio") {
      const child = spawn(process.execPath, [...nodeArgs, SERVER_PATH, "--stdio"], { stdio: "pipe", env: { ...process.env, ...env } });
      const reader = new StreamMessageReader(child.stdout);
      server = new LspServer(child, createProtocolConnection(reader, new StreamMessageWriter(child.stdin)));
    } else {
      // What vscode-languageclient does for TransportKind.ipc: fork with an IPC channel, stdio piped.
      const child = fork(SERVER_PATH, ["--node-ipc"], { silent: true });
      server = new LspServer(child, createProtocolConnection(new IPCMessageReader(child), new IPCMessageWriter(child)));
    }
    const defaults: ClientCapabilities = {
      textDocument: {
        publishDiagnostics: { relatedInformation, versionSupport: true },
        synchronization: { dynamicRegistration: false },
      },
    };
    try {
      onConnection?.(server);
      const initialized = await withTimeout(
        server.connection.sendRequest(InitializeRequest.type, {
          processId: process.pid,
          rootUri: null,
          capabilities: merged(defaults, capabilities),
        }),
        "initialize",
      );
      await withTimeout(server.connection.sendNotification(InitializedNotification.type, {}), "initialized");
      return { server, initialized };
    } catch (error) {
      // Never leave a child behind when the handshake fails.
      server.dispose();
      throw error;
    }
  }

  /** textDocument/didOpen, with the ruleboard language id unless another is given (`markdown`, …). */
  async open(uri: string, text: string, version = 1, languageId = LANGUAGE_ID): Promise<void> {
    await withTimeout(
      this.connection.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: { uri, languageId, version, text },
      }),
      `didOpen ${uri}`,
    );
  }

  /** textDocument/didChange replacing the whole text (a change without a range; valid under incremental sync too). */
  async change(uri: string, text: string, version: number): Promise<void> {
    await withTimeout(
      this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
        textDocument: { uri, version },
        contentChanges: [{ text }],
      }),
      `didChange ${uri} v${version}`,
    );
  }

  async close(uri: string): Promise<void> {
    await withTimeout(this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } }), `didClose ${uri}`);
  }

  /** The first publish for `uri` with exactly `version`, already received or still to come. */
  diagnostics(uri: string, version: number, ms = TIMEOUT_MS): Promise<PublishDiagnosticsParams> {
    return this.nextPublish((p) => p.uri === uri && p.version === version, `diagnostics for ${uri} v${version}`, ms, true);
  }

  /** The first publish matching `matches`; `includePast` also searches what already arrived. */
  nextPublish(matches: (params: PublishDiagnosticsParams) => boolean, what: string, ms = TIMEOUT_MS, includePast = false): Promise<PublishDiagnosticsParams> {
    const past = includePast ? this.published.find(matches) : undefined;
    if (past !== undefined) return Promise.resolve(past);
    let waiter: Waiter | undefined;
    const arrival = new Promise<PublishDiagnosticsParams>((resolve) => {
      waiter = { matches, resolve };
      this.waiters.add(waiter);
    });
    return withTimeout(arrival, what, ms).finally(() => {
      if (waiter !== undefined) this.waiters.delete(waiter);
    });
  }

  /**
   * Calls `listener` on every publishDiagnostics, after it is added to `published`.
   * @returns a function that removes the listener
   */
  onPublish(listener: (params: PublishDiagnosticsParams) => void): () => void {
    this.publishListeners.add(listener);
    return () => this.publishListeners.delete(listener);
  }

  /** A request with a timeout. */
  request<R>(method: string, params: unknown, ms = TIMEOUT_MS): Promise<R> {
    return withTimeout(this.connection.sendRequest<R>(method, params), method, ms);
  }

  /**
   * Writes already-framed messages to the child's stdin in ONE write, bypassing the protocol
   * writer, so the server reads them in one chunk (a pipe write under 4 KiB is atomic).
   * @returns the number of bytes written
   */
  writeRaw(messages: readonly object[]): number {
    if (this.child.stdin === null) throw new Error("writeRaw needs the stdio transport");
    const bytes = Buffer.concat(messages.map(frame));
    this.child.stdin.write(bytes);
    return bytes.length;
  }

  /** shutdown, then exit; resolves with how the child ended. */
  async shutdownAndExit(): Promise<ExitStatus> {
    await withTimeout(this.connection.sendRequest(ShutdownRequest.type), "shutdown");
    await withTimeout(this.connection.sendNotification(ExitNotification.type), "exit");
    return withTimeout(this.exited, "the server process to exit after exit");
  }

  /** True while the server process runs. */
  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** For after(): ends the connection and kills the child if it is still running. */
  dispose(): void {
    this.connection.dispose();
    if (this.alive) this.child.kill("SIGKILL");
  }

  /**
   * Problems with the framing of everything the child wrote to stdout so far (empty = all valid).
   * A message still arriving (its last bytes not read yet: a late publish) is waited for, up to
   * `waitMs`, rather than reported as truncated.
   */
  async framingErrors(waitMs = 2_000): Promise<string[]> {
    const started = Date.now();
    for (;;) {
      const { errors, incomplete } = checkFraming(Buffer.concat(this.stdout));
      if (!incomplete || Date.now() - started > waitMs) return errors;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/** Frames one JSON-RPC message as LSP does: a Content-Length header, a blank line, the UTF-8 body. */
export function frame(message: object): Buffer {
  const body = Buffer.from(JSON.stringify(message), "utf8");
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, "ascii"), body]);
}

/**
 * Splits raw bytes into LSP messages and reports every deviation: a header block without a
 * valid Content-Length, an unknown header, a body that is not a JSON-RPC 2.0 object, or
 * trailing bytes that do not form a complete message.
 */
export function checkFraming(bytes: Buffer): { messages: unknown[]; errors: string[]; incomplete: boolean } {
  const messages: unknown[] = [];
  const errors: string[] = [];
  /** The only problem is a last message cut short: its bytes may still be on their way. */
  let incomplete = false;
  let at = 0;
  while (at < bytes.length) {
    const headerEnd = bytes.indexOf("\r\n\r\n", at, "ascii");
    if (headerEnd < 0) {
      errors.push(`offset ${at}: ${bytes.length - at} trailing bytes without a complete header`);
      incomplete = errors.length === 1;
      break;
    }
    let length: number | undefined;
    for (const line of bytes.subarray(at, headerEnd).toString("ascii").split("\r\n")) {
      const m = /^([A-Za-z-]+): (.*)$/.exec(line);
      if (m === null) errors.push(`offset ${at}: malformed header line ${JSON.stringify(line)}`);
      else if (m[1].toLowerCase() === "content-length" && /^\d+$/.test(m[2])) length = Number(m[2]);
      else if (m[1].toLowerCase() !== "content-type") errors.push(`offset ${at}: unexpected header ${JSON.stringify(line)}`);
    }
    if (length === undefined) {
      errors.push(`offset ${at}: no valid Content-Length`);
      break;
    }
    const bodyStart = headerEnd + 4;
    if (bodyStart + length > bytes.length) {
      errors.push(`offset ${at}: body truncated (${bytes.length - bodyStart} of ${length} bytes)`);
      incomplete = errors.length === 1;
      break;
    }
    try {
      const message: unknown = JSON.parse(bytes.subarray(bodyStart, bodyStart + length).toString("utf8"));
      if (typeof message !== "object" || message === null || (message as { jsonrpc?: unknown }).jsonrpc !== "2.0") {
        errors.push(`offset ${at}: body is not a JSON-RPC 2.0 message`);
      }
      messages.push(message);
    } catch (error) {
      errors.push(`offset ${at}: body is not JSON (${String(error)})`);
    }
    at = bodyStart + length;
  }
  return { messages, errors, incomplete };
}
