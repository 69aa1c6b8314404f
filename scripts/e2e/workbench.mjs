// Drives code-server's workbench in headless Chromium for what the `vscode` API cannot see: the
// preview's pixels, a click in the webview revealing the source, a keystroke moving a model, the
// preview coming back after a reload, and the Markdown preview drawing boards.
import { mkdirSync, readFileSync } from "node:fs";
import * as path from "node:path";

/**
 * Chromium flags that keep it off the network (VSCODE-TESTING.md) and light on 2 shared cores; the
 * browser tests (test/browser/playwright.ts) launch with the same list, so it lives in plain JSON.
 */
export const CHROMIUM_ARGS = JSON.parse(readFileSync(new URL("./chromium-args.json", import.meta.url), "utf8"));

const WAIT_MS = 30_000;

/** Polls `check` (async, may throw while the UI settles) until it returns a value, or fails naming `what`. */
export async function until(what, check, ms = WAIT_MS) {
  const deadline = Date.now() + ms;
  let last;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined && value !== null && value !== false) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}${last ? ` (last error: ${last.message})` : ""}`);
}

/** The first frame (webviews are nested iframes) that has `selector`; `ms`: how long to wait. */
export function frameWith(page, selector, what, ms = WAIT_MS) {
  return until(
    what,
    async () => {
      for (const frame of page.frames()) {
        if (
          (await frame
            .locator(selector)
            .count()
            .catch(() => 0)) > 0
        )
          return frame;
      }
      return undefined;
    },
    ms,
  );
}

/** Logs the browser context in to code-server (password auth); its cookie then serves every page. */
export async function login(context, base, password) {
  const response = await context.request.post(`${base}/login`, { form: { password }, maxRedirects: 0 });
  const cookies = await context.cookies(base);
  if (!cookies.some((c) => c.name.startsWith("code-server-session"))) {
    throw new Error(`code-server login failed (HTTP ${response.status()})`);
  }
}

/** Waits for the workbench to be interactive. */
export async function openWorkbench(page, url) {
  await page.goto(url);
  await page.locator(".monaco-workbench").waitFor({ state: "visible", timeout: 60_000 });
  await until("the explorer to list the workspace", async () => (await page.locator(".explorer-folders-view .monaco-list-row").count()) > 0, 60_000);
}

/** Opens a file of the workspace from the explorer (a click works wherever the keyboard focus is, even in a webview). */
export async function openFile(page, name) {
  const row = page.locator(".explorer-folders-view .monaco-list-row", { hasText: name }).first();
  await row.waitFor({ state: "visible", timeout: WAIT_MS });
  await row.dblclick();
  await page.locator(`.tabs-container .tab[aria-label*="${name}"]`).first().waitFor({ state: "visible", timeout: WAIT_MS });
  await page.locator(".monaco-editor .view-lines").first().waitFor({ state: "visible" });
}

/**
 * Runs a command by its title from the command palette (F1). An extension's commands are listed once
 * the extension host has read its manifest, which can be a moment after the window opens: until then
 * the palette is closed and opened again.
 */
export async function runCommand(page, title) {
  const input = page.locator(".quick-input-widget input");
  const row = page.locator(".quick-input-list .monaco-list-row", { hasText: title }).first();
  await until(`the command palette to list "${title}"`, async () => {
    await page.keyboard.press("F1");
    await input.waitFor({ state: "visible" });
    await input.fill(`>${title}`);
    try {
      await row.waitFor({ state: "visible", timeout: 3_000 });
      return true;
    } catch (error) {
      await page.keyboard.press("Escape");
      throw error;
    }
  });
  // Click the row that names the command: Enter would take the palette's first match, which for
  // "Preferences: Color Theme" is a marketplace command.
  await row.click();
}

/** The editor's "Ln N, Col M" from the status bar. */
export async function cursorLine(page) {
  const text = (await page.locator("#status\\.editor\\.selection").textContent()) ?? "";
  const m = /Ln (\d+)/.exec(text);
  return m ? Number(m[1]) : undefined;
}

/**
 * Goes to a 1-based line with Ctrl+G. An Enter that reaches the picker before it has read the typed
 * line does nothing and leaves the picker open (seen once in CI under load): each try waits a little
 * for the picker to close, then escapes it and starts again.
 */
export async function goToLine(page, line) {
  const widget = page.locator(".quick-input-widget");
  const input = widget.locator("input");
  await until(`the cursor on line ${line}`, async () => {
    if (await widget.isVisible()) {
      await page.keyboard.press("Escape");
      await widget.waitFor({ state: "hidden", timeout: 3_000 });
    }
    await page.keyboard.press("Control+G");
    await input.waitFor({ state: "visible", timeout: 5_000 });
    await input.fill(`:${line}`);
    await page.waitForTimeout(100);
    await page.keyboard.press("Enter");
    // The cursor may be on that line already (a click revealed it): wait for the input to close too,
    // or the next keys would be typed into it.
    await widget.waitFor({ state: "hidden", timeout: 3_000 });
    return (await cursorLine(page)) === line;
  });
}

export async function screenshot(page, dir, name) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  await page.screenshot({ path: file });
  return file;
}
