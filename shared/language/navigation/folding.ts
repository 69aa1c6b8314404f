import { endOf, type YNode } from "../../parse/yaml-nodes";
import { LineIndex } from "../../source/span";
import type { ScenarioTree } from "./occurrences-tree";
import { isMap, isPair, isSeq } from "yaml";

/** A foldable range of lines (0-based, both shown when folded: `startLine` stays, the rest hides). */
export interface Fold {
  readonly startLine: number;
  readonly endLine: number;
  readonly kind?: "comment";
}

/**
 * The folds of a scenario: every `key:` whose value runs over several lines (each unit, its
 * `models:`, `steps:`, a step's `to:`, a multi-line flow list such as a terrain `area:`, a block
 * note), every step (a sequence item over several lines), and every run of two or more comment
 * lines. When two folds start on one line the larger is kept, since an editor shows one per line.
 * @param lineOf the 0-based line of an offset, as the editor counts lines (`\r\n`, `\r`)
 */
export function foldingRanges(tree: ScenarioTree, lineOf: (offset: number) => number = defaultLineOf(tree.text)): Fold[] {
  const byStart = new Map<number, Fold>();
  const add = (fold: Fold): void => {
    const existing = byStart.get(fold.startLine);
    if (fold.endLine > fold.startLine && (!existing || existing.endLine < fold.endLine)) byStart.set(fold.startLine, fold);
  };
  const range = (start: number, node: YNode): void => add({ startLine: lineOf(start), endLine: lineOf(trimEnd(tree.text, start, endOf(node))) });
  // An explicit stack, not recursion: how deep the YAML nests is the text's to choose.
  const stack: YNode[] = tree.root ? [tree.root] : [];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (isMap(node)) {
      for (const pair of node.items as unknown[]) {
        if (!isPair(pair)) continue;
        const key = pair.key as YNode | null;
        const value = pair.value as YNode | null;
        if (key && value) range(key.range[0], value);
        if (value) stack.push(value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items as unknown[]) {
        if (!isMap(item) && !isSeq(item)) continue;
        range((item as YNode).range[0], item as YNode);
        stack.push(item as YNode);
      }
    }
  }
  for (const fold of commentRuns(tree.text, lineOf)) add(fold);
  return [...byStart.values()].sort((a, b) => a.startLine - b.startLine);
}

/** Runs of two or more lines that hold only a comment. */
function commentRuns(text: string, lineOf: (offset: number) => number): Fold[] {
  const folds: Fold[] = [];
  const comment = /^[ \t]*#.*$/gm;
  let run: { start: number; end: number } | undefined;
  for (let m = comment.exec(text); m !== null; m = comment.exec(text)) {
    const line = lineOf(m.index);
    if (run && line === run.end + 1) run.end = line;
    else {
      if (run && run.end > run.start) folds.push({ startLine: run.start, endLine: run.end, kind: "comment" });
      run = { start: line, end: line };
    }
  }
  if (run && run.end > run.start) folds.push({ startLine: run.start, endLine: run.end, kind: "comment" });
  return folds;
}

/** The end of a value without the line breaks and spaces `yaml` counts into some ranges (block scalars). */
function trimEnd(text: string, start: number, end: number): number {
  let e = Math.min(end, text.length);
  while (e > start + 1 && /\s/.test(text.charAt(e - 1))) e--;
  return e;
}

function defaultLineOf(text: string): (offset: number) => number {
  const lines = new LineIndex(text);
  return (offset) => lines.position(offset).line;
}
