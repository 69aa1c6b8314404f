import type { Code } from "../../diagnostics/codes";
import type { Problem } from "../../diagnostics/problem";
import type { Scenario } from "../../model/scenario";
import { asMap, asSeq, endOf, mapPairs, scalarText, seqItems, type YMap } from "../../parse/yaml-nodes";
import { applyEdits, lineBreakOf, lineEndAt, lineStartAt, type TextEdit } from "../text/index";
import type { Fix } from "./fix";
import { stepOf } from "./position-subject";
import { changesOnlyKey, changesOnlyKeyIn, stepPiece } from "./same-data";
import { mapAt, pairOf, parseRoot, pieceRoot } from "./yaml-locate";

/**
 * "Mark this step illegal": for a judge showing a violation on purpose, the finding's code joins
 * the step's `illegal:` list, which turns it into expected information. The list keeps its style
 * (`[a, b]` or one `- code` per line); without one, `illegal: [code]` is added as the step's
 * last line, at the step's indentation.
 */
export function markIllegalFix(text: string, scenario: Scenario, p: Problem): Fix | undefined {
  const step = stepOf(scenario, p);
  if (!step || !markable(p.code) || p.severity === "info" || step.illegal?.codes === "all") return undefined;
  // The step's map read on its own when it can be (a large document is not parsed again), else from the whole tree.
  const piece = stepPiece(text, step.span);
  const alone = piece && asMap(pieceRoot(text, piece.start, piece.end) ?? null);
  const own = alone && alone.range[0] === step.span.start && !alone.flow ? alone : undefined;
  const root = own ? undefined : parseRoot(text);
  const map = own ?? (root && mapAt(root, step.span.start));
  if (!map) return undefined;
  const edit = illegalEdit(text, map, p.code);
  if (!edit) return undefined;
  // The step must say exactly what it said, with the code added to its `illegal:` list.
  const code = p.code;
  const listed = (had: unknown): unknown => (Array.isArray(had) ? [...(had as unknown[]), code] : [code]);
  const after = applyEdits(text, [edit]);
  const local = own && piece ? changesOnlyKeyIn(text, after, piece, edit, "illegal", listed) : undefined;
  if (local ? !local.data : !changesOnlyKey(text, after, map.range[0], "illegal", listed)) return undefined;
  const fix: Fix = { title: `Mark this step illegal: ${code}`, edits: [edit], preferred: false };
  if (local?.comments) commentsShownKept.add(fix);
  return fix;
}

/** Fixes whose edits were shown to keep every comment where they were made (the final check need not lex the texts). */
export const commentsShownKept = new WeakSet<Fix>();

/** Rule findings only: a broken YAML or schema is not something a scenario shows on purpose. */
function markable(code: Code): boolean {
  return !code.startsWith("yaml.") && !code.startsWith("scenario.") && code !== "expect.unmet";
}

function illegalEdit(text: string, map: YMap, code: Code): TextEdit | undefined {
  const existing = pairOf(map, "illegal");
  if (existing) {
    const seq = asSeq(existing.value);
    const value = existing.value;
    // `illegal: false` (not illegal) becomes the list.
    if (!seq) return value && scalarText(value) === "false" ? { span: { start: value.range[0], end: value.range[1] }, newText: `[${code}]` } : undefined;
    const items = seqItems(seq);
    if (items.some((i) => scalarText(i) === code)) return undefined;
    if (seq.flow) {
      // `[a]` gets `, code` after its last item; `[]` gets `code` inside.
      if (items.length === 0) return { span: { start: seq.range[0] + 1, end: seq.range[0] + 1 }, newText: code };
      const end = endOf(items[items.length - 1]);
      return { span: { start: end, end }, newText: `, ${code}` };
    }
    const last = items[items.length - 1];
    const prefix = text.slice(lineStartAt(text, last.range[0]), last.range[0]).replace(/[^\s-]/g, " ");
    return lineAfter(text, endOf(last), `${prefix}${code}`);
  }
  const pairs = mapPairs(map);
  if (map.flow) {
    const end = pairs.length > 0 ? endOf(pairs[pairs.length - 1].value ?? pairs[pairs.length - 1].key) : map.range[0] + 1;
    return { span: { start: end, end }, newText: `${pairs.length > 0 ? ", " : ""}illegal: [${code}]` };
  }
  const indent = " ".repeat(map.range[0] - lineStartAt(text, map.range[0]));
  return lineAfter(text, endOf(map), `${indent}illegal: [${code}]`);
}

/**
 * Inserts `line` as a line of its own after the value ending at `end`. A value that ends at the
 * start of a line is a block scalar whose line breaks are its own (`note: |` takes its last one,
 * `|+` every trailing one): the line goes there, after them, so the scalar keeps its text; any
 * other value ends inside its line, and the line goes after that line (and its comment).
 */
function lineAfter(text: string, end: number, line: string): TextEdit {
  const eol = lineBreakOf(text);
  if (end > 0 && (text[end - 1] === "\n" || text[end - 1] === "\r")) return { span: { start: end, end }, newText: `${line}${eol}` };
  const at = lineEndAt(text, end);
  return { span: { start: at, end: at }, newText: `${eol}${line}` };
}
