/// <reference lib="dom" />
/**
 * The board preview's webview script (bundled by esbuild for the browser to dist/webview/main.js).
 * It draws what the extension sends, keeps pan/zoom and the document in the webview state, and
 * posts the user's clicks and step choices back; board-editor.ts makes the board an editor (drag,
 * select, nudge, undo keys). Scenario strings only ever reach the page as parsed SVG from the
 * renderer or through `textContent`.
 */
import "./preview.css";
import type { PreviewState, ToPreviewMessage } from "../../shared/protocol/messages";
import { BoardEditor } from "./board-editor";
import { offsetOf, parseBoardSvg } from "./board-svg";
import { FIT, PanZoom } from "./pan-zoom";
import { StepControls } from "./step-controls";
import { previewApi } from "./vscode-api";

const api = previewApi();
let state: PreviewState = api.getState() ?? {};

const byId = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const viewport = byId<HTMLElement>("viewport");
const board = byId<HTMLElement>("board");
const banner = byId<HTMLElement>("banner");

// The editor first: it takes presses on models before the pan sees them.
const editor = new BoardEditor({ viewport, board, info: byId("drag-info"), toast: byId("toast") }, (m) => api.postMessage(m));
const panZoom = new PanZoom(viewport, board, (view) => save({ view }));
panZoom.set(state.view ?? FIT);
const steps = new StepControls({ slider: byId("step"), prev: byId("prev"), next: byId("next"), label: byId("step-label") }, (step) =>
  api.postMessage({ type: "step", step }),
);
// The part of the board drawn: cropped to the action, or the whole board (over the scenario's view:).
for (const [id, view] of [
  ["fit-action", "auto"],
  ["fit-board", "board"],
] as const) {
  byId<HTMLButtonElement>(id).addEventListener("click", () => {
    panZoom.set(FIT);
    save({ view: FIT });
    api.postMessage({ type: "view", view });
  });
}
byId<HTMLButtonElement>("fit").addEventListener("click", () => {
  panZoom.set(FIT);
  save({ view: FIT });
});

viewport.addEventListener("click", (e) => {
  const panned = panZoom.consumeDrag();
  const dragged = editor.consumeClick();
  if (panned || dragged) return;
  editor.click(e);
  const offset = offsetOf(e.target, board);
  if (offset !== undefined) api.postMessage({ type: "reveal", offset });
});

window.addEventListener("message", (e: MessageEvent<ToPreviewMessage>) => receive(e.data));
api.postMessage({ type: "ready" });

function receive(message: ToPreviewMessage): void {
  switch (message?.type) {
    case "board": {
      const svg = parseBoardSvg(document, message.svg);
      if (svg === undefined) {
        showBanner("The board could not be drawn.");
        return;
      }
      // Another document starts from the fitted view; the same one keeps the user's pan and zoom.
      if (state.uri !== undefined && state.uri !== message.uri) {
        panZoom.set(FIT);
        save({ uri: message.uri, view: FIT });
      } else {
        save({ uri: message.uri });
      }
      board.replaceChildren(svg);
      editor.show({
        uri: message.uri,
        version: message.version,
        svg,
        ...(message.editable && { editable: message.editable }),
        ...(message.selected && { selected: message.selected }),
      });
      steps.show(message.steps, message.step, message.stepCount);
      showBanner(undefined);
      return;
    }
    case "stale":
      // The last good board stays; the banner says why it is not current.
      showBanner(message.message);
      return;
    case "probed":
      editor.probed(message.at, message.text);
      return;
    case "refused":
      editor.refused(message.message);
      return;
    case "empty":
      editor.clear();
      board.replaceChildren();
      steps.show([], null, 0);
      showBanner(message.message);
      return;
  }
}

function showBanner(text: string | undefined): void {
  banner.textContent = text ?? "";
  banner.hidden = text === undefined;
}

function save(change: PreviewState): void {
  state = { ...state, ...change };
  api.setState(state);
}
