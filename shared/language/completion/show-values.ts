import type { Scenario } from "../../model/scenario";
import { inOrder, sortKey, type CompletionEntry } from "./entry";
import type { Segment } from "./lines";
import { textStep, valueInsert, type Scope } from "./scope";
import { point } from "./step-values";

/**
 * Values inside `show:` (parse/parse-show.ts), on the scenario (`step` undefined) or on the step at
 * that index: `all` and unit ids for `engagement:` / `coherency:`, a model for `region:`, a model
 * then a model or an objective for a ruler of `measure:`, a model or an objective for a ring's
 * `around:` and a callout's `at:`. The step's own unit comes first; ids already written are left out.
 */
export function showValues(scope: Scope, rest: readonly Segment[], key: string, step: number | undefined): CompletionEntry[] {
  const scenario = scope.model().scenario;
  if (!scenario) return [];
  const own = step === undefined ? undefined : textStep(scope, step).unit;
  if (rest.length === 0) {
    if (key === "engagement" || key === "coherency") return unitChoice(scope, scenario, own);
    if (key === "region") return models(scope, scenario, own, step, 0);
    if (key === "measure" && scope.ctx.list) {
      // In a pair: the first end is a model; the second a model or an objective.
      const first = scope.ctx.list.written.length === 0;
      return [...models(scope, scenario, own, step, 0), ...(first ? [] : objectives(scope, scenario, 1))];
    }
    return [];
  }
  const inRing = rest.length === 2 && rest[0] === "rings" && key === "around";
  const inCallout = rest.length === 2 && rest[0] === "callouts" && key === "at";
  if (inRing || inCallout) return [...models(scope, scenario, own, step, 0), ...objectives(scope, scenario, 1)];
  return [];
}

/** `all` (not inside a list), then the units not yet written, the step's own first. */
function unitChoice(scope: Scope, scenario: Scenario, own: string | undefined): CompletionEntry[] {
  const { ctx } = scope;
  const written = ctx.list?.written ?? [];
  const all: CompletionEntry[] = ctx.list
    ? []
    : [{ label: "all", kind: "value", detail: "every unit on the board", sortText: sortKey(0, 0), insert: valueInsert(ctx, "all", false) }];
  const units = scenario.units
    .filter((u) => !written.includes(u.id))
    .sort((a, b) => Number(b.id === own) - Number(a.id === own))
    .map((u) => ({ label: u.id, kind: "unit" as const, detail: `${u.player}${u.name ? ` · ${u.name}` : ""}`, insert: valueInsert(ctx, u.id, false) }));
  return [...all, ...inOrder(1, units)];
}

/** The models on the board at the step (the set-up's for the scenario's own `show:`), the step's unit first. */
function models(scope: Scope, scenario: Scenario, own: string | undefined, step: number | undefined, group: number): CompletionEntry[] {
  const { ctx } = scope;
  const written = ctx.list?.written ?? [];
  const board = step === undefined ? undefined : scope.boardAt(step)?.board;
  const all = scenario.units.flatMap((u) => u.models.map((m) => ({ unit: u.id, id: m.id, at: m.at })));
  const listed = all
    .filter((m) => !written.includes(m.id))
    .map((m) => {
      const state = board?.models.get(m.id);
      return { ...m, at: state?.at ?? m.at, alive: state ? state.alive : true };
    })
    .filter((m) => m.alive)
    .sort((a, b) => Number(b.unit === own) - Number(a.unit === own));
  return inOrder(
    group,
    listed.map((m) => ({ label: m.id, kind: "model" as const, detail: `${m.unit} · at ${point(m.at)}`, insert: valueInsert(ctx, m.id, false) })),
  );
}

function objectives(scope: Scope, scenario: Scenario, group: number): CompletionEntry[] {
  const { ctx } = scope;
  const written = ctx.list?.written ?? [];
  return inOrder(
    group,
    scenario.objectives
      .filter((o) => !written.includes(o.id))
      .map((o) => ({ label: o.id, kind: "objective" as const, detail: `objective at ${point(o.at)}`, insert: valueInsert(ctx, o.id, false) })),
  );
}
