import { asMap, asScalar, asSeq, keySpan, mapPairs, pairSpan, scalarText, seqItems, spanOf, type YNode, type YPair } from "../../parse/yaml-nodes";
import type { Span } from "../../source/span";
import { STEP_KIND_NAMES } from "../../parse/parse-steps";
import type { ScenarioTree } from "./occurrences-tree";

/** What a symbol stands for; the server maps each to an LSP SymbolKind. */
export type OutlineKind = "unit" | "model" | "objective" | "terrain" | "step" | "block";

/** One entry of the outline (document symbols, breadcrumbs). */
export interface OutlineSymbol {
  /** Never empty (VS Code rejects an empty name). */
  readonly name: string;
  readonly detail?: string;
  readonly kind: OutlineKind;
  /** Everything the symbol covers, from its key to the end of its value. */
  readonly span: Span;
  /** What is revealed and highlighted when the symbol is picked: its id, or a step's first pair. */
  readonly selection: Span;
  readonly children: readonly OutlineSymbol[];
}

/** The keys that give a step its kind, in the parser's order. */
const STEP_KINDS: readonly string[] = STEP_KIND_NAMES;
/** A fight's nested blocks (an overrun's extra pile-in, a 10th-edition activation's consolidation). */
const NESTED_BLOCKS = ["pile-in", "consolidate"];
/** Details longer than this are shortened: the outline is one line per symbol. */
const MAX_DETAIL = 60;

/**
 * The outline of a scenario, in text order: objectives, terrain areas and units (with their
 * models) as written under their sections, and each step named like `3. pile-in squad` with a
 * fight's nested `pile-in:` / `consolidate:` blocks as children. It is read from the YAML tree,
 * so a unit or step the engine had to leave out still shows where it is.
 */
export function documentSymbols(tree: ScenarioTree): OutlineSymbol[] {
  const out: OutlineSymbol[] = [];
  for (const pair of pairs(tree.root)) {
    const key = keyText(pair);
    if (key === "units") for (const unit of pairs(pair.value)) pushSome(out, unitSymbol(tree.text, unit));
    else if (key === "objectives") for (const o of pairs(pair.value)) pushSome(out, idSymbol(o, "objective", oneLine(tree.text, o.value)));
    else if (key === "terrain") for (const t of pairs(pair.value)) pushSome(out, idSymbol(t, "terrain", textOf(valueOf(t.value, "kind"))));
    else if (key === "steps") {
      const seq = asSeq(pair.value);
      if (seq) seqItems(seq).forEach((item, index) => out.push(stepSymbol(item, index)));
    }
  }
  return out;
}

function unitSymbol(text: string, pair: YPair): OutlineSymbol | undefined {
  const name = textOf(valueOf(pair.value, "name"));
  const player = textOf(valueOf(pair.value, "player"));
  const detail = [name, player].filter((s) => s !== undefined).join(" · ");
  const models: OutlineSymbol[] = [];
  for (const model of pairs(valueOf(pair.value, "models"))) pushSome(models, idSymbol(model, "model", oneLine(text, model.value)));
  return idSymbol(pair, "unit", detail === "" ? undefined : detail, models);
}

/** A definition: the id key, its whole pair, and a short detail. */
function idSymbol(pair: YPair, kind: OutlineKind, detail?: string, children: OutlineSymbol[] = []): OutlineSymbol | undefined {
  const name = keyText(pair);
  if (name === undefined || name.trim() === "") return undefined;
  return { name, ...(detail !== undefined && { detail }), kind, span: pairSpan(pair), selection: keySpan(pair), children };
}

/** A step: `3. pile-in squad`, its note as the detail, its nested blocks as children. */
function stepSymbol(item: YNode, index: number): OutlineSymbol {
  const stepPairs = pairs(item);
  const kindPair = stepPairs.find((p) => STEP_KINDS.includes(keyText(p) ?? "") && !isNestedBlock(p));
  const head = kindPair ? `${keyText(kindPair)}${headValue(kindPair.value)}` : "step";
  const note = textOf(valueOf(item, "note"));
  const children: OutlineSymbol[] = [];
  for (const p of stepPairs) {
    if (p !== kindPair && isNestedBlock(p)) children.push({ name: keyText(p) ?? "", kind: "block", span: pairSpan(p), selection: keySpan(p), children: [] });
  }
  const span = spanOf(item);
  const first = stepPairs[0];
  return {
    name: `${index + 1}. ${head}`,
    ...(note !== undefined && { detail: shorten(note) }),
    kind: "step",
    span,
    selection: kindPair ? pairSpan(kindPair) : first ? pairSpan(first) : span,
    children,
  };
}

/** ` squad`, ` b1, b2` or nothing: the kind key's value as the step's name shows it. */
function headValue(value: YNode | null): string {
  const seq = asSeq(value);
  const words = seq ? seqItems(seq).map((item) => scalarText(item) ?? "…") : [scalarText(value)].filter((s) => s !== undefined);
  return words.length === 0 ? "" : ` ${shorten(words.join(", "))}`;
}

function isNestedBlock(pair: YPair): boolean {
  return NESTED_BLOCKS.includes(keyText(pair) ?? "") && asMap(pair.value) !== undefined;
}

function pairs(node: YNode | null): readonly YPair[] {
  const map = asMap(node);
  return map ? mapPairs(map) : [];
}

function keyText(pair: YPair): string | undefined {
  return asScalar(pair.key) ? scalarText(pair.key) : undefined;
}

/** The value of `key` in a map node. */
function valueOf(node: YNode | null, key: string): YNode | null {
  return pairs(node).find((p) => keyText(p) === key)?.value ?? null;
}

function textOf(node: YNode | null): string | undefined {
  const text = asScalar(node) ? scalarText(node) : undefined;
  return text === undefined || text.trim() === "" ? undefined : text.replace(/\s+/g, " ").trim();
}

/** A value's source text when it fits on one line (`[5, 8]`, `{ at: [5, 8], base: 40 }`). */
function oneLine(text: string, node: YNode | null): string | undefined {
  if (node === null) return undefined;
  const span = spanOf(node);
  const source = text.slice(span.start, span.end);
  return source === "" || /[\r\n]/.test(source) ? undefined : shorten(source);
}

function shorten(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > MAX_DETAIL ? `${line.slice(0, MAX_DETAIL - 1).trimEnd()}…` : line;
}

function pushSome<T>(out: T[], item: T | undefined): void {
  if (item !== undefined) out.push(item);
}
