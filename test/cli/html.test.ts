// `ruleboard render --html` through the built CLI: the page of a scenario (one board per step and
// the set-up, labels, notes, verdicts), its Content-Security-Policy and the hashes in it, the same
// bytes on every run, a hostile scenario that appears only escaped, `render --markdown --html` (one
// board per block), `--rules`, and the usage errors byte for byte.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { sha256Base64 } from "../../shared/render/index";
import { cliSandbox, ROOT, usageError } from "../helpers/cli";

const { dir, run, write } = cliSandbox("ruleboard-cli-html-");
const OVERRUN = path.join(ROOT, "examples", "overrun-fight.scenario.yaml");
const ILLEGAL_PILE_IN = path.join(ROOT, "examples", "illegal-pile-in.scenario.yaml");
const MARKDOWN = path.join(ROOT, "test", "fixtures", "markdown");

const count = (text: string, needle: string | RegExp): number =>
  typeof needle === "string" ? text.split(needle).length - 1 : (text.match(new RegExp(needle.source, `${needle.flags.replace("g", "")}g`)) ?? []).length;
const sha256 = (text: string): string => createHash("sha256").update(text, "utf8").digest("base64");

/** The policy of the page's `<meta http-equiv="Content-Security-Policy">`, split into directives. */
function policyOf(page: string): Map<string, string[]> {
  const metas = page.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/g) ?? [];
  assert.equal(metas.length, 1, "one policy");
  const content = /content="([^"]*)"/.exec(metas[0])![1];
  return new Map(
    content.split(";").map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

/** The one inline script and the one inline style of the page, exactly as written between their tags. */
function inlineCode(page: string): { script: string; style: string } {
  assert.equal(count(page, "<script"), 1, "one script element");
  assert.equal(count(page, "<style"), 1, "one style element");
  return { script: /<script>([\s\S]*?)<\/script>/.exec(page)![1], style: /<style>([\s\S]*?)<\/style>/.exec(page)![1] };
}

/** What every page must be: one strict policy whose hashes are those of its one script and style, nothing remote. */
function assertSelfContained(page: string): void {
  assert.ok(page.startsWith('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy"'));
  const policy = policyOf(page);
  const all = [...policy.values()].flat();
  assert.ok(!all.includes("'unsafe-inline'") && !all.includes("'unsafe-eval'"), "no unsafe-inline or unsafe-eval");
  assert.ok(!all.some((s) => /^https?:|^\*|^'self'$|^data:$/.test(s) && s !== "data:"), JSON.stringify(all));
  assert.ok(!/https?:/.test([...policy.values()].flat().join(" ")), "no http(s) source");
  assert.deepEqual(policy.get("default-src"), ["'none'"]);
  assert.deepEqual(policy.get("img-src"), ["data:"]);
  const { script, style } = inlineCode(page);
  assert.deepEqual(policy.get("script-src"), [`'sha256-${sha256(script)}'`], "the script's sha256");
  assert.deepEqual(policy.get("style-src"), [`'sha256-${sha256(style)}'`], "the style's sha256");
  // Nothing else could run or load: no event handler or style attribute, no link, no URL but the SVG namespace.
  const names = attributeNames(page);
  assert.deepEqual(
    names.filter((n) => /^on|^style$|^(href|src|srcset|xlink:href|action|formaction|background|poster|ping)$/i.test(n)),
    [],
  );
  assert.doesNotMatch(page, /<(link|iframe|object|embed|img|image|use|foreignObject|base|form|a)\b/i);
  assert.deepEqual([...new Set(page.match(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>)]*/gi) ?? [])], ["http://www.w3.org/2000/svg"]);
}

/**
 * Every attribute name of every tag. Scenario text is escaped, so every `<` opens one of the page's
 * own tags and every `"` delimits one of its attribute values: taking the values out leaves the names.
 */
function attributeNames(page: string): string[] {
  const names = new Set<string>();
  for (const [tag] of page.matchAll(/<[a-zA-Z][^>]*>/g)) {
    const bare = tag
      .replace(/="[^"]*"/g, "")
      .replace(/^<[^\s>]+/, "")
      .replace(/\/?>$/, "");
    for (const name of bare.split(/\s+/)) if (name !== "") names.add(name);
  }
  return [...names].sort();
}

/** The labels of the step panels, in order. */
const labelsOf = (page: string): string[] => [...page.matchAll(/<article class="rb-step" data-index="\d+" data-label="([^"]*)">/g)].map((m) => m[1]);

test("sha256Base64 (plain code, for shared/) agrees with node:crypto", () => {
  for (const s of ["", "abc", "a".repeat(55), "a".repeat(56), "a".repeat(64), "x".repeat(1000), "é — 𝄞 \u{1F600} ✓", "line\nbreak\r\n"]) {
    assert.equal(sha256Base64(s), sha256(s), JSON.stringify(s.slice(0, 20)));
  }
  assert.equal(sha256Base64("abc"), "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=");
});

test("render --html: the overrun fight as one page, a board per step and the set-up, under a strict policy", () => {
  const r = run("render", OVERRUN, "--html", "--out", "pages/overrun.html");
  assert.deepEqual(r, { code: 0, stdout: path.join("pages", "overrun.html") + "\n", stderr: "" });
  const page = fs.readFileSync(path.join(dir, "pages", "overrun.html"), "utf8");
  assertSelfContained(page);
  assert.equal(count(page, "<svg"), 6, "five steps and the set-up");
  assert.equal(count(page, "</svg>"), 6);
  assert.equal(count(page, '<section class="rb-board"'), 1);
  assert.equal(count(page, '<input type="range" class="rb-slider" min="0" max="5" step="1" value="0"'), 1);
  assert.equal(count(page, '<button type="button" class="rb-prev"'), 1);
  assert.equal(count(page, '<button type="button" class="rb-next"'), 1);
  assert.deepEqual(labelsOf(page), [
    "Set-up",
    "Step 1 of 5: fight Monster",
    "Step 2 of 5: remove t1",
    "Step 3 of 5: fight Assault squad",
    "Step 4 of 5: remove e1, e2",
    "Step 5 of 5: fight Disembarked squad",
  ]);
  assert.match(page, /<title>Overrun fight after the transport is destroyed<\/title>/);
  assert.match(page, /<h1>Overrun fight after the transport is destroyed<\/h1>/);
  assert.match(page, /<p class="rb-note">1\. Red selects the Monster, a Fights First unit\. It makes a normal fight and destroys the Transport\.<\/p>/);
  assert.match(page, /<p class="rb-note">The overrun fight destroys two enemy models\.<\/p>/);
  assert.equal(count(page, '<p class="rb-verdict rb-verdict-legal">'), 6, "a legal scenario: every verdict legal");
  // Without script every step is shown; the script hides all but one (the browser test sees it).
  assert.doesNotMatch(page, /<article[^>]* hidden/);
  assert.match(page, /<div class="rb-controls" hidden>/);
  // The SVGs are the renderer's, one per step, step by step (data-step is 0-based, absent for the set-up).
  const steps = [...page.matchAll(/<svg [^>]*>/g)].map((m) => /data-step="(\d+)"/.exec(m[0])?.[1]);
  assert.deepEqual(steps, [undefined, "0", "1", "2", "3", "4"]);
});

test("render --html: the same bytes on every run, and without --out the page goes to stdout", () => {
  const a = run("render", OVERRUN, "--html", "--out", "a.html");
  const b = run("render", OVERRUN, "--html", "--out", "b.html");
  assert.equal(a.code, 0);
  assert.equal(b.code, 0);
  const bytesA = fs.readFileSync(path.join(dir, "a.html"));
  assert.ok(bytesA.equals(fs.readFileSync(path.join(dir, "b.html"))));
  const stdout = run("render", OVERRUN, "--html");
  assert.equal(stdout.code, 0);
  assert.equal(stdout.stderr, "");
  assert.equal(stdout.stdout, bytesA.toString("utf8"));
  // --theme changes the page and its style's hash, and is still deterministic.
  const dark = run("render", OVERRUN, "--html", "--theme", "dark").stdout;
  assertSelfContained(dark);
  assert.notEqual(dark, stdout.stdout);
  assert.match(dark, /<body class="rb-theme-dark">/);
  assert.match(dark, /data-theme="dark"/);
  assert.equal(dark, run("render", OVERRUN, "--theme=dark", "--html").stdout);
});

test("render --html: an illegal: step's finding is marked expected, with its code and the rule it cites", () => {
  const r = run("render", ILLEGAL_PILE_IN, "--html");
  assert.equal(r.code, 0);
  assertSelfContained(r.stdout);
  assert.equal(count(r.stdout, "<svg"), 2);
  assert.match(r.stdout, /<p class="rb-verdict rb-verdict-expected">Illegal, as expected: the scenario marks it so\.<\/p>/);
  assert.match(
    r.stdout,
    /<li class="rb-finding rb-expected"><span class="rb-tag">expected<\/span> <code>move\.too-far<\/code> <span class="rb-message">this pile-in moves r1 3\.4&quot;, the limit is 3&quot; \(11e 12\.03\)<\/span> <cite>11e 12\.03<\/cite><\/li>/,
  );
});

test("render --html --rules: judged under another system (the overrun fight's pile-in misses contact under 10e)", () => {
  const own = run("render", OVERRUN, "--html").stdout;
  const tenth = run("render", OVERRUN, "--html", "--rules", "10e");
  assert.equal(tenth.code, 0);
  assertSelfContained(tenth.stdout);
  assert.doesNotMatch(own, /move\.missed-contact/);
  assert.equal(count(tenth.stdout, '<p class="rb-verdict rb-verdict-illegal">'), 1);
  assert.match(tenth.stdout, /<code>move\.missed-contact<\/code> <span class="rb-message">[^<]*\(10e Pile In\)<\/span> <cite>10e Pile In<\/cite>/);
  // --rules is render's option too: the SVG of the last step under 10e is that step's panel's.
  const svg = run("render", OVERRUN, "--step", "3", "--rules", "10e").stdout;
  assert.match(svg, /move\.missed-contact/);
  assert.deepEqual(run("render", OVERRUN, "--html", "--rules", "12e").code, 2);
});

const PAYLOADS = [
  "</script><script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "</svg><script>alert(2)</script>",
  "'><svg onload=alert(3)>",
  "&amp; <!-- -->",
];
const HOSTILE = `scenario: '${PAYLOADS.join(" ").replace(/'/g, "''")}'
description: '${PAYLOADS.join(" ").replace(/'/g, "''")}'
rules: 11e
board: [24, 12]
turn: red
phase: movement
units:
  a:
    player: red
    name: '${PAYLOADS[0]}${PAYLOADS[1].replace(/'/g, "''")}'
    base: 32
    move: 6
    models:
      a1: [3, 3]
  b:
    player: blue
    name: '${PAYLOADS[2]}${PAYLOADS[3].replace(/'/g, "''")}'
    base: 32
    models:
      b1: [20, 10]
steps:
  - move: a
    type: normal
    to:
      a1: [9.5, 3]
    note: '${PAYLOADS.join(" ").replace(/'/g, "''")}'
`;

test("render --html: a hostile scenario appears only escaped, and the page stays self-contained", () => {
  write("hostile.scenario.yaml", HOSTILE);
  const r = run("render", "hostile.scenario.yaml", "--html");
  assert.equal(r.code, 0, r.stderr);
  const page = r.stdout;
  assertSelfContained(page);
  assert.equal(count(page, "<svg"), 2, "only the renderer's two SVGs");
  assert.equal(count(page, "</svg>"), 2);
  assert.equal(count(page, "</script>"), 1);
  assert.doesNotMatch(page, /<img|<svg onload|alert\(\d\)<\/script>|<!-- -->/);
  // Every payload is there, escaped: in the title, the heading, the description, the note, the label, the SVG.
  const escaped =
    "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img src=x onerror=alert(1)&gt; &lt;/svg&gt;&lt;script&gt;alert(2)&lt;/script&gt; &#39;&gt;&lt;svg onload=alert(3)&gt; &amp;amp; &lt;!-- --&gt;";
  assert.ok(page.includes(`<title>${escaped}</title>`));
  assert.ok(page.includes(`<h1>${escaped}</h1>`));
  assert.ok(page.includes(`<p class="rb-description">${escaped}</p>`));
  assert.ok(page.includes(`<p class="rb-note">${escaped}</p>`));
  assert.ok(page.includes('data-label="Step 1 of 1: move &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"'));
  assert.ok(page.includes('aria-label="Step of &lt;/script&gt;'));
  // The move is too far: its finding is listed and escaped too.
  assert.match(page, /<code>move\.too-far<\/code>/);
  // Take every escaped payload out: no `<` of the scenario is left outside the page's own markup.
  const tags = new Set([...page.matchAll(/<\/?([a-zA-Z][\w:-]*)/g)].map((m) => m[1]));
  for (const t of tags) {
    assert.ok(
      /^(html|head|meta|title|style|body|main|h1|h2|h3|section|p|div|button|input|output|article|ul|li|span|code|cite|script|svg|g|rect|line|circle|ellipse|path|polygon|polyline|text|tspan|title|desc|defs|marker|pattern|clipPath|metadata)$/.test(
        t,
      ),
      t,
    );
  }
});

test("render --markdown --html: one page, one board with its own slider per block, under the document's heading", () => {
  write("docs/three-boards.md", fs.readFileSync(path.join(MARKDOWN, "three-boards.md"), "utf8"));
  const r = run("render", "--markdown", "docs/three-boards.md", "--html", "--out", "docs/three.html");
  assert.deepEqual(r, { code: 0, stdout: path.join("docs", "three.html") + "\n", stderr: "" });
  const page = fs.readFileSync(path.join(dir, "docs", "three.html"), "utf8");
  assertSelfContained(page);
  assert.equal(count(page, '<section class="rb-board"'), 3);
  assert.equal(count(page, 'class="rb-slider"'), 3);
  assert.equal(count(page, "<svg"), 6, "each block's set-up and its one step");
  assert.match(page, /<title>Movement, three boards<\/title>/);
  assert.deepEqual(
    [...page.matchAll(/<p class="rb-caption">([^<]*)<\/p>\n<h2 id="rb-board-(\d)-title">([^<]*)<\/h2>/g)].map((m) => [m[1], m[2], m[3]]),
    [
      ["Block 1, line 5", "1", "A legal normal move"],
      ["Block 2, line 30", "2", "A normal move too far"],
      ["Block 3, line 53", "3", "An advance"],
    ],
  );
  assert.equal(count(page, '<p class="rb-verdict rb-verdict-illegal">'), 1, "the second block's move is too far");
  assert.equal(page, run("render", "--html", "--markdown=docs/three-boards.md").stdout, "the same bytes to stdout");

  // An illegal block's findings are expected; a block marked illegal that breaks nothing says so.
  write("illegal.md", fs.readFileSync(path.join(MARKDOWN, "illegal.md"), "utf8"));
  const illegal = run("render", "--markdown", "illegal.md", "--html");
  assert.equal(illegal.code, 0);
  assertSelfContained(illegal.stdout);
  assert.equal(count(illegal.stdout, '<section class="rb-board"'), 2);
  assert.match(illegal.stdout, /<title>Illegal examples<\/title>/);
  assert.match(illegal.stdout, /<li class="rb-finding rb-expected"><span class="rb-tag">expected<\/span> <code>move\.too-far<\/code>/);
  assert.equal(count(illegal.stdout, '<p class="rb-verdict rb-verdict-expected">'), 1);
  assert.match(
    illegal.stdout,
    /<h2 id="rb-board-2-title">Legal after all<\/h2>\n<ul class="rb-findings rb-remarks">\n<li class="rb-finding rb-error"><span class="rb-tag">error<\/span> <code>expect\.unmet<\/code> <span class="rb-message">this block is marked illegal but breaks no rule<\/span><\/li>/,
  );
});

test("render --markdown --html: an unreadable block is reported and stands as a notice; the others are drawn, exit 1", () => {
  const fine = "scenario: Fine\nboard: [10, 10]\nturn: red\nunits:\n  a:\n    player: red\n    base: 32\n    models:\n      a1: [3, 3]\n";
  write("broken.md", `# Broken\n\n\`\`\`ruleboard\nscenario: [unclosed\n\`\`\`\n\n\`\`\`ruleboard\n${fine}\`\`\`\n`);
  const r = run("render", "--markdown", "broken.md", "--html", "--out", "broken.html");
  assert.equal(r.code, 1);
  assert.equal(r.stdout, "broken.html\n");
  assert.match(r.stderr, /ruleboard: cannot render block 1 of broken\.md \(line 3\): the scenario cannot be read\n$/);
  const page = fs.readFileSync(path.join(dir, "broken.html"), "utf8");
  assertSelfContained(page);
  assert.match(page, /<p class="rb-notice" role="note">Block 1 \(line 3\) cannot be read as a scenario: ruleboard check says why\.<\/p>/);
  assert.equal(count(page, '<section class="rb-board"'), 1);
  assert.equal(count(page, "<svg"), 1);
  // A document without blocks: nothing to draw (exit 2), as render --markdown.
  write("none.md", "# Nothing\n");
  assert.deepEqual(run("render", "--markdown", "none.md", "--html"), {
    code: 2,
    stdout: "",
    stderr: "ruleboard: none.md has no ```ruleboard or ```scenario blocks to render\n",
  });
});

test("render --html: an unreadable scenario writes no page (exit 1); a missing file or unwritable page exits 2", () => {
  write("bad.scenario.yaml", "scenario: [unclosed\n");
  const bad = run("render", "bad.scenario.yaml", "--html", "--out", "bad.html");
  assert.equal(bad.code, 1);
  assert.equal(bad.stdout, "");
  assert.match(bad.stderr, /ruleboard: cannot render bad\.scenario\.yaml: the scenario cannot be read\n$/);
  assert.ok(!fs.existsSync(path.join(dir, "bad.html")));
  assert.deepEqual(run("render", "missing.scenario.yaml", "--html"), {
    code: 2,
    stdout: "",
    stderr: "ruleboard: cannot read missing.scenario.yaml: no such file or directory\n",
  });
  write("a-file", "x");
  const unwritable = run("render", OVERRUN, "--html", "--out", "a-file/page.html");
  assert.equal(unwritable.code, 2);
  assert.match(unwritable.stderr, /^ruleboard: cannot write a-file\/page\.html: /);
});

test("render --html: usage errors, byte for byte", () => {
  write("a.scenario.yaml", "scenario: A\n");
  write("d.md", "# D\n");
  const cases: [string[], string][] = [
    [["render", "a.scenario.yaml", "--html", "--all"], "options --html and --all cannot be used together (the page shows the set-up and every step)"],
    [
      ["render", "a.scenario.yaml", "--html", "--all", "--out", "x"],
      "options --html and --all cannot be used together (the page shows the set-up and every step)",
    ],
    [
      ["render", "a.scenario.yaml", "--html", "--format", "png", "--out", "x.png"],
      "options --html and --format png cannot be used together (the page holds SVG)",
    ],
    [["render", "a.scenario.yaml", "--format=png", "--html"], "options --html and --format png cannot be used together (the page holds SVG)"],
    [["render", "a.scenario.yaml", "--html", "--step", "1"], "options --html and --step cannot be used together (the page shows every step)"],
    [["render", "a.scenario.yaml", "--html", "--region", "a1"], "options --html and --region cannot be used together"],
    [["render", "a.scenario.yaml", "--html=yes"], "option --html takes no value"],
    [["render", "--html"], "render needs exactly one scenario file"],
    [["render", "a.scenario.yaml", "b.scenario.yaml", "--html"], "render needs exactly one scenario file"],
    [["render", "--extract", "x.svg", "--html"], "render --extract takes no other option (got --html)"],
    [["render", "--markdown", "d.md", "--html", "--format", "png"], "options --html and --format png cannot be used together (the page holds SVG)"],
    [["render", "--markdown", "d.md", "--html", "--all"], "render --markdown draws each block after its last step; --all is for one scenario file"],
    [["render", "--markdown", "d.md", "--html", "--bogus"], "unknown option '--bogus' for render"],
    [["render", "a.scenario.yaml", "--html", "--rules", "11e", "--rules", "10e"], "option --rules is given twice"],
    [["check", "a.scenario.yaml", "--html"], "unknown option '--html'"],
  ];
  for (const [args, reason] of cases) assert.deepEqual(run(...args), usageError(reason), args.join(" "));
  // An unknown system is found when the command runs: the same one line and hint, exit 2.
  for (const args of [
    ["render", "a.scenario.yaml", "--html", "--rules", "12e"],
    ["render", "--markdown", "d.md", "--html", "--rules", "12e"],
    ["render", "a.scenario.yaml", "--rules", "12e"],
  ]) {
    const r = run(...args);
    assert.equal(r.code, 2, args.join(" "));
    assert.equal(r.stdout, "");
    assert.match(r.stderr, /^ruleboard: unknown rules system '12e' \(known: 11e, 10e[^)]*\)\nRun 'ruleboard --help' for usage\.\n$/);
  }
});
