import { lexComments, type Comment } from "../../parse/comments";
import type { Span } from "../../source/span";

/** The author's comments, which no fix may lose (read by `yaml`'s own lexer: parse/comments.ts). */

export type { Comment } from "../../parse/comments";

/** The few texts a request reads again and again (the original, the edit being judged). */
const cache = new Map<string, readonly Comment[]>();
const CACHED = 4;

/** Every comment of `text`, in order. */
export function commentsOf(text: string): readonly Comment[] {
  const known = cache.get(text);
  if (known) return known;
  const out = lexComments(text);
  if (cache.size >= CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(text, out);
  return out;
}

/** Whether every comment of `before` is still in `after`, in the same order (other text may change around them). */
export function keepsComments(before: string, after: string): boolean {
  const kept = commentsOf(after);
  let i = 0;
  for (const c of commentsOf(before)) {
    while (i < kept.length && kept[i].text !== c.text) i++;
    if (i === kept.length) return false;
    i++;
  }
  return true;
}

/** The first comment that starts inside `span`, if any: replacing the span would lose it. */
export function commentIn(text: string, span: Span): Comment | undefined {
  // A comment starts with `#`: without one in the span, none starts there (and the text need not be lexed).
  if (!text.slice(span.start, span.end).includes("#")) return undefined;
  return commentsOf(text).find((c) => c.start >= span.start && c.start < span.end);
}

/** A plain token as fixes write them: a number (a coordinate), or an id or word (a letter, digit or `_` first). */
const TOKEN = /^(?:[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|[A-Za-z0-9_][A-Za-z0-9_.+-]*)$/;

/**
 * Whether `edits` of `text` keep every comment without lexing either text: true when each edit
 * replaces one whole token by another (a number for a number, an id for an id: `TOKEN`), between
 * neighbours that are no part of a token (a blank, a bracket or a comma), on a line with no `#`
 * before it (so not inside a comment). Such an edit writes no `#`, quote, bracket, blank or line
 * break and removes none, so every comment stays as it was, and is lexed as one exactly where it
 * was (test/shared/language/fixes-safety.test.ts compares with `keepsComments`). False means only "not
 * shown so": ask `keepsComments`.
 */
export function onlyTokensChange(text: string, edits: readonly { readonly span: Span; readonly newText: string }[]): boolean {
  return edits.every(({ span, newText }) => {
    if (!TOKEN.test(newText) || !TOKEN.test(text.slice(span.start, span.end))) return false;
    const before = span.start > 0 ? text[span.start - 1] : "\n";
    const after = span.end < text.length ? text[span.end] : "\n";
    if (!/[\s[,]/.test(before) || !/[\s\],]/.test(after)) return false;
    let lineStart = span.start;
    while (lineStart > 0 && text[lineStart - 1] !== "\n" && text[lineStart - 1] !== "\r") lineStart--;
    return !text.slice(lineStart, span.start).includes("#");
  });
}
