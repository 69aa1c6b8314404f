import { asMap, asScalar, asSeq, mapPairs, scalarText, seqItems, type YNode } from "../../parse/yaml-nodes";
import type { Span } from "../../source/span";
import type { IdKind, Occurrence } from "./occurrences";
import { parseDocument, Scalar } from "yaml";
import { YAML_OPTIONS } from "../../parse/parse-scenario";
import { UNIT_STEP_KINDS } from "../../parse/parse-steps";

/**
 * An id as written in the text, found in the YAML tree rather than in the model. The model leaves
 * out what it cannot use (a step whose unit is unknown, a unit with no player, a move with a bad
 * position), yet the ids written there still name units and models: navigation and rename must
 * see them, or renaming a model would leave a stale id in a step the author is still fixing.
 */
export interface WrittenId extends Occurrence {
  /** The id's characters, inside the quotes when it is quoted (`span` covers the quotes too). */
  readonly name: Span;
  /** How the id is written: plain, or in single or double quotes. */
  readonly quote: "" | "'" | '"';
  /** For a model's definition: the unit it is defined in. */
  readonly unit?: string;
}

/** A scenario text read as a YAML tree for the editor features, with every id written in it. */
export interface ScenarioTree {
  readonly text: string;
  /** The document's root node; null for an empty document. */
  readonly root: YNode | null;
  /** True when the text is not well-formed YAML (the tree is then `yaml`'s best effort). */
  readonly syntaxErrors: boolean;
  /** Every id in a definition or reference position, in text order, whether it resolves or not. */
  readonly ids: readonly WrittenId[];
}

/** The step keys whose value is the step's unit, or (in a fight) a nested block of its own keys. */
const UNIT_HEADS = UNIT_STEP_KINDS;

/**
 * Reads `text` as YAML (1.2, as the parser does) and collects every written id. Never throws:
 * an internal failure yields an empty tree, so a feature degrades to "nothing here".
 */
export function readScenarioTree(text: string): ScenarioTree {
  try {
    const doc = parseDocument(text, YAML_OPTIONS);
    const root = (doc.contents as YNode | null) ?? null;
    const collected: WrittenId[] = [];
    const either = new Set<WrittenId>();
    collectIds(root, collected, either);
    // An id `show:` writes where a model or an objective may stand is the objective's when one is defined so.
    const objectives = new Set(collected.filter((o) => o.kind === "objective" && o.definition).map((o) => o.id));
    const ids = collected.map((o) => (either.has(o) && objectives.has(o.id) ? { ...o, kind: "objective" as const } : o));
    ids.sort((a, b) => a.span.start - b.span.start);
    return { text, root, syntaxErrors: doc.errors.length > 0, ids };
  } catch {
    return { text, root: null, syntaxErrors: true, ids: [] };
  }
}

/**
 * The id written at `offset`: within its text or its quotes, its end included (an editor's cursor
 * sits after the last character of a word it is on).
 */
export function idAt(tree: ScenarioTree, offset: number): WrittenId | undefined {
  return tree.ids.find((o) => o.span.start <= offset && offset <= o.span.end);
}

/** Every occurrence of one id of one kind, in text order. */
export function idsOf(tree: ScenarioTree, kind: IdKind, id: string): WrittenId[] {
  return tree.ids.filter((o) => o.kind === kind && o.id === id);
}

/** The definition that counts (the parser keeps the first when an id is defined twice). */
export function definitionOf(tree: ScenarioTree, kind: IdKind, id: string): WrittenId | undefined {
  return tree.ids.find((o) => o.kind === kind && o.id === id && o.definition);
}

/** Records one id written as `node` (a key or a value), when it is a usable scalar. */
/** Records an id; `either` marks one that may name a model or an objective (kinded once the definitions are known). */
type Sink = (kind: IdKind, node: YNode | null, definition: boolean, extra?: { step?: number; unit?: string; either?: boolean; part?: boolean }) => void;

function collectIds(root: YNode | null, out: WrittenId[], either: Set<WrittenId>): void {
  const sink: Sink = (kind, node, definition, { either: maybe, part, ...extra } = {}) => {
    const whole = writtenId(node);
    // `weapon: axe/sweep` names the weapon axe: only its part before the slash is the id.
    const written = part && whole ? weaponOnly(whole) : whole;
    if (!written) return;
    const id: WrittenId = { kind, definition, ...written, ...extra };
    out.push(id);
    if (maybe) either.add(id);
  };
  for (const [key, value] of pairsOf(root)) {
    if (key === "units") for (const [unitKey, unit] of idPairs(value)) readUnit(unitKey, unit, sink);
    else if (key === "objectives") for (const [idKey] of idPairs(value)) sink("objective", idKey, true);
    else if (key === "terrain") for (const [idKey] of idPairs(value)) sink("terrain", idKey, true);
    else if (key === "weapons") for (const [idKey] of idPairs(value)) sink("weapon", idKey, true);
    else if (key === "steps") {
      const seq = asSeq(value);
      if (seq) seqItems(seq).forEach((item, index) => readBlock(item, index, sink, true));
    } else if (key === "show") readShowIds(value, sink, undefined);
  }
}

/** The ids of a `show:` block (parse/parse-show.ts): rulers, halo and link units, rings, the region's model, callouts. */
function readShowIds(node: YNode | null, sink: Sink, step: number | undefined): void {
  const extra = step === undefined ? {} : { step };
  const either = (n: YNode | null): void => sink("model", n, false, { ...extra, either: true });
  for (const [key, value] of pairsOf(node)) {
    if (key === "measure")
      for (const pair of listItems(value)) {
        const [a, b] = listItems(pair);
        if (a) sink("model", a, false, extra);
        if (b) either(b);
      }
    else if (key === "engagement" || key === "coherency") {
      for (const item of asSeq(value) ? listItems(value) : scalarText(value) === "all" ? [] : [value]) sink("unit", item, false, extra);
    } else if (key === "rings")
      for (const ring of listItems(value))
        for (const [k, v] of pairsOf(ring)) {
          if (k === "around") either(v);
        }
    else if (key === "region") sink("model", value, false, extra);
    else if (key === "callouts")
      for (const [, callout] of idPairs(value))
        for (const [k, v] of pairsOf(callout)) {
          if (k === "at" && !asSeq(v)) either(v);
        }
  }
}

function readUnit(key: YNode, value: YNode | null, sink: Sink): void {
  sink("unit", key, true);
  const unit = scalarText(key);
  for (const [name, child] of pairsOf(value)) {
    if (name === "charged") for (const item of listItems(child)) sink("unit", item, false);
    if (name === "wargear") for (const item of listItems(child)) sink("weapon", item, false);
    if (name === "models")
      for (const [modelKey, model] of idPairs(child)) {
        sink("model", modelKey, true, unit === undefined ? {} : { unit });
        for (const [k, v] of pairsOf(model)) if (k === "wargear") for (const item of listItems(v)) sink("weapon", item, false);
      }
  }
}

/**
 * The refs of a step (`head` true) or of a fight's nested `pile-in:` / `consolidate:` block. Keys
 * are read wherever they appear, even where the parser rejects them, since the author still
 * meant an id there.
 */
function readBlock(node: YNode | null, step: number, sink: Sink, head: boolean): void {
  for (const [key, value] of pairsOf(node)) {
    if (head && UNIT_HEADS.has(key)) {
      if (asMap(value)) readBlock(value, step, sink, false);
      else sink("unit", value, false, { step });
    } else if (head && key === "remove") {
      for (const item of asSeq(value) ? listItems(value) : [value]) sink("model", item, false, { step });
    } else if (key === "targets") {
      for (const item of listItems(value)) sink("unit", item, false, { step });
    } else if (key === "to") {
      for (const [modelKey] of idPairs(value)) sink("model", modelKey, false, { step });
    } else if (key === "objective") {
      sink("objective", value, false, { step });
    } else if (head && key === "show") {
      readShowIds(value, sink, step);
    } else if (head && key === "attacks") {
      for (const [modelKey, uses] of idPairs(value)) {
        if (scalarText(modelKey) !== "all") sink("model", modelKey, false, { step });
        for (const use of asSeq(uses) ? listItems(uses) : [uses])
          for (const [k, v] of pairsOf(use)) {
            if (k === "weapon") sink("weapon", v, false, { step, part: true });
            else if (k === "target") sink("unit", v, false, { step });
            else if (k === "targets") for (const t of asMap(v) ? idPairs(v).map(([t]) => t) : listItems(v)) sink("unit", t, false, { step });
          }
      }
    } else if (head && key === "resolve") {
      for (const item of listItems(value)) {
        if (!asMap(item)) sink("unit", item, false, { step });
        for (const [unitKey, order] of idPairs(item)) {
          sink("unit", unitKey, false, { step });
          for (const w of listItems(order)) sink("weapon", w, false, { step, part: true });
        }
      }
    }
  }
}

/** The `[key text, value]` pairs of a map with scalar keys; nothing for any other node. */
function pairsOf(node: YNode | null): Array<[string, YNode | null]> {
  const map = asMap(node);
  if (!map) return [];
  const out: Array<[string, YNode | null]> = [];
  for (const pair of mapPairs(map)) {
    const key = asScalar(pair.key) ? scalarText(pair.key) : undefined;
    if (key !== undefined) out.push([key, pair.value]);
  }
  return out;
}

/** The `[key node, value]` pairs of a map whose keys are ids. */
function idPairs(node: YNode | null): Array<[YNode, YNode | null]> {
  const map = asMap(node);
  return map ? mapPairs(map).map((pair) => [pair.key, pair.value]) : [];
}

function listItems(node: YNode | null): YNode[] {
  const seq = asSeq(node);
  return seq ? seqItems(seq) : [];
}

/**
 * The id text and spans of a scalar, read as the parser reads ids (a number keeps its source
 * text), or undefined for anything else: a collection, an alias, an empty value, or a block
 * scalar (`|`), which never matches a key.
 */
function writtenId(node: YNode | null): Pick<WrittenId, "id" | "span" | "name" | "quote"> | undefined {
  const scalar = asScalar(node);
  if (!scalar || scalar.type === Scalar.BLOCK_LITERAL || scalar.type === Scalar.BLOCK_FOLDED) return undefined;
  const id = scalarText(scalar);
  if (id === undefined || id.trim() === "") return undefined;
  const [start, end] = scalar.range;
  const span = { start, end };
  if (scalar.type === Scalar.QUOTE_DOUBLE) return { id, span, name: { start: start + 1, end: end - 1 }, quote: '"' };
  if (scalar.type === Scalar.QUOTE_SINGLE) return { id, span, name: { start: start + 1, end: end - 1 }, quote: "'" };
  return { id, span, name: span, quote: "" };
}

/**
 * Go to definition: where the id at `offset` is defined (the definition itself when the cursor is
 * on it), or undefined when the place is not an id or the id is not defined.
 */
export function definitionAt(tree: ScenarioTree, offset: number): WrittenId | undefined {
  const at = idAt(tree, offset);
  return at && definitionOf(tree, at.kind, at.id);
}

/**
 * Find references: every place the id at `offset` is written, in text order, with or without its
 * definitions. An id that names nothing still has its references (they show where a typo went).
 */
export function referencesAt(tree: ScenarioTree, offset: number, includeDefinition: boolean): WrittenId[] {
  const at = idAt(tree, offset);
  if (!at) return [];
  return idsOf(tree, at.kind, at.id).filter((o) => includeDefinition || !o.definition);
}

/** The weapon part of a written `weapon/profile`: its id and spans cut at the slash. */
function weaponOnly(w: Pick<WrittenId, "id" | "span" | "name" | "quote">): Pick<WrittenId, "id" | "span" | "name" | "quote"> {
  const slash = w.id.indexOf("/");
  if (slash < 0) return w;
  const name = { start: w.name.start, end: w.name.start + slash };
  return { id: w.id.slice(0, slash), name, span: w.quote === "" ? name : { start: w.span.start, end: name.end }, quote: w.quote };
}
