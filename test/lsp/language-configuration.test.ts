// language-configuration.json: valid JSON whose regexes VS Code can compile (it uses JS RegExp
// here, not Oniguruma) and that behave as intended on scenario lines.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..", "..");

interface LanguageConfiguration {
  comments: { lineComment: string };
  brackets: [string, string][];
  autoClosingPairs: { open: string; close: string; notIn?: string[] }[];
  surroundingPairs: [string, string][];
  folding: { offSide: boolean; markers: { start: string; end: string } };
  indentationRules: { increaseIndentPattern: string; decreaseIndentPattern: string };
  onEnterRules: { beforeText: string; action: { indent: string; appendText?: string } }[];
  wordPattern: string;
}

const config = JSON.parse(fs.readFileSync(path.join(ROOT, "language-configuration.json"), "utf8")) as LanguageConfiguration;

/** The word VS Code would select at `offset` in `line` with the configured wordPattern. */
function wordAt(line: string, offset: number): string | undefined {
  for (const m of line.matchAll(new RegExp(config.wordPattern, "g"))) {
    const start = m.index ?? 0;
    if (start <= offset && offset <= start + m[0].length) return m[0];
  }
  return undefined;
}

test("comments, brackets and pairs", () => {
  assert.deepEqual(config.comments, { lineComment: "#" });
  assert.deepEqual(config.brackets, [
    ["{", "}"],
    ["[", "]"],
  ]);
  assert.deepEqual(
    config.autoClosingPairs.map((p) => p.open + p.close),
    ["{}", "[]", '""', "''"],
  );
  assert.deepEqual(
    config.surroundingPairs.map((p) => p.join("")),
    ["{}", "[]", '""', "''"],
  );
  assert.equal(config.folding.offSide, true, "YAML folds by indentation");
});

test("indentation: indent after a key with no value, a dash, or an open bracket; outdent a lone closer", () => {
  const increase = new RegExp(config.indentationRules.increaseIndentPattern);
  for (const line of ["units:", "  squad:", "steps:", "  -", "    to: {", "    targets: [", "base: &b"]) {
    assert.ok(increase.test(line), `should indent after ${JSON.stringify(line)}`);
  }
  for (const line of ["turn: red", "  - pile-in: squad", "    targets: [a, b]", "# units:x"]) {
    assert.ok(!increase.test(line), `should not indent after ${JSON.stringify(line)}`);
  }
  const decrease = new RegExp(config.indentationRules.decreaseIndentPattern);
  assert.ok(decrease.test("    }"));
  assert.ok(decrease.test("  ]"));
  assert.ok(!decrease.test("  a: }"));
});

test("Enter after `- kind: value` lines the next key up under the first one", () => {
  assert.equal(config.onEnterRules.length, 1);
  const [rule] = config.onEnterRules;
  assert.deepEqual(rule.action, { indent: "none", appendText: "  " });
  const before = new RegExp(rule.beforeText);
  assert.ok(before.test("  - pile-in: squad"));
  assert.ok(before.test("  - fight: squad  # first"));
  assert.ok(!before.test("  - move.too-far"), "a plain list item is not a map");
  assert.ok(!before.test("  - pile-in:"), "an empty value is left to increaseIndentPattern");
  assert.ok(!before.test("  pile-in: squad"));
});

test("words: ids and codes with '.' and '-' are one word; numbers too", () => {
  assert.equal(wordAt("    illegal: [move.not-closer]", 20), "move.not-closer");
  assert.equal(wordAt("    fights-first: true", 8), "fights-first");
  assert.equal(wordAt("  - pile-in: squad", 6), "pile-in");
  assert.equal(wordAt("      a1: [12.5, -3]", 12), "12.5");
  assert.equal(wordAt("      a1: [12.5, -3]", 17), "-3");
  assert.equal(wordAt("rules: 11e", 8), "11e");
  assert.equal(wordAt("objective: alpha.", 13), "alpha", "a trailing dot is not part of the word");
  assert.equal(wordAt("a: [x, y]", 6), undefined, "no word between the comma and y");
});

test("folding markers compile and match region comments", () => {
  assert.ok(new RegExp(config.folding.markers.start).test("  # region set-up"));
  assert.ok(new RegExp(config.folding.markers.end).test("# endregion"));
  assert.ok(!new RegExp(config.folding.markers.start).test("regions: 1"));
});
