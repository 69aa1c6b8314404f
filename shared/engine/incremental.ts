import type { Scenario } from "../model/scenario";
import type { KeptDocument } from "../parse/parse-scenario";
import { parseScenario } from "../parse/parse-scenario";
import { forgetKept, keptFor, parseThrough, rememberKept, reparseScenario } from "../parse/reparse";
import { readingOf } from "../parse/text-limits";
import { LineIndex } from "../source/span";
import { analyze, optionsKey, type Analysis, type AnalyzeOptions } from "./analyze";
import { finishCheck, startCheck } from "./check-scenario";
import { deepEqual } from "./deep-equal";
import { advance, cloneReplay, type ReplayState } from "./replay";
import { keepCheckpoints } from "./timeline";

/**
 * Incremental re-analysis. An analysis keeps replay checkpoints (the explicit replay state, copied
 * between steps); the next version of the text is parsed in full, and when its set-up and rules
 * options equal the last version's and its first k steps equal the last version's first k (as
 * parsed: every field, spans included, so text that moved counts as changed), the replay resumes
 * from the latest checkpoint at or before step k instead of from the set-up. The result is the
 * analysis `analyze` gives for the same text (test/shared/engine/incremental.test.ts proves it on
 * every example and fixture and thousands of random edits).
 */

/** What one analysis keeps for the next: its model, options, and the replay before some steps. */
export interface Replays {
  readonly scenario: Scenario;
  readonly options: string;
  /** Replay states before the step at position `next` of `scenario.steps`, by ascending `next`; never changed. */
  readonly checkpoints: readonly ReplayState[];
  /** How many findings of the set-up check (and rulings) head each checkpoint's report. */
  readonly setUpProblems: number;
  /** The YAML document of this version's text, for the next version's parse to patch (parse/reparse.ts). */
  readonly kept?: KeptDocument;
}

/** An analysis and what the next one may resume from (none for a text that is not checked in full). */
export interface IncrementalAnalysis {
  readonly analysis: Analysis;
  readonly replays?: Replays;
  /** How many steps were replayed (the rest came from a checkpoint): for tests and the benchmark. */
  readonly replayed: number;
  /** True when the text was parsed by patching the previous version's YAML document: for tests and the benchmark. */
  readonly patched?: boolean;
}

/**
 * Each analysed scenario's predecessor, when the two have the same set-up and rules options: the
 * previous version and how many leading steps the two share. Memos of the language layer (the move records) carry
 * their answers for those steps over. One link per document: a version's own link is dropped
 * when the next one is made, so no chain of versions is kept alive.
 */
const lineage = new WeakMap<Scenario, { readonly previous: Scenario; readonly same: number }>();

/** The version `scenario` was analysed from (the same set-up and rules options), and how many leading steps the two share. */
export function predecessorOf(scenario: Scenario): { readonly previous: Scenario; readonly same: number } | undefined {
  return lineage.get(scenario);
}

/** At most this many checkpoints are kept per document (each is a copy of the board). */
const MAX_CHECKPOINTS = 12;

/**
 * `analyze(text, options)`, resuming from `previous` (the analysis of the document's previous
 * version) where the scenario's set-up and leading steps did not change. Pure, like `analyze`.
 */
export function analyzeIncremental(text: string, previous?: Replays, options: AnalyzeOptions = {}): IncrementalAnalysis {
  const lines = new LineIndex(text);
  // The last version's document is superseded, whatever becomes of this one's.
  if (previous?.kept) forgetKept(previous.kept);
  const reading = readingOf(text);
  if (reading.kind === "refused") return { analysis: { problems: [reading.problem], lines }, replayed: 0 };
  const parsed = reparseScenario(text, previous?.kept);
  if (reading.kind === "parse-only") return { analysis: { problems: [reading.problem, ...parsed.problems], lines }, replayed: 0 };
  const scenario = parsed.scenario;
  if (!scenario) return { analysis: { problems: parsed.problems, lines }, replayed: 0 };
  // The features that read this text's YAML tree again (the board editor) take it from here.
  if (parsed.kept) rememberKept(parsed.kept);

  const key = optionsKey(options);
  const steps = scenario.steps;
  if (previous) lineage.delete(previous.scenario);
  const { same, usable, state, setUp } = resume(previous, scenario, key, options);
  if (previous && same >= 0) lineage.set(scenario, { previous: previous.scenario, same });
  const kept: ReplayState[] = [...usable];
  const start = state.next;
  const wanted = capturePositions(start, same, steps.length);
  while (state.next < steps.length) {
    if (wanted.has(state.next) && kept.at(-1)?.next !== state.next) kept.push(cloneReplay(state));
    advance(state, steps[state.next].index);
  }
  const problems = [...parsed.problems, ...finishCheck(scenario, state)];
  const checkpoints = thin(kept);
  // The timeline's replays of this scenario (the board preview, hovers, completion, inlay hints)
  // resume from them too; the set-up check's findings head every checkpoint's report.
  keepCheckpoints(scenario, state.ctx.system, checkpoints, setUp);
  const own: Replays = { scenario, options: key, checkpoints, setUpProblems: setUp };
  // Not its document: an old version kept alive by some memo keeps no YAML tree alive with it.
  replaysOf.set(scenario, own);
  const replays: Replays = parsed.kept ? { ...own, kept: parsed.kept } : own;
  return { analysis: { scenario, problems, lines }, replays, replayed: steps.length - start, patched: parsed.patched };
}

/**
 * The replays each analysed version keeps (without its document: `analyzeVariant` finds that by
 * text, `keptFor`), for the variants of its text tried meanwhile; weak, and the checkpoints are
 * the timeline's memo of the same version anyway (`keepCheckpoints`).
 */
const replaysOf = new WeakMap<Scenario, Replays>();

/**
 * `analyze(text, options)` for a variant of an analysed text (a quick fix's candidate: an id put in
 * a list, a mode chosen), read through the base analysis's YAML document when the edit allows
 * (`parseThrough`) and replayed from the latest of its checkpoints before the first step the
 * variant changes. Changes nothing the base analysis keeps: its document, checkpoints and lineage
 * are its text's afterwards. The same result as `analyze` (test/shared/engine/incremental.test.ts).
 */
export function analyzeVariant(text: string, base: { readonly text: string; readonly analysis: Analysis }, options: AnalyzeOptions = {}): IncrementalAnalysis {
  const replays = base.analysis.scenario && replaysOf.get(base.analysis.scenario);
  if (!replays || readingOf(text).kind !== "full") {
    const analysis = analyze(text, options);
    return { analysis, replayed: analysis.scenario?.steps.length ?? 0 };
  }
  const kept = keptFor(base.text);
  const through = kept && parseThrough(kept, text);
  const parsed = through ?? parseScenario(text);
  const lines = new LineIndex(text);
  const scenario = parsed.scenario;
  if (!scenario) return { analysis: { problems: parsed.problems, lines }, replayed: 0, patched: !!through };
  const { state, same } = resume(replays, scenario, optionsKey(options), options);
  const start = state.next;
  if (same - start >= EXTRA_AFTER && same < scenario.steps.length) {
    // Far from the checkpoint: the state before the first changed step, for the base's next variants and next version.
    advance(state, scenario.steps[same - 1].index);
    keepExtra(replays.scenario, cloneReplay(state));
  }
  advance(state);
  const problems = [...parsed.problems, ...finishCheck(scenario, state)];
  return { analysis: { scenario, problems, lines }, replayed: scenario.steps.length - start, patched: !!through };
}

/**
 * Checkpoints of an analysed version found by replaying its variants: the replay before the first
 * step a variant changed (where the next variant, or the version a quick fix makes, changes it
 * again), when that is at least EXTRA_AFTER steps past the nearest kept checkpoint. A memo beside
 * the version's own checkpoints, never changing a result; `resume` reads both. At most MAX_EXTRA
 * per version, the newest kept.
 */
const extraOf = new WeakMap<Scenario, ReplayState[]>();
const EXTRA_AFTER = 8;
const MAX_EXTRA = 4;

function keepExtra(scenario: Scenario, checkpoint: ReplayState): void {
  const extra = (extraOf.get(scenario) ?? []).filter((c) => c.next !== checkpoint.next);
  extra.push(checkpoint);
  extraOf.set(scenario, extra.slice(-MAX_EXTRA));
}

/**
 * Where a replay of `scenario` starts: a copy of the latest of `previous`'s checkpoints at or before
 * the first step the two differ in, or a new check of the set-up. `same`: how many leading steps
 * they share (-1 when the set-up or the options differ); `usable`: the checkpoints still good.
 */
function resume(
  previous: Replays | undefined,
  scenario: Scenario,
  key: string,
  options: AnalyzeOptions,
): { same: number; usable: ReplayState[]; state: ReplayState; setUp: number } {
  const steps = scenario.steps;
  let same = -1;
  if (previous && previous.options === key && sameSetUp(previous.scenario, scenario)) {
    const old = previous.scenario.steps;
    same = 0;
    while (same < steps.length && same < old.length && deepEqual(old[same], steps[same])) same++;
  }
  const extra = previous ? (extraOf.get(previous.scenario) ?? []) : [];
  const all = extra.length === 0 ? (previous?.checkpoints ?? []) : [...(previous?.checkpoints ?? []), ...extra].sort((a, b) => a.next - b.next);
  const usable = previous && same > 0 ? all.filter((c, i) => c.next <= same && all[i + 1]?.next !== c.next) : [];
  const from = usable.at(-1);
  if (from) {
    const copy = cloneReplay(from);
    return { same, usable, state: { ...copy, ctx: { ...copy.ctx, scenario } }, setUp: previous!.setUpProblems };
  }
  // No checkpoint of the set-up is kept: checking the set-up again costs what copying it would.
  const state = startCheck(scenario, options);
  return { same, usable: [], state, setUp: state.ctx.report.problems.length };
}

/**
 * Where to keep a checkpoint while replaying from position `start` to `count`: before the first
 * changed step (the next edit is likely there again), before the last step (an edit lands near
 * the end more often than not), and 16, 64, 256, … steps from the end. No more: a copy of the
 * replay state costs about what replaying a few dozen steps does (test/bench), and a set-up edit,
 * which replays every step, is most often followed by another. Never the set-up (position 0),
 * which is checked again instead of copied.
 */
function capturePositions(start: number, changed: number, count: number): Set<number> {
  const out = new Set<number>();
  if (changed > start && changed < count) out.add(changed);
  if (count - 1 > start) out.add(count - 1);
  for (let back = 16; count - back > start; back *= 4) out.add(count - back);
  return out;
}

/** At most MAX_CHECKPOINTS, always keeping the earliest and the latest ones. */
function thin(checkpoints: readonly ReplayState[]): ReplayState[] {
  if (checkpoints.length <= MAX_CHECKPOINTS) return [...checkpoints];
  return [checkpoints[0], ...checkpoints.slice(checkpoints.length - (MAX_CHECKPOINTS - 1))];
}

/** Do two scenarios have the same everything but their steps (spans included)? */
function sameSetUp(a: Scenario, b: Scenario): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    if (k === "steps") continue;
    if (!deepEqual((a as unknown as Record<string, unknown>)[k], (b as unknown as Record<string, unknown>)[k])) return false;
  }
  return true;
}
