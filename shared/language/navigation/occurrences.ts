import type { ConsolidateSpec, ModelMove, Ref, RefList, Scenario, ShowSpec, Step } from "../../model/scenario";
import type { Span } from "../../source/span";

/** What an id names. */
export type IdKind = "unit" | "model" | "objective" | "terrain" | "weapon";

/**
 * One place an id is written: its definition (the key under `units:`, `models:`, `objectives:`,
 * `terrain:`) or a reference to it (a step's unit, a target, a moved model, a removed model, a
 * consolidation's objective, a unit's `charged:` list). `span` covers the id text only.
 */
export interface Occurrence {
  readonly kind: IdKind;
  readonly id: string;
  readonly span: Span;
  readonly definition: boolean;
  /** The step the reference is written in, for references inside `steps:`. */
  readonly step?: number;
}

/**
 * Every definition and every resolved reference in the scenario, in text order. References the
 * parser could not resolve (unknown ids) are not here: they name nothing. Nor are the ids in what
 * the parser left out (a step whose unit is unknown, a unit without a player): for navigation and
 * rename, which must see those too, use `readScenarioTree` (occurrences-tree.ts), read from the
 * YAML tree.
 */
export function occurrences(scenario: Scenario): Occurrence[] {
  const out: Occurrence[] = [];
  const def = (kind: IdKind, id: string, span: Span): void => void out.push({ kind, id, span, definition: true });
  const ref = (kind: IdKind, r: Ref, step?: number): void =>
    void out.push({ kind, id: r.id, span: r.span, definition: false, ...(step !== undefined && { step }) });
  for (const o of scenario.objectives) def("objective", o.id, o.span);
  for (const t of scenario.terrain) def("terrain", t.id, t.span);
  for (const w of scenario.weapons) def("weapon", w.id, w.span);
  for (const u of scenario.units) {
    def("unit", u.id, u.span);
    for (const r of u.chargeTargets) ref("unit", r);
    for (const r of u.wargear?.refs ?? []) ref("weapon", r);
    for (const m of u.models) {
      def("model", m.id, m.span);
      for (const r of m.wargear?.refs ?? []) ref("weapon", r);
    }
  }
  for (const step of scenario.steps) stepRefs(step, (kind, r) => ref(kind, r, step.index));
  const objectives = new Set(scenario.objectives.map((o) => o.id));
  const either = (r: Ref): IdKind => (objectives.has(r.id) ? "objective" : "model");
  const show = (spec: ShowSpec | undefined, step?: number): void => {
    if (!spec) return;
    for (const m of spec.measure) {
      ref("model", m.from, step);
      ref(either(m.to), m.to, step);
    }
    for (const c of [spec.engagement, spec.coherency]) if (c && !c.all) for (const u of c.units) ref("unit", u, step);
    for (const r of spec.rings) ref(either(r.around), r.around, step);
    if (spec.region) ref("model", spec.region, step);
    for (const c of spec.callouts) if ("id" in c.at) ref(either(c.at), c.at, step);
  };
  show(scenario.show);
  for (const step of scenario.steps) show(step.show, step.index);
  return out.sort((a, b) => a.span.start - b.span.start);
}

/** The occurrence whose id text contains `offset` (the end of the id counts, as editors expect). */
export function occurrenceAt(scenario: Scenario, offset: number): Occurrence | undefined {
  return occurrences(scenario).find((o) => o.span.start <= offset && offset <= o.span.end);
}

type RefSink = (kind: IdKind, ref: Ref) => void;

function stepRefs(step: Step, sink: RefSink): void {
  switch (step.kind) {
    case "pile-in":
    case "move":
      sink("unit", step.unit);
      moveRefs(step.moves, sink);
      if (step.kind === "pile-in") listRefs(step.targets, sink);
      return;
    case "charge":
      sink("unit", step.unit);
      listRefs(step.targets, sink);
      moveRefs(step.moves, sink);
      return;
    case "fight":
      sink("unit", step.unit);
      listRefs(step.targets, sink);
      if (step.pileIn) {
        listRefs(step.pileIn.targets, sink);
        moveRefs(step.pileIn.moves, sink);
      }
      if (step.consolidate) consolidationRefs(step.consolidate, sink);
      for (const entry of step.attacks?.entries ?? []) {
        if (entry.model) sink("model", entry.model);
        for (const use of entry.uses) {
          sink("weapon", use.weapon);
          for (const t of use.targets) sink("unit", t.unit);
        }
      }
      for (const item of step.resolve?.items ?? []) {
        sink("unit", item.unit);
        for (const p of item.profiles ?? []) sink("weapon", p.weapon);
      }
      return;
    case "consolidate":
      sink("unit", step.unit);
      consolidationRefs(step, sink);
      return;
    case "remove":
      for (const r of step.models) sink("model", r);
      return;
    case "phase":
      return;
  }
}

function consolidationRefs(spec: ConsolidateSpec, sink: RefSink): void {
  listRefs(spec.targets, sink);
  if (spec.objective) sink("objective", spec.objective);
  moveRefs(spec.moves, sink);
}

function listRefs(list: RefList | undefined, sink: RefSink): void {
  for (const r of list?.refs ?? []) sink("unit", r);
}

function moveRefs(moves: readonly ModelMove[], sink: RefSink): void {
  for (const m of moves) sink("model", m.model);
}
