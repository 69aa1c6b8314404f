import { randomBytes } from "node:crypto";
import { Uri, ViewColumn, window } from "vscode";
import type { Disposable } from "vscode";
import type { RasterizeReply, RasterizeRequest } from "../shared/protocol/messages";

/** PNG pixels per SVG pixel, as the CLI's PNGs (node/png.ts). */
const PNG_ZOOM = 2;
/** A board takes well under a second to draw; a page that never answers must not hang the command. */
const PAGE_TIMEOUT_MS = 20_000;

/**
 * PNGs (base64) of SVG boards, drawn by a short-lived webview with the browser engine VS Code
 * already has. The packaged extension does not ship the CLI's native renderer (its binary is
 * platform-specific and larger than the whole extension), so PNG export comes through here when
 * the server says it cannot draw PNGs itself.
 */
export async function rasterizeInWebview(extensionUri: Uri, svgs: readonly string[]): Promise<string[]> {
  const root = Uri.joinPath(extensionUri, "dist", "webview");
  const panel = window.createWebviewPanel(
    "ruleboard.rasterize",
    "Ruleboard: drawing PNG…",
    { viewColumn: ViewColumn.Beside, preserveFocus: true },
    {
      enableScripts: true,
      localResourceRoots: [root],
    },
  );
  const disposables: Disposable[] = [];
  try {
    const nonce = randomBytes(16).toString("base64");
    const script = panel.webview.asWebviewUri(Uri.joinPath(root, "rasterize.js")).toString();
    const csp = `default-src 'none'; script-src 'nonce-${nonce}'; img-src blob:; base-uri 'none'; form-action 'none'`;
    const ready = new Promise<void>((resolve) => {
      disposables.push(panel.webview.onDidReceiveMessage((m: RasterizeReply) => m.type === "ready" && resolve()));
    });
    panel.webview.html = `<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${csp}"></head><body><script nonce="${nonce}" src="${script}"></script></body></html>`;
    await within(ready, "the PNG drawing page to load");
    const out: string[] = [];
    for (const [id, svg] of svgs.entries()) {
      const answer = new Promise<string>((resolve, reject) => {
        const listener = panel.webview.onDidReceiveMessage((m: RasterizeReply) => {
          if (m.type !== "rasterized" || m.id !== id) return;
          listener.dispose();
          if (m.png !== undefined) resolve(m.png);
          else reject(new Error(m.error ?? "the board could not be drawn"));
        });
        disposables.push(listener);
      });
      const request: RasterizeRequest = { type: "rasterize", id, svg, zoom: PNG_ZOOM };
      await panel.webview.postMessage(request);
      out.push(await within(answer, `board ${id + 1} of ${svgs.length}`));
    }
    return out;
  } finally {
    for (const d of disposables) d.dispose();
    panel.dispose();
  }
}

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), PAGE_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
