// The renderer against hostile scenarios: every string from a scenario is escaped so no scenario
// can add markup, and the embedded source comes back exactly (including "]]>" and CR LF).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze, boardFrame } from "../../../shared/index";
import { extractSource, renderBoard } from "../../../shared/render/index";
import { escapeAttr, escapeText, num, wrap } from "../../../shared/render/svg-text";

/** Ids, names, players, title and note all carry markup, CDATA ends, ampersands and non-ASCII text. */
const HOSTILE = `scenario: "<script>alert(1)</script> & \\"><svg onload=alert(2)> ]]> Überfall ✓ 𝔘 \\a"
board: [20, 12]
turn: "r<b>"
objectives:
  "o\\"/><script>": [3, 3]
units:
  "u\\"><x>":
    player: "r<b>"
    name: "<script>x</script>\\"><svg onload=1>"
    base: 32
    models:
      "m<&>": [5, 5]
  v:
    player: "]]>&amp;"
    base: 60x35
    models:
      "v'1": { at: [8, 5], facing: 30 }
steps:
  - pile-in: "u\\"><x>"
    to:
      "m<&>": [6, 5]
    note: "<img src=x onerror=alert(3)> ]]> & done </ruleboard:source>"
`;

/** The element names the renderer writes; anything else would be injected markup. */
const ELEMENTS = new Set([
  "svg",
  "metadata",
  "ruleboard:source",
  "title",
  "rect",
  "g",
  "path",
  "circle",
  "ellipse",
  "text",
  "tspan",
  "polyline",
  "polygon",
  "line",
]);

/**
 * A strict check of the markup outside CDATA: every `<` opens or closes a known element whose
 * attributes are all `name="value"` with no raw `<` or `"` inside, and tags balance.
 */
function assertOnlyOwnMarkup(svg: string): void {
  const outside = svg.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, "");
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z:]+)((?:\s+[a-zA-Z:-]+="[^"<]*")*)\s*(\/?)>/y;
  let i = 0;
  while ((i = outside.indexOf("<", i)) >= 0) {
    tag.lastIndex = i;
    const m = tag.exec(outside);
    assert.ok(m, `unexpected markup at ${i}: ${outside.slice(i, i + 60)}`);
    assert.ok(ELEMENTS.has(m[2]), `unknown element <${m[2]}>`);
    for (const [, name] of m[3].matchAll(/\s([a-zA-Z:-]+)=/g)) assert.doesNotMatch(name, /^on/i, `event-handler attribute ${name}`);
    if (m[1]) assert.equal(stack.pop(), m[2], `unbalanced </${m[2]}>`);
    else if (!m[4]) stack.push(m[2]);
    i = tag.lastIndex;
  }
  assert.deepEqual(stack, []);
}

describe("renderBoard escaping", () => {
  const analysis = analyze(HOSTILE);
  const scenario = analysis.scenario!;

  it("the hostile scenario parses with its strings intact (so the test really feeds them to the renderer)", () => {
    assert.equal(scenario.units[0].id, 'u"><x>');
    assert.equal(scenario.units[0].models[0].id, "m<&>");
    assert.equal(scenario.title.endsWith("\u0007"), true);
  });

  for (const step of [undefined, 0]) {
    it(`writes no markup of the scenario's (${step === undefined ? "set-up" : "step 1"}, every theme)`, () => {
      for (const theme of ["light", "dark", "high-contrast", "print"] as const) {
        const svg = renderBoard(scenario, boardFrame(scenario, analysis.problems, step), { theme, halos: true, coherency: true, embedSource: HOSTILE });
        assertOnlyOwnMarkup(svg);
      }
    });
  }

  it("shows the strings escaped, as text", () => {
    const svg = renderBoard(scenario, boardFrame(scenario, analysis.problems, 0));
    // The title: markup escaped, non-ASCII kept, the bell character (not allowed in XML) replaced.
    assert.ok(svg.includes('<title>&lt;script&gt;alert(1)&lt;/script&gt; &amp; "&gt;&lt;svg onload=alert(2)&gt; ]]&gt; Überfall ✓ 𝔘 \uFFFD</title>'));
    assert.ok(svg.includes('data-model="m&lt;&amp;&gt;" data-unit="u&quot;&gt;&lt;x&gt;"'));
    assert.ok(svg.includes('data-model="v&#39;1"'));
    assert.ok(svg.includes('>&lt;script&gt;x&lt;/script&gt;"&gt;&lt;svg onload=1&gt;</text>'));
    // The note, wrapped onto two caption lines.
    assert.ok(svg.includes("&lt;img src=x onerror=alert(3)&gt; ]]&gt; &amp; done</text>"));
    assert.ok(svg.includes(">&lt;/ruleboard:source&gt;</text>"));
    assert.ok(svg.includes(">]]&gt;&amp;amp;</text>")); // the second player's name in the legend
  });

  it("escapes for text and for attributes", () => {
    assert.equal(escapeText(`a<b>&"c']]>`), `a&lt;b&gt;&amp;"c']]&gt;`);
    assert.equal(escapeAttr(`a<b>&"c'\n\t`), "a&lt;b&gt;&amp;&quot;c&#39;&#10;&#9;");
    assert.equal(escapeText("x\u0000y\uD800z\uDBFF\uDFFF"), "x\uFFFDy\uFFFDz\uDBFF\uDFFF");
  });

  it("formats numbers with two decimals at most and never -0", () => {
    assert.deepEqual([1.005, 2.5, -0.001, 3, 1e-9, 12.345678, Number.NaN].map(num), ["1", "2.5", "0", "3", "0", "12.35", "0"]);
  });

  it("wraps captions at spaces and cuts words longer than a line", () => {
    assert.deepEqual(wrap("aaa bbb ccc", 8 * 6, 10), ["aaa bbb", "ccc"]);
    assert.deepEqual(wrap("abcdefghijk", 8 * 6, 10), ["abcdefgh", "ijk"]);
    assert.deepEqual(wrap("one\ntwo", 1000, 10), ["one", "two"]);
  });
});

describe("embedded source", () => {
  const roundTrip = (source: string): string | undefined => {
    const a = analyze(HOSTILE);
    return extractSource(renderBoard(a.scenario!, boardFrame(a.scenario!, a.problems, 0), { embedSource: source }));
  };

  it("gives back the hostile scenario exactly (CDATA split round ]]>)", () => {
    const svg = renderBoard(analyze(HOSTILE).scenario!, boardFrame(analyze(HOSTILE).scenario!, [], undefined), { embedSource: HOSTILE });
    assert.match(svg, /<metadata><ruleboard:source xmlns:ruleboard="https:\/\/ruleboard\.dev\/ns\/svg\/1" encoding="cdata"><!\[CDATA\[/);
    assert.equal(extractSource(svg), HOSTILE);
  });

  it("gives back texts XML cannot carry as they are (base64): CR LF, controls, ]]> at the ends", () => {
    for (const source of ["a\r\nb\r\n", "bell \u0007 and nul \u0000", "]]>", "]]>]]>", "x]]", "]]]>", "", "𝔘 ✓ Ü\r", "</ruleboard:source>]]>"]) {
      assert.equal(roundTrip(source), source, JSON.stringify(source));
    }
    const a = analyze(HOSTILE);
    assert.match(renderBoard(a.scenario!, boardFrame(a.scenario!, [], undefined), { embedSource: "a\r\nb" }), /encoding="base64">YQ0KYg==<\/ruleboard:source>/);
  });

  it("is absent unless asked for, and extractSource says so", () => {
    const a = analyze(HOSTILE);
    const svg = renderBoard(a.scenario!, boardFrame(a.scenario!, [], undefined));
    assert.equal(svg.includes("<metadata>"), false);
    assert.equal(extractSource(svg), undefined);
    assert.equal(extractSource('<svg><metadata><ruleboard:source encoding="cdata">not cdata</ruleboard:source></metadata></svg>'), undefined);
    assert.equal(extractSource('<svg><metadata><ruleboard:source encoding="base64">@@@@</ruleboard:source></metadata></svg>'), undefined);
  });
});
