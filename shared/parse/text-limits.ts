/**
 * What is read of a document before the YAML parser sees it. The parser's time grows faster than
 * the text for some inputs (2 s for 1 MB of `[`, an out-of-memory abort for 400 KB of them), so
 * documents past `PARSE_LIMIT` or nested deeper than `NESTING_LIMIT` are refused here in one
 * linear scan, with one finding, and never parsed.
 */
import { problem, type Problem } from "../diagnostics/problem";
import { FULL_CHECK_LIMIT, NESTING_LIMIT, PARSE_LIMIT } from "../model/limits";

/** How much of a text Ruleboard reads: everything, the YAML and keys only, or nothing. */
export type Reading =
  { readonly kind: "full" } | { readonly kind: "parse-only"; readonly problem: Problem } | { readonly kind: "refused"; readonly problem: Problem };

/** Sizes in messages: `1.5 MB`, `600 KB`. */
function size(chars: number): string {
  return chars >= 1024 * 1024 ? `${(chars / (1024 * 1024)).toFixed(1)} MB` : `${Math.round(chars / 1024)} KB`;
}

/** Decides how much of `text` to read. Linear in the text, no allocation beyond the result. */
export function readingOf(text: string): Reading {
  if (text.length > PARSE_LIMIT) {
    const message = `this document is ${size(text.length)}, larger than the ${size(PARSE_LIMIT)} Ruleboard reads; it is not checked`;
    return { kind: "refused", problem: problem("scenario.too-large", "error", message, { start: 0, end: 0 }) };
  }
  const deep = tooDeep(text);
  if (deep !== undefined) {
    const message = `more than ${NESTING_LIMIT} [ or { are open here; Ruleboard does not read collections nested this deep, so the document is not checked`;
    return { kind: "refused", problem: problem("yaml.syntax", "error", message, { start: deep, end: deep + 1 }) };
  }
  if (text.length > FULL_CHECK_LIMIT) {
    const message = `this document is ${size(text.length)}, larger than the ${size(FULL_CHECK_LIMIT)} Ruleboard checks in full: its YAML and keys are checked, its rules are not`;
    return { kind: "parse-only", problem: problem("scenario.too-large", "warning", message, { start: 0, end: 0 }) };
  }
  return { kind: "full" };
}

/**
 * The offset of the first `[` or `{` that opens a flow collection nested more than
 * `NESTING_LIMIT` deep, if any. Follows YAML's rules closely enough to never refuse a real
 * scenario: quoted scalars and comments are skipped, and outside a flow collection a bracket opens
 * one only where a node starts (after `:`, `-`, `?`, `,` or at a line's first character), so a
 * bracket inside a note's plain text does not count.
 */
export function tooDeep(text: string): number | undefined {
  let depth = 0;
  let nodeStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) {
      nodeStart = true;
      continue;
    }
    if (c === 0x20 || c === 0x09 || c === 0x0d) continue;
    if (c === 0x23 /* # */ && (i === 0 || isBlank(text.charCodeAt(i - 1)))) {
      while (i + 1 < text.length && text.charCodeAt(i + 1) !== 0x0a) i++;
      continue;
    }
    if ((c === 0x27 /* ' */ || c === 0x22) /* " */ && (nodeStart || depth > 0)) {
      i = endOfQuoted(text, i, c);
      nodeStart = false;
      continue;
    }
    if ((c === 0x5b /* [ */ || c === 0x7b) /* { */ && (nodeStart || depth > 0)) {
      depth++;
      if (depth > NESTING_LIMIT) return i;
      nodeStart = true;
      continue;
    }
    if ((c === 0x5d /* ] */ || c === 0x7d) /* } */ && depth > 0) {
      depth--;
      nodeStart = false;
      continue;
    }
    // After an indicator a new node may start; anything else is scalar text.
    nodeStart = c === 0x3a /* : */ || c === 0x2d /* - */ || c === 0x3f /* ? */ || c === 0x2c; /* , */
  }
  return undefined;
}

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** The offset of the closing quote of the scalar opened at `start` (or the text's end). */
function endOfQuoted(text: string, start: number, quote: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quote === 0x22 && c === 0x5c /* \ */) {
      i++;
      continue;
    }
    if (c !== quote) continue;
    // '' is an escaped quote inside a single-quoted scalar.
    if (quote === 0x27 && text.charCodeAt(i + 1) === 0x27) {
      i++;
      continue;
    }
    return i;
  }
  return text.length;
}
