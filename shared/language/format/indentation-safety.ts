import type { Layout, Leaf } from "./layout";
import type { OutLine, SourceLine } from "./lines";
import { FULL_CHECK_LIMIT } from "../../model/limits";

/**
 * A proof, without parsing the result, that a formatting changed nothing but the spaces that
 * start lines (and blanks that end them), in a way YAML cannot tell from the text: the
 * commonest big formatting, re-indenting a whole document (4 spaces to 2, say).
 *
 * Why it holds. Every line keeps its tokens, so it changes only by a shift `d` of its columns.
 * How YAML reads block structure from indentation comes down to comparing columns: a line's
 * indentation against that of the collections still open (more, the same, or less; "at least one
 * more" is "more", for whole columns), and 0 against the rest (a top-level collection). The
 * columns compared are those of a line's leading run: its first token and each `- `, `? ` or
 * `: ` that opens it (`- id: x` starts a list item at the dash's column and a map at the key's).
 * So when every comparison of such columns comes out the same in the result as in the text, the
 * result has the same tokens in the same structure, hence the same data, the same comments and
 * the same findings (a finding's message never names a column). The comparisons are tracked with
 * a stack of the columns still open, as the parser and the lexer keep them: a column pops every
 * deeper one, each of which has to stay deeper; an equal one has to stay equal; a shallower one
 * has to stay shallower. Beside YAML's own rules, two habits of the `yaml` library read columns
 * and are tracked the same way:
 * - its parser files a whole-line comment in the item before or after it by the comment's column,
 *   which can decide an error (a flow-collection key after it): a comment closes nothing, but
 *   has to compare with every open column as it did;
 * - its lexer, at a line whose first character is followed by a non-blank (`#c`), and at a blank
 *   line followed by a line that starts with a non-blank (see `blankLine`), lowers the column a
 *   plain scalar must pass to go on to the next line to that line's (so moving it can turn `v`
 *   and the key after it into one scalar): such a column is compared, then counted as open.
 *
 * What only the full check shows (safety.ts), because there the amount of indentation, not
 * only its order, is read or the rules differ: a block scalar (its body, even an empty one at
 * the end of the text), a token over several lines (a multi-line scalar, a flow collection that
 * spans lines), a tab at a line's start or inside its leading run, a changed blank line with a
 * tab (yaml's lexer ends a plain scalar at one, not at an empty line), document markers and
 * directives that move, a byte-order mark, any line removed, added or with another line break,
 * a text whose YAML has errors or warnings, and a result on the other side of the size past
 * which a text is not checked in full. test/shared/language/indentation-safety.test.ts holds the
 * counterexamples a review found for each of these, and a randomised check of the whole.
 */

/** The tokens a line's indentation runs through, as `yaml`'s parser counts them (only spaces count, not tabs). */
const RUN = new Set(["space", "seq-item-ind", "explicit-key-ind", "map-value-ind"]);
/** What yaml's lexer counts as blank after a line's first character (`""`: the end of the text). */
const BLANK = new Set(["", " ", "\t", "\r", "\n"]);
/** A block scalar's header and body: their content is read by its indentation, not only its order. */
const BLOCK_SCALAR = new Set(["block-scalar", "block-scalar-header"]);
/** Tokens that change how the rest of the text is read, which must stay where they are. */
const MARKERS = new Set(["doc-start", "doc-end", "directive", "directive-line", "byte-order-mark"]);

/** An open column: where it is in the text and in the result. */
interface Open {
  readonly was: number;
  readonly now: number;
}

/**
 * Whether the formatted lines `out` (null: a removed line) of `text`, within `range` (all lines
 * when absent), differ from its lines only by their leading spaces and trailing blanks, with
 * every comparison of indentation the same. `clean`: the text's YAML was read without errors or
 * warnings. False means "not shown": the caller checks the long way.
 */
export function onlyIndentationMoved(
  text: string,
  layout: Layout,
  lines: readonly SourceLine[],
  out: readonly (OutLine | null)[],
  clean: boolean,
  range?: { readonly start: number; readonly end: number },
): boolean {
  if (!clean || out.length !== lines.length || text.charCodeAt(0) === 0xfeff) return false;
  const leaves = layout.leaves;
  const open: Open[] = [{ was: 0, now: 0 }];
  let length = text.length;
  let p = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const was = text.slice(line.start, line.end);
    let now = was;
    if (range === undefined || (i >= range.start && i <= range.end)) {
      const next = out[i];
      if (next === null || next === undefined || next.eol !== line.eol) return false;
      now = next.content;
    }
    length += now.length - was.length;
    // The line's tokens: none may run past its end (a token over several lines), nor start before it.
    const first = p;
    while (p < leaves.length && leaves[p].start < line.end) {
      const leaf = leaves[p];
      if (leaf.start < line.start || (leaf.end > line.end && leaf.type !== "newline") || BLOCK_SCALAR.has(leaf.type)) return false;
      if (leaf.type === "newline" && leaf.inFlow) return false;
      if (MARKERS.has(leaf.type) && was !== now) return false;
      p++;
    }
    while (p < leaves.length && leaves[p].type === "newline" && leaves[p].start <= line.end) {
      if (leaves[p].inFlow) return false;
      p++;
    }
    const shift = shiftOf(was, now);
    if (shift === undefined) return false;
    const run = runOf(text, leaves, first, p, line);
    if (run === undefined) return false;
    if (run.cols.length === 0) {
      const blank = blankLine(text, line, was, now);
      if (blank === undefined || (blank !== "free" && !put(open, blank.was, blank.now, "file"))) return false;
      continue;
    }
    for (const col of run.cols) if (!put(open, col, col + shift, run.mode)) return false;
  }
  return text.length <= FULL_CHECK_LIMIT && length <= FULL_CHECK_LIMIT;
}

/**
 * How far a line moved, when the result is the line with other leading spaces and perhaps
 * without its trailing blanks; undefined when anything else changed or a tab sits where
 * indentation is read. A line of blanks may become any line of spaces: nothing on it is compared.
 */
function shiftOf(was: string, now: string): number | undefined {
  if (was === now) return 0;
  const lead = leadingSpaces(was);
  let end = was.length;
  while (end > lead && (was.charCodeAt(end - 1) === 0x20 || was.charCodeAt(end - 1) === 0x09)) end--;
  const newLead = leadingSpaces(now);
  if (end === lead) return newLead === now.length ? 0 : undefined;
  if (was.charCodeAt(lead) === 0x09) return undefined;
  const core = was.slice(lead, end);
  if (!now.startsWith(core, newLead)) return undefined;
  const trail = now.length - newLead - core.length;
  if (trail !== 0 && now.slice(newLead + core.length) !== was.slice(end)) return undefined;
  return newLead - lead;
}

function leadingSpaces(s: string): number {
  let n = 0;
  while (s.charCodeAt(n) === 0x20) n++;
  return n;
}

/**
 * The columns of a line's leading run in the text: each `- `, `? ` or `: ` that starts it, the
 * blanks after them, and the first other token. Empty for a line of blanks; undefined when a tab
 * is among them (the parser counts spaces only).
 */
function runOf(text: string, leaves: readonly Leaf[], from: number, to: number, line: SourceLine): Run | undefined {
  const cols: number[] = [];
  let k = from;
  // The line's leading spaces: compared through the column of what follows them.
  if (k < to && leaves[k].type === "space" && leaves[k].start === line.start) k++;
  for (; k < to; k++) {
    const leaf = leaves[k];
    if (leaf.type === "newline") break;
    cols.push(leaf.start - line.start);
    if (leaf.type === "space" && text.slice(leaf.start, leaf.end).includes("\t")) return undefined;
    if (leaf.type === "comment" && cols.length === 1) {
      // A whole-line comment closes no collection, but yaml's parser files it by its column (in
      // the item before or the one after), which can decide an error; and yaml's lexer, at a line
      // whose first character is followed by a non-blank (`#c`), lowers the column a plain scalar
      // must pass to go on to later lines to that line's, which can decide the data.
      return { cols, mode: BLANK.has(text.charAt(leaf.start + 1)) ? "compare" : "file" };
    }
    if (!RUN.has(leaf.type)) return { cols, mode: "close" };
  }
  return { cols, mode: "close" };
}

/** How a column is put among the open ones: it closes the deeper ones, it is filed among them, or only compared with them. */
type Mode = "close" | "file" | "compare";

interface Run {
  readonly cols: readonly number[];
  readonly mode: Mode;
}

/**
 * Whether a line of blanks (no token but blanks) may become `now`. One with a tab stays as it
 * is: yaml's lexer ends a plain scalar at a line of a tab, not at an empty one. One of spaces may
 * become any other, but yaml's lexer, at a blank line followed by a line whose first character
 * is not blank and whose second is (`# note`, `x y`), lowers the column a plain scalar must pass
 * to go on to later lines to the blank line's length (`-`, `?` and `:` set it again at once, and
 * a line whose second character is not blank sets it to 0): such a line is compared and filed
 * like a `#c` comment, with its length as its column (the caller's stack of open columns).
 */
function blankLine(text: string, line: SourceLine, was: string, now: string): "free" | Open | undefined {
  if (was !== now && (was.includes("\t") || now.includes("\t"))) return undefined;
  if (line.eol !== "\n" || !/^ *$/.test(was)) return "free";
  const first = text.charAt(line.end + 1);
  const second = text.charAt(line.end + 2);
  const lowers = !BLANK.has(first) && BLANK.has(second) && first !== "-" && first !== "?" && first !== ":";
  return lowers ? { was: was.length, now: now.length } : "free";
}

/**
 * Puts a column of a line's leading run among the open columns: each deeper open column must
 * stay deeper and, unless the line is a comment (a comment closes no collection), closes; an
 * equal one must stay equal; else the column opens above the shallower one below it, which must
 * stay shallower. The stack stays ordered the same way in the text and in the result, so each
 * neighbour compared stands for all the columns beyond it.
 */
function put(open: Open[], was: number, now: number, mode: Mode): boolean {
  let at = open.length;
  while (at > 0 && open[at - 1].was > was) {
    if (open[at - 1].now <= now) return false;
    at--;
  }
  if (mode === "close") open.length = at;
  const below = open[at - 1];
  if (below === undefined) return false;
  if (below.was === was) return below.now === now;
  if (below.now >= now) return false;
  if (mode !== "compare") open.splice(at, 0, { was, now });
  return true;
}
