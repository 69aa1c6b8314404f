// The TextMate grammar: valid JSON layered on source.yaml, every regex compiles, and each DSL
// rule matches what it should on real scenario lines. TextMate applies a `match` to one line at a
// time, so a JS RegExp over the line reproduces it (these regexes use no Oniguruma-only syntax;
// the compile test lists any that do). Where the rules may apply at all (inside YAML's plain keys
// and plain scalars) is set by the injection selectors, pinned below; tokenizing with
// vscode-textmate and VS Code's own YAML grammar would need dependencies the project lacks.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { CODES } from "../../shared/diagnostics/codes";
import { STEP_KIND_NAMES } from "../../shared/parse/parse-steps";
import { CONSOLIDATION_MODES, FALL_BACK_MODES, FIGHT_TYPES, INTERVENTION_MODES, MOVE_TYPES } from "../../shared/parse/vocabulary";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const GRAMMAR_PATH = path.join(ROOT, "syntaxes", "ruleboard.tmLanguage.json");

interface Rule {
  name?: string;
  match?: string;
  begin?: string;
  end?: string;
  while?: string;
  include?: string;
  patterns?: Rule[];
  captures?: Record<string, Rule>;
  beginCaptures?: Record<string, Rule>;
  endCaptures?: Record<string, Rule>;
  whileCaptures?: Record<string, Rule>;
  repository?: Record<string, Rule>;
}

interface Grammar extends Rule {
  scopeName: string;
  injections?: Record<string, Rule>;
}

const grammar = JSON.parse(fs.readFileSync(GRAMMAR_PATH, "utf8")) as Grammar;

/** Syntax Oniguruma accepts and JS RegExp does not (or reads differently). */
const ONIGURUMA_ONLY: readonly [RegExp, string][] = [
  [/\\[GAzZhH]/, "\\G \\A \\z \\Z \\h anchors/classes"],
  [/[*+?}]\+/, "possessive quantifier"],
  [/\(\?>/, "atomic group"],
  [/\(\?[imx-]+\)/, "inline flags"],
  [/\(\?#/, "comment group"],
  [/\\x\{/, "\\x{…} escape"],
  [/\[:[a-z]+:\]/, "POSIX bracket"],
  [/&&/, "class intersection"],
  [/\\p\{(?:Cntrl|Surrogate|Alnum|Alpha|Digit|Space|Word)\}/, "Oniguruma property name"],
];

/** Every regex in the grammar with where it sits, walking rules, captures, repository and injections. */
function regexesOf(rule: Rule, where: string, out: { where: string; source: string }[] = []): typeof out {
  for (const key of ["match", "begin", "end", "while"] as const) {
    const source = rule[key];
    if (source !== undefined) out.push({ where: `${where}.${key}`, source });
  }
  rule.patterns?.forEach((p, i) => regexesOf(p, `${where}.patterns[${i}]`, out));
  for (const key of ["captures", "beginCaptures", "endCaptures", "whileCaptures", "repository"] as const) {
    for (const [name, child] of Object.entries(rule[key] ?? {})) regexesOf(child, `${where}.${key}.${name}`, out);
  }
  return out;
}

function allRegexes(): { where: string; source: string }[] {
  const found = regexesOf(grammar, "grammar");
  for (const [selector, rule] of Object.entries(grammar.injections ?? {})) regexesOf(rule, `injections[${selector}]`, found);
  return found;
}

/** The regex of a repository rule, compiled for per-line matching. */
function ruleRegex(name: string): RegExp {
  const source = grammar.repository?.[name]?.match;
  assert.ok(source !== undefined, `repository.${name}.match missing`);
  return new RegExp(source, "g");
}

/** What `name`'s regex matches in one line, as [index, text] pairs. */
function matches(name: string, line: string): [number, string][] {
  return [...line.matchAll(ruleRegex(name))].map((m) => [m.index ?? -1, m[0]]);
}

test("the grammar is source.ruleboard, includes source.yaml, and injects into YAML's plain keys and scalars", () => {
  assert.equal(grammar.scopeName, "source.ruleboard");
  assert.deepEqual(grammar.patterns, [{ include: "source.yaml" }]);
  const injections = Object.entries(grammar.injections ?? {}).map(([selector, rule]) => [selector, rule.patterns?.map((p) => p.include)]);
  assert.deepEqual(injections, [
    ["L:source.ruleboard entity.name.tag.yaml - string.quoted", ["#step-kind", "#known-key"]],
    [
      "L:source.ruleboard string.unquoted.plain.out.yaml, L:source.ruleboard string.unquoted.plain.in.yaml",
      ["#enum-value", "#phase-value", "#diagnostic-code"],
    ],
  ]);
  for (const [, includes] of injections) {
    for (const ref of includes ?? []) assert.ok(grammar.repository?.[ref!.slice(1)]?.match, `${ref} is not a match rule`);
  }
});

/** Regexes (by location) allowed to use Oniguruma-only syntax; none today, so every regex is JS-checked. */
const ONIGURUMA_ONLY_ALLOWED: readonly string[] = [];

test("every grammar regex compiles as a JS RegExp (Oniguruma-only syntax excepted)", () => {
  const regexes = allRegexes();
  assert.equal(regexes.length, 5, regexes.map((r) => r.where).join(", "));
  const onigOnly: string[] = [];
  for (const { where, source } of regexes) {
    if (ONIGURUMA_ONLY.some(([probe]) => probe.test(source))) {
      onigOnly.push(where);
      continue;
    }
    assert.doesNotThrow(() => new RegExp(source), `${where}: ${source}`);
  }
  assert.deepEqual(onigOnly, ONIGURUMA_ONLY_ALLOWED);
});

test("the Oniguruma-only detector recognises what JS cannot compile the same way", () => {
  const flagged = ["\\G-", "a++", "(?>a)", "(?i)a", "\\x{85}", "[[:alpha:]]", "[a&&[^b]]", "\\p{Cntrl}"];
  for (const source of flagged)
    assert.ok(
      ONIGURUMA_ONLY.some(([probe]) => probe.test(source)),
      source,
    );
  assert.ok(!ONIGURUMA_ONLY.some(([probe]) => probe.test("(?<=^-[ \\t])a+(?=:)")));
});

test("the DSL scopes, each ending in .ruleboard (YAML's own scopes stay underneath)", () => {
  const names = Object.fromEntries(Object.entries(grammar.repository ?? {}).map(([key, rule]) => [key, rule.name]));
  assert.deepEqual(names, {
    "step-kind": "keyword.control.step.ruleboard",
    "known-key": "support.type.property-name.ruleboard",
    "enum-value": "constant.language.ruleboard",
    "phase-value": "constant.language.phase.ruleboard",
    "diagnostic-code": "constant.other.code.ruleboard",
  });
});

test("step kinds are keywords only as the first key of a sequence item", () => {
  for (const kind of ["pile-in", "fight", "remove", "consolidate", "phase"]) {
    assert.deepEqual(matches("step-kind", `  - ${kind}: squad`), [[4, kind]]);
    assert.deepEqual(matches("step-kind", `- ${kind}:`), [[2, kind]]);
    assert.deepEqual(matches("step-kind", `  -   ${kind}: squad`), [[6, kind]]);
  }
  assert.deepEqual(matches("step-kind", "    pile-in:"), [], "a fight's nested pile-in is a key, not a step");
  assert.deepEqual(matches("step-kind", "phase: fight"), [], "the top-level phase is a key");
  assert.deepEqual(matches("step-kind", "  - fights-first: true"), []);
  assert.deepEqual(matches("step-kind", "  - fight squad"), [], "no colon, no key");
});

test("known keys are scoped in block and flow maps; unknown keys and values are not", () => {
  assert.deepEqual(matches("known-key", "scenario: Overrun"), [[0, "scenario"]]);
  assert.deepEqual(matches("known-key", "    fights-first: true"), [[4, "fights-first"]]);
  assert.deepEqual(matches("known-key", "      s2: { at: [12, 10], facing: 90 }"), [
    [12, "at"],
    [26, "facing"],
  ]);
  assert.deepEqual(matches("known-key", "bogus: 1"), []);
  assert.deepEqual(matches("known-key", "turn: targets"), [[0, "turn"]], "a known word as a value is not a key");
  assert.deepEqual(matches("known-key", "notes: x"), [], "whole words only");
});

test("fight types, consolidation modes and phases are constants as values", () => {
  assert.deepEqual(matches("enum-value", "    type: overrun"), [[10, "overrun"]]);
  assert.deepEqual(matches("enum-value", "    type: normal  # default"), [[10, "normal"]]);
  assert.deepEqual(matches("enum-value", "    mode: objective"), [[10, "objective"]]);
  assert.deepEqual(matches("enum-value", "    objective: alpha"), [], "`objective:` the key is not the mode");
  assert.deepEqual(matches("enum-value", "  { mode: engaging, targets: [b] }"), [[10, "engaging"]]);
  assert.deepEqual(matches("enum-value", "    note: normally"), []);
  assert.deepEqual(matches("enum-value", "    type: normal#1"), [], "a # with no space before it is part of the scalar");
  assert.deepEqual(matches("phase-value", "  - phase: charge"), [[11, "charge"]]);
  assert.deepEqual(matches("phase-value", "phase: fight"), [[7, "fight"]]);
  assert.deepEqual(matches("phase-value", "turn: fight"), []);
});

test("diagnostic codes are constants in illegal: lists, flow and block; every registry code matches", () => {
  assert.deepEqual(matches("diagnostic-code", "    illegal: [move.not-closer, coherency.broken]"), [
    [14, "move.not-closer"],
    [31, "coherency.broken"],
  ]);
  assert.deepEqual(matches("diagnostic-code", "      - engagement.forbidden  # why"), [[8, "engagement.forbidden"]]);
  assert.deepEqual(matches("diagnostic-code", "    illegal: move.too-far"), [[13, "move.too-far"]]);
  assert.deepEqual(matches("diagnostic-code", "    note: see move.too-far here"), []);
  assert.deepEqual(matches("diagnostic-code", "    to: { a1: [1.5, 2] }"), []);
  for (const code of Object.keys(CODES)) {
    assert.deepEqual(matches("diagnostic-code", `    illegal: [${code}]`), [[14, code]], `registry code ${code}`);
  }
});

/** The words of one alternation group `(?:a|b|c)` in a rule's regex. */
function alternation(name: string): string[] {
  const source = grammar.repository?.[name]?.match ?? "";
  const group = /\(\?:([a-z|-]+)\)/.exec(source);
  assert.ok(group, `${name} has a (?:…) group of words`);
  return group[1].split("|");
}

test("the grammar's step kinds and enum values are the parser's vocabulary, no more and no fewer", () => {
  assert.deepEqual(alternation("step-kind").sort(), [...STEP_KIND_NAMES].sort());
  const values = new Set([...FIGHT_TYPES, ...CONSOLIDATION_MODES, ...MOVE_TYPES, ...FALL_BACK_MODES, ...INTERVENTION_MODES]);
  assert.deepEqual(alternation("enum-value").sort(), [...values].sort());
  for (const v of values) assert.deepEqual(matches("enum-value", `    type: ${v}`), [[10, v]], v);
});
