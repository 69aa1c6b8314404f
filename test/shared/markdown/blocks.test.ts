// Finding scenario blocks in Markdown (CommonMark fenced code blocks): fence forms, info strings,
// indentation, nesting, unterminated blocks, CR LF, and the offset map back into the document.
import { test } from "node:test";
import assert from "node:assert/strict";
import { findScenarioBlocks, parseInfoString, toMarkdownOffset, toMarkdownSpan } from "../../../shared/markdown/index";

/** The fields most tests compare. */
function brief(markdown: string) {
  return findScenarioBlocks(markdown).map((b) => ({
    index: b.index,
    lang: b.lang,
    illegal: b.illegal,
    text: b.text,
    fenceLine: b.fenceLine,
    closed: b.closed,
  }));
}

test("info strings: the first word names the block; `illegal` may follow anywhere after it", () => {
  assert.deepEqual(parseInfoString("ruleboard"), { lang: "ruleboard", isScenario: true, illegal: false });
  assert.deepEqual(parseInfoString("  scenario \t illegal  "), { lang: "scenario", isScenario: true, illegal: true });
  assert.deepEqual(parseInfoString("ruleboard title=x illegal"), { lang: "ruleboard", isScenario: true, illegal: true });
  assert.deepEqual(parseInfoString("illegal ruleboard"), { lang: "illegal", isScenario: false, illegal: false });
  assert.deepEqual(parseInfoString("ruleboard-x"), { lang: "ruleboard-x", isScenario: false, illegal: false });
  assert.deepEqual(parseInfoString("Ruleboard"), { lang: "Ruleboard", isScenario: false, illegal: false });
  assert.deepEqual(parseInfoString("ruleboard illegally"), { lang: "ruleboard", isScenario: true, illegal: false });
  assert.deepEqual(parseInfoString(""), { lang: "", isScenario: false, illegal: false });
});

test("backtick and tilde fences of any length >= 3; other languages and too-short fences are skipped", () => {
  const md = [
    "# Title", // 0
    "```ruleboard", // 1
    "a: 1", // 2
    "```", // 3
    "~~~ scenario illegal", // 4
    "b: 2", // 5
    "~~~", // 6
    "```yaml", // 7
    "c: 3", // 8
    "```", // 9
    "``ruleboard", // 10: two backticks open nothing
    "`````ruleboard", // 11
    "d: 4", // 12
    "`````", // 13
    "",
  ].join("\n");
  assert.deepEqual(brief(md), [
    { index: 1, lang: "ruleboard", illegal: false, text: "a: 1\n", fenceLine: 1, closed: true },
    { index: 2, lang: "scenario", illegal: true, text: "b: 2\n", fenceLine: 4, closed: true },
    { index: 3, lang: "ruleboard", illegal: false, text: "d: 4\n", fenceLine: 11, closed: true },
  ]);
  const [first] = findScenarioBlocks(md);
  assert.equal(first.info, "ruleboard");
  assert.deepEqual(first.fence, { start: 8, end: 20 }); // "```ruleboard" on line 1
  assert.equal(first.contentOffset, 21);
});

test("a backtick fence whose info string has a backtick is not a fence", () => {
  assert.deepEqual(brief("```ruleboard `x`\na: 1\n```\n"), []);
  // Tilde fences may have backticks in their info string.
  assert.deepEqual(
    brief("~~~ruleboard `x`\na: 1\n~~~\n").map((b) => b.text),
    ["a: 1\n"],
  );
});

test("closing fences: same character, at least as long, only spaces after, up to 3 spaces before", () => {
  const md = ["````ruleboard", "~~~~", "```", "```` x", "    ````", "a: 1", "   `````  \t", "after", ""].join("\n");
  const [b] = findScenarioBlocks(md);
  assert.equal(b.text, "~~~~\n```\n```` x\n    ````\na: 1\n");
  assert.equal(b.closed, true);
  assert.equal(findScenarioBlocks(md).length, 1);
});

test("nested: a ruleboard block quoted inside a longer fence is not a block, and the scan resumes after it", () => {
  const md = ["````markdown", "```ruleboard", "x: 1", "```", "````", "```scenario", "y: 2", "```", ""].join("\n");
  assert.deepEqual(brief(md), [{ index: 1, lang: "scenario", illegal: false, text: "y: 2\n", fenceLine: 5, closed: true }]);
});

test("indented fences: up to 3 spaces, and that much indentation is removed from each content line", () => {
  const md = ["   ```ruleboard", "   a: 1", "     b: 2", " c: 3", "d: 4", "  ```", "    ```ruleboard", "    x: 1", "    ```", ""].join("\n");
  const blocks = findScenarioBlocks(md);
  // The 4-space fence is indented code, not a fence.
  assert.equal(blocks.length, 1);
  const [b] = blocks;
  assert.equal(b.text, "a: 1\n  b: 2\nc: 3\nd: 4\n");
  // "b" is at text offset 7 (line 2, column 3); in the document it is line 3, column 6.
  const lineStarts = [0, 16, 24, 34, 40, 45];
  assert.equal(toMarkdownOffset(b, b.text.indexOf("b")), lineStarts[2] + 5);
  assert.equal(toMarkdownOffset(b, b.text.indexOf("a")), lineStarts[1] + 3);
  assert.equal(toMarkdownOffset(b, b.text.indexOf("c")), lineStarts[3] + 1);
  assert.equal(toMarkdownOffset(b, b.text.indexOf("d")), lineStarts[4]);
  assert.equal(b.contentOffset, lineStarts[1] + 3);
  // The end of the text maps to the start of the closing fence's line.
  assert.equal(toMarkdownOffset(b, b.text.length), lineStarts[5]);
  assert.deepEqual(toMarkdownSpan(b, { start: 7, end: 11 }), { start: lineStarts[2] + 5, end: lineStarts[2] + 9 });
});

test("a tab is not fence indentation", () => {
  assert.deepEqual(brief("\t```ruleboard\na: 1\n```\n"), []);
});

test("an unterminated block runs to the end of the document", () => {
  const md = "text\n```ruleboard\na: 1\nb: 2";
  const [b] = findScenarioBlocks(md);
  assert.equal(b.text, "a: 1\nb: 2");
  assert.equal(b.closed, false);
  assert.equal(toMarkdownOffset(b, b.text.length), md.length);
  assert.equal(toMarkdownOffset(b, 6), md.indexOf("b: 2") + 1);
  // An empty, unterminated block at the very end.
  const [e] = findScenarioBlocks("```ruleboard");
  assert.deepEqual(
    { text: e.text, closed: e.closed, fence: e.fence, contentOffset: e.contentOffset },
    { text: "", closed: false, fence: { start: 0, end: 12 }, contentOffset: 12 },
  );
});

test("CR LF: fences are recognised, the text keeps its line ends, offsets map exactly", () => {
  const md = "# T\r\n```ruleboard illegal\r\na: 1\r\n  b: 2\r\n```\r\n";
  const [b] = findScenarioBlocks(md);
  assert.equal(b.text, "a: 1\r\n  b: 2\r\n");
  assert.equal(b.illegal, true);
  assert.equal(b.closed, true);
  assert.deepEqual(b.fence, { start: 5, end: 25 }); // without the CR
  assert.equal(md.slice(b.fence.start, b.fence.end), "```ruleboard illegal");
  assert.equal(toMarkdownOffset(b, b.text.indexOf("b")), md.indexOf("b: 2"));
  assert.equal(toMarkdownOffset(b, b.text.length), md.lastIndexOf("```"));
});

test("no blocks: empty document, plain text, other fences", () => {
  assert.deepEqual(brief(""), []);
  assert.deepEqual(brief("ruleboard\n\n    ```ruleboard\n"), []);
  assert.deepEqual(brief("```\nno info\n```\n"), []);
});
