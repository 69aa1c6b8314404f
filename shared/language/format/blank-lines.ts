import type { FormatOptions, OutLine } from "./lines";

/** Blank lines kept in a row between content (the examples never have more). */
const MAX_BLANK_LINES = 1;

/** What the blank-line rules need to know of a source line. */
export interface LineShape {
  /** Nothing but whitespace, outside any scalar (a blank line inside a scalar is content). */
  readonly blank: boolean;
  /** No characters at all and no token running through it. */
  readonly empty: boolean;
  /** Holds (part of) a block scalar's body. */
  readonly body: boolean;
}

/**
 * Drops blank lines at the start, runs of blank lines beyond MAX_BLANK_LINES, and (unless
 * `trimFinalNewlines` is false) blank lines at the end; adds the final line break unless
 * `insertFinalNewline` is false. Lines inside scalars are content and stay.
 * @param out the formatted lines, changed in place (`null` for a line removed)
 */
export function tidyBlankLines(out: (OutLine | null)[], shapes: readonly LineShape[], options: FormatOptions): void {
  const last = out.length - 1;
  // When the text ends with a line break, its last "line" is the empty rest after it: not a line.
  const end = last > 0 && out[last - 1]!.eol !== "" && shapes[last].empty ? last : last + 1;
  const blank = (i: number): boolean => shapes[i].blank;
  let first = 0;
  while (first < end && blank(first)) out[first++] = null;
  let lastContent = end - 1;
  while (lastContent >= first && blank(lastContent)) lastContent--;
  let run = 0;
  for (let i = first; i <= lastContent; i++) {
    run = blank(i) ? run + 1 : 0;
    if (run > MAX_BLANK_LINES) out[i] = null;
  }
  if (options.trimFinalNewlines !== false) for (let i = lastContent + 1; i < end; i++) out[i] = null;
  let tail = end - 1;
  while (tail >= 0 && out[tail] === null) tail--;
  if (options.insertFinalNewline === false || tail < 0 || out[tail]!.eol !== "") return;
  // A line break after a block scalar's last line would add a line break to its value.
  if (shapes[tail].body) return;
  out[tail] = { content: out[tail]!.content, eol: out.some((l) => l?.eol === "\r\n") ? "\r\n" : "\n" };
}
