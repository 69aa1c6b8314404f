import { randomBytes } from "node:crypto";

/**
 * The board preview's page. Pure (no `vscode` import) so the browser test serves exactly what
 * the panel serves. The page holds no scenario text at all: the board arrives later as a
 * message and the script inserts it as parsed SVG, so nothing here needs escaping but the URIs.
 */

/** Where the page's own files are, as the webview sees them. */
export interface PreviewPageSources {
  /** `webview.cspSource`: the origin the webview serves the extension's files from. */
  readonly cspSource: string;
  /** `asWebviewUri(dist/webview/main.js)`. */
  readonly scriptUri: string;
  /** `asWebviewUri(dist/webview/main.css)` (esbuild writes it beside the script). */
  readonly styleUri: string;
  /** A fresh value per page load (see {@link newNonce}). */
  readonly nonce: string;
}

/** A random nonce for one page: 128 bits, base64 (the characters CSP allows in a nonce). */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The Content-Security-Policy of the page: nothing by default; only the extension's own script
 * (and only with the nonce), its stylesheet, and images from the extension or `data:`. No
 * connect-src, frame-src or font-src: the page can reach no network at all.
 */
export function previewCsp(sources: Pick<PreviewPageSources, "cspSource" | "nonce">): string {
  const { cspSource, nonce } = sources;
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `img-src ${cspSource} data:`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}

/** The page: the toolbar (step slider, previous/next, zoom reset), the banner, and the board area (focusable, with the drag overlay and a toast). */
export function previewHtml(sources: PreviewPageSources): string {
  const attr = escapeAttribute;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${attr(previewCsp(sources))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" nonce="${attr(sources.nonce)}" href="${attr(sources.styleUri)}">
<title>Ruleboard Preview</title>
</head>
<body>
<header class="toolbar">
<button type="button" id="prev" title="Previous step" aria-label="Previous step">&#9664;</button>
<input type="range" id="step" min="0" max="0" value="0" aria-label="Step">
<button type="button" id="next" title="Next step" aria-label="Next step">&#9654;</button>
<span id="step-label" class="step-label"></span>
<span class="spacer"></span>
<button type="button" id="fit-action" title="Crop the board to the action of the step shown" aria-label="Fit to action">Fit to action</button>
<button type="button" id="fit-board" title="Show the whole board" aria-label="Fit to board">Fit to board</button>
<button type="button" id="fit" title="Reset pan and zoom" aria-label="Reset pan and zoom">Fit</button>
</header>
<div id="banner" class="banner" role="status" hidden></div>
<main id="viewport" class="viewport" tabindex="0" aria-label="Board: drag a model to move it; Tab selects a model, arrow keys nudge it (Shift: 1 inch)">
<div id="board" class="board"></div>
<div id="drag-info" class="drag-info" aria-live="polite" hidden></div>
<div id="toast" class="toast" role="status" hidden></div>
</main>
<script nonce="${attr(sources.nonce)}" src="${attr(sources.scriptUri)}"></script>
</body>
</html>
`;
}

/** Escapes a value for a double-quoted HTML attribute. */
function escapeAttribute(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
