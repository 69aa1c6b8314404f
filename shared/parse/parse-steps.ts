import type { Step } from "../model/scenario";
import { readKeys, type KeyHandler, type KeyTable } from "./key-table";
import type { ParseContext } from "./parse-context";
import { readAttacks, readResolve } from "./parse-weapons";
import {
  COMMON_STEP_KEYS,
  CONSOLIDATE_KEYS,
  readAdvanceRoll,
  readChargeRoll,
  readFallBackMode,
  readFightType,
  readIntervention,
  readMoveType,
  readNestedConsolidate,
  readNestedPileIn,
  readPhaseHead,
  readRemoveHead,
  readTargets,
  readTo,
  readUnitHead,
  type StepDraft,
} from "./step-keys";
import {
  asMap,
  asScalar,
  asSeq,
  describeNode,
  isEmpty,
  keySpan,
  mapPairs,
  pairSpan,
  scalarText,
  seqItems,
  spanOf,
  valueSpan,
  type YMap,
  type YNode,
  type YPair,
} from "./yaml-nodes";

/** How one kind of step is read: its kind key's value, its other keys, and the model it becomes. */
interface StepKindSpec {
  /** Reads the kind key's value (`pile-in: squad`). */
  readonly head: KeyHandler<StepDraft>;
  /** The other keys, in the order they are read (and listed in "unknown key" messages). */
  readonly keys: KeyTable<StepDraft>;
  /** The model step, or undefined when the step cannot be used (its unit was unusable). */
  readonly build: (draft: StepDraft) => Step | undefined;
}

/**
 * The step kinds, keyed by their kind key: the one list of them. Every kind of the model's `Step`
 * needs an entry (a compile error otherwise); editor features read the names from here.
 */
export const STEP_KINDS: { readonly [K in Step["kind"]]: StepKindSpec } = {
  "pile-in": {
    head: readUnitHead,
    keys: { targets: readTargets, to: readTo, ...COMMON_STEP_KEYS },
    build: (d) => d.unit && { ...base(d), kind: "pile-in", unit: d.unit, ...opt("targets", d.targets), moves: d.moves },
  },
  fight: {
    head: readUnitHead,
    keys: {
      type: readFightType,
      targets: readTargets,
      attacks: (ctx, pair, d) => {
        d.attacks = readAttacks(ctx, pair);
      },
      resolve: (ctx, pair, d) => {
        d.resolve = readResolve(ctx, pair);
      },
      "pile-in": readNestedPileIn,
      consolidate: readNestedConsolidate,
      ...COMMON_STEP_KEYS,
    },
    build: (d) =>
      d.unit && {
        ...base(d),
        kind: "fight",
        unit: d.unit,
        ...opt("type", d.type),
        ...opt("targets", d.targets),
        ...opt("attacks", d.attacks),
        ...opt("resolve", d.resolve),
        ...opt("pileIn", d.pileIn),
        ...opt("consolidate", d.consolidate),
      },
  },
  remove: {
    head: readRemoveHead,
    keys: { ...COMMON_STEP_KEYS },
    build: (d) => ({ ...base(d), kind: "remove", models: d.removed }),
  },
  consolidate: {
    head: readUnitHead,
    keys: { ...CONSOLIDATE_KEYS, ...COMMON_STEP_KEYS },
    build: (d) =>
      d.unit && {
        ...base(d),
        kind: "consolidate",
        unit: d.unit,
        ...opt("mode", d.mode),
        ...opt("targets", d.targets),
        ...opt("objective", d.objective),
        moves: d.moves,
      },
  },
  move: {
    head: readUnitHead,
    keys: { type: readMoveType, roll: readAdvanceRoll, mode: readFallBackMode, to: readTo, ...COMMON_STEP_KEYS },
    build: (d) =>
      d.unit && {
        ...base(d),
        kind: "move",
        unit: d.unit,
        ...opt("type", d.moveType),
        ...opt("roll", d.roll),
        ...opt("mode", d.fallBackMode),
        moves: d.moves,
      },
  },
  charge: {
    head: readUnitHead,
    keys: { targets: readTargets, roll: readChargeRoll, intervention: readIntervention, to: readTo, ...COMMON_STEP_KEYS },
    build: (d) =>
      d.unit && {
        ...base(d),
        kind: "charge",
        unit: d.unit,
        ...opt("targets", d.targets),
        ...opt("roll", d.roll),
        ...opt("intervention", d.intervention),
        moves: d.moves,
      },
  },
  phase: {
    head: readPhaseHead,
    keys: { ...COMMON_STEP_KEYS },
    build: (d) => d.phase && { ...base(d), kind: "phase", phase: d.phase },
  },
};

/** The kind keys, in the order above. */
export const STEP_KIND_NAMES: readonly Step["kind"][] = Object.keys(STEP_KINDS) as Step["kind"][];

/** The kinds whose kind key's value is the step's unit (`pile-in: squad`); `remove` lists models and `phase` names a phase. */
export const UNIT_STEP_KINDS: ReadonlySet<string> = new Set(STEP_KIND_NAMES.filter((k) => STEP_KINDS[k].head === readUnitHead));

const KIND_KEYS: readonly string[] = STEP_KIND_NAMES;

/**
 * Reads `steps:`, a list of step maps. Each step is identified by its one kind key; a step that
 * cannot be used is left out, so the returned steps' indexes may have gaps (index = position in
 * `steps:`). Refs are not yet checked (see resolve-refs).
 */
export function parseSteps(ctx: ParseContext, pair: YPair): { steps: Step[]; written: number } {
  const steps: Step[] = [];
  const seq = asSeq(pair.value);
  if (!seq) {
    if (!isEmpty(pair.value)) ctx.schema(`steps must be a list of steps (- fight: unit), got ${describeNode(pair.value)}`, valueSpan(pair));
    return { steps, written: 0 };
  }
  const items = seqItems(seq);
  items.forEach((item, index) => {
    const step = readStep(ctx, item, index);
    if (step) steps.push(step);
  });
  return { steps, written: items.length };
}

/** Reads the item at `index` of `steps:`, its findings stamped with the index; refs not yet checked. */
export function readStep(ctx: ParseContext, item: YNode, index: number): Step | undefined {
  return ctx.inStep(index, () => parseStep(ctx, item, index));
}

function parseStep(ctx: ParseContext, item: YNode, index: number): Step | undefined {
  const map = asMap(item);
  if (!map) {
    ctx.schema(`a step must be a map like 'fight: squad', got ${describeNode(item)}`, spanOf(item));
    return undefined;
  }
  const pairs = mapPairs(map);
  const first = pairs[0];
  if (!first) {
    ctx.schema(`a step needs one of: ${KIND_KEYS.join(", ")}`, spanOf(map));
    return undefined;
  }
  const kinds = kindPairs(map);
  if (kinds.size !== 1) {
    const message =
      kinds.size === 0
        ? `a step needs one of: ${KIND_KEYS.join(", ")}`
        : `a step has one kind, this one has ${[...kinds.keys()].join(" and ")} (is a '- ' missing?)`;
    ctx.schema(message, keySpan(first));
    return undefined;
  }
  const [kind, kindPair] = [...kinds][0];
  const spec = STEP_KINDS[kind as Step["kind"]];
  const draft: StepDraft = { index, span: spanOf(map), head: pairSpan(first), moves: [], removed: [] };
  spec.head(ctx, kindPair, draft);
  readKeys(ctx, map, spec.keys, draft, `in a ${kind} step`, [kind]);
  return spec.build(draft);
}

/** The kind keys a fight step may also hold as nested blocks (an overrun's or a 10e activation's). */
const NESTED_IN_FIGHT = ["pile-in", "consolidate"];

/**
 * The step's kind keys with their first pairs. A fight's nested `pile-in:` or `consolidate:` block
 * is not a kind key, unless it is written like a step's (`pile-in: squad`), which means two steps
 * were merged.
 */
function kindPairs(map: YMap): Map<string, YPair> {
  const kinds = new Map<string, YPair>();
  for (const pair of mapPairs(map)) {
    const key = asScalar(pair.key) ? scalarText(pair.key) : undefined;
    if (key !== undefined && KIND_KEYS.includes(key) && !kinds.has(key)) kinds.set(key, pair);
  }
  if (!kinds.has("fight")) return kinds;
  for (const key of NESTED_IN_FIGHT) {
    const nested = kinds.get(key);
    if (nested && !looksLikeUnitRef(nested)) kinds.delete(key);
  }
  return kinds;
}

function looksLikeUnitRef(pair: YPair): boolean {
  return !isEmpty(pair.value) && asScalar(pair.value) !== undefined;
}

/** The fields every step carries. */
function base(d: StepDraft): {
  index: number;
  span: StepDraft["span"];
  head: StepDraft["head"];
  note?: string;
  illegal?: StepDraft["illegal"];
  show?: StepDraft["show"];
} {
  return { index: d.index, span: d.span, head: d.head, ...opt("note", d.note), ...opt("illegal", d.illegal), ...opt("show", d.show) };
}

/** `{ key: value }` when the value is set, `{}` otherwise, so optional fields are absent rather than undefined. */
function opt<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
