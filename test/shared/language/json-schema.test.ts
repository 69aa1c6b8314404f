/**
 * schemas/scenario.schema.json, the JSON schema Red Hat's YAML extension validates scenarios with,
 * kept in step with the parser: the file is what shared/language/schema/json-schema.ts builds; every
 * key each parser table accepts is in the schema at its place and nothing else is (walked from the
 * file itself); its code enum is the code registry; and it agrees with the parser on valid and
 * invalid scenarios (a schema that flagged a scenario the checker accepts would be a false error).
 * Validation uses a small draft-07 validator below (only the keywords the schema uses; any other
 * keyword fails the test), since the project has no JSON-schema dependency.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { parse } from "yaml";
import { CODES } from "../../../shared/diagnostics/codes";
import { scenarioSchema } from "../../../shared/language/schema/index";
import { parseScenario } from "../../../shared/parse/parse-scenario";
import { REQUIRED_TOP_KEYS, TOP_KEYS } from "../../../shared/parse/parse-scenario";
import { STEP_KINDS } from "../../../shared/parse/parse-steps";
import { TERRAIN_KEYS } from "../../../shared/parse/parse-terrain";
import { MODEL_KEYS, UNIT_KEYS } from "../../../shared/parse/parse-units";
import { MOVE_KEYS } from "../../../shared/parse/read-moves";
import { CONSOLIDATE_KEYS, PILE_IN_KEYS } from "../../../shared/parse/step-keys";

const root = join(__dirname, "..", "..", "..", "..");
const schemaPath = join(root, "schemas", "scenario.schema.json");
type Json = Record<string, unknown>;
const schema = JSON.parse(readFileSync(schemaPath, "utf8")) as Json;
const defs = schema.definitions as Record<string, Json>;

/** Follows a local `$ref` (and an `allOf` of one) to the schema it names. */
function deref(s: Json): Json {
  if (typeof s.$ref === "string") return deref(defs[s.$ref.replace("#/definitions/", "")]);
  if (Array.isArray(s.allOf) && s.allOf.length === 1) return deref(s.allOf[0] as Json);
  return s;
}

/** The object schema among a schema's alternatives (a model is `[x, y]` or a map). */
function objectBranch(s: Json): Json {
  const d = deref(s);
  if (d.type === "object") return d;
  const branch = ((d.anyOf ?? d.oneOf) as Json[]).map(deref).find((b) => b.type === "object");
  assert.ok(branch, "an object alternative");
  return branch;
}

const props = (s: Json): string[] => Object.keys((s.properties ?? {}) as Json);

// ---- a small draft-07 validator: the keywords the schema uses, nothing more ----

const KNOWN = new Set([
  "$schema",
  "$ref",
  "definitions",
  "title",
  "description",
  "type",
  "enum",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "minItems",
  "maxItems",
  "minProperties",
  "anyOf",
  "oneOf",
  "allOf",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
]);

function typeOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v === "number" ? (Number.isInteger(v) ? "integer" : "number") : typeof v;
}

/** The errors of `value` against `s` (empty: valid). */
function validate(value: unknown, s: Json, at = "$"): string[] {
  for (const k of Object.keys(s)) if (!KNOWN.has(k)) throw new Error(`the test's validator does not know the keyword ${k} (at ${at})`);
  if (typeof s.$ref === "string") return validate(value, deref(s), at);
  const errors: string[] = [];
  const t = typeOf(value);
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? s.type : [s.type];
    if (!types.some((x) => x === t || (x === "number" && t === "integer"))) return [`${at}: ${t} is not ${types.join("|")}`];
  }
  if (Array.isArray(s.enum) && !s.enum.includes(value)) errors.push(`${at}: ${JSON.stringify(value)} not in enum`);
  if (typeof s.pattern === "string" && typeof value === "string" && !new RegExp(s.pattern).test(value)) errors.push(`${at}: pattern`);
  if (typeof value === "number") {
    if (typeof s.minimum === "number" && value < s.minimum) errors.push(`${at}: < minimum`);
    if (typeof s.maximum === "number" && value > s.maximum) errors.push(`${at}: > maximum`);
    if (typeof s.exclusiveMinimum === "number" && value <= s.exclusiveMinimum) errors.push(`${at}: <= exclusiveMinimum`);
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === "number" && value.length < s.minItems) errors.push(`${at}: too few items`);
    if (typeof s.maxItems === "number" && value.length > s.maxItems) errors.push(`${at}: too many items`);
    if (s.items) value.forEach((v, i) => errors.push(...validate(v, s.items as Json, `${at}[${i}]`)));
  }
  if (t === "object") {
    const obj = value as Json;
    const properties = (s.properties ?? {}) as Record<string, Json>;
    if (typeof s.minProperties === "number" && Object.keys(obj).length < s.minProperties) errors.push(`${at}: too few properties`);
    for (const r of (s.required ?? []) as string[]) if (!(r in obj)) errors.push(`${at}: missing ${r}`);
    for (const [k, v] of Object.entries(obj)) {
      if (k in properties) errors.push(...validate(v, properties[k], `${at}.${k}`));
      else if (s.additionalProperties === false) errors.push(`${at}: unknown key ${k}`);
      else if (typeof s.additionalProperties === "object") errors.push(...validate(v, s.additionalProperties as Json, `${at}.${k}`));
    }
  }
  if (Array.isArray(s.allOf)) for (const sub of s.allOf as Json[]) errors.push(...validate(value, sub, at));
  if (Array.isArray(s.anyOf) && !(s.anyOf as Json[]).some((sub) => validate(value, sub, at).length === 0)) errors.push(`${at}: matches no alternative`);
  if (Array.isArray(s.oneOf)) {
    const matching = (s.oneOf as Json[]).filter((sub) => validate(value, sub, at).length === 0).length;
    if (matching !== 1) errors.push(`${at}: matches ${matching} alternatives, not one`);
  }
  return errors;
}

const valid = (text: string): string[] => validate(parse(text, { version: "1.2" }), schema);
const schemaFindings = (text: string): string[] =>
  parseScenario(text)
    .problems.filter((p) => p.code === "scenario.schema" || p.code === "yaml.syntax")
    .map((p) => p.message);

describe("the JSON schema file", () => {
  it("is what shared/language/schema/json-schema.ts builds (regenerate it from scenarioSchema() when this fails)", () => {
    assert.deepEqual(schema, scenarioSchema());
  });

  it("has every key of each parser table at its place, and no other key (additionalProperties false)", () => {
    const places: [string, Json, readonly string[]][] = [
      ["top level", schema, Object.keys(TOP_KEYS)],
      ["unit", deref(defs.unit), Object.keys(UNIT_KEYS)],
      ["model map", objectBranch(defs.model), Object.keys(MODEL_KEYS)],
      ["terrain area", deref(defs.terrain), Object.keys(TERRAIN_KEYS)],
      ["move map", objectBranch(defs.move), Object.keys(MOVE_KEYS)],
      ["fight's pile-in", deref(defs.fightPileIn), Object.keys(PILE_IN_KEYS)],
      ["fight's consolidate", deref(defs.fightConsolidate), Object.keys(CONSOLIDATE_KEYS)],
    ];
    // The places are reached from the top level down, as a validator reaches them.
    const top = schema.properties as Record<string, Json>;
    assert.equal(deref(deref(top.units).additionalProperties as Json), deref(defs.unit));
    assert.equal(objectBranch(deref((deref(defs.unit).properties as Record<string, Json>).models).additionalProperties as Json), objectBranch(defs.model));
    assert.equal(deref(deref(top.terrain).additionalProperties as Json), deref(defs.terrain));
    for (const [where, s, keys] of places) {
      assert.deepEqual(props(s), [...keys], where);
      assert.equal(s.additionalProperties, false, where);
    }
    assert.deepEqual(
      schema.required,
      REQUIRED_TOP_KEYS.map(([k]) => k),
    );
  });

  it("has one step branch per step kind, each with its kind key required and the kind's keys", () => {
    const steps = deref(deref((schema.properties as Record<string, Json>).steps).items as Json);
    const branches = (steps.oneOf as Json[]).map(deref);
    assert.deepEqual(
      branches.map((b) => (b.required as string[])[0]),
      Object.keys(STEP_KINDS),
    );
    for (const b of branches) {
      const kind = (b.required as string[])[0];
      assert.deepEqual(props(b), [kind, ...Object.keys(STEP_KINDS[kind as keyof typeof STEP_KINDS].keys)], kind);
      assert.equal(b.additionalProperties, false, kind);
    }
    const fight = branches.find((b) => (b.required as string[])[0] === "fight")!;
    const nested = fight.properties as Record<string, Json>;
    assert.equal(deref(nested["pile-in"]), deref(defs.fightPileIn));
    assert.equal(deref(nested.consolidate), deref(defs.fightConsolidate));
  });

  it("has no map of fixed keys other than the parser's places", () => {
    const places = new Set<Json>([
      schema,
      deref(defs.unit),
      objectBranch(defs.model),
      deref(defs.terrain),
      objectBranch(defs.move),
      deref(defs.fightPileIn),
      deref(defs.fightConsolidate),
      ...Object.keys(STEP_KINDS).map((kind) => deref(defs[`step-${kind}`])),
      // show: and its rings and callouts (parse/parse-show.ts's tables).
      deref(defs.show),
      ((deref(defs.show).properties as Json).rings as Json).items as Json,
      ((deref(defs.show).properties as Json).callouts as Json).additionalProperties as Json,
      // weapons:, a weapon's profiles and an attack use (parse/parse-weapons.ts's tables).
      deref(defs.weapon),
      deref(defs.profile),
      deref(defs.attackUse),
    ]);
    const found = new Set<Json>();
    const walk = (s: unknown): void => {
      if (s === null || typeof s !== "object") return;
      if ((s as Json).properties) found.add(s as Json);
      for (const v of Object.values(s as Json)) walk(v);
    };
    walk(schema);
    assert.equal(found.size, places.size);
    for (const s of found) assert.ok(places.has(s), `an unexpected map with keys ${props(s).join(", ")}`);
  });

  it("lists exactly the registry's codes for illegal:", () => {
    assert.deepEqual(deref(defs.code).enum, Object.keys(CODES));
  });

  it("gives every key a title and a description", () => {
    const seen: string[] = [];
    const walk = (s: unknown, at: string): void => {
      if (s === null || typeof s !== "object") return;
      const o = s as Json;
      if (o.properties) {
        for (const [k, v] of Object.entries(o.properties as Json)) {
          const p = v as Json;
          assert.ok(typeof p.title === "string" && p.title !== "" && typeof p.description === "string" && p.description !== "", `${at}.${k}`);
          seen.push(k);
        }
      }
      for (const [k, v] of Object.entries(o)) if (k !== "properties") walk(v, `${at}.${k}`);
      if (o.properties) for (const [k, v] of Object.entries(o.properties as Json)) walk(v, `${at}.${k}`);
    };
    walk(schema, "$");
    assert.ok(seen.length > 50, `${seen.length} keys`);
  });
});

describe("the JSON schema agrees with the parser", () => {
  const dirs = [join(root, "examples"), join(root, "test", "fixtures", "rules")];
  const files = dirs.flatMap((d) =>
    readdirSync(d)
      .filter((f) => f.endsWith(".scenario.yaml"))
      .map((f) => join(d, f)),
  );

  it("accepts every example and rule fixture the parser reads without a schema finding", () => {
    let checked = 0;
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      if (schemaFindings(text).length > 0) continue;
      assert.deepEqual(valid(text), [], file);
      checked++;
    }
    assert.ok(checked > 100, `${checked} files`);
  });

  const BASE = [
    "scenario: Base",
    "turn: red",
    "units:",
    "  a:",
    "    player: red",
    "    base: 32",
    "    models:",
    "      a1: [10, 10]",
    "  b:",
    "    player: blue",
    "    base: 60x35",
    "    models:",
    "      b1: { at: [12, 10], facing: 90 }",
    "steps:",
    "  - fight: a",
    "    targets: [b]",
  ].join("\n");
  const edit = (from: string, to: string): string => {
    assert.ok(BASE.includes(from), from);
    return BASE.replace(from, to);
  };

  const accepted: [string, string][] = [
    ["the base scenario", BASE],
    ["quoted numbers", edit("a1: [10, 10]", 'a1: ["10", "10.5"]')],
    [
      "charged: true and a list",
      edit("    base: 32\n", "    base: 32\n    charged: true\n").replace("    base: 60x35\n", "    base: 60x35\n    charged: [a]\n"),
    ],
    ["remove one id, and a list", `${BASE}\n  - remove: b1\n  - remove: [a1]`],
    [
      "waypoints and { path, facing }",
      `${BASE}\n  - consolidate: a\n    to:\n      a1: [[10, 11], [10, 12]]\n  - consolidate: b\n    to: { b1: { path: [[12, 11]], facing: 0 } }`,
    ],
    ["an empty to: and illegal: true", `${BASE}\n  - pile-in: a\n    to:\n    illegal: true`],
    ["a fight's nested blocks", `${BASE}\n  - fight: b\n    pile-in: { targets: [a], to: { b1: [12, 11] } }\n    consolidate: { mode: ongoing, to: {} }`],
    [
      "a move step and a charge step",
      `${BASE}\n  - phase: movement\n  - move: a\n    type: advance\n    roll: 3\n  - phase: charge\n  - charge: a\n    roll: 7\n    intervention: into-the-fray`,
    ],
    [
      "rules, rulings, board, objectives, terrain",
      `rules: 10e\nrulings: [club]\nboard: [44, 30]\nphase: fight\nobjectives:\n  o: [1, 1]\nterrain:\n  r: { area: [[0, 0], [1, 0], [1, 1]], kind: ruin }\n${BASE}`,
    ],
  ];
  for (const [what, text] of accepted) {
    it(`both accept ${what}`, () => {
      assert.deepEqual(schemaFindings(text), [], "the parser");
      assert.deepEqual(valid(text), [], "the schema");
    });
  }

  const rejected: [string, string][] = [
    ["an unknown top-level key", `${BASE}\nplayers: 2`],
    ["an unknown unit key", edit("    base: 32\n", "    base: 32\n    colour: red\n")],
    ["a unit without a player", edit("    player: red\n", "")],
    ["an unknown model key", edit("facing: 90", "heading: 90")],
    ["an unknown step key", `${BASE}\n    mode: ongoing`],
    ["a step with two kinds", `${BASE}\n    remove: [b1]`],
    ["a step without a kind", `${BASE}\n  - note: nothing`],
    ["illegal: []", `${BASE}\n    illegal: []`],
    ["an unknown code", `${BASE}\n    illegal: [move.too-fr]`],
    ["an unknown fight type", `${BASE}\n    type: heroic`],
    ["a board of one number", `board: [60]\n${BASE}`],
    ["an unknown rules system", `rules: 9e\n${BASE}`],
    ["a move with at and path", `${BASE}\n  - consolidate: a\n    to: { a1: { at: [1, 1], path: [[1, 1]] } }`],
    ["a roll out of range", `${BASE}\n  - phase: charge\n  - charge: a\n    roll: 13`],
    ["a fight's pile-in written as a unit", `${BASE}\n    pile-in: a`],
  ];
  for (const [what, text] of rejected) {
    it(`both reject ${what}`, () => {
      assert.notDeepEqual(schemaFindings(text), [], "the parser");
      assert.notDeepEqual(valid(text), [], "the schema");
    });
  }
});
