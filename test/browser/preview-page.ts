// The board preview's page as the panel serves it (the same HTML builder, the bundled script and
// stylesheet), loaded in chromium with a stand-in for VS Code's webview API that records what the
// page posts. Every request the page makes is recorded; only the page's own three files are served.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { previewHtml } from "../../client/preview/preview-html";
import { analyze } from "../../shared/index";
import type { BoardResult, BoardTheme, FromPreviewMessage, PreviewState, ToPreviewMessage } from "../../shared/protocol/messages";
import { boardResult } from "../../server/board-request";
import type { PwBrowser, PwPage } from "./playwright";

/** The repository root (out/test/browser -> ../../..). */
export const ROOT = path.resolve(__dirname, "..", "..", "..");

/** A made-up origin standing in for `webview.cspSource`; nothing there is reachable, every file is served by the test. */
export const ORIGIN = "https://ruleboard-webview.test";
const PAGE_URL = `${ORIGIN}/index.html`;
const FILES: Readonly<Record<string, { file: string; type: string }>> = {
  [`${ORIGIN}/dist/webview/main.js`]: { file: "dist/webview/main.js", type: "text/javascript" },
  [`${ORIGIN}/dist/webview/main.css`]: { file: "dist/webview/main.css", type: "text/css" },
};

/** A fixed nonce: the page is built once per test, and a test must be repeatable. */
const NONCE = "dGVzdC1ub25jZS0xMjM0NQ==";

/** The stand-in for `acquireVsCodeApi`, and a record of CSP violations (none may happen). */
const STAND_IN = `
window.__posted = [];
window.__state = window.__initialState;
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(e.violatedDirective + " " + e.blockedURI));
window.acquireVsCodeApi = () => ({
  postMessage: (m) => window.__posted.push(JSON.parse(JSON.stringify(m))),
  getState: () => window.__state,
  setState: (s) => { window.__state = JSON.parse(JSON.stringify(s)); },
});
`;

/** One loaded preview page and what it did. */
export interface PreviewPage {
  readonly page: PwPage;
  /** Every URL the page requested, in order. */
  readonly requests: string[];
  /** Console errors, uncaught exceptions and dialogs (alert/confirm/prompt): none may happen. */
  readonly incidents: string[];
  /** Messages the page posted to the extension so far. */
  posted(): Promise<FromPreviewMessage[]>;
  /** The state the page saved with `setState`. */
  state(): Promise<PreviewState | undefined>;
  /** CSP violations reported in the page. */
  violations(): Promise<string[]>;
  /** Sends a message as the extension would (`webview.postMessage`). */
  send(message: ToPreviewMessage): Promise<void>;
}

/** The page the panel serves, with the files a webview would be given. */
export function servedHtml(): string {
  return previewHtml({ cspSource: ORIGIN, nonce: NONCE, scriptUri: `${ORIGIN}/dist/webview/main.js`, styleUri: `${ORIGIN}/dist/webview/main.css` });
}

/** Opens the preview page in a new tab; `initialState` is what `getState()` returns (as after a reload). */
export async function openPreview(browser: PwBrowser, initialState?: PreviewState): Promise<PreviewPage> {
  const page = await browser.newPage({ viewport: { width: 1100, height: 1250 } });
  const requests: string[] = [];
  const incidents: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") incidents.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => incidents.push(`page error: ${e.message}`));
  page.on("dialog", (d) => {
    incidents.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.route("**/*", async (route) => {
    const url = route.request().url();
    if (url === PAGE_URL) return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: servedHtml() });
    const served = FILES[url];
    if (served) return route.fulfill({ status: 200, contentType: served.type, body: readFileSync(path.join(ROOT, served.file)) });
    return route.abort();
  });
  await page.addInitScript({ content: `window.__initialState = ${JSON.stringify(initialState ?? null) ?? "null"} ?? undefined;${STAND_IN}` });
  await page.goto(PAGE_URL);
  // The script says it is ready once it listens.
  await until(page, "window.__posted.some((m) => m.type === 'ready')");
  return {
    page,
    requests,
    incidents,
    posted: () => page.evaluate<FromPreviewMessage[]>("window.__posted"),
    state: () => page.evaluate<PreviewState | undefined>("window.__state"),
    violations: () => page.evaluate<string[]>("window.__violations"),
    send: async (message) => {
      await page.evaluate(`window.postMessage(${JSON.stringify(message)}, "*")`);
    },
  };
}

/**
 * Polls `expression` from Node until it is true. (Playwright's waitForFunction with a string
 * evaluates it with `eval` inside the page, which the page's policy rightly refuses.)
 */
export async function until(page: PwPage, expression: string, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await page.evaluate<boolean>(`Boolean(${expression})`))) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${expression}`);
    await page.waitForTimeout(20);
  }
}

/** The server's answer for `text` at `step` (version 1), exactly as `ruleboard/board` computes it. */
export function boardOfText(text: string, step: number | null, theme: BoardTheme = "light"): BoardResult {
  return boardResult(analyze(text), 1, { step, theme }, text);
}

/** The message the extension posts for a drawn board (as client/preview/board-preview.ts builds it). */
export function boardMessage(uri: string, result: BoardResult): ToPreviewMessage {
  if (result.svg === undefined) throw new Error(`test error: ${uri} does not parse`);
  return {
    type: "board",
    uri,
    version: result.version,
    title: result.title,
    svg: result.svg,
    step: result.step,
    steps: result.steps.map((s) => s.index),
    stepCount: result.stepCount,
    ...(result.editable && { editable: result.editable }),
  };
}

/** Reads an example scenario. */
export function example(name: string): string {
  return readFileSync(path.join(ROOT, "examples", name), "utf8");
}
