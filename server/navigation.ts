import { ErrorCodes, FoldingRangeKind, LSPErrorCodes, ResponseError, SymbolKind } from "vscode-languageserver/node";
import type {
  ClientCapabilities,
  DocumentSymbol,
  FoldingRange,
  Location,
  Range,
  SemanticTokens,
  SymbolInformation,
  TextEdit,
  WorkspaceEdit,
} from "vscode-languageserver/node";
import type { TextDocument } from "vscode-languageserver-textdocument";
import {
  definitionAt,
  documentSymbols,
  encodeTokens,
  foldingRanges,
  idTokens,
  isRefusal,
  prepareRename,
  readScenarioTree,
  referencesAt,
  renameEdits,
  TOKEN_MODIFIERS,
  TOKEN_TYPES,
  type OutlineKind,
  type OutlineSymbol,
  type ScenarioTree,
} from "../shared/language/navigation/index";
import { describeError } from "./errors";
import type { Feature, FeatureContext } from "./feature";
import { toRange } from "./to-lsp";

/** What the client told us in `initialize` that changes the shape of our answers. */
interface ClientOptions {
  hierarchicalSymbols: boolean;
  foldingRangeLimit?: number;
}

const SYMBOL_KIND: Readonly<Record<OutlineKind, SymbolKind>> = {
  unit: SymbolKind.Class,
  model: SymbolKind.Field,
  objective: SymbolKind.EnumMember,
  terrain: SymbolKind.Struct,
  step: SymbolKind.Event,
  block: SymbolKind.Event,
};

/** An open document, its URI and its tree. */
interface Open {
  readonly uri: string;
  readonly document: TextDocument;
  readonly tree: ScenarioTree;
}

let client: ClientOptions = { hierarchicalSymbols: false };

/**
 * Navigation: go to definition, find references, rename (with prepareRename), the outline
 * (document symbols), folding and semantic tokens for ids. The logic is in shared/language/;
 * this file reads the document, converts offsets and positions, and turns refusals into errors
 * the editor shows. Every handler answers null for a document that is not open.
 */
export const navigationFeature: Feature = {
  capabilities(capabilities: ClientCapabilities) {
    const text = capabilities.textDocument;
    client = {
      hierarchicalSymbols: text?.documentSymbol?.hierarchicalDocumentSymbolSupport === true,
      ...(text?.foldingRange?.rangeLimit !== undefined && { foldingRangeLimit: text.foldingRange.rangeLimit }),
    };
    return {
      definitionProvider: true,
      referencesProvider: true,
      // RenameOptions may only be sent to a client that announced prepareSupport.
      renameProvider: text?.rename?.prepareSupport === true ? { prepareProvider: true } : true,
      documentSymbolProvider: true,
      foldingRangeProvider: true,
      semanticTokensProvider: { legend: { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] }, full: true, range: true },
    };
  },

  register(context: FeatureContext) {
    const { connection, documents } = context;
    const trees = new WeakMap<TextDocument, { version: number; tree: ScenarioTree }>();
    /** The tree of a document's current version, read once per version. */
    const treeOf = (document: TextDocument): ScenarioTree => {
      const cached = trees.get(document);
      if (cached?.version === document.version) return cached.tree;
      const tree = readScenarioTree(document.getText());
      trees.set(document, { version: document.version, tree });
      return tree;
    };
    /**
     * Runs a request on an open document: null when it is not open (closed, or never opened), an
     * InvalidParams error without a uri, a refusal passed through as is, and any other failure
     * logged and answered with null so one bad request cannot take the feature down.
     */
    const handle = <T>(what: string, params: { textDocument?: { uri?: unknown } } | undefined, body: (open: Open) => T): T | null => {
      const uri = params?.textDocument?.uri;
      if (typeof uri !== "string") throw new ResponseError(ErrorCodes.InvalidParams, `${what} needs a textDocument.uri`);
      const document = documents.get(uri);
      if (!document) return null;
      try {
        return body({ uri, document, tree: treeOf(document) });
      } catch (error) {
        if (error instanceof ResponseError) throw error;
        connection.console.error(`Ruleboard: ${what} in ${uri} failed: ${describeError(error)}`);
        return null;
      }
    };

    connection.onDefinition((params) =>
      handle("go to definition", params, ({ uri, document, tree }): Location | null => {
        const target = definitionAt(tree, document.offsetAt(params.position));
        return target ? { uri, range: toRange(target.name, document) } : null;
      }),
    );

    connection.onReferences((params) =>
      handle("find references", params, ({ uri, document, tree }): Location[] =>
        referencesAt(tree, document.offsetAt(params.position), params.context?.includeDeclaration === true).map((o) => ({
          uri,
          range: toRange(o.name, document),
        })),
      ),
    );

    connection.onPrepareRename((params) =>
      handle("prepare rename", params, ({ document, tree }): { range: Range; placeholder: string } => {
        const target = prepareRename(tree, document.offsetAt(params.position));
        if (isRefusal(target)) throw new ResponseError(LSPErrorCodes.RequestFailed, target.refused);
        return { range: toRange(target.span, document), placeholder: target.id };
      }),
    );

    connection.onRenameRequest((params) =>
      handle("rename", params, ({ uri, document, tree }): WorkspaceEdit => {
        if (typeof params.newName !== "string") throw new ResponseError(ErrorCodes.InvalidParams, "rename needs a newName");
        const edits = renameEdits(tree, document.offsetAt(params.position), params.newName);
        if (isRefusal(edits)) throw new ResponseError(LSPErrorCodes.RequestFailed, edits.refused);
        const changes: TextEdit[] = edits.map((e) => ({ range: toRange(e.span, document), newText: e.text }));
        return { changes: { [uri]: changes } };
      }),
    );

    connection.onDocumentSymbol((params) =>
      handle("the outline", params, ({ uri, document, tree }): DocumentSymbol[] | SymbolInformation[] => {
        const symbols = documentSymbols(tree);
        return client.hierarchicalSymbols ? symbols.map((s) => toDocumentSymbol(s, document)) : symbols.flatMap((s) => toSymbolInformation(s, document, uri));
      }),
    );

    connection.onFoldingRanges((params) =>
      handle("folding", params, ({ document, tree }): FoldingRange[] => {
        const folds = foldingRanges(tree, (offset) => document.positionAt(offset).line).map((f): FoldingRange => ({
          startLine: f.startLine,
          endLine: f.endLine,
          ...(f.kind === "comment" && { kind: FoldingRangeKind.Comment }),
        }));
        // The client's limit: keep the first folds, the outer ones near the top.
        return client.foldingRangeLimit === undefined ? folds : folds.slice(0, client.foldingRangeLimit);
      }),
    );

    const tokens = ({ document, tree }: Open, range?: Range): SemanticTokens => {
      const within = range && { start: document.offsetAt(range.start), end: document.offsetAt(range.end) };
      return { data: encodeTokens(idTokens(tree, within), (offset) => document.positionAt(offset)) };
    };
    connection.languages.semanticTokens.on((params) => handle("semantic tokens", params, (open) => tokens(open)));
    connection.languages.semanticTokens.onRange((params) => handle("semantic tokens", params, (open) => tokens(open, params.range)));
  },
};

function toDocumentSymbol(symbol: OutlineSymbol, document: TextDocument): DocumentSymbol {
  return {
    name: symbol.name,
    ...(symbol.detail !== undefined && { detail: symbol.detail }),
    kind: SYMBOL_KIND[symbol.kind],
    range: toRange(symbol.span, document),
    selectionRange: toRange(symbol.selection, document),
    children: symbol.children.map((c) => toDocumentSymbol(c, document)),
  };
}

/** The flat form for clients without hierarchical symbols: each symbol names its parent. */
function toSymbolInformation(symbol: OutlineSymbol, document: TextDocument, uri: string, container?: string): SymbolInformation[] {
  const own: SymbolInformation = {
    name: symbol.name,
    kind: SYMBOL_KIND[symbol.kind],
    location: { uri, range: toRange(symbol.span, document) },
    ...(container !== undefined && { containerName: container }),
  };
  return [own, ...symbol.children.flatMap((c) => toSymbolInformation(c, document, uri, symbol.name))];
}
