/**
 * One completion proposal as the language core makes it: plain data the server turns into an LSP
 * CompletionItem (the CLI or the webview could reuse it). The text replaces the word being typed.
 */
export interface CompletionEntry {
  readonly label: string;
  readonly kind: EntryKind;
  /** One line beside the label: a distance, a player, what a value means in a few words. */
  readonly detail?: string;
  /** Markdown. */
  readonly documentation?: string;
  /** Orders the list (the client sorts by it): rules order, not the alphabet. */
  readonly sortText: string;
  /** What typing is matched against, when not the label. */
  readonly filterText?: string;
  /** The text that replaces the word being typed; snippet syntax when `snippet` is true. */
  readonly insert: string;
  readonly snippet?: boolean;
}

/** What a proposal is, for its icon. */
export type EntryKind = "key" | "step-kind" | "unit" | "model" | "objective" | "player" | "value" | "code" | "snippet";

/** A sort key: a group, then a position in it (both small non-negative integers). */
export function sortKey(group: number, position: number): string {
  return `${String(group).padStart(2, "0")}-${String(position).padStart(4, "0")}`;
}

/** Numbers entries in the order given, within one group. */
export function inOrder(group: number, entries: readonly Omit<CompletionEntry, "sortText">[]): CompletionEntry[] {
  return entries.map((e, i) => ({ ...e, sortText: sortKey(group, i) }));
}
