import { homedir } from "node:os";
import { commands, ProgressLocation, Uri, window, workspace } from "vscode";
import type { Disposable, QuickPickItem, TextDocument } from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";
import { EXPORT_METHOD } from "../shared/protocol/messages";
import type { ExportFormat, ExportParams, ExportResult } from "../shared/protocol/messages";
import { LANGUAGE_ID } from "./language-client";
import { rasterizeInWebview } from "./rasterize-png";

/** Command id of "Ruleboard: Export Board as SVG…" (declared in package.json `contributes.commands`). */
export const EXPORT_SVG_COMMAND = "ruleboard.exportSvg";
/** Command id of "Ruleboard: Export Board as PNG…" (declared in package.json `contributes.commands`). */
export const EXPORT_PNG_COMMAND = "ruleboard.exportPng";

/**
 * The step the board preview shows for a document (`uri` as `Uri.toString()`): a 0-based index,
 * `null` for the set-up, `undefined` when no preview shows that document.
 */
export type PreviewStep = (uri: string) => number | null | undefined;

/** The view the preview shows a document with (Fit to action: `auto`, Fit to board: `board`), undefined for the scenario's own `view:`. */
export type PreviewView = (uri: string) => "auto" | "board" | undefined;

/** A document just opened (from the explorer) reaches the server a moment later: ask again this often. */
const NOT_OPEN_RETRIES = 5;
const NOT_OPEN_RETRY_MS = 200;

interface Scope extends QuickPickItem {
  readonly all: boolean;
}

/**
 * Arguments for running the commands without prompts (from keybindings, tasks or tests): what to
 * draw and where to write it. `file` for one step, `folder` for every step (existing files are replaced).
 */
export interface ExportOptions {
  readonly all?: boolean;
  /** 0-based step index, `null` for the set-up; absent: the preview's step, else the cursor's. */
  readonly step?: number | null;
  readonly file?: Uri;
  readonly folder?: Uri;
  /** Over the scenario's `view:`: `auto` crops to the action, `board` draws the whole board; absent: the preview's choice, else the scenario's. */
  readonly view?: "auto" | "board";
}

/** Menus pass their own second argument (e.g. `{ groupId }`); only an object with a target counts as options. */
function asOptions(value: unknown): ExportOptions | undefined {
  const o = value as ExportOptions | undefined;
  return o !== null && typeof o === "object" && (o.file instanceof Uri || o.folder instanceof Uri) ? o : undefined;
}

/**
 * Registers the two export commands. `previewStep` tells which step an open preview shows, so
 * "This step" exports what is on screen; without it (or without a preview) the cursor's step is used.
 */
export function registerExportBoard(client: LanguageClient, extensionUri: Uri, previewStep?: PreviewStep, previewView?: PreviewView): Disposable[] {
  const run = (format: ExportFormat) => (uri?: Uri, options?: unknown) =>
    exportBoard({ client, extensionUri, previewStep, previewView }, format, uri, asOptions(options));
  return [commands.registerCommand(EXPORT_SVG_COMMAND, run("svg")), commands.registerCommand(EXPORT_PNG_COMMAND, run("png"))];
}

interface Exporter {
  readonly client: LanguageClient;
  readonly extensionUri: Uri;
  readonly previewStep?: PreviewStep;
  readonly previewView?: PreviewView;
}

/** Asks this step or every step, then where, then asks the server for the pictures and writes them. */
async function exportBoard(exporter: Exporter, format: ExportFormat, uri: Uri | undefined, options: ExportOptions | undefined): Promise<void> {
  const { client, previewStep, previewView } = exporter;
  // The editor context menu passes the document's URI; the palette (or the focused preview) passes nothing.
  const document = uri ? await workspace.openTextDocument(uri) : scenarioInView();
  if (document?.languageId !== LANGUAGE_ID) {
    void window.showInformationMessage("Open a Ruleboard scenario (*.scenario.yaml) to export its board.");
    return;
  }
  const kind = format.toUpperCase();
  const scopes: Scope[] = [
    { label: "This step", description: "one file", detail: "The step the preview shows, else the step under the cursor.", all: false },
    { label: "Every step", description: "numbered files in a folder", detail: "The set-up, then each step: 00-…, 01-…", all: true },
  ];
  const scope = options
    ? { all: options.folder !== undefined && options.file === undefined }
    : await window.showQuickPick(scopes, { title: `Ruleboard: export the board as ${kind}` });
  if (scope === undefined) return;
  if (!client.isRunning()) {
    void window.showErrorMessage("The Ruleboard language server is not running; restart it and try again.");
    return;
  }
  const params: ExportParams = {
    uri: client.code2ProtocolConverter.asUri(document.uri),
    format,
    ...(scope.all ? { all: true } : options?.step !== undefined ? { step: options.step } : stepOf(document, previewStep)),
    ...viewOf(document, options, previewView),
  };
  let result: ExportResult | null;
  try {
    // Every step as PNG can take a few seconds: say so.
    result = await window.withProgress({ location: ProgressLocation.Notification, title: `Ruleboard: drawing the board${scope.all ? "s" : ""}…` }, () =>
      pictures(exporter, params),
    );
  } catch (error) {
    // Unattended (a task, a keybinding with a target, a test): the caller gets the failure itself.
    if (options) throw error;
    void window.showErrorMessage(`Ruleboard could not export the board: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  if (result === null || result.files.length === 0) {
    if (options) throw new Error(`the Ruleboard language server does not have ${document.uri.toString()} open`);
    void window.showErrorMessage("The Ruleboard language server does not have this scenario open; edit it and try again.");
    return;
  }
  if (options) {
    // Unattended: write where asked, replace what is there, announce nothing.
    const targets = result.files.map((f) => [scope.all ? Uri.joinPath(options.folder!, f.name) : options.file!, bytesOf(f.data, format)] as const);
    if (scope.all) await workspace.fs.createDirectory(options.folder!);
    for (const [uri, bytes] of targets) await workspace.fs.writeFile(uri, bytes);
    return;
  }
  const written = scope.all ? await writeAll(document, result, format) : await writeOne(document, result, format);
  if (written.length > 0) await announce(written);
}

/** The view asked for (unattended), else the one the preview shows the document with, else none (the scenario's `view:`). */
function viewOf(document: TextDocument, options: ExportOptions | undefined, previewView: PreviewView | undefined): Pick<ExportParams, "view"> {
  const view = options?.view ?? previewView?.(document.uri.toString());
  return view === undefined ? {} : { view };
}

/** The step on screen: the preview's for this document, else the cursor's (the server applies the preview's cursor rule). */
function stepOf(document: TextDocument, previewStep: PreviewStep | undefined): Pick<ExportParams, "step" | "at"> {
  const shown = previewStep?.(document.uri.toString());
  if (shown !== undefined) return { step: shown };
  const editor = window.visibleTextEditors.find((e) => e.document === document);
  // No editor shows it (exported from the explorer): the final board, as `ruleboard render` without --step.
  return editor === undefined ? { step: Number.MAX_SAFE_INTEGER } : { at: document.offsetAt(editor.selection.active) };
}

/**
 * The pictures from the server. PNGs come from the server's native renderer when it has one (a
 * checkout with the CLI's dependencies); the packaged extension draws them from the SVGs in a webview.
 */
async function pictures(exporter: Exporter, params: ExportParams): Promise<ExportResult | null> {
  if (params.format === "svg") return request(exporter.client, params);
  try {
    return await request(exporter.client, params);
  } catch (error) {
    if (!(error instanceof Error && error.message.startsWith("PNG export needs"))) throw error;
  }
  const svgs = await request(exporter.client, { ...params, format: "svg" });
  if (svgs === null) return null;
  const pngs = await rasterizeInWebview(
    exporter.extensionUri,
    svgs.files.map((f) => f.data),
  );
  return { version: svgs.version, files: svgs.files.map((f, i) => ({ ...f, name: f.name.replace(/\.svg$/, ".png"), data: pngs[i] })) };
}

async function request(client: LanguageClient, params: ExportParams): Promise<ExportResult | null> {
  for (let tries = 0; ; tries++) {
    const result = await client.sendRequest<ExportResult | null>(EXPORT_METHOD, params);
    if (result !== null || tries >= NOT_OPEN_RETRIES) return result;
    await new Promise((resolve) => setTimeout(resolve, NOT_OPEN_RETRY_MS));
  }
}

/** Save dialog for the one picture, proposed next to the scenario under the server's name. */
async function writeOne(document: TextDocument, result: ExportResult, format: ExportFormat): Promise<Uri[]> {
  const file = result.files[0];
  const target = await window.showSaveDialog({
    defaultUri: Uri.joinPath(folderOf(document), file.name),
    filters: format === "svg" ? { "SVG image": ["svg"] } : { "PNG image": ["png"] },
    saveLabel: "Export",
    title: "Ruleboard: export the board",
  });
  if (target === undefined) return [];
  return (await write([[target, bytesOf(file.data, format)]])) ? [target] : [];
}

/** Folder picker for the numbered pictures; asks before replacing files already there. */
async function writeAll(document: TextDocument, result: ExportResult, format: ExportFormat): Promise<Uri[]> {
  const picked = await window.showOpenDialog({
    defaultUri: folderOf(document),
    canSelectFiles: false,
    canSelectFolders: true,
    canSelectMany: false,
    openLabel: "Export Here",
    title: `Ruleboard: export ${result.files.length} boards as ${format.toUpperCase()} into…`,
  });
  if (picked === undefined || picked.length === 0) return [];
  const targets = result.files.map((f) => [Uri.joinPath(picked[0], f.name), bytesOf(f.data, format)] as const);
  const existing = (await Promise.all(targets.map(([uri]) => exists(uri)))).filter(Boolean).length;
  if (existing > 0) {
    const replace = "Replace";
    const answer = await window.showWarningMessage(
      `${existing} of these files already exist in ${workspace.asRelativePath(picked[0])}. Replace them?`,
      { modal: true },
      replace,
    );
    if (answer !== replace) return [];
  }
  return (await write(targets)) ? targets.map(([uri]) => uri) : [];
}

async function write(targets: readonly (readonly [Uri, Uint8Array])[]): Promise<boolean> {
  try {
    for (const [uri, bytes] of targets) await workspace.fs.writeFile(uri, bytes);
    return true;
  } catch (error) {
    void window.showErrorMessage(`Ruleboard could not write the board: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

/** The written path(s), with a Reveal action that shows the (first) file in the OS file manager or the explorer. */
async function announce(written: readonly Uri[]): Promise<void> {
  const first = workspace.asRelativePath(written[0]);
  const last = written[written.length - 1].path.split("/").pop();
  // Every step can be dozens of files: name the first in full and the last by name.
  const message = written.length === 1 ? `Exported the board to ${first}.` : `Exported ${written.length} boards: ${first} … ${last}.`;
  const reveal = "Reveal";
  if ((await window.showInformationMessage(message, reveal)) !== reveal) return;
  // revealFileInOS needs a local file; remote and virtual workspaces can only show it in the explorer.
  await commands.executeCommand(written[0].scheme === "file" ? "revealFileInOS" : "revealInExplorer", written[0]);
}

/** The SVG text as UTF-8, or the PNG's bytes from base64. */
function bytesOf(data: string, format: ExportFormat): Uint8Array {
  return format === "svg" ? new TextEncoder().encode(data) : Buffer.from(data, "base64");
}

/** Where to propose saving: beside the scenario, else the first workspace folder, else the home of untitled files. */
function folderOf(document: TextDocument): Uri {
  if (!document.isUntitled) return Uri.joinPath(document.uri, "..");
  return workspace.workspaceFolders?.[0]?.uri ?? Uri.file(homedir());
}

async function exists(uri: Uri): Promise<boolean> {
  try {
    await workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/** The scenario the user is looking at: the active editor's, else (focus in the preview) a visible one. */
function scenarioInView(): TextDocument | undefined {
  const active = window.activeTextEditor?.document;
  if (active?.languageId === LANGUAGE_ID) return active;
  return window.visibleTextEditors.find((e) => e.document.languageId === LANGUAGE_ID)?.document;
}
