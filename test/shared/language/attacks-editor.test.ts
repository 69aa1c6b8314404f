// The editor inside weapons and attacks (issue 14, part 4): hover on a model of a fight step says
// whether it can fight and why, with its weapons and what it may attack; hover on a weapon; and
// completion of the fighting unit's models, of a model's weapons and of the units it may attack.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../../shared/index";
import { completeAt, type CompletionEntry } from "../../../shared/language/completion/index";
import { hoverAt } from "../../../shared/language/hover/index";

const fixture = (name: string): string => readFileSync(join(__dirname, "..", "..", "..", "..", "test", "fixtures", "rules", `${name}.scenario.yaml`), "utf8");
const WHO = fixture("10e-attack-who-fights");
const TARGETS = fixture("10e-attack-targets");

function hover(text: string, needle: string, shift = 1): string {
  const at = text.indexOf(needle);
  assert.ok(at >= 0, needle);
  return hoverAt(analyze(text), at + shift)?.markdown ?? "";
}

function complete(marked: string): CompletionEntry[] {
  const at = marked.indexOf("|");
  const text = marked.slice(0, at) + marked.slice(at + 1);
  return [...completeAt(text, at).entries].sort((a, b) => (a.sortText < b.sortText ? -1 : a.sortText > b.sortText ? 1 : 0));
}

describe("hover on a model of a fight step", () => {
  it("a back-rank model: it can fight through the base-to-base chain, which it names", () => {
    const h = hover(WHO, "a2: { weapon");
    assert.match(h, /- at its fight: \*\*can fight\*\*, through the base-to-base chain a2 → a1 → e1\n/);
    assert.match(h, /- may attack: \*\*e\*\* \(through the base-to-base chain a2 → a1 → e1\)\n/);
    assert.match(h, /- melee weapons: choppa \(A 2\)$/);
  });

  it("a model within Engagement Range says how far; one that cannot fight says the gap and the missing chain", () => {
    assert.match(hover(WHO, "a3: { weapon"), /- at its fight: \*\*can fight\*\*, within Engagement Range of e \(0\.52" from e1\)/);
    assert.match(
      hover(WHO, "a4: { weapon"),
      /- at its fight: \*\*cannot fight\*\*: 1\.56" from e1, not within Engagement Range of an enemy unit, and no base-to-base chain to one\n/,
    );
    assert.ok(!hover(WHO, "a4: { weapon").includes("may attack"));
  });

  it("lists every unit a model may attack, and how", () => {
    assert.match(
      hover(TARGETS, "a3: { weapon"),
      /- may attack: \*\*e\*\* \(within Engagement Range of e \(0\.52" from e1\)\), \*\*f\*\* \(within Engagement Range of f \(0\.5" from f1\)\)/,
    );
    assert.match(hover(TARGETS, "a2: { weapon"), /- may attack: \*\*e\*\* \(through the base-to-base chain a2 → a1 → e1\)\n/);
  });

  it("an 11e model: engaged or not, no chain", () => {
    const text = fixture("11e-attack-target");
    assert.match(hover(text, "a1: [{ weapon"), /- may attack: \*\*e\*\* \(within Engagement Range of e \(0\.54" from e1\)\)\n/);
  });

  it("a weapon: its profiles, keywords and who carries it", () => {
    const text = fixture("10e-attack-weapons");
    const h = hover(text, "weapon: slugga", "weapon: ".length + 1);
    assert.match(
      h,
      /^\*\*slugga\*\* · ranged weapon, 12": it cannot make melee attacks\n\n- A 1, BS 5\+, S 4, AP 0, D 1 · pistol\n- carried by a1, a2, a4, a5$/,
    );
  });
});

describe("completion inside attacks:", () => {
  it("the fighting unit's models not listed, those that can fight first, then all", () => {
    const text = WHO.replace("      a4: { weapon: choppa, target: e }   # expect: attack.cannot-fight\n", "      |\n");
    const entries = complete(text);
    assert.deepEqual(
      entries.map((e) => [e.label, e.detail]),
      [
        ["a4", "cannot fight here"],
        ["all", "every model that fights and is not listed"],
      ],
    );
  });

  it("a model's weapon: its melee weapons and profiles first, equipped, then the rest", () => {
    const text = fixture("10e-attack-weapons").replace("a6: { weapon: axe, target: e }", "a6: { weapon: |, target: e }");
    assert.deepEqual(
      complete(text).map((e) => [e.label, e.detail]),
      [
        ["axe/sweep", "melee · A 6 · equipped"],
        ["axe/strike", "melee · A 4 · equipped"],
        ["choppa", "melee · A 3"],
        ["big-choppa", "melee · A 2"],
        ["squig", "melee · A 1"],
        ["slugga", "ranged · A 1"],
      ],
    );
  });

  it("targets: the units the model may attack first", () => {
    const text = TARGETS.replace("a2: { weapon: choppa, target: f }", "a2: { weapon: choppa, target: | }");
    assert.deepEqual(
      complete(text).map((e) => [e.label, e.detail]),
      [
        ["e", "a2 may attack it"],
        ["f", "not in a2's reach"],
      ],
    );
    const split = TARGETS.replace("a3: { weapon: choppa, targets: { e: 1, f: 1 } }", "a3: { weapon: choppa, targets: [e, |] }");
    assert.deepEqual(
      complete(split).map((e) => e.label),
      ["f"],
    );
  });

  it("wargear: the catalogue's weapons not yet written", () => {
    const text = fixture("10e-attack-weapons").replace("wargear: [slugga, choppa, big-choppa, squig]", "wargear: [slugga, |]");
    assert.deepEqual(
      complete(text).map((e) => e.label),
      ["choppa", "big-choppa", "axe", "squig"],
    );
  });

  it("resolve: the units the step's attacks target, those not yet listed", () => {
    const text = fixture("10e-attack-order").replace("resolve: [{ e: [choppa, klaw, choppa] }, f, e]", "resolve: [f, |]");
    assert.deepEqual(
      complete(text).map((e) => e.label),
      ["e"],
    );
  });

  it("the keys of an attack use", () => {
    const text = WHO.replace("a4: { weapon: choppa, target: e }", "a4: { weapon: choppa, | }");
    assert.deepEqual(
      complete(text).map((e) => e.label),
      ["target", "targets"],
    );
  });
});
