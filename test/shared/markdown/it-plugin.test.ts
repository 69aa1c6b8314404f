// The markdown-it plugin of VS Code's Markdown preview, driven through a stand-in for markdown-it's
// renderer (markdown-it itself is not a dependency): boards for scenario fences, the previous rule
// for every other fence, and an escaped error box for blocks that do not parse.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { escapeHtml, extendMarkdownIt, type FenceRule, type FenceToken } from "../../../client/markdown-it-plugin";
import { analyze, boardFrame } from "../../../shared/index";
import { findScenarioBlocks } from "../../../shared/markdown/index";
import { renderBoard } from "../../../shared/render/index";

const FIXTURES = join(__dirname, "..", "..", "..", "..", "test", "fixtures", "markdown");

/** A stand-in markdown-it: a renderer whose fence rule marks what it rendered. */
function standIn(withDefault = true) {
  const fence: FenceRule = (tokens, idx) => `<pre class="default">${escapeHtml(tokens[idx].content)}</pre>\n`;
  return { renderer: { rules: withDefault ? { fence } : ({} as { fence?: FenceRule }) } };
}

/** Renders one fence token as markdown-it would call the rule. */
function renderFence(md: ReturnType<typeof standIn>, token: FenceToken): string {
  return md.renderer.rules.fence!([token], 0, {}, {}, {});
}

/** The board the plugin must draw: the last step, light theme, scaled to the preview's width. */
function expectedSvg(text: string, theme: "light" | "dark" = "light"): string {
  const a = analyze(text);
  const steps = a.scenario!.steps;
  const svg = renderBoard(a.scenario!, boardFrame(a.scenario!, a.problems, steps.length ? steps[steps.length - 1].index : undefined), { theme });
  return svg.trimEnd().replace(/^<svg /, '<svg style="max-width:100%;height:auto" ');
}

test("each scenario block of a document becomes its board after the last step, in a scroll-synced wrapper", () => {
  const doc = readFileSync(join(FIXTURES, "three-boards.md"), "utf8");
  const md = standIn();
  assert.equal(extendMarkdownIt(md), md);
  const blocks = findScenarioBlocks(doc);
  const html = blocks.map((b) => renderFence(md, { info: ` ${b.info} `, content: b.text, map: [b.fenceLine, b.fenceLine + 3] }));
  assert.equal(html.length, 3);
  blocks.forEach((b, i) => {
    assert.equal(
      html[i],
      `<div class="ruleboard-markdown-board code-line" data-line="${b.fenceLine}" data-ruleboard-theme="light">${expectedSvg(b.text)}</div>\n`,
    );
  });
  // The last step is drawn: each board is step 1 of 1 (data-step is 0-based).
  for (const h of html)
    assert.match(h, /<svg style="max-width:100%;height:auto" xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*data-step="0" data-theme="light">/);
  assert.match(html[1], /move\.too-far/);
});

test("other fences go to the previous rule, or to an escaped <pre> when there was none", () => {
  const md = extendMarkdownIt(standIn());
  assert.equal(renderFence(md, { info: "yaml", content: "a: <b>\n", map: [0, 3] }), `<pre class="default">a: &lt;b&gt;\n</pre>\n`);
  assert.equal(renderFence(md, { info: "illegal ruleboard", content: "x\n" }), `<pre class="default">x\n</pre>\n`);
  const bare = extendMarkdownIt(standIn(false));
  assert.equal(renderFence(bare, { info: "", content: "<i>&</i>" }), "<pre><code>&lt;i&gt;&amp;&lt;/i&gt;</code></pre>\n");
});

test("`ruleboard illegal` is marked for the preview CSS; the theme option names the colours", () => {
  const text = readFileSync(join(FIXTURES, "illegal.md"), "utf8");
  const [block] = findScenarioBlocks(text);
  const light = renderFence(extendMarkdownIt(standIn()), { info: "ruleboard illegal", content: block.text, map: [4, 23] });
  assert.ok(
    light.startsWith('<div class="ruleboard-markdown-board code-line" data-line="4" data-ruleboard-theme="light" data-ruleboard-illegal="true"><svg '),
    light.slice(0, 200),
  );
  const dark = renderFence(extendMarkdownIt(standIn(), { theme: "dark" }), { info: "scenario", content: block.text, map: null });
  assert.equal(dark, `<div class="ruleboard-markdown-board code-line" data-ruleboard-theme="dark">${expectedSvg(block.text, "dark")}</div>\n`);
});

test("a block that does not parse becomes an escaped error box with Markdown line numbers", () => {
  const content = 'scenario: "<script>alert(1)</script>"\nunits: [unclosed\n';
  // Fence on line 10, content on 11-12; the unclosed sequence is found at the end: the closing fence, line 13.
  const html = renderFence(extendMarkdownIt(standIn()), { info: "ruleboard", content, map: [9, 13] });
  assert.ok(
    html.startsWith(
      '<div class="ruleboard-markdown-error code-line" data-line="9" role="note"><p><strong>Ruleboard:</strong> this scenario cannot be read.</p><ul><li>line 13: ',
    ),
    html,
  );
  assert.ok(html.endsWith(`<pre><code>scenario: &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;\nunits: [unclosed\n</code></pre></div>\n`), html);
  assert.doesNotMatch(html, /<script/i);
  assert.match(html, /<code>yaml\.syntax<\/code><\/li>/);
});

test("hostile text in a scenario that parses is drawn escaped", () => {
  const content = [
    'scenario: "<script>alert(1)</script><img src=x onerror=alert(2)>"',
    "rules: 11e",
    "turn: red",
    "units:",
    "  a:",
    "    player: red",
    '    name: "<iframe src=//evil>"',
    "    base: 32",
    "    models:",
    "      a1: [5, 5]",
    "steps: []",
    "",
  ].join("\n");
  const html = renderFence(extendMarkdownIt(standIn()), { info: "ruleboard", content, map: [0, 13] });
  assert.match(html, /^<div class="ruleboard-markdown-board /);
  assert.doesNotMatch(html, /<script|<img|<iframe/i);
  assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
});

test("escapeHtml escapes the five characters of HTML text and attributes", () => {
  assert.equal(escapeHtml(`<a href="x" title='y'>&</a>`), "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
});
