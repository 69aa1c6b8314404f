import { CompletionItemKind, InsertTextFormat, InsertTextMode, MarkupKind } from "vscode-languageserver/node";
import type { ClientCapabilities, CompletionItem, CompletionList, CompletionParams, Range } from "vscode-languageserver/node";
import type { Analysis } from "../shared/index";
import { completeAt, type CompletionEntry, type EntryKind } from "../shared/language/completion/index";
import { describeError } from "./errors";
import { documentPosition } from "./params";
import type { Feature, FeatureContext } from "./feature";

/**
 * textDocument/completion: protocol glue over shared/language/completion/. The last scenario that
 * parsed (DocumentAnalyses.lastGoodModel) keeps ids and the board known while the text being typed
 * does not parse. A malformed request is InvalidParams.
 */

/**
 * How long completion may keep asking the engine which modes and types are allowed (each question
 * replays the timeline before the step). Past it the remaining values are offered unjudged.
 */
const COMPLETION_DEADLINE_MS = 250;

/** Typing these opens the list: a value after `key:` or `key: `, an id after `[` or `, `, a new key or step after `- `. */
const TRIGGERS = [":", " ", "[", ",", "-"];

const KIND: Readonly<Record<EntryKind, CompletionItemKind>> = {
  key: CompletionItemKind.Property,
  "step-kind": CompletionItemKind.Keyword,
  unit: CompletionItemKind.Class,
  model: CompletionItemKind.Field,
  objective: CompletionItemKind.Constant,
  player: CompletionItemKind.Value,
  value: CompletionItemKind.EnumMember,
  code: CompletionItemKind.Value,
  snippet: CompletionItemKind.Snippet,
};

/** What the client said it can take, read once at `initialize`. */
interface ClientSupport {
  snippets: boolean;
  markdown: boolean;
  /** The client honours `insertTextMode` and knows adjustIndentation. */
  insertTextMode: boolean;
}

function createCompletionFeature(): Feature {
  const support: ClientSupport = { snippets: false, markdown: false, insertTextMode: false };
  return {
    capabilities(client: ClientCapabilities) {
      const item = client.textDocument?.completion?.completionItem;
      support.snippets = item?.snippetSupport === true;
      support.markdown = item?.documentationFormat?.includes(MarkupKind.Markdown) === true;
      support.insertTextMode = item?.insertTextModeSupport?.valueSet.includes(InsertTextMode.adjustIndentation) === true;
      return { completionProvider: { triggerCharacters: TRIGGERS, resolveProvider: false } };
    },
    register({ connection, documents, analyses }: FeatureContext) {
      connection.onCompletion((params: CompletionParams): CompletionList | null => {
        const { uri, position } = documentPosition(params, "completion");
        const document = documents.get(uri);
        if (document === undefined) return null;
        try {
          let analysis: Analysis | undefined;
          try {
            analysis = analyses.get(document).analysis;
          } catch (error) {
            // Completion still works from the text and the last good model.
            connection.console.error(`Ruleboard: analysing ${document.uri} for completion failed: ${describeError(error)}`);
          }
          // The newest version that parsed (the diagnostics publisher analyses each settled version).
          const lastGood = analyses.lastGoodModel(document.uri);
          const offset = document.offsetAt(position);
          // The deadline counts from here: the analysis above is shared with diagnostics, not completion's own work.
          const end = Date.now() + COMPLETION_DEADLINE_MS;
          const result = completeAt(document.getText(), offset, {
            expired: () => Date.now() > end,
            ...(analysis && { analysis }),
            ...(lastGood !== undefined && { lastGood }),
            snippets: support.snippets,
            // Snippet lines are written relative to the line's indentation: LSP's adjustIndentation,
            // asked for explicitly where the client knows it, and VS Code's default anyway.
            adjustsIndentation: true,
          });
          const range = { start: document.positionAt(result.range.start), end: document.positionAt(result.range.end) };
          return { isIncomplete: false, items: result.entries.map((e) => toItem(e, range, support)) };
        } catch (error) {
          connection.console.error(`Ruleboard: completion in ${document.uri} failed: ${describeError(error)}`);
          return null;
        }
      });
    },
  };
}

function toItem(entry: CompletionEntry, range: Range, support: ClientSupport): CompletionItem {
  const item: CompletionItem = {
    label: entry.label,
    kind: KIND[entry.kind],
    sortText: entry.sortText,
    textEdit: { range, newText: entry.insert },
    insertTextFormat: entry.snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
  };
  if (entry.detail !== undefined) item.detail = entry.detail;
  if (entry.filterText !== undefined) item.filterText = entry.filterText;
  if (entry.documentation !== undefined) {
    item.documentation = support.markdown ? { kind: MarkupKind.Markdown, value: entry.documentation } : entry.documentation;
  }
  if (entry.snippet && support.insertTextMode) item.insertTextMode = InsertTextMode.adjustIndentation;
  return item;
}

/** Keys, ids, step kinds, modes, codes and snippets as the cursor's place allows. */
export const completionFeature: Feature = createCompletionFeature();
