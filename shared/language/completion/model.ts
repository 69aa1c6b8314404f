import type { Problem } from "../../diagnostics/problem";
import type { Analysis } from "../../engine/analyze";
import { replayTo } from "../../engine/timeline";
import type { Scenario } from "../../model/scenario";
import { parseScenario } from "../../parse/parse-scenario";
import { systemOf } from "./board";
import type { CursorContext } from "./context";
import type { LineInfo } from "./lines";

/**
 * The scenario completion reads ids and the board from. While typing, the text is often not valid
 * YAML (`targets: [`), so when its own analysis has no model, the text is mended where the cursor
 * is and parsed again: first with the value or key being typed cut off, then without the whole
 * step being written; failing both, the last model the document had. The steps before the cursor
 * are what the board needs, and they are untouched by either repair.
 */
export interface CompletionModel {
  readonly scenario?: Scenario;
  /** The findings on the step at position `index` of `steps:` (none for a last-good model, whose text is gone). */
  stepProblems(index: number): readonly Problem[];
}

/** Finds the model: this text's analysis, a mended text's parse, or the last good one. Never throws. */
export function completionModel(text: string, ctx: CursorContext, current: Analysis | undefined, lastGood: Scenario | undefined): CompletionModel {
  if (current?.scenario) {
    const problems = current.problems;
    return { scenario: current.scenario, stepProblems: (index) => problems.filter((p) => p.step === index) };
  }
  for (const mended of [cutAtCursor(text, ctx), withoutStep(text, ctx)]) {
    if (mended === undefined) continue;
    const parsed = safeParse(mended.text);
    if (!parsed?.scenario) continue;
    const scenario = parsed.scenario;
    // What the mending itself broke (`illegal:` left empty) is no finding of the author's.
    const authors = (p: Problem): boolean => p.span.start < mended.at.start || p.span.start > mended.at.end;
    return { scenario, stepProblems: (index) => [...parsed.problems, ...replayedProblems(scenario, index)].filter((p) => p.step === index && authors(p)) };
  }
  return { ...(lastGood && { scenario: lastGood }), stepProblems: () => [] };
}

function safeParse(text: string): ReturnType<typeof parseScenario> | undefined {
  try {
    return parseScenario(text);
  } catch {
    return undefined;
  }
}

/** The engine's findings up to and including the step at `index`, before any `illegal:` marking. */
function replayedProblems(scenario: Scenario, index: number): readonly Problem[] {
  return replayTo(scenario, systemOf(scenario), index).report.problems;
}

/**
 * The text with the cursor's line cut back to what parses: `key:` for a value being typed (a
 * null value the parser reports and skips), or the line's indentation and item markers for a key.
 */
function cutAtCursor(text: string, ctx: CursorContext): Mended {
  const line = ctx.lines[ctx.line];
  const colon = ctx.position === "value" && line.key !== undefined ? line.text.indexOf(":", line.col) : -1;
  const kept = colon >= 0 ? line.text.slice(0, colon + 1) : line.text.slice(0, ctx.keyCol).trimEnd();
  return replaceLines(text, ctx.lines, ctx.line, ctx.line, kept);
}

/** The text without the step the cursor is in (its item's lines), when the cursor is in a step. */
function withoutStep(text: string, ctx: CursorContext): Mended | undefined {
  const frame = ctx.frames.find((f) => f.path.length === 2 && f.path[0] === "steps");
  if (!frame) return undefined;
  let last = frame.first;
  for (let i = frame.first + 1; i < ctx.lines.length; i++) {
    const l = ctx.lines[i];
    if (!l.blank && l.indent < frame.col) break;
    last = i;
  }
  // A null item keeps the later steps' positions in `steps:`.
  const first = ctx.lines[frame.first];
  return replaceLines(text, ctx.lines, frame.first, last, `${first.text.slice(0, first.dashes.at(-1) ?? 0)}-`);
}

/** A mended text and where the mended line is in it. */
interface Mended {
  readonly text: string;
  readonly at: { readonly start: number; readonly end: number };
}

function replaceLines(text: string, lines: readonly LineInfo[], from: number, to: number, replacement: string): Mended {
  const start = lines[from].start;
  const end = lines[to].start + lines[to].text.length;
  return { text: text.slice(0, start) + replacement + text.slice(end), at: { start, end: start + replacement.length } };
}
