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

/**
 * Reads the layout of `text`, or undefined when the formatter should not touch it: explicit `?`
 * keys, parser error tokens, or anything whose tokens do not add up to the text exactly. `tokens`:
 * yaml's parser's tokens of this very text when the caller has them (the analysis kept them), else
 * the text is parsed here.
 */
export function readLayout(text: string, tokens?: readonly CST.Token[]): Layout | undefined {
  try {
    const layout = read(text, tokens ?? [...new Parser().parse(text)]);
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

/** What the walk does next with an entry of its stack: read a token, start an item, or emit a block scalar's body. */
const TOKEN = 0;
const ITEM = 1;
const BODY = 2;
/** How a token hangs from its block, for a block collection (index into ATTACH; NONE when it is no item's value). */
const NONE = -1;
const ATTACH: readonly Attach[] = ["root", "map-value", "seq-item"];

function read(text: string, tops: readonly CST.Token[]): Layout {
  const leaves: Leaf[] = [];
  const blocks: Block[] = [];
  let cursor = 0;
  let pendingItem: Block | undefined;
  let lastDash: Leaf | undefined;

  const emit = (type: string, source: string, block: Block | undefined, inFlow: boolean, body?: Leaf["body"]): void => {
    if (!text.startsWith(source, cursor)) throw new Unsupported();
    const leaf: Leaf = body
      ? { type, start: cursor, end: cursor + source.length, block, inFlow, body }
      : { type, start: cursor, end: cursor + source.length, block, inFlow };
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

  // An explicit stack, not recursion: how deep the YAML nests is the text's to choose. Parallel
  // arrays (what to do, the token or block, its block, in a flow collection, how it hangs), and
  // each token's children pushed last first, so they are read in source order.
  const kinds: number[] = [];
  const items: (CST.Token | Block)[] = [];
  const owners: (Block | undefined)[] = [];
  const flows: boolean[] = [];
  const attaches: number[] = [];
  const push = (kind: number, item: CST.Token | Block, block: Block | undefined, inFlow: boolean, attach = NONE): void => {
    kinds.push(kind);
    items.push(item);
    owners.push(block);
    flows.push(inFlow);
    attaches.push(attach);
  };
  /** Pushes `tokens` so that they are read in order. */
  const pushAll = (tokens: readonly CST.Token[] | undefined, block: Block | undefined, inFlow: boolean): void => {
    if (tokens) for (let i = tokens.length - 1; i >= 0; i--) push(TOKEN, tokens[i], block, inFlow);
  };
  /** Pushes one item of a collection (its leading tokens, key, separator and value) so that it is read in order. */
  const pushItem = (item: CST.CollectionItem, block: Block | undefined, inFlow: boolean, valueAttach = NONE): void => {
    if (item.value) push(TOKEN, item.value, block, inFlow, valueAttach);
    pushAll(item.sep, block, inFlow);
    if (item.key) push(TOKEN, item.key, block, inFlow);
    pushAll(item.start, block, inFlow);
  };

  pushAll(tops, undefined, false);

  while (kinds.length > 0) {
    const kind = kinds.pop()!;
    const entry = items.pop()!;
    const block = owners.pop();
    const inFlow = flows.pop()!;
    const attach = attaches.pop()!;
    if (kind === ITEM) {
      pendingItem = entry as Block;
      continue;
    }
    if (kind === BODY) {
      const body = entry as CST.BlockScalar;
      emit("block-scalar", body.source, block, false, { trimIndent: trimIndentOf(body), keep: chompOf(body) === "+" });
      continue;
    }
    const token = entry as CST.Token;
    if (SOURCE_TYPES.has(token.type)) {
      emit(token.type, (token as CST.SourceToken).source, block, inFlow);
    } else if (FLOW_SCALARS.has(token.type)) {
      const scalar = token as CST.FlowScalar;
      emit(scalar.type, scalar.source, block, inFlow);
      pushAll(scalar.end, block, inFlow);
    } else if (token.type === "block-scalar") {
      push(BODY, token, block, inFlow);
      pushAll(token.props, block, inFlow);
    } else if (token.type === "document") {
      pushAll(token.end, undefined, false);
      if (token.value) push(TOKEN, token.value, undefined, false, 0);
      pushAll(token.start, undefined, false);
    } else if (token.type === "doc-end") {
      emit("doc-end", token.source, undefined, false);
      pushAll(token.end, undefined, false);
    } else if (token.type === "flow-collection") {
      for (let i = token.end.length - 1; i >= 0; i--) push(TOKEN, token.end[i], block, i === 0 || inFlow);
      for (let i = token.items.length - 1; i >= 0; i--) pushItem(token.items[i], block, true);
      push(TOKEN, token.start, block, true);
    } else if (token.type === "block-map" || token.type === "block-seq") {
      if (attach === NONE || inFlow) throw new Unsupported();
      const kind = token.type === "block-map" ? "map" : "seq";
      const how = ATTACH[attach];
      const own: Block = {
        kind,
        parent: block,
        attach: how,
        dash: how === "seq-item" ? lastDash : undefined,
        first: undefined,
        oldCol: -1,
        newCol: -1,
      };
      blocks.push(own);
      for (const item of token.items) if ("explicitKey" in item && item.explicitKey) throw new Unsupported();
      for (let i = token.items.length - 1; i >= 0; i--) {
        const item = token.items[i];
        pushItem(item, own, false, kind === "map" ? 1 : 2);
        const written = item.start.some((t) => !BLANK_TYPES.has(t.type)) || item.key || item.sep || item.value;
        if (written) push(ITEM, own, undefined, false);
      }
    } else {
      // `error`, `flow-error-end`, anything this reader does not know: leave the text alone.
      throw new Unsupported();
    }
  }
  return { leaves, blocks };
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
