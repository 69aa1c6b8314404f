// The docs-site plugins' output in a real browser (headless Debian chromium via playwright-core):
// a Markdown page whose ```ruleboard blocks carry hostile text (ids, names, titles, notes and
// callouts holding `<script>`, `"><img onerror>`, `javascript:` URLs, `</svg><script>`, `]]>`, a
// Vue mustache), rendered by the markdown-it plugin and by the remark plugin into a page served at
// a made-up address, runs nothing: a window flag the payloads would set stays unset, no request is
// made but the page's own, no script, handler, image or link of the blocks exists in the DOM, and
// every payload is shown as the text it is. The three boards render (three root SVGs with
// non-empty boxes); the block that cannot be read is an error box showing its source as text.
// Screenshots go to test-results/screenshots/.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as path from "node:path";
import MarkdownIt from "markdown-it";
import ruleboardMarkdownIt from "../../docs-plugins/markdown-it";
import ruleboardRemark from "../../docs-plugins/remark";
import { suiteBrowser } from "./playwright";
import type { PwBrowser, PwPage } from "./playwright";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const SCREENSHOTS = path.join(ROOT, "test-results", "screenshots");
/** A made-up address: the test serves the page there and refuses every other request. */
const PAGE_URL = "https://ruleboard-docs.test/guide/boards.html";

const suite = suiteBrowser(SCREENSHOTS);

/** Each payload, if it ever ran, would set `window.__pwned` (or fetch from the network, which the route sees). */
const PAYLOADS = [
  "<script>window.__pwned='script'</script>",
  `"><img src=x onerror="window.__pwned='img'">`,
  "</svg><script>window.__pwned='svg'</script>",
  "]]><script>window.__pwned='cdata'</script>",
  "'><svg onload=\"window.__pwned='onload'\">",
  "javascript:window.__pwned='url'",
  "<a href=\"javascript:window.__pwned='href'\">x</a>",
  "<img src=https://evil.test/x.png>",
  "{{ window.__pwned = 'vue' }}",
];
const HOSTILE = PAYLOADS.join(" ");
const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** A scenario whose every string the renderer shows is hostile: title, description, unit names and ids, model ids, note, callout. */
function hostileScenario(n: number, extra = ""): string {
  const unit = PAYLOADS[n % PAYLOADS.length];
  const model = PAYLOADS[(n + 1) % PAYLOADS.length];
  return `scenario: ${q(`${n}. ${HOSTILE}`)}
description: ${q(HOSTILE)}
rules: 11e
board: [24, 12]
turn: red
phase: movement
units:
  ${q(unit)}:
    player: red
    name: ${q(PAYLOADS[0] + PAYLOADS[1])}
    base: 32
    move: 6
    models:
      ${q(model)}: [3, 3]
  b:
    player: blue
    name: ${q(PAYLOADS[2] + PAYLOADS[3])}
    base: 32
    models:
      b1: [20, 10]
show:
  callouts:
    1: { at: b1, text: ${q(PAYLOADS[5] + " " + PAYLOADS[6])} }
steps:
  - move: ${q(unit)}
    type: normal
    to:
      ${q(model)}: [${extra === "illegal" ? "9.5" : "8"}, 3]
    note: ${q(HOSTILE)}
${extra === "illegal" ? "    illegal: [move.too-far]\n" : ""}`;
}

const DOCUMENT = `# ${PAYLOADS[7]} Boards

\`\`\`ruleboard
${hostileScenario(0)}\`\`\`

Illegal on purpose:

\`\`\`ruleboard
${hostileScenario(1, "illegal")}\`\`\`

\`\`\`ruleboard illegal
${hostileScenario(2, "illegal")}\`\`\`

A block that cannot be read:

\`\`\`ruleboard
scenario: ${q(HOSTILE)}
units: [${PAYLOADS[2]}
\`\`\`
`;

function page(body: string): string {
  return `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>boards</title></head><body>\n${body}\n</body></html>\n`;
}

function markdownItPage(): string {
  // html: false, as a careful site has it: the plugin's output is HTML whatever the setting.
  return page(new MarkdownIt().use(ruleboardMarkdownIt).render(DOCUMENT));
}

async function remarkPage(): Promise<string> {
  const [{ unified }, { default: remarkParse }, { default: remarkRehype }, { default: rehypeStringify }] = await Promise.all([
    import("unified"),
    import("remark-parse"),
    import("remark-rehype"),
    import("rehype-stringify"),
  ]);
  const file = await unified()
    .use(remarkParse)
    .use(ruleboardRemark)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeStringify, { allowDangerousHtml: true })
    .process(DOCUMENT);
  return page(String(file));
}

async function openPage(b: PwBrowser, html: string): Promise<{ page: PwPage; requests: string[]; incidents: string[] }> {
  const page = await b.newPage({ viewport: { width: 1200, height: 1400 } });
  const requests: string[] = [];
  const incidents: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("pageerror", (e) => incidents.push(`page error: ${e.message}`));
  page.on("dialog", (d) => {
    incidents.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.route("**/*", async (route) => {
    if (route.request().url() === PAGE_URL) return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html });
    return route.abort();
  });
  await page.goto(PAGE_URL);
  return { page, requests, incidents };
}

/** What the DOM holds that a payload could have made, and what the boards are. */
interface Census {
  readonly pwned: unknown;
  readonly scripts: number;
  readonly handlers: number;
  readonly embeds: number;
  readonly links: number;
  readonly figures: number;
  readonly illegal: number;
  readonly boards: { readonly w: number; readonly h: number }[];
  readonly nested: number;
  readonly errorBoxes: number;
  readonly titles: string[];
  readonly source: string;
}

const CENSUS = `(() => ({
  pwned: window.__pwned,
  scripts: document.querySelectorAll("script").length,
  handlers: [...document.querySelectorAll("*")].filter((e) => [...e.attributes].some((a) => /^on/i.test(a.name))).length,
  embeds: document.querySelectorAll("img, image, iframe, object, embed, foreignObject, use").length,
  links: document.querySelectorAll("a, [href], [xlink\\\\:href]").length,
  figures: document.querySelectorAll("figure.ruleboard").length,
  illegal: document.querySelectorAll('figure.ruleboard[data-ruleboard-illegal="true"]').length,
  boards: [...document.querySelectorAll("figure.ruleboard > .ruleboard-board > svg")].map((s) => {
    const r = s.getBoundingClientRect();
    return { w: r.width, h: r.height };
  }),
  nested: document.querySelectorAll("figure.ruleboard svg svg").length,
  errorBoxes: document.querySelectorAll(".ruleboard-error").length,
  titles: [...document.querySelectorAll("figure.ruleboard .ruleboard-title")].map((e) => e.textContent),
  source: document.querySelector(".ruleboard-error pre")?.textContent ?? "",
}))()`;

for (const [name, html] of [
  ["markdown-it", async () => markdownItPage()],
  ["remark", remarkPage],
] as const) {
  test(`${name}: a hostile page runs nothing, requests nothing, adds no element; its three boards render`, async (t) => {
    if (suite.browser === undefined) {
      t.skip(suite.skip ?? "no browser");
      return;
    }
    const { page, requests, incidents } = await openPage(suite.browser, await html());
    try {
      // Give a late handler (an image's onerror, an svg's onload) its chance.
      await page.waitForTimeout(200);
      const c = await page.evaluate<Census>(CENSUS);
      assert.equal(c.pwned, undefined, "a payload ran");
      assert.deepEqual(requests, [PAGE_URL]);
      assert.deepEqual(incidents, []);
      assert.deepEqual(
        { scripts: c.scripts, handlers: c.handlers, embeds: c.embeds, links: c.links, nested: c.nested },
        { scripts: 0, handlers: 0, embeds: 0, links: 0, nested: 0 },
      );
      assert.equal(c.figures, 3);
      assert.equal(c.illegal, 2);
      assert.equal(c.boards.length, 3);
      for (const b of c.boards) assert.ok(b.w > 100 && b.h > 100, `a board's box: ${JSON.stringify(b)}`);
      // Every payload is text: the titles as written, the unreadable block's source as written.
      assert.deepEqual(
        c.titles,
        [0, 1, 2].map((n) => `${n}. ${HOSTILE}`),
      );
      assert.equal(c.errorBoxes, 1);
      assert.match(c.source, /^scenario: '/);
      assert.ok(c.source.includes(PAYLOADS[2]), c.source);
      await page.screenshot({ path: path.join(SCREENSHOTS, `docs-plugins-${name}.png`), fullPage: true });
    } finally {
      await page.close();
    }
  });
}
