/**
 * The worked examples in examples/ are documentation that CI keeps honest: each checks clean
 * (no error, no warning), and the FAQ example marked `illegal:` reports its violation as expected.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../../shared/index";

const dir = join(__dirname, "..", "..", "..", "..", "examples");
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".scenario.yaml"))
  .sort();

describe("examples", () => {
  it("include the seed's overrun and consolidation examples and an intentional violation", () => {
    for (const f of ["overrun-fight.scenario.yaml", "consolidation.scenario.yaml", "illegal-pile-in.scenario.yaml"]) {
      assert.ok(files.includes(f), `missing ${f}`);
    }
  });
  for (const file of files) {
    it(`${file} checks clean`, () => {
      const text = readFileSync(join(dir, file), "utf8");
      const a = analyze(text);
      assert.ok(a.scenario?.title, "every example has a title");
      const loud = a.problems.filter((p) => p.severity !== "info").map((p) => `${a.lines.lineCol(p.span.start).line}: ${p.code} ${p.message}`);
      assert.deepEqual(loud, []);
    });
  }
  it("the illegal example reports exactly its listed violation as information", () => {
    const text = readFileSync(join(dir, "illegal-pile-in.scenario.yaml"), "utf8");
    const a = analyze(text);
    assert.deepEqual(
      a.problems.map((p) => [p.code, p.severity, a.lines.lineCol(p.span.start).line]),
      [["move.too-far", "info", text.split("\n").findIndex((l) => l.includes("r1: [13.4, 8]")) + 1]],
    );
    assert.match(a.problems[0].message, /moves r1 3\.4", the limit is 3" \(11e 12\.03\)/);
  });
});
