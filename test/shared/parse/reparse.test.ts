// Incremental parsing (shared/parse/reparse.ts): patching the previous YAML document for an edit
// inside one plain scalar must give exactly what parsing the new text in full gives — the model
// with every span, and every finding — on every example and fixture and after thousands of random
// edits, and must refuse the edits it cannot patch.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { isScalar, parseDocument, Parser, visit, type CST, type Document } from "yaml";
import {
  KEEP_TOKENS_LIMIT,
  parseKeepingTokens,
  parseScenario,
  parseScenarioKeeping,
  readDocument,
  YAML_OPTIONS,
  type KeptDocument,
} from "../../../shared/parse/parse-scenario";
import { keptFor, MAX_PATCHED_SCALARS, parseThrough, readKept, reparseScenario } from "../../../shared/parse/reparse";
import { analyzeIncremental } from "../../../shared/engine/incremental";
import { createRng } from "../../helpers/prng";
import { exampleAndFixtureFiles } from "../../helpers/scenario-files";
import { fightPhaseScenario } from "../../bench/scenarios";

const FILES = exampleAndFixtureFiles();

/** What a scalar may become: numbers of every notation the core schema reads, words, and tokens that must not be patched. */
const TOKENS = ["0", "7", "-3", "+2", "0.5", ".5", "-.25", "1e3", "0x1F", "0o17", "08", ".inf", "-.inf", ".nan", "true", "False", "null", "NULL", "~"];
const ODD = ["abc", "r1", "a_b", "1_000", "-", ".", "a:b", "a: b", "a b", "#x", "a #x", "[1]", "{}", "8,", "'q'", '"q"', "&a", "*a", "!!str 1", "", "\n"];

/** Plain scalars (value or key) of a text, with their source offsets. */
function scalarsOf(text: string): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  visit(parseDocument(text), {
    Scalar(_key, node) {
      if (isScalar(node) && node.range && node.type === "PLAIN") out.push({ from: node.range[0], to: node.range[1] });
    },
  });
  return out;
}

/** One random edit: mostly inside or at the ends of a plain scalar, sometimes anywhere. */
function edit(text: string, rng: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
  const scalars = scalarsOf(text);
  const kind = rng();
  // Both numbers of a pair, as a drag on the board writes them.
  const pairs = [...text.matchAll(/\[(-?\d+(?:\.\d+)?), (-?\d+(?:\.\d+)?)\]/g)];
  if (kind < 0.15 && pairs.length > 0) {
    const m = pick(pairs);
    const [x, y] = [Number(m[1]), Number(m[2])].map((v) => String(Math.round((v + rng() * 4 - 2) * 100) / 100));
    return text.slice(0, m.index!) + `[${x}, ${y}]` + text.slice(m.index! + m[0].length);
  }
  if (kind < 0.85 && scalars.length > 0) {
    const { from, to } = pick(scalars);
    if (kind < 0.35) return text.slice(0, from) + pick(rng() < 0.8 ? TOKENS : ODD) + text.slice(to);
    const at = from + Math.floor(rng() * (to - from + 1));
    if (kind < 0.55) return text.slice(0, at) + pick([..."0123456789.-+exr_ :#,]"]) + text.slice(at);
    if (kind < 0.75) return text.slice(0, at) + text.slice(at + 1);
    return text.slice(0, from) + String(Math.round((Number(text.slice(from, to)) || 1) * (1 + rng()) * 100) / 100) + text.slice(to);
  }
  const at = Math.floor(rng() * (text.length + 1));
  return rng() < 0.5 ? text.slice(0, at) + text.slice(at + 1) : text.slice(0, at) + pick([..." :-[]{},.09a\n#"]) + text.slice(at);
}

/** The parser's tokens of a text, offsets left out (a patched document's tokens keep the offsets they were parsed at). */
const tokensShape = (tokens: readonly CST.Token[]): string => JSON.stringify(tokens, (key, value: unknown) => (key === "offset" ? undefined : value));

/** A reparse of `text` from `kept` compared with a full parse; returns the reparse's document and whether it patched. */
function check(text: string, kept: KeptDocument | undefined, what: string): { kept?: KeptDocument; patched: boolean } {
  const hadTokens = kept?.tokens !== undefined;
  const again = reparseScenario(text, kept);
  const full = parseScenario(text);
  assert.deepEqual(again.problems, full.problems, what);
  assert.deepEqual(again.scenario, full.scenario, what);
  // A patch patches the tokens too: they are the new text's, but for their offsets.
  if (again.patched && hadTokens) {
    assert.ok(again.kept?.tokens, `the patch dropped the tokens: ${what}`);
    assert.equal(tokensShape(again.kept.tokens), tokensShape([...new Parser().parse(text)]), what);
  }
  if (again.patched) assert.equal(kept?.tokens, undefined, "the previous document's tokens were taken");
  // What the kept document remembers of its reading is that reading.
  if (again.kept) {
    const read = readKept(again.kept);
    assert.deepEqual(read.scenario, full.scenario, what);
    assert.deepEqual(read.problems, full.problems, what);
  }
  return { kept: again.kept, patched: again.patched };
}

describe("incremental parsing", () => {
  it("equals a full parse after each of 6,000 random edits, each from the previous version's document", () => {
    const rng = createRng(20261202);
    const texts = [...FILES.map((f) => readFileSync(f, "utf8")), fightPhaseScenario(100)];
    assert.ok(texts.length > 100, `${texts.length} texts`);
    let edits = 0;
    let patched = 0;
    while (edits < 6000) {
      for (const base of texts) {
        let text = base;
        let kept = parseScenarioKeeping(text).kept;
        for (let k = 0; k < 4; k++) {
          text = edit(text, rng);
          const r = check(text, kept, `edit ${edits}:\n${text}`);
          kept = r.kept;
          if (r.patched) patched++;
          edits++;
        }
      }
    }
    // Many edits were patched: this tests the patching, not only the fallback to a full parse.
    assert.ok(patched > edits / 5, `${patched} of ${edits} edits patched`);
  });

  it("patches a coordinate: the value, its type and every later span follow the text", () => {
    const text = "scenario: t\nturn: red\nunits:\n  a:\n    player: red\n    base: 32\n    models:\n      a1: [1, 2]\n      a2: [3.5, 2]\n";
    const { kept } = parseScenarioKeeping(text);
    for (const [token, value] of [
      ["10.25", 10.25],
      ["0x1F", 31],
      ["1e1", 10],
    ] as const) {
      const edited = text.replace("[1, 2]", `[${token}, 2]`);
      const r = reparseScenario(edited, parseScenarioKeeping(text).kept);
      assert.equal(r.patched, true, token);
      assert.deepEqual(r.scenario, parseScenario(edited).scenario, token);
      const a1 = r.scenario!.units[0].models[0];
      assert.equal(a1.at.x, value);
      assert.equal(edited.slice(r.scenario!.units[0].models[1].span.start, r.scenario!.units[0].models[1].span.end).startsWith("a2"), true);
    }
    // A kept document serves one reparse: the second from the same one parses in full, and equally.
    const once = reparseScenario(text.replace("[1, 2]", "[4, 2]"), kept);
    const twice = reparseScenario(text.replace("[1, 2]", "[5, 2]"), kept);
    assert.deepEqual([once.patched, twice.patched], [true, false]);
    assert.deepEqual(twice.scenario, parseScenario(text.replace("[1, 2]", "[5, 2]")).scenario);
  });

  it("patches both numbers of a pair, and refuses a pair whose commas or spaces changed", () => {
    const text = "scenario: t\nturn: red\nunits:\n  a:\n    player: red\n    base: 32\n    models:\n      a1: [1, 2]\n      a2: [ 3.5 , 2 ]  # c\n";
    for (const [from, to, patched] of [
      ["[1, 2]", "[10.25, -2.5]", true],
      ["[ 3.5 , 2 ]", "[ 4 , 12 ]", true],
      ["[1, 2]", "[1,2]", false],
      ["[1, 2]", "[1, 2 ]", false],
      ["[1, 2]", "[1, 2, 3]", false],
      ["[1, 2]", "[x y, 2]", false],
    ] as const) {
      const edited = text.replace(from, to);
      const r = reparseScenario(edited, parseScenarioKeeping(text).kept);
      assert.equal(r.patched, patched, to);
      assert.deepEqual(r.problems, parseScenario(edited).problems, to);
      assert.deepEqual(r.scenario, parseScenario(edited).scenario, to);
    }
  });

  it("reads an edited text through the last analysis's document and leaves it the text's own", () => {
    const text = fightPhaseScenario(100);
    const first = analyzeIncremental(text);
    const kept = keptFor(text);
    assert.ok(kept && kept === first.replays?.kept, "the analysis remembers its document");
    const at = text.indexOf("[", text.search(/\n {6}\w+: \[/));
    const close = text.indexOf("]", at);
    const edited = `${text.slice(0, at)}[1.25, 2.5${text.slice(close)}`;
    const through = parseThrough(kept, edited);
    assert.deepEqual(through, parseScenario(edited));
    assert.ok(kept.doc, "the document is back");
    assert.deepEqual(readKept(kept), parseScenario(text));
    // The document patched back reads as the text, not only what it remembers of its reading.
    assert.deepEqual(readDocument(kept.doc, text), parseScenario(text));
    // The next analysis patches it, as if nothing had read it.
    const next = analyzeIncremental(edited, first.replays);
    assert.equal(next.patched, true);
    assert.deepEqual(next.analysis.problems, analyzeIncremental(edited).analysis.problems);
    // It takes the reading made through the document a moment ago rather than reading it again.
    assert.equal(next.analysis.scenario, through?.scenario);
    assert.deepEqual(next.analysis.scenario, parseScenario(edited).scenario);
    assert.equal(keptFor(text), undefined, "superseded: no longer the old text's");
  });

  it("parses in full a document whose %YAML directive reads tokens by YAML 1.1's rules", () => {
    const text =
      "%YAML 1.1\n---\nscenario: t\nturn: red\nunits:\n  a: { player: red, base: 32, models: { a1: [5, 5] } }\nsteps:\n  - fight: a\n    illegal: true\n    to: { a1: [6, 5] }\n";
    // In 1.1 `no` is false, `yes` true, `010` eight and `1_0` ten; in 1.2 the first two are words, the last two 10 and a word.
    for (const [was, now] of [
      ["illegal: true", "illegal: no"],
      ["illegal: true", "illegal: yes"],
      ["[6, 5]", "[6, 010]"],
      ["[5, 5]", "[5, 1_0]"],
    ]) {
      const edited = text.replace(was, now);
      const r = reparseScenario(edited, parseScenarioKeeping(text).kept);
      assert.equal(r.patched, false, now);
      assert.deepEqual(r.problems, parseScenario(edited).problems, now);
      assert.deepEqual(r.scenario, parseScenario(edited).scenario, now);
    }
    assert.equal(parseScenario(text.replace("[6, 5]", "[6, 010]")).scenario?.steps[0].kind, "fight");
  });

  it("parses in full what it cannot patch: keys, quoted, tagged and anchored scalars, tokens that change the structure", () => {
    const text =
      "scenario: t\nturn: red\nunits:\n  a:\n    player: red\n    base: 32\n    models:\n      a1: [1, 2]\n      a2: !!float 3\n      a3: &x [4, 2]\n";
    const cases: [string, string][] = [
      ["a1: [1, 2]", "a9: [1, 2]"], // a key
      ["a1: [1, 2]", "a2: [1, 2]"], // a key made a duplicate
      ["!!float 3", "!!float 4"], // a tagged scalar
      ["&x [4, 2]", "&x [5, 2]"], // inside an anchored list
      ["[1, 2]", "[1 2, 2]"], // two words
      ["[1, 2]", "[1, 2, 3]"], // a new item
      ["[1, 2]", "[1:, 2]"],
      ["[1, 2]", "[1#, 2]"],
      ["turn: red", "turn: 'red'"],
    ];
    for (const [from, to] of cases) {
      const edited = text.replace(from, to);
      assert.notEqual(edited, text, to);
      const r = reparseScenario(edited, parseScenarioKeeping(text).kept);
      assert.equal(r.patched, false, to);
      assert.deepEqual(r.problems, parseScenario(edited).problems, to);
      assert.deepEqual(r.scenario, parseScenario(edited).scenario, to);
    }
  });
});

describe("the parse that keeps its tokens", () => {
  /** Everything of a document its readers see: the data, every node's kind and range, the errors and warnings. */
  const picture = (doc: Document.Parsed): string => {
    const nodes: unknown[] = [];
    visit(doc, {
      Node(_key, node) {
        nodes.push([node.constructor.name, node.range, isScalar(node) ? [node.value, node.type] : null]);
      },
    });
    const problems = (list: readonly { code: string; pos: readonly number[]; message: string }[]) => list.map((e) => [e.code, e.pos, e.message]);
    let data: unknown;
    try {
      data = doc.toJS();
    } catch (error) {
      data = String(error);
    }
    return JSON.stringify([data, nodes, problems(doc.errors), problems(doc.warnings), doc.contents?.range ?? null]);
  };

  it("gives yaml's parseDocument's document for every example, fixture and 2,000 mutated texts", () => {
    const rng = createRng(1205);
    let compared = 0;
    let broken = 0;
    const texts = FILES.map((f) => readFileSync(f, "utf8"));
    for (const text of [...texts, "", "a: 1\n---\nb: 2\n", "- [1, 2\n", "{a: 1"]) {
      assert.equal(picture(parseKeepingTokens(text).doc), picture(parseDocument(text, YAML_OPTIONS)));
      compared++;
    }
    for (let k = 0; k < 2_000; k++) {
      let text = texts[k % texts.length];
      for (let n = 1 + Math.floor(rng() * 3); n > 0; n--) text = edit(text, rng);
      const mine = parseKeepingTokens(text).doc;
      if (mine.errors.length > 0) broken++;
      assert.equal(picture(mine), picture(parseDocument(text, YAML_OPTIONS)), `mutation ${k}`);
      compared++;
    }
    assert.ok(broken > 50, `only ${broken} of the mutated texts had YAML errors`);
    assert.ok(compared > 2_000);
  });

  it("keeps the tokens with a document parsed in full, and patches them with the document", () => {
    const text = readFileSync(FILES[0], "utf8");
    const full = parseScenarioKeeping(text).kept!;
    assert.ok(full.tokens && full.tokens.length > 0);
    const scalar = scalarsOf(text).find(({ from, to }) => /^\d+$/.test(text.slice(from, to)))!;
    const edited = text.slice(0, scalar.from) + "9" + text.slice(scalar.to);
    const tokens = full.tokens;
    const again = reparseScenario(edited, full);
    assert.equal(again.patched, true);
    assert.equal(again.kept?.tokens, tokens, "the same tokens, taken from the previous document");
    assert.equal(tokensShape(tokens), tokensShape([...new Parser().parse(edited)]));
    // Past KEEP_TOKENS_LIMIT the document is kept without them.
    const long = fightPhaseScenario(5000);
    assert.ok(long.length > KEEP_TOKENS_LIMIT);
    assert.equal(parseScenarioKeeping(long).kept?.tokens, undefined);
  });

  it("keeps the tokens the new text's through a chain of edits that lengthen and shorten scalars all over the text", () => {
    const rng = createRng(1203);
    let text = fightPhaseScenario(100);
    let kept = parseScenarioKeeping(text).kept;
    const numbers = () => [...text.matchAll(/(?<=\[|, )-?\d+(?:\.\d+)?(?=[,\]])/g)];
    for (let k = 0; k < 300; k++) {
      const all = numbers();
      // Mostly the same few numbers (typing), sometimes anywhere; each edit makes the number longer or shorter.
      const m = all[rng() < 0.7 ? k % 7 : Math.floor(rng() * all.length)];
      const now = m[0].includes(".") ? m[0].slice(0, m[0].indexOf(".")) : `${m[0]}.${1 + Math.floor(rng() * 98)}`;
      text = text.slice(0, m.index) + now + text.slice(m.index! + m[0].length);
      const r = check(text, kept, `edit ${k}`);
      assert.equal(r.patched, true, `edit ${k}`);
      kept = r.kept;
    }
    assert.ok((kept?.grown?.length ?? 0) > 20, `${kept?.grown?.length} scalars patched`);
  });

  it(`drops the tokens once more than ${MAX_PATCHED_SCALARS} distinct scalars were patched, and the next full parse keeps them again`, () => {
    let text = fightPhaseScenario(400);
    let kept = parseScenarioKeeping(text).kept;
    const positions = [...text.matchAll(/(?<=\[)\d+\.\d+(?=,)/g)].map((m) => m.index!);
    assert.ok(positions.length > MAX_PATCHED_SCALARS + 10);
    // Each edit adds a digit to one number, so the offsets after it move by one.
    for (let k = 0; k <= MAX_PATCHED_SCALARS; k++) {
      const at = positions[k] + k;
      text = text.slice(0, at) + "1" + text.slice(at);
      const r = reparseScenario(text, kept);
      assert.equal(r.patched, true);
      assert.equal(r.kept?.tokens !== undefined, k < MAX_PATCHED_SCALARS, `edit ${k}`);
      kept = r.kept;
    }
    assert.ok(parseScenarioKeeping(text).kept?.tokens);
  });
});
