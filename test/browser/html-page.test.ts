// The page `ruleboard render --html` writes, in a real browser (headless Debian chromium via
// playwright-core): the slider, the previous and next buttons and the keyboard switch the step
// shown (its board, label and note); each board of a Markdown page has its own slider; the page
// makes no request but itself, logs no error and breaks no policy; a hostile scenario runs nothing
// and adds no element; and the policy is really enforced. Screenshots go to test-results/screenshots/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { runCli } from "../helpers/cli";
import { suiteBrowser } from "./playwright";
import type { PwBrowser, PwPage } from "./playwright";

/** The repository root (out/test/browser -> ../../..). */
const ROOT = path.resolve(__dirname, "..", "..", "..");
const SCREENSHOTS = path.join(ROOT, "test-results", "screenshots");
/** A made-up address for the page; nothing there is reachable, the test serves the page and refuses the rest. */
const PAGE_URL = "https://ruleboard-page.test/faq/page.html";

const suite = suiteBrowser(SCREENSHOTS);

/** The page of `ruleboard render …args` (stdout), made by the built CLI. */
function pageOf(...args: string[]): string {
  const r = runCli(ROOT, "render", ...args);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^<!DOCTYPE html>\n/);
  return r.stdout;
}

/** One loaded page and what it did. */
interface LoadedPage {
  readonly page: PwPage;
  /** Every URL requested, in order (the page's own included). */
  readonly requests: string[];
  /** Console errors and warnings, uncaught exceptions, dialogs. */
  readonly incidents: string[];
  /** `securitypolicyviolation` events: directive and blocked URI. */
  violations(): Promise<string[]>;
}

async function openPage(b: PwBrowser, html: string): Promise<LoadedPage> {
  const page = await b.newPage({ viewport: { width: 1200, height: 1400 } });
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
    if (route.request().url() === PAGE_URL) return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html });
    return route.abort();
  });
  // Init scripts run before the page's own and are not subject to its policy: they only listen.
  await page.addInitScript({
    content: `window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(e.violatedDirective + " " + e.blockedURI));`,
  });
  await page.goto(PAGE_URL);
  return { page, requests, incidents, violations: () => page.evaluate<string[]>("window.__violations") };
}

/**
 * Runs `body` with the page loaded, or skips with the reason the browser is missing. After it: no
 * request but the page itself, no console error, page error or dialog, no policy violation.
 */
function pageTest(name: string, html: () => string, body: (p: LoadedPage) => Promise<void>): void {
  test(name, async (t) => {
    if (suite.browser === undefined) {
      t.skip(suite.skip ?? "no browser");
      return;
    }
    const p = await openPage(suite.browser, html());
    try {
      await body(p);
      await p.page.waitForTimeout(50);
      assert.deepEqual(p.incidents, [], "no console errors, page errors or dialogs");
      assert.deepEqual(await p.violations(), [], "no policy violation");
      assert.deepEqual(p.requests, [PAGE_URL], "no request but the page itself");
    } finally {
      await p.page.close();
    }
  });
}

/** The shown step of board `n` (1-based): the visible panels, the label, its note, and how many SVGs are drawn. */
interface Shown {
  readonly visible: string[];
  readonly label: string;
  readonly valuetext: string | null;
  readonly value: string;
  readonly note: string | null;
  readonly svgs: number;
}
async function shown(page: PwPage, n = 1): Promise<Shown> {
  return page.evaluate<Shown>(`(() => {
    const board = document.querySelectorAll(".rb-board")[${n - 1}];
    const panels = [...board.querySelectorAll(".rb-step")].filter((p) => !p.hidden);
    const slider = board.querySelector(".rb-slider");
    const note = panels[0] && panels[0].querySelector(".rb-note");
    const svgs = [...board.querySelectorAll("svg")].filter((s) => s.getBoundingClientRect().height > 0).length;
    return {
      visible: panels.map((p) => p.getAttribute("data-index")),
      label: board.querySelector(".rb-label").textContent,
      valuetext: slider.getAttribute("aria-valuetext"),
      value: slider.value,
      note: note ? note.textContent : null,
      svgs,
    };
  })()`);
}

const OVERRUN = path.join(ROOT, "examples", "overrun-fight.scenario.yaml");
const LABELS = [
  "Set-up",
  "Step 1 of 5: fight Monster",
  "Step 2 of 5: remove t1",
  "Step 3 of 5: fight Assault squad",
  "Step 4 of 5: remove e1, e2",
  "Step 5 of 5: fight Disembarked squad",
];

/** Asserts that board `n` shows step `i` (0 the set-up) and only it. */
async function assertShows(page: PwPage, i: number, n = 1, labels = LABELS): Promise<Shown> {
  const s = await shown(page, n);
  assert.deepEqual(s.visible, [String(i)], `board ${n} shows panel ${i}`);
  assert.equal(s.label, labels[i]);
  assert.equal(s.valuetext, labels[i]);
  assert.equal(s.value, String(i));
  assert.equal(s.svgs, 1, "one board drawn");
  return s;
}

pageTest(
  "the slider, the previous and next buttons switch the step shown: its board, its label and its note",
  () => pageOf(OVERRUN, "--html"),
  async ({ page }) => {
    assert.equal(await page.locator(".rb-controls").isVisible(), true, "the script showed the controls");
    assert.equal(await page.locator(".rb-step").count(), 6);
    let s = await assertShows(page, 0);
    assert.equal(s.note, null, "the set-up has no note");
    assert.equal(await page.locator(".rb-prev").getAttribute("aria-disabled"), "true");
    assert.equal(await page.locator(".rb-next").getAttribute("aria-disabled"), "false");
    await page.screenshot({ path: path.join(SCREENSHOTS, "html-page-setup.png"), fullPage: true });

    await page.locator(".rb-slider").fill("3");
    s = await assertShows(page, 3);
    assert.match(s.note ?? "", /^3-4\. Blue has no Fights First unit, so Red selects another/);
    await page.screenshot({ path: path.join(SCREENSHOTS, "html-page-step-3.png"), fullPage: true });

    await page.locator(".rb-next").click();
    s = await assertShows(page, 4);
    assert.equal(s.note, "The overrun fight destroys two enemy models.");
    await page.locator(".rb-next").click();
    await assertShows(page, 5);
    assert.equal(await page.locator(".rb-next").getAttribute("aria-disabled"), "true");
    // At the last step Next is aria-disabled (Playwright will not click it): a click from the page stays there.
    await page.evaluate("document.querySelector('.rb-next').click()");
    await assertShows(page, 5);
    await page.locator(".rb-prev").click();
    await page.locator(".rb-prev").click();
    s = await assertShows(page, 3);
    assert.match(s.note ?? "", /^3-4\./);
    // The step's verdict and findings are those of the shown panel.
    assert.equal(await page.locator(".rb-step:not([hidden]) .rb-verdict").textContent(), "Legal: no rule is broken.");
  },
);

pageTest(
  "the keyboard: arrows, Home and End on the slider, Tab to the buttons, Enter and Space press them",
  () => pageOf(OVERRUN, "--html"),
  async ({ page }) => {
    await page.evaluate("document.querySelector('.rb-slider').focus()");
    await page.keyboard.press("ArrowRight");
    await assertShows(page, 1);
    await page.keyboard.press("ArrowRight");
    await assertShows(page, 2);
    await page.keyboard.press("ArrowLeft");
    await assertShows(page, 1);
    await page.keyboard.press("End");
    await assertShows(page, 5);
    await page.keyboard.press("Home");
    await assertShows(page, 0);
    await page.keyboard.press("ArrowLeft"); // already at the set-up
    await assertShows(page, 0);
    // Tab order: previous, slider, next.
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate<string>("document.activeElement.className"), "rb-next");
    await page.keyboard.press("Enter");
    await assertShows(page, 1);
    await page.keyboard.press(" ");
    await assertShows(page, 2);
    await page.keyboard.down("Shift");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.up("Shift");
    assert.equal(await page.evaluate<string>("document.activeElement.className"), "rb-prev");
    await page.keyboard.press("Enter");
    await assertShows(page, 1);
  },
);

pageTest(
  "a Markdown page: one board per block, each with its own slider",
  () => pageOf("--markdown", path.join(ROOT, "test", "fixtures", "markdown", "three-boards.md"), "--html"),
  async ({ page }) => {
    assert.equal(await page.locator(".rb-board").count(), 3);
    assert.equal(await page.locator(".rb-slider").count(), 3);
    const labels = ["Set-up", "Step 1 of 1: move Assault squad"];
    for (const n of [1, 2, 3]) await assertShows(page, 0, n, labels);
    await page.locator(".rb-next").nth(1).click();
    await assertShows(page, 1, 2, labels);
    await assertShows(page, 0, 1, labels);
    await assertShows(page, 0, 3, labels);
    assert.equal(await page.locator("#rb-board-2 .rb-step:not([hidden]) .rb-verdict").count(), 1);
    assert.match((await page.locator("#rb-board-2 .rb-step:not([hidden]) .rb-verdict").textContent()) ?? "", /^Illegal: a rule is broken\./);
    await page.locator(".rb-slider").nth(2).fill("1");
    await assertShows(page, 1, 3, labels);
    await page.screenshot({ path: path.join(SCREENSHOTS, "html-page-markdown.png"), fullPage: true });
  },
);

const PAYLOADS = ["</script><script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "</svg><script>alert(2)</script>", "'><svg onload=alert(3)>"];
const HOSTILE_TEXT = PAYLOADS.join(" ");
const yamlQuoted = (s: string) => `'${s.replace(/'/g, "''")}'`;
const HOSTILE = `scenario: ${yamlQuoted(HOSTILE_TEXT)}
description: ${yamlQuoted(HOSTILE_TEXT)}
rules: 11e
board: [24, 12]
turn: red
phase: movement
units:
  a:
    player: red
    name: ${yamlQuoted(PAYLOADS[0] + PAYLOADS[1])}
    base: 32
    move: 6
    models:
      a1: [3, 3]
  b:
    player: blue
    name: ${yamlQuoted(PAYLOADS[2] + PAYLOADS[3])}
    base: 32
    models:
      b1: [20, 10]
steps:
  - move: a
    type: normal
    to:
      a1: [9.5, 3]
    note: ${yamlQuoted(HOSTILE_TEXT)}
`;

/** The hostile scenario's page, made in-process from the same CLI (through a scratch file). */
function hostilePage(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ruleboard-html-hostile-"));
  try {
    const file = path.join(dir, "hostile.scenario.yaml");
    writeFileSync(file, HOSTILE);
    return pageOf(file, "--html");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

pageTest("a hostile scenario runs nothing and adds no element: its text is text, on every step", hostilePage, async ({ page }) => {
  const census = () =>
    page.evaluate<{ scripts: number; imgs: number; svgs: number; nested: number; handlers: number; title: string }>(`(() => ({
        scripts: document.querySelectorAll("script").length,
        imgs: document.querySelectorAll("img, image, iframe, object, embed").length,
        svgs: document.querySelectorAll("svg").length,
        nested: document.querySelectorAll("svg svg").length,
        handlers: [...document.querySelectorAll("*")].filter((e) => [...e.attributes].some((a) => /^on/i.test(a.name))).length,
        title: document.title,
      }))()`);
  for (const i of ["0", "1"]) {
    await page.locator(".rb-slider").fill(i);
    assert.deepEqual(await census(), { scripts: 1, imgs: 0, svgs: 2, nested: 0, handlers: 0, title: HOSTILE_TEXT });
  }
  // Every payload is shown as the text it is.
  assert.equal(await page.locator("h1").textContent(), HOSTILE_TEXT);
  assert.equal(await page.locator(".rb-description").textContent(), HOSTILE_TEXT);
  assert.equal(await page.locator(".rb-step:not([hidden]) .rb-note").textContent(), HOSTILE_TEXT);
  assert.equal(await page.locator(".rb-label").textContent(), `Step 1 of 1: move ${PAYLOADS[0]}${PAYLOADS[1]}`);
});

test("the policy is enforced: a script the page did not bring is refused", async (t) => {
  if (suite.browser === undefined) {
    t.skip(suite.skip ?? "no browser");
    return;
  }
  const p = await openPage(suite.browser, pageOf(OVERRUN, "--html"));
  try {
    // Evaluated through the debugger (not subject to the policy), it adds an inline script as a page would.
    await p.page.evaluate(`(() => { const s = document.createElement("script"); s.textContent = "window.__ran = 1"; document.body.append(s); })()`);
    await p.page.waitForTimeout(50);
    assert.equal(await p.page.evaluate<unknown>("window.__ran"), undefined);
    const violations = await p.violations();
    assert.equal(violations.length, 1, JSON.stringify(violations));
    assert.match(violations[0], /^script-src-elem inline$/);
    assert.deepEqual(p.requests, [PAGE_URL]);
  } finally {
    await p.page.close();
  }
});
