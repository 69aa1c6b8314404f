/**
 * Data-driven rule tests: every scenario under test/fixtures/rules/ and test/fixtures/blind/ (read
 * recursively: blind/10e/, blind/11e/, blind/11e/probes/, …; each test is named by its path under
 * test/fixtures/) states the diagnostics it must produce with trailing comments on the lines where
 * they start:
 *   `# expect: move.too-far`            an error with that code starting on this line
 *   `# expect-warning: coherency.broken` a warning
 *   `# expect-info: move.not-closer`     an information (an expected violation)
 *   `# also: action.targets`             a consequence folded into a cause (shared/engine/cascade.ts),
 *                                         starting on this line, shown as the cause's related information
 *   `# may: move.not-closer`             that code may or may not start on this line, at any severity or
 *                                         folded: the check ignores it on this line, present or absent.
 *                                         It must be a registered code (shared/diagnostics/codes.ts) and
 *                                         not also listed by another marker of the same line.
 * Several codes may be listed, comma-separated, and a code listed twice is expected twice; several
 * markers may share a line (`# expect: move.locked  # may: move.not-closer`). Any other comment is
 * free text. The test asserts the exact multiset of (line, severity, code), `# may:` codes left out:
 * nothing missing, nothing extra. A fixture without expectations must be clean.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, it } from "node:test";
import { analyze, CODES } from "../../../shared/index";

const fixtures = join(__dirname, "..", "..", "..", "..", "test", "fixtures");

/** Every scenario under `dir`, recursively, as paths relative to test/fixtures/ with `/`. */
function scenarios(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? scenarios(join(dir, e.name)) : e.name.endsWith(".scenario.yaml") ? [join(dir, e.name)] : []))
    .map((f) => (f.startsWith(fixtures) ? relative(fixtures, f).split(sep).join("/") : f))
    .sort();
}

interface Markers {
  /** `line severity code`, severity one of error, warning, info, also; sorted. */
  readonly expected: string[];
  /** `line code` of every `# may:` code. */
  readonly may: Set<string>;
  /** Markers that cannot be honoured: an unregistered `# may:` code, or one also expected on its line. */
  readonly invalid: string[];
}

function markers(text: string): Markers {
  const expected: string[] = [];
  const may = new Set<string>();
  const invalid: string[] = [];
  text.split("\n").forEach((line, i) => {
    for (const m of line.matchAll(/#\s*(?:expect(?:-(warning|info))?|(also)|(may)):\s*([\w.\-, ]+)/g)) {
      const codes = m[4]
        .split(",")
        .map((c) => c.trim())
        .filter(Boolean);
      if (m[3]) {
        for (const code of codes) {
          if (!Object.prototype.hasOwnProperty.call(CODES, code)) invalid.push(`line ${i + 1}: \`# may: ${code}\` is not a registered code`);
          may.add(`${i + 1} ${code}`);
        }
        continue;
      }
      const severity = m[2] ?? m[1] ?? "error";
      for (const code of codes) expected.push(`${i + 1} ${severity} ${code}`);
    }
  });
  for (const e of expected) {
    const [line, , code] = e.split(" ");
    if (may.has(`${line} ${code}`)) invalid.push(`line ${line}: ${code} is both expected and \`# may:\``);
  }
  return { expected: expected.sort(), may, invalid };
}

describe("rule fixtures", () => {
  const rules = scenarios(join(fixtures, "rules"));
  const blind = scenarios(join(fixtures, "blind"));
  it("has fixtures", () => {
    assert.ok(rules.length >= 20, `only ${rules.length} rule fixtures`);
    assert.ok(blind.length >= 130, `only ${blind.length} blind fixtures`);
  });
  for (const file of [...rules, ...blind]) {
    it(file, () => {
      const text = readFileSync(join(fixtures, file), "utf8");
      const { expected, may, invalid } = markers(text);
      assert.deepEqual(invalid, [], `markers of ${file}`);
      const analysis = analyze(text);
      const line = (offset: number) => analysis.lines.lineCol(offset).line;
      const actual = analysis.problems
        .flatMap((p) => [
          [line(p.span.start), p.severity, p.code],
          ...p.related.flatMap((r) => (r.folded ? [[line(r.span.start), "also", r.folded.code]] : [])),
        ])
        .filter(([l, , code]) => !may.has(`${l} ${code}`))
        .map(([l, severity, code]) => `${l} ${severity} ${code}`)
        .sort();
      const detail = analysis.problems.map((p) => `  ${line(p.span.start)}: ${p.severity} ${p.code}: ${p.message}`).join("\n");
      assert.deepEqual(actual, expected, `diagnostics of ${file}:\n${detail}`);
    });
  }
});
