// Navigation in shared/language/: the ids written in a scenario, definition and references,
// rename, the outline, folding and semantic tokens, on the text alone (no server).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../../shared/index";
import {
  definitionAt,
  documentSymbols,
  encodeTokens,
  foldingRanges,
  idTokens,
  invalidName,
  isRefusal,
  occurrences,
  prepareRename,
  readScenarioTree,
  referencesAt,
  renameEdits,
  TOKEN_TYPES,
  type OutlineSymbol,
  type ScenarioTree,
} from "../../../shared/language/navigation/index";
import type { TextEdit } from "../../../shared/language/navigation/rename";
import { LineIndex } from "../../../shared/source/span";
import { applyEdits, BROKEN_REFS, NAVIGATION, offsetOf } from "../../lsp/navigation-client";

const nav = readScenarioTree(NAVIGATION);
const broken = readScenarioTree(BROKEN_REFS);

/** The text a span covers. */
const slice = (text: string, span: { start: number; end: number }): string => text.slice(span.start, span.end);

/** A rename that must succeed: its edits. */
function edits(tree: ScenarioTree, offset: number, newName: string): TextEdit[] {
  const result = renameEdits(tree, offset, newName);
  assert.ok(!isRefusal(result), `refused: ${isRefusal(result) ? result.refused : ""}`);
  return result;
}

/** A rename that must be refused: its reason. */
function refusal(tree: ScenarioTree, offset: number, newName: string): string {
  const result = renameEdits(tree, offset, newName);
  assert.ok(isRefusal(result), `not refused: ${JSON.stringify(result)}`);
  return result.refused;
}

/** Offsets to 0-based positions, splitting lines on \n as the fixtures do. */
function lines(text: string): (offset: number) => { line: number; character: number } {
  const index = new LineIndex(text);
  return (offset) => index.position(offset);
}

/** Problems as (code, severity, step), which a rename must leave exactly as they were. */
const verdicts = (text: string): string[] => analyze(text).problems.map((p) => `${p.code} ${p.severity} ${p.step ?? "-"}`);

describe("the ids written in a scenario", () => {
  it("every definition and reference, in text order, with its kind, step and quotes", () => {
    assert.deepEqual(
      nav.ids.map((o) => [o.kind, o.id, o.definition ? "def" : "ref", o.step ?? null, o.quote, slice(NAVIGATION, o.span)]),
      [
        ["objective", "alpha", "def", null, "", "alpha"],
        ["terrain", "ruin", "def", null, "", "ruin"],
        ["unit", "squad", "def", null, "", "squad"],
        ["unit", "boyz", "ref", null, "", "boyz"],
        ["model", "s1", "def", null, "", "s1"],
        ["model", "s2", "def", null, '"', '"s2"'],
        ["unit", "boyz", "def", null, "", "boyz"],
        ["model", "b1", "def", null, "", "b1"],
        ["model", "b2", "def", null, "", "b2"],
        ["unit", "squad", "ref", 0, "", "squad"],
        ["unit", "boyz", "ref", 0, "", "boyz"],
        ["unit", "boyz", "ref", 0, "", "boyz"],
        ["model", "s1", "ref", 0, "", "s1"],
        ["model", "b1", "ref", 1, "", "b1"],
        ["model", "b2", "ref", 1, '"', '"b2"'],
        ["unit", "squad", "ref", 2, "'", "'squad'"],
        ["objective", "alpha", "ref", 2, "", "alpha"],
        ["model", "s1", "ref", 2, "", "s1"],
        ["model", "s2", "ref", 2, "'", "'s2'"],
      ],
    );
    for (const o of nav.ids) assert.equal(slice(NAVIGATION, o.name), o.id, "name covers the id's characters only");
    assert.equal(nav.ids.find((o) => o.id === "s2" && o.definition)?.unit, "squad");
    assert.equal(nav.syntaxErrors, false);
  });

  it("finds the ids the model leaves out: a step with an unknown unit, a unit without a player", () => {
    const written = broken.ids.map((o) => `${o.kind} ${o.id} ${o.definition ? "def" : `ref@${o.step ?? "-"}`}`);
    assert.deepEqual(written, [
      "objective alpha def",
      "unit a def",
      "model a1 def",
      "unit lost def",
      "model l1 def",
      "unit b def",
      "model b1 def",
      "unit aa ref@0",
      "unit lost ref@0",
      "model a1 ref@0",
      "unit a ref@1",
      "objective beta ref@1",
      "model a1 ref@1",
    ]);
    // The model has none of step 1's refs: the parser dropped the step (its unit 'aa' is unknown).
    const model = occurrences(analyze(BROKEN_REFS).scenario!).map((o) => `${o.kind} ${o.id} ${o.definition ? "def" : `ref@${o.step}`}`);
    assert.deepEqual(model, ["objective alpha def", "unit a def", "model a1 def", "unit b def", "model b1 def", "unit a ref@1", "model a1 ref@1"]);
  });

  it("a scalar remove, a fight's nested consolidate, two kinds in one step, numbers and odd keys", () => {
    const text = [
      "units:",
      "  u:",
      "    models: { 01: [1, 1], 2.5: [2, 2] }",
      "  ? [not, an, id]",
      "  : 1",
      "steps:",
      "  - remove: 01",
      "  - fight: u",
      "    consolidate: { objective: o, targets: [u], to: { 2.5: [3, 3] } }",
      "  - pile-in: u",
      "    fight: u",
      "  - remove:",
      "  - targets: |",
      "      u",
    ].join("\n");
    const tree = readScenarioTree(text);
    assert.deepEqual(
      tree.ids.map((o) => `${o.kind} ${o.id} ${o.definition ? "def" : `ref@${o.step}`} ${slice(text, o.name)}`),
      [
        "unit u def u",
        "model 01 def 01",
        "model 2.5 def 2.5",
        "model 01 ref@0 01",
        "unit u ref@1 u",
        "objective o ref@1 o",
        "unit u ref@1 u",
        "model 2.5 ref@1 2.5",
        "unit u ref@2 u",
        "unit u ref@2 u",
      ],
    );
  });
});

describe("go to definition and find references", () => {
  it("a reference leads to its definition, a definition to itself, a quoted id inside its quotes", () => {
    const at = (needle: string, n = 0, delta = 0): string | undefined => {
      const target = definitionAt(nav, offsetOf(NAVIGATION, needle, n, delta));
      return target && `${target.kind} ${target.name.start}-${target.name.end}`;
    };
    const boyz = offsetOf(NAVIGATION, "  boyz:", 0, 2);
    assert.equal(at("[boyz]", 0, 1), `unit ${boyz}-${boyz + 4}`);
    assert.equal(at("[boyz]", 0, 5), `unit ${boyz}-${boyz + 4}`, "the end of the id counts");
    assert.equal(at("  boyz:", 0, 3), `unit ${boyz}-${boyz + 4}`, "on the definition itself");
    const s2 = offsetOf(NAVIGATION, '"s2"', 0, 1);
    assert.equal(at("'s2'", 0, 2), `model ${s2}-${s2 + 2}`);
    const alpha = offsetOf(NAVIGATION, "alpha");
    assert.equal(at("objective: alpha", 0, 12), `objective ${alpha}-${alpha + 5}`);
    assert.equal(at("mode: objective", 0, 8), undefined, "a mode is not an id");
    assert.equal(at("[boyz]"), undefined, "the bracket before the id");
    assert.equal(definitionAt(broken, offsetOf(BROKEN_REFS, "pile-in: aa", 0, 10)), undefined, "an unknown unit has no definition");
    assert.equal(definitionAt(broken, offsetOf(BROKEN_REFS, "[lost]", 0, 2))?.name.start, offsetOf(BROKEN_REFS, "  lost:", 0, 2));
  });

  it("references: every place the id is written, with or without the definition", () => {
    const refs = (tree: ScenarioTree, offset: number, withDefinition: boolean): number[] => referencesAt(tree, offset, withDefinition).map((o) => o.name.start);
    const s1 = offsetOf(NAVIGATION, "{ s1:", 0, 4);
    const uses = [offsetOf(NAVIGATION, "{ s1:", 0, 2), offsetOf(NAVIGATION, "      s1: [11, 8]", 0, 6)];
    assert.deepEqual(refs(nav, s1, true), [offsetOf(NAVIGATION, "s1: [13.74, 8]"), ...uses]);
    assert.deepEqual(refs(nav, s1, false), uses);
    assert.deepEqual(refs(nav, offsetOf(NAVIGATION, "scenario:"), true), [], "not an id");
    assert.deepEqual(refs(broken, offsetOf(BROKEN_REFS, "beta"), true), [offsetOf(BROKEN_REFS, "beta")], "an unknown id still has its references");
  });
});

describe("rename", () => {
  it("prepareRename: the id's characters and its text; refused off an id, on an unknown id, on broken YAML", () => {
    const quoted = prepareRename(nav, offsetOf(NAVIGATION, "'squad'", 0, 3));
    const squad = offsetOf(NAVIGATION, "'squad'", 0, 1);
    assert.deepEqual(quoted, { kind: "unit", id: "squad", span: { start: squad, end: squad + 5 } });
    assert.deepEqual(prepareRename(nav, offsetOf(NAVIGATION, "player: red")), {
      refused: "Only the id of a unit, a model, an objective, a terrain area or a weapon can be renamed.",
    });
    assert.deepEqual(prepareRename(broken, offsetOf(BROKEN_REFS, "beta")), {
      refused: "No objective 'beta' is defined, so there is nothing to rename; fix the id instead.",
    });
    const unclosed = readScenarioTree(NAVIGATION.replace("targets: [boyz]", "targets: [boyz"));
    assert.equal(unclosed.syntaxErrors, true);
    assert.deepEqual(prepareRename(unclosed, offsetOf(NAVIGATION, "  squad:", 0, 2)), { refused: "Fix the YAML syntax errors before renaming." });
  });

  it("a unit: its definition and every reference, block and flow, plain and quoted, and the result is as clean", () => {
    const result = edits(nav, offsetOf(NAVIGATION, "  boyz:", 0, 2), "orks");
    assert.deepEqual(
      result.map((e) => [slice(NAVIGATION, e.span), e.span.start, e.text]),
      [
        ["boyz", offsetOf(NAVIGATION, "- boyz", 0, 2), "orks"],
        ["boyz", offsetOf(NAVIGATION, "  boyz:", 0, 2), "orks"],
        ["boyz", offsetOf(NAVIGATION, "[boyz]", 0, 1), "orks"],
        ["boyz", offsetOf(NAVIGATION, "- boyz", 1, 2), "orks"],
      ],
    );
    const renamed = applyEdits(NAVIGATION, result);
    assert.equal(renamed, NAVIGATION.replace(/\bboyz\b/g, "orks"));
    assert.deepEqual(verdicts(renamed), []);
    const squad = applyEdits(NAVIGATION, edits(nav, offsetOf(NAVIGATION, "fight: squad", 0, 8), "assault"));
    assert.equal(squad, NAVIGATION.replace("  squad:", "  assault:").replace("fight: squad", "fight: assault").replace("'squad'", "'assault'"));
    assert.deepEqual(verdicts(squad), []);
  });

  it("a model keeps each occurrence's quotes; an objective and a terrain area rename too", () => {
    const s2 = applyEdits(NAVIGATION, edits(nav, offsetOf(NAVIGATION, '"s2"', 0, 2), "sarge"));
    assert.equal(s2, NAVIGATION.replace('"s2"', '"sarge"').replace("'s2'", "'sarge'"));
    assert.deepEqual(verdicts(s2), []);
    const alpha = applyEdits(NAVIGATION, edits(nav, offsetOf(NAVIGATION, "objective: alpha", 0, 11), "home"));
    assert.equal(alpha, NAVIGATION.replace(/\balpha\b/g, "home"));
    assert.deepEqual(verdicts(alpha), []);
    const ruin = applyEdits(NAVIGATION, edits(nav, offsetOf(NAVIGATION, "ruin:"), "wall"));
    assert.equal(ruin, NAVIGATION.replace("ruin:", "wall:"));
  });

  it("ids of different kinds do not clash (as in the parser); ids of one kind do", () => {
    const s1 = offsetOf(NAVIGATION, "s1: [13.74, 8]");
    assert.deepEqual(verdicts(applyEdits(NAVIGATION, edits(nav, s1, "boyz"))), [], "a model may share a unit's id");
    assert.equal(refusal(nav, s1, "b1"), "There is already a model 'b1' (line 25).");
    assert.equal(refusal(nav, offsetOf(NAVIGATION, "  squad:", 0, 2), "boyz"), "There is already a unit 'boyz' (line 21).");
    assert.equal(
      refusal(nav, offsetOf(NAVIGATION, "alpha"), "alpha "),
      "'alpha ' is not a plain id: use letters, digits, '_', '-' and '.', starting with a letter, a digit or '_'.",
    );
    assert.deepEqual(renameEdits(nav, s1, "s1"), [], "the same name changes nothing");
  });

  it("refuses a name already written as a reference that names nothing, which the rename would capture", () => {
    assert.equal(
      refusal(broken, offsetOf(BROKEN_REFS, "  a:", 0, 2), "aa"),
      "'aa' is already written as a unit on line 22, where it names no unit; renaming onto it would change what that line means.",
    );
    assert.equal(
      refusal(broken, offsetOf(BROKEN_REFS, "alpha"), "beta"),
      "'beta' is already written as an objective on line 26, where it names no objective; renaming onto it would change what that line means.",
    );
  });

  it("renames the ids in steps the model dropped, so fixing the step later finds the new id", () => {
    const a1 = applyEdits(BROKEN_REFS, edits(broken, offsetOf(BROKEN_REFS, "a1: [10, 10]"), "a9"));
    assert.equal(a1, BROKEN_REFS.replace(/\ba1\b/g, "a9"));
    assert.deepEqual(verdicts(a1), verdicts(BROKEN_REFS));
    const lost = applyEdits(BROKEN_REFS, edits(broken, offsetOf(BROKEN_REFS, "[lost]", 0, 1), "found"));
    assert.equal(lost, BROKEN_REFS.replace(/\blost\b/g, "found"));
  });

  it("a new name must be a plain YAML id that reads back as itself", () => {
    const cases: Array<[string, string]> = [
      ["", "An id cannot be empty."],
      ["two words", "'two words' is not a plain id: use letters, digits, '_', '-' and '.', starting with a letter, a digit or '_'."],
      ["'q'", "''q'' is not a plain id: use letters, digits, '_', '-' and '.', starting with a letter, a digit or '_'."],
      ["-x", "'-x' is not a plain id: use letters, digits, '_', '-' and '.', starting with a letter, a digit or '_'."],
      ["a:b", "'a:b' is not a plain id: use letters, digits, '_', '-' and '.', starting with a letter, a digit or '_'."],
      ["true", "'true' would be read by YAML as the value true, not as an id."],
      ["null", "'null' would be read by YAML as null, not as an id."],
      ["12", "'12' would be read by YAML as a number, not as an id."],
      ["1e3", "'1e3' would be read by YAML as a number, not as an id."],
    ];
    for (const [name, reason] of cases) assert.equal(invalidName(name), reason, name);
    for (const name of ["a", "Ork_boyz-2", "1st", "s.1", "böyz", "_x"]) assert.equal(invalidName(name), undefined, name);
    assert.equal(refusal(nav, offsetOf(NAVIGATION, "alpha"), "12"), "'12' would be read by YAML as a number, not as an id.");
  });

  it("renaming every id of every example and rule fixture leaves each verdict as it was", () => {
    const root = join(__dirname, "..", "..", "..", "..");
    const files = ["examples", join("test", "fixtures", "rules")].flatMap((dir) =>
      readdirSync(join(root, dir))
        .filter((f) => f.endsWith(".scenario.yaml"))
        .map((f) => join(root, dir, f)),
    );
    assert.ok(files.length > 100, `${files.length} files`);
    let renamed = 0;
    for (const file of files) {
      const original = readFileSync(file, "utf8");
      // Every id renamed from the one tree: each rename's edits touch only its own id's places.
      const tree = readScenarioTree(original);
      const defined = tree.ids.filter((o) => o.definition);
      const all: TextEdit[] = [];
      for (const at of defined.filter((o, i) => defined.findIndex((d) => d.kind === o.kind && d.id === o.id) === i)) {
        const result = renameEdits(tree, at.name.start, `r_${at.id}`);
        if (isRefusal(result)) continue;
        all.push(...result);
        renamed++;
      }
      const text = applyEdits(original, all);
      const after = readScenarioTree(text);
      for (const { kind, id } of defined) {
        assert.ok(!after.ids.some((o) => o.kind === kind && o.id === id), `${file}: ${kind} ${id} is still written somewhere`);
      }
      assert.deepEqual(verdicts(text), verdicts(original), file);
    }
    assert.ok(renamed > 1000, `${renamed} renames`);
  });
});

describe("weapons in navigation", () => {
  const root = join(__dirname, "..", "..", "..", "..", "test", "fixtures", "rules");
  const text = readFileSync(join(root, "10e-attack-order.scenario.yaml"), "utf8").replace("      a2: { weapon: klaw", "      a2: { weapon: 'klaw'");

  it("weapons are defined, equipped, used and ordered: the model's occurrences are the tree's", () => {
    const scenario = analyze(text).scenario!;
    const fromModel = occurrences(scenario)
      .filter((o) => o.kind === "weapon")
      .map((o) => [o.definition, slice(text, o.span)]);
    const tree = readScenarioTree(text);
    const fromTree = tree.ids.filter((o) => o.kind === "weapon").map((o) => [o.definition, slice(text, o.name)]);
    assert.deepEqual(
      fromModel.map(([d, t]) => [d, String(t).replace(/'/g, "")]),
      fromTree,
    );
    assert.deepEqual(fromTree, [
      [true, "choppa"],
      [true, "klaw"],
      [false, "choppa"],
      [false, "klaw"],
      [false, "choppa"],
      [false, "klaw"],
      [false, "choppa"],
      [false, "klaw"],
      [false, "choppa"],
    ]);
  });

  it("renaming a weapon renames its wargear, uses and the order, quotes and profiles kept", () => {
    const axe = `${text.replace("klaw: { A: 2", "klaw: { profiles: { swing: { A: 2 } }, x: 1").replace(/weapon: 'klaw'/, "weapon: 'klaw/swing'")}`;
    const tree = readScenarioTree(axe);
    const at = tree.ids.find((o) => o.kind === "weapon" && o.definition && o.id === "klaw")!;
    const renamed = applyEdits(axe, edits(tree, at.name.start, "power-klaw"));
    assert.ok(renamed.includes("weapon: 'power-klaw/swing'"), renamed);
    assert.ok(renamed.includes("wargear: [power-klaw]"), renamed);
    assert.ok(renamed.includes("[choppa, power-klaw, choppa]"), renamed);
    assert.equal(renamed.replace(/power-klaw/g, "klaw"), axe, "only the weapon's id changed");
  });
});

describe("the outline", () => {
  /** [name, kind, detail, selected text, first line, last line, children]. */
  const shape = (text: string) => {
    const lines = new LineIndex(text);
    const one = (s: OutlineSymbol): unknown[] => [
      s.name,
      s.kind,
      s.detail ?? null,
      slice(text, s.selection),
      lines.position(s.span.start).line,
      lines.position(s.span.end).line,
      ...(s.children.length > 0 ? [s.children.map(one)] : []),
    ];
    return (symbols: OutlineSymbol[]) => symbols.map(one);
  };

  it("objectives, terrain, units with their models, and numbered steps with their nested blocks", () => {
    assert.deepEqual(shape(NAVIGATION)(documentSymbols(nav)), [
      ["alpha", "objective", "[8, 9.3]", "alpha", 7, 7],
      ["ruin", "terrain", "ruin", "ruin", 9, 9],
      [
        "squad",
        "unit",
        "Assault squad · red",
        "squad",
        11,
        19,
        [
          ["s1", "model", "[13.74, 8]", "s1", 18, 18],
          ["s2", "model", "[13.74, 9.3]", '"s2"', 19, 19],
        ],
      ],
      [
        "boyz",
        "unit",
        "blue",
        "boyz",
        20,
        25,
        [
          ["b1", "model", "[15, 8]", "b1", 24, 24],
          ["b2", "model", "[15, 9.3]", "b2", 25, 25],
        ],
      ],
      ["1. fight squad", "step", null, "fight: squad", 27, 32, [["pile-in", "block", null, "pile-in", 29, 32]]],
      ["2. remove b1, b2", "step", null, 'remove: [b1, "b2"]', 33, 33],
      ["3. consolidate squad", "step", null, "consolidate: 'squad'", 34, 39],
    ]);
  });

  it("what the engine left out is still listed; a step's note is its detail; a step without a kind is a 'step'", () => {
    assert.deepEqual(
      shape(BROKEN_REFS)(documentSymbols(broken)).map((s) => s[0]),
      ["alpha", "a", "lost", "b", "1. pile-in aa", "2. consolidate a"],
    );
    const text = `steps:\n  - fight: a\n    note: "A long note that goes on and on, past what an outline line can hold, and more"\n    consolidate:\n      to: {}\n  - note: x\n  - remove:\n`;
    assert.deepEqual(shape(text)(documentSymbols(readScenarioTree(text))), [
      [
        "1. fight a",
        "step",
        "A long note that goes on and on, past what an outline line…",
        "fight: a",
        1,
        4,
        [["consolidate", "block", null, "consolidate", 3, 4]],
      ],
      ["2. step", "step", "x", "note: x", 5, 5],
      ["3. remove", "step", null, "remove:", 6, 6],
    ]);
  });
});

describe("folding", () => {
  it("every multi-line value and step, and runs of comment lines", () => {
    assert.deepEqual(
      foldingRanges(nav).map((f) => [f.startLine, f.endLine, f.kind ?? ""]),
      [
        [0, 1, "comment"],
        [6, 7, ""],
        [8, 9, ""],
        [10, 25, ""],
        [11, 19, ""],
        [15, 16, ""],
        [17, 19, ""],
        [20, 25, ""],
        [23, 25, ""],
        [26, 39, ""],
        [27, 32, ""],
        [29, 32, ""],
        [30, 31, ""],
        [34, 39, ""],
        [37, 39, ""],
      ],
    );
  });

  it("a multi-line flow list and a block note end on their last line, not after it", () => {
    const text = "a:\n  area: [[1, 1],\n    [2, 2]]\n  note: |\n    one\n    two\n\nb: 1\n";
    assert.deepEqual(foldingRanges(readScenarioTree(text)), [
      { startLine: 0, endLine: 5 },
      { startLine: 1, endLine: 2 },
      { startLine: 3, endLine: 5 },
    ]);
  });
});

describe("semantic tokens", () => {
  /** The wire data decoded into [line, character, length, type, declaration]. */
  function decode(data: number[]): Array<[number, number, number, string, boolean]> {
    const out: Array<[number, number, number, string, boolean]> = [];
    let line = 0;
    let character = 0;
    for (let i = 0; i < data.length; i += 5) {
      line += data[i];
      character = data[i] === 0 ? character + data[i + 1] : data[i + 1];
      out.push([line, character, data[i + 2], TOKEN_TYPES[data[i + 3]], data[i + 4] === 1]);
    }
    return out;
  }
  it("each definition is a declaration, each resolved reference a token of its kind, inside its quotes", () => {
    assert.deepEqual(decode(encodeTokens(idTokens(nav), lines(NAVIGATION))), [
      [7, 2, 5, "enumMember", true],
      [9, 2, 4, "struct", true],
      [11, 2, 5, "class", true],
      [16, 8, 4, "class", false],
      [18, 6, 2, "property", true],
      [19, 7, 2, "property", true],
      [20, 2, 4, "class", true],
      [24, 6, 2, "property", true],
      [25, 6, 2, "property", true],
      [27, 11, 5, "class", false],
      [28, 14, 4, "class", false],
      [31, 10, 4, "class", false],
      [32, 12, 2, "property", false],
      [33, 13, 2, "property", false],
      [33, 18, 2, "property", false],
      [34, 18, 5, "class", false],
      [36, 15, 5, "enumMember", false],
      [38, 6, 2, "property", false],
      [39, 7, 2, "property", false],
    ]);
  });

  it("a reference that names nothing gets no token; a range request gets the tokens it overlaps", () => {
    const tokens = decode(encodeTokens(idTokens(broken), lines(BROKEN_REFS)));
    assert.deepEqual(
      tokens.filter(([line]) => line >= 21),
      [
        [22, 14, 4, "class", false],
        [23, 10, 2, "property", false],
        [24, 17, 1, "class", false],
        [27, 6, 2, "property", false],
      ],
      "aa and beta are not defined",
    );
    const within = { start: offsetOf(NAVIGATION, "  - remove"), end: offsetOf(NAVIGATION, "'squad'", 0, 2) };
    assert.deepEqual(decode(encodeTokens(idTokens(nav, within), lines(NAVIGATION))), [
      [33, 13, 2, "property", false],
      [33, 18, 2, "property", false],
      [34, 18, 5, "class", false],
    ]);
  });

  it("an id folded over two lines (plain YAML allows it) gets no token", () => {
    const text = "units:\n  a:\n    charged: [long\n      name]\n";
    const tree = readScenarioTree(text);
    assert.equal(idTokens(tree).length, 1, "the reference names nothing, only the definition counts");
    assert.deepEqual(encodeTokens([{ span: tree.ids[1].name, type: 0, modifiers: 0 }], lines(text)), []);
  });
});

describe("robustness", () => {
  const texts = [
    "",
    "   \n",
    "scenario: [unclosed",
    "- a\n- b\n",
    "units: 5\nsteps: { x: 1 }\n",
    "units:\n  ? [a]\n  : 1\n  *x : 2\nsteps:\n  - [1]\n  - fight: { a: 1 }\n",
    `${"[".repeat(10_000)}${"]".repeat(10_000)}`,
    `steps:\n${"  - remove: [".repeat(1)}${Array.from({ length: 2000 }, (_, i) => `m${i}`).join(", ")}]\n`,
    "\u0000\u0001units:\u0000\n\u001b[31m\r\r\n\t- x",
    NAVIGATION.replace(/\n/g, "\r\n"),
  ];
  it("every function answers for any text and any offset, and never throws", () => {
    for (const text of texts) {
      const tree = readScenarioTree(text);
      documentSymbols(tree);
      foldingRanges(tree);
      encodeTokens(idTokens(tree), lines(text));
      for (const offset of [-5, 0, Math.floor(text.length / 2), text.length, text.length + 100]) {
        definitionAt(tree, offset);
        referencesAt(tree, offset, true);
        prepareRename(tree, offset);
        renameEdits(tree, offset, "x");
      }
    }
  });

  it("with broken YAML the outline is best effort and rename is refused", () => {
    const text = NAVIGATION.replace("targets: [boyz]", "targets: [boyz");
    const tree = readScenarioTree(text);
    assert.deepEqual(
      documentSymbols(tree)
        .slice(0, 4)
        .map((s) => s.name),
      ["alpha", "ruin", "squad", "boyz"],
    );
    assert.deepEqual(renameEdits(tree, offsetOf(text, "  squad:", 0, 2), "x"), { refused: "Fix the YAML syntax errors before renaming." });
  });

  it("CRLF line ends: the same ids, and the same edits applied give the same renamed text", () => {
    const crlf = NAVIGATION.replace(/\n/g, "\r\n");
    const tree = readScenarioTree(crlf);
    assert.deepEqual(
      tree.ids.map((o) => o.id),
      nav.ids.map((o) => o.id),
    );
    const renamed = applyEdits(crlf, edits(tree, offsetOf(crlf, "  boyz:", 0, 2), "orks"));
    assert.equal(renamed, NAVIGATION.replace(/\bboyz\b/g, "orks").replace(/\n/g, "\r\n"));
  });
});
