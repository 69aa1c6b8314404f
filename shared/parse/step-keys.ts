import { isCode, type Code } from "../diagnostics/codes";
import type {
  ConsolidateSpec,
  ConsolidationMode,
  FallBackMode,
  FightStep,
  FightType,
  InterventionMode,
  ModelMove,
  MoveType,
  NumberOption,
  Option,
  PileInSpec,
  Ref,
  RefList,
} from "../model/scenario";
import type { Span } from "../source/span";
import type { ShowSpec } from "../model/scenario";
import { readShow } from "./parse-show";
import { readKeys, type KeyTable } from "./key-table";
import type { ParseContext } from "./parse-context";
import { readMoves } from "./read-moves";
import { readChoice, readRef, readRefList, readRoll, readText } from "./read-values";
import { ADVANCE_ROLL, CHARGE_ROLL, CONSOLIDATION_MODES, FALL_BACK_MODES, FIGHT_TYPES, INTERVENTION_MODES, MOVE_TYPES, PHASES } from "./vocabulary";
import { asMap, asScalar, asSeq, describeNode, pairSpan, quote, scalarText, seqItems, spanOf, valueSpan, type YPair } from "./yaml-nodes";

/** Everything any step kind may carry, filled by the key handlers; refs are checked later. */
export interface StepDraft {
  readonly index: number;
  readonly span: Span;
  readonly head: Span;
  /** The unit of a pile-in, fight, consolidate, move or charge step; unset when its value was unusable. */
  unit?: Ref;
  note?: string;
  illegal?: { readonly codes: readonly Code[] | "all"; readonly span: Span };
  show?: ShowSpec;
  targets?: RefList;
  moves: ModelMove[];
  type?: Option<FightType>;
  pileIn?: PileInSpec & { readonly span: Span };
  removed: Ref[];
  mode?: Option<ConsolidationMode>;
  objective?: Ref & { readonly pairSpan: Span };
  phase?: Option<string>;
  /** A 10th-edition fight's nested `consolidate:` block. */
  consolidate?: ConsolidateSpec & { readonly span: Span };
  /** A move step's `type:` and `mode:` (kept apart from a fight's type and a consolidation's mode). */
  moveType?: Option<MoveType>;
  fallBackMode?: Option<FallBackMode>;
  /** A move step's advance roll or a charge step's 2D6 total. */
  roll?: NumberOption;
  intervention?: Option<InterventionMode>;
  /** A fight step's per-model `attacks:` and `resolve:`. */
  attacks?: NonNullable<FightStep["attacks"]>;
  resolve?: NonNullable<FightStep["resolve"]>;
}

/** What the keys of a consolidation fill: a consolidate step's, or a fight's nested `consolidate:`. */
interface ConsolidateDraft {
  mode?: Option<ConsolidationMode>;
  targets?: RefList;
  objective?: Ref & { readonly pairSpan: Span };
  moves: ModelMove[];
}

/** The keys every step accepts besides its kind key. */
export const COMMON_STEP_KEYS: KeyTable<StepDraft> = {
  note: (ctx, pair, step) => {
    step.note = readText(ctx, pair.value, valueSpan(pair), "note");
  },
  illegal: readIllegal,
  show: (ctx, pair, step) => {
    step.show = readShow(ctx, pair);
  },
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
export const PILE_IN_KEYS: KeyTable<{ targets?: RefList; moves: ModelMove[] }> = {
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
function readMode(ctx: ParseContext, pair: YPair, step: ConsolidateDraft): void {
  step.mode = readChoice(ctx, pair, CONSOLIDATION_MODES, "consolidation mode");
}

/** A consolidate step's `objective: alpha`. */
function readObjective(ctx: ParseContext, pair: YPair, step: ConsolidateDraft): void {
  const ref = readRef(ctx, pair.value, valueSpan(pair), "objective");
  if (ref) step.objective = { ...ref, pairSpan: pairSpan(pair) };
}

/** The keys of a consolidation: a consolidate step's, and those of a 10th-edition fight's nested `consolidate:`. */
export const CONSOLIDATE_KEYS: KeyTable<ConsolidateDraft> = {
  mode: readMode,
  targets: readTargets,
  objective: readObjective,
  to: readTo,
};

/** A move step's `type: normal | advance | fall-back | stationary`. */
export function readMoveType(ctx: ParseContext, pair: YPair, step: StepDraft): void {
  step.moveType = readChoice(ctx, pair, MOVE_TYPES, "move type");
}

/** A move step's `mode: ordered-retreat | desperate-escape` (how the unit falls back). */
export function readFallBackMode(ctx: ParseContext, pair: YPair, step: StepDraft): void {
  step.fallBackMode = readChoice(ctx, pair, FALL_BACK_MODES, "fall-back mode");
}

/** A move step's `roll:`, the advance roll (one D6). */
export function readAdvanceRoll(ctx: ParseContext, pair: YPair, step: StepDraft): void {
  step.roll = readRoll(ctx, pair, ADVANCE_ROLL, "the advance roll (D6)");
}

/** A charge step's `roll:`, the charge roll as the total of 2D6. */
export function readChargeRoll(ctx: ParseContext, pair: YPair, step: StepDraft): void {
  step.roll = readRoll(ctx, pair, CHARGE_ROLL, "the charge roll (2D6 total)");
}

/** A charge step's `intervention: leap-to-defend | into-the-fray` (Heroic Intervention). */
export function readIntervention(ctx: ParseContext, pair: YPair, step: StepDraft): void {
  step.intervention = readChoice(ctx, pair, INTERVENTION_MODES, "intervention mode");
}

/** A 10th-edition fight's nested `consolidate:` block, with the keys of a consolidate step. */
export function readNestedConsolidate(ctx: ParseContext, pair: YPair, step: StepDraft): void {
  const map = asMap(pair.value);
  if (!map) {
    const message = `a fight's consolidate must be a map with mode:, targets:, objective: and to:, got ${describeNode(pair.value)}`;
    ctx.schema(message, valueSpan(pair));
    return;
  }
  const spec: ConsolidateDraft = { moves: [] };
  readKeys(ctx, map, CONSOLIDATE_KEYS, spec, "in a fight's consolidate");
  step.consolidate = { ...spec, span: pairSpan(pair) };
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
