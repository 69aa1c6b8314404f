/**
 * The scenario language's keys: which keys each place of a document takes (from the parser's
 * tables), what each key and value means, and the JSON schema built from both, so completion and
 * Red Hat's YAML extension say the same.
 */
export { ATTACK_DOCS, KEY_DOCS, KIND_DOCS, nestedDoc, SHOW_DOCS, VALUE_DOCS, type KeyDoc } from "./docs";
export { scenarioSchema } from "./json-schema";
export { keysOf, LIST_KEYS, requiredKeys, STEP_KIND_KEYS, type MapPlace } from "./places";
