// The formatter's proof that a re-indentation means what the text did, without parsing the
// result (shared/language/format/indentation-safety.ts): what it accepts and refuses, that it
// accepts the formatter's own re-indentation of every example and fixture, and, over thousands of
// generated YAML texts each re-indented at random, that whatever it accepts parses to the same
// data and comments (and, for scenarios, the same findings) as the text.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { parseAllDocuments, parseDocument } from "yaml";
import { formatText, sameMeaning, type FormatOptions } from "../../../shared/language/format/index";
import { onlyIndentationMoved } from "../../../shared/language/format/indentation-safety";
import { readLayout } from "../../../shared/language/format/layout";
import { sourceLines } from "../../../shared/language/format/lines";
import { commentTexts } from "../../../shared/language/format/safety";
import { createRng } from "../../helpers/prng";
import { exampleAndFixtureFiles } from "../../helpers/scenario-files";

const doc = (...lines: string[]): string => lines.join("\n") + "\n";

/** Whether `after` (the same number of lines) is shown to be `before` re-indented as YAML reads the same. */
function shown(before: string, after: string, range?: { start: number; end: number }): boolean {
  const layout = readLayout(before);
  if (layout === undefined) return false;
  const parsed = parseDocument(before, { version: "1.2", uniqueKeys: false });
  const clean = parsed.errors.length === 0 && parsed.warnings.length === 0;
  const out = sourceLines(after).map((l) => ({ content: after.slice(l.start, l.end), eol: l.eol }));
  return onlyIndentationMoved(before, layout, sourceLines(before), out, clean, range);
}

/** What YAML reads from a text: every document's data, errors and warnings, and its comments. */
function reading(text: string): unknown {
  const docs = parseAllDocuments(text, { version: "1.2", uniqueKeys: false });
  const list = Array.isArray(docs) ? docs : [];
  return {
    docs: list.map((d) => ({
      data: d.toJS({ maxAliasCount: -1, mapAsMap: true }),
      errors: d.errors.map((e) => e.code),
      warnings: d.warnings.map((w) => w.code),
    })),
    comments: commentTexts(text),
  };
}

describe("re-indentation shown safe from the tokens", () => {
  it("accepts a consistent re-indentation: nested maps, lists flush or indented, compact items, comments with their blocks, trailing blanks", () => {
    const four = doc(
      "# top",
      "units:",
      "    squad:",
      "        player: red   ",
      "        models:",
      "            - id: r1",
      "              at: [1, 2]",
      "            # between",
      "            - id: r2",
      "              tags:",
      "                  - a",
      "                  - - b",
      "                    - c",
      "steps:",
      "-   fight: squad",
      "    targets: [x]",
    );
    const two = doc(
      "# top",
      "units:",
      "  squad:",
      "    player: red",
      "    models:",
      "      - id: r1",
      "        at: [1, 2]",
      "      # between",
      "      - id: r2",
      "        tags:",
      "          - a",
      "          - - b",
      "            - c",
      "steps:",
      "-   fight: squad",
      "    targets: [x]",
    );
    assert.equal(shown(four, two), true);
    assert.deepEqual(reading(two), reading(four));
    // A range: lines outside it are as written.
    assert.equal(shown(four, doc(...four.split("\n").slice(0, 3), "      player: red", ...four.split("\n").slice(4, -1)), { start: 3, end: 3 }), false);
  });

  it("refuses a line that changes which collection it belongs to", () => {
    // c leaves a's map for the top level.
    assert.equal(shown(doc("a:", "  b: 1", "  c: 2"), doc("a:", "  b: 1", "c: 2")), false);
    // c, a child of b, becomes b's sibling.
    assert.equal(shown(doc("a:", "  b:", "    c: 1"), doc("a:", "  b:", "  c: 1")), false);
    // Two items of one list at different columns.
    assert.equal(shown(doc("l:", "  - 1", "  - 2"), doc("l:", "  - 1", "   - 2")), false);
    // A compact map's second key no longer under its first.
    assert.equal(shown(doc("- a: 1", "  b: 2"), doc("- a: 1", "   b: 2")), false);
    // A top-level map moved off column 0 alone.
    assert.equal(shown(doc("a: 1", "b: 2"), doc("  a: 1", "b: 2")), false);
  });

  it("refuses a comment `#c` moved past where a scalar may go on, which yaml's lexer reads (and keeps one with a blank after `#`)", () => {
    // yaml's lexer lowers the column a plain scalar must pass to go on to the next line to that
    // of a line whose first character has a non-blank after it, a comment included: here `v`
    // then runs on into `j`.
    const text = doc("- k:", "    #c", "    v", "  j: 1");
    const moved = doc("- k:", "  #c", "    v", "  j: 1");
    assert.notDeepEqual(reading(moved), reading(text));
    assert.equal(shown(text, moved), false);
    // `# c` may move as long as it compares with the open columns as it did (yaml's parser files it by them).
    assert.equal(shown(doc("- k:", "    # c", "    v", "  j: 1"), doc("- k:", "     # c", "    v", "  j: 1")), true);
    assert.equal(shown(doc("- k:", "    # c", "    v", "  j: 1"), doc("- k:", "# c", "    v", "  j: 1")), false);
  });

  it("refuses what yaml reads from blank lines and comment columns: a blank line before a comment at column 0, a line of a tab, a comment filed elsewhere", () => {
    // Each pair: a text and a re-indentation of it that yaml reads otherwise (found by review).
    const pairs: [string, string][] = [
      // A blank line of spaces followed by `# c` at column 0 lowers the column a plain scalar
      // must pass to go on: with the spaces gone, `v` runs on into `- x`.
      ["l:\n  - k:\n      \n# c\n      v\n  - x\n", "l:\n  - k:\n\n# c\n      v\n  - x\n"],
      ["a:\n  k:\n\n    # c\n    v\n  j: 1\n", "a:\n  k:\n\n# c\n    v\n  j: 1\n"],
      // A line of a tab ends a plain scalar; an empty line does not.
      ["- k:\n  #c\n    v\n\t\n  j: 1\n", "- k:\n  #c\n    v\n\n  j: 1\n"],
      // yaml's parser files a comment by its column, here before a flow-collection key.
      ["a:\n  b: 1\n  # c\n[k]: 1\n", "a:\n  b: 1\n# c\n[k]: 1\n"],
      // A kept block scalar at the end of a text with no final line break.
      ["k: |+\n  ", "k: |+\n"],
      ["k: |+\n", "k: |+\n  "],
    ];
    for (const [text, moved] of pairs) {
      assert.notDeepEqual(reading(moved), reading(text), JSON.stringify(moved));
      assert.equal(shown(text, moved), false, JSON.stringify(text));
    }
    // A blank line followed by a key at column 0, or by a list item, may lose its spaces.
    assert.equal(shown(doc("a:", "    b: 1", "    ", "c: 2"), doc("a:", "  b: 1", "", "c: 2")), true);
    assert.equal(shown(doc("- a:", "      b: 1", "    ", "- 2"), doc("- a:", "    b: 1", "", "- 2")), true);
    // A block scalar whose body is only empty lines is refused, never a throw.
    for (const text of ["k: |\n\nj: 1\n", "k: >\n\nj: 1\n", "- |+\n\n- x\n", "k: |+\n\n"]) assert.equal(shown(text, text + ""), false, JSON.stringify(text));
  });

  it("refuses a line moved to column 0, where `---` and `...` are document markers", () => {
    assert.notDeepEqual(reading("---\n"), reading("  ---\n"));
    assert.equal(shown("  ---\n", "---\n"), false);
    assert.equal(shown("  ...\n", "...\n"), false);
    assert.equal(shown("  ---\n", "    ---\n"), true);
  });

  it("refuses what only the full check can show: tokens over lines, tabs, moved markers, a byte-order mark, YAML errors, other lines", () => {
    // A block scalar's body, a plain scalar over two lines, a flow collection over two lines.
    assert.equal(shown(doc("a:", "    t: |", "        x", "          y"), doc("a:", "  t: |", "    x", "      y")), false);
    assert.equal(shown(doc("a:", "    t: one", "      two"), doc("a:", "  t: one", "    two")), false);
    assert.equal(shown(doc("a:", "    t: [1,", "      2]"), doc("a:", "  t: [1,", "    2]")), false);
    // A tab after a dash, which the parser does not count as indentation.
    assert.equal(shown(doc("a:", "    -\tx: 1"), doc("a:", "  -\tx: 1")), false);
    // A document marker that moves, and one that stays while the document's lines move.
    assert.equal(shown(doc("---", "a:", "    b: 1"), doc(" ---", "a:", "  b: 1")), false);
    assert.equal(shown(doc("---", "a:", "    b: 1"), doc("---", "a:", "  b: 1")), true);
    assert.equal(shown("\uFEFFa:\n    b: 1\n", "\uFEFFa:\n  b: 1\n"), false);
    // A YAML error (a map as an implicit key), a YAML warning (a tag that does not resolve): the full check decides.
    assert.equal(shown(doc("a: b: c", "d:", "    e: 1"), doc("a: b: c", "d:", "  e: 1")), false);
    assert.equal(shown(doc("a: !!int x", "d:", "    e: 1"), doc("a: !!int x", "d:", "  e: 1")), false);
    assert.equal(shown(doc("a: x", "d:", "    e: 1"), doc("a: x", "d:", "  e: 1")), true);
    // Anything but indentation and trailing blanks changed; a line break changed.
    assert.equal(shown(doc("a:", "    b: 1"), doc("a:", "  b:  1")), false);
    assert.equal(shown(doc("a:", "    b: 1"), "a:\r\n  b: 1\n"), false);
  });

  it("accepts the formatter's own re-indentation of every example and fixture, which the full check agrees with", (t) => {
    let shownSafe = 0;
    let reindented = 0;
    for (const path of exampleAndFixtureFiles()) {
      const text = readFileSync(path, "utf8");
      for (const tabSize of [4, 3, 2]) {
        const options: FormatOptions = { tabSize, insertSpaces: true };
        const wide = formatText(text, options);
        const back = formatText(wide, { tabSize: 2, insertSpaces: true });
        for (const [from, to] of [
          [text, wide],
          [wide, back],
        ]) {
          if (from === to || sourceLines(from).length !== sourceLines(to).length) continue;
          reindented++;
          if (shown(from, to)) {
            shownSafe++;
            assert.ok(sameMeaning(from, to), path);
          }
        }
      }
    }
    t.diagnostic(`${shownSafe} of ${reindented} re-indentations shown safe from the tokens`);
    assert.ok(reindented > 100, `${reindented} re-indented`);
    assert.ok(shownSafe > reindented * 0.8, `${shownSafe} of ${reindented} shown safe from the tokens`);
  });
});

/**
 * A random block YAML text: maps, lists (flush or indented), compact items, comments at odd
 * columns, scalars of each style. What it holds comes from `rng`; how far each collection and
 * comment is indented from `indent`, so one `rng` seed with two `indent` seeds gives the same
 * structure indented two ways.
 */
function generate(rng: () => number, indent: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
  const deeper = (col: number, least: number): number => col + least + Math.floor(indent() * 4);
  const lines: string[] = [];
  let keys = 0;
  const scalar = (): string => pick(["1", "x", "'q'", '"d q"', "[a, b]", "{ k: v }", "-1", "true", "~", "a b", "!!str 2", "&n" + keys++ + " v"]);
  const comment = (col: number): void => {
    // A blank line (of spaces, or a tab) before a comment, which may sit at column 0.
    if (rng() < 0.06) lines.push(pick(["", "  ", "      ", "\t"]));
    if (rng() < 0.15) lines.push(" ".repeat(Math.max(0, col + Math.floor(indent() * 7) - 3)) + pick(["# c", "#c", "#"]));
    if (rng() < 0.05) lines.push(pick(["", "  ", "      ", "\t"]));
  };
  const trailing = (): string => (rng() < 0.1 ? pick([" # t", "   ", " #t"]) : "");
  // `prefix` is written before the first line's content (a `- ` or nothing); `col` is where the node's content starts.
  const map = (col: number, depth: number, prefix: string): void => {
    const n = 1 + Math.floor(rng() * 3);
    for (let i = 0; i < n; i++) {
      const head = i === 0 ? prefix : " ".repeat(col);
      // Now and then a flow collection as a key, which the parser reads with the comments before it.
      const key = rng() < 0.05 ? `[k${keys++}]` : `k${keys++}`;
      const r = rng();
      if (depth > 0 && r < 0.3) {
        lines.push(`${head}${key}:${trailing()}`);
        comment(col);
        const at = deeper(col, 1);
        map(at, depth - 1, " ".repeat(at));
      } else if (depth > 0 && r < 0.55) {
        lines.push(`${head}${key}:${trailing()}`);
        comment(col);
        // Flush with its key or indented (YAML reads both alike, the proof only the same one).
        const at = rng() < 0.25 ? col : deeper(col, 1);
        seq(at, depth - 1, " ".repeat(at));
      } else if (r < 0.6) {
        lines.push(`${head}${key}:${trailing()}`);
      } else if (r < 0.7) {
        // A value on a line of its own.
        lines.push(`${head}${key}:${trailing()}`);
        comment(col);
        lines.push(" ".repeat(deeper(col, 1)) + scalar() + trailing());
      } else lines.push(`${head}${key}: ${scalar()}${trailing()}`);
      comment(col);
    }
  };
  const seq = (col: number, depth: number, prefix: string): void => {
    const n = 1 + Math.floor(rng() * 3);
    for (let i = 0; i < n; i++) {
      const head = i === 0 ? prefix : " ".repeat(col);
      const gap = pick([" ", " ", " ", "  ", "   "]);
      const r = rng();
      if (depth > 0 && r < 0.35) map(col + 1 + gap.length, depth - 1, head + "-" + gap);
      else if (depth > 0 && r < 0.5) seq(col + 1 + gap.length, depth - 1, head + "-" + gap);
      else if (depth > 0 && r < 0.65) {
        lines.push(`${head}-${trailing()}`);
        comment(col);
        const at = deeper(col, 1);
        if (rng() < 0.5) map(at, depth - 1, " ".repeat(at));
        else seq(at, depth - 1, " ".repeat(at));
      } else lines.push(`${head}-${gap}${scalar()}${trailing()}`);
      comment(col);
    }
  };
  if (rng() < 0.1) lines.push("---");
  comment(0);
  const top = rng() < 0.8 ? 0 : 1;
  if (rng() < 0.7) map(top, 4, " ".repeat(top));
  else seq(top, 4, " ".repeat(top));
  // Now and then a token over several lines, which only the full check may pass.
  if (rng() < 0.05) lines.push("z:", "  t: |", "    x", "      y");
  if (rng() < 0.05) lines.push("z:", "  t: one", "   two");
  // And a kept block scalar at the end of a text with no final line break.
  if (rng() < 0.03) return lines.join("\n") + "\nzz: |+\n  ";
  return lines.join("\n") + "\n";
}

/** `text` with each line's leading spaces replaced as `lead(i, spaces)` says, and some trailing blanks dropped. */
function reindent(text: string, lead: (i: number, spaces: number) => number, trim: boolean): string {
  return text
    .split("\n")
    .map((line, i) => {
      const spaces = /^ */.exec(line)![0].length;
      const rest = line.slice(spaces);
      return " ".repeat(Math.max(0, lead(i, spaces))) + (trim ? rest.replace(/[ \t]+$/, "") : rest);
    })
    .join("\n");
}

describe("whatever re-indentation the proof accepts, YAML reads the same", () => {
  it("over 2,000 generated texts, each indented another way and re-indented six ways at random", (t) => {
    const rng = createRng(15);
    let accepted = 0;
    let refusedChanged = 0;
    let tried = 0;
    for (let n = 0; n < 2000; n++) {
      const seed = Math.floor(rng() * 2 ** 31);
      const text = generate(createRng(seed), createRng(seed + 1));
      const count = text.split("\n").length;
      const scale = 1 + Math.floor(rng() * 3);
      const from = Math.floor(rng() * count);
      const to = from + Math.floor(rng() * 6);
      const delta = Math.floor(rng() * 7) - 3;
      const wobble = Array.from({ length: count }, () => (rng() < 0.2 ? Math.floor(rng() * 5) - 2 : 0));
      const variants = [
        // The same structure indented otherwise.
        generate(createRng(seed), createRng(seed + 2)),
        // Every line's leading spaces scaled.
        reindent(text, (_, s) => s * scale, rng() < 0.5),
        // A run of lines shifted together, maybe out of its collection.
        reindent(text, (i, s) => (i >= from && i <= to ? s + delta : s), rng() < 0.5),
        // Lines nudged one by one.
        reindent(text, (i, s) => s + wobble[i], false),
        reindent(text, (i, s) => (wobble[i] !== 0 ? s + Math.sign(wobble[i]) : s), false),
        // The formatter's own.
        formatText(text, { tabSize: 1 + Math.floor(rng() * 4), insertSpaces: true }),
      ];
      for (const variant of variants) {
        if (variant === text) continue;
        tried++;
        const before = reading(text);
        if (shown(text, variant)) {
          accepted++;
          assert.deepEqual(reading(variant), before, `accepted but read otherwise:\n${text}\n---- became\n${variant}`);
          assert.ok(sameMeaning(text, variant), `accepted but the full check refuses:\n${text}\n---- became\n${variant}`);
        } else if (!deepEqualish(reading(variant), before)) refusedChanged++;
      }
    }
    t.diagnostic(`${accepted} of ${tried} variants accepted; ${refusedChanged} refused that YAML reads otherwise`);
    // Not a vacuous test: many accepted, and many of the variants refused do read otherwise.
    assert.ok(accepted > tried / 10, `${accepted} of ${tried} accepted`);
    assert.ok(refusedChanged > tried / 10, `${refusedChanged} of ${tried} refused and read otherwise`);
  });
});

function deepEqualish(a: unknown, b: unknown): boolean {
  try {
    assert.deepEqual(a, b);
    return true;
  } catch {
    return false;
  }
}
