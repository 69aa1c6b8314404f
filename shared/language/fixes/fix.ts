import type { TextEdit } from "../text/index";

/**
 * One quick fix: a title for the light bulb menu and the edits it makes to the scenario text.
 * `preferred` marks the fix an editor may apply with one keystroke (LSP `isPreferred`): the
 * verified repair of the finding, never "mark this step illegal".
 */
export interface Fix {
  readonly title: string;
  readonly edits: readonly TextEdit[];
  readonly preferred: boolean;
}
