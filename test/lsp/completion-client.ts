// A client for the completion tests: harness.ts's LspServer declaring the completion capabilities
// it is given (snippet support or not, Markdown documentation), as VS Code does, and asking for
// completions at a `|` marker in a text. Bounded waits throughout.
import { CompletionRequest, CompletionTriggerKind } from "vscode-languageserver-protocol/node";
import type { CompletionItem, CompletionList, InitializeResult } from "vscode-languageserver-protocol/node";
import { LspServer, withTimeout } from "./harness";

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

/** A server whose client claims the given completion capabilities; versions count up across all URIs. */
export class CompletionClient {
  private version = 0;
  private readonly opened = new Set<string>();

  private constructor(
    private readonly server: LspServer,
    readonly initialized: InitializeResult,
  ) {}

  static async start(options: CompletionClientOptions): Promise<CompletionClient> {
    const { server, initialized } = await LspServer.start({
      capabilities: {
        textDocument: {
          completion: {
            completionItem: {
              snippetSupport: options.snippets,
              documentationFormat: options.markdown ? ["markdown", "plaintext"] : ["plaintext"],
              insertTextModeSupport: { valueSet: [1, 2] },
            },
          },
        },
      },
    });
    return new CompletionClient(server, initialized);
  }

  /** Opens `uri` with `text` (or replaces its text when already open) and returns the version sent. */
  async set(uri: string, text: string): Promise<number> {
    this.version++;
    if (!this.opened.has(uri)) {
      this.opened.add(uri);
      await this.server.open(uri, text, this.version);
    } else {
      await this.server.change(uri, text, this.version);
    }
    return this.version;
  }

  /** Resolves when the server has published diagnostics for `version` of `uri` (so it analysed that text). */
  async published(uri: string, version: number): Promise<void> {
    await this.server.diagnostics(uri, version);
  }

  /** Sets the document to the marked text and asks for completions at the marker. */
  async complete(uri: string, marked: string, trigger?: string): Promise<CompletionItem[]> {
    const { text, line, character } = atMarker(marked);
    await this.set(uri, text);
    const context =
      trigger === undefined
        ? { triggerKind: CompletionTriggerKind.Invoked }
        : { triggerKind: CompletionTriggerKind.TriggerCharacter, triggerCharacter: trigger };
    const result = await withTimeout(
      this.server.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line, character }, context }),
      `completion at ${line}:${character}`,
    );
    const items = result === null ? [] : Array.isArray(result) ? result : (result as CompletionList).items;
    // As an editor shows them: by sortText, then label.
    const key = (item: CompletionItem): string => `${item.sortText ?? item.label}\u0000${item.label}`;
    return [...items].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  }

  dispose(): void {
    this.server.dispose();
  }
}
