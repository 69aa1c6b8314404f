// Quick fixes for attack.target and attack.weapon (issue 14, part 4): another unit the model may
// attack, or another weapon or profile it may use, each verified by re-analysis; only the scalar
// the finding is on changes, byte for byte.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../../shared/index";
import { applyEdits, quickFixes } from "../../../shared/language/fixes/index";

const fixture = (name: string): string => readFileSync(join(__dirname, "..", "..", "..", "..", "test", "fixtures", "rules", `${name}.scenario.yaml`), "utf8");

/** The preferred fix of the finding of `code` on the line holding `line`: its title and the text after it. */
function fixOf(text: string, code: string, line: string): { title: string; after: string } | undefined {
  const analysis = analyze(text);
  const at = text.indexOf(line);
  const problem = analysis.problems.find((p) => p.code === code && p.span.start >= at && p.span.start < at + line.length);
  assert.ok(problem, `${code} on ${line}`);
  const fix = quickFixes(text, analysis, problem).find((f) => f.preferred);
  return fix && { title: fix.title, after: applyEdits(text, fix.edits) };
}

describe("quick fixes for attacks", () => {
  it("attack.target: a unit the model may attack, only that id changed", () => {
    const text = fixture("10e-attack-targets");
    const fix = fixOf(text, "attack.target", "a2: { weapon: choppa, target: f }");
    assert.equal(fix?.title, "Change the target to e");
    assert.equal(fix?.after, text.replace("a2: { weapon: choppa, target: f }", "a2: { weapon: choppa, target: e }"));
    assert.deepEqual(
      analyze(fix!.after).problems.map((p) => p.code),
      [],
    );
  });

  it("attack.weapon: an equipped melee weapon for a ranged one, a profile for a weapon that needs one, an extra-attacks weapon for a second one", () => {
    const text = fixture("10e-attack-weapons");
    const ranged = fixOf(text, "attack.weapon", "a5: { weapon: slugga");
    assert.equal(ranged?.title, "Change the weapon to choppa");
    assert.equal(ranged?.after, text.replace("a5: { weapon: slugga", "a5: { weapon: choppa"));
    const profile = fixOf(text, "attack.weapon", "a6: { weapon: axe,");
    assert.equal(profile?.title, "Change the weapon to axe/sweep");
    assert.equal(profile?.after, text.replace("a6: { weapon: axe,", "a6: { weapon: axe/sweep,"));
    const second = fixOf(text, "attack.weapon", "a2: [{ weapon: choppa, target: e }, { weapon: big-choppa");
    assert.equal(second?.title, "Change the weapon to squig");
  });

  it("no fix is offered when no value clears the finding (a target out of every model's reach)", () => {
    const text = fixture("11e-attack-target").replace("charged: [e, f]", "charged: [e, f]\n    fights-first: true");
    const analysis = analyze(text);
    const problem = analysis.problems.find((p) => p.code === "attack.target");
    assert.ok(problem);
    // a1's squig to f: e is the only other enemy unit, and a1 already reaches it, so e clears it.
    const fix = quickFixes(text, analysis, problem).find((f) => f.preferred);
    assert.equal(fix?.title, "Change the target to e");
    const far = text.replace("e1: [11.8, 10]", "e1: [14.5, 10]");
    const farAnalysis = analyze(far);
    const farProblem = farAnalysis.problems.find((p) => p.code === "attack.target" && far.slice(p.span.start, p.span.end) === "f");
    assert.ok(farProblem);
    assert.equal(
      quickFixes(far, farAnalysis, farProblem).find((f) => f.preferred),
      undefined,
    );
  });
});
