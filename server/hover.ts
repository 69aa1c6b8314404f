import { MarkupKind } from "vscode-languageserver/node";
import type { Hover, HoverParams } from "vscode-languageserver/node";
import { hoverAt } from "../shared/language/hover/index";
import { describeError } from "./errors";
import { documentPosition } from "./params";
import type { Feature, FeatureContext } from "./feature";
import { toRange } from "./to-lsp";

/** Whether the client renders Markdown hovers (VS Code does); otherwise the same text goes as plain text. */
let markdown = true;

/**
 * How long a step hover may keep asking the engine about choices. Each question replays the
 * timeline before the step; past this the hover says which choices it did not try, so a long
 * timeline never blocks the server (requests are handled one at a time).
 */
const HOVER_DEADLINE_MS = 400;

/**
 * `textDocument/hover`: the model, unit, step, move or code under the cursor, explained from the
 * document's cached analysis (shared/language/hover/). Null when there is nothing to say, the
 * document is unknown or its text does not parse; a malformed request is InvalidParams; an
 * internal failure is logged, never thrown.
 */
export const hoverFeature: Feature = {
  capabilities: (client) => {
    const formats = client.textDocument?.hover?.contentFormat;
    markdown = formats === undefined || formats.includes(MarkupKind.Markdown);
    return { hoverProvider: true };
  },
  register: (context) => context.connection.onHover((params) => hoverOf(params, context)),
};

function hoverOf(params: HoverParams, { documents, analyses, connection }: FeatureContext): Hover | null {
  const { uri, position } = documentPosition(params, "hover");
  const document = documents.get(uri);
  if (document === undefined) return null;
  try {
    const end = Date.now() + HOVER_DEADLINE_MS;
    const answer = hoverAt(analyses.get(document).analysis, document.offsetAt(position), { expired: () => Date.now() > end });
    if (answer === undefined) return null;
    return { contents: { kind: markdown ? MarkupKind.Markdown : MarkupKind.PlainText, value: answer.markdown }, range: toRange(answer.span, document) };
  } catch (error) {
    connection.console.error(`Ruleboard: hover in ${uri} failed: ${describeError(error)}`);
    return null;
  }
}
