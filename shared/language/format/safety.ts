import { isAlias, isMap, isPair, isScalar, isSeq, CST, parseAllDocuments, type Node } from "yaml";
import { analyze, type Analysis } from "../../engine/analyze";
import type { Problem } from "../../diagnostics/problem";
import { parseScenarioKeeping } from "../../parse/parse-scenario";
import { keptFor, readKept } from "../../parse/reparse";
import { readingOf } from "../../parse/text-limits";
import { lexComments, trimComment } from "../../parse/comments";

/**
 * The formatter's safety net: a formatted text is only offered when it means exactly what the
 * text did. Checked after every formatting, whatever the rules that produced it.
 */

/**
 * Whether `after` has the same data as `before`, the same comments in the same order, and the
 * same Ruleboard findings (code, severity, step and message; as many of each).
 *
 * Each text is parsed once: its YAML tree gives the data (compared node by node: every key and
 * item in order, duplicates included, each scalar's value, type, style and tag, anchors and
 * aliases by name), its comments come from `yaml`'s lexer, and the scenario read from the tree
 * stands for the findings: the engine is a pure function of the scenario in which source
 * offsets only place findings, so two scenarios equal but for their offsets get the same rule
 * findings, and the parser's own findings are compared as they are. A text the parser reads
 * otherwise (several documents, a YAML error, past the size limits of a full check) is compared
 * the long way: every document's data, and both texts analysed.
 * @param beforeAnalysis the analysis of `before` if already at hand (used on the long way only)
 */
export function sameMeaning(before: string, after: string, beforeAnalysis?: Analysis): boolean {
  if (before === after) return true;
  if (readingOf(before).kind === "full" && readingOf(after).kind === "full") {
    // The analysis of `before` kept its document and what it read from it (parse/reparse.ts `keptFor`).
    const kept = keptFor(before);
    const a = kept?.doc ? { ...readKept(kept), kept } : parseScenarioKeeping(before);
    const b = parseScenarioKeeping(after);
    if (a.kept?.doc && b.kept?.doc) {
      // The comments from the parser's tokens of each text, which its parse kept (else from the lexer).
      if (!sameComments(before, after, a.kept.tokens, b.kept.tokens)) return false;
      const trees = [a.kept.doc.contents, b.kept.doc.contents].map((root) => treeOf(root as Node | null));
      if (trees[0] === undefined || trees[1] === undefined || !sameList(trees[0], trees[1])) return false;
      if ((a.scenario === undefined) !== (b.scenario === undefined)) return false;
      if (a.scenario && b.scenario && !equalButSpans(a.scenario, b.scenario)) return false;
      return deepEqual(findings(a.problems), findings(b.problems));
    }
  }
  if (!sameComments(before, after)) return false;
  const data = [before, after].map(dataOf);
  if (data[0] === undefined || data[1] === undefined || !deepEqual(data[0], data[1])) return false;
  const x = beforeAnalysis ?? analyze(before);
  const y = analyze(after);
  if ((x.scenario === undefined) !== (y.scenario === undefined)) return false;
  return deepEqual(findings(x.problems), findings(y.problems));
}

/**
 * A YAML tree as a flat list of primitives to compare item by item: each map as its pairs in
 * order (duplicates kept), each list as its items, each scalar as its type, value, style and tag,
 * aliases by the anchor they name, every anchor and tag. Undefined for a map with a key written
 * twice (an error to YAML).
 */
function treeOf(root: Node | null): unknown[] | undefined {
  const out: unknown[] = [];
  const stack: (Node | null)[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node === null || node === undefined) {
      out.push("null");
      continue;
    }
    if (isScalar(node)) out.push("scalar", typeof node.value, node.value, node.type ?? null);
    else if (isAlias(node)) out.push("alias", node.source);
    else if (isMap(node)) {
      out.push("map", node.items.length, node.flow === true);
      // A key written twice is an error to YAML (if not to the scenario parser): such a text is not compared.
      const keys = new Set<unknown>();
      for (const pair of node.items) {
        if (!isPair(pair)) return undefined;
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if (keys.has(key)) return undefined;
        keys.add(key);
      }
      for (let i = node.items.length - 1; i >= 0; i--) {
        const pair = node.items[i];
        stack.push((pair.value ?? null) as Node | null, (pair.key ?? null) as Node | null);
      }
    } else if (isSeq(node)) {
      out.push("seq", node.items.length, node.flow === true);
      for (let i = node.items.length - 1; i >= 0; i--) stack.push((node.items[i] ?? null) as Node | null);
    } else return undefined;
    out.push(node.anchor ?? null, node.tag ?? null);
  }
  return out;
}

/** Two flat lists equal item by item (`Object.is`: NaN equals NaN, 0 is not -0). */
function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/** Whether a value is a source span (`{ start, end }`, nothing else), which only places things. */
function isSpan(x: object): boolean {
  const keys = Object.keys(x);
  return keys.length === 2 && typeof (x as { start?: unknown }).start === "number" && typeof (x as { end?: unknown }).end === "number";
}

/** `deepEqual` of two parsed scenarios, except that any two spans are equal. */
function equalButSpans(a: unknown, b: unknown): boolean {
  const stack: [unknown, unknown][] = [[a, b]];
  for (let pair = stack.pop(); pair !== undefined; pair = stack.pop()) {
    const [x, y] = pair;
    if (Object.is(x, y)) continue;
    if (typeof x !== "object" || typeof y !== "object" || x === null || y === null) return false;
    if (Object.getPrototypeOf(x) !== Object.getPrototypeOf(y)) return false;
    if (isSpan(x) && isSpan(y)) continue;
    const xs = entries(x);
    const ys = entries(y);
    if (xs.length !== ys.length) return false;
    for (let i = 0; i < xs.length; i++) stack.push([xs[i][0], ys[i][0]], [xs[i][1], ys[i][1]]);
  }
  return true;
}

/**
 * The findings without their places, in a canonical order: problems are listed by position, and
 * two that tie (say, both at the start of the text) may swap when blank lines before them go.
 */
function findings(problems: readonly Problem[]): string[] {
  return problems.map((p) => JSON.stringify([p.code, p.severity, p.step ?? null, p.message])).sort();
}

/** Every document's data, or undefined when a document has errors or cannot be converted. */
function dataOf(text: string): unknown[] | undefined {
  try {
    const docs = parseAllDocuments(text);
    if (!Array.isArray(docs)) return [];
    if (docs.some((d) => d.errors.length > 0)) return undefined;
    return docs.map((d) => d.toJS());
  } catch {
    // toJS refuses alias bombs ("Excessive alias count"): such a text is left as it is.
    return undefined;
  }
}

function sameComments(before: string, after: string, beforeTokens?: readonly CST.Token[], afterTokens?: readonly CST.Token[]): boolean {
  return deepEqual(commentTexts(before, beforeTokens), commentTexts(after, afterTokens));
}

/**
 * Every comment of `text` (from its `#`, without trailing blanks), in order: read from `tokens`,
 * yaml's parser's tokens of this text, when given and free of error tokens (each comment is a
 * token there, wherever it hangs; sorted by offset, which a patched scalar's growth never
 * reorders), else from yaml's lexer. The two agree (test/shared/language/format.test.ts).
 */
export function commentTexts(text: string, tokens?: readonly CST.Token[]): string[] {
  const found = tokens && commentsOfTokens(tokens);
  return found ?? lexComments(text).map((c) => c.text);
}

function commentsOfTokens(tops: readonly CST.Token[]): string[] | undefined {
  const found: { readonly offset: number; readonly text: string }[] = [];
  const stack: unknown[] = [...tops];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === null || typeof item !== "object") continue;
    if (Array.isArray(item)) {
      for (const x of item) stack.push(x);
      continue;
    }
    const token = item as Record<string, unknown>;
    if (token.type === "error" || token.type === "flow-error-end") return undefined;
    if (token.type === "comment") found.push({ offset: token.offset as number, text: trimComment(token.source as string) });
    for (const key of CHILDREN) if (key in token) stack.push(token[key]);
  }
  return found.sort((a, b) => a.offset - b.offset).map((c) => c.text);
}

/** Where a token (or a collection's item) holds other tokens. */
const CHILDREN = ["start", "key", "sep", "value", "end", "items", "props"] as const;

/**
 * Structural equality of plain data as `toJS` builds it (arrays, objects in key order, Maps,
 * Sets, primitives by `Object.is`), with an explicit stack and a guard for shared or cyclic
 * references (aliases), so no input can overflow the call stack or loop.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  const stack: [unknown, unknown][] = [[a, b]];
  const seen = new Map<object, Set<object>>();
  for (let pair = stack.pop(); pair !== undefined; pair = stack.pop()) {
    const [x, y] = pair;
    if (Object.is(x, y)) continue;
    if (typeof x !== "object" || typeof y !== "object" || x === null || y === null) return false;
    if (Object.getPrototypeOf(x) !== Object.getPrototypeOf(y)) return false;
    const pairs = seen.get(x) ?? new Set<object>();
    if (pairs.has(y)) continue;
    pairs.add(y);
    seen.set(x, pairs);
    const xs = entries(x);
    const ys = entries(y);
    if (xs.length !== ys.length) return false;
    for (let i = 0; i < xs.length; i++) stack.push([xs[i][0], ys[i][0]], [xs[i][1], ys[i][1]]);
  }
  return true;
}

/** An object's contents as ordered [key, value] pairs. */
function entries(x: object): [unknown, unknown][] {
  if (x instanceof Map) return [...x.entries()];
  if (x instanceof Set) return [...x.values()].map((v, i) => [i, v]);
  if (x instanceof Date) return [["time", x.getTime()]];
  if (ArrayBuffer.isView(x)) return [...new Uint8Array(x.buffer, x.byteOffset, x.byteLength)].map((v, i) => [i, v]);
  return Object.keys(x).map((k) => [k, (x as Record<string, unknown>)[k]]);
}
