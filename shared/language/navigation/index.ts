/**
 * Navigation over the ids written in a scenario: occurrences from the model, and from the YAML tree
 * (so it works where the model dropped a step) definitions, references, rename, the outline,
 * folding ranges and semantic tokens.
 */
export { foldingRanges, type Fold } from "./folding";
export { occurrenceAt, occurrences, type IdKind, type Occurrence } from "./occurrences";
export { definitionAt, readScenarioTree, referencesAt, type ScenarioTree, type WrittenId } from "./occurrences-tree";
export { invalidName, isRefusal, prepareRename, renameEdits, type RenameRefusal, type RenameTarget } from "./rename";
export { encodeTokens, idTokens, TOKEN_MODIFIERS, TOKEN_TYPES, type IdToken } from "./semantic-tokens";
export { documentSymbols, type OutlineKind, type OutlineSymbol } from "./symbols";
