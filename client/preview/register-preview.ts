import { commands, Uri, ViewColumn, window, workspace } from "vscode";
import type { Disposable, ExtensionContext, WebviewPanel } from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";
import type { PreviewState } from "../../shared/protocol/messages";
import { LANGUAGE_ID } from "../language-client";
import { activeScenario, BoardPreview, PREVIEW_VIEW_TYPE } from "./board-preview";

/** Command id of "Ruleboard: Open Preview to the Side" (declared in package.json `contributes.commands`). */
export const OPEN_PREVIEW_COMMAND = "ruleboard.openPreview";

/**
 * Registers the preview command and the serializer that restores the preview after a window
 * reload. There is one preview at a time; it follows the active scenario editor.
 */
export function registerBoardPreview(
  context: ExtensionContext,
  client: LanguageClient,
): {
  readonly disposables: Disposable[];
  readonly shownStep: (uri: string) => number | null | undefined;
  readonly shownView: (uri: string) => "auto" | "board" | undefined;
} {
  let preview: BoardPreview | undefined;
  const adopt = (panel: WebviewPanel, uri: Uri | undefined): BoardPreview => {
    const created = new BoardPreview(panel, client, context.extensionUri, uri, () => {
      if (preview === created) preview = undefined;
    });
    preview = created;
    return created;
  };

  const open = async (uri?: Uri): Promise<void> => {
    // The editor-title button passes the document's URI; the palette passes nothing.
    const document = uri ? await workspace.openTextDocument(uri) : activeScenario();
    if (document?.languageId !== LANGUAGE_ID) {
      void window.showInformationMessage("Open a Ruleboard scenario (*.scenario.yaml) to preview its board.");
      return;
    }
    if (preview !== undefined) {
      preview.show(document.uri);
      preview.panel.reveal(ViewColumn.Beside, true);
      return;
    }
    const panel = window.createWebviewPanel(
      PREVIEW_VIEW_TYPE,
      "Ruleboard Preview",
      { viewColumn: ViewColumn.Beside, preserveFocus: true },
      {
        enableScripts: true,
        localResourceRoots: [Uri.joinPath(context.extensionUri, "dist", "webview")],
      },
    );
    adopt(panel, document.uri);
  };

  const disposables = [
    commands.registerCommand(OPEN_PREVIEW_COMMAND, open),
    window.registerWebviewPanelSerializer(PREVIEW_VIEW_TYPE, {
      async deserializeWebviewPanel(panel: WebviewPanel, state: unknown): Promise<void> {
        const saved = typeof (state as PreviewState | undefined)?.uri === "string" ? Uri.parse((state as PreviewState).uri as string) : undefined;
        // Opening the document (not showing it) is enough for the language client to sync it to the server.
        if (saved !== undefined) await workspace.openTextDocument(saved).then(undefined, () => undefined);
        if (preview !== undefined) {
          // A second restored panel (from an older layout): one preview is kept.
          panel.dispose();
          return;
        }
        adopt(panel, saved);
      },
    }),
    { dispose: () => preview?.panel.dispose() },
  ];
  // Export commands draw the step the preview shows, when it shows that document, with its view.
  return { disposables, shownStep: (uri) => preview?.shownStep(uri), shownView: (uri) => preview?.shownView(uri) };
}
