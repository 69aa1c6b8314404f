// A Markdown document's next version borrows the analyses of the blocks whose text the last
// version had (shared/markdown/analyze-markdown.ts): the result must equal analysing the document
// afresh after any edit (in a block, in the prose between blocks, of a fence's info string, a block
// removed or repeated), and must borrow rather than analyse again the blocks that did not change.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyzeMarkdown, type MarkdownAnalysis } from "../../../shared/markdown/index";
import { createRng } from "../../helpers/prng";
import { exampleAndFixtureFiles } from "../../helpers/scenario-files";

const ROOT = join(__dirname, "..", "..", "..", "..");
const SCENARIOS = exampleAndFixtureFiles()
  .map((f) => readFileSync(f, "utf8"))
  .filter((t) => !t.includes("```") && !t.includes("~~~"))
  .map((t) => (t.endsWith("\n") ? t : `${t}\n`));
const MARKDOWN = readdirSync(join(ROOT, "test", "fixtures", "markdown"))
  .filter((n) => n.endsWith(".md"))
  .map((n) => readFileSync(join(ROOT, "test", "fixtures", "markdown", n), "utf8"));

/** A chapter: `count` scenarios in ```ruleboard blocks (some marked illegal), prose between them. */
function chapter(rng: () => number, count: number): string {
  let md = "# A chapter of examples\n\n";
  for (let i = 0; i < count; i++) {
    const text = SCENARIOS[Math.floor(rng() * SCENARIOS.length)];
    md += `## Example ${i + 1}\n\nWhat the rule says, and why.\n\n\`\`\`ruleboard${rng() < 0.2 ? " illegal" : ""}\n${text}\`\`\`\n\n`;
  }
  return md;
}

/** One random edit: a number in a block changed, prose typed, a fence's info string changed, a block removed or repeated. */
function edit(md: string, rng: () => number): string {
  const kind = rng();
  const fences = [...md.matchAll(/^```ruleboard[^\n]*\n/gm)];
  const numbers = [...md.matchAll(/\d+(?:\.\d+)?/g)];
  if (kind < 0.5 && numbers.length > 0) {
    const m = numbers[Math.floor(rng() * numbers.length)];
    const now = String(Math.round(Number(m[0]) * (0.5 + rng()) * 100) / 100);
    return md.slice(0, m.index!) + now + md.slice(m.index! + m[0].length);
  }
  if (kind < 0.7) {
    const at = md.indexOf("What the rule says", Math.floor(rng() * md.length));
    return at < 0 ? `Prose. ${md}` : `${md.slice(0, at)}Indeed, ${md.slice(at)}`;
  }
  if (fences.length === 0) return `${md}\n\`\`\`ruleboard\n${SCENARIOS[0]}\`\`\`\n`;
  const f = fences[Math.floor(rng() * fences.length)];
  const end = md.indexOf("```\n", f.index! + f[0].length);
  const block = md.slice(f.index!, end + 4);
  if (kind < 0.8) return md.slice(0, f.index!) + (f[0].includes("illegal") ? "```ruleboard\n" : "```ruleboard illegal\n") + md.slice(f.index! + f[0].length);
  if (kind < 0.9) return md.slice(0, f.index!) + md.slice(end + 4);
  return md.slice(0, end + 4) + "\n" + block + md.slice(end + 4);
}

/** How many of `next`'s blocks hold an analysis object of `previous` (borrowed, not analysed again). */
function borrowed(previous: MarkdownAnalysis, next: MarkdownAnalysis): number {
  const old = new Set(previous.blocks.map((b) => b.analysis));
  return next.blocks.filter((b) => old.has(b.analysis)).length;
}

describe("a Markdown document's next version", () => {
  it("equals a fresh analysis after 600 random edits, chained from each version's analysis", () => {
    const rng = createRng(20261203);
    let blocks = 0;
    let kept = 0;
    const starts = [...MARKDOWN, chapter(rng, 12), chapter(rng, 30)];
    for (let round = 0; round < 20; round++) {
      for (const start of starts) {
        let md = start;
        let last = analyzeMarkdown(md);
        for (let k = 0; k < 5; k++) {
          md = edit(md, rng);
          const next = analyzeMarkdown(md, {}, last);
          assert.deepEqual(next, analyzeMarkdown(md), md);
          blocks += next.blocks.length;
          kept += borrowed(last, next);
          last = next;
        }
      }
    }
    assert.ok(kept > blocks / 2, `${kept} of ${blocks} blocks borrowed`);
  });

  it("analyses only the block that changed; the others keep their analyses, placed where they now are", () => {
    const md = chapter(createRng(3), 20);
    const first = analyzeMarkdown(md);
    // Prose typed above every block: each block moves, none changes.
    const moved = analyzeMarkdown(`Introduction.\n\n${md}`, {}, first);
    assert.equal(borrowed(first, moved), 20);
    assert.deepEqual(moved, analyzeMarkdown(`Introduction.\n\n${md}`));
    assert.deepEqual(
      moved.problems.map((p) => p.span.start),
      first.problems.map((p) => p.span.start + "Introduction.\n\n".length),
    );
  });

  it("borrows nothing from an analysis made with other options", () => {
    const md = chapter(createRng(5), 6);
    const tenth = analyzeMarkdown(md, { rules: "10e" });
    const next = analyzeMarkdown(md, {}, tenth);
    assert.equal(borrowed(tenth, next), 0);
    assert.deepEqual(next, analyzeMarkdown(md));
  });
});
