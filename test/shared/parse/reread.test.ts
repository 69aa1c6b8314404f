// Reading one step again (shared/parse/reread.ts): when a patch rewrote scalars inside one step,
// the reading of the new text keeps the previous reading's other steps and findings (moved past
// the edit) and reads that step alone. It must give exactly what reading the whole document gives,
// on every example and fixture and after thousands of edits inside steps, and must read the whole
// document when a definition follows the steps or an unknown id elsewhere shares the hints' budget.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { isScalar, parseDocument, visit } from "yaml";
import type { Scenario } from "../../../shared/model/scenario";
import { parseScenario, parseScenarioKeeping, type KeptDocument } from "../../../shared/parse/parse-scenario";
import { parseThrough, reparseScenario } from "../../../shared/parse/reparse";
import { createRng } from "../../helpers/prng";
import { exampleAndFixtureFiles } from "../../helpers/scenario-files";
import { fightPhaseScenario } from "../../bench/scenarios";

/** Plain value scalars inside the items of `steps:`, with their offsets. */
function stepScalars(text: string): { from: number; to: number; source: string }[] {
  const doc = parseDocument(text);
  const out: { from: number; to: number; source: string }[] = [];
  const steps = doc.contents && "get" in doc.contents ? (doc.contents as { get(k: string, keep: true): unknown }).get("steps", true) : undefined;
  if (!steps || typeof steps !== "object") return out;
  visit(steps as never, {
    Scalar(key, node) {
      if (key !== "key" && isScalar(node) && node.range && node.type === "PLAIN")
        out.push({ from: node.range[0], to: node.range[1], source: String(node.source) });
    },
  });
  return out;
}

/** Ids a step may name, right or wrong: the text's own words, each misspelt, and numbers of every length. */
function replacements(text: string, rng: () => number): string {
  const words = [...new Set(text.match(/\b[a-z][a-z0-9-]*\b/g) ?? [])];
  const word = words[Math.floor(rng() * words.length)] ?? "x";
  const pick = rng();
  if (pick < 0.4) return String(Math.round((rng() * 40 - 5) * 1000) / 1000);
  if (pick < 0.6) return word;
  if (pick < 0.75) return `${word}x`;
  if (pick < 0.85) return ["0", "-1", "1e3", "true", "null", "08", "0x1F", ".5"][Math.floor(rng() * 8)];
  return word.slice(0, -1) || "y";
}

/** An edit inside one plain scalar of a step: replaced, a digit typed into it, or a character deleted. */
function stepEdit(text: string, rng: () => number): string | undefined {
  const scalars = stepScalars(text);
  if (scalars.length === 0) return undefined;
  const { from, to } = scalars[Math.floor(rng() * scalars.length)];
  const kind = rng();
  if (kind < 0.5) return text.slice(0, from) + replacements(text, rng) + text.slice(to);
  const at = from + Math.floor(rng() * (to - from));
  if (kind < 0.8) return text.slice(0, at) + String(Math.floor(rng() * 10)) + text.slice(at);
  return to - from > 1 ? text.slice(0, at) + text.slice(at + 1) : undefined;
}

/** Did the reading keep the previous version's definitions (a step read again) rather than read them anew? */
const readAlone = (before: Scenario | undefined, after: Scenario | undefined): boolean => before !== undefined && after?.units === before.units;

/** The reparse of `text` from `kept` compared with reading `text` in full; whether it read one step alone. */
function check(text: string, kept: KeptDocument | undefined, what: string): { kept?: KeptDocument; alone: boolean } {
  const before = kept?.read?.scenario;
  const again = reparseScenario(text, kept);
  const full = parseScenario(text);
  assert.deepEqual(again.problems, full.problems, what);
  assert.deepEqual(again.scenario, full.scenario, what);
  return { kept: again.kept, alone: again.patched && readAlone(before, again.scenario) };
}

const CORPUS = [...exampleAndFixtureFiles().map((f) => readFileSync(f, "utf8")), fightPhaseScenario(100), fightPhaseScenario(400)];

describe("reading one step again", () => {
  it("equals reading the whole document after 4,000 edits inside steps, each from the previous version", () => {
    const rng = createRng(20261203);
    let edits = 0;
    let alone = 0;
    while (edits < 4000) {
      for (const base of CORPUS) {
        let text = base;
        let kept = parseScenarioKeeping(text).kept;
        for (let k = 0; k < 4; k++) {
          const next = stepEdit(text, rng);
          if (next === undefined || next === text) break;
          text = next;
          const r = check(text, kept, `edit ${edits}:\n${text}`);
          kept = r.kept;
          if (r.alone) alone++;
          edits++;
        }
      }
    }
    // Most edits took the short way: this tests reading a step alone, not only the fallback.
    assert.ok(alone > edits / 3, `${alone} of ${edits} edits read one step alone`);
  });

  it("reads a text a feature is about to write through the document the same way (a quick fix's candidate, a drag)", () => {
    const rng = createRng(7);
    let alone = 0;
    let tried = 0;
    for (const base of CORPUS) {
      const kept = parseScenarioKeeping(base).kept;
      if (!kept) continue;
      for (let k = 0; k < 6; k++) {
        const text = stepEdit(base, rng);
        if (text === undefined || text === base) continue;
        const before = kept.read?.scenario;
        const through = parseThrough(kept, text);
        if (!through) continue;
        tried++;
        assert.deepEqual(through, parseScenario(text), text);
        if (readAlone(before, through.scenario)) alone++;
        // The document is back to its own text, and so is what it remembers of its reading.
        assert.deepEqual(reparseScenario(base, kept).scenario, parseScenario(base).scenario);
      }
    }
    assert.ok(tried > 200 && alone > tried / 3, `${alone} of ${tried} read one step alone`);
  });

  it("keeps the steps before the edit, and moves the steps and findings after it by the length the text gained", () => {
    const text = fightPhaseScenario(100);
    const { scenario: before, kept } = parseScenarioKeeping(text);
    assert.ok(before && kept);
    const target = before.steps[5];
    assert.equal(target.kind, "pile-in");
    assert.ok(target.kind === "pile-in" && target.moves.length > 0);
    const at = text.indexOf("[", target.moves[0].span.start) + 1;
    const comma = text.indexOf(",", at);
    // The step's first move's x written with two more characters (the same number).
    const grown = `${text.slice(0, at)}${text.slice(at, comma)}00${text.slice(comma)}`;
    const r = reparseScenario(grown, kept);
    assert.equal(r.patched, true);
    assert.deepEqual(r, { ...r, ...parseScenario(grown) });
    const after = r.scenario!;
    for (let i = 0; i < 5; i++) assert.equal(after.steps[i], before.steps[i], `step ${i} is the previous version's own`);
    assert.notEqual(after.steps[6], before.steps[6]);
    assert.equal(after.steps[6].span.start, before.steps[6].span.start + 2);
    assert.equal(after.steps.at(-1)!.span.end, before.steps.at(-1)!.span.end + 2);
    assert.equal(after.units, before.units);
  });

  it("moves the findings of other steps, and reads the edited step's own again", () => {
    const text = [
      "scenario: Findings before and after the edit",
      "rules: 11e",
      "turn: red",
      "phase: fight",
      "units:",
      "  a: { player: red, base: 32, models: { a1: [5, 5], a2: [6, 5] } }",
      "  b: { player: blue, base: 32, models: { b1: [5, 6.4] } }",
      "steps:",
      "  - pile-in: a",
      "    colour: blue",
      "    to: { a1: [5, 5.1] }",
      "  - fight: a",
      "  - consolidate: a",
      "    mode: sideways",
      "    to: { a2: [6, 5.2] }",
      "",
    ].join("\n");
    const { kept, problems: before } = parseScenarioKeeping(text);
    assert.deepEqual(
      before.map((p) => [p.code, p.step]),
      [
        ["scenario.schema", 0],
        ["scenario.schema", 2],
      ],
    );
    const edited = text.replace("fight: a", "fight: ab");
    const r = reparseScenario(edited, kept);
    assert.deepEqual(r.problems, parseScenario(edited).problems);
    assert.deepEqual(r.scenario, parseScenario(edited).scenario);
    assert.equal(r.scenario?.units, kept!.read!.scenario!.units, "read one step alone");
    // The step read again now names an unknown unit, with the hint a whole reading gives.
    const unknown = r.problems.find((p) => p.code === "scenario.unknown-ref");
    assert.equal(unknown?.message, "unknown unit 'ab'; did you mean 'a'?");
    assert.equal(unknown?.step, 1);
    assert.equal(r.problems.at(-1)!.span.start, before.at(-1)!.span.start + 1);
  });

  it("reads one step alone beside unknown ids elsewhere, each with the hint a whole reading gives", () => {
    const text = [
      "scenario: Unknown ids in two steps",
      "rules: 11e",
      "turn: red",
      "phase: fight",
      "units:",
      "  alpha: { player: red, base: 32, models: { a1: [5, 5] } }",
      "  bravo: { player: blue, base: 32, models: { b1: [5, 6.4] } }",
      "steps:",
      "  - pile-in: alpha",
      "    to: { a1: [5, 5.1] }",
      "  - fight: alphx",
      "  - fight: bravx",
      "",
    ].join("\n");
    const { kept, scenario } = parseScenarioKeeping(text);
    const edited = text.replace("bravx", "brav");
    const r = reparseScenario(edited, kept);
    assert.equal(r.scenario?.units, scenario?.units, "read one step alone");
    assert.deepEqual(r.problems, parseScenario(edited).problems);
    assert.deepEqual(r.scenario, parseScenario(edited).scenario);
    assert.deepEqual(
      r.problems.map((p) => p.message),
      ["unknown unit 'alphx'; did you mean 'alpha'?", "unknown unit 'brav'; did you mean 'bravo'?"],
    );
  });

  it("reads the whole document when a definition follows the steps, more unknown ids than get a hint, or the edit is not in a step", () => {
    const base = [
      "scenario: When one step is not read alone",
      "rules: 11e",
      "turn: red",
      "phase: fight",
      "units:",
      "  a: { player: red, base: 32, models: { a1: [5, 5] } }",
      "  b: { player: blue, base: 32, models: { b1: [5, 6.4] } }",
      "steps:",
      "  - pile-in: a",
      "    to: { a1: [5, 5.1] }",
      "  - fight: a",
      "",
    ].join("\n");
    // 26 fights of an unknown unit: the first 25 get a hint. Naming another unknown unit in the first
    // step takes the 25th fight's hint away, which the findings kept from before would still have.
    const unhinted = base.replace("  - fight: a\n", "  - fight: ax\n".repeat(26));
    const cases: [string, string, string, string][] = [
      [
        "steps, then the units",
        base
          .replace(/units:\n(.*\n){2}/, "")
          .replace(/$/, "units:\n  a: { player: red, base: 32, models: { a1: [5, 5] } }\n  b: { player: blue, base: 32, models: { b1: [5, 6.4] } }\n"),
        "[5, 5.1]",
        "[5, 5.15]",
      ],
      ["more unknown ids than hints", unhinted, "pile-in: a\n", "pile-in: ay\n"],
      ["an edit in the units", base, "[5, 5]", "[5, 5.25]"],
    ];
    for (const [what, text, was, now] of cases) {
      const { kept, scenario } = parseScenarioKeeping(text);
      assert.ok(scenario && kept, what);
      const edited = text.replace(was, now);
      assert.notEqual(edited, text, what);
      const r = reparseScenario(edited, kept);
      assert.equal(r.patched, true, what);
      assert.deepEqual(r.problems, parseScenario(edited).problems, what);
      assert.deepEqual(r.scenario, parseScenario(edited).scenario, what);
      assert.notEqual(r.scenario?.units, scenario.units, `${what}: read in full`);
    }
    // The hints of the 26 fights: all but the last before the edit, all but the last two after it.
    const hints = (t: string): number => parseScenario(t).problems.filter((p) => p.message.includes("did you mean")).length;
    assert.deepEqual([hints(unhinted), hints(unhinted.replace("pile-in: a\n", "pile-in: ay\n"))], [25, 25]);
  });
});
