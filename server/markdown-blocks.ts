import type { Position, Range, TextEdit } from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import { findScenarioBlocks, toBlockOffset, toMarkdownOffset } from "../shared/markdown/index";
import type { ScenarioBlock } from "../shared/markdown/index";

/**
 * Markdown documents as the server reads them: never as YAML, but as the scenarios of their fenced
 * `ruleboard` / `scenario` blocks (shared/markdown/). Each block becomes a document of its own (its
 * text, the Markdown document's version, a URI of its own) so the scenario features can answer on
 * it unchanged, with positions mapped in and out here.
 */

/** The language id VS Code gives Markdown files. */
export const MARKDOWN_LANGUAGE_ID = "markdown";

/** The language id of scenario documents; a document with it is a scenario whatever its name. */
const SCENARIO_LANGUAGE_ID = "ruleboard";

/**
 * True when the document is read as Markdown: by its language id, or, when the id is neither
 * `markdown` nor `ruleboard` (a client with ids of its own), by a `.md` / `.markdown` name.
 */
export function isMarkdownDocument(document: Pick<TextDocument, "uri" | "languageId">): boolean {
  if (document.languageId === MARKDOWN_LANGUAGE_ID) return true;
  if (document.languageId === SCENARIO_LANGUAGE_ID) return false;
  return /\.(md|markdown)$/i.test(document.uri.replace(/[?#].*$/, ""));
}

/** A scenario block of a Markdown document, as a scenario document of its own. */
export interface BlockDocument {
  readonly block: ScenarioBlock;
  /** The block's text, language id `ruleboard`, the Markdown document's version, URI `blockUri(…)`. */
  readonly document: TextDocument;
  /** The fence's indentation, which every content line of the block carries in the Markdown text. */
  readonly indent: string;
  /** Document offsets [start, end) of the lines inside the fences (end inclusive for an unclosed block). */
  readonly start: number;
  readonly end: number;
}

/** A Markdown document and its scenario blocks. */
export interface MarkdownDocument {
  readonly document: TextDocument;
  readonly blocks: readonly BlockDocument[];
}

const BLOCK_SUFFIX = "#ruleboard-block-";

/** The URI of a Markdown document's `index`-th (1-based) scenario block. */
export function blockUri(uri: string, index: number): string {
  return `${uri}${BLOCK_SUFFIX}${index}`;
}

/** The Markdown document's URI and the block's index, for a URI made by `blockUri`. */
export function parseBlockUri(uri: string): { uri: string; index: number } | undefined {
  const at = uri.lastIndexOf(BLOCK_SUFFIX);
  if (at < 0) return undefined;
  const index = Number(uri.slice(at + BLOCK_SUFFIX.length));
  return Number.isInteger(index) && index >= 1 ? { uri: uri.slice(0, at), index } : undefined;
}

/** Splits a Markdown document into its scenario blocks, each a document of its own. */
export function markdownDocument(document: TextDocument): MarkdownDocument {
  const text = document.getText();
  const blocks = findScenarioBlocks(text).map((block): BlockDocument => {
    const lineEnd = text.indexOf("\n", block.fence.end);
    const last = block.markdownStarts[block.markdownStarts.length - 1];
    return {
      block,
      document: TextDocument.create(blockUri(document.uri, block.index), SCENARIO_LANGUAGE_ID, document.version, block.text),
      indent: /^ */.exec(text.slice(block.fence.start, block.fence.end))?.[0] ?? "",
      start: lineEnd < 0 ? text.length + 1 : lineEnd + 1,
      end: block.closed ? last : text.length + 1,
    };
  });
  return { document, blocks };
}

/** The block whose content holds the document offset, if any (never a fence line or the prose). */
export function blockAt(markdown: MarkdownDocument, offset: number): BlockDocument | undefined {
  return markdown.blocks.find((b) => offset >= b.start && offset < b.end);
}

/** The blocks whose content a document range touches. */
export function blocksIn(markdown: MarkdownDocument, range: Range): BlockDocument[] {
  const start = markdown.document.offsetAt(range.start);
  const end = markdown.document.offsetAt(range.end);
  return markdown.blocks.filter((b) => start < b.end && end >= b.start);
}

/** A Markdown position inside the block, as a position in the block's document. */
export function toBlockPosition(markdown: MarkdownDocument, block: BlockDocument, position: Position): Position {
  return block.document.positionAt(toBlockOffset(block.block, markdown.document.offsetAt(position)));
}

/** A Markdown range, clipped to the block, as a range in the block's document. */
export function toBlockRange(markdown: MarkdownDocument, block: BlockDocument, range: Range): Range {
  return { start: toBlockPosition(markdown, block, range.start), end: toBlockPosition(markdown, block, range.end) };
}

/** True when the Markdown range lies within the block's content (where its diagnostics are). */
export function rangeInBlock(markdown: MarkdownDocument, block: BlockDocument, range: Range): boolean {
  const start = markdown.document.offsetAt(range.start);
  const end = markdown.document.offsetAt(range.end);
  return start >= block.start && end <= block.end;
}

/** A position of the block's document, in the Markdown document. */
export function toMarkdownPosition(markdown: MarkdownDocument, block: BlockDocument, position: Position): Position {
  return markdown.document.positionAt(toMarkdownOffset(block.block, block.document.offsetAt(position)));
}

/** A range of the block's document, in the Markdown document. */
export function toMarkdownRange(markdown: MarkdownDocument, block: BlockDocument, range: Range): Range {
  return { start: toMarkdownPosition(markdown, block, range.start), end: toMarkdownPosition(markdown, block, range.end) };
}

/**
 * An edit of the block's text as an edit of the Markdown document. Lines it writes get the fence's
 * indentation (CommonMark removes it from every content line), and an edit at the end of a closed
 * block keeps the closing fence on a line of its own.
 */
export function toMarkdownEdit<E extends TextEdit>(markdown: MarkdownDocument, block: BlockDocument, edit: E): E {
  const { block: b, indent } = block;
  const start = toMarkdownOffset(b, block.document.offsetAt(edit.range.start));
  const end = toMarkdownOffset(b, block.document.offsetAt(edit.range.end));
  // A line break followed by another starts a blank line: no indentation there.
  let newText = indent === "" ? edit.newText : edit.newText.replace(/\n(?!\r?\n)/g, `\n${indent}`);
  const fenceLine = b.markdownStarts[b.markdownStarts.length - 1];
  if (b.closed && end === fenceLine) {
    // The closing fence's line start is the text's end: no indentation after a last line break,
    // the content's own before a first line written there, and a line break before the fence.
    if (indent !== "" && newText.endsWith(`\n${indent}`)) newText = newText.slice(0, -indent.length);
    if (start === fenceLine && newText !== "") newText = indent + newText;
    const before = newText !== "" ? newText : start > 0 ? markdown.document.getText().charAt(start - 1) : "\n";
    if (!before.endsWith("\n") && (newText !== "" || start !== end)) newText += "\n";
  }
  return { ...edit, range: { start: markdown.document.positionAt(start), end: markdown.document.positionAt(end) }, newText };
}
