// The board preview's page in a real browser (headless Debian chromium via playwright-core): what it
// draws, how it steps, what it posts when clicked, that it keeps pan/zoom, and that a hostile
// scenario runs nothing and loads nothing. Screenshots go to test-results/screenshots/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import * as path from "node:path";
import { suiteBrowser } from "./playwright";
import type { PwPage } from "./playwright";
import { boardMessage, boardOfText, example, openPreview, ORIGIN, ROOT, until } from "./preview-page";
import type { PreviewPage } from "./preview-page";

const SCREENSHOTS = path.join(ROOT, "test-results", "screenshots");
/** The page's own files: nothing else may ever be requested. */
const OWN_FILES = [`${ORIGIN}/index.html`, `${ORIGIN}/dist/webview/main.css`, `${ORIGIN}/dist/webview/main.js`];

const suite = suiteBrowser(SCREENSHOTS);

/**
 * Runs `body` with a fresh preview page, or skips with the reason the browser is missing. After
 * it: no errors or dialogs, at most `blocked` refusals by the policy (of inline attributes; whether
 * Chromium reports a handler refused while DOMParser parses depends on its version: 156 reports the
 * style and both handlers, 150 only the style), and no request but the page's own files.
 */
function browserTest(name: string, body: (p: PreviewPage) => Promise<void>, blocked = 0): void {
  test(name, async (t) => {
    if (suite.browser === undefined) {
      t.skip(suite.skip ?? "no browser");
      return;
    }
    const p = await openPreview(suite.browser);
    try {
      await body(p);
      // The only console errors allowed are Chromium reporting that the policy blocked something.
      const refusals = p.incidents.filter((i) => /^console error: .*Content Security Policy directive.*The action has been blocked\.$/.test(i));
      assert.deepEqual(
        p.incidents.filter((i) => !refusals.includes(i)),
        [],
        "no console errors, page errors or dialogs",
      );
      assert.ok(refusals.length <= blocked && (blocked === 0 || refusals.length > 0), `blocked by the policy: ${JSON.stringify(refusals)}`);
      // A refusal is of an inline attribute, never of a URL: nothing tried to load.
      const violations = await p.violations();
      assert.equal(violations.length, refusals.length, JSON.stringify(violations));
      assert.ok(
        violations.every((v) => /^(script|style)-src-attr inline$/.test(v)),
        JSON.stringify(violations),
      );
      assert.deepEqual(p.requests, OWN_FILES, "the page requested its own three files and nothing else");
    } finally {
      await p.page.close();
    }
  });
}

/** The `attribute` of every element matching `selector`, in document order. */
function attrsOf(page: PwPage, selector: string, attribute: string): Promise<(string | null)[]> {
  return page.evaluate(`[...document.querySelectorAll(${JSON.stringify(selector)})].map((e) => e.getAttribute(${JSON.stringify(attribute)}))`);
}

/** The board's CSS transform (pan and zoom). */
function transformOf(page: PwPage): Promise<string> {
  return page.evaluate("document.getElementById('board').style.transform");
}

/** Waits until the board of `step` (`null`: the set-up) is on the page. */
async function shown(p: PreviewPage, step: number | null): Promise<void> {
  const selector = step === null ? "#board > svg:not([data-step])" : `#board > svg[data-step="${step}"]`;
  await p.page.locator(selector).waitFor({ state: "attached", timeout: 5_000 });
}

const OVERRUN = example("overrun-fight.scenario.yaml");
const OVERRUN_URI = "file:///workspace/overrun-fight.scenario.yaml";

browserTest("the page says it is ready, then draws the models, the arrows and the caption of a step", async (p) => {
  assert.deepEqual(await p.posted(), [{ type: "ready" }]);
  const result = boardOfText(OVERRUN, 2);
  await p.send(boardMessage(OVERRUN_URI, result));
  await shown(p, 2);
  const page = p.page;
  // Step 3: the Transport is gone; the Monster, five squad models and four passengers stand.
  const models = await attrsOf(page, "#board .base", "data-model");
  assert.deepEqual(models, ["m1", "s1", "s2", "s3", "s4", "s5", "e1", "e2", "e3", "e4"]);
  assert.deepEqual(
    models,
    result.frame?.models.map((m) => m.id),
    "the frame's models, in order",
  );
  const arrows = await attrsOf(page, "#board g.arrow", "data-model");
  assert.deepEqual(arrows, ["s4", "s5"]);
  assert.equal(await page.locator("#board g.distance").count(), 2);
  // The caption is the step's note, wrapped into lines, with the author's own number "3-4." first.
  const lines = await page.evaluate<string[]>("[...document.querySelectorAll('#board g.caption text')].map((t) => t.textContent)");
  assert.ok(lines.length >= 2, JSON.stringify(lines));
  assert.equal(lines.join(" "), result.frame?.note);
  assert.ok(lines[0].startsWith("3-4. Blue has no Fights First unit"), lines[0]);
});

browserTest("the slider and the buttons ask for steps; a new board moves them", async (p) => {
  await p.send(boardMessage(OVERRUN_URI, boardOfText(OVERRUN, 2)));
  await shown(p, 2);
  const page = p.page;
  assert.equal(await page.locator("#step-label").textContent(), "Step 3 of 5");
  assert.equal(await page.locator("#step").inputValue(), "3");
  assert.equal(await page.locator("#step").getAttribute("max"), "5");
  await page.locator("#next").click();
  await page.locator("#prev").click();
  await page.locator("#step").fill("0");
  assert.deepEqual((await p.posted()).slice(1), [
    { type: "step", step: 3 },
    { type: "step", step: 2 },
    { type: "step", step: null },
  ]);
  await p.send(boardMessage(OVERRUN_URI, boardOfText(OVERRUN, null)));
  await shown(p, null);
  assert.equal(await page.locator("#step-label").textContent(), "Set-up (5 steps)");
  assert.equal(await page.locator("#prev").getAttribute("disabled"), "");
  assert.equal(await page.locator("#board g.arrow").count(), 0);
  assert.deepEqual(await attrsOf(page, "#board .base", "data-model"), ["m1", "s1", "s2", "s3", "s4", "s5", "t1", "e1", "e2", "e3", "e4"]);
  await p.send(boardMessage(OVERRUN_URI, boardOfText(OVERRUN, 4)));
  await shown(p, 4);
  assert.equal(await page.locator("#step-label").textContent(), "Step 5 of 5");
  assert.equal(await page.locator("#next").getAttribute("disabled"), "");
  await page.screenshot({ path: path.join(SCREENSHOTS, "overrun-fight-step-5.png") });
});

browserTest("clicking a model, an arrow or a problem posts the reveal of its source offset", async (p) => {
  await p.send(boardMessage(OVERRUN_URI, boardOfText(OVERRUN, 2)));
  await shown(p, 2);
  const page = p.page;
  // The model's id is drawn on its base; the click goes through the label to the base.
  await page.locator('#board .base[data-model="m1"]').click();
  await page.locator('#board g.arrow[data-model="s4"]').click();
  await page.locator("#board g.caption").click();
  assert.deepEqual((await p.posted()).slice(1), [
    { type: "reveal", offset: OVERRUN.indexOf("m1: { at:") },
    { type: "reveal", offset: OVERRUN.indexOf("s4: [24.9, 18.1]") },
    { type: "reveal", offset: OVERRUN.indexOf("fight: squad") },
  ]);
  const witnessed = boardOfText(example("illegal-pile-in.scenario.yaml"), 0);
  const problem = witnessed.frame?.problems[0];
  assert.ok(problem, "the illegal pile-in example has a problem in step 1");
  await p.send(boardMessage("file:///workspace/illegal-pile-in.scenario.yaml", witnessed));
  await shown(p, 0);
  await page.locator("#board g.problem-line").first().click();
  assert.deepEqual((await p.posted()).at(-1), { type: "reveal", offset: problem.span.start });
});

browserTest("pan and zoom survive a new board and are kept in the webview state", async (p) => {
  await p.send(boardMessage(OVERRUN_URI, boardOfText(OVERRUN, 0)));
  await shown(p, 0);
  const page = p.page;
  await page.mouse.move(400, 400);
  await page.mouse.wheel(0, -250);
  // Drag the board 60 px right: a drag, not a click, so no reveal is posted.
  await page.mouse.down();
  await page.mouse.move(430, 400);
  await page.mouse.move(460, 400);
  await page.mouse.up();
  const state = await p.state();
  assert.equal(state?.uri, OVERRUN_URI);
  const view = state?.view;
  assert.ok(view !== undefined);
  assert.ok(Math.abs(view.zoom - Math.exp(0.5)) < 1e-9, `zoom ${view.zoom}`);
  // Zoomed round the pointer (400, 400): that board point stays put, then the drag adds 60 px.
  const top = await page.evaluate<number>("document.getElementById('viewport').getBoundingClientRect().top");
  const z = Math.exp(0.5);
  assert.ok(Math.abs(view.x - (400 * (1 - z) + 60)) < 1e-6 && Math.abs(view.y - (400 - top) * (1 - z)) < 1e-6, JSON.stringify({ view, top }));
  const transform = await transformOf(page);
  const shownView = /^translate\(([-\d.]+)px, ([-\d.]+)px\) scale\(([\d.]+)\)$/.exec(transform)?.slice(1).map(Number);
  assert.ok(shownView !== undefined, transform);
  assert.ok(
    [view.x, view.y, view.zoom].every((v, i) => Math.abs(v - shownView[i]) < 1e-3),
    `${transform} shows ${JSON.stringify(view)}`,
  );
  await p.send(boardMessage(OVERRUN_URI, boardOfText(OVERRUN, 1)));
  await shown(p, 1);
  assert.deepEqual(await transformOf(page), transform);
  assert.deepEqual((await p.state())?.view, view);
  assert.deepEqual(await p.posted(), [{ type: "ready" }], "neither the wheel nor the drag posted anything");
  await page.locator("#fit").click();
  assert.deepEqual((await p.state())?.view, { x: 0, y: 0, zoom: 1 });
});

test("a reloaded page starts from the saved pan and zoom", async (t) => {
  if (suite.browser === undefined) return t.skip(suite.skip ?? "no browser");
  const p = await openPreview(suite.browser, { uri: OVERRUN_URI, view: { x: 12, y: -30, zoom: 2 } });
  try {
    await p.send(boardMessage(OVERRUN_URI, boardOfText(OVERRUN, 0)));
    await shown(p, 0);
    assert.equal(await transformOf(p.page), "translate(12px, -30px) scale(2)");
    assert.deepEqual(p.incidents, []);
  } finally {
    await p.page.close();
  }
});

browserTest("a text that does not parse keeps the last board under a banner, written as text", async (p) => {
  await p.send(boardMessage(OVERRUN_URI, boardOfText(OVERRUN, 2)));
  await shown(p, 2);
  const message = `The scenario cannot be read (line 3: <img src=x onerror=alert(1)>). Showing the last board that could be drawn.`;
  await p.send({ type: "stale", uri: OVERRUN_URI, version: 2, message });
  const banner = p.page.locator("#banner");
  await until(p.page, "!document.getElementById('banner').hidden");
  assert.equal(await banner.textContent(), message);
  assert.equal(await p.page.locator("#banner *").count(), 0, "the message is text, not markup");
  assert.equal(await p.page.locator('#board > svg[data-step="2"]').count(), 1, "the last board stays");
  await p.send(boardMessage(OVERRUN_URI, boardOfText(OVERRUN, 3)));
  await shown(p, 3);
  assert.equal(await banner.isVisible(), false);
});

const HOSTILE = `scenario: "<script>alert('title')</script><img src=x onerror=alert(1)>"
rules: 11e
board: [30, 20]
turn: red
units:
  a:
    player: red
    name: "Squad\\"><svg onload=alert('name')>"
    base: 32
    charged: [b]
    models:
      a1: [10, 10]
  b:
    player: blue
    name: "<image href=\\"http://127.0.0.1:9/evil.png\\"/>"
    base: 32
    models:
      b1: [13, 10]
steps:
  - pile-in: a
    to: { a1: [11, 10] }
    note: "</text><script>alert('note')</script><image href='http://127.0.0.1:9/x.png' onload='alert(1)'/><foreignObject><iframe src='http://127.0.0.1:9/'></iframe></foreignObject>"
`;

browserTest("a hostile scenario runs nothing and loads nothing: its strings are shown as text", async (p) => {
  const result = boardOfText(HOSTILE, 0);
  await p.send(boardMessage("file:///workspace/hostile.scenario.yaml", result));
  await shown(p, 0);
  const page = p.page;
  await page.waitForTimeout(300); // time for anything that would load or run to try
  assert.equal(await page.locator("#board script, #board image, #board foreignObject, #board iframe, #board img").count(), 0);
  assert.equal(await page.locator("script").count(), 1, "only the page's own script");
  assert.equal(await page.locator("#board .title").textContent(), "<script>alert('title')</script><img src=x onerror=alert(1)>");
  assert.equal(await page.locator('#board .unit-label[data-unit="b"]').textContent(), '<image href="http://127.0.0.1:9/evil.png"/>');
  const caption = (await page.locator("#board g.caption").textContent()) ?? "";
  assert.ok(caption.startsWith("1. </text><script>alert('note')</script><image href='http://127.0.0.1:9/x.png'"), caption);
  await page.screenshot({ path: path.join(SCREENSHOTS, "hostile.png") });
});

browserTest(
  "the page's own wall: even SVG that is not the renderer's cannot run or load anything",
  async (p) => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100" data-step="0" onload="alert(1)">' +
      "<script>alert(2)</script>" +
      '<image href="http://127.0.0.1:9/a.png" width="10" height="10"/><image xlink:href="http://127.0.0.1:9/b.png"/>' +
      '<use href="http://127.0.0.1:9/c.svg#x"/><foreignObject><img xmlns="http://www.w3.org/1999/xhtml" src="http://127.0.0.1:9/d.png"/></foreignObject>' +
      '<a href="javascript:alert(3)"><text x="1" y="20">link</text></a>' +
      // Names as another writer might case them, and a link on an element a board does hold.
      '<text x="1" y="30" ONCLICK="alert(5)" Style="fill:red" xlink:href="http://127.0.0.1:9/g.svg" SRC="http://127.0.0.1:9/h.png">t</text>' +
      '<circle class="base" cx="50" cy="50" r="20" data-model="x1" data-offset="7" onclick="alert(4)" style="fill:url(http://127.0.0.1:9/e)"/>' +
      '<set attributeName="href" to="http://127.0.0.1:9/f.png"/></svg>';
    await p.send({ type: "board", uri: "file:///workspace/raw.scenario.yaml", version: 1, title: "raw", svg, step: 0, steps: [0], stepCount: 1 });
    await shown(p, 0);
    const page = p.page;
    await page.waitForTimeout(300);
    const html = await page.evaluate<string>("document.getElementById('board').innerHTML");
    assert.equal(
      html,
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100" data-step="0"><text x="1" y="30">t</text><circle class="base" cx="50" cy="50" r="20" data-model="x1" data-offset="7"></circle></svg>',
    );
    await page.locator("#board .base").click();
    assert.deepEqual((await p.posted()).slice(1), [{ type: "reveal", offset: 7 }]);
    // DOMParser's document is under the page's policy too: the two handlers and the style are
    // refused while parsing, before the cleaning removes them.
  },
  3,
);

browserTest("every example draws; a screenshot of each (the step with the most moves) in light and dark", async (p) => {
  const names = readdirSync(path.join(ROOT, "examples"))
    .filter((n) => n.endsWith(".scenario.yaml"))
    .sort();
  assert.ok(names.length >= 5, `examples: ${names.join(", ")}`);
  for (const name of names) {
    const text = example(name);
    const counts = boardOfText(text, null).steps.map((s) => ({ index: s.index, moves: boardOfText(text, s.index).frame?.moves.length ?? 0 }));
    const best = counts.reduce<{ index: number | null; moves: number }>((a, b) => (b.moves > a.moves ? b : a), {
      index: counts.at(-1)?.index ?? null,
      moves: 0,
    });
    for (const theme of ["light", "dark"] as const) {
      const result = boardOfText(text, best.index, theme);
      await p.send(boardMessage(`file:///workspace/${name}`, result));
      await p.page
        .locator(`#board > svg.theme-${theme}${best.index === null ? ":not([data-step])" : `[data-step="${best.index}"]`}`)
        .waitFor({ state: "attached", timeout: 5_000 });
      // The page stays in step with what was sent.
      assert.equal(await p.page.locator("#board .base").count(), result.frame?.models.length, name);
      assert.equal(await p.page.locator("#board g.arrow").count(), best.moves, name);
      await p.page.screenshot({ path: path.join(SCREENSHOTS, `${name.replace(/\.scenario\.yaml$/, "")}-${theme}.png`) });
    }
  }
});
