import { MarkupKind } from "vscode-languageserver/node";
import type { InlayHint, InlayHintParams } from "vscode-languageserver/node";
import { inlayHints } from "../shared/language/inlay/index";
import { describeError } from "./errors";
import { documentUri, requestRange } from "./params";
import type { Feature, FeatureContext } from "./feature";

/**
 * `textDocument/inlayHint`: after each model's move entry, the distance moved and its limit, and
 * the gap to the closest enemy after the step (shared/language/inlay/), as the
 * `ruleboard.inlayHints.*` settings allow. Empty when the text does not parse or hints are off.
 */
export const inlayHintsFeature: Feature = {
  capabilities: () => ({ inlayHintProvider: true }),
  register: (context) => context.connection.languages.inlayHint.on((params) => hintsOf(params, context)),
};

function hintsOf(params: InlayHintParams, { documents, analyses, connection, settings }: FeatureContext): InlayHint[] {
  const document = documents.get(documentUri(params, "textDocument/inlayHint"));
  requestRange(params, "textDocument/inlayHint");
  const { enabled, distance, gap } = settings.get().inlayHints;
  if (document === undefined || !enabled) return [];
  try {
    const scenario = analyses.get(document).analysis.scenario;
    if (scenario === undefined) return [];
    const range = { start: document.offsetAt(params.range.start), end: document.offsetAt(params.range.end) };
    return inlayHints(scenario, { distance, gap, range }).map((hint) => ({
      position: document.positionAt(hint.offset),
      label: hint.label,
      tooltip: { kind: MarkupKind.Markdown, value: hint.tooltip },
      paddingLeft: true,
    }));
  } catch (error) {
    connection.console.error(`Ruleboard: inlay hints for ${params.textDocument.uri} failed: ${describeError(error)}`);
    return [];
  }
}
