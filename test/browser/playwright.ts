// Loads playwright-core and finds Debian's chromium without making either a compile-time
// dependency: the suite compiles and skips (with the reason) on a machine that has neither.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { after, before } from "node:test";
import * as path from "node:path";

/** The few Playwright calls the browser tests make (a structural subset of playwright-core's types). */
export interface PwRequest {
  url(): string;
}
export interface PwRoute {
  request(): PwRequest;
  fulfill(response: { status?: number; contentType?: string; body: string | Buffer }): Promise<void>;
  abort(): Promise<void>;
}
export interface PwLocator {
  count(): Promise<number>;
  click(options?: { timeout?: number }): Promise<void>;
  fill(value: string): Promise<void>;
  textContent(): Promise<string | null>;
  getAttribute(name: string): Promise<string | null>;
  isVisible(): Promise<boolean>;
  inputValue(): Promise<string>;
  waitFor(options?: { state?: "attached" | "visible" | "hidden"; timeout?: number }): Promise<void>;
  nth(index: number): PwLocator;
  first(): PwLocator;
  evaluateAll<R>(fn: string): Promise<R>;
}
export interface PwPage {
  route(url: string, handler: (route: PwRoute) => void | Promise<void>): Promise<void>;
  on(event: "request", listener: (request: PwRequest) => void): void;
  on(event: "console", listener: (message: { type(): string; text(): string }) => void): void;
  on(event: "dialog", listener: (dialog: { message(): string; dismiss(): Promise<void> }) => void): void;
  on(event: "pageerror", listener: (error: Error) => void): void;
  addInitScript(script: { content: string }): Promise<void>;
  goto(url: string): Promise<unknown>;
  evaluate<R>(expression: string): Promise<R>;
  locator(selector: string): PwLocator;
  waitForTimeout(ms: number): Promise<void>;
  screenshot(options: { path: string; fullPage?: boolean }): Promise<Buffer>;
  mouse: {
    move(x: number, y: number, options?: { steps?: number }): Promise<void>;
    wheel(dx: number, dy: number): Promise<void>;
    down(): Promise<void>;
    up(): Promise<void>;
  };
  keyboard: { down(key: string): Promise<void>; up(key: string): Promise<void>; press(key: string): Promise<void> };
  close(): Promise<void>;
}
export interface PwBrowser {
  newPage(options?: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean }): Promise<PwPage>;
  close(): Promise<void>;
}
interface PwModule {
  chromium: { launch(options: { executablePath: string; headless: boolean; args: string[]; timeout?: number }): Promise<PwBrowser> };
}

/** Chromium as Debian installs it (override with RULEBOARD_CHROMIUM). */
const CHROMIUM_CANDIDATES = [process.env.RULEBOARD_CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser"];

/**
 * Flags that keep the browser off the network and out of the machine's way (2 shared cores), shared
 * with the e2e runner (scripts/e2e/workbench.mjs), which is plain JavaScript and runs before the tests
 * are compiled: hence JSON. Resolved from out/test/browser/ to the repo root.
 */
export const CHROMIUM_ARGS: string[] = JSON.parse(
  readFileSync(path.resolve(__dirname, "..", "..", "..", "scripts", "e2e", "chromium-args.json"), "utf8"),
) as string[];

/** Launches headless chromium, or says why it cannot (so the suite can skip with that reason). */
export async function launchChromium(): Promise<{ browser: PwBrowser } | { skip: string }> {
  let pw: PwModule;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- optional: absent until the lead adds it
    pw = require("playwright-core") as PwModule;
  } catch {
    return { skip: "playwright-core is not installed (npm install playwright-core)" };
  }
  const executablePath = CHROMIUM_CANDIDATES.find((p): p is string => p !== undefined && p !== "" && existsSync(p));
  if (executablePath === undefined) return { skip: "chromium is not installed (apt-get install -y chromium)" };
  const browser = await pw.chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 });
  return { browser };
}

/**
 * One Chromium for a test file: launched before its tests (screenshots go to `screenshots`),
 * closed after them. `browser` is undefined and `skip` says why when Chromium cannot start.
 */
export function suiteBrowser(screenshots?: string): { readonly browser: PwBrowser | undefined; readonly skip: string | undefined } {
  const state: { browser: PwBrowser | undefined; skip: string | undefined } = { browser: undefined, skip: undefined };
  before(async () => {
    const launched = await launchChromium();
    if ("skip" in launched) {
      state.skip = launched.skip;
      console.log(`browser tests skipped: ${state.skip}`);
    } else {
      state.browser = launched.browser;
      if (screenshots !== undefined) mkdirSync(screenshots, { recursive: true });
    }
  });
  after(async () => {
    await state.browser?.close();
  });
  return state;
}
