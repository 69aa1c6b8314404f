/**
 * Data-driven rule tests: every scenario under test/fixtures/rules/ states the diagnostics it must
 * produce with trailing comments on the lines where they start:
 *   `# expect: move.too-far`            an error with that code starting on this line
 *   `# expect-warning: coherency.broken` a warning
 *   `# expect-info: move.not-closer`     an information (an expected violation)
 *   `# also: action.targets`             a consequence folded into a cause (shared/engine/cascade.ts),
 *                                         starting on this line, shown as the cause's related information
 * Several codes may be listed, comma-separated. The test asserts the exact multiset of
 * (line, severity, code): nothing missing, nothing extra. A fixture without expectations must be clean.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../shared/index";

const dir = join(__dirname, "..", "..", "..", "test", "fixtures", "rules");

function expectations(text: string): string[] {
  const out: string[] = [];
  text.split("\n").forEach((line, i) => {
    for (const m of line.matchAll(/#\s*(?:expect(?:-(warning|info))?|(also)):\s*([\w.\-, ]+)/g)) {
      const severity = m[2] ?? m[1] ?? "error";
      for (const code of m[3].split(",").map((c) => c.trim()).filter(Boolean)) out.push(`${i + 1} ${severity} ${code}`);
    }
  });
  return out.sort();
}

describe("rule fixtures", () => {
  const files = readdirSync(dir).filter((f) => f.endsWith(".scenario.yaml")).sort();
  it("has fixtures", () => assert.ok(files.length >= 20, `only ${files.length} fixtures`));
  for (const file of files) {
    it(file, () => {
      const text = readFileSync(join(dir, file), "utf8");
      const analysis = analyze(text);
      const line = (offset: number) => analysis.lines.lineCol(offset).line;
      const actual = analysis.problems
        .flatMap((p) => [
          `${line(p.span.start)} ${p.severity} ${p.code}`,
          ...p.related.flatMap((r) => (r.folded ? [`${line(r.span.start)} also ${r.folded.code}`] : [])),
        ])
        .sort();
      const detail = analysis.problems.map((p) => `  ${analysis.lines.lineCol(p.span.start).line}: ${p.severity} ${p.code}: ${p.message}`).join("\n");
      assert.deepEqual(actual, expectations(text), `diagnostics of ${file}:\n${detail}`);
    });
  }
});
