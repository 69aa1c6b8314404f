/**
 * docs/readings.md lists every place the rules texts allow more than one reading, each section
 * with the fixture that proves what the engine does there. This test keeps the page and the
 * fixtures together: every linked fixture exists (under test/fixtures/rules/, where
 * rule-fixtures.test.ts checks its expectations), every reading section links at least one, and
 * every reading-*.scenario.yaml fixture is linked from the page.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, it } from "node:test";

const root = join(__dirname, "..", "..", "..", "..");
const page = join(root, "docs", "readings.md");
const fixtures = join(root, "test", "fixtures", "rules");

interface Section {
  readonly title: string;
  readonly links: string[];
}

/** The page's `## ` sections, each with the fixture files it links (resolved to absolute paths). */
function sections(text: string): Section[] {
  const out: { title: string; links: string[] }[] = [];
  for (const line of text.split("\n")) {
    const h = /^##\s+(.+?)\s*$/.exec(line);
    if (h) {
      out.push({ title: h[1], links: [] });
      continue;
    }
    const current = out[out.length - 1];
    if (!current) continue;
    for (const m of line.matchAll(/\]\(([^)\s]+\.scenario\.yaml)\)/g)) current.links.push(resolve(dirname(page), m[1]));
  }
  return out;
}

describe("readings page", () => {
  const text = readFileSync(page, "utf8");
  const all = sections(text);

  it("lists the readings", () => assert.ok(all.length >= 6, `only ${all.length} sections in docs/readings.md`));

  for (const s of all) {
    it(`${s.title}: links an existing fixture`, () => {
      assert.ok(s.links.length > 0, `section "${s.title}" links no fixture`);
      for (const f of s.links) {
        const rel = relative(fixtures, f);
        assert.ok(!rel.startsWith("..") && !rel.includes("/"), `${relative(root, f)} is not in test/fixtures/rules/`);
        assert.ok(existsSync(f), `section "${s.title}" links ${relative(root, f)}, which does not exist`);
      }
    });
  }

  it("links every reading-* fixture", () => {
    const linked = new Set(all.flatMap((s) => s.links));
    const unlinked = readdirSync(fixtures)
      .filter((f) => f.startsWith("reading-") && f.endsWith(".scenario.yaml"))
      .filter((f) => !linked.has(join(fixtures, f)));
    assert.deepEqual(unlinked, [], "reading fixtures not linked from docs/readings.md");
  });
});
