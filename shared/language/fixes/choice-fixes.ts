import type { Problem } from "../../diagnostics/problem";
import type { Scenario, Step } from "../../model/scenario";
import { CONSOLIDATION_MODES, FALL_BACK_MODES, FIGHT_TYPES, INTERVENTION_MODES, MOVE_TYPES } from "../../parse/vocabulary";
import { asScalar, asSeq, endOf, scalarText, seqItems, type YPair } from "../../parse/yaml-nodes";
import type { Span } from "../../source/span";
import { lineEndAt, lineStartAt, type TextEdit } from "../text/index";
import { commentIn } from "./comments";
import type { Fix } from "./fix";
import { withFollowUpMoves } from "./follow-up-moves";
import { rewriteIdList, scalarAs } from "./list-items";
import { stepOf } from "./position-subject";
import { keyOf, tryEdits, type FixContext, type Trial } from "./verify";
import { pairAt, parseRoot } from "./yaml-locate";

/**
 * `action.mode` and `action.targets`: the value the rules allow here. The engine already tries
 * every legal choice when a value is unwritten; here each other value is written in turn and
 * re-analysed, and only one that clears the finding without a new one is offered.
 */

/** Target lists tried at most (subsets of the enemy units, nearest the written list first). */
const MAX_TARGET_TRIALS = 8;
/** Enemy units whose subsets are tried (2^5 - 1 lists at most, before the trial cap). */
const MAX_ENEMY_UNITS = 5;

/** The verified value for an `action.mode` or `action.targets` finding on a `key: value` line, if any. */
export function choiceFix(ctx: FixContext, p: Problem): Fix | undefined {
  const scenario = ctx.analysis.scenario;
  const step = scenario && stepOf(scenario, p);
  const root = parseRoot(ctx.text);
  const pair = root && pairAt(root, p.span.start);
  const key = pair && asScalar(pair.key)?.value;
  if (!scenario || !step || !pair || typeof key !== "string" || p.severity === "info") return undefined;
  if (p.code === "action.mode") return modeFix(ctx, p, step, pair, key);
  if (p.code === "action.targets" && key === "targets") return targetsFix(ctx, p, scenario, step, pair);
  if (p.code === "action.targets" && key === "objective") return objectiveFix(ctx, p, scenario, pair);
  return undefined;
}

/** The values a mode key takes, by the step it is in. */
function choicesOf(step: Step, key: string): readonly string[] {
  if (step.kind === "move") return key === "type" ? MOVE_TYPES : key === "mode" ? FALL_BACK_MODES : [];
  if (key === "type") return FIGHT_TYPES;
  if (key === "mode") return CONSOLIDATION_MODES;
  if (key === "intervention") return INTERVENTION_MODES;
  return [];
}

/** A value to try: what the fix is called and the edits that write it. */
interface Choice {
  readonly title: string;
  readonly edits: readonly TextEdit[];
}

/**
 * The first option the engine accepts as it is; failing that, the first whose value it accepts
 * once the moves that no longer fit are repaired too (see follow-up-moves).
 */
function firstAccepted(ctx: FixContext, p: Problem, choices: readonly Choice[]): Fix | undefined {
  const target = keyOf(ctx.text, p);
  const cleared: { choice: Choice; trial: Trial }[] = [];
  for (const choice of choices) {
    const trial = tryEdits(ctx, target, choice.edits);
    if (trial.ok) return { title: choice.title, edits: choice.edits, preferred: true };
    if (trial.cleared) cleared.push({ choice, trial });
  }
  for (const { choice, trial } of cleared) {
    const more = withFollowUpMoves(ctx, target, choice.edits, trial);
    if (more) return { title: [choice.title, ...more.moves.map(lowerFirst)].join(", "), edits: more.edits, preferred: true };
  }
  return undefined;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function modeFix(ctx: FixContext, p: Problem, step: Step, pair: YPair, key: string): Fix | undefined {
  const value = asScalar(pair.value);
  const written = scalarText(pair.value);
  if (!value || written === undefined) return undefined;
  // An advance without its roll is fixed by writing the roll, which only the author knows.
  if (step.kind === "move" && key === "type" && written === "advance" && step.roll === undefined) return undefined;
  const choices: Choice[] = choicesOf(step, key)
    .filter((choice) => choice !== written)
    .map((choice) => ({ title: `Change ${key} to ${choice}`, edits: [{ span: { start: value.range[0], end: value.range[1] }, newText: choice }] }));
  // Some values are wrong wherever they are written (a fall-back mode on a normal move): then
  // the fix is not writing it, when the key stands on a line of its own.
  const line = ownLine(ctx.text, pair);
  if (line) choices.push({ title: `Remove ${key}: ${written}`, edits: [{ span: line, newText: "" }] });
  return firstAccepted(ctx, p, choices);
}

/**
 * What removing a `key: value` pair standing alone on its line replaces: the whole line with its
 * line break, or, when a comment ends the line, the pair up to the comment (which stays, on a
 * line of its own at the key's indentation).
 */
function ownLine(text: string, pair: YPair): Span | undefined {
  const start = lineStartAt(text, pair.key.range[0]);
  const valueEnd = pair.value ? endOf(pair.value) : pair.key.range[1];
  const end = lineEndAt(text, valueEnd);
  // A pair that reaches past its key's line (a block value) is not this simple line.
  if (text.slice(start, pair.key.range[0]).trim() !== "" || /[\r\n]/.test(text.slice(pair.key.range[0], valueEnd))) return undefined;
  if (commentIn(text, { start: pair.key.range[0], end: valueEnd })) return undefined;
  const comment = commentIn(text, { start: valueEnd, end });
  if (comment) return { start: pair.key.range[0], end: comment.start };
  if (text.slice(valueEnd, end).trim() !== "") return undefined;
  const next = text.startsWith("\r\n", end) ? end + 2 : text[end] === "\n" || text[end] === "\r" ? end + 1 : end;
  return { start, end: next };
}

function targetsFix(ctx: FixContext, p: Problem, scenario: Scenario, step: Step, pair: YPair): Fix | undefined {
  const own = "unit" in step ? scenario.units.find((u) => u.id === step.unit.id) : undefined;
  const seq = asSeq(pair.value);
  if (!own || !seq) return undefined;
  const written = seqItems(seq).map((i) => scalarText(i) ?? "");
  const enemies = scenario.units
    .filter((u) => u.player !== own.player)
    .map((u) => u.id)
    .slice(0, MAX_ENEMY_UNITS);
  const lists: string[][] = [];
  for (let mask = 1; mask < 1 << enemies.length; mask++) lists.push(enemies.filter((_, i) => mask & (1 << i)));
  // Fewest changes to what the author wrote first, then the shorter list.
  const changes = (l: readonly string[]): number => l.filter((id) => !written.includes(id)).length + written.filter((id) => !l.includes(id)).length;
  lists.sort((a, b) => changes(a) - changes(b) || a.length - b.length);
  const choices: Choice[] = [];
  for (const list of lists.slice(0, MAX_TARGET_TRIALS)) {
    // Item by item, so the list's comments stay; the title shows the list as it will read.
    const rewrite = rewriteIdList(ctx.text, seq, list);
    if (rewrite) choices.push({ title: `Change targets to [${rewrite.ids.join(", ")}]`, edits: rewrite.edits });
  }
  return firstAccepted(ctx, p, choices);
}

function objectiveFix(ctx: FixContext, p: Problem, scenario: Scenario, pair: YPair): Fix | undefined {
  const value = asScalar(pair.value);
  const written = scalarText(pair.value);
  if (!value || written === undefined) return undefined;
  const choices = scenario.objectives
    .filter((o) => o.id !== written)
    .slice(0, MAX_TARGET_TRIALS)
    .map((o) => ({ title: `Change objective to ${o.id}`, edits: [{ span: { start: value.range[0], end: value.range[1] }, newText: scalarAs(value, o.id) }] }));
  return firstAccepted(ctx, p, choices);
}
