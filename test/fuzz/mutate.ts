// Text-level mutation operators for the fuzz tests. Every operator is driven by a seeded PRNG
// (createRng), so a variant's name is enough to reproduce it.

/** Where a mutation put a value the analysis must point at (a non-number, an unknown id). */
export interface Expectation {
  readonly start: number;
  readonly end: number;
  /** What was put there, for the failure message. */
  readonly what: string;
}

/** One fuzz input. */
export interface Variant {
  /** Unique within its source; used for the saved failure's file name. */
  readonly name: string;
  readonly text: string;
  readonly expect?: Expectation;
}

type Rng = () => number;

const int = (rng: Rng, n: number): number => Math.floor(rng() * n);
const pick = <T>(rng: Rng, items: readonly T[]): T => items[int(rng, items.length)];

/** Characters that matter to YAML, plus whitespace oddities, NUL, non-BMP and a lone surrogate. */
export const NASTY_CHARS: readonly string[] = [
  ":",
  "-",
  "[",
  "]",
  "{",
  "}",
  ",",
  "#",
  "&",
  "*",
  "!",
  "|",
  ">",
  "'",
  '"',
  "%",
  "@",
  "`",
  "?",
  "\t",
  " ",
  "\n",
  "\r",
  "\r\n",
  "\u0000",
  "\u0007",
  "\uFEFF",
  "\u2028",
  "é",
  "☃",
  "😀",
  "\uD800",
  "\\",
];

/** Tokens that replace numbers: huge, negative, NaN-like, signed zero, not numbers at all. */
export const NUMBER_TOKENS: readonly string[] = [
  ".nan",
  ".NaN",
  ".inf",
  "-.inf",
  "1e308",
  "-1e308",
  "1e999",
  "-0",
  "-0.0",
  "0",
  "-5",
  "1e-400",
  "99999999999999999999999",
  "0x10",
  "0o7",
  "1_000",
  "1.2.3",
  "NaN",
  "Infinity",
  "null",
  "~",
  "true",
  "'7'",
  "[]",
  "{}",
];

/** Non-numbers for a coordinate slot: each keeps the YAML valid and none is read as a finite number. */
export const NON_NUMBERS: readonly string[] = [".nan", ".inf", "-.inf", "1e999", "abc", "null", "~", "true", "[]", "{}", "1_000", "1.2.3", "'x'"];

/** Truncation at every line boundary (after each newline) and at the very end minus one. */
export function lineTruncations(text: string): Variant[] {
  const out: Variant[] = [];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) {
    out.push({ name: `cut-line-${i + 1}`, text: text.slice(0, i + 1) });
    out.push({ name: `cut-before-nl-${i}`, text: text.slice(0, i) });
  }
  return out;
}

/** Truncation at random offsets (may split a surrogate pair). */
export function randomTruncations(text: string, rng: Rng, count: number): Variant[] {
  return Array.from({ length: count }, (_, k) => {
    const at = int(rng, text.length + 1);
    return { name: `cut-${k}-at-${at}`, text: text.slice(0, at) };
  });
}

/** 1–4 character-level edits each: delete, duplicate or swap a small range, or insert nasty characters. */
export function charMutations(text: string, rng: Rng, count: number): Variant[] {
  const out: Variant[] = [];
  for (let k = 0; k < count; k++) {
    let t = text;
    const edits = 1 + int(rng, 4);
    for (let e = 0; e < edits; e++) {
      const at = int(rng, t.length + 1);
      const len = 1 + int(rng, 8);
      switch (int(rng, 4)) {
        case 0:
          t = t.slice(0, at) + t.slice(at + len);
          break;
        case 1:
          t = t.slice(0, at + len) + t.slice(at, at + len) + t.slice(at + len);
          break;
        case 2: {
          const other = int(rng, t.length + 1);
          const [a, b] = at < other ? [at, other] : [other, at];
          if (b - a > len) t = t.slice(0, a) + t.slice(b, b + len) + t.slice(a + len, b) + t.slice(a, a + len) + t.slice(b + len);
          break;
        }
        default: {
          let ins = "";
          for (let i = 1 + int(rng, 3); i > 0; i--) ins += pick(rng, NASTY_CHARS);
          t = t.slice(0, at) + ins + t.slice(at);
        }
      }
    }
    out.push({ name: `chars-${k}`, text: t });
  }
  return out;
}

/** Line-level edits: swap two lines, duplicate, delete, indent or dedent one. */
export function lineMutations(text: string, rng: Rng, count: number): Variant[] {
  const out: Variant[] = [];
  for (let k = 0; k < count; k++) {
    const lines = text.split("\n");
    const i = int(rng, lines.length);
    const j = int(rng, lines.length);
    switch (int(rng, 5)) {
      case 0:
        [lines[i], lines[j]] = [lines[j], lines[i]];
        break;
      case 1:
        lines.splice(j, 0, lines[i]);
        break;
      case 2:
        lines.splice(i, 1);
        break;
      case 3:
        lines[i] = ` ${lines[i]}`;
        break;
      default:
        lines[i] = lines[i].replace(/^ {1,2}/, "");
    }
    out.push({ name: `lines-${k}`, text: lines.join("\n") });
  }
  return out;
}

/** Replaces one to three numbers in the text with tokens from NUMBER_TOKENS. */
export function numberMutations(text: string, rng: Rng, count: number): Variant[] {
  const numbers = [...text.matchAll(/-?\d+(?:\.\d+)?/g)].map((m) => ({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length }));
  if (numbers.length === 0) return [];
  const out: Variant[] = [];
  for (let k = 0; k < count; k++) {
    const chosen = [...new Set(Array.from({ length: 1 + int(rng, 3) }, () => int(rng, numbers.length)))].sort((a, b) => b - a);
    let t = text;
    for (const c of chosen) t = t.slice(0, numbers[c].start) + pick(rng, NUMBER_TOKENS) + t.slice(numbers[c].end);
    out.push({ name: `numbers-${k}`, text: t });
  }
  return out;
}

/** Replaces one identifier-like word (not a key) after `: `, `[` or `, ` with an id nothing defines. */
export function idMutations(text: string, rng: Rng, count: number): Variant[] {
  const words = [...text.matchAll(/(?<=(?:: |\[|, ))[A-Za-z_][\w-]*(?=[\],\n ]|$)/g)].map((m) => ({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length }));
  if (words.length === 0) return [];
  return Array.from({ length: count }, (_, k) => {
    const w = pick(rng, words);
    return { name: `id-${k}`, text: `${text.slice(0, w.start)}zz_ghost_${k}${text.slice(w.end)}` };
  });
}

/** Text unrelated to any scenario: random code units, and YAML-ish token soup that often parses. */
export function randomTexts(rng: Rng, count: number): Variant[] {
  const soup = [
    "scenario:",
    "units:",
    "steps:",
    "- ",
    "  ",
    "    ",
    "models:",
    "to:",
    "[1, 2]",
    "{ at: [",
    "]",
    "}",
    "a1",
    "pile-in:",
    "fight:",
    "\n",
    ": ",
    "&a ",
    "*a",
    "!!str ",
    "---\n",
    "...\n",
    "? ",
    "|\n",
    "'",
    '"',
  ];
  const out: Variant[] = [];
  for (let k = 0; k < count; k++) {
    const length = int(rng, 600);
    let t = "";
    if (k % 2 === 0) {
      for (let i = 0; i < length; i++) t += String.fromCharCode(int(rng, 4) === 0 ? int(rng, 0x10000) : int(rng, 128));
    } else {
      for (let i = 0; i < length / 4; i++) t += pick(rng, soup);
    }
    out.push({ name: `random-${k}`, text: t });
  }
  return out;
}

/** `text` with [start, end) replaced by `token`, expecting a finding there. */
export function replaceExpecting(text: string, start: number, end: number, token: string, name: string): Variant {
  return {
    name,
    text: text.slice(0, start) + token + text.slice(end),
    expect: { start, end: start + token.length, what: token },
  };
}
