import type { TextDocuments } from "vscode-languageserver/node";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { readingOf } from "../shared/parse/text-limits";
import { isMarkdownDocument, markdownDocument, parseBlockUri } from "./markdown-blocks";
import type { MarkdownDocument } from "./markdown-blocks";

/** The open documents as editor features see them: `get` is all they use. */
export interface OpenDocuments {
  get(uri: string): TextDocument | undefined;
  /**
   * An open Markdown document split into its scenario blocks (server/markdown-blocks.ts), for the
   * glue that routes a feature's request into a block; undefined for any other document.
   */
  markdown?(uri: string): MarkdownDocument | undefined;
}

/**
 * The open documents an editor feature (hover, completion, navigation, fixes, hints, formatting)
 * may work on: those `analyze` checks in full. A document past the size or nesting limits
 * (`shared/model/limits.ts`) gets its `scenario.too-large` or `yaml.syntax` diagnostic and no
 * editor feature, so no request can make the server parse or replay more than the limits allow.
 * The verdict is kept per document version, so a request costs one lookup, not a scan.
 *
 * A Markdown document is never one a feature works on (its prose is not YAML); its scenario
 * blocks are, each under its own URI (`blockUri`) and within the same limits.
 */
export function featureDocuments(documents: TextDocuments<TextDocument>): OpenDocuments {
  const verdicts = new Map<string, { version: number; full: boolean }>();
  const markdowns = new Map<string, MarkdownDocument>();
  documents.onDidClose((event) => {
    const uri = event.document.uri;
    markdowns.delete(uri);
    for (const key of [...verdicts.keys()]) if (key === uri || parseBlockUri(key)?.uri === uri) verdicts.delete(key);
  });
  const withinLimits = (document: TextDocument): TextDocument | undefined => {
    const known = verdicts.get(document.uri);
    if (known !== undefined && known.version === document.version) return known.full ? document : undefined;
    const full = readingOf(document.getText()).kind === "full";
    verdicts.set(document.uri, { version: document.version, full });
    return full ? document : undefined;
  };
  const markdown = (uri: string): MarkdownDocument | undefined => {
    const document = documents.get(uri);
    if (document === undefined || !isMarkdownDocument(document)) return undefined;
    const known = markdowns.get(uri);
    if (known !== undefined && known.document === document && known.document.version === document.version) return known;
    const fresh = markdownDocument(document);
    markdowns.set(uri, fresh);
    return fresh;
  };
  return {
    get(uri) {
      const document = documents.get(uri);
      if (document !== undefined) return isMarkdownDocument(document) ? undefined : withinLimits(document);
      const inBlock = parseBlockUri(uri);
      if (inBlock === undefined) return undefined;
      const block = markdown(inBlock.uri)?.blocks[inBlock.index - 1];
      return block === undefined ? undefined : withinLimits(block.document);
    },
    markdown,
  };
}
