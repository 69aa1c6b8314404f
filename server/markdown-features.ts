import { ResponseError } from "vscode-languageserver/node";
import type {
  CodeAction,
  CodeActionParams,
  Command,
  CompletionItem,
  CompletionList,
  Connection,
  Diagnostic,
  Hover,
  InlayHint,
  Position,
  Range,
  TextEdit,
  WorkspaceEdit,
} from "vscode-languageserver/node";
import type { Feature, FeatureContext } from "./feature";
import { blockAt, blocksIn, rangeInBlock, toBlockPosition, toBlockRange, toMarkdownEdit, toMarkdownPosition, toMarkdownRange } from "./markdown-blocks";
import type { BlockDocument, MarkdownDocument } from "./markdown-blocks";

/**
 * Scenario features inside the fenced blocks of a Markdown document. A feature registers its
 * handlers as for any scenario; this glue hands it a connection on which a request about a
 * Markdown document is answered by the same handler asked about the block under the position
 * (its own document, `BlockDocument`), positions mapped in and the answer's ranges and edits
 * mapped back out. Outside every block the answer is empty. Routed: hover, completion, quick
 * fixes (code actions), inlay hints, formatting (document: each block; range: the blocks it
 * touches). Every other request about a Markdown document reaches its handler unchanged, which
 * answers as for an unknown document (`featureDocuments` never gives out a Markdown document).
 */
export function inMarkdownBlocks(feature: Feature): Feature {
  return {
    capabilities: (client) => feature.capabilities(client),
    register: (context) => feature.register({ ...context, connection: routedConnection(context) }),
  };
}

/** The first argument of a `connection.onX` registration: the handler. */
type HandlerOf<K extends keyof Connection> = Connection[K] extends (handler: infer H) => unknown ? H : never;
type InlayHandler = Parameters<Connection["languages"]["inlayHint"]["on"]>[0];

function routedConnection(context: FeatureContext): Connection {
  const { connection } = context;
  /** The Markdown document a request is about, its analysis warmed (the blocks' come from it). */
  const markdownOf = (params: unknown): MarkdownDocument | undefined => {
    const uri = (params as { textDocument?: { uri?: unknown } } | undefined)?.textDocument?.uri;
    if (typeof uri !== "string") return undefined;
    const markdown = context.documents.markdown?.(uri);
    if (markdown !== undefined) {
      try {
        context.analyses.get(markdown.document);
      } catch {
        // The handler analyses the block on its own, and reports a failure as it does for any document.
      }
    }
    return markdown;
  };
  const inBlock = (block: BlockDocument) => ({ uri: block.document.uri });

  const overrides: Partial<Record<keyof Connection, unknown>> = {
    onHover: (handler: HandlerOf<"onHover">) =>
      connection.onHover((params, ...rest) => {
        const markdown = markdownOf(params);
        if (markdown === undefined || !isPosition(params.position)) return handler(params, ...rest);
        const block = blockAt(markdown, markdown.document.offsetAt(params.position));
        if (block === undefined) return null;
        const answer = handler({ ...params, textDocument: inBlock(block), position: toBlockPosition(markdown, block, params.position) }, ...rest);
        return after(answer, (hover: Hover | null | undefined) =>
          hover?.range === undefined ? hover : { ...hover, range: toMarkdownRange(markdown, block, hover.range) },
        );
      }),
    onCompletion: (handler: HandlerOf<"onCompletion">) =>
      connection.onCompletion((params, ...rest) => {
        const markdown = markdownOf(params);
        if (markdown === undefined || !isPosition(params.position)) return handler(params, ...rest);
        const block = blockAt(markdown, markdown.document.offsetAt(params.position));
        if (block === undefined) return null;
        const answer = handler({ ...params, textDocument: inBlock(block), position: toBlockPosition(markdown, block, params.position) }, ...rest);
        return after(answer, (list: CompletionList | CompletionItem[] | null | undefined) => {
          if (list === null || list === undefined) return list;
          const item = (i: CompletionItem) => completionItemOut(markdown, block, i);
          return Array.isArray(list) ? list.map(item) : { ...list, items: list.items.map(item) };
        });
      }),
    onCodeAction: (handler: HandlerOf<"onCodeAction">) =>
      connection.onCodeAction((params, ...rest) => {
        const markdown = markdownOf(params);
        const diagnostics = params?.context?.diagnostics;
        if (markdown === undefined || !isRange(params.range) || !Array.isArray(diagnostics)) return handler(params, ...rest);
        const block = blockAt(markdown, markdown.document.offsetAt(params.range.start));
        // An `illegal` block is broken on purpose: fixing it would only make it fail its mark.
        if (block === undefined || block.block.illegal) return [];
        const originals = new Map<Diagnostic, Diagnostic>();
        for (const d of diagnostics) {
          if (!isRange(d?.range) || !rangeInBlock(markdown, block, d.range)) continue;
          originals.set({ ...d, range: toBlockRange(markdown, block, d.range) }, d);
        }
        const inner: CodeActionParams = {
          ...params,
          textDocument: inBlock(block),
          range: toBlockRange(markdown, block, params.range),
          context: { ...params.context, diagnostics: [...originals.keys()] },
        };
        return after(handler(inner, ...rest), (actions: (Command | CodeAction)[] | null | undefined) =>
          actions?.map((action) => codeActionOut(markdown, block, action, originals)),
        );
      }),
    onDocumentFormatting: (handler: HandlerOf<"onDocumentFormatting">) =>
      connection.onDocumentFormatting((params, ...rest) => {
        const markdown = markdownOf(params);
        if (markdown === undefined) return handler(params, ...rest);
        return gathered(
          markdown.blocks.map((block) => ({ block, answer: handler({ ...params, textDocument: inBlock(block) }, ...rest) })),
          (block, edits: TextEdit[] | null | undefined) => edits?.map((e) => toMarkdownEdit(markdown, block, e)) ?? [],
        );
      }),
    onDocumentRangeFormatting: (handler: HandlerOf<"onDocumentRangeFormatting">) =>
      connection.onDocumentRangeFormatting((params, ...rest) => {
        const markdown = markdownOf(params);
        if (markdown === undefined || !isRange(params.range)) return handler(params, ...rest);
        return gathered(
          blocksIn(markdown, params.range).map((block) => ({
            block,
            answer: handler({ ...params, textDocument: inBlock(block), range: toBlockRange(markdown, block, params.range) }, ...rest),
          })),
          (block, edits: TextEdit[] | null | undefined) => edits?.map((e) => toMarkdownEdit(markdown, block, e)) ?? [],
        );
      }),
  };

  const onInlayHints = (handler: InlayHandler) =>
    connection.languages.inlayHint.on((params, ...rest) => {
      const markdown = markdownOf(params);
      if (markdown === undefined || !isRange(params.range)) return handler(params, ...rest);
      return gathered(
        blocksIn(markdown, params.range).map((block) => ({
          block,
          answer: handler({ ...params, textDocument: inBlock(block), range: toBlockRange(markdown, block, params.range) }, ...rest),
        })),
        (block, hints: InlayHint[] | null | undefined) =>
          hints?.map((hint) => ({
            ...hint,
            position: toMarkdownPosition(markdown, block, hint.position),
            ...(hint.textEdits && { textEdits: hint.textEdits.map((e) => toMarkdownEdit(markdown, block, e)) }),
          })) ?? [],
      );
    });
  const inlayHint = Object.create(connection.languages.inlayHint, { on: { value: onInlayHints } }) as Connection["languages"]["inlayHint"];
  const languages = Object.create(connection.languages, { inlayHint: { value: inlayHint } }) as Connection["languages"];

  return new Proxy(connection, {
    get(target, key, receiver) {
      if (key === "languages") return languages;
      if (typeof key === "string" && key in overrides) return overrides[key as keyof Connection];
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

/** A completion item answered in a block, its ranges in the Markdown document. */
function completionItemOut(markdown: MarkdownDocument, block: BlockDocument, item: CompletionItem): CompletionItem {
  const out: CompletionItem = { ...item };
  const edit = item.textEdit;
  if (edit !== undefined) {
    out.textEdit =
      "range" in edit
        ? { ...edit, range: toMarkdownRange(markdown, block, edit.range) }
        : { ...edit, insert: toMarkdownRange(markdown, block, edit.insert), replace: toMarkdownRange(markdown, block, edit.replace) };
  }
  if (item.additionalTextEdits !== undefined) out.additionalTextEdits = item.additionalTextEdits.map((e) => toMarkdownEdit(markdown, block, e));
  return out;
}

/** A code action answered in a block: the client's own diagnostics, edits on the Markdown document. */
function codeActionOut(
  markdown: MarkdownDocument,
  block: BlockDocument,
  action: Command | CodeAction,
  originals: ReadonlyMap<Diagnostic, Diagnostic>,
): Command | CodeAction {
  // A bare Command names its command with a string; a CodeAction's command, if any, is an object.
  if (typeof action.command === "string") return action;
  const codeAction = action as CodeAction;
  const out: CodeAction = { ...codeAction };
  if (codeAction.diagnostics !== undefined) out.diagnostics = codeAction.diagnostics.map((d) => originals.get(d) ?? d);
  if (codeAction.edit !== undefined) out.edit = workspaceEditOut(markdown, block, codeAction.edit);
  return out;
}

function workspaceEditOut(markdown: MarkdownDocument, block: BlockDocument, edit: WorkspaceEdit): WorkspaceEdit {
  const { uri, version } = markdown.document;
  const out: WorkspaceEdit = { ...edit };
  if (edit.changes !== undefined) {
    out.changes = Object.fromEntries(
      Object.entries(edit.changes).map(([u, edits]) => (u === block.document.uri ? [uri, edits.map((e) => toMarkdownEdit(markdown, block, e))] : [u, edits])),
    );
  }
  if (edit.documentChanges !== undefined) {
    out.documentChanges = edit.documentChanges.map((change) =>
      "textDocument" in change && change.textDocument.uri === block.document.uri
        ? { textDocument: { uri, version }, edits: change.edits.map((e) => ("newText" in e ? toMarkdownEdit(markdown, block, e) : e)) }
        : change,
    );
  }
  return out;
}

/** Calls `f` on a handler's answer, whether it came at once or as a promise; an error answer passes through. */
function after<R>(answer: unknown, f: (value: R) => unknown): never {
  if (answer instanceof ResponseError) return answer as never;
  if (isThenable(answer)) return answer.then((value) => (value instanceof ResponseError ? value : f(value as R))) as never;
  return f(answer as R) as never;
}

/** Every block's answer mapped out and joined, in block order (at once when every answer came at once). */
function gathered<R, T>(answers: readonly { block: BlockDocument; answer: unknown }[], f: (block: BlockDocument, value: R) => T[]): never {
  const firstError = answers.find((a) => a.answer instanceof ResponseError);
  if (firstError !== undefined) return firstError.answer as never;
  if (!answers.some((a) => isThenable(a.answer))) return answers.flatMap((a) => f(a.block, a.answer as R)) as never;
  return Promise.all(answers.map((a) => Promise.resolve(a.answer))).then((values) =>
    values.flatMap((value, i) => (value instanceof ResponseError ? [] : f(answers[i].block, value as R))),
  ) as never;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

function isPosition(p: unknown): p is Position {
  const q = p as Position | undefined;
  return Number.isInteger(q?.line) && Number.isInteger(q?.character) && (q as Position).line >= 0 && (q as Position).character >= 0;
}

function isRange(r: unknown): r is Range {
  const q = r as Range | undefined;
  return isPosition(q?.start) && isPosition(q?.end);
}
