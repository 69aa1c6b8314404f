// Document formatting in shared/language/format*.ts on the text alone (no server): exact output
// for messy scenarios, what is never touched, the options, range formatting, the safety net, and
// every example and rules fixture formatted with its data and findings unchanged.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { parseAllDocuments, Parser } from "yaml";
import { analyze } from "../../../shared/index";
import { analyzeIncremental } from "../../../shared/engine/incremental";
import { forgetKept, keptFor } from "../../../shared/parse/reparse";
import { unpaired } from "../../bench/edits";
import { applyEdits } from "../../../shared/language/text/index";
import { deepEqual, formatEdits, formatText, sameMeaning, type FormatOptions } from "../../../shared/language/format/index";
import { commentTexts } from "../../../shared/language/format/safety";
import { onlySpacingInFlow } from "../../../shared/language/format/flow-spacing";
import { readLayout } from "../../../shared/language/format/layout";
import { sourceLines } from "../../../shared/language/format/lines";

const TWO: FormatOptions = { tabSize: 2, insertSpaces: true };
const FOUR: FormatOptions = { tabSize: 4, insertSpaces: true };
/** Lines joined with \n, ending with one. */
const doc = (...lines: string[]): string => lines.join("\n") + "\n";

/** Formats, checks that the edits give the same text, and that formatting again changes nothing. */
function format(text: string, options: FormatOptions = TWO): string {
  const out = formatText(text, options);
  assert.equal(applyEdits(text, formatEdits(text, options)), out, "the edits give the formatted text");
  assert.equal(formatText(out, options), out, "formatting is idempotent");
  return out;
}

const MESSY = doc(
  "# Scenario header comment",
  "scenario:   Messy   ",
  "rules: 11e",
  "board: [ 44 ,30 ]",
  "turn: red",
  "",
  "",
  "",
  "units:",
  "   squad:",
  "        player: red   # the attacker",
  "        base: 32",
  "        charged: [ defenders ]",
  "        models:",
  "         r1: [22.74,10]",
  "         r2: {at: [22.74, 11.3],facing:  90}",
  "   # defenders below",
  "   defenders:",
  "        player: blue",
  "        base: 32",
  "        models:",
  "         b1: [24, 10]",
  "steps:",
  "    -   fight: squad",
  "        targets: [defenders]",
  "          # odd comment",
  "    - consolidate: squad",
  "      mode:    ongoing",
  "      to:",
  "           r2: [22.74, 11.3]",
  "      note: |",
  "           Line one",
  "             indented more",
  "",
  "           after blank",
  "# end of steps",
  "",
);

const TIDY = doc(
  "# Scenario header comment",
  "scenario: Messy",
  "rules: 11e",
  "board: [44, 30]",
  "turn: red",
  "",
  "units:",
  "  squad:",
  "    player: red   # the attacker",
  "    base: 32",
  "    charged: [defenders]",
  "    models:",
  "      r1: [22.74, 10]",
  "      r2: { at: [22.74, 11.3], facing: 90 }",
  "  # defenders below",
  "  defenders:",
  "    player: blue",
  "    base: 32",
  "    models:",
  "      b1: [24, 10]",
  "steps:",
  "  - fight: squad",
  "    targets: [defenders]",
  "    # odd comment",
  "  - consolidate: squad",
  "    mode: ongoing",
  "    to:",
  "      r2: [22.74, 11.3]",
  "    note: |",
  // The body moves with its map (6 -> 4), keeping its own indentation: 11 -> 9.
  "         Line one",
  "           indented more",
  "",
  "         after blank",
  "# end of steps",
);

const TIDY_FOUR = doc(
  "# Scenario header comment",
  "scenario: Messy",
  "rules: 11e",
  "board: [44, 30]",
  "turn: red",
  "",
  "units:",
  "    squad:",
  "        player: red   # the attacker",
  "        base: 32",
  "        charged: [defenders]",
  "        models:",
  "            r1: [22.74, 10]",
  "            r2: { at: [22.74, 11.3], facing: 90 }",
  "    # defenders below",
  "    defenders:",
  "        player: blue",
  "        base: 32",
  "        models:",
  "            b1: [24, 10]",
  "steps:",
  "    - fight: squad",
  "      targets: [defenders]",
  "      # odd comment",
  "    - consolidate: squad",
  "      mode: ongoing",
  "      to:",
  "          r2: [22.74, 11.3]",
  "      note: |",
  "           Line one",
  "             indented more",
  "",
  "           after blank",
  "# end of steps",
);

describe("formatting a messy scenario", () => {
  it("normalises indentation, flow spacing, trailing spaces, blank lines and comments", () => {
    assert.equal(format(MESSY), TIDY);
  });

  it("reformats to 4 spaces and back to 2 exactly", () => {
    assert.equal(format(TIDY, FOUR), TIDY_FOUR);
    assert.equal(format(TIDY_FOUR, TWO), TIDY);
    assert.equal(format(MESSY, FOUR), TIDY_FOUR);
  });

  it("keeps the data, the comments and the findings", () => {
    assert.ok(sameMeaning(MESSY, TIDY));
    assert.deepEqual(
      analyze(TIDY).problems.map((p) => p.code),
      analyze(MESSY).problems.map((p) => p.code),
    );
  });

  it("always indents with spaces, whatever insertSpaces says", () => {
    assert.equal(format(MESSY, { tabSize: 2, insertSpaces: false }), TIDY);
  });

  it("treats a tab size out of range as 2", () => {
    assert.equal(format(MESSY, { tabSize: 0 }), TIDY);
    assert.equal(format(MESSY, { tabSize: Number.NaN }), TIDY);
  });
});

describe("indentation", () => {
  it("keeps lists flush under their key when the document mostly writes them so", () => {
    const flush = doc("steps:", "- fight: a", "  targets: [b]", "- remove: [b1]", "other:", "    - x", "more:", "- y");
    assert.equal(format(flush), doc("steps:", "- fight: a", "  targets: [b]", "- remove: [b1]", "other:", "- x", "more:", "- y"));
  });

  it("indents lists under their key otherwise, and on a tie", () => {
    assert.equal(format(doc("a:", "- x", "b:", "    - y")), doc("a:", "  - x", "b:", "  - y"));
  });

  it("puts a compact map 2 right of its dash, with one space after the dash", () => {
    assert.equal(format(doc("-   a: 1", "    b:", "        - c", "-  - d", "   - e"), FOUR), doc("- a: 1", "  b:", "      - c", "- - d", "  - e"));
  });

  it("indents an item written on the line after a lone dash by the tab size", () => {
    assert.equal(format(doc("steps:", "  -", "       fight: a", "       targets: [b]")), doc("steps:", "  -", "    fight: a", "    targets: [b]"));
  });

  it("moves a value on its own line, and a multi-line flow list or plain scalar, with its block", () => {
    const text = doc("a:", "    b:", "          long plain", "          text   ", "    area: [[1, 1],", "           [3, 1]]");
    assert.equal(format(text), doc("a:", "  b:", "        long plain", "        text", "  area: [[1, 1],", "         [3, 1]]"));
  });

  it("re-indents properties and aliases without touching them", () => {
    const text = doc("base: &b", "      size: 32", "units:", "    a: { base: *b, tag: !!str   7 }", "    c: !!map", "        d: 1");
    assert.equal(format(text), doc("base: &b", "  size: 32", "units:", "  a: { base: *b, tag: !!str 7 }", "  c: !!map", "    d: 1"));
  });
});

describe("whole-line comments", () => {
  it("go with the block they are written in, at every level", () => {
    const text = doc(
      "   # top, indented by mistake",
      "units:",
      "      # before the first unit",
      "      a:",
      "          # inside a",
      "          player: red",
      "          # after player, still in a",
      "      # between units",
      "      b:",
      "          player: blue",
      "   # odd column: the deepest block that starts left of it",
      "steps:",
      "- fight: a",
      "  # in the step",
      "# between steps of a flush list",
      "- fight: b",
      "# before a top-level key",
      "end: true",
      "    # last line",
    );
    assert.equal(
      format(text),
      doc(
        "# top, indented by mistake",
        "units:",
        "  # before the first unit",
        "  a:",
        "    # inside a",
        "    player: red",
        "    # after player, still in a",
        "  # between units",
        "  b:",
        "    player: blue",
        "# odd column: the deepest block that starts left of it",
        "steps:",
        "- fight: a",
        "  # in the step",
        "# between steps of a flush list",
        "- fight: b",
        "# before a top-level key",
        "end: true",
        "# last line",
      ),
    );
  });

  it("keeps the text of every comment, and the space before an end-of-line comment", () => {
    const text = doc("a: 1      #   spaced   out   ", "b: [1,2]   # list", "#no space after the hash");
    assert.equal(format(text), doc("a: 1      #   spaced   out", "b: [1, 2]   # list", "#no space after the hash"));
  });

  it("inside a multi-line flow list move with the list", () => {
    const text = doc("a:", "    area: [", "        # first corner", "        [1, 1],", "        [3, 1] ]");
    assert.equal(format(text), doc("a:", "  area: [", "      # first corner", "      [1, 1],", "      [3, 1]]"));
  });
});

describe("flow collections", () => {
  it("get one space after , and :, none inside [ ], one inside { }", () => {
    const text = doc("a: [ 1 ,2,  3 ]", "b: {x: 1,y:   [ 4,5 ]}", "c: [ ]", "d: { }", "e: [{x: 1}, {y: 2}]", 'f: {"k":1}', "g: [1, 2, ]");
    assert.equal(format(text), doc("a: [1, 2, 3]", "b: { x: 1, y: [4, 5] }", "c: []", "d: {}", "e: [{ x: 1 }, { y: 2 }]", 'f: { "k": 1 }', "g: [1, 2, ]"));
  });

  it("never touch what is inside quotes or plain scalars", () => {
    const text = doc("a: [ 'x ,y' , \"p :q\" ]", "b: plain ,  text:x", "c: 'a   b'");
    assert.equal(format(text), doc("a: ['x ,y', \"p :q\"]", "b: plain ,  text:x", "c: 'a   b'"));
  });

  it("remove the space between a key and its colon, except after an alias", () => {
    assert.equal(format(doc("a   : 1", "b: &k x", "c: { *k : 2 }")), doc("a: 1", "b: &k x", "c: { *k : 2 }"));
  });
});

describe("block scalars", () => {
  it("keep their body's indentation relative to their block, odd or not", () => {
    const text = doc("steps:", "    - note: >-", "           odd   ", "             more", "", "           end", "      next: 1");
    assert.equal(format(text), doc("steps:", "  - note: >-", "         odd   ", "           more", "", "         end", "    next: 1"));
  });

  it("keep an explicit indentation indicator meaning the same", () => {
    const text = doc("a:", "    b: |2", "         three spaces of content", "c: [1]");
    const out = format(text);
    assert.equal(out, doc("a:", "  b: |2", "       three spaces of content", "c: [1]"));
    assert.deepEqual((parseAllDocuments(out) as unknown as { toJS(): unknown }[])[0].toJS(), { a: { b: "   three spaces of content\n" }, c: [1] });
  });

  it("empty a line of spaces inside a body only when those spaces are all indentation", () => {
    const text = "a: |\n    x\n  \n      \n    y\n";
    assert.equal(format(text), "a: |\n    x\n\n      \n    y\n");
  });

  it("keep the blank lines a keeping body ends with, at the end of the text", () => {
    const text = "a: 1\nb: |+\n  kept\n\n\n";
    assert.equal(formatText(text, TWO), text);
    assert.deepEqual(formatEdits(text, TWO), []);
  });

  it("get no line break added after a last body line without one", () => {
    assert.equal(formatText("a:   1\nb: |\n  x", TWO), "a: 1\nb: |\n  x");
  });

  it("blank lines inside a multi-line quoted scalar are content and stay", () => {
    const text = "a: 'one\n\n\n\n  two'\n\n\n\nb: 2\n";
    assert.equal(format(text), "a: 'one\n\n\n\n  two'\n\nb: 2\n");
  });
});

describe("blank lines and line ends", () => {
  it("drops blank lines at the start and end, keeps at most one in a row", () => {
    assert.equal(format("\n\n  \na: 1\n\n\n\nb: 2\n\n\n"), "a: 1\n\nb: 2\n");
  });

  it("adds the one final line break, in the text's own style", () => {
    assert.equal(format("a: 1\nb: 2"), "a: 1\nb: 2\n");
    assert.equal(format("a: 1\r\nb: 2"), "a: 1\r\nb: 2\r\n");
  });

  it("keeps CRLF line ends everywhere", () => {
    const text = "units:\r\n    a:   [1 ,2]   \r\n\r\n\r\n    b:\r\n        - x\r\nnote: |\r\n    keep\r\n";
    assert.equal(format(text), "units:\r\n  a: [1, 2]\r\n\r\n  b:\r\n    - x\r\nnote: |\r\n    keep\r\n");
  });

  it("honours insertFinalNewline, trimFinalNewlines and trimTrailingWhitespace when the client sends false", () => {
    assert.equal(format("a:   1", { tabSize: 2, insertFinalNewline: false }), "a: 1");
    assert.equal(format("a: 1\n\n\n", { tabSize: 2, trimFinalNewlines: false }), "a: 1\n\n\n");
    assert.equal(format("a:   1   \nb: [1 ,2]  # c  \n", { tabSize: 2, trimTrailingWhitespace: false }), "a: 1   \nb: [1, 2]  # c  \n");
  });

  it("leaves an empty text, or one of comments only, alone or just tidied", () => {
    assert.deepEqual(formatEdits("", TWO), []);
    assert.equal(format("   # only a comment   \n\n\n"), "# only a comment\n");
  });
});

describe("what is never formatted", () => {
  const unchanged = (text: string): void => {
    assert.deepEqual(formatEdits(text, TWO), [], JSON.stringify(text));
    assert.equal(formatText(text, TWO), text);
  };

  it("a document that does not parse as YAML", () => {
    unchanged("units:\n    a: [1,   2\nsteps:   []\n");
    unchanged("a:   1\n  b: 2\n");
    unchanged("a:   1\na: 2\n");
    unchanged("a:\n\t- 1\n");
  });

  it("explicit keys, and a text with a lone carriage return", () => {
    unchanged("? a\n:   1\n");
    unchanged("a:   1\rb: 2\n");
  });

  it("several documents are formatted each on its own", () => {
    assert.equal(format("a:    1\n---\nb:\n    c:  [1 ,2]\n...\n"), "a: 1\n---\nb:\n  c: [1, 2]\n...\n");
  });
});

describe("minimal edits and ranges", () => {
  it("replaces only what changed on each line", () => {
    const text = doc("units:", "    a:", "        base:   32", "", "", "", "steps: []");
    assert.deepEqual(formatEdits(text, TWO), [
      { span: { start: 9, end: 11 }, newText: "" },
      { span: { start: 18, end: 29 }, newText: "base:" },
      { span: { start: 34, end: 36 }, newText: "" },
    ]);
    assert.equal(applyEdits(text, formatEdits(text, TWO)), doc("units:", "  a:", "    base: 32", "", "steps: []"));
  });

  it("formats only the lines of the range", () => {
    const text = doc("a:   [1 ,2]", "b:   [3 ,4]", "c:   [5 ,6]", "", "", "", "d: 1");
    assert.equal(applyEdits(text, formatEdits(text, TWO, { lines: { start: 1, end: 1 } })), doc("a:   [1 ,2]", "b: [3, 4]", "c:   [5 ,6]", "", "", "", "d: 1"));
    assert.equal(applyEdits(text, formatEdits(text, TWO, { lines: { start: 2, end: 5 } })), doc("a:   [1 ,2]", "b:   [3 ,4]", "c: [5, 6]", "", "d: 1"));
  });

  it("in a range, re-indents only when the lines outside still agree, and otherwise only spaces", () => {
    const text = doc("units:", "  a:", "      base:   32", "      player: red");
    // Lines 2-3 are a's whole map: they move together.
    assert.equal(applyEdits(text, formatEdits(text, TWO, { lines: { start: 2, end: 3 } })), doc("units:", "  a:", "    base: 32", "    player: red"));
    // Re-indenting line 2 alone would break a's map: only its spacing is fixed.
    assert.equal(applyEdits(text, formatEdits(text, TWO, { lines: { start: 2, end: 2 } })), doc("units:", "  a:", "      base: 32", "      player: red"));
  });
});

describe("the safety net", () => {
  it("refuses a different value, a lost or changed comment, and different findings", () => {
    const text = doc("scenario: S", "rules: 11e", "# note", "turn: red", "units: {}");
    assert.equal(sameMeaning(text, text.replace("red", "blue")), false);
    assert.equal(sameMeaning(text, text.replace("# note", "# Note")), false);
    assert.equal(sameMeaning(text, text.replace("# note\n", "")), false);
    assert.equal(sameMeaning(text, text.replace("units: {}", "units: {}\nsteps: []")), false);
    assert.equal(sameMeaning(text, text.replace("turn: red", "turn:   red")), true);
    // A text read the long way (two documents) is compared with the analysis given for it.
    const two = `${text}---\nx: 1\n`;
    const other = { ...analyze(two), problems: [...analyze(two).problems, ...analyze("a: [").problems] };
    assert.equal(sameMeaning(two, two.replace("turn: red", "turn:   red")), true);
    assert.equal(sameMeaning(two, two.replace("turn: red", "turn:   red"), other), false);
  });

  it("catches a change of layout that changes the meaning", () => {
    const text = doc(
      "scenario: S",
      "rules: 11e",
      "turn: red",
      "units:",
      "  a:",
      "    player: red",
      "    base: 32",
      "    models:",
      "      a1: [1, 2]",
      "steps: []",
    );
    // Blanks only, and yet: a key moved into the map above it, a comment become part of a value,
    // a block scalar's inner indentation lost.
    assert.equal(sameMeaning(text, text.replace("    base: 32", "      base: 32")), false, "a key nested deeper");
    const commented = text.replace("rules: 11e", "rules: 11e # edition");
    assert.equal(sameMeaning(commented, commented.replace("11e # edition", "11e# edition")), false, "a comment read as part of a value");
    const note = text.replace("steps: []", "note: |\n  a\n    b\nsteps: []");
    assert.equal(sameMeaning(note, note.replace("\n    b", "\n  b")), false, "a block scalar's indentation");
    // Not blanks, but what a plain-data check would miss: keys in another order where JavaScript
    // objects sort them (integer keys), a number become a string, a flow list become a block list.
    const keyed = text.replace("steps: []", "extra:\n  2: a\n  1: b\nsteps: []");
    assert.equal(sameMeaning(keyed, keyed.replace("  2: a\n  1: b", "  1: b\n  2: a")), false, "integer keys swapped");
    assert.equal(sameMeaning(text, text.replace("base: 32", 'base: "32"')), false, "a number quoted");
    assert.equal(sameMeaning(text, text.replace("steps: []", "steps:\n  []")), true, "the same flow list on its own line");
    assert.equal(sameMeaning(text, text.replace("a1: [1, 2]", "a1:\n        - 1\n        - 2")), false, "a flow list written as a block");
    // A key written twice is a YAML error: never compared equal.
    const twice = text.replace("rules: 11e", "rules: 11e\nrules: 11e");
    assert.equal(sameMeaning(twice, twice.replace("turn: red", "turn:  red")), false, "a duplicate key");
  });

  it("compares data deeply, in key order, NaN included", () => {
    assert.equal(deepEqual({ a: [1, { b: Number.NaN }] }, { a: [1, { b: Number.NaN }] }), true);
    assert.equal(deepEqual({ a: 1, b: 2 }, { b: 2, a: 1 }), false);
    assert.equal(deepEqual([1, 2], [1, 2, 3]), false);
    assert.equal(deepEqual(new Map([["a", 1]]), new Map([["a", 2]])), false);
    const cyclic: unknown[] = [];
    cyclic.push(cyclic);
    const other: unknown[] = [];
    other.push(other);
    assert.equal(deepEqual(cyclic, other), true);
  });
});

describe("the examples and rules fixtures", () => {
  const root = join(__dirname, "..", "..", "..", "..");
  const read = (dir: string): [string, string][] =>
    readdirSync(join(root, dir))
      .filter((f) => f.endsWith(".scenario.yaml"))
      .sort()
      .map((f) => [`${dir}/${f}`, readFileSync(join(root, dir, f), "utf8")]);
  const examples = read("examples");
  const fixtures = read("test/fixtures/rules");

  it("format alike from the tokens the analysis kept and from a parse of their own", () => {
    let reused = 0;
    for (const [name, text] of [...examples, ...fixtures]) {
      for (const variant of [text, unpaired(text), formatText(text, FOUR)]) {
        const own = formatEdits(variant, TWO);
        // The analysis parses the text in full and keeps its document, tokens and all (parse/reparse.ts `keptFor`).
        const { replays } = analyzeIncremental(variant);
        if (keptFor(variant)?.tokens) reused++;
        assert.deepEqual(formatEdits(variant, TWO), own, name);
        if (replays?.kept) forgetKept(replays.kept);
      }
    }
    assert.ok(reused > 300, `the kept tokens were there for only ${reused} texts`);
  });

  it("format alike after typing inside numbers, from the tokens patched with the document", () => {
    let patched = 0;
    for (const [name, text] of [...examples, ...fixtures]) {
      for (const variant of [text, formatText(text, FOUR)]) {
        let { replays } = analyzeIncremental(variant);
        let edited = variant;
        // Three numbers typed into, one after the other, each a digit longer; every analysis patches the one before.
        for (const m of [...variant.matchAll(/(?<=\[|, )\d+(?=[,\]])/g)].slice(0, 3).reverse()) {
          edited = `${edited.slice(0, m.index!)}${m[0]}7${edited.slice(m.index! + m[0].length)}`;
          const next = analyzeIncremental(edited, replays);
          if (next.patched && keptFor(edited)?.tokens) patched++;
          replays = next.replays;
        }
        const fromTokens = formatEdits(edited, TWO);
        if (replays?.kept) forgetKept(replays.kept);
        assert.deepEqual(fromTokens, formatEdits(edited, TWO), name);
      }
    }
    assert.ok(patched > 300, `the patched tokens were there for only ${patched} edits`);
  });

  it("have the same comments read from their parser tokens as from yaml's lexer, also where comments hang oddly", () => {
    const odd = [
      "a: [1, # one\n  2] # list\n# end\n",
      "a: |  # header\n  # not a comment\nb: 1\n...\n# after the end\n",
      "%YAML 1.2 # directive\n--- # start\na: {b: 1, # in a map\n  c: 2}\n",
      "- # empty item\n- x #x\n  # under x\n",
      "a: 'q # no' # yes\nb: c#no\n",
    ];
    let compared = 0;
    for (const text of [...examples.map(([, t]) => t), ...fixtures.map(([, t]) => t), ...odd]) {
      const tokens = [...new Parser().parse(text)];
      const lexed = commentTexts(text);
      assert.ok(lexed);
      assert.deepEqual(commentTexts(text, tokens), lexed, text.slice(0, 200));
      if (lexed.length > 0) compared++;
    }
    assert.ok(compared > 100, `${compared} texts with comments`);
    // A text whose tokens hold an error is read by the lexer.
    const broken = "a: [1, # c\n";
    assert.deepEqual(commentTexts(broken, [...new Parser().parse(broken)]), commentTexts(broken));
  });

  it("are formatted already: no edits for any of them", () => {
    assert.ok(examples.length >= 10 && fixtures.length >= 100);
    const changed = [...examples, ...fixtures].filter(([, text]) => formatEdits(text, TWO).length > 0).map(([name]) => name);
    assert.deepEqual(changed, []);
  });

  it("reformat to 4 spaces with the same data, comments and findings, and back to themselves", () => {
    for (const [name, text] of [...examples, ...fixtures]) {
      const four = formatText(text, FOUR);
      assert.notEqual(four, text, `${name} has nested blocks to re-indent`);
      assert.ok(sameMeaning(text, four), name);
      assert.equal(formatText(four, TWO), text, name);
    }
  });

  it("with their flow collections written tight, are spaced again, which the full check finds safe too", () => {
    let shownSafe = 0;
    for (const [name, text] of [...examples, ...fixtures]) {
      // Lines with a comment or a quote are left as written (the blanks there may be text).
      const tighten = (line: string): string =>
        /[#"']/.test(line)
          ? line
          : line.replace(/([[{]) ?([^\][{}]*?) ?([\]}])/g, (_, open: string, inner: string, close: string) => `${open}${inner.replace(/, /g, ",")}${close}`);
      const tight = text.split("\n").map(tighten).join("\n");
      if (tight === text) continue;
      const layout = readLayout(tight);
      assert.ok(layout, name);
      const formatted = formatText(tight, TWO);
      assert.equal(formatted, text, name);
      const out = sourceLines(formatted).map((l) => ({ content: formatted.slice(l.start, l.end), eol: l.eol }));
      if (onlySpacingInFlow(tight, layout, sourceLines(tight), out)) shownSafe++;
      // Whatever proof let the formatter offer it, the long one agrees.
      assert.ok(sameMeaning(tight, formatted), name);
    }
    assert.ok(shownSafe > 100, `${shownSafe} shown safe from the tokens`);
  });
});

describe("spacing inside one-line flow collections, shown safe from the tokens", () => {
  /** Whether `after` (same lines) is shown to differ from `before` only by blanks inside one-line flow collections. */
  const shown = (before: string, after: string): boolean => {
    const layout = readLayout(before);
    assert.ok(layout, "the text has a layout");
    const out = sourceLines(after).map((l) => ({ content: after.slice(l.start, l.end), eol: l.eol }));
    return onlySpacingInFlow(before, layout, sourceLines(before), out);
  };

  it("accepts blanks between the same tokens, in lists and maps, plain or quoted", () => {
    assert.equal(shown("a: [1,2]\nb: x\n", "a: [1, 2]\nb: x\n"), true);
    assert.equal(shown("m: {at: [1,2],  facing: 90}\n", "m: { at: [1, 2], facing: 90 }\n"), true);
    assert.equal(shown('t: [ "a b" ,c ]\n', 't: ["a b", c]\n'), true);
    assert.equal(shown("t: [a,[b,{c: d}]] # note\n", "t: [a, [b, { c: d }]] # note\n"), true);
    // And the formatter's own output on such a text is what it says.
    const text = doc("units:", "  a:", "    models: {a1: [1,2], a2: { at: [3,4],facing: 90 }}", "    base: 32");
    assert.equal(formatText(text, TWO), doc("units:", "  a:", "    models: { a1: [1, 2], a2: { at: [3, 4], facing: 90 } }", "    base: 32"));
  });

  it("refuses what blanks decide: a `:` or `#` that starts something, a plain scalar's own blanks, quoted text", () => {
    // `{a:1}` is a map whose key is the plain scalar `a:1`; `{a: 1}` maps a to 1.
    assert.equal(shown("m: {a:1}\n", "m: {a: 1}\n"), false);
    assert.equal(sameMeaning("m: {a:1}\n", "m: {a: 1}\n"), false);
    assert.equal(shown("t: [a b]\n", "t: [a  b]\n"), false);
    assert.equal(shown('t: ["a ,b"]\n', 't: ["a , b"]\n'), false);
    assert.equal(shown("t: [a,b#c]\n", "t: [a, b #c]\n"), false);
  });

  it("refuses anything outside one-line flow collections: the brackets, blanks outside them, indentation, a line break, a collection over lines", () => {
    assert.equal(shown("t: [a]\nu: 1\n", "t:  [a]\nu: 1\n"), false);
    assert.equal(shown("t: [a]#c\n", "t: [a] #c\n"), false);
    assert.equal(shown("t:\n  - [a,b]\n", "t:\n    - [a, b]\n"), false);
    assert.equal(shown("t: [a,\n  b]\n", "t: [a,\n  b ]\n"), false);
    assert.equal(shown("t: [a,b]\n", "t: [a, b]\r\n"), false);
    const layout = readLayout("t: [a,b]\nu: 1\n")!;
    assert.equal(
      onlySpacingInFlow("t: [a,b]\nu: 1\n", layout, sourceLines("t: [a,b]\nu: 1\n"), [{ content: "t: [a, b]", eol: "\n" }, null, { content: "", eol: "" }]),
      false,
      "a line removed",
    );
  });
});
