// The docs-site plugins (docs-plugins/: `ruleboard/markdown-it`, `ruleboard/remark`) with the real
// libraries: markdown-it, and unified with remark-parse → the plugin → remark-rehype →
// rehype-stringify. A document with three ```ruleboard blocks gives three figures in order, each
// holding the very SVG `ruleboard render --markdown` writes for its block; the illegal one is
// marked; a broken block is an error box at its Markdown line; every other fence comes out as the
// library renders it without the plugin, byte for byte; both plugins give the same figures.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import MarkdownIt from "markdown-it";
import ruleboardMarkdownIt from "../../docs-plugins/markdown-it";
import ruleboardRemark, { type MdastNodeLike } from "../../docs-plugins/remark";
import { renderRuleboardBlock, resolveOptions } from "../../docs-plugins/render-block";
import { analyze, boardFrame } from "../../shared/index";
import { findScenarioBlocks } from "../../shared/markdown/index";
import { renderBoard } from "../../shared/render/index";
import { cliSandbox, ROOT } from "../helpers/cli";

const FIXTURES = path.join(ROOT, "test", "fixtures", "docs-plugins");
const THREE = fs.readFileSync(path.join(FIXTURES, "three-boards.md"), "utf8");
const BROKEN = fs.readFileSync(path.join(FIXTURES, "broken.md"), "utf8");
const sandbox = cliSandbox("ruleboard-docs-plugins-");

/** The figures of an HTML page, in order (an SVG never holds `</figure>`: its text is escaped). */
const figures = (html: string): string[] => html.match(/<figure class="ruleboard[^]*?<\/figure>/g) ?? [];
const errorBoxes = (html: string): string[] => html.match(/<div class="ruleboard-error"[^]*?<\/div>/g) ?? [];

/**
 * What `ruleboard render --markdown` draws for a block (cli/render/run-markdown.ts): its last step,
 * through renderBoard, but without the source embedded: in a page, the embedded text would be raw
 * markup in a CDATA section, whose `<img src>` Chromium's preload scanner fetches (see the browser test).
 */
function cliSvg(text: string, options: { rules?: string; rulings?: string[] } = {}): string {
  const analysis = analyze(text, options);
  const scenario = analysis.scenario!;
  const last = scenario.steps.length === 0 ? undefined : scenario.steps[scenario.steps.length - 1].index;
  return renderBoard(scenario, boardFrame(scenario, analysis.problems, last, options), { theme: "light", ...options }).trimEnd();
}

/** The SVG inside a figure, exactly as it is written there. */
function svgOf(figure: string): string {
  const start = figure.indexOf("<svg");
  const end = figure.lastIndexOf("</svg>");
  assert.ok(start > 0 && end > start, "the figure holds an SVG");
  return figure.slice(start, end + "</svg>".length);
}

function markdownIt(options?: Parameters<typeof ruleboardMarkdownIt>[1]) {
  return new MarkdownIt({ html: true }).use(ruleboardMarkdownIt, options);
}

/** unified: remark-parse → (the plugin) → remark-rehype → rehype-stringify, raw HTML allowed as a docs site does. */
async function remark(markdown: string, options?: Parameters<typeof ruleboardRemark>[0] | false): Promise<string> {
  const [{ unified }, { default: remarkParse }, { default: remarkRehype }, { default: rehypeStringify }] = await Promise.all([
    import("unified"),
    import("remark-parse"),
    import("remark-rehype"),
    import("rehype-stringify"),
  ]);
  const base = unified().use(remarkParse);
  const withPlugin = options === false ? base : base.use(ruleboardRemark, options);
  const file = await withPlugin.use(remarkRehype, { allowDangerousHtml: true }).use(rehypeStringify, { allowDangerousHtml: true }).process(markdown);
  return String(file);
}

const BLOCKS = findScenarioBlocks(THREE);

test("the fixture has three scenario blocks, the second with an illegal: step", () => {
  assert.equal(BLOCKS.length, 3);
  assert.match(BLOCKS[1].text, /illegal: \[move\.too-far\]/);
});

for (const [name, render] of [
  ["markdown-it", async (md: string) => markdownIt().render(md)],
  ["remark", (md: string) => remark(md)],
] as const) {
  test(`${name}: three blocks give three figures, in order, each with the SVG the CLI renders, byte for byte`, async () => {
    const html = await render(THREE);
    const found = figures(html);
    assert.equal(found.length, 3);
    found.forEach((figure, i) => assert.equal(svgOf(figure), cliSvg(BLOCKS[i].text), `figure ${i + 1}`));
    // No other SVG on the page: as many root <svg as the three boards hold.
    const roots = (s: string) => s.split("<svg").length - 1;
    assert.equal(
      roots(html),
      BLOCKS.reduce((n, b) => n + roots(cliSvg(b.text)), 0),
    );
    // Titles in order, as the scenarios name them.
    assert.deepEqual(
      found.map((f) => /<span class="ruleboard-title">([^<]*)<\/span>/.exec(f)?.[1]),
      ["Coherency and engagement (11e 03.03, 03.04)", "FAQ: can this model pile in 3.4 inches?", analyze(BLOCKS[2].text).scenario!.title],
    );
  });

  test(`${name}: the illegal block is marked, its finding expected at its Markdown line; the others check`, async () => {
    const found = figures(await render(THREE));
    assert.deepEqual(
      found.map((f) => [f.includes('data-ruleboard-illegal="true"'), /ruleboard-verdict-(\w+)/.exec(f)?.[1]]),
      [
        [false, "checks"],
        [true, "expected"],
        [false, "checks"],
      ],
    );
    assert.match(found[1], /^<figure class="ruleboard ruleboard-illegal" data-ruleboard-theme="light" data-ruleboard-illegal="true" v-pre>/);
    // `ruleboard check` puts the finding on line 86 of the document; so does the figure.
    assert.match(
      found[1],
      /<ul class="ruleboard-findings"><li class="ruleboard-finding ruleboard-finding-expected">line 86: expected: this pile-in moves r1 3\.4&quot;, the limit is 3&quot; \(11e 12\.03\) <code>move\.too-far<\/code><\/li><\/ul>/,
    );
    assert.doesNotMatch(found[0], /ruleboard-findings/);
  });

  test(`${name}: every fence that is not a scenario comes out as without the plugin, byte for byte`, async () => {
    const plain = name === "markdown-it" ? new MarkdownIt({ html: true }).render(THREE) : await remark(THREE, false);
    const html = await render(THREE);
    // Without the plugin, the three scenario blocks are code blocks; put one mark in place of each, and of each figure.
    const marked = (s: string, re: RegExp) => s.replace(re, "\u0000BOARD\u0000");
    const withoutPlugin = marked(plain, /<pre><code class="language-ruleboard">[^]*?<\/code><\/pre>/g);
    const withPlugin = marked(html, /<figure class="ruleboard[^]*?<\/figure>/g);
    assert.equal(withoutPlugin.split("\u0000BOARD\u0000").length, 4);
    assert.equal(withPlugin, withoutPlugin);
    assert.match(html, /<pre><code class="language-python">print\(/);
  });

  test(`${name}: a document without scenario blocks is untouched`, async () => {
    const md = "# Title\n\n```yaml\na: 1\n```\n\n~~~\n<x>\n~~~\n\n```rulebook\nnot ours\n```\n";
    const plain = name === "markdown-it" ? new MarkdownIt({ html: true }).render(md) : await remark(md, false);
    assert.equal(await render(md), plain);
  });

  test(`${name}: broken blocks: an error box at the Markdown line, an error listed, an illegal block that breaks nothing, a step not there`, async () => {
    const html = await render(BROKEN);
    const boxes = errorBoxes(html);
    assert.equal(boxes.length, 2);
    // The YAML breaks on the block's fifth line, line 10 of the document, where `ruleboard check` reports it.
    assert.match(
      boxes[0],
      /<strong>Ruleboard:<\/strong> this scenario cannot be read\.<\/p><ul><li>line 10: Flow sequence in block collection[^<]*<code>yaml\.syntax<\/code><\/li>/,
    );
    assert.match(boxes[0], /<pre><code>scenario: Broken YAML\n[^]*a1: \[3, 3 \} \}\nsteps: \[\]\n<\/code><\/pre>/);
    assert.match(boxes[1], /Ruleboard:<\/strong> step 4 is not one of its 1 step \(0 is the set-up\)\./);
    const found = figures(html);
    assert.equal(found.length, 2);
    assert.match(found[0], /ruleboard-verdict-illegal/);
    assert.match(
      found[0],
      /<li class="ruleboard-finding ruleboard-finding-error">line 33: error: this normal move moves a1 6\.5&quot;, the limit is 6&quot; \(11e 09\.05\) <code>move\.too-far<\/code><\/li>/,
    );
    assert.match(found[1], /data-ruleboard-illegal="true"/);
    assert.match(
      found[1],
      /<li class="ruleboard-finding ruleboard-finding-error">line 38: error: this block is marked illegal but breaks no rule <code>expect\.unmet<\/code><\/li>/,
    );
  });

  test(`${name}: options: rules, step, theme, findings`, async () => {
    const md = "```ruleboard\n" + BLOCKS[1].text + "```\n";
    const opts = { rules: "10e", step: 0, theme: "dark", findings: false } as const;
    const html = name === "markdown-it" ? markdownIt(opts).render(md) : await remark(md, opts);
    const [figure] = figures(html);
    const a = analyze(BLOCKS[1].text, { rules: "10e", rulings: [] });
    const setup = renderBoard(a.scenario!, boardFrame(a.scenario!, a.problems, undefined, { rules: "10e", rulings: [] }), {
      theme: "dark",
      rules: "10e",
      rulings: [],
    });
    assert.equal(svgOf(figure), setup.trimEnd());
    assert.match(figure, /data-ruleboard-theme="dark"/);
    assert.doesNotMatch(figure, /ruleboard-findings/);
    assert.match(figure, /ruleboard-verdict-/);
  });
}

test("both plugins give the same figures and error boxes", async () => {
  for (const doc of [THREE, BROKEN]) {
    const a = markdownIt().render(doc);
    const b = await remark(doc);
    assert.deepEqual(figures(b), figures(a));
    assert.deepEqual(errorBoxes(b), errorBoxes(a));
  }
});

test("the figures hold the SVG files `ruleboard render --markdown` writes, less the embedded source", () => {
  const { dir, run, write } = sandbox;
  write("docs/three.md", THREE);
  const r = run("render", "--markdown", "docs/three.md", "--out", "boards");
  assert.equal(r.code, 0, r.stderr);
  const found = figures(markdownIt().render(THREE));
  ["01", "02", "03"].forEach((n, i) => {
    const written = fs.readFileSync(path.join(dir, "boards", `${n}-three.svg`), "utf8").trimEnd();
    const source = /<metadata><ruleboard:source [^]*?<\/metadata>/.exec(written);
    assert.ok(source, "the CLI embeds the source");
    assert.equal(svgOf(found[i]), written.replace(source[0], ""));
    assert.doesNotMatch(found[i], /<metadata>|CDATA/);
  });
});
test("a step the info string names is drawn; step=0 the set-up", () => {
  const options = resolveOptions();
  const text = BLOCKS[1].text;
  const a = analyze(text);
  const setup = renderBoard(a.scenario!, boardFrame(a.scenario!, a.problems, undefined), { theme: "light" }).trimEnd();
  assert.equal(svgOf(renderRuleboardBlock(text, { info: "ruleboard step=0" }, options)), setup);
  assert.equal(svgOf(renderRuleboardBlock(text, { info: "ruleboard step=1" }, options)), cliSvg(text));
});

test("without a known fence line, findings say the block's line; a text without a final line end is the same block", () => {
  const options = resolveOptions();
  const broken = "scenario: x\nscenario: y\n";
  assert.match(renderRuleboardBlock(broken, { info: "ruleboard" }, options), /<li>block line 2: duplicate key/);
  const text = BLOCKS[0].text;
  assert.equal(renderRuleboardBlock(text.slice(0, -1), { info: "ruleboard" }, options), renderRuleboardBlock(text, { info: "ruleboard" }, options));
});

test("wrong options throw at set-up, with the reason; a block never throws", () => {
  assert.throws(() => markdownIt({ rules: "9e" }), /ruleboard: the rules option: unknown rules system '9e'/);
  assert.throws(() => markdownIt({ theme: "neon" as never }), /unknown theme "neon"/);
  assert.throws(() => markdownIt({ step: -1 }), /the step option/);
  assert.throws(() => ruleboardRemark.call(undefined, { rules: "11e+nope" }), /unknown ruling 'nope'/);
  for (const text of ["", "\u0000", "]]>", "- a\n- b\n", "scenario: [", "```\n", "a: &a [*a]\n"]) {
    assert.match(renderRuleboardBlock(text, { info: "ruleboard" }, resolveOptions()), /^<(figure class="ruleboard|div class="ruleboard-error")/);
  }
});

test("remark: inside MDX (remark-mdx attached), a block becomes a JSX element holding the same HTML, never JSX of its own", () => {
  // A processor whose mdast extensions read JSX, as remark-mdx's do (Docusaurus).
  const processor = { data: () => ({ fromMarkdownExtensions: [[{ enter: { mdxJsxFlowTag() {} } }]] }) };
  const code: MdastNodeLike = { type: "code", lang: "ruleboard", meta: null, value: BLOCKS[0].text, position: { start: { line: 20 } } };
  const tree: MdastNodeLike = { type: "root", children: [{ type: "blockquote", children: [code] }] };
  ruleboardRemark.call(processor)(tree);
  const node = tree.children![0].children![0];
  assert.equal(node.type, "mdxJsxFlowElement");
  assert.equal(node.name, "div");
  const [className, inner] = node.attributes as { name: string; value: unknown }[];
  assert.deepEqual(className, { type: "mdxJsxAttribute", name: "className", value: "ruleboard-mdx" });
  assert.equal(inner.name, "dangerouslySetInnerHTML");
  const value = inner.value as { value: string; data: { estree: { body: { expression: { properties: { value: { value: string } }[] } }[] } } };
  const html = renderRuleboardBlock(BLOCKS[0].text, { info: "ruleboard", fenceLine: 19 }, resolveOptions());
  assert.equal(value.data.estree.body[0].expression.properties[0].value.value, html);
  assert.equal(value.value, `{__html: ${JSON.stringify(html)}}`);
  // Without MDX (or with `mdx: false`), an html node.
  const again: MdastNodeLike = { type: "root", children: [{ ...code }] };
  ruleboardRemark.call(processor, { mdx: false })(again);
  assert.deepEqual(again.children![0], { type: "html", value: html, position: { start: { line: 20 } } });
});
