import type { Analysis } from "../../engine/analyze";
import { applyEdits, roundCoordinate, type TextEdit } from "../text/index";
import { siteEdit, type Site } from "./insert";
import { badTarget, contextOf, entryText, numberEdits, plan } from "./plan";
import { verify, type Placed } from "./verify";

/**
 * The text edits behind "drag a model on the board and the YAML follows". In the set-up the
 * model's own position under `units:` changes; in a step, the end of its move under that step's
 * `to:` (the last waypoint of a path), or a new `id: [x, y]` entry, or a new `to:` block. Only the
 * number tokens change, or the one entry is added: comments, quotes, style, key order and every
 * other byte stay. A position the board cannot rewrite exactly (an alias, an anchor, a tag, a
 * merge key, quoted text, …) is refused with a sentence naming the model, and `placementLock`
 * gives the same sentence so the board can mark the model before it is dragged.
 */

export type { TextEdit } from "../text/index";

/** One model put somewhere by the board (the same shape as the protocol's `ModelPlacement`, which this layer may not import). */
export interface ModelPlacement {
  readonly model: string;
  readonly to: readonly [number, number];
}

/** The edits that make the text say what the board shows, or why the board cannot. */
export type PlacementEdit = { readonly edits: readonly TextEdit[] } | { readonly refused: string };

/**
 * The edits that put each model of `moves` at its `to` in `step` (a step index as in
 * `Problem.step` / `Step.index`; null = the set-up). `analysis` is `analyze(text)`. All or nothing:
 * if any model cannot be moved the whole call is refused and nothing is written. The edits never
 * overlap, and the edited text is read again before they are returned. Never throws.
 */
export function placementEdits(text: string, analysis: Analysis, step: number | null, moves: readonly ModelPlacement[]): PlacementEdit {
  try {
    return editsFor(text, analysis, step, moves);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { refused: `the board could not write the move (internal error, please report it): ${reason.split("\n")[0]}` };
  }
}

/**
 * Why the board cannot move `model` in `step` (undefined when it can): the sentence
 * `placementEdits` would refuse with, for marking the models the board may not drag. Reads the
 * text's YAML once for all the models of one text.
 */
export function placementLock(text: string, analysis: Analysis, step: number | null, model: string): string | undefined {
  try {
    const p = plan(contextOf(text, analysis), step, model);
    return p.kind === "refused" ? p.reason : undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `the board cannot move ${model} (internal error, please report it): ${reason.split("\n")[0]}`;
  }
}

function editsFor(text: string, analysis: Analysis, step: number | null, moves: readonly ModelPlacement[]): PlacementEdit {
  if (!Array.isArray(moves)) return { refused: "the board sent no list of moves" };
  // One position per model: the last one given, in the order the models were first given.
  const wanted = new Map<string, readonly [number, number]>();
  for (const m of moves) {
    if (m === null || typeof m !== "object" || typeof m.model !== "string") return { refused: "the board sent a move without a model id" };
    wanted.set(m.model, m.to);
  }
  const ctx = contextOf(text, analysis);
  const edits: TextEdit[] = [];
  const sites = new Map<string, { site: Site; entries: string[] }>();
  const placed: Placed[] = [];
  for (const [id, to] of wanted) {
    const bad = badTarget(id, to);
    if (bad !== undefined) return { refused: bad };
    const at = { x: roundCoordinate(to[0]), y: roundCoordinate(to[1]) };
    const p = plan(ctx, step, id);
    if (p.kind === "refused") return { refused: p.reason };
    if (p.kind === "numbers") edits.push(...numberEdits(p.tokens, at));
    else {
      const group = sites.get(p.site.key) ?? { site: p.site, entries: [] };
      group.entries.push(entryText(p.key, at));
      sites.set(p.site.key, group);
    }
    placed.push({ id, at });
  }
  for (const { site, entries } of sites.values()) edits.push(siteEdit(site, entries));
  edits.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
  for (let i = 1; i < edits.length; i++) {
    if (edits[i].span.start < edits[i - 1].span.end || edits[i].span.start === edits[i - 1].span.start) {
      return { refused: "the board's edits would overlap; it cannot write these moves together" };
    }
  }
  if (edits.length === 0) return { edits };
  const wrong = verify(text, applyEdits(text, edits), step, placed);
  if (wrong !== undefined) return { refused: `the board could not write the move into the text (${wrong})` };
  return { edits };
}
