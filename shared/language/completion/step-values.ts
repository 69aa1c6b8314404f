import { CODES, type Code } from "../../diagnostics/codes";
import type { ConsolidationMode, FallBackMode, FightType, InterventionMode, MoveType, Option, Step } from "../../model/scenario";
import { CONSOLIDATION_MODES, FALL_BACK_MODES, FIGHT_TYPES, INTERVENTION_MODES, MOVE_TYPES, PHASES } from "../../parse/vocabulary";
import { VALUE_DOCS } from "../schema/index";
import { applyEnds, boardBefore, probeChoice, rankEnemies, rankObjectives, type StepBoard, type Verdict } from "./board";
import { inOrder, sortKey, type CompletionEntry } from "./entry";
import { modelStep, textStep, valueInsert, type Scope, type TextStep } from "./scope";

/**
 * Values inside a step: its unit (or removed models, or phase), targets in rules order, the
 * objective, fight types and modes as the engine judges them here, and codes for `illegal:`.
 * `nested` is a fight's `pile-in` or `consolidate` block when the value is written inside one.
 */
export function stepValues(scope: Scope, index: number, key: string, nested?: "pile-in" | "consolidate"): CompletionEntry[] {
  const step = textStep(scope, index);
  if (step.kind === undefined) return [];
  if (nested === undefined && key === step.kind) return headValues(scope, step);
  const place = nested ? `fight.${nested}` : step.kind;
  switch (key) {
    case "targets":
      return targetValues(scope, step, place);
    case "objective":
      return place === "consolidate" || place === "fight.consolidate" ? objectiveValues(scope, step) : [];
    case "illegal":
      return nested ? [] : codeValues(scope, index);
    case "type":
    case "mode":
    case "intervention":
      return choiceValues(scope, step, place, key);
    default:
      return [];
  }
}

/** `- fight: |` and the like: units; `- remove: |`: models on the board; `- phase: |`: phases. */
function headValues(scope: Scope, step: TextStep): CompletionEntry[] {
  const { ctx } = scope;
  const sb = scope.boardAt(step.index);
  if (step.kind === "phase") {
    return inOrder(
      0,
      PHASES.map((p) => ({
        label: p,
        kind: "value" as const,
        insert: valueInsert(ctx, p, false),
        ...(sb?.phase === p && { detail: "the phase the timeline is in" }),
      })),
    );
  }
  if (!sb) return [];
  const written = ctx.list?.written ?? [];
  if (step.kind === "remove") {
    const models = [...sb.board.models.values()].filter((m) => m.alive && !written.includes(m.def.id));
    return inOrder(
      0,
      models.map((m) => ({ label: m.def.id, kind: "model" as const, detail: `${m.unit.id} · at ${point(m.at)}`, insert: valueInsert(ctx, m.def.id, false) })),
    );
  }
  const { board, scenario } = sb;
  const acting = (u: { player: string; def: { charged: boolean } }, engaged: boolean): boolean =>
    step.kind === "move" || step.kind === "charge" ? u.player === scenario.turn : engaged || u.def.charged;
  const done = actedThisPhase(scenario.steps, step.index, step.kind!);
  const units = [...board.units.values()].filter((u) => board.alive(u).length > 0);
  const ranked = units.map((u) => {
    const engaged = board.isEngaged(u) !== "no";
    const name = u.def.name ? ` · ${u.def.name}` : "";
    const already = done.has(u.id) ? ` · already made a ${step.kind} step this phase` : "";
    return { u, group: done.has(u.id) ? 2 : acting(u, engaged) ? 0 : 1, detail: `${u.player}${name}${engaged ? " · engaged" : ""}${already}` };
  });
  ranked.sort((a, b) => a.group - b.group);
  return ranked.map((r, i) => ({
    label: r.u.id,
    kind: "unit" as const,
    detail: r.detail,
    sortText: sortKey(r.group, i),
    insert: valueInsert(ctx, r.u.id, false),
  }));
}

/** Units that made a step of `kind` earlier in the current phase (since the last `phase:` step before `index`). */
function actedThisPhase(steps: readonly Step[], index: number, kind: string): Set<string> {
  const out = new Set<string>();
  for (const s of steps) {
    if (s.index >= index) break;
    if (s.kind === "phase") out.clear();
    else if (s.kind === kind && "unit" in s) out.add(s.unit.id);
  }
  return out;
}

/** The range that picks "within" targets for a targets list at a place. */
function targetRange(sb: StepBoard, place: string): number {
  const { system } = sb;
  if (place === "pile-in" || place === "fight.pile-in") return system.pileIn.targetRange;
  if (place === "consolidate" || place === "fight.consolidate") return system.consolidate.engagingRange;
  if (place === "charge") return system.charge.declareRange;
  return system.engagementRange;
}

/** Enemy units of the step's unit: engaged first, then within the rule's range, then the rest. */
function targetValues(scope: Scope, step: TextStep, place: string): CompletionEntry[] {
  const { ctx } = scope;
  const written = ctx.list?.written ?? [];
  const shared = scope.boardAt(step.index);
  const actor = step.unit === undefined ? undefined : shared?.board.units.get(step.unit);
  if (!shared || !actor) return [];
  let sb = shared;
  // A fight's targets are attacked after its nested pile-in: measure from where that left the models.
  const found = place === "fight" ? modelStep(scope, step) : undefined;
  if (found?.kind === "fight" && found.pileIn && found.pileIn.moves.length > 0) {
    sb = boardBefore(sb.scenario, step.index);
    applyEnds(sb, found.pileIn.moves);
  }
  const ranked = rankEnemies(sb, sb.board.units.get(actor.id)!, targetRange(sb, place)).filter((r) => !written.includes(r.unit.id));
  return ranked.map((r, i) => ({
    label: r.unit.id,
    kind: "unit" as const,
    detail: r.detail,
    documentation: `${r.unit.def.name ? `**${r.unit.def.name}**, ` : ""}${r.unit.player}, ${sb.board.alive(r.unit).length} model(s) on the board`,
    sortText: sortKey(r.bucket, i),
    insert: valueInsert(ctx, r.unit.id, true),
  }));
}

/** Objectives by distance from the step's unit, those within range first. */
function objectiveValues(scope: Scope, step: TextStep): CompletionEntry[] {
  const sb = scope.boardAt(step.index);
  const actor = step.unit === undefined ? undefined : sb?.board.units.get(step.unit);
  if (!sb) return [];
  const ranked = actor
    ? rankObjectives(sb, actor, sb.system.consolidate.objectiveRange)
    : sb.scenario.objectives.map((o) => ({ id: o.id, bucket: 1, detail: "", gap: 0 }));
  return ranked.map((o, i) => ({
    label: o.id,
    kind: "objective" as const,
    ...(o.detail !== "" && { detail: o.detail }),
    sortText: sortKey(o.bucket, i),
    insert: valueInsert(scope.ctx, o.id, false),
  }));
}

/** Codes that are never written under `illegal:`: a syntax error has no steps, and an unmet expectation is about `illegal:` itself. */
const NOT_EXPECTABLE: ReadonlySet<string> = new Set(["yaml.syntax", "scenario.too-large", "expect.unmet"]);

/** Codes for `illegal: [`: those the engine reports on this step first, then every other, with their meanings. */
function codeValues(scope: Scope, index: number): CompletionEntry[] {
  const { ctx } = scope;
  const written = ctx.list?.written ?? [];
  const reported = new Set(
    scope
      .model()
      .stepProblems(index)
      .map((p) => p.code),
  );
  const codes = (Object.keys(CODES) as Code[]).filter((c) => !NOT_EXPECTABLE.has(c) && !written.includes(c));
  const entry = (code: Code, here: boolean): Omit<CompletionEntry, "sortText"> => ({
    label: code,
    kind: "code",
    detail: here ? "reported on this step" : CODES[code],
    documentation: CODES[code],
    insert: valueInsert(ctx, code, true),
  });
  const values = ctx.list ? [] : inOrder(0, [{ label: "true", kind: "value", detail: "breaks at least one rule", insert: valueInsert(ctx, "true", false) }]);
  return [
    ...values,
    ...inOrder(
      1,
      codes.filter((c) => reported.has(c)).map((c) => entry(c, true)),
    ),
    ...inOrder(
      2,
      codes.filter((c) => !reported.has(c)).map((c) => entry(c, false)),
    ),
  ];
}

/** A written choice as the model holds it; the step's head stands in for its span. */
function option<T extends string>(value: string | undefined, step: Step): Option<T> | undefined {
  return value === undefined ? undefined : { value: value as T, span: step.head };
}

/** The choices of `type:`, `mode:` and `intervention:` at a place, with how to write one into a step. */
function choicesAt(place: string, key: string): { values: readonly string[]; doc: string; patch: (s: Step, v: string | undefined) => Step } | undefined {
  if (place === "fight" && key === "type") {
    return { values: FIGHT_TYPES, doc: "fight-type", patch: (s, v) => (s.kind === "fight" ? { ...s, type: option<FightType>(v, s) } : s) };
  }
  if ((place === "consolidate" || place === "fight.consolidate") && key === "mode") {
    const patch = (s: Step, v: string | undefined): Step => {
      const mode = option<ConsolidationMode>(v, s);
      if (s.kind === "consolidate") return { ...s, mode };
      return s.kind === "fight" && s.consolidate ? { ...s, consolidate: { ...s.consolidate, mode } } : s;
    };
    return { values: CONSOLIDATION_MODES, doc: "consolidation-mode", patch };
  }
  if (place === "move" && key === "type") {
    // An advance needs its roll; without one the engine would fault the missing roll, not the type.
    const patch = (s: Step, v: string | undefined): Step =>
      s.kind === "move" ? { ...s, type: option<MoveType>(v, s), ...(v === "advance" && !s.roll && { roll: { value: 1, span: s.head } }) } : s;
    return { values: MOVE_TYPES, doc: "move-type", patch };
  }
  if (place === "move" && key === "mode") {
    return { values: FALL_BACK_MODES, doc: "fall-back-mode", patch: (s, v) => (s.kind === "move" ? { ...s, mode: option<FallBackMode>(v, s) } : s) };
  }
  if (place === "charge" && key === "intervention") {
    return {
      values: INTERVENTION_MODES,
      doc: "intervention",
      patch: (s, v) => (s.kind === "charge" ? { ...s, intervention: option<InterventionMode>(v, s) } : s),
    };
  }
  return undefined;
}

/** Fight types and modes: those the engine accepts for this step first (verified by replaying it with each). */
function choiceValues(scope: Scope, step: TextStep, place: string, key: string): CompletionEntry[] {
  const choices = choicesAt(place, key);
  if (!choices) return [];
  const found = modelStep(scope, step);
  const scenario = scope.model().scenario;
  const verdicts = found && scenario ? probeChoice(scenario, found, choices.values, choices.patch, scope.expired) : new Map<string, Verdict>();
  // A value that is wrong only because the unit may not act here comes before one wrong in itself.
  const group = (v: Verdict | undefined): number => (v === undefined || v.ok === "yes" ? 0 : v.ok === "border" || v.blocked ? 1 : 2);
  const unit = found && "unit" in found ? found.unit.id : step.unit;
  const detail = (v: Verdict): string =>
    v.ok === "yes" ? "allowed here" : v.ok === "border" ? "borderline here" : v.blocked ? `${unit} cannot act here (${v.blocked})` : "not allowed here";
  const entries = choices.values.map((value, i) => {
    const verdict = verdicts.get(value);
    const meaning = VALUE_DOCS[`${choices.doc}:${value}`] ?? "";
    const said = verdict?.message ? `\n\nHere: ${verdict.message}` : "";
    return {
      label: value,
      kind: "value" as const,
      ...(verdict && { detail: detail(verdict) }),
      documentation: meaning + said,
      sortText: sortKey(group(verdict), i),
      insert: valueInsert(scope.ctx, value, false),
    };
  });
  return entries;
}

/** `[x, y]` rounded to hundredths. */
export function point(p: { x: number; y: number }): string {
  const r = (n: number): number => Math.round(n * 100) / 100;
  return `[${r(p.x)}, ${r(p.y)}]`;
}
