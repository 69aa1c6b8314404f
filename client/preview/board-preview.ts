import { CancellationTokenSource, commands, Range, Uri, ViewColumn, window, workspace, WorkspaceEdit } from "vscode";
import type { Disposable, TextDocument, TextEditor, WebviewPanel } from "vscode";
import { State } from "vscode-languageclient/node";
import type { LanguageClient } from "vscode-languageclient/node";
import { BOARD_METHOD, PLACE_METHOD, PROBE_METHOD } from "../../shared/protocol/messages";
import type {
  BoardParams,
  BoardResult,
  FromPreviewMessage,
  ModelPlacement,
  PlaceParams,
  PlaceResult,
  ProbeParams,
  ProbeResult,
  ToPreviewMessage,
} from "../../shared/protocol/messages";
import { LANGUAGE_ID } from "../language-client";
import { newNonce, previewHtml } from "./preview-html";
import { boardThemeOf } from "./preview-theme";
import { stepAt } from "../../shared/engine/frame";

/** The webview panel type; package.json activates on `onWebviewPanel:ruleboard.preview` to restore it. */
export const PREVIEW_VIEW_TYPE = "ruleboard.preview";

/**
 * Typing settles for this long before the board is asked for (the brief: visible within 100 ms).
 * Short, because bursts cost little: an answer for an older version is dropped, and the server
 * analyses each version once whichever request asks first.
 */
const EDIT_DEBOUNCE_MS = 20;
/** A document just reopened after a window reload may reach the server a moment after the first request. */
const NOT_OPEN_RETRIES = 5;
const NOT_OPEN_RETRY_MS = 200;
/** How long a board's Ctrl+Z waits to see whether the workbench already undid the edit. */
const UNDO_SETTLE_MS = 150;

/** Which step to show: the one the cursor is in, or one picked with the slider or the buttons. */
type Pin = { readonly kind: "cursor" } | { readonly kind: "step"; readonly step: number | null };

/**
 * The one board preview. It follows the active Ruleboard editor (switching documents when
 * another scenario becomes active), asks the server for the board after edits, cursor moves,
 * step choices and theme changes, drops answers for versions that are no longer current, and
 * reveals the source of whatever is clicked.
 */
export class BoardPreview {
  private uri: Uri | undefined;
  private pin: Pin = { kind: "cursor" };
  private timer: NodeJS.Timeout | undefined;
  /** Bumped per request: only the newest request's answer is shown. */
  private seq = 0;
  /** The board request in flight: cancelled when a newer one starts, so the server skips it if it has not run yet. */
  private inFlight: CancellationTokenSource | undefined;
  private notOpenTries = 0;
  /** What the webview shows now (to skip requests for cursor moves within the shown step). */
  private shown: { readonly uri: string; readonly version: number; readonly result: BoardResult } | undefined;
  /** "Fit to action" / "Fit to board", over the scenario's view: (undefined: the scenario's). */
  private view: "auto" | "board" | undefined;
  /** The models selected on the board (kept across redraws; one selected model shades its legal region). */
  private selected: readonly string[] = [];
  /** The offset a reveal just selected: that selection change is ours, not a cursor move to follow. */
  private revealed: number | undefined;
  private readonly disposables: Disposable[] = [];

  /** Set up `panel` (new or restored) to show `uri`, or the active scenario when `uri` is undefined. */
  constructor(
    readonly panel: WebviewPanel,
    private readonly client: LanguageClient,
    extensionUri: Uri,
    uri: Uri | undefined,
    private readonly onDispose: () => void,
  ) {
    const root = Uri.joinPath(extensionUri, "dist", "webview");
    const webview = panel.webview;
    webview.options = { enableScripts: true, enableCommandUris: false, localResourceRoots: [root] };
    webview.html = previewHtml({
      cspSource: webview.cspSource,
      nonce: newNonce(),
      scriptUri: webview.asWebviewUri(Uri.joinPath(root, "main.js")).toString(),
      styleUri: webview.asWebviewUri(Uri.joinPath(root, "main.css")).toString(),
    });
    this.uri = uri ?? activeScenario()?.uri;
    this.retitle();
    this.disposables.push(
      webview.onDidReceiveMessage((m: FromPreviewMessage) => this.receive(m)),
      workspace.onDidChangeTextDocument((e) => this.isShown(e.document) && e.contentChanges.length > 0 && this.schedule(EDIT_DEBOUNCE_MS)),
      window.onDidChangeTextEditorSelection((e) => this.cursorMoved(e.textEditor)),
      window.onDidChangeActiveTextEditor((editor) => editor?.document.languageId === LANGUAGE_ID && this.show(editor.document.uri)),
      window.onDidChangeActiveColorTheme(() => this.schedule(0)),
      workspace.onDidCloseTextDocument((d) => this.isShown(d) && this.schedule(0)),
      workspace.onDidOpenTextDocument((d) => this.isShown(d) && this.schedule(0)),
      // After a restart the new server has the documents again: redraw from it.
      client.onDidChangeState((e) => e.newState === State.Running && this.schedule(0)),
      panel.onDidDispose(() => this.dispose()),
    );
  }

  /** The step the preview shows for `uri` (null: the set-up), or undefined when it shows another document. */
  shownStep(uri: string): number | null | undefined {
    return this.shown?.uri === uri ? this.shown.result.step : undefined;
  }

  /** The view chosen with Fit to action / Fit to board for `uri`, or undefined (the scenario's view:, or another document shown). */
  shownView(uri: string): "auto" | "board" | undefined {
    return this.shown?.uri === uri ? this.view : undefined;
  }

  /** Shows `uri` (from the cursor's step on), if it is not already shown. */
  show(uri: Uri): void {
    if (this.uri?.toString() === uri.toString()) return;
    this.uri = uri;
    this.pin = { kind: "cursor" };
    this.shown = undefined;
    this.view = undefined;
    this.selected = [];
    this.retitle();
    this.schedule(0);
  }

  private receive(message: FromPreviewMessage): void {
    switch (message?.type) {
      case "ready":
        // A fresh page (first load, reload, or shown again after being hidden) has no board yet.
        this.shown = undefined;
        this.schedule(0);
        return;
      case "step":
        if (message.step !== null && !Number.isInteger(message.step)) return;
        this.pin = { kind: "step", step: message.step };
        this.schedule(0);
        return;
      case "reveal":
        if (Number.isInteger(message.offset) && message.offset >= 0) void this.reveal(message.offset);
        return;
      case "move":
        if (Number.isInteger(message.version) && Array.isArray(message.moves)) void this.place(message.version, message.step, message.moves);
        return;
      case "select":
        if (!Array.isArray(message.models) || !message.models.every((m) => typeof m === "string")) return;
        this.selected = message.models.slice(0, 1000);
        this.schedule(0);
        return;
      case "view":
        if (message.view !== "auto" && message.view !== "board") return;
        this.view = message.view;
        this.schedule(0);
        return;
      case "undo":
      case "redo":
        void this.undo(message.type);
        return;
      case "probe":
        if (Number.isInteger(message.step) && Array.isArray(message.at)) void this.probe(message.version, message.step as number, message.model, message.at);
        return;
    }
  }

  /**
   * Writes a drag's end positions: the server computes the edits on the text of `version`, and
   * they are applied as one edit (one undo step) only if the document is still at that version.
   */
  private async place(version: number, step: number | null, moves: readonly ModelPlacement[]): Promise<void> {
    const document = this.document();
    if (document === undefined) return;
    if (document.version !== version) return; // typing won: the board redraws from the new text
    const params: PlaceParams = { uri: this.client.code2ProtocolConverter.asUri(document.uri), version, step, moves };
    let result: PlaceResult;
    try {
      result = await this.client.sendRequest<PlaceResult>(PLACE_METHOD, params);
    } catch (error) {
      this.post({ type: "refused", message: `The models could not be moved: ${String(error)}` });
      return;
    }
    if (result === null || document.version !== version || result.version !== version) return;
    if ("refused" in result) {
      if (!result.stale) this.post({ type: "refused", message: result.refused });
      return;
    }
    if (result.edits.length === 0) return;
    const edit = new WorkspaceEdit();
    for (const e of result.edits) edit.replace(document.uri, new Range(document.positionAt(e.start), document.positionAt(e.end)), e.newText);
    // The shown step stays: a drag never moves the board to another step.
    if (this.pin.kind === "cursor") this.pin = { kind: "step", step: this.shown?.result.step ?? step };
    await workspace.applyEdit(edit);
  }

  /** Why the selected model could (not) end its move at `at`: the server replays the step with it there. */
  private async probe(version: number, step: number, model: string, at: readonly [number, number]): Promise<void> {
    const document = this.document();
    if (document === undefined || document.version !== version) return;
    const params: ProbeParams = { uri: this.client.code2ProtocolConverter.asUri(document.uri), version, step, model, at };
    const result = await this.client.sendRequest<ProbeResult>(PROBE_METHOD, params).catch(() => null);
    if (result === null || "note" in result) return;
    const text =
      result.spot === "legal"
        ? `${model} may end its move here`
        : `${model} ${result.spot === "unit" ? "may end here, but then its unit fails" : "may not end here"}: ${result.reasons.join("; ")}`;
    this.post({ type: "probed", at, text });
  }

  /** The document's own undo and redo, asked for with the board focused: the text editor does it, then the board has the focus back. */
  private async undo(command: "undo" | "redo"): Promise<void> {
    const document = this.document();
    if (document === undefined) return;
    // The workbench also hears the key (webviews forward undo and redo to it): if that already
    // changed the document, do not do it a second time.
    const version = document.version;
    await new Promise((resolve) => setTimeout(resolve, UNDO_SETTLE_MS));
    if (document.version !== version) return;
    const visible = window.visibleTextEditors.find((e) => e.document === document);
    const column = visible?.viewColumn ?? (this.panel.viewColumn === ViewColumn.One ? ViewColumn.Beside : ViewColumn.One);
    const editor = await window.showTextDocument(document, { viewColumn: column, preserveFocus: false, preview: false });
    if (editor.document !== document) return;
    await commands.executeCommand(command);
    this.panel.reveal(this.panel.viewColumn, false);
  }

  private cursorMoved(editor: TextEditor): void {
    if (!this.isShown(editor.document)) return;
    const offset = editor.document.offsetAt(editor.selection.active);
    if (this.revealed !== undefined && this.revealed === offset) {
      this.revealed = undefined;
      return;
    }
    this.revealed = undefined;
    const wasCursor = this.pin.kind === "cursor";
    this.pin = { kind: "cursor" };
    const shown = this.shown;
    // Still within the step on the board, and nothing changed since: nothing to ask for.
    if (wasCursor && shown?.version === editor.document.version && stepAt(shown.result.steps, offset) === shown.result.step) return;
    this.schedule(EDIT_DEBOUNCE_MS);
  }

  private async reveal(offset: number): Promise<void> {
    const document = this.document();
    if (document === undefined) return;
    const position = document.positionAt(offset);
    const visible = window.visibleTextEditors.find((e) => e.document === document);
    const column = visible?.viewColumn ?? (this.panel.viewColumn === ViewColumn.One ? ViewColumn.Beside : ViewColumn.One);
    this.revealed = document.offsetAt(position);
    // The board keeps showing its step: revealing a model's definition must not jump to the set-up.
    await window.showTextDocument(document, { viewColumn: column, selection: new Range(position, position), preserveFocus: false });
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.update(), ms);
  }

  private async update(): Promise<void> {
    const document = this.document();
    if (document === undefined) {
      // A closed scenario keeps its last board (VS Code also closes documents no editor shows, such as one reopened after a reload).
      if (this.uri !== undefined)
        this.post({ type: "stale", uri: this.uri.toString(), message: "The scenario is closed: this is its last board. Open it to follow it again." });
      else this.post({ type: "empty", message: "Open a Ruleboard scenario (*.scenario.yaml) to see its board." });
      return;
    }
    const seq = ++this.seq;
    const params: BoardParams = {
      uri: this.client.code2ProtocolConverter.asUri(document.uri),
      theme: boardThemeOf(),
      ...this.stepParams(document),
      ...(this.selected.length === 1 && { region: this.selected[0] }),
      ...(this.view && { view: this.view }),
    };
    this.inFlight?.cancel();
    const cancel = (this.inFlight = new CancellationTokenSource());
    let result: BoardResult | null;
    try {
      result = await this.client.sendRequest<BoardResult | null>(BOARD_METHOD, params, cancel.token);
    } catch (error) {
      if (seq !== this.seq) return;
      if (this.client.state === State.Stopped)
        this.post({ type: "empty", message: "The Ruleboard language server is not running; restart it to see the board." });
      else this.post({ type: "stale", uri: document.uri.toString(), version: document.version, message: `The board could not be drawn: ${String(error)}` });
      return;
    }
    // A newer request is on its way, or the text moved on (its change schedules the next one).
    if (seq !== this.seq) return;
    if (result === null) {
      if (this.notOpenTries++ < NOT_OPEN_RETRIES) this.schedule(NOT_OPEN_RETRY_MS);
      return;
    }
    this.notOpenTries = 0;
    if (result.version !== document.version) {
      if (result.version < document.version) this.schedule(EDIT_DEBOUNCE_MS);
      return;
    }
    const uri = document.uri.toString();
    if (!result.parsed || result.svg === undefined) {
      this.post({ type: "stale", uri, version: result.version, message: unparsedMessage(document, result) });
      return;
    }
    this.shown = { uri, version: result.version, result };
    this.post({
      type: "board",
      uri,
      version: result.version,
      title: result.title,
      svg: result.svg,
      step: result.step,
      steps: result.steps.map((s) => s.index),
      stepCount: result.stepCount,
      ...(result.editable && { editable: result.editable }),
      selected: this.selected,
    });
  }

  private stepParams(document: TextDocument): Pick<BoardParams, "step" | "at"> {
    if (this.pin.kind === "step") return { step: this.pin.step };
    const editor = editorOf(document);
    return editor === undefined ? { step: this.shown?.result.step ?? null } : { at: document.offsetAt(editor.selection.active) };
  }

  private post(message: ToPreviewMessage): void {
    void this.panel.webview.postMessage(message);
  }

  private document(): TextDocument | undefined {
    const uri = this.uri?.toString();
    return uri === undefined ? undefined : workspace.textDocuments.find((d) => d.uri.toString() === uri && !d.isClosed);
  }

  private isShown(document: TextDocument): boolean {
    return this.uri !== undefined && document.uri.toString() === this.uri.toString();
  }

  private retitle(): void {
    const name = this.uri?.path.split("/").pop();
    this.panel.title = name ? `Preview ${name}` : "Ruleboard Preview";
  }

  private dispose(): void {
    clearTimeout(this.timer);
    this.inFlight?.cancel();
    this.seq++;
    for (const d of this.disposables.splice(0)) d.dispose();
    this.onDispose();
  }
}

/** The active editor's scenario, if the active editor shows one. */
export function activeScenario(): TextDocument | undefined {
  const document = window.activeTextEditor?.document;
  return document?.languageId === LANGUAGE_ID ? document : undefined;
}

/** The editor whose cursor the preview follows: the active one if it shows the document, else any visible one. */
function editorOf(document: TextDocument): TextEditor | undefined {
  const active = window.activeTextEditor;
  return active?.document === document ? active : window.visibleTextEditors.find((e) => e.document === document);
}

/** The banner over the last good board: the first error, with its line. */
function unparsedMessage(document: TextDocument, result: BoardResult): string {
  const first = result.problems.find((p) => p.severity === "error") ?? result.problems[0];
  const where = first ? ` (line ${document.positionAt(first.span.start).line + 1}: ${first.message})` : "";
  return `The scenario cannot be read${where}. Showing the last board that could be drawn.`;
}
