/**
 * The rulings catalogue (shared/systems/rulings.ts): `10e+club` specs, resolving a system with
 * rulings and sets, unknown and inapplicable names, the shape of every catalogue entry, and the
 * club set reproducing source 002's worked example (only under the club reading may the Boyz not
 * strike the unit the Nobz are fighting).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../../shared/index";
import { parseSystemSpec, resolveSystem, RULINGS, RULING_SETS } from "../../../shared/systems/rulings";
import { RULES_SYSTEMS, TENTH, type Readings } from "../../../shared/systems/system";

const root = join(__dirname, "..", "..", "..", "..");
const read = (...path: string[]) => readFileSync(join(root, ...path), "utf8");

/** `line severity code` of every problem, sorted. */
function findings(text: string, options: { rules?: string; rulings?: readonly string[] } = {}): string[] {
  const a = analyze(text, options);
  return a.problems.map((p) => `${a.lines.lineCol(p.span.start).line} ${p.severity} ${p.code}`).sort();
}

/** 1-based number of the first line containing `needle`. */
function lineOf(text: string, needle: string, from = 0): number {
  const i = text.split("\n").findIndex((l, n) => n >= from && l.includes(needle));
  assert.ok(i >= 0, `no line contains ${needle}`);
  return i + 1;
}

const OFFICIAL: Readings = { chargersAttackOnlyChargeTargets: false, remainingCombatsEngagedOnly: false, consolidateContact: "engaged" };

describe("parseSystemSpec", () => {
  it("splits a system and its rulings", () => {
    assert.deepEqual(parseSystemSpec("10e+club"), { rules: "10e", rulings: ["club"] });
    assert.deepEqual(parseSystemSpec("10e+club+consolidate-contact-base"), { rules: "10e", rulings: ["club", "consolidate-contact-base"] });
  });
  it("reads a bare system, spaces and empty parts", () => {
    assert.deepEqual(parseSystemSpec("11e"), { rules: "11e", rulings: [] });
    assert.deepEqual(parseSystemSpec(" 10e + club "), { rules: "10e", rulings: ["club"] });
    assert.deepEqual(parseSystemSpec("10e++club+"), { rules: "10e", rulings: ["club"] });
    assert.deepEqual(parseSystemSpec(""), { rules: "", rulings: [] });
  });
});

describe("resolveSystem", () => {
  it("leaves the official readings without rulings", () => {
    const r = resolveSystem("10e", []);
    assert.deepEqual(r.system.readings, OFFICIAL);
    assert.deepEqual([r.unknown, r.inapplicable], [[], []]);
    assert.equal(r.system.engagementRange, 1);
  });
  it("expands the club set on 10e", () => {
    const r = resolveSystem("10e", ["club"]);
    assert.deepEqual(r.system.readings, { chargersAttackOnlyChargeTargets: true, remainingCombatsEngagedOnly: true, consolidateContact: "engaged" });
    assert.deepEqual([r.unknown, r.inapplicable], [[], []]);
    // The rest of the system is 10e's, untouched.
    assert.equal(r.system.id, "10e");
    assert.deepEqual({ ...r.system, readings: TENTH.readings }, TENTH);
    assert.deepEqual(TENTH.readings, OFFICIAL, "the 10e constant itself is not changed");
  });
  it("applies rulings in order, a later one overriding an earlier one", () => {
    assert.equal(resolveSystem("10e", ["club", "consolidate-contact-base"]).system.readings.consolidateContact, "base");
    assert.equal(resolveSystem("10e", ["consolidate-contact-base", "club"]).system.readings.consolidateContact, "engaged");
    assert.deepEqual(resolveSystem("10e", ["chargers-attack-only-charge-targets"]).system.readings, { ...OFFICIAL, chargersAttackOnlyChargeTargets: true });
  });
  it("returns unknown names once each and ignores them", () => {
    const r = resolveSystem("10e", ["club", "nope", "nope", "Club"]);
    assert.deepEqual(r.unknown, ["nope", "Club"]);
    assert.equal(r.system.readings.chargersAttackOnlyChargeTargets, true);
  });
  it("leaves out rulings that do not apply to the system", () => {
    const r = resolveSystem("11e", ["club"]);
    assert.deepEqual(r.system.readings, OFFICIAL);
    assert.deepEqual(r.inapplicable, ["chargers-attack-only-charge-targets", "remaining-combats-engaged-only", "consolidate-contact-engaged"]);
    assert.deepEqual(r.unknown, []);
  });
  it("falls back to 11e for an unknown system", () => {
    assert.equal(resolveSystem("12e", []).system.id, "11e");
  });
});

describe("the rulings catalogue", () => {
  it("holds the club rulings and the club set", () => {
    assert.deepEqual(Object.keys(RULINGS).sort(), [
      "chargers-attack-only-charge-targets",
      "consolidate-contact-base",
      "consolidate-contact-engaged",
      "remaining-combats-engaged-only",
    ]);
    assert.deepEqual(RULING_SETS.club, ["chargers-attack-only-charge-targets", "remaining-combats-engaged-only", "consolidate-contact-engaged"]);
  });
  for (const [key, r] of Object.entries(RULINGS)) {
    it(`${key} is documented and changes one reading`, () => {
      assert.equal(r.id, key);
      assert.ok(r.summary.length > 20 && r.summary.endsWith("."), "a one-sentence summary");
      assert.match(r.source, /seed 00\d .*L\d+/, "the source cites a seed line");
      assert.ok(r.systems.length > 0 && r.systems.every((s) => s in RULES_SYSTEMS), "known systems");
      const base: Readings = key === "consolidate-contact-engaged" ? { ...OFFICIAL, consolidateContact: "base" } : OFFICIAL;
      const after = r.apply(base);
      const changed = (Object.keys(base) as (keyof Readings)[]).filter((k) => after[k] !== base[k]);
      assert.equal(changed.length, 1, `changes exactly one reading: ${changed.join(", ")}`);
    });
  }
  it("names each set member, and no name is both a set and a ruling", () => {
    for (const [set, members] of Object.entries(RULING_SETS)) {
      assert.ok(!(set in RULINGS), set);
      for (const m of members) assert.ok(m in RULINGS, `${set}: ${m}`);
    }
  });
});

describe("the club set reproduces seed 002's worked example", () => {
  const tenth = read("examples", "seed-002-10e.scenario.yaml");
  const boyzTargets = lineOf(tenth, "targets: [intercessors, aggressors]");

  it("the 10e example is clean under 10e and 11e", () => {
    assert.deepEqual(findings(tenth), []);
    assert.deepEqual(findings(tenth, { rules: "11e" }), []);
  });
  it("under 10e+club only the Boyz' attack on the Nobz' enemy is illegal", () => {
    const a = analyze(tenth, { rules: "10e", rulings: ["club"] });
    assert.deepEqual(
      a.problems.map((p) => [a.lines.lineCol(p.span.start).line, p.severity, p.code]),
      [[boyzTargets, "error", "fight.target"]],
    );
    assert.match(
      a.problems[0].message,
      /boyz charged this turn, so it may only attack the units it declared as charge targets \(intercessors\), not aggressors \(club ruling chargers-attack-only-charge-targets, seed 002 L25, L56\)/,
    );
  });
  it("the club example's expected violation disappears without the rulings", () => {
    const club = read("examples", "seed-002-club.scenario.yaml");
    const illegal = lineOf(club, "illegal: [fight.target]");
    assert.deepEqual(findings(club), [`${boyzTargets} info fight.target`]);
    assert.deepEqual(findings(club, { rulings: [] }), [`${illegal} error expect.unmet`]);
    assert.deepEqual(findings(club, { rules: "11e", rulings: [] }), [`${illegal} error expect.unmet`]);
  });
});

describe("each club ruling on its own", () => {
  it("remaining-combats-engaged-only: an unengaged charger is not eligible in the second part", () => {
    const text = read("test", "fixtures", "rules", "club-remaining-engaged-only.scenario.yaml");
    const e = lineOf(text, "- fight: e");
    const a = lineOf(text, "- fight: a");
    assert.deepEqual(findings(text, { rulings: ["remaining-combats-engaged-only"] }), [`${e} error fight.order`, `${a} error action.not-eligible`]);
    assert.deepEqual(findings(text, { rulings: [] }), [`${e} error fight.order`]);
  });
  it("consolidate-contact-base: contact means base-to-base, engaged is not enough", () => {
    const text = read("test", "fixtures", "rules", "club-consolidate-contact-base.scenario.yaml");
    const head = lineOf(text, "- consolidate: a");
    assert.deepEqual(findings(text, { rulings: ["consolidate-contact-base"] }), [`${head} error engagement.required`]);
    assert.deepEqual(findings(text, { rulings: ["club"] }), [`${head + 2} error move.missed-contact`]);
  });
  it("chargers-attack-only-charge-targets: a charger's undeclared target", () => {
    const text = read("test", "fixtures", "rules", "club-charger-targets.scenario.yaml");
    const targets = lineOf(text, "targets: [b, c]");
    assert.deepEqual(findings(text, { rulings: ["chargers-attack-only-charge-targets"] }), [`${targets} error fight.target`]);
    assert.deepEqual(findings(text, { rulings: [] }), []);
  });
});
