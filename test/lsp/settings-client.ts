// A client for the settings tests: like harness.ts's LspServer, but it declares what VS Code
// declares for configuration (`workspace.configuration`, inlay-hint refresh) and answers the
// server's `workspace/configuration` requests from `settings`. Bounded waits throughout.
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import {
  ConfigurationRequest,
  createProtocolConnection,
  DidChangeConfigurationNotification,
  DidOpenTextDocumentNotification,
  InitializedNotification,
  InitializeRequest,
  InlayHintRefreshRequest,
  PublishDiagnosticsNotification,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-languageserver-protocol/node";
import type { ConfigurationParams, ProtocolConnection, PublishDiagnosticsParams } from "vscode-languageserver-protocol/node";
import { LANGUAGE_ID, SERVER_PATH, withTimeout } from "./harness";

/** How the client behaves: pull (workspace/configuration) or push (settings in didChangeConfiguration). */
export interface ConfiguredOptions {
  readonly pull: boolean;
  /** The `ruleboard` section the client holds at start. */
  readonly settings?: unknown;
}

export class ConfiguredClient {
  readonly published: PublishDiagnosticsParams[] = [];
  /** The sections the server asked for, in order. */
  readonly configurationRequests: ConfigurationParams[] = [];
  /** How many workspace/inlayHint/refresh requests the server sent. */
  refreshes = 0;
  private readonly waiters = new Set<() => void>();

  private constructor(
    private readonly child: ChildProcess,
    readonly connection: ProtocolConnection,
    private settings: unknown,
  ) {
    connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      this.published.push(params);
      this.wake();
    });
    connection.onRequest(ConfigurationRequest.type, (params) => {
      this.configurationRequests.push(params);
      this.wake();
      return params.items.map((item) => (item.section === "ruleboard" ? this.settings : null));
    });
    connection.onRequest(InlayHintRefreshRequest.type, () => {
      this.refreshes++;
      this.wake();
    });
    connection.listen();
  }

  static async start(options: ConfiguredOptions): Promise<ConfiguredClient> {
    const child = spawn(process.execPath, [SERVER_PATH, "--stdio"], { stdio: ["pipe", "pipe", "inherit"] });
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const client = new ConfiguredClient(child, connection, options.settings ?? {});
    try {
      await withTimeout(
        connection.sendRequest(InitializeRequest.type, {
          processId: process.pid,
          rootUri: null,
          capabilities: {
            workspace: { configuration: options.pull, didChangeConfiguration: { dynamicRegistration: false }, inlayHint: { refreshSupport: true } },
            textDocument: { publishDiagnostics: { relatedInformation: true, versionSupport: true }, inlayHint: {} },
          },
        }),
        "initialize",
      );
      await withTimeout(connection.sendNotification(InitializedNotification.type, {}), "initialized");
      return client;
    } catch (error) {
      client.dispose();
      throw error;
    }
  }

  async open(uri: string, text: string, version = 1): Promise<void> {
    await withTimeout(this.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: LANGUAGE_ID, version, text } }), "didOpen");
  }

  /** The user changes the `ruleboard` settings: a pull client is asked again, a push client sends them. */
  async changeSettings(settings: unknown, pull: boolean): Promise<void> {
    this.settings = settings;
    await withTimeout(this.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: pull ? null : { ruleboard: settings } }), "didChangeConfiguration");
  }

  /** Waits until `ready()` holds (checked on every message from the server). */
  async until<T>(what: string, ready: () => T | undefined): Promise<T> {
    const now = ready();
    if (now !== undefined) return now;
    let wake: (() => void) | undefined;
    const found = new Promise<T>((resolve) => {
      wake = () => {
        const r = ready();
        if (r !== undefined) resolve(r);
      };
      this.waiters.add(wake);
    });
    return withTimeout(found, what).finally(() => wake && this.waiters.delete(wake));
  }

  /** The last publish for `uri` received so far. */
  lastPublish(uri: string): PublishDiagnosticsParams | undefined {
    return [...this.published].reverse().find((p) => p.uri === uri);
  }

  request<R>(method: string, params: unknown): Promise<R> {
    return withTimeout(this.connection.sendRequest<R>(method, params), method);
  }

  dispose(): void {
    this.connection.dispose();
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill("SIGKILL");
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }
}
