import type { TextDocuments } from "vscode-languageserver/node";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { readingOf } from "../shared/parse/text-limits";

/** The open documents as editor features see them: `get` is all they use. */
export interface OpenDocuments {
  get(uri: string): TextDocument | undefined;
}

/**
 * The open documents an editor feature (hover, completion, navigation, fixes, hints, formatting)
 * may work on: those `analyze` checks in full. A document past the size or nesting limits
 * (`shared/model/limits.ts`) gets its `scenario.too-large` or `yaml.syntax` diagnostic and no
 * editor feature, so no request can make the server parse or replay more than the limits allow.
 * The verdict is kept per document version, so a request costs one lookup, not a scan.
 */
export function featureDocuments(documents: TextDocuments<TextDocument>): OpenDocuments {
  const verdicts = new Map<string, { version: number; full: boolean }>();
  documents.onDidClose((event) => verdicts.delete(event.document.uri));
  return {
    get(uri) {
      const document = documents.get(uri);
      if (document === undefined) return undefined;
      const known = verdicts.get(uri);
      if (known !== undefined && known.version === document.version) return known.full ? document : undefined;
      const full = readingOf(document.getText()).kind === "full";
      verdicts.set(uri, { version: document.version, full });
      return full ? document : undefined;
    },
  };
}
