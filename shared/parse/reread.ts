import type { Document } from "yaml";
import type { Problem } from "../diagnostics/problem";
import { isOffsetField, type Scenario, type Step } from "../model/scenario";
import type { Span } from "../source/span";
import { keepRegistry, ParseContext, registryOf } from "./parse-context";
import { sortProblems, type KeptReading } from "./parse-scenario";
import { readStep } from "./parse-steps";
import { RefResolver, SUGGESTIONS } from "./resolve-refs";
import { asMap, asScalar, asSeq, mapPairs, scalarText, seqItems, type YPair } from "./yaml-nodes";

/**
 * Reading one step again. When a patch (parse/reparse.ts) rewrote scalars inside one item of
 * `steps:`, the model of the new text is the previous reading with that step read again from the
 * patched document: every step before it is the same object, every step after it a copy with its
 * offsets moved, and the findings likewise. That is what reading the whole document would give
 * (test/shared/parse/reread.test.ts compares the two on every example and fixture and thousands of
 * random edits), because reading a step depends only on its own text and the ids the definitions
 * register, with two exceptions this module refuses rather than follows:
 * - a definition after the edit (`steps:` must be the last top-level key, and the only one);
 * - "did you mean" hints, which only the first `SUGGESTIONS` unknown ids of a text get
 *   (resolve-refs.ts): when there are more, before or after the edit, which ones get a hint
 *   depends on the order of reading, so the whole document is read.
 * A finding outside the step that touches it also refuses. (A patch rewrites scalars only, so the
 * steps are as many as before.)
 */

/** What a patch rewrote: the text [start, end) of the previous version is [start, end + delta) of the new one. */
export interface PatchedRegion {
  readonly start: number;
  readonly end: number;
  readonly delta: number;
}

/**
 * The reading of the patched document `doc` from `previous` (the reading of the text before the
 * patch), or undefined when the patch is not inside one step the rules above let it read alone.
 * Never throws (undefined then: the caller reads the whole document).
 */
export function rereadStep(
  previous: KeptReading | undefined,
  doc: Document.Parsed,
  region: PatchedRegion,
): { scenario: Scenario; problems: Problem[] } | undefined {
  try {
    return reread(previous, doc, region);
  } catch {
    return undefined;
  }
}

function reread(previous: KeptReading | undefined, doc: Document.Parsed, region: PatchedRegion): { scenario: Scenario; problems: Problem[] } | undefined {
  const scenario = previous?.scenario;
  const registry = scenario && registryOf(scenario);
  const root = asMap(doc.contents);
  if (!scenario || !registry || !root) return undefined;
  const pairs = mapPairs(root);
  const stepsPair = pairs.at(-1);
  if (!stepsPair || !isStepsKey(stepsPair) || pairs.filter(isStepsKey).length !== 1) return undefined;
  const seq = asSeq(stepsPair.value);
  if (!seq) return undefined;
  const items = seqItems(seq);
  // The step holding the rewritten text (the document's offsets are the new text's).
  const index = items.findIndex((item) => item.range[0] <= region.start && region.end + region.delta <= item.range[1]);
  if (index < 0) return undefined;
  const { delta } = region;
  // The step's extent in the previous text: nothing read elsewhere may touch it.
  const first = items[index].range[0];
  const last = items[index].range[2] - delta;
  const moved = (s: Span): Span => {
    if (s.end < first) return s;
    if (s.start > last) return { start: s.start + delta, end: s.end + delta };
    throw new Error("a span outside the step touches it");
  };

  const problems: Problem[] = [];
  for (const p of previous.problems) if (p.step !== index) problems.push(withSpans(p, moved));
  const ctx = new ParseContext(registry);
  const draft = readStep(ctx, items[index], index);
  const fresh = draft ? new RefResolver(ctx).steps([draft]) : [];
  // Every unknown id got its hint in both readings, whatever the order they were read in.
  if (unknownIds(previous.problems) > SUGGESTIONS || unknownIds(problems) + unknownIds(ctx.problems) > SUGGESTIONS) return undefined;
  const steps: Step[] = [];
  for (const s of scenario.steps) if (s.index < index) steps.push(s);
  steps.push(...fresh);
  for (const s of scenario.steps) if (s.index > index) steps.push(withSpans(s, moved));
  problems.push(...ctx.problems);
  const next: Scenario = { ...scenario, steps };
  keepRegistry(next, registry);
  return { scenario: next, problems: sortProblems(problems) };
}

/** Findings of unknown ids (some of this code name a model of another unit, and had no hint to spend: counted all the same). */
function unknownIds(problems: readonly Problem[]): number {
  let n = 0;
  for (const p of problems) if (p.code === "scenario.unknown-ref") n++;
  return n;
}

function isStepsKey(pair: YPair): boolean {
  return asScalar(pair.key) !== undefined && scalarText(pair.key) === "steps";
}

/** A copy of a model value (a step, a finding) with every span passed through `move`; values that hold none are shared. */
function withSpans<T>(value: T, move: (s: Span) => Span): T {
  const copy = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(copy);
    if (v === null || typeof v !== "object") return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = isOffsetField(k) ? span(x, move) : copy(x);
    return out;
  };
  return copy(value) as T;
}

function span(value: unknown, move: (s: Span) => Span): Span {
  const s = value as Span;
  if (value === null || typeof value !== "object" || typeof s.start !== "number" || typeof s.end !== "number" || Object.keys(value).length !== 2) {
    throw new Error("not a span");
  }
  return move(s);
}
