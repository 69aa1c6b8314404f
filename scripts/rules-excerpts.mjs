// Writes test/fixtures/rules-texts/<source>.txt: the lines of each rules source that the hovers'
// rule excerpts (shared/language/hover/rule-texts.ts) quote, so the test that every excerpt is
// verbatim runs on a clean clone. Run it after changing an excerpt, with the sources at hand:
//   npm run compile-tests && node scripts/rules-excerpts.mjs [path/to/rules-sources]
// (default: ../shared/rules-sources beside the repository, or RULEBOARD_RULES_SOURCES).
// Lines that are not next to each other are separated by a line `[…]`.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sources = process.argv[2] ?? process.env.RULEBOARD_RULES_SOURCES ?? path.resolve(root, "..", "shared", "rules-sources");
const { RULE_TEXTS } = createRequire(import.meta.url)(path.join(root, "out", "shared", "language", "hover", "rule-texts.js"));
const out = path.join(root, "test", "fixtures", "rules-texts");
mkdirSync(out, { recursive: true });

const files = readdirSync(sources);
const bySource = new Map();
for (const texts of Object.values(RULE_TEXTS)) {
  for (const t of texts ?? []) for (const piece of t.text) (bySource.get(t.source) ?? bySource.set(t.source, new Set()).get(t.source)).add(piece);
}
for (const [source, pieces] of [...bySource].sort()) {
  const file = files.find((f) => f.startsWith(`${source}_`));
  if (!file) throw new Error(`source ${source} is not in ${sources}`);
  const text = readFileSync(path.join(sources, file), "utf8");
  const lines = text.split("\n");
  const keep = new Set();
  for (const piece of pieces) {
    const at = text.indexOf(piece);
    if (at < 0) throw new Error(`source ${source} does not contain ${JSON.stringify(piece)}`);
    const first = text.slice(0, at).split("\n").length - 1;
    const last = text.slice(0, at + piece.length).split("\n").length - 1;
    for (let l = first; l <= last; l++) keep.add(l);
  }
  const kept = [...keep].sort((a, b) => a - b);
  const body = kept.map((l, i) => (i > 0 && l !== kept[i - 1] + 1 ? `[…]\n${lines[l]}` : lines[l])).join("\n");
  writeFileSync(path.join(out, `${source}.txt`), `${body}\n`);
  console.log(`${source}: ${kept.length} of ${lines.length} lines`);
}
