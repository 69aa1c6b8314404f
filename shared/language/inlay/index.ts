import type { Scenario, Step } from "../../model/scenario";
import type { Span } from "../../source/span";
import { moveRecords, type MoveRecord } from "../board/index";
import { inches, md, stepName } from "../text/index";

/**
 * Inlay hints after each model's move entry under `to:`: the distance moved and the move's limit
 * (`2.8"/3"`, the limit left out when the scenario gives none), and the gap to the closest enemy
 * model once the step is over (`0.45" to b1`). The numbers are the engine's replay (move records).
 */

export type InlayKind = "distance" | "gap";

/** One hint, positioned by offset: right after the move entry's value. */
export interface InlaySpec {
  readonly offset: number;
  readonly kind: InlayKind;
  readonly label: string;
  /** Markdown for the hint's tooltip. */
  readonly tooltip: string;
}

/** Which hints to give, and for which part of the text (the editor asks for the visible range). */
export interface InlayOptions {
  readonly distance: boolean;
  readonly gap: boolean;
  readonly range?: Span;
}

/** The hints of a parsed scenario, in text order (a move's distance before its gap). */
export function inlayHints(scenario: Scenario, options: InlayOptions): InlaySpec[] {
  if (!options.distance && !options.gap) return [];
  const out: InlaySpec[] = [];
  for (const r of moveRecords(scenario)) {
    const offset = r.move.span.end;
    if (options.range && (offset < options.range.start || offset > options.range.end)) continue;
    const step = scenario.steps.find((s) => s.index === r.step);
    if (!step) continue;
    if (options.distance) out.push({ offset, kind: "distance", label: distanceLabel(r), tooltip: distanceTooltip(r) });
    if (options.gap && r.closest) out.push({ offset, kind: "gap", label: `${inches(r.closest.gap)} to ${r.closest.model}`, tooltip: gapTooltip(r, step) });
  }
  return out.sort((a, b) => a.offset - b.offset);
}

/** `2.8"/3"`, or `2.8"` when the move has no limit written (no `move:`, no roll). */
export function distanceLabel(r: MoveRecord): string {
  return r.limit.limit === undefined ? inches(r.distance) : `${inches(r.distance)}/${inches(r.limit.limit)}`;
}

function distanceTooltip(r: MoveRecord): string {
  const limit = r.limit.limit === undefined ? `no limit is written for this ${r.limit.what}` : `the ${r.limit.what} limit is ${inches(r.limit.limit)}`;
  return `**${md(r.move.model.id)}** moved ${inches(r.distance)} (waypoints included); ${limit}`;
}

function gapTooltip(r: MoveRecord, step: Step): string {
  const c = r.closest!;
  return `After ${stepName(step)}, the closest enemy model to **${md(r.move.model.id)}** is **${md(c.model)}** (${md(c.unit)}), ${inches(c.gap)} edge to edge`;
}
