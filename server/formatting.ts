import type { DocumentFormattingParams, DocumentRangeFormattingParams, FormattingOptions, TextEdit } from "vscode-languageserver/node";
import type { Analysis } from "../shared/index";
import { formatEdits, type LineRange } from "../shared/language/format/index";
import { describeError } from "./errors";
import { documentUri, requestRange } from "./params";
import type { Feature, FeatureContext } from "./feature";
import { toRange } from "./to-lsp";

/**
 * `textDocument/formatting` and `textDocument/rangeFormatting`. Red Hat's YAML extension formats
 * only the YAML language ids it lists, so files opened as `ruleboard` are formatted here
 * (shared/language/format/): indentation, spacing and blank lines, checked to leave the data,
 * the comments and the findings as they were. No edits (an empty list) when the document is
 * formatted already or cannot be formatted safely; null for a document that is not open.
 */
export const formattingFeature: Feature = {
  capabilities: () => ({ documentFormattingProvider: true, documentRangeFormattingProvider: true }),
  register(context) {
    const remembered: Remembered = new WeakMap();
    context.connection.onDocumentFormatting((params) => formatting(params, undefined, context, remembered));
    context.connection.onDocumentRangeFormatting((params) => {
      requestRange(params, "textDocument/rangeFormatting");
      return formatting(params, linesOf(params), context, remembered);
    });
  },
};

/**
 * The edits answered for each analysed version (its analysis, which is the version's own), by the
 * request's options and lines: formatting is a function of the text and those, so asking again
 * for the same version (format on save after a format command, a client that asks twice) costs nothing.
 */
type Remembered = WeakMap<Analysis, Map<string, TextEdit[]>>;
/** Answers kept per version at most (option sets and ranges asked). */
const REMEMBERED_PER_VERSION = 8;

/**
 * The whole lines a range touches. A range that ends at the start of a line (a selection of
 * whole lines, as editors make them) does not touch that line.
 */
function linesOf({ range }: DocumentRangeFormattingParams): LineRange {
  const end = range.end.character === 0 && range.end.line > range.start.line ? range.end.line - 1 : range.end.line;
  return { start: range.start.line, end };
}

function formatting(
  params: DocumentFormattingParams,
  lines: LineRange | undefined,
  { documents, analyses, connection }: FeatureContext,
  remembered: Remembered,
): TextEdit[] | null {
  const document = documents.get(documentUri(params, "formatting"));
  if (document === undefined) return null;
  // Markdown with fenced scenarios may one day be open here too; its text is not one YAML document.
  if (document.languageId === "markdown") return [];
  try {
    const before: Analysis = analyses.get(document).analysis;
    const options = optionsOf(params.options ?? {});
    const key = JSON.stringify([document.version, options, lines ?? null]);
    let answers = remembered.get(before);
    const known = answers?.get(key);
    if (known) return known;
    const edits = formatEdits(document.getText(), options, { ...(lines && { lines }), before });
    const answer = edits.map((edit) => ({ range: toRange(edit.span, document), newText: edit.newText }));
    if (!answers || answers.size >= REMEMBERED_PER_VERSION) remembered.set(before, (answers = new Map()));
    answers.set(key, answer);
    return answer;
  } catch (error) {
    connection.console.error(`Ruleboard: formatting ${params.textDocument.uri} failed: ${describeError(error)}`);
    return null;
  }
}

/** The LSP options as the formatter takes them (the optional switches only when the client sent them). */
function optionsOf(options: FormattingOptions) {
  return {
    tabSize: options.tabSize,
    insertSpaces: options.insertSpaces,
    ...(typeof options.trimTrailingWhitespace === "boolean" && { trimTrailingWhitespace: options.trimTrailingWhitespace }),
    ...(typeof options.insertFinalNewline === "boolean" && { insertFinalNewline: options.insertFinalNewline }),
    ...(typeof options.trimFinalNewlines === "boolean" && { trimFinalNewlines: options.trimFinalNewlines }),
  };
}
