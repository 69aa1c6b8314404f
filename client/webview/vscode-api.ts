/// <reference lib="dom" />
import type { FromPreviewMessage, PreviewState } from "../../shared/protocol/messages";

/** The part of VS Code's webview API the preview uses (`acquireVsCodeApi()` may be called once per page). */
export interface PreviewApi {
  postMessage(message: FromPreviewMessage): void;
  getState(): PreviewState | undefined;
  setState(state: PreviewState): void;
}

declare function acquireVsCodeApi(): PreviewApi;

/** The webview API; the browser test supplies a stand-in with the same name. */
export function previewApi(): PreviewApi {
  return acquireVsCodeApi();
}
