// A client for the settings tests: harness.ts's LspServer declaring what VS Code declares for
// configuration (`workspace.configuration`, inlay-hint refresh) and answering the server's
// `workspace/configuration` requests from `settings`. Bounded waits throughout.
import { ConfigurationRequest, DidChangeConfigurationNotification, InlayHintRefreshRequest } from "vscode-languageserver-protocol/node";
import type { ConfigurationParams, PublishDiagnosticsParams } from "vscode-languageserver-protocol/node";
import { LspServer, withTimeout } from "./harness";

/** How the client behaves: pull (workspace/configuration) or push (settings in didChangeConfiguration). */
export interface ConfiguredOptions {
  readonly pull: boolean;
  /** The `ruleboard` section the client holds at start. */
  readonly settings?: unknown;
}

/** A server whose client holds `ruleboard` settings and records what the server asks of it. */
export class ConfiguredClient {
  /** The sections the server asked for, in order. */
  readonly configurationRequests: ConfigurationParams[] = [];
  /** How many workspace/inlayHint/refresh requests the server sent. */
  refreshes = 0;
  private readonly waiters = new Set<() => void>();

  /** Installs the handlers: runs before `initialized`, after which the server asks for the settings. */
  private constructor(
    private readonly server: LspServer,
    private settings: unknown,
  ) {
    server.onPublish(() => this.wake());
    server.connection.onRequest(ConfigurationRequest.type, (params) => {
      this.configurationRequests.push(params);
      this.wake();
      return params.items.map((item) => (item.section === "ruleboard" ? this.settings : null));
    });
    server.connection.onRequest(InlayHintRefreshRequest.type, () => {
      this.refreshes++;
      this.wake();
    });
  }

  static async start(options: ConfiguredOptions): Promise<ConfiguredClient> {
    let client: ConfiguredClient | undefined;
    await LspServer.start({
      capabilities: {
        workspace: { configuration: options.pull, didChangeConfiguration: { dynamicRegistration: false }, inlayHint: { refreshSupport: true } },
        textDocument: { inlayHint: {} },
      },
      onConnection: (server) => (client = new ConfiguredClient(server, options.settings ?? {})),
    });
    return client!;
  }

  /** Every publishDiagnostics received, in arrival order. */
  get published(): readonly PublishDiagnosticsParams[] {
    return this.server.published;
  }

  open(uri: string, text: string, version = 1): Promise<void> {
    return this.server.open(uri, text, version);
  }

  /** The user changes the `ruleboard` settings: a pull client is asked again, a push client sends them. */
  async changeSettings(settings: unknown, pull: boolean): Promise<void> {
    this.settings = settings;
    await withTimeout(
      this.server.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: pull ? null : { ruleboard: settings } }),
      "didChangeConfiguration",
    );
  }

  /** Waits until `ready()` holds (checked on every publish and every request from the server). */
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
    return this.server.request<R>(method, params);
  }

  dispose(): void {
    this.server.dispose();
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }
}
