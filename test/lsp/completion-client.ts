// A client for the completion tests: like harness.ts's LspServer, but it declares the completion
// capabilities it is given (snippet support or not, Markdown documentation), as VS Code does, and
// asks for completions at a `|` marker in a text. Bounded waits throughout.
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import {
  CompletionRequest,
  CompletionTriggerKind,
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  InitializedNotification,
  InitializeRequest,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-languageserver-protocol/node";
import type { CompletionItem, CompletionList, InitializeResult, ProtocolConnection } from "vscode-languageserver-protocol/node";
import { LANGUAGE_ID, SERVER_PATH, withTimeout } from "./harness";

/** What the client claims about completion items. */
export interface CompletionClientOptions {
  readonly snippets: boolean;
  readonly markdown?: boolean;
}

/** A text with one `|` where the cursor is: the text without it, and the cursor's 0-based line and character. */
export function atMarker(marked: string): { text: string; line: number; character: number } {
  const at = marked.indexOf("|");
  if (at < 0 || marked.indexOf("|", at + 1) >= 0) throw new Error("a marked text has exactly one |");
  const before = marked.slice(0, at);
  const line = before.split("\n").length - 1;
  return { text: before + marked.slice(at + 1), line, character: at - (before.lastIndexOf("\n") + 1) };
}

export class CompletionClient {
  private version = 0;
  private readonly opened = new Set<string>();

  private constructor(
    private readonly child: ChildProcess,
    readonly connection: ProtocolConnection,
    readonly initialized: InitializeResult,
  ) {}

  static async start(options: CompletionClientOptions): Promise<CompletionClient> {
    const child = spawn(process.execPath, [SERVER_PATH, "--stdio"], { stdio: ["pipe", "pipe", "inherit"] });
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    connection.listen();
    try {
      const initialized = await withTimeout(
        connection.sendRequest(InitializeRequest.type, {
          processId: process.pid,
          rootUri: null,
          capabilities: {
            textDocument: {
              publishDiagnostics: { relatedInformation: true, versionSupport: true },
              completion: {
                completionItem: {
                  snippetSupport: options.snippets,
                  documentationFormat: options.markdown ? ["markdown", "plaintext"] : ["plaintext"],
                  insertTextModeSupport: { valueSet: [1, 2] },
                },
              },
            },
          },
        }),
        "initialize",
      );
      await withTimeout(connection.sendNotification(InitializedNotification.type, {}), "initialized");
      return new CompletionClient(child, connection, initialized);
    } catch (error) {
      connection.dispose();
      child.kill("SIGKILL");
      throw error;
    }
  }

  /** Opens `uri` with `text` (or replaces its text when already open) and returns the version sent. */
  async set(uri: string, text: string): Promise<number> {
    this.version++;
    if (!this.opened.has(uri)) {
      this.opened.add(uri);
      await withTimeout(this.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: LANGUAGE_ID, version: this.version, text } }), "didOpen");
    } else {
      await withTimeout(this.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: this.version }, contentChanges: [{ text }] }), "didChange");
    }
    return this.version;
  }

  /** Sets the document to the marked text and asks for completions at the marker. */
  async complete(uri: string, marked: string, trigger?: string): Promise<CompletionItem[]> {
    const { text, line, character } = atMarker(marked);
    await this.set(uri, text);
    const context = trigger === undefined ? { triggerKind: CompletionTriggerKind.Invoked } : { triggerKind: CompletionTriggerKind.TriggerCharacter, triggerCharacter: trigger };
    const result = await withTimeout(
      this.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line, character }, context }),
      `completion at ${line}:${character}`,
    );
    const items = result === null ? [] : Array.isArray(result) ? result : (result as CompletionList).items;
    // As an editor shows them: by sortText, then label.
    const key = (item: CompletionItem): string => `${item.sortText ?? item.label}\u0000${item.label}`;
    return [...items].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  }

  dispose(): void {
    this.connection.dispose();
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill("SIGKILL");
  }
}
