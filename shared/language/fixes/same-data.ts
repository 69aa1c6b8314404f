import { asScalar, seqItems, type YMap, type YSeq } from "../../parse/yaml-nodes";
import { deepEqual } from "../format/index";
import type { Span } from "../../source/span";
import { lineEndAt, lineStartAt, type TextEdit } from "../text/index";
import { commentsOf } from "./comments";
import { parseRoot, pathAt, pieceOfText } from "./yaml-locate";
import { isMap, isSeq, parseDocument } from "yaml";

/**
 * A check on edits that must not change what the text says beyond one key: the YAML data of both
 * texts, as plain JavaScript, compared whole. Catches what an offset slip would do unseen (a block
 * scalar losing its trailing line breaks, a key landing in the wrong map).
 */

/** The document's data, or undefined when the text has errors or cannot be converted. */
function dataOf(text: string): unknown {
  try {
    const doc = parseDocument(text, { version: "1.2", uniqueKeys: false, prettyErrors: false });
    return doc.errors.length > 0 ? undefined : doc.toJS();
  } catch {
    // toJS refuses alias bombs ("Excessive alias count"): nothing to compare, nothing offered.
    return undefined;
  }
}

/** The keys and indices from the root to the map that starts at `offset` in `text`, or undefined. */
function dataPathTo(text: string, offset: number): (string | number)[] | undefined {
  const root = parseRoot(text);
  if (!root) return undefined;
  const path = pathAt(root, offset);
  const out: (string | number)[] = [];
  for (let i = 0; i < path.length; i++) {
    const node = path[i].node;
    if (isMap(node) && node.range[0] === offset) return out;
    const child = path[i + 1];
    if (!child || child.isKey) return undefined;
    if (isMap(node)) {
      const key = child.pair && asScalar(child.pair.key);
      if (!key) return undefined;
      out.push(String(key.value));
    } else if (isSeq(node)) out.push(seqItems(node as YSeq).indexOf(child.node));
    else return undefined;
  }
  return undefined;
}

/** The map at `path` in `data`, or undefined when there is none. */
function mapAt(data: unknown, path: readonly (string | number)[]): Record<string, unknown> | undefined {
  let current: unknown = data;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current !== null && typeof current === "object" && !Array.isArray(current) ? (current as Record<string, unknown>) : undefined;
}

/**
 * Whether `after` holds the same data as `before` except that, in the map starting at `mapStart`
 * of `before` (and, the edit being after it, of `after`), `key` now has the value `expected`
 * (given the value it had, undefined when absent).
 */
export function changesOnlyKey(before: string, after: string, mapStart: number, key: string, expected: (had: unknown) => unknown): boolean {
  const path = dataPathTo(before, mapStart);
  const a = dataOf(before);
  const b = dataOf(after);
  const ma = path && mapAt(a, path);
  const mb = path && mapAt(b, path);
  if (!ma || !mb) return false;
  if (!deepEqual(mb[key], expected(ma[key]))) return false;
  delete ma[key];
  delete mb[key];
  return deepEqual(a, b);
}

/**
 * Where a step's block map can be read on its own: from its first key to the end of the line its
 * value ends on (or, for a value that ends at a line's start, a block scalar with its line
 * breaks, to that start), when the next line that holds anything but blanks and comments is
 * indented less than the map (or there is none), so that in the whole document the map ends there
 * too. Undefined for a map that is not in block context (anything but blanks and list dashes
 * before it on its line), and for a block scalar followed by a blank line (which a `|+` could
 * still claim).
 */
export function stepPiece(text: string, span: Span): Span | undefined {
  if (span.end <= span.start) return undefined;
  // Block context: only blanks and list dashes before the map's first key on its line.
  if (!/^(?:[ ]*-[ ]+)*[ ]*$/.test(text.slice(lineStartAt(text, span.start), span.start))) return undefined;
  const column = span.start - lineStartAt(text, span.start);
  const atLineStart = text[span.end - 1] === "\n" || text[span.end - 1] === "\r";
  const end = atLineStart ? span.end : lineEndAt(text, span.end);
  let start = atLineStart ? end : nextLineStart(text, end);
  if (atLineStart && start < text.length && text.slice(start, lineEndAt(text, start)).trim() === "") return undefined;
  while (start < text.length) {
    const lineEnd = lineEndAt(text, start);
    const line = text.slice(start, lineEnd);
    const content = line.trimStart();
    if (content !== "" && !content.startsWith("#")) {
      const indent = line.length - content.length;
      return indent < column && !/\t/.test(line.slice(0, indent)) ? { start: span.start, end } : undefined;
    }
    start = nextLineStart(text, lineEnd);
  }
  return { start: span.start, end };
}

/** Where the line after the one ending at `lineEnd` starts. */
function nextLineStart(text: string, lineEnd: number): number {
  return text.startsWith("\r\n", lineEnd) ? lineEnd + 2 : lineEnd + 1;
}

/** A piece's data and comments read on its own (see pieceOfText), or undefined when it does not parse cleanly or ties to the rest. */
function pieceOf(text: string, span: Span): { readonly data: unknown; readonly comments: readonly string[] } | undefined {
  const piece = pieceOfText(text, span.start, span.end);
  if (!piece || !isMap(piece.root) || (piece.root as YMap).flow) return undefined;
  try {
    const comments = commentsOf(" ".repeat(span.start - lineStartAt(text, span.start)) + text.slice(span.start, span.end)).map((c) => c.text);
    return { data: piece.doc.toJS({ mapAsMap: true }), comments };
  } catch {
    return undefined;
  }
}

/**
 * `changesOnlyKey` for one edit inside a step's block map, reading only the step (`piece`, from
 * `stepPiece`) before and after the edit: the text outside it is the same in both and the map
 * ends where the piece does in both, so the document's data changes as the piece's does. Also
 * tells whether the piece keeps its comments (outside it, nothing changed). Undefined when the
 * piece cannot be read on its own: ask `changesOnlyKey` then.
 */
export function changesOnlyKeyIn(
  before: string,
  after: string,
  piece: Span,
  edit: TextEdit,
  key: string,
  expected: (had: unknown) => unknown,
): { readonly data: boolean; readonly comments: boolean } | undefined {
  if (edit.span.start < piece.start || edit.span.end > piece.end) return undefined;
  const delta = edit.newText.length - (edit.span.end - edit.span.start);
  const a = pieceOf(before, piece);
  const b = pieceOf(after, { start: piece.start, end: piece.end + delta });
  if (!a || !b || !(a.data instanceof Map) || !(b.data instanceof Map)) return undefined;
  const ma = new Map(a.data);
  const mb = new Map(b.data);
  const sameKey = deepEqual(mb.get(key), expected(ma.get(key)));
  ma.delete(key);
  mb.delete(key);
  return { data: sameKey && deepEqual(ma, mb), comments: deepEqual(a.comments, b.comments) };
}
