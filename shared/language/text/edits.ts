import type { Span } from "../../source/span";

/** One replacement in the scenario text: `span` (0-based UTF-16 offsets, end exclusive) becomes `newText`. */
export interface TextEdit {
  readonly span: Span;
  readonly newText: string;
}

/**
 * The text after `edits`. Edits must not overlap (each fix builds them so); they are applied
 * from the end backwards so that every span refers to the original text, as LSP requires.
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.span.start - a.span.start || b.span.end - a.span.end);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.span.start) + e.newText + out.slice(e.span.end);
  return out;
}

/**
 * A coordinate as a fix writes it: rounded to 2 decimals (a hundredth of an inch, below the
 * 0.01" measuring tolerance), without trailing zeros or a negative zero: 12.5, 10, 3.07.
 */
export function formatCoordinate(value: number): string {
  const r = Math.round(value * 100) / 100;
  return String(Object.is(r, -0) ? 0 : r);
}

/** The value a coordinate has once written by `formatCoordinate`. */
export function roundCoordinate(value: number): number {
  return Number(formatCoordinate(value));
}

/** The line break the text already uses (so an inserted line matches the author's files). */
export function lineBreakOf(text: string): string {
  return text.includes("\r\n") ? "\r\n" : "\n";
}

/** Where the line holding `offset` ends (before its line break). */
export function lineEndAt(text: string, offset: number): number {
  let i = offset;
  while (i < text.length && text[i] !== "\n" && text[i] !== "\r") i++;
  return i;
}

/** Where the line holding `offset` starts. */
export function lineStartAt(text: string, offset: number): number {
  let i = Math.min(offset, text.length);
  while (i > 0 && text[i - 1] !== "\n" && text[i - 1] !== "\r") i--;
  return i;
}
