import { CODES } from "../../diagnostics/codes";
import {
  ADVANCE_ROLL,
  CHARGE_ROLL,
  CONSOLIDATION_MODES,
  FALL_BACK_MODES,
  FIGHT_TYPES,
  INTERVENTION_MODES,
  MOVE_TYPES,
  PHASES,
  RULING_NAMES,
  SUPPORTED_RULES,
} from "../../parse/vocabulary";
import { SHOW_DOCS, KEY_DOCS, KIND_DOCS, nestedDoc, type KeyDoc } from "./docs";
import { keysOf, requiredKeys, STEP_KIND_KEYS, type MapPlace } from "./places";
import { CALLOUT_KEYS, RING_KEYS, SHOW_KEYS } from "../../parse/parse-show";

/**
 * The scenario language as a JSON schema (draft-07), for editors that validate YAML by schema
 * (Red Hat's YAML extension reads it through package.json's `yamlValidation`). Built from the
 * parser's key tables, the vocabulary and the code registry, with the titles and descriptions
 * completion shows; schemas/scenario.schema.json is this object, and a test keeps the two equal.
 * It is permissive where the parser is (numbers may be quoted, empty id maps are allowed), so it
 * never flags a scenario the checker accepts; what it cannot express (ids that exist, rules) is
 * left to the language server.
 */

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/definitions/${name}` });

/** A plain number, or one written as text (`"23.5"`), as the parser reads numbers. */
const NUMERIC_TEXT = "^\\s*[-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?\\s*$";
/** An oval base's axes in mm, `60x35`. */
const OVAL_TEXT = "^\\s*(?:\\d+(?:\\.\\d+)?|\\.\\d+)\\s*[xX]\\s*(?:\\d+(?:\\.\\d+)?|\\.\\d+)\\s*$";
/** A whole number written as text. */
const WHOLE_TEXT = "^\\s*[-+]?\\d+(?:\\.0*)?\\s*$";

/** The shapes values take, shared by many keys. */
function definitions(): Schema {
  const roll = (range: { min: number; max: number }): Schema => ({
    anyOf: [
      { type: "integer", minimum: range.min, maximum: range.max },
      { type: "string", pattern: WHOLE_TEXT },
    ],
  });
  return {
    number: { anyOf: [{ type: "number" }, { type: "string", pattern: NUMERIC_TEXT }] },
    positive: {
      anyOf: [
        { type: "number", exclusiveMinimum: 0 },
        { type: "string", pattern: NUMERIC_TEXT },
      ],
    },
    text: { type: ["string", "number", "boolean"] },
    id: { type: ["string", "number"], description: "An id defined in the scenario." },
    ids: { type: "array", items: ref("id") },
    position: { type: "array", items: ref("number"), minItems: 2, maxItems: 2, description: "`[x, y]` in inches from the board's top-left corner, y down." },
    path: { type: "array", items: ref("position"), minItems: 1, description: "Waypoints `[[x, y], …]`; the last is the end." },
    base: {
      anyOf: [ref("positive"), { type: "string", pattern: OVAL_TEXT }],
      description: "A round base's diameter in mm (`32`), or an oval's `length x width` in mm (`60x35`).",
    },
    flag: { type: ["boolean", "string"], enum: [true, false, "true", "false"] },
    advanceRoll: roll(ADVANCE_ROLL),
    chargeRoll: roll(CHARGE_ROLL),
    code: { type: "string", enum: Object.keys(CODES), description: "A diagnostic code." },
    attacksValue: {
      anyOf: [
        { type: "integer", minimum: 1 },
        { type: "string", pattern: "^\\s*(?:\\d+|\\d*\\s*[dD]\\s*[36]\\s*(?:\\+\\s*\\d+)?)\\s*$" },
      ],
      description: "A whole number of attacks, or dice: `D6`, `2D3`, `D6+1`.",
    },
  };
}

/** The value schema of each key, by place (`*` for every step kind). */
function valueOf(place: MapPlace, key: string): Schema {
  const list = (values: readonly string[]): Schema => ({ type: "string", enum: [...values] });
  const step = place.startsWith("step:") || place.startsWith("fight.");
  switch (`${step ? "*" : place}.${key}`) {
    case "top.scenario":
    case "top.description":
    case "top.turn":
    case "unit.player":
    case "unit.name":
    case "terrain.kind":
    case "*.note":
      return ref("text");
    case "top.rules":
      return list(SUPPORTED_RULES);
    case "top.rulings":
      return { type: "array", items: list(RULING_NAMES) };
    case "top.board":
      return { type: "array", items: ref("positive"), minItems: 2, maxItems: 2 };
    case "top.phase":
      return list(PHASES);
    case "top.objectives":
      return { type: ["object", "null"], additionalProperties: ref("position") };
    case "top.terrain":
      return { type: ["object", "null"], additionalProperties: ref("terrain") };
    case "top.units":
      return { type: ["object", "null"], additionalProperties: ref("unit") };
    case "top.steps":
      return { type: ["array", "null"], items: ref("step") };
    case "top.weapons":
      return { type: ["object", "null"], additionalProperties: ref("weapon") };
    case "unit.wargear":
    case "model.wargear":
      return ref("ids");
    case "*.attacks":
      return { type: "object", additionalProperties: { anyOf: [ref("attackUse"), { type: "array", items: ref("attackUse"), minItems: 1 }] } };
    case "*.resolve":
      return {
        type: "array",
        items: { anyOf: [ref("id"), { type: "object", minProperties: 1, additionalProperties: ref("ids") }] },
      };
    case "weapon.name":
      return ref("text");
    case "weapon.range":
      return { anyOf: [{ type: "string", enum: ["melee"] }, ref("positive")] };
    case "weapon.A":
    case "profile.A":
      return ref("attacksValue");
    case "weapon.WS":
    case "weapon.BS":
    case "weapon.S":
    case "weapon.AP":
    case "weapon.D":
    case "profile.WS":
    case "profile.BS":
    case "profile.S":
    case "profile.AP":
    case "profile.D":
      return { type: ["string", "number"] };
    case "weapon.keywords":
    case "profile.keywords":
      return { type: "array", items: ref("text") };
    case "weapon.profiles":
      return { type: "object", minProperties: 1, additionalProperties: ref("profile") };
    case "use.weapon":
      return ref("id");
    case "use.target":
      return ref("id");
    case "use.targets":
      return { anyOf: [ref("ids"), { type: "object", minProperties: 1, additionalProperties: { type: "integer", minimum: 0 } }] };
    case "unit.keywords":
      return { type: "array", items: ref("text") };
    case "unit.base":
    case "model.base":
      return ref("base");
    case "unit.charged":
      return { anyOf: [{ type: "boolean" }, ref("ids")] };
    case "unit.move":
      return ref("positive");
    case "unit.fights-first":
    case "unit.advanced":
    case "unit.fell-back":
    case "unit.battle-shocked":
      return ref("flag");
    case "unit.models":
      return { type: "object", minProperties: 1, additionalProperties: ref("model") };
    case "model.at":
    case "model-move.at":
      return ref("position");
    case "model.facing":
    case "model-move.facing":
      return ref("number");
    case "terrain.area":
      return { type: "array", items: ref("position"), minItems: 3 };
    case "model-move.path":
      return ref("path");
    case "*.targets":
      return ref("ids");
    case "*.to":
      return ref("moves");
    case "*.objective":
      return ref("id");
    case "top.view":
      return {
        anyOf: [
          { type: "string", enum: ["auto", "board"] },
          { type: "array", items: ref("number"), minItems: 4, maxItems: 4 },
        ],
      };
    case "top.show":
    case "*.show":
      return ref("show");
    case "*.illegal":
      return { anyOf: [{ type: "boolean" }, { type: "array", items: ref("code"), minItems: 1 }] };
    case "*.pile-in":
      return ref("fightPileIn");
    case "*.consolidate":
      return ref("fightConsolidate");
    case "*.roll":
      return ref(place === "step:charge" ? "chargeRoll" : "advanceRoll");
    case "*.intervention":
      return list(INTERVENTION_MODES);
    case "*.type":
      return list(place === "step:move" ? MOVE_TYPES : FIGHT_TYPES);
    case "*.mode":
      return list(place === "step:move" ? FALL_BACK_MODES : CONSOLIDATION_MODES);
    default:
      throw new Error(`the JSON schema has no value shape for ${place} ${key}`);
  }
}

function described(schema: Schema, doc: KeyDoc | undefined, what: string): Schema {
  if (!doc) throw new Error(`no title and description for ${what} (shared/language/schema/docs.ts)`);
  // Draft-07 ignores a $ref's siblings, so a described reference goes through allOf.
  return { title: doc.title, description: doc.description, ...("$ref" in schema ? { allOf: [schema] } : schema) };
}

/** A map of fixed keys: each key's value with its title and description; unknown keys rejected, as the parser does. */
function mapOf(place: MapPlace, extra: Record<string, Schema> = {}): Schema {
  const properties: Record<string, Schema> = { ...extra };
  for (const key of keysOf(place)) properties[key] = described(valueOf(place, key), KEY_DOCS[place]?.[key] ?? nestedDoc(place, key), `${place} ${key}`);
  const required = [...Object.keys(extra), ...requiredKeys(place)];
  return { type: "object", properties, ...(required.length > 0 && { required }), additionalProperties: false };
}

/** One step kind: its kind key (required) and its other keys. */
function stepOf(kind: string): Schema {
  const head = kind === "remove" ? { anyOf: [ref("id"), ref("ids")] } : kind === "phase" ? { type: "string", enum: [...PHASES] } : ref("id");
  return { title: KIND_DOCS[kind]?.title, ...mapOf(`step:${kind}`, { [kind]: described(head, KIND_DOCS[kind], `the ${kind} step`) }) };
}

/** The JSON schema of a scenario file. */
export function scenarioSchema(): Schema {
  const defs = definitions();
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    title: "Ruleboard scenario",
    description:
      "A tabletop-wargame rules scenario: a board, units of models on bases, objectives, and a timeline of steps that Ruleboard replays through the rules.",
    ...mapOf("top"),
    definitions: {
      ...defs,
      unit: mapOf("unit"),
      model: { anyOf: [ref("position"), mapOf("model")], description: "`[x, y]`, or `{ at: [x, y], base, facing }`." },
      terrain: mapOf("terrain"),
      moves: { type: ["object", "null"], additionalProperties: ref("move"), description: "Model ids, each to where it moves." },
      move: {
        anyOf: [ref("position"), ref("path"), { ...mapOf("model-move"), oneOf: [{ required: ["at"] }, { required: ["path"] }] }],
        description: "An end point `[x, y]`, waypoints `[[x, y], …]`, or `{ at | path, facing }`.",
      },
      step: { type: "object", oneOf: STEP_KIND_KEYS.map((kind) => ref(`step-${kind}`)), description: "One step: a map with exactly one kind key." },
      ...Object.fromEntries(STEP_KIND_KEYS.map((kind) => [`step-${kind}`, stepOf(kind)])),
      show: showSchema(),
      weapon: mapOf("weapon"),
      profile: mapOf("profile"),
      attackUse: mapOf("use"),
      fightPileIn: mapOf("fight.pile-in"),
      fightConsolidate: mapOf("fight.consolidate"),
    },
  };
}

/** `show:` (parse/parse-show.ts): its keys, read from the parser's tables, with their shapes and docs. */
function showSchema(): Schema {
  const units: Schema = { anyOf: [{ type: "string", enum: ["all"] }, ref("id"), ref("ids")] };
  const fixed = (keys: readonly string[], shapes: Record<string, Schema>, where: string): Schema => ({
    type: "object",
    properties: Object.fromEntries(keys.map((k) => [k, described(shapes[k] ?? {}, SHOW_DOCS[`${where}.${k}`], `${where} ${k}`)])),
    additionalProperties: false,
  });
  const ring = { ...fixed(Object.keys(RING_KEYS), { around: ref("id"), radius: ref("positive") }, "ring"), required: ["around", "radius"] };
  const callout = {
    ...fixed(Object.keys(CALLOUT_KEYS), { at: { anyOf: [ref("id"), ref("position")] }, text: { type: "string" } }, "callout"),
    required: ["at", "text"],
  };
  return {
    ...fixed(
      Object.keys(SHOW_KEYS),
      {
        measure: { type: "array", items: { type: "array", items: ref("id"), minItems: 2, maxItems: 2 } },
        engagement: units,
        coherency: units,
        rings: { type: "array", items: ring },
        region: ref("id"),
        callouts: { type: "object", additionalProperties: callout },
      },
      "show",
    ),
    description: "What the board draws on request, for diagrams.",
  };
}
