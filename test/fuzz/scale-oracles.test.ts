// The oracles of `npm run fuzz` must be able to fail: the XML well-formedness check and the render
// checks are each shown inputs they have to flag and a real rendering they have to pass; the pool
// must turn a hang into a finding and carry on.
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyze, boardFrame, renderBoard } from "../../shared/index";
import { generateScenario, SMALL_SCENARIO } from "../helpers/generate-scenario";
import { checkInput, normalise } from "./scale-checks";
import { ScalePool } from "./scale-pool";
import { xmlError } from "./xml-check";

const TEXT = `scenario: "A <b> & ]]> title"
turn: red
units:
  a:
    player: red
    base: 32
    models:
      a1: [10, 10]
`;

test("xmlError accepts well-formed documents", () => {
  for (const ok of [
    "<a/>",
    '<?xml version="1.0" encoding="UTF-8"?>\n<a x="1" y=\'&lt;&#60;&#x3C;\'><!-- c --><b>t&amp;</b><![CDATA[<&]]><?pi x?></a>\n',
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:r="urn:x"><r:s r:k="v">😀</r:s></svg>',
  ]) {
    assert.equal(xmlError(ok), undefined, ok);
  }
});

test("xmlError flags each kind of malformation", () => {
  const bad: [string, RegExp][] = [
    ["<a><b></a>", /closes <b>/],
    ["<a>", /unclosed element/],
    ["<a/><b/>", /more than one root/],
    ['<a x="1" x="2"/>', /duplicate attribute/],
    ["<a x=1/>", /unquoted/],
    ['<a x="<"/>', /`<` in the value/],
    ["<a>&nbsp;</a>", /undefined entity/],
    ["<a>& b</a>", /starts no reference/],
    ["<a>&#0;</a>", /character reference/],
    ["<a>]]></a>", /`]]>` in text/],
    ["<a>\u0001</a>", /U\+0001/],
    ["<a>\uD800</a>", /U\+D800/],
    ["<a><!-- a -- b --></a>", /`--` inside a comment/],
    ["<r:a/>", /undeclared namespace prefix/],
    ["text<a/>", /text outside the root/],
    ["<!DOCTYPE a><a/>", /DOCTYPE/],
    ['<a x="1"y="2"/>', /whitespace before an attribute/],
    ["<a><![CDATA[x</a>", /unterminated CDATA/],
  ];
  for (const [xml, why] of bad) assert.match(xmlError(xml) ?? "(no error)", why, xml);
});

test("the renderer's SVG of a scenario with markup in its strings is well formed", () => {
  const analysis = analyze(TEXT);
  assert.ok(analysis.scenario);
  const svg = renderBoard(analysis.scenario, boardFrame(analysis.scenario, analysis.problems, undefined), { embedSource: TEXT });
  assert.equal(xmlError(svg), undefined);
  assert.deepEqual(checkInput(TEXT).findings, []);
});

test("checkInput reports a message showing NaN only when the input does not have it", () => {
  // The input writes `.NaN`, so a message quoting it is fine.
  const written = TEXT.replace("[10, 10]", "[.NaN, 10]");
  assert.deepEqual(
    checkInput(written).findings.filter((f) => f.kind === "invariant-message"),
    [],
  );
  assert.equal(normalise("x 'a1' at 1.5e3 and \"b\""), "x '…' at # and '…'");
});

test("the pool kills an input past the hang limit, says where it was, and goes on with a fresh process", { timeout: 30_000 }, async () => {
  // A 10 KB scenario takes longer than 1 ms to analyse, so with a 1 ms limit it "hangs".
  const big = generateScenario(SMALL_SCENARIO);
  const strict = new ScalePool(1, 1);
  try {
    const hung = await strict.run(big);
    assert.deepEqual(
      hung.findings.map((f) => f.kind),
      ["hang"],
    );
    assert.match(hung.findings[0].detail, /no answer within 1 ms/);
  } finally {
    strict.close();
  }
  const pool = new ScalePool(1);
  try {
    assert.deepEqual((await pool.run(TEXT)).findings, []);
    assert.deepEqual((await pool.run(TEXT)).findings, [], "the same process answers again");
  } finally {
    pool.close();
  }
});
