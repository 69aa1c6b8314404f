// The board preview as an editor, in a real browser (headless chromium via playwright-core), with real
// mouse and keyboard input: dragging a model (snapping to contact, to Engagement Range, to the move's
// limit and to the 0.1" grid; Alt turns snapping off), clicks that select and reveal, Shift-click and
// group drags, arrow-key nudges sent as one move, Tab through the models, Escape, the undo keys, and
// locked models. Every message the page posts is asserted exactly. A screenshot goes to
// test-results/screenshots/.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as path from "node:path";
import { suiteBrowser } from "./playwright";
import { boardMessage, boardOfText, example, openPreview, ORIGIN, ROOT, until } from "./preview-page";
import type { PreviewPage } from "./preview-page";
import { boardResult } from "../../server/board-request";
import { analyze } from "../../shared/index";
import type { EditableBoard, FromPreviewMessage, ToPreviewMessage } from "../../shared/protocol/messages";

const SCREENSHOTS = path.join(ROOT, "test-results", "screenshots");
/** The page's own files: nothing else may ever be requested. */
const OWN_FILES = [`${ORIGIN}/index.html`, `${ORIGIN}/dist/webview/main.css`, `${ORIGIN}/dist/webview/main.js`];

const suite = suiteBrowser(SCREENSHOTS);

/** Runs `body` with a fresh preview page; after it: no errors or dialogs, no CSP violation, no request but the page's own files. */
function browserTest(name: string, body: (p: PreviewPage) => Promise<void>): void {
  test(name, async (t) => {
    if (suite.browser === undefined) {
      t.skip(suite.skip ?? "no browser");
      return;
    }
    const p = await openPreview(suite.browser);
    try {
      await body(p);
      assert.deepEqual(p.incidents, [], "no console errors, page errors or dialogs");
      assert.deepEqual(await p.violations(), [], "no CSP violations");
      assert.deepEqual(p.requests, OWN_FILES, "the page requested its own three files and nothing else");
    } finally {
      await p.page.close();
    }
  });
}

// illegal-pile-in, step 1: r1 piles in from (10, 8) to (13.4, 8), r2 from (10, 9.3) to (12.5, 9.3);
// g1 (15, 8) and g2 (15, 9.3) are the enemy, locked; 32 mm bases; the pile-in's limit is 3".
const PILE_IN = example("illegal-pile-in.scenario.yaml");
const PILE_IN_URI = "file:///workspace/illegal-pile-in.scenario.yaml";
const RADIUS = 16 / 25.4;

/** Opens the pile-in at step 0 and returns what the board can edit. */
async function openPileIn(p: PreviewPage, extra: Partial<Extract<ToPreviewMessage, { type: "board" }>> = {}): Promise<EditableBoard> {
  const result = boardOfText(PILE_IN, 0);
  const editable = result.editable;
  assert.ok(editable, "the board is editable");
  await p.send({ ...boardMessage(PILE_IN_URI, result), ...extra } as ToPreviewMessage);
  await p.page.locator('#board > svg[data-step="0"]').waitFor({ state: "attached", timeout: 5_000 });
  return editable;
}

/** Where board inches (x, y) are on the screen: the projection, the SVG's own scaling, and the pan/zoom transform. */
async function screenOf(p: PreviewPage, editable: EditableBoard, x: number, y: number): Promise<[number, number]> {
  const { scale, x0, y0 } = editable.proj;
  return p.page.evaluate<[number, number]>(`(() => {
    const svg = document.querySelector("#board > svg");
    const r = svg.getBoundingClientRect();
    const vb = svg.viewBox.baseVal;
    return [r.left + (${x0} + ${x} * ${scale}) * r.width / vb.width, r.top + (${y0} + ${y} * ${scale}) * r.height / vb.height];
  })()`);
}

/** Presses at board point `from`, moves in steps to `to`, and (unless `release` is false) lets go. */
async function drag(p: PreviewPage, editable: EditableBoard, from: [number, number], to: [number, number], release = true): Promise<void> {
  const [ax, ay] = await screenOf(p, editable, ...from);
  const [bx, by] = await screenOf(p, editable, ...to);
  await p.page.mouse.move(ax, ay);
  await p.page.mouse.down();
  await p.page.mouse.move(bx, by, { steps: 8 });
  if (release) await p.page.mouse.up();
}

/** A click (press and release without moving) at board point `at`. */
async function clickAt(p: PreviewPage, editable: EditableBoard, at: [number, number]): Promise<void> {
  const [x, y] = await screenOf(p, editable, ...at);
  await p.page.mouse.move(x, y);
  await p.page.mouse.down();
  await p.page.mouse.up();
}

/** What the page posted after `ready`. */
async function postedSinceReady(p: PreviewPage): Promise<FromPreviewMessage[]> {
  return (await p.posted()).slice(1);
}

const overlay = (p: PreviewPage) =>
  p.page.evaluate<{ hidden: boolean; text: string }>(
    "({ hidden: document.getElementById('drag-info').hidden, text: document.getElementById('drag-info').textContent })",
  );
const toast = (p: PreviewPage) =>
  p.page.evaluate<{ hidden: boolean; text: string }>(
    "({ hidden: document.getElementById('toast').hidden, text: document.getElementById('toast').textContent })",
  );
const transformOf = (p: PreviewPage, id: string) =>
  p.page.evaluate<string | null>(`document.querySelector('#board .base[data-model="${id}"]').getAttribute("transform")`);
const selectedOnBoard = (p: PreviewPage) =>
  p.page.evaluate<string[]>("[...document.querySelectorAll('#board .base.selected')].map((e) => e.getAttribute('data-model'))");

const move = (...moves: [string, number, number][]): FromPreviewMessage => ({
  type: "move",
  version: 1,
  step: 0,
  moves: moves.map(([model, x, y]) => ({ model, to: [x, y] })),
});

browserTest("a drag posts one move to the 0.1-inch grid, draws the model there at once, and neither reveals nor steps", async (p) => {
  const editable = await openPileIn(p);
  await drag(p, editable, [13.4, 8], [10.53, 6.37], false);
  // Mid-drag the model follows the pointer (drawn locally: 24 px an inch), and nothing is posted yet.
  assert.equal(await transformOf(p, "r1"), `translate(${((10.5 - 13.4) * 24).toFixed(2)} ${((6.4 - 8) * 24).toFixed(2)})`);
  assert.deepEqual(await postedSinceReady(p), []);
  await p.page.mouse.up();
  assert.deepEqual(await postedSinceReady(p), [move(["r1", 10.5, 6.4])]);
  assert.equal((await overlay(p)).hidden, true, "the overlay goes with the drag");
  // The model stays at the drop until the next board; the shown step does not change.
  assert.ok((await transformOf(p, "r1")) !== null);
  assert.equal(await p.page.locator("#step-label").textContent(), "Step 1 of 1");
  await p.send(boardMessage(PILE_IN_URI, { ...boardOfText(PILE_IN, 0), version: 2 }));
  await until(p.page, `document.querySelector('#board .base[data-model="r1"]').getAttribute("transform") === null`);
});

browserTest("snapping: base-to-base contact, exactly Engagement Range, the move's maximum; the overlay says which", async (p) => {
  const editable = await openPileIn(p);
  assert.equal(editable.engagementRange, 2);
  // 0.14" short of g1: contact, at exactly 15 - 32 mm = 13.74 (3.74" from where r1 started, past the 3" limit).
  await drag(p, editable, [13.4, 8], [13.6, 8], false);
  assert.deepEqual(await overlay(p), { hidden: false, text: `3.74"/3" · 0" to g1 · contact g1` });
  await p.page.screenshot({ path: path.join(SCREENSHOTS, "board-editor-drag-contact.png") });
  await p.page.mouse.up();
  // 1.94" from g1: snapped to 2" (Engagement Range).
  await drag(p, editable, [13.74, 8], [11.8, 8], false);
  assert.deepEqual(await overlay(p), { hidden: false, text: `1.74"/3" · 2" to g1 · 2" from g1` });
  await p.page.mouse.up();
  // 3.1" from (10, 8), clear of g1's snaps: held at the limit.
  await drag(p, editable, [11.74, 8], [13.1, 8], false);
  assert.deepEqual(await overlay(p), { hidden: false, text: `3"/3" · 0.74" to g1 · max 3"` });
  await p.page.mouse.up();
  // Far past the limit, the model stays on the circle of 3" round (10, 8).
  await drag(p, editable, [13, 8], [10, 2], false);
  assert.deepEqual(await overlay(p), { hidden: false, text: `3"/3" · 4.57" to g1 · max 3"` });
  await p.page.mouse.up();
  const posted = await postedSinceReady(p);
  assert.deepEqual(posted, [move(["r1", 13.74, 8]), move(["r1", 11.74, 8]), move(["r1", 13, 8]), move(["r1", 10, 5])]);
  // The contact is exact (edge to edge, to the hundredth the message carries).
  assert.ok(Math.abs(15 - 13.74 - 2 * RADIUS) < 0.005);
  assert.ok(!posted.some((m) => m.type === "reveal" || m.type === "step" || m.type === "select"), "a drag neither reveals, steps nor selects");
});

browserTest("holding Alt turns snapping off: the position is the pointer's, to the hundredth", async (p) => {
  const editable = await openPileIn(p);
  await p.page.keyboard.down("Alt");
  await drag(p, editable, [13.4, 8], [13.61, 8.03], false);
  assert.deepEqual(await overlay(p), { hidden: false, text: `3.61"/3" · 0.13" to g1` });
  await p.page.mouse.up();
  await p.page.keyboard.up("Alt");
  // Near contact but with Alt: no snap. The pointer's position rounds to the hundredth it was aimed at.
  assert.deepEqual(await postedSinceReady(p), [move(["r1", 13.61, 8.03])]);
});

browserTest("the drag follows the pointer through the pan and zoom", async (p) => {
  const editable = await openPileIn(p);
  await p.page.mouse.move(300, 300);
  await p.page.mouse.wheel(0, -300);
  // Pan on empty board (top-left corner of the picture, outside every base): a pan, not a move.
  const [ex, ey] = await screenOf(p, editable, 2, 2);
  await p.page.mouse.move(ex, ey);
  await p.page.mouse.down();
  await p.page.mouse.move(ex + 40, ey + 25, { steps: 4 });
  await p.page.mouse.up();
  assert.notEqual(await p.page.evaluate<string>("document.getElementById('board').style.transform"), "translate(0px, 0px) scale(1)");
  assert.deepEqual(await postedSinceReady(p), [], "the pan posted nothing");
  await drag(p, editable, [13.4, 8], [11.02, 9.98]);
  assert.deepEqual(await postedSinceReady(p), [move(["r1", 11, 10])]);
});

browserTest("a press that does not move is a click: it selects and reveals; Shift-click adds; a group drag is one move", async (p) => {
  const editable = await openPileIn(p);
  await clickAt(p, editable, [13.4, 8]);
  await until(p.page, "window.__posted.length === 3");
  const [select, reveal] = await postedSinceReady(p);
  assert.deepEqual(select, { type: "select", models: ["r1"] });
  // r1's written end position carries its problem and arrow over the base: the click reveals the step's `r1: [13.4, 8]`.
  assert.deepEqual(reveal, { type: "reveal", offset: PILE_IN.indexOf("r1: [13.4, 8]") });
  assert.deepEqual(await selectedOnBoard(p), ["r1"]);
  await p.page.keyboard.down("Shift");
  await clickAt(p, editable, [12.5, 9.3]);
  await p.page.keyboard.up("Shift");
  assert.deepEqual(
    (await postedSinceReady(p)).filter((m) => m.type === "select"),
    [
      { type: "select", models: ["r1"] },
      { type: "select", models: ["r1", "r2"] },
    ],
  );
  assert.deepEqual(await selectedOnBoard(p), ["r1", "r2"]);
  const before = (await p.posted()).length;
  // Drag r1 by (-1, -1): r2 goes along by the same offset, in one message.
  await drag(p, editable, [13.4, 8], [12.42, 7.01]);
  assert.deepEqual((await p.posted()).slice(before), [move(["r1", 12.4, 7], ["r2", 11.5, 8.3])]);
  // Shift-click toggles r2 out again; the selection survives a redraw of the same board.
  await p.page.keyboard.down("Shift");
  await clickAt(p, editable, [11.5, 8.3]);
  await p.page.keyboard.up("Shift");
  assert.deepEqual((await p.posted()).at(-2), { type: "select", models: ["r1"] });
  await p.send(boardMessage(PILE_IN_URI, { ...boardOfText(PILE_IN, 0), version: 2 }));
  await until(p.page, `document.querySelector('#board .base[data-model="r1"]').getAttribute("transform") === null`);
  assert.deepEqual(await selectedOnBoard(p), ["r1"]);
  // …and follows `selected` when the extension sends it.
  await p.send({ ...boardMessage(PILE_IN_URI, { ...boardOfText(PILE_IN, 0), version: 3 }), selected: ["r2"] } as ToPreviewMessage);
  await until(p.page, `document.querySelector('#board .base.selected')?.getAttribute("data-model") === "r2"`);
  // A click on empty board clears the selection.
  await clickAt(p, editable, [3, 3]);
  assert.deepEqual((await p.posted()).at(-1), { type: "select", models: [] });
  assert.deepEqual(await selectedOnBoard(p), []);
});

browserTest("arrow keys nudge the selection 0.1 inch (Shift: 1 inch), drawn at once and sent as one move after the burst", async (p) => {
  const editable = await openPileIn(p);
  await clickAt(p, editable, [12.5, 9.3]);
  const before = (await p.posted()).length;
  for (const key of ["ArrowRight", "ArrowRight", "ArrowRight", "Shift+ArrowDown", "ArrowUp"]) await p.page.keyboard.press(key);
  // Drawn at once (0.3" right, 0.9" down at 24 px an inch); not yet sent, and the step did not change.
  assert.equal(await transformOf(p, "r2"), `translate(${(0.3 * 24).toFixed(2)} ${(0.9 * 24).toFixed(2)})`);
  assert.deepEqual((await p.posted()).slice(before), []);
  await until(p.page, `window.__posted.length > ${before}`);
  await p.page.waitForTimeout(500);
  assert.deepEqual((await p.posted()).slice(before), [move(["r2", 12.8, 10.2])]);
  assert.equal(await p.page.locator("#step-label").textContent(), "Step 1 of 1");
  assert.ok(!(await p.posted()).some((m) => m.type === "step"), "the arrows nudged, they did not step");
});

browserTest("Tab and Shift+Tab cycle the selection through every model, locked ones too (which say why)", async (p) => {
  await openPileIn(p);
  await p.page.evaluate("document.getElementById('viewport').focus()");
  assert.equal(await p.page.evaluate<string>("document.activeElement.id"), "viewport");
  for (const key of ["Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) await p.page.keyboard.press(key);
  assert.deepEqual(
    (await postedSinceReady(p)).map((m) => (m.type === "select" ? m.models.join() : m.type)),
    ["r1", "r2", "g1", "r2", "r1", "g2", "g1"],
  );
  assert.equal(await p.page.evaluate<string>("document.activeElement.id"), "viewport", "Tab stayed on the board");
  assert.deepEqual(await selectedOnBoard(p), ["g1"]);
  assert.deepEqual(await toast(p), { hidden: false, text: "g1 belongs to guards; step 1 moves raiders" });
  // Arrows do not move a locked model; they say why instead.
  const before = (await p.posted()).length;
  await p.page.keyboard.press("ArrowRight");
  await p.page.waitForTimeout(500);
  assert.deepEqual((await p.posted()).slice(before), []);
  assert.equal(await transformOf(p, "g1"), null);
});

browserTest("Escape cancels a drag (the model goes back, nothing is posted), then clears the selection", async (p) => {
  const editable = await openPileIn(p);
  await clickAt(p, editable, [12.5, 9.3]);
  const before = (await p.posted()).length;
  await drag(p, editable, [12.5, 9.3], [11.5, 10.3], false);
  assert.ok((await transformOf(p, "r2")) !== null);
  await p.page.keyboard.press("Escape");
  assert.equal(await transformOf(p, "r2"), null, "back where it was");
  assert.equal((await overlay(p)).hidden, true);
  await p.page.mouse.move(400, 500, { steps: 3 });
  await p.page.mouse.up();
  assert.deepEqual((await p.posted()).slice(before), [], "neither a move nor a reveal");
  await p.page.keyboard.press("Escape");
  assert.deepEqual((await p.posted()).slice(before), [{ type: "select", models: [] }]);
  assert.deepEqual(await selectedOnBoard(p), []);
});

browserTest("Ctrl+Z posts undo; Ctrl+Shift+Z and Ctrl+Y post redo", async (p) => {
  await openPileIn(p);
  await p.page.evaluate("document.getElementById('viewport').focus()");
  for (const key of ["Control+z", "Control+Shift+z", "Control+y", "Meta+z"]) await p.page.keyboard.press(key);
  assert.deepEqual(await postedSinceReady(p), [{ type: "undo" }, { type: "redo" }, { type: "redo" }, { type: "undo" }]);
});

browserTest("a locked model does not move: the drag shows why, and posts nothing", async (p) => {
  const editable = await openPileIn(p);
  await drag(p, editable, [15, 8], [17, 10], false);
  const reason = "g1 belongs to guards; step 1 moves raiders";
  assert.deepEqual(await overlay(p), { hidden: false, text: reason });
  assert.equal(await transformOf(p, "g1"), null);
  await p.page.mouse.up();
  assert.deepEqual(await postedSinceReady(p), []);
  assert.deepEqual(await toast(p), { hidden: false, text: reason });
  // A click on it reveals it and says why, without selecting it.
  await clickAt(p, editable, [15, 8]);
  assert.deepEqual(await postedSinceReady(p), [{ type: "reveal", offset: PILE_IN.indexOf("g1: [15, 8]") }]);
  assert.deepEqual(await selectedOnBoard(p), []);
});

browserTest("a refused move is said in a toast, as text, and the model goes back", async (p) => {
  const editable = await openPileIn(p);
  await drag(p, editable, [13.4, 8], [10.53, 6.37]);
  assert.ok((await transformOf(p, "r1")) !== null);
  const message = "r1's position is written as <b>an alias</b>; the board cannot rewrite it.";
  await p.send({ type: "refused", message });
  await until(p.page, "!document.getElementById('toast').hidden");
  assert.deepEqual(await toast(p), { hidden: false, text: message });
  assert.equal(await p.page.locator("#toast *").count(), 0, "the message is text, not markup");
  assert.equal(await transformOf(p, "r1"), null);
});

browserTest("on the set-up every model can be dragged: the move writes `step: null`, the distance is from the drag's start, with no limit", async (p) => {
  const result = boardOfText(PILE_IN, null);
  const editable = result.editable;
  assert.ok(editable !== undefined && editable.step === null && editable.mover === undefined);
  await p.send(boardMessage(PILE_IN_URI, result));
  await p.page.locator("#board > svg:not([data-step])").waitFor({ state: "attached", timeout: 5_000 });
  await drag(p, editable, [15, 8], [18.03, 3.01], false);
  assert.deepEqual(await overlay(p), { hidden: false, text: `5.83" · 8.17" to r1` });
  await p.page.mouse.up();
  assert.deepEqual(await postedSinceReady(p), [{ type: "move", version: 1, step: null, moves: [{ model: "g1", to: [18, 3] }] }]);
  assert.equal(await p.page.locator("#step-label").textContent(), "Set-up (1 step)");
});

browserTest("hovering a model shows the editor hover's facts; hovering the board with one model selected asks why not here", async (p) => {
  const editable = await openPileIn(p);
  const [x, y] = await screenOf(p, editable, 13.4, 8);
  await p.page.mouse.move(x, y);
  await until(p.page, "!document.getElementById('drag-info').hidden");
  assert.deepEqual(await overlay(p), { hidden: false, text: 'r1 (raiders, red) at (13.4, 8) · closest enemy g1: 0.34" · engaged with guards' });
  const [gx, gy] = await screenOf(p, editable, 15, 8);
  await p.page.mouse.move(gx, gy, { steps: 3 });
  await until(p.page, "document.getElementById('drag-info').textContent.startsWith('g1')");
  assert.match(
    (await overlay(p)).text,
    /^g1 \(guards, blue\) at \(15, 8\) · closest enemy r1: 0\.34" · engaged with raiders · g1 belongs to guards; step 1 moves raiders$/,
  );
  // Select r1, then rest over an empty spot: one probe for that spot, and its answer is shown there.
  await clickAt(p, editable, [13.4, 8]);
  const [ex, ey] = await screenOf(p, editable, 11, 5);
  await p.page.mouse.move(ex, ey, { steps: 4 });
  await until(p.page, "window.__posted.some((m) => m.type === 'probe')");
  const probes = (await p.posted()).filter((m) => m.type === "probe");
  assert.equal(probes.length, 1, JSON.stringify(probes));
  const probe = probes[0] as Extract<FromPreviewMessage, { type: "probe" }>;
  assert.equal(probe.model, "r1");
  assert.equal(probe.step, 0);
  assert.equal(probe.version, 1);
  assert.ok(Math.abs(probe.at[0] - 11) < 0.05 && Math.abs(probe.at[1] - 5) < 0.05, JSON.stringify(probe.at));
  await p.send({ type: "probed", at: probe.at, text: "r1 may not end here: <b>too far</b>" });
  await until(p.page, "document.getElementById('drag-info').textContent.includes('too far')");
  assert.deepEqual(await overlay(p), { hidden: false, text: "r1 may not end here: <b>too far</b>" });
  assert.equal(await p.page.evaluate<number>("document.querySelectorAll('#drag-info b').length"), 0, "shown as text");
});

browserTest("Fit to action and Fit to board ask for the cropped or the whole board; a cropped board still drags true", async (p) => {
  await openPileIn(p);
  await p.page.locator("#fit-action").click();
  await p.page.locator("#fit-board").click();
  assert.deepEqual(
    (await postedSinceReady(p)).filter((m) => m.type === "view"),
    [
      { type: "view", view: "auto" },
      { type: "view", view: "board" },
    ],
  );
  // The extension answers with the cropped board: the same drag lands on the same inches.
  const result = boardResult(analyze(PILE_IN), 1, { step: 0, view: "auto" }, PILE_IN);
  assert.match(result.svg ?? "", /<svg class="view" /);
  await p.send(boardMessage(PILE_IN_URI, result));
  await p.page.locator("#board svg.view, #board > svg").first().waitFor({ state: "attached" });
  const editable = result.editable!;
  await drag(p, editable, [13.4, 8], [10.55, 6.43]);
  const moves = (await postedSinceReady(p)).filter((m) => m.type === "move");
  assert.deepEqual(moves.at(-1), move(["r1", 10.6, 6.4]));
});
