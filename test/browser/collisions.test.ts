// Labels that never collide, measured in a real browser: every example and every rules/blind
// fixture is rendered at every step, each SVG is loaded into one Chromium page, and the boxes
// Chromium gives every <text> and every base are compared. No two texts may overlap (0.5 px
// tolerance), and no text may cover a base other than the one it is drawn on (a model's id).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { analyze } from "../../shared/engine/analyze";
import { boardFrame } from "../../shared/engine/frame";
import { renderBoard } from "../../shared/render/index";
import { launchChromium } from "./playwright";
import type { PwBrowser, PwPage } from "./playwright";

/** playwright-core's page, with the one call this test makes that the shared subset leaves out. */
type Page = PwPage & { setContent(html: string): Promise<void> };

const ROOT = path.resolve(__dirname, "..", "..", "..");
/** How far two boxes may overlap (px) before it counts: rounding of glyph metrics, not a collision. */
const TOLERANCE = 0.5;

let browser: PwBrowser | undefined;
let skip: string | undefined;

before(async () => {
  const launched = await launchChromium();
  if ("skip" in launched) {
    skip = launched.skip;
    console.log(`browser tests skipped: ${skip}`);
  } else browser = launched.browser;
});
after(async () => {
  await browser?.close();
});

/** Every `*.yaml` under `dir`, recursively, in a stable order. */
function scenariosUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...scenariosUnder(full));
    else if (entry.name.endsWith(".yaml")) out.push(full);
  }
  return out;
}

/** One picture to check: where it comes from and its SVG. */
interface Board {
  readonly file: string;
  readonly step: number;
  readonly svg: string;
}

/** Every readable scenario's set-up and steps, as `ruleboard render --all` draws them. */
function boards(): Board[] {
  const files = [
    ...scenariosUnder(path.join(ROOT, "examples")),
    ...scenariosUnder(path.join(ROOT, "test", "fixtures", "rules")),
    ...scenariosUnder(path.join(ROOT, "test", "fixtures", "blind")),
  ];
  const out: Board[] = [];
  for (const file of files) {
    const analysis = analyze(readFileSync(file, "utf8"));
    const scenario = analysis.scenario;
    if (!scenario) continue;
    const shown = path.relative(ROOT, file);
    for (const n of [0, ...scenario.steps.map((s) => s.index + 1)]) {
      const frame = boardFrame(scenario, analysis.problems, n === 0 ? undefined : n - 1);
      out.push({ file: shown, step: n, svg: renderBoard(scenario, frame) });
    }
  }
  return out;
}

interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}
interface TextBox extends Box {
  readonly content: string;
}
/** A base: its box, and the ellipse it is (centre and radii in its own frame, `m` that frame to the page's). */
interface BaseBox extends Box {
  readonly model: string;
  readonly cx: number;
  readonly cy: number;
  readonly rx: number;
  readonly ry: number;
  readonly m: readonly [number, number, number, number, number, number];
}

/**
 * Runs in the page: the client box of every <text> (the glyph cells Chromium laid out), and every
 * base's ellipse with its tight box (from its centre, radii and transform, so a rotated oval's box
 * is not the loose box of its rotated bounding rectangle).
 */
const MEASURE = `(() => {
  const svg = document.querySelector("svg");
  const texts = [...svg.querySelectorAll("text")].map((t) => {
    const r = t.getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width, h: r.height, content: t.textContent };
  });
  const bases = [...svg.querySelectorAll(".base")].map((b) => {
    const m = b.getScreenCTM();
    const cx = b.cx.baseVal.value, cy = b.cy.baseVal.value;
    const rx = b.tagName === "circle" ? b.r.baseVal.value : b.rx.baseVal.value;
    const ry = b.tagName === "circle" ? b.r.baseVal.value : b.ry.baseVal.value;
    const x = m.a * cx + m.c * cy + m.e, y = m.b * cx + m.d * cy + m.f;
    const hx = Math.hypot(m.a * rx, m.c * ry), hy = Math.hypot(m.b * rx, m.d * ry);
    return { x: x - hx, y: y - hy, w: 2 * hx, h: 2 * hy, model: b.getAttribute("data-model"), cx, cy, rx, ry, m: [m.a, m.b, m.c, m.d, m.e, m.f] };
  });
  return { texts, bases };
})()`;

/** True when the boxes overlap by more than the tolerance on both axes. */
function overlap(a: Box, b: Box): boolean {
  return (
    Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > TOLERANCE && Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > TOLERANCE && a.w > 0 && b.w > 0
  );
}

/**
 * True when the text box, shrunk by the tolerance, shares a point with the base's ellipse (not
 * merely with its box: a label beside a round base's corner covers nothing). The box's corners
 * are taken into the ellipse's frame, where it is the unit disc.
 */
function covers(t: Box, b: BaseBox): boolean {
  if (!overlap(t, b)) return false;
  const [a, bb, c, d, e, f] = b.m;
  const det = a * d - bb * c;
  const local = (x: number, y: number): [number, number] => {
    const u = (d * (x - e) - c * (y - f)) / det;
    const v = (-bb * (x - e) + a * (y - f)) / det;
    return [(u - b.cx) / b.rx, (v - b.cy) / b.ry];
  };
  const k = TOLERANCE;
  const q = [local(t.x + k, t.y + k), local(t.x + t.w - k, t.y + k), local(t.x + t.w - k, t.y + t.h - k), local(t.x + k, t.y + t.h - k)];
  const sides = q.map((p, i) => {
    const n = q[(i + 1) % 4];
    return Math.sign((n[0] - p[0]) * -p[1] - (n[1] - p[1]) * -p[0]);
  });
  if (sides.every((s) => s > 0) || sides.every((s) => s < 0)) return true;
  return q.some((p, i) => {
    const n = q[(i + 1) % 4];
    const dx = n[0] - p[0];
    const dy = n[1] - p[1];
    const len2 = dx * dx + dy * dy;
    const s = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(p[0] * dx + p[1] * dy) / len2));
    return Math.hypot(p[0] + dx * s, p[1] + dy * s) < 1;
  });
}

/** True when `t` is the model id drawn inside base `b`. */
function isIdOf(t: TextBox, b: BaseBox): boolean {
  const cx = t.x + t.w / 2;
  const cy = t.y + t.h / 2;
  return t.content === b.model && cx > b.x && cx < b.x + b.w && cy > b.y && cy < b.y + b.h;
}

test("no text overlaps another text or covers a base it does not label, on every example and rules/blind fixture at every step", async (t) => {
  if (browser === undefined) {
    t.skip(skip ?? "no browser");
    return;
  }
  const started = Date.now();
  const all = boards();
  const page = (await browser.newPage({ viewport: { width: 1400, height: 1000 }, javaScriptEnabled: true })) as Page;
  const failures: string[] = [];
  const failedBoards = new Set<string>();
  let textCount = 0;
  try {
    for (const b of all) {
      await page.setContent(`<!doctype html><html><body style="margin:0">${b.svg}</body></html>`);
      const { texts, bases } = await page.evaluate<{ texts: TextBox[]; bases: BaseBox[] }>(MEASURE);
      textCount += texts.length;
      const where = `${b.file} step ${b.step}`;
      const fail = (what: string): void => {
        failures.push(`${where}: ${what}`);
        failedBoards.add(where);
      };
      for (let i = 0; i < texts.length; i++) {
        for (let j = i + 1; j < texts.length; j++) {
          if (overlap(texts[i], texts[j])) fail(`text ${JSON.stringify(texts[i].content)} overlaps text ${JSON.stringify(texts[j].content)}`);
        }
        for (const base of bases) {
          if (!isIdOf(texts[i], base) && covers(texts[i], base)) fail(`text ${JSON.stringify(texts[i].content)} covers base ${base.model}`);
        }
      }
    }
  } finally {
    await page.close();
  }
  console.log(
    `collisions: ${all.length} boards checked, ${textCount} texts checked, ${failures.length} collisions on ${failedBoards.size} boards (${Date.now() - started} ms)`,
  );
  assert.ok(all.length > 100, `only ${all.length} boards rendered`);
  assert.deepEqual(failures, [], `${failures.length} collisions on ${failedBoards.size} boards:\n${failures.join("\n")}`);
});
