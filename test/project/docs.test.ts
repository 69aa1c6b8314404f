// The documentation must not drift from the code or from itself: docs/codes.md lists exactly the
// public codes of the registry (shared/diagnostics/codes.ts), in its order; every relative link in
// README.md, CONTRIBUTING.md and docs/*.md names a file that exists and, for a Markdown file, a
// heading it has (GitHub's anchors); the README, which is also the marketplace page, stays short.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, it } from "node:test";
import { CODES } from "../../shared/index";

const ROOT = join(__dirname, "..", "..", "..");

/** The Markdown files whose links are checked, relative to the repository root. */
const DOCS = [
  "README.md",
  "CONTRIBUTING.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => `docs/${f}`),
];

function read(rel: string): string {
  return readFileSync(join(ROOT, rel), "utf8");
}

/** The lines outside fenced code blocks (``` or ~~~), with their 1-based numbers. */
function proseLines(text: string): { line: string; n: number }[] {
  const out: { line: string; n: number }[] = [];
  let fence: string | undefined;
  text.split("\n").forEach((line, i) => {
    const m = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence === undefined && m) fence = m[1];
    else if (fence !== undefined && m && m[1][0] === fence[0] && m[1].length >= fence.length && line.trim() === m[1]) fence = undefined;
    else if (fence === undefined) out.push({ line, n: i + 1 });
  });
  return out;
}

/** A line with its code spans blanked, so `[x](y)` inside backticks is not a link. */
function withoutCode(line: string): string {
  return line.replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (span) => " ".repeat(span.length));
}

/**
 * GitHub's anchor for a heading: the heading's text (inline markup removed), lowercased, every
 * character that is not a letter, digit, space, '-' or '_' dropped, spaces turned into '-'; a
 * repeated anchor gets -1, -2, ….
 */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const { line } of proseLines(text)) {
    const m = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (!m) continue;
    const plain = m[1]
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/<[^>]+>/g, "")
      .replace(/[`*]/g, "");
    const slug = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N} _-]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Inline links and images `[text](target)` outside code, with their line numbers. */
function linksOf(text: string): { target: string; n: number }[] {
  const out: { target: string; n: number }[] = [];
  for (const { line, n } of proseLines(text)) {
    for (const m of withoutCode(line).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) out.push({ target: m[1], n });
  }
  return out;
}

describe("documentation", () => {
  it("docs/codes.md's table lists exactly the registry's codes, in its order", () => {
    const lines = proseLines(read("docs/codes.md")).map((l) => l.line);
    const header = lines.findIndex((l) => /^\|\s*code\s*\|\s*meaning\s*\|/.test(l));
    assert.ok(header >= 0, "docs/codes.md has no `| code | meaning | … |` table");
    assert.match(lines[header + 1], /^\|[-\s|:]+\|$/, "the codes table has no delimiter row");
    const codes: string[] = [];
    for (const row of lines.slice(header + 2)) {
      if (!row.startsWith("|")) break;
      const cell = row.split("|")[1].trim();
      const m = /^`([^`]+)`$/.exec(cell);
      assert.ok(m, `the first cell of a codes table row is not a code: ${row}`);
      codes.push(m[1]);
    }
    assert.deepEqual(codes, Object.keys(CODES));
  });

  it("every relative link in the README, CONTRIBUTING.md and docs/ names an existing file and heading", () => {
    const broken: string[] = [];
    for (const doc of DOCS) {
      if (!existsSync(join(ROOT, doc))) {
        broken.push(`${doc} does not exist`);
        continue;
      }
      for (const { target, n } of linksOf(read(doc))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:: not ours to check
        const hash = target.indexOf("#");
        const path = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
        const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
        const file = path === "" ? join(ROOT, doc) : join(ROOT, dirname(doc), path);
        const where = `${doc}:${n} → ${target}`;
        if (relative(ROOT, file).startsWith("..")) broken.push(`${where}: outside the repository`);
        else if (!existsSync(file)) broken.push(`${where}: no such file`);
        else if (anchor !== undefined) {
          if (!file.endsWith(".md") || statSync(file).isDirectory()) broken.push(`${where}: an anchor into a file that is not Markdown`);
          else if (!anchorsOf(readFileSync(file, "utf8")).has(anchor)) broken.push(`${where}: no heading with that anchor`);
        }
      }
    }
    assert.deepEqual(broken, []);
  });

  it("links every docs page from the README", () => {
    const linked = new Set(linksOf(read("README.md")).map((l) => l.target.split("#")[0]));
    for (const doc of DOCS.filter((d) => d.startsWith("docs/"))) assert.ok(linked.has(doc), `README.md does not link ${doc}`);
    assert.ok(linked.has("CONTRIBUTING.md"), "README.md does not link CONTRIBUTING.md");
  });

  it("keeps the README, the marketplace page, within 8 KB, and its pictures PNG files of the repository", () => {
    const bytes = statSync(join(ROOT, "README.md")).size;
    assert.ok(bytes <= 8 * 1024, `README.md is ${bytes} bytes`);
    // The marketplace refuses SVG images in the README; relative ones are rewritten to the repository.
    for (const m of read("README.md").matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)) {
      assert.match(m[1], /\.png$/, m[1]);
      assert.ok(existsSync(join(ROOT, m[1])), m[1]);
    }
  });

  it("computes GitHub's anchors", () => {
    const anchors = anchorsOf(
      "# The scenario language (v1)\n## Testing in a real VS Code\n## One mistake, one error\n### `render` and `--rules`\n## Limits\n## Limits\n```\n# not a heading\n```\n",
    );
    assert.deepEqual(
      [...anchors],
      ["the-scenario-language-v1", "testing-in-a-real-vs-code", "one-mistake-one-error", "render-and---rules", "limits", "limits-1"],
    );
  });
});
