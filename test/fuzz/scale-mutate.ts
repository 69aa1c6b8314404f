// The seeds and mutators of `npm run fuzz`: every example, rule, blind and render fixture, and the
// scenario blocks of the Markdown fixtures; mutated by numbers, keys, indentation, unicode,
// nesting, truncation and crossover (two seeds spliced), on top of mutate.ts's character and line
// edits. All randomness comes from one seeded PRNG, so a seed and a count give the same inputs.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import { findScenarioBlocks } from "../../shared/markdown/index";
import { charMutations, lineMutations, NASTY_CHARS, NUMBER_TOKENS, randomTruncations } from "./mutate";

export type Rng = () => number;

/** A seed text and where it came from (a path relative to the repository, `#n` for a Markdown block). */
export interface SeedText {
  readonly name: string;
  readonly text: string;
}

/** One generated input: the seed, the mutators applied in order, and the text. */
export interface FuzzInput {
  readonly index: number;
  readonly name: string;
  readonly text: string;
  /** The seed scenario it was mutated from, as written (the baseline a "slow" input is compared with). */
  readonly seed?: string;
}

const int = (rng: Rng, n: number): number => Math.floor(rng() * n);
const pick = <T>(rng: Rng, items: readonly T[]): T => items[int(rng, items.length)];

/** Folders whose scenarios (recursively, node_modules excepted) are seeds, from the repository root. */
export const SEED_DIRS = ["examples", "test/fixtures/rules", "test/fixtures/blind", "test/fixtures/render"];
/** Folders whose Markdown files give their `ruleboard` blocks as seeds. */
export const MARKDOWN_DIRS = ["test/fixtures/markdown"];

function filesUnder(dir: string, accept: (f: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full, accept));
    else if (accept(entry)) out.push(full);
  }
  return out;
}

/** Every seed, in a stable order (sorted paths; Markdown blocks in document order). */
export function loadSeeds(root: string): SeedText[] {
  const seeds: SeedText[] = [];
  for (const dir of SEED_DIRS) {
    for (const file of filesUnder(path.join(root, dir), (f) => /\.scenario\.ya?ml$/.test(f))) {
      seeds.push({ name: path.relative(root, file).split(path.sep).join("/"), text: readFileSync(file, "utf8") });
    }
  }
  for (const dir of MARKDOWN_DIRS) {
    for (const file of filesUnder(path.join(root, dir), (f) => f.endsWith(".md"))) {
      findScenarioBlocks(readFileSync(file, "utf8")).forEach((b, i) => {
        seeds.push({ name: `${path.relative(root, file).split(path.sep).join("/")}#${i + 1}`, text: b.text });
      });
    }
  }
  return seeds;
}

/** Numbers for number slots: huge, tiny, negative, 1e16 and friends, NaN and infinities, zeros. */
export const NUMBERS: readonly string[] = [
  "1e16",
  "-1e16",
  "2e16",
  "1e15",
  "1000",
  "999.999",
  "1000.001",
  "-1000",
  "500",
  "0.001",
  "9007199254740993",
  "1e6",
  "1e9",
  "1e300",
  "1e308",
  "-1e308",
  "1e999",
  "-1e999",
  "99999999999999999999999",
  "1e-9",
  "5e-324",
  "1e-400",
  "0.0000001",
  "-5",
  "-1",
  "-0",
  "-0.0",
  "0",
  "0.0",
  "0e0",
  ".nan",
  ".NaN",
  ".NAN",
  ".inf",
  "-.inf",
  "+.inf",
  ".Inf",
  "123456789.123456789",
  "3.0000000001",
  "1.5e+3",
  ...NUMBER_TOKENS,
];

/** Code points that upset text handling: bidi controls, combining marks, emoji, NUL, lone surrogates, XML breakers. */
export const UNICODE: readonly string[] = [
  "\u202E",
  "\u202B",
  "\u200F",
  "\u2066",
  "\u2069",
  "e\u0301\u0301\u0301",
  "\u0301".repeat(40),
  "\u0336",
  "😀",
  "👩‍👩‍👧‍👦",
  "🏳️‍🌈",
  "\u{1F1FA}\u{1F1F8}",
  "\u0000",
  "\uD800",
  "\uDC00",
  "\uDBFF\uDBFF",
  "\uFEFF",
  "\u2028",
  "\u2029",
  "\u0085",
  "\u00A0",
  "\u200B",
  "\r",
  "\uFFFE",
  "\uFFFF",
  "\u{10FFFF}",
  "\u0007",
  "\u001B[31m",
  "]]>",
  "<svg>",
  "</text>",
  "&amp;",
  "&#0;",
  "\"'",
  "<![CDATA[",
  "-->",
  "ﷺ",
  "שלום",
  "مرحبا",
  "𝕏",
  "Ⅻ",
];

const NUMBER_RE = /(?<![\w.])[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?(?![\w.])/gi;
const KEY_RE = /^([ \t]*)(- )?([^\s:#'"[\]{},][^:#\n]*?):(?=\s|$)/gm;

function numbers(text: string): { start: number; end: number }[] {
  return [...text.matchAll(NUMBER_RE)].map((m) => ({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length }));
}

interface KeyLine {
  /** Line index. */
  readonly line: number;
  readonly indent: number;
  readonly key: string;
  /** Offset of the key within its line. */
  readonly keyAt: number;
}

function keyLines(lines: readonly string[]): KeyLine[] {
  const out: KeyLine[] = [];
  lines.forEach((l, i) => {
    KEY_RE.lastIndex = 0;
    const m = KEY_RE.exec(l);
    if (m) out.push({ line: i, indent: m[1].length + (m[2]?.length ?? 0), key: m[3], keyAt: m[1].length + (m[2]?.length ?? 0) });
  });
  return out;
}

/** Lines [line, end) of the block a key heads: the key line and every deeper-indented (or blank) line after it. */
function blockEnd(lines: readonly string[], line: number, indent: number): number {
  let end = line + 1;
  while (end < lines.length) {
    const l = lines[end];
    if (l.trim() !== "" && l.length - l.trimStart().length <= indent) break;
    end++;
  }
  return end;
}

type Mutator = (text: string, rng: Rng, other: SeedText) => string;

const KEY_RENAMES: ((key: string, rng: Rng, all: readonly string[]) => string)[] = [
  (k) => k.toUpperCase(),
  (k) => `${k}x`,
  (k) => k.slice(0, -1),
  (k) => k.replace(/o/g, "\u043E").replace(/a/g, "\u0430") + (/[oa]/.test(k) ? "" : "\u200B"),
  (k, rng) => `${k}${pick(rng, UNICODE)}`,
  (_k, rng, all) => pick(rng, all),
  (k) => `"${k}"`,
  (k) => `? ${k}`,
  (k) => `${k}: ${k}`,
];

const NEST_OPEN = ["[", "{a: ", "- ", "[{", "!!seq ["];

/** The mutators by name; each returns a new text. */
export const MUTATORS: Readonly<Record<string, Mutator>> = {
  /** 1–3 numbers replaced by huge, tiny, negative, non-finite or zero values. */
  number(text, rng) {
    const slots = numbers(text);
    if (slots.length === 0) return `${text}\nboard: [${pick(rng, NUMBERS)}, ${pick(rng, NUMBERS)}]\n`;
    const chosen = [...new Set(Array.from({ length: 1 + int(rng, 3) }, () => int(rng, slots.length)))].sort((a, b) => b - a);
    let t = text;
    for (const c of chosen) t = t.slice(0, slots[c].start) + pick(rng, NUMBERS) + t.slice(slots[c].end);
    return t;
  },
  /** A key renamed: case, a letter more or less, homoglyphs, another key of the text, quoted, complex. */
  "key-rename"(text, rng) {
    const lines = text.split("\n");
    const keys = keyLines(lines);
    if (keys.length === 0) return text;
    const k = pick(rng, keys);
    const renamed = pick(rng, KEY_RENAMES)(
      k.key,
      rng,
      keys.map((x) => x.key),
    );
    const l = lines[k.line];
    lines[k.line] = l.slice(0, k.keyAt) + renamed + l.slice(k.keyAt + k.key.length);
    return lines.join("\n");
  },
  /** A key dropped with its whole block. */
  "key-drop"(text, rng) {
    const lines = text.split("\n");
    const keys = keyLines(lines);
    if (keys.length === 0) return text;
    const k = pick(rng, keys);
    lines.splice(k.line, blockEnd(lines, k.line, k.indent) - k.line);
    return lines.join("\n");
  },
  /** A key's block duplicated: right after itself (a repeated key) or after another block. */
  "key-duplicate"(text, rng) {
    const lines = text.split("\n");
    const keys = keyLines(lines);
    if (keys.length === 0) return text;
    const k = pick(rng, keys);
    const end = blockEnd(lines, k.line, k.indent);
    const block = lines.slice(k.line, end);
    const at = rng() < 0.6 ? end : blockEnd(lines, pick(rng, keys).line, 0);
    lines.splice(at, 0, ...block);
    return lines.join("\n");
  },
  /** Indentation broken: a line or block shifted by 1–4 columns, tabs for spaces, a block flattened. */
  indent(text, rng) {
    const lines = text.split("\n");
    const i = int(rng, lines.length);
    const leading = lines[i].length - lines[i].trimStart().length;
    const end = blockEnd(lines, i, leading);
    switch (int(rng, 5)) {
      case 0:
        lines[i] = " ".repeat(1 + int(rng, 4)) + lines[i];
        break;
      case 1:
        for (let j = i; j < end; j++) lines[j] = lines[j].replace(/^ {1,3}/, "");
        break;
      case 2:
        for (let j = i; j < end; j++) lines[j] = lines[j].replace(/^( {2})+/, (s) => "\t".repeat(s.length / 2));
        break;
      case 3:
        for (let j = i; j < end; j++) lines[j] = lines[j].trimStart();
        break;
      default:
        for (let j = i; j < end; j++) lines[j] = ` ${lines[j]}`;
    }
    return lines.join("\n");
  },
  /** Unicode oddities put inside a value, after a key, or anywhere. */
  unicode(text, rng) {
    const ins = Array.from({ length: 1 + int(rng, 3) }, () => pick(rng, UNICODE)).join("");
    const values = [...text.matchAll(/: (?=\S)/g)].map((m) => (m.index ?? 0) + 2);
    const at = values.length > 0 && rng() < 0.7 ? pick(rng, values) + int(rng, 4) : int(rng, text.length + 1);
    return text.slice(0, at) + ins + text.slice(at);
  },
  /** An id renamed everywhere it is written (whole words), to one with unicode in it: the scenario stays coherent. */
  "unicode-rename"(text, rng) {
    const ids = [...new Set([...text.matchAll(/^\s+([A-Za-z_][\w-]*):/gm)].map((m) => m[1]))].filter(
      (id) =>
        !/^(player|base|models|move|charged|to|at|path|facing|targets|mode|type|roll|note|illegal|units|steps|rules|board|turn|phase|objectives|terrain|name)$/.test(
          id,
        ),
    );
    if (ids.length === 0) return text;
    const id = pick(rng, ids);
    const to = `${id}${pick(rng, UNICODE)}`;
    // eslint-disable-next-line no-control-regex -- control characters are what forces quoting
    const quoted = /[\s:#"'[\]{},&*!|>%@`?\\\u0000-\u001f\u007f-\u009f\u2028\u2029\uFEFF\uFFFE\uFFFF]|[\uD800-\uDFFF]/.test(to) ? JSON.stringify(to) : to;
    return text.replace(new RegExp(`(?<![\\w-])${id.replace(/[-]/g, "\\-")}(?![\\w-])`, "g"), quoted);
  },
  /** Deep nesting at a value: brackets, flow maps or block sequences, balanced or not. */
  nesting(text, rng) {
    const depth = pick(rng, [8, 64, 500, 2_000, 10_000]);
    const open = pick(rng, NEST_OPEN);
    const close = open.startsWith("[") ? "]" : open.startsWith("{") ? "}" : "";
    const balanced = rng() < 0.7;
    const nest = open.repeat(depth) + "1" + (balanced ? close.repeat(depth) : "");
    const values = [...text.matchAll(/: (?=\S)/g)].map((m) => (m.index ?? 0) + 2);
    if (values.length === 0) return `${text}\nx: ${nest}\n`;
    const at = pick(rng, values);
    const lineEnd = text.indexOf("\n", at);
    return text.slice(0, at) + nest + (lineEnd < 0 ? "" : text.slice(lineEnd));
  },
  /** Cut at a random offset (may split a surrogate pair) or at a line boundary. */
  truncate(text, rng) {
    if (rng() < 0.5) return randomTruncations(text, rng, 1)[0].text;
    const lines = text.split("\n");
    return lines.slice(0, int(rng, lines.length + 1)).join("\n");
  },
  /** Two seeds spliced: the head of one and the tail of the other, or one's top-level section in the other. */
  crossover(text, rng, other) {
    const a = text.split("\n");
    const b = other.text.split("\n");
    if (rng() < 0.5) return [...a.slice(0, int(rng, a.length + 1)), ...b.slice(int(rng, b.length + 1))].join("\n");
    const sections = (ls: string[]) => keyLines(ls).filter((k) => k.indent === 0);
    const sa = sections(a);
    const sb = sections(b);
    if (sa.length === 0 || sb.length === 0) return [...a, ...b].join("\n");
    const from = pick(rng, sb);
    const block = b.slice(from.line, blockEnd(b, from.line, 0));
    const same = sa.find((k) => k.key === from.key);
    if (same) a.splice(same.line, blockEnd(a, same.line, 0) - same.line, ...block);
    else a.push(...block);
    return a.join("\n");
  },
  /** A base made odd (an oval, huge, tiny, zero), or a model written as a map with an odd facing. */
  shape(text, rng) {
    const lines = text.split("\n");
    const bases = lines.flatMap((l, i) => (/^\s*base:\s*\S/.test(l) ? [i] : []));
    const models = lines.flatMap((l, i) => (/^\s+[^\s:#]+:\s*\[[^\]]*\]\s*$/.test(l) ? [i] : []));
    if (bases.length > 0 && (models.length === 0 || rng() < 0.4)) {
      const i = pick(rng, bases);
      const size = () => pick(rng, ["60", "35", "1", "0.5", "0", "999", "1000", "1001", "1e-9", "1e308", ".nan"]);
      lines[i] = lines[i].replace(/base:.*$/, `base: ${rng() < 0.6 ? `${size()}x${size()}` : size()}`);
    } else if (models.length > 0) {
      const i = pick(rng, models);
      const facing = pick(rng, ["90", "-45", "359.999", "720", "1e6", "1e300", "6e305", "1e308", "-1e308", "5e-324", ".nan", ".inf", ...NUMBERS]);
      const base = rng() < 0.5 ? `, base: ${pick(rng, ["60x35", "90x52", "32", "170x105"])}` : "";
      lines[i] = lines[i].replace(/:\s*(\[[^\]]*\])\s*$/, `: { at: $1${base}, facing: ${facing} }`);
    }
    return lines.join("\n");
  },
  /** A block repeated 2–60 times in place (many steps, many models, long lists). */
  repeat(text, rng) {
    const lines = text.split("\n");
    const keys = keyLines(lines).filter((k) => k.indent > 0 || /^\s*- /.test(lines[k.line]));
    if (keys.length === 0) return text;
    const k = pick(rng, keys);
    const end = blockEnd(lines, k.line, k.indent);
    const block = lines.slice(k.line, end);
    const times = pick(rng, [2, 5, 20, 60]);
    lines.splice(end, 0, ...Array.from({ length: times - 1 }, () => block).flat());
    return lines.join("\n");
  },
  /** mutate.ts's character edits (deletes, duplicates, swaps, YAML-significant characters). */
  chars(text, rng) {
    return charMutations(text, rng, 1)[0].text;
  },
  /** mutate.ts's line edits (swap, duplicate, delete, indent, dedent). */
  lines(text, rng) {
    return lineMutations(text, rng, 1)[0].text;
  },
  /** A YAML-significant or odd character inserted at a random place (mutate.ts's list). */
  nasty(text, rng) {
    const at = int(rng, text.length + 1);
    return text.slice(0, at) + pick(rng, NASTY_CHARS) + text.slice(at);
  },
};

/** How often each mutator is drawn. Numbers and unicode matter most to the render checks. */
const WEIGHTS: readonly (readonly [string, number])[] = [
  ["number", 6],
  ["key-rename", 2],
  ["key-drop", 2],
  ["key-duplicate", 2],
  ["indent", 2],
  ["unicode", 4],
  ["unicode-rename", 3],
  ["nesting", 1],
  ["truncate", 2],
  ["crossover", 2],
  ["chars", 2],
  ["lines", 1],
  ["nasty", 1],
  ["shape", 3],
  ["repeat", 2],
];
const TOTAL_WEIGHT = WEIGHTS.reduce((n, [, w]) => n + w, 0);

function drawMutator(rng: Rng): string {
  let r = rng() * TOTAL_WEIGHT;
  for (const [name, w] of WEIGHTS) {
    r -= w;
    if (r < 0) return name;
  }
  return WEIGHTS[WEIGHTS.length - 1][0];
}

/**
 * The inputs of a run, generated lazily in order from one PRNG: the same seeds, seed and count
 * give the same inputs. Each is a seed with 1–4 mutations (one in twenty kept as it is).
 */
export function* generateInputs(seeds: readonly SeedText[], rng: Rng, count: number): Generator<FuzzInput> {
  if (seeds.length === 0) return;
  for (let index = 0; index < count; index++) {
    const seed = pick(rng, seeds);
    let text = seed.text;
    const applied: string[] = [];
    const n = rng() < 0.05 ? 0 : 1 + int(rng, 4);
    for (let k = 0; k < n; k++) {
      const name = drawMutator(rng);
      const other = pick(rng, seeds);
      text = MUTATORS[name](text, rng, other);
      applied.push(name === "crossover" ? `crossover(${other.name})` : name);
    }
    yield { index, name: `${seed.name} ${applied.length ? applied.join("+") : "as-is"}`, text, seed: seed.text };
  }
}
