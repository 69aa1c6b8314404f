import { isCode, type Code } from "../diagnostics/codes";
import type { ConsolidationMode, FightType, ModelMove, Option, PileInSpec, Ref, RefList } from "../model/scenario";
import type { Span } from "../source/span";
import { readKeys, type KeyTable } from "./key-table";
import type { ParseContext } from "./parse-context";
import { readMoves } from "./read-moves";
import { readChoice, readRef, readRefList, readText } from "./read-values";
import { CONSOLIDATION_MODES, FIGHT_TYPES, PHASES } from "./vocabulary";
import {
  asMap,
  asScalar,
  asSeq,
  describeNode,
  pairSpan,
  quote,
  scalarText,
  seqItems,
  spanOf,
  valueSpan,
  type YPair,
} from "./yaml-nodes";

/** Everything any step kind may carry, filled by the key handlers; refs are checked later. */
export interface StepDraft {
  readonly index: number;
  readonly span: Span;
  readonly head: Span;
  /** The unit of a pile-in, fight or consolidate step; unset when its value was unusable. */
  unit?: Ref;
  note?: string;
  illegal?: { readonly codes: readonly Code[] | "all"; readonly span: Span };
  targets?: RefList;
  moves: ModelMove[];
  type?: Option<FightType>;
  pileIn?: PileInSpec & { readonly span: Span };
  removed: Ref[];
  mode?: Option<ConsolidationMode>;
  objective?: Ref & { readonly pairSpan: Span };
  phase?: Option<string>;
}

/** The keys every step accepts besides its kind key. */
export const COMMON_STEP_KEYS: KeyTable<StepDraft> = {
  note: (ctx, pair, step) => {
    step.note = readText(ctx, pair.value, valueSpan(pair), "note");
  },
  illegal: readIllegal,
};

/** `targets: [unit ids]`. */
export function readTargets(ctx: ParseContext, pair: YPair, step: { targets?: RefList }): void {
  step.targets = readRefList(ctx, pair, "targets");
}

/** `to: { model: position, … }`. */
export function readTo(ctx: ParseContext, pair: YPair, step: { moves: ModelMove[] }): void {
  step.moves = readMoves(ctx, pair);
}

/** The keys of a pile-in: a pile-in step's, and those of an overrun fight's nested `pile-in:`. */
const PILE_IN_KEYS: KeyTable<{ targets?: RefList; moves: ModelMove[] }> = {
  targets: readTargets,
  to: readTo,
};

/** `pile-in: squad` (or `fight:`, `consolidate:`): the step's unit. */
export function readUnitHead(ctx: ParseContext, pair: YPair, step: StepDraft): void {
  step.unit = readRef(ctx, pair.value, valueSpan(pair), "the unit of a step");
}

/** `remove: q1` or `remove: [q1, q2]`. */
export function readRemoveHead(ctx: ParseContext, pair: YPair, step: StepDraft): void {
  const seq = asSeq(pair.value);
  if (!seq) {
    const ref = readRef(ctx, pair.value, valueSpan(pair), "remove");
    if (ref) step.removed.push(ref);
    return;
  }
  for (const item of seqItems(seq)) {
    const ref = readRef(ctx, item, spanOf(item), "an item of remove");
    if (ref) step.removed.push(ref);
  }
}

/** `phase: charge`. */
export function readPhaseHead(ctx: ParseContext, pair: YPair, step: StepDraft): void {
  step.phase = readChoice(ctx, pair, PHASES, "phase");
}

/** A fight's `type: normal | overrun`. */
export function readFightType(ctx: ParseContext, pair: YPair, step: StepDraft): void {
  step.type = readChoice(ctx, pair, FIGHT_TYPES, "fight type");
}

/** A consolidate step's `mode: ongoing | engaging | objective`. */
export function readMode(ctx: ParseContext, pair: YPair, step: StepDraft): void {
  step.mode = readChoice(ctx, pair, CONSOLIDATION_MODES, "consolidation mode");
}

/** A consolidate step's `objective: alpha`. */
export function readObjective(ctx: ParseContext, pair: YPair, step: StepDraft): void {
  const ref = readRef(ctx, pair.value, valueSpan(pair), "objective");
  if (ref) step.objective = { ...ref, pairSpan: pairSpan(pair) };
}

/** An overrun fight's nested `pile-in:` block, with the keys of a pile-in step. */
export function readNestedPileIn(ctx: ParseContext, pair: YPair, step: StepDraft): void {
  const map = asMap(pair.value);
  if (!map) {
    ctx.schema(`a fight's pile-in must be a map with targets: and to:, got ${describeNode(pair.value)}`, valueSpan(pair));
    return;
  }
  const spec: { targets?: RefList; moves: ModelMove[] } = { moves: [] };
  readKeys(ctx, map, PILE_IN_KEYS, spec, "in a fight's pile-in");
  step.pileIn = { ...spec, span: pairSpan(pair) };
}

/** `illegal: [codes]`, `illegal: true` (every rule: "all") or `illegal: false` (not illegal). */
function readIllegal(ctx: ParseContext, pair: YPair, step: StepDraft): void {
  const span = pairSpan(pair);
  const flag = asScalar(pair.value)?.value;
  if (flag === true) {
    step.illegal = { codes: "all", span };
    return;
  }
  if (flag === false) return;
  const seq = asSeq(pair.value);
  if (!seq) {
    ctx.schema(`illegal must be true, false or a list of codes like [move.too-far], got ${describeNode(pair.value)}`, valueSpan(pair));
    return;
  }
  const items = seqItems(seq);
  if (items.length === 0) {
    ctx.schema("illegal lists no codes; list the rules the step breaks, or write illegal: true", valueSpan(pair));
    return;
  }
  const codes: Code[] = [];
  for (const item of items) {
    const text = scalarText(item);
    if (text !== undefined && isCode(text)) {
      if (!codes.includes(text)) codes.push(text);
      continue;
    }
    const got = text === undefined ? describeNode(item) : quote(text);
    ctx.schema(`unknown code ${got} in illegal:; codes look like move.too-far or coherency.broken`, spanOf(item));
  }
  // A list whose codes are all unknown says nothing usable; each item already has a finding.
  if (codes.length > 0) step.illegal = { codes, span };
}
