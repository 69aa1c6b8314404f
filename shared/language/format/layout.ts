import { Parser, type CST } from "yaml";

/**
 * The layout of a YAML text as the formatter needs it: every token of `yaml`'s concrete syntax
 * tree in source order (so whitespace, comments and scalars are told apart exactly as the parser
 * reads them, never by guessing from the characters), and the block maps and lists with the column
 * their items start at.
 */

/** How a block map or list hangs from what holds it. */
export type Attach = "root" | "map-value" | "seq-item";

/** A block map or block list. `newCol` is filled in by the formatter (lines.ts). */
export interface Block {
  readonly kind: "map" | "seq";
  readonly parent: Block | undefined;
  readonly attach: Attach;
  /** For a `seq-item`, the `-` it follows. */
  readonly dash: Leaf | undefined;
  /** The first token of its first item (a key, a `-`, or a property before the key). */
  first: Leaf | undefined;
  /** The column its items start at in the text as written. */
  oldCol: number;
  /** The column its items start at once formatted. */
  newCol: number;
}

/** One token of the source, with where it sits in the structure. */
export interface Leaf {
  /** The CST token type: `scalar`, `comment`, `space`, `map-value-ind`, `block-scalar` (a body), … */
  readonly type: string;
  readonly start: number;
  readonly end: number;
  /** The innermost block map or list whose item holds the token (undefined at the top level). */
  readonly block: Block | undefined;
  /** Whether the token is inside a flow collection (`[…]`, `{…}`), brackets included. */
  readonly inFlow: boolean;
  /** Set on the first token of an item of a block map or list. */
  itemOf?: Block;
  /** For a block scalar body: the column its lines are trimmed at, and whether trailing lines are kept (`|+`). */
  readonly body?: { readonly trimIndent: number | undefined; readonly keep: boolean };
}

export interface Layout {
  readonly leaves: readonly Leaf[];
  /** Every block collection, parents before children. */
  readonly blocks: readonly Block[];
}

/** Token types that are not "something written": they never start an item. */
const BLANK_TYPES = new Set(["space", "newline", "comment", "byte-order-mark"]);
/** Single-token types passed through as they are. */
const SOURCE_TYPES = new Set([
  "byte-order-mark",
  "doc-mode",
  "doc-start",
  "space",
  "comment",
  "newline",
  "directive-line",
  "directive",
  "anchor",
  "tag",
  "seq-item-ind",
  "map-value-ind",
  "flow-map-start",
  "flow-map-end",
  "flow-seq-start",
  "flow-seq-end",
  "comma",
  "block-scalar-header",
]);
const FLOW_SCALARS = new Set(["scalar", "single-quoted-scalar", "double-quoted-scalar", "alias"]);

/** Thrown inside the reader when the text has a shape the formatter leaves alone; never escapes. */
class Unsupported extends Error {}

type Work =
  | { readonly token: CST.Token; readonly block: Block | undefined; readonly inFlow: boolean; readonly attach?: Attach }
  | { readonly item: Block }
  | { readonly body: CST.BlockScalar; readonly block: Block | undefined };

/**
 * Reads the layout of `text`, or undefined when the formatter should not touch it: explicit `?`
 * keys, parser error tokens, or anything whose tokens do not add up to the text exactly.
 */
export function readLayout(text: string): Layout | undefined {
  try {
    const layout = read(text);
    let at = 0;
    for (const leaf of layout.leaves) {
      if (leaf.start !== at) return undefined;
      at = leaf.end;
    }
    return at === text.length ? layout : undefined;
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

function read(text: string): Layout {
  const leaves: Leaf[] = [];
  const blocks: Block[] = [];
  let cursor = 0;
  let pendingItem: Block | undefined;
  let lastDash: Leaf | undefined;

  const emit = (type: string, source: string, block: Block | undefined, inFlow: boolean, body?: Leaf["body"]): void => {
    if (text.slice(cursor, cursor + source.length) !== source) throw new Unsupported();
    const leaf: Leaf = { type, start: cursor, end: cursor + source.length, block, inFlow, ...(body && { body }) };
    cursor = leaf.end;
    if (source.length === 0) return;
    if (pendingItem !== undefined && !BLANK_TYPES.has(type)) {
      leaf.itemOf = pendingItem;
      pendingItem.first ??= leaf;
      pendingItem = undefined;
    }
    if (type === "seq-item-ind") lastDash = leaf;
    leaves.push(leaf);
  };

  // An explicit stack, not recursion: how deep the YAML nests is the text's to choose.
  const stack: Work[] = [];
  const tops = [...new Parser().parse(text)];
  for (let i = tops.length - 1; i >= 0; i--) stack.push({ token: tops[i], block: undefined, inFlow: false });
  const pushAll = (tokens: readonly CST.Token[] | undefined, block: Block | undefined, inFlow: boolean): Work[] =>
    (tokens ?? []).map((token) => ({ token, block, inFlow }));

  for (let work = stack.pop(); work !== undefined; work = stack.pop()) {
    if ("item" in work) {
      pendingItem = work.item;
      continue;
    }
    if ("body" in work) {
      emit("block-scalar", work.body.source, work.block, false, { trimIndent: trimIndentOf(work.body), keep: chompOf(work.body) === "+" });
      continue;
    }
    const { token, block, inFlow } = work;
    const later: Work[] = [];
    if (SOURCE_TYPES.has(token.type)) {
      emit(token.type, (token as CST.SourceToken).source, block, inFlow);
    } else if (FLOW_SCALARS.has(token.type)) {
      const scalar = token as CST.FlowScalar;
      emit(scalar.type, scalar.source, block, inFlow);
      later.push(...pushAll(scalar.end, block, inFlow));
    } else if (token.type === "block-scalar") {
      later.push(...pushAll(token.props, block, inFlow), { body: token, block });
    } else if (token.type === "document") {
      later.push(...pushAll(token.start, undefined, false));
      if (token.value) later.push({ token: token.value, block: undefined, inFlow: false, attach: "root" });
      later.push(...pushAll(token.end, undefined, false));
    } else if (token.type === "doc-end") {
      emit("doc-end", token.source, undefined, false);
      later.push(...pushAll(token.end, undefined, false));
    } else if (token.type === "flow-collection") {
      later.push({ token: token.start, block, inFlow: true });
      for (const item of token.items) later.push(...itemWork(item, block, true));
      token.end.forEach((end, i) => later.push({ token: end, block, inFlow: i === 0 || inFlow }));
    } else if (token.type === "block-map" || token.type === "block-seq") {
      if (work.attach === undefined || inFlow) throw new Unsupported();
      const kind = token.type === "block-map" ? "map" : "seq";
      const own: Block = {
        kind,
        parent: block,
        attach: work.attach,
        dash: work.attach === "seq-item" ? lastDash : undefined,
        first: undefined,
        oldCol: -1,
        newCol: -1,
      };
      blocks.push(own);
      for (const item of token.items) {
        if ("explicitKey" in item && item.explicitKey) throw new Unsupported();
        const parts = itemWork(item, own, false, kind === "map" ? "map-value" : "seq-item");
        const written = item.start.some((t) => !BLANK_TYPES.has(t.type)) || item.key || item.sep || item.value;
        if (written) later.push({ item: own });
        later.push(...parts);
      }
    } else {
      // `error`, `flow-error-end`, anything this reader does not know: leave the text alone.
      throw new Unsupported();
    }
    for (let i = later.length - 1; i >= 0; i--) stack.push(later[i]);
  }
  return { leaves, blocks };
}

/** The work for one item of a collection: its leading tokens, key, separator and value, in order. */
function itemWork(item: CST.CollectionItem, block: Block | undefined, inFlow: boolean, valueAttach?: Exclude<Attach, "root">): Work[] {
  const out: Work[] = item.start.map((token) => ({ token, block, inFlow }));
  if (item.key) out.push({ token: item.key, block, inFlow });
  for (const token of item.sep ?? []) out.push({ token, block, inFlow });
  if (item.value) out.push({ token: item.value, block, inFlow, ...(valueAttach && { attach: valueAttach }) });
  return out;
}

const HEADER = /^[|>](?:([1-9])([+-]?)|([+-])([1-9]?))?/;

function headerOf(scalar: CST.BlockScalar): { indicator: number; chomp: string } {
  const header = scalar.props.find((p) => p.type === "block-scalar-header") as CST.SourceToken | undefined;
  const m = HEADER.exec(header?.source ?? "");
  if (m === null) throw new Unsupported();
  return { indicator: Number(m[1] ?? m[4] ?? 0), chomp: m[2] || m[3] || "" };
}

function chompOf(scalar: CST.BlockScalar): string {
  return headerOf(scalar).chomp;
}

/**
 * The column a block scalar's lines are trimmed at, as `yaml` computes it: the parent's indent
 * plus an explicit indicator, or the indentation of the first line with content. Undefined for a
 * body without content.
 */
function trimIndentOf(scalar: CST.BlockScalar): number | undefined {
  const { indicator } = headerOf(scalar);
  if (indicator > 0) return scalar.indent + indicator;
  for (const line of scalar.source.split("\n")) {
    const content = line.replace(/^ */, "");
    if (content !== "" && content !== "\r") return line.length - content.length;
  }
  return undefined;
}
