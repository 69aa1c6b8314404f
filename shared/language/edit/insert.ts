import { endOf, pairSpan, type YMap, type YPair, type YScalar } from "../../parse/yaml-nodes";
import type { Span } from "../../source/span";
import { lineEndAt, lineStartAt, type TextEdit } from "../text/index";

/**
 * Where a new `id: [x, y]` goes when the model has no entry yet, and how the entries written
 * there look: after the last entry of a `to:` map in its own style, under an empty `to:`, or in a
 * new `to:` block of a step (or of a fight's nested block). Several models added at one place
 * share one site, so their entries come out in the order given and the edits never overlap.
 */
export interface Site {
  /** Identifies the place, so the entries of several models at one place are written together. */
  readonly key: string;
  /** The text that replaces `span` (often an insertion: an empty span), given the new entries. */
  readonly span: Span;
  readonly render: (entries: readonly string[]) => string;
}

/** What insertion needs of the text: the text, its line break, and the indentation step of a new block. */
export interface Layout {
  readonly text: string;
  readonly lineBreak: string;
  /** Spaces a block map is indented under its key in this file (2 unless the file shows otherwise). */
  readonly step: number;
}

/** The column of `offset`: new lines are indented with spaces (YAML allows no tabs in indentation). */
function column(text: string, offset: number): number {
  return offset - lineStartAt(text, offset);
}

/**
 * Where a new line after the pairs of a block map goes: the end of the line on which the last of
 * its pairs ends. A pair that ends with a line break (a block scalar, `note: |`) would lose its
 * trailing lines to a line inserted after it, so the last pair that does not is taken instead.
 */
function afterPairs(text: string, pairs: readonly YPair[]): number | undefined {
  for (let i = pairs.length - 1; i >= 0; i--) {
    const end = pairSpan(pairs[i]).end;
    const before = text.charCodeAt(end - 1);
    if (end > 0 && before !== 10 && before !== 13) return lineEndAt(text, end);
  }
  return undefined;
}

/** The offsets of a flow map's braces, or undefined if the text is not what the parser said. */
function braces(text: string, map: YMap): { open: number; close: number } | undefined {
  const open = map.range[0];
  const close = endOf(map) - 1;
  return text[open] === "{" && text[close] === "}" && close > open ? { open, close } : undefined;
}

/** An empty flow map `{}` (only spaces or comments inside): the entries go after the brace. */
function intoEmptyFlow(key: string, text: string, map: YMap, wrap: (inner: string) => string): Site | undefined {
  const b = braces(text, map);
  if (!b) return undefined;
  const inside = text.slice(b.open + 1, b.close);
  if (inside.trim() === "") return { key, span: { start: b.open, end: b.close + 1 }, render: (e) => `{ ${wrap(e.join(", "))} }` };
  return { key, span: { start: b.open + 1, end: b.open + 1 }, render: (e) => ` ${wrap(e.join(", "))}` };
}

/** A new entry in an existing `to:` map: after its last entry, in its style and indentation. */
export function entrySite(layout: Layout, to: YMap): Site | undefined {
  const { text, lineBreak } = layout;
  const key = `to@${to.range[0]}`;
  const pairs = to.items;
  if (to.flow) {
    if (pairs.length === 0) return intoEmptyFlow(key, text, to, (inner) => inner);
    const at = pairSpan(pairs[pairs.length - 1]).end;
    return { key, span: { start: at, end: at }, render: (e) => e.map((entry) => `, ${entry}`).join("") };
  }
  const at = afterPairs(text, pairs);
  if (at === undefined || pairs.length === 0) return undefined;
  const indent = " ".repeat(column(text, pairs[0].key.range[0]));
  return { key, span: { start: at, end: at }, render: (e) => e.map((entry) => `${lineBreak}${indent}${entry}`).join("") };
}

/** Entries for a `to:` written with no value (`to:`, `to: ~`, `to: null`). */
export function emptyToSite(layout: Layout, container: YMap, pair: YPair, value: YScalar): Site {
  const { text, lineBreak } = layout;
  const key = `to@${pair.key.range[0]}`;
  const written = value.range[1] > value.range[0];
  if (written) return { key, span: { start: value.range[0], end: value.range[1] }, render: (e) => `{ ${e.join(", ")} }` };
  if (container.flow) {
    const at = value.range[0];
    const space = text[at - 1] === ":" ? " " : "";
    return { key, span: { start: at, end: at }, render: (e) => `${space}{ ${e.join(", ")} }` };
  }
  const at = lineEndAt(text, pair.key.range[1]);
  const indent = " ".repeat(column(text, pair.key.range[0]) + layout.step);
  return { key, span: { start: at, end: at }, render: (e) => e.map((entry) => `${lineBreak}${indent}${entry}`).join("") };
}

/** A new `to:` in a step (or a fight's nested block) that has none, indented like the map's other keys. */
export function newToSite(layout: Layout, container: YMap): Site | undefined {
  const { text, lineBreak } = layout;
  const key = `map@${container.range[0]}`;
  const pairs = container.items;
  if (container.flow) {
    if (pairs.length === 0) return intoEmptyFlow(key, text, container, (inner) => `to: { ${inner} }`);
    const at = pairSpan(pairs[pairs.length - 1]).end;
    return { key, span: { start: at, end: at }, render: (e) => `, to: { ${e.join(", ")} }` };
  }
  const at = afterPairs(text, pairs);
  if (at === undefined || pairs.length === 0) return undefined;
  const keys = column(text, pairs[0].key.range[0]);
  const indent = " ".repeat(keys);
  const inner = " ".repeat(keys + layout.step);
  return {
    key,
    span: { start: at, end: at },
    render: (e) => `${lineBreak}${indent}to:${e.map((entry) => `${lineBreak}${inner}${entry}`).join("")}`,
  };
}

/** The one edit of a site, with its entries in the order given. */
export function siteEdit(site: Site, entries: readonly string[]): TextEdit {
  return { span: site.span, newText: site.render(entries) };
}
