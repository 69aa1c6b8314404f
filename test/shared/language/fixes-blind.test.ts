// Issue 6, done when: "applying the offered fix to scenarios written by someone else leaves the
// scenario free of that code and of any new one". The scenarios under test/fixtures/blind/ were
// written blind by other engineers of the team (11e Fight phase; 10e, charges, movement); every
// move finding in them gets its preferred fix applied and the result is analysed again.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import type { Problem } from "../../../shared/diagnostics/problem";
import { tally } from "../../helpers/tally";
import { analyze } from "../../../shared/index";
import { applyEdits, Budget, POSITION_CODES, quickFixes } from "../../../shared/language/fixes/index";

const BLIND = join(__dirname, "..", "..", "..", "..", "test", "fixtures", "blind");

function scenarioFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? scenarioFiles(join(dir, e.name)) : e.name.endsWith(".scenario.yaml") ? [join(dir, e.name)] : []))
    .sort();
}

/** The line a finding starts on, with the id or key it is about (its span's first word). */
function where(text: string, p: Problem): string {
  const line = text.slice(0, p.span.start).split("\n").length;
  return `${line}:${/^[^\s:[\]{}]*/.exec(text.slice(p.span.start))?.[0] ?? ""}`;
}

test("the preferred fix of every move finding in the blind scenarios clears it and adds nothing", (t) => {
  const files = scenarioFiles(BLIND);
  assert.ok(files.length >= 130, `only ${files.length} blind scenarios`);
  let findings = 0;
  const fixed: string[] = [];
  const unfixed: string[] = [];
  const byCode = new Map<string, number>();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const analysis = analyze(text);
    const before = tally(analysis.problems);
    for (const p of analysis.problems) {
      if (!POSITION_CODES.includes(p.code) || p.severity === "info") continue;
      findings++;
      const name = `${relative(BLIND, file)}:${where(text, p)} ${p.code}`;
      const fix = quickFixes(text, analysis, p).find((f) => f.preferred);
      if (!fix) {
        unfixed.push(name);
        continue;
      }
      const after = applyEdits(text, fix.edits);
      const again = analyze(after);
      assert.ok(again.scenario, `${name}: "${fix.title}" keeps the scenario readable`);
      // The code is gone from that model (or, for coherency, that step's line) ...
      const same = again.problems.filter(
        (q) => q.code === p.code && q.step === p.step && q.severity !== "info" && where(after, q).split(":")[1] === where(text, p).split(":")[1],
      );
      assert.deepEqual(
        same.map((q) => q.message),
        [],
        `${name}: "${fix.title}" clears it`,
      );
      // ... and no code became more frequent on any step.
      const now = tally(again.problems);
      assert.equal(now.get(`${p.code}@${p.step}`) ?? 0, (before.get(`${p.code}@${p.step}`) ?? 0) - 1, `${name}: one ${p.code} fewer`);
      for (const [key, n] of now) assert.ok(n <= (before.get(key) ?? 0), `${name}: "${fix.title}" adds ${key}`);
      fixed.push(`${name} -> ${fix.title}`);
      byCode.set(p.code, (byCode.get(p.code) ?? 0) + 1);
    }
  }
  t.diagnostic(`${files.length} blind scenarios, ${findings} move findings: ${fixed.length} got a verified fix, ${unfixed.length} got none`);
  t.diagnostic(`fixed by code: ${[...byCode].map(([c, n]) => `${c} ${n}`).join(", ")}`);
  for (const u of unfixed) t.diagnostic(`no fix: ${u}`);
  // Every one of the six codes occurs in the blind set, and each finding found a fix today: a
  // finding that loses its fix is a regression to look at, not noise.
  assert.deepEqual([...byCode.keys()].sort(), [...POSITION_CODES].sort());
  assert.deepEqual(unfixed, []);
});

test("marking the step illegal turns every rule finding of the blind scenarios into expected information", (t) => {
  let marked = 0;
  for (const file of scenarioFiles(BLIND)) {
    const text = readFileSync(file, "utf8");
    const analysis = analyze(text);
    const errors = (ps: readonly Problem[]) => ps.filter((q) => q.severity !== "info").length;
    for (const p of analysis.problems) {
      // No budget: nothing is verified, so only the fixes that need no re-analysis come back.
      const fix = quickFixes(text, analysis, p, { budget: new Budget(0) }).find((f) => f.title === `Mark this step illegal: ${p.code}`);
      if (!fix) continue;
      const name = `${relative(BLIND, file)}:${where(text, p)} ${p.code}`;
      const again = analyze(applyEdits(text, fix.edits));
      const left = again.problems.filter((q) => q.code === p.code && q.step === p.step && q.severity !== "info");
      assert.equal(left.length, 0, `${name}: still reported`);
      assert.equal(
        errors(again.problems),
        errors(analysis.problems) - analysis.problems.filter((q) => q.code === p.code && q.step === p.step && q.severity !== "info").length,
        `${name}: no other change`,
      );
      marked++;
    }
  }
  t.diagnostic(`${marked} findings marked illegal`);
  assert.ok(marked >= 100, `only ${marked} findings could be marked`);
});
