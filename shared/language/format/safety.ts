import { analyze, type Analysis } from "../../engine/analyze";
import { readLayout } from "./layout";
import { parseAllDocuments } from "yaml";

/**
 * The formatter's safety net: a formatted text is only offered when it means exactly what the
 * text did. Checked after every formatting, whatever the rules that produced it.
 */

/**
 * Whether `after` has the same data as `before` (every YAML document, deep-equal as plain
 * JavaScript, key order included), the same comments in the same order, and the same Ruleboard
 * findings (code, severity, step and message; as many of each).
 * @param beforeAnalysis the analysis of `before` if already at hand (the server caches it)
 */
export function sameMeaning(before: string, after: string, beforeAnalysis?: Analysis): boolean {
  if (before === after) return true;
  const data = [before, after].map(dataOf);
  if (data[0] === undefined || data[1] === undefined || !deepEqual(data[0], data[1])) return false;
  const comments = [before, after].map(commentsOf);
  if (comments[0] === undefined || comments[1] === undefined || !deepEqual(comments[0], comments[1])) return false;
  const a = beforeAnalysis ?? analyze(before);
  const b = analyze(after);
  if ((a.scenario === undefined) !== (b.scenario === undefined)) return false;
  return deepEqual(findings(a), findings(b));
}

/**
 * The findings without their places, in a canonical order: problems are listed by position, and
 * two that tie (say, both at the start of the text) may swap when blank lines before them go.
 */
function findings(analysis: Analysis): string[] {
  return analysis.problems.map((p) => JSON.stringify([p.code, p.severity, p.step ?? null, p.message])).sort();
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

/** The text of every comment, in order (without trailing whitespace). */
function commentsOf(text: string): string[] | undefined {
  const layout = readLayout(text);
  if (layout === undefined) return undefined;
  return layout.leaves.filter((l) => l.type === "comment").map((l) => text.slice(l.start, l.end).replace(/[ \t]+$/, ""));
}

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
