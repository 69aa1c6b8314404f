import type { AttackEntry, AttackUse, ConsolidateSpec, ModelDef, ModelMove, Ref, RefList, ShowSpec, Step, UnitChoice, UnitDef } from "../model/scenario";
import type { IdEntry, ParseContext } from "./parse-context";
import type { UnitDraft } from "./parse-units";
import { quote } from "./yaml-nodes";

/**
 * Checks every reference against the ids the scenario defines and leaves out what cannot be used,
 * so the engine never meets an id that does not exist: an unknown id gets a
 * `scenario.unknown-ref` finding; an id whose definition had errors is dropped quietly (its
 * definition already has a finding).
 */
/**
 * How many unknown ids of a text get a "did you mean" (each costs a scan of the ids): a text full
 * of bad refs gets it for the first few only. Each unknown id of a definition or step is one
 * `scenario.unknown-ref` finding made while one is left.
 */
export const SUGGESTIONS = 25;

export class RefResolver {
  private suggestionsLeft = SUGGESTIONS;

  constructor(private readonly ctx: ParseContext) {}

  /** The units with their `charged:` targets checked. */
  units(drafts: readonly UnitDraft[]): UnitDef[] {
    return drafts.map((d) => {
      const unit: UnitDef = {
        id: d.id,
        span: d.span,
        player: d.player ?? "",
        keywords: d.keywords,
        charged: d.charged,
        chargeTargets: this.refs(d.chargeTargets, (r) => this.unit(r)),
        fightsFirst: d.fightsFirst,
        ...(d.move !== undefined && { move: d.move }),
        advanced: d.advanced,
        fellBack: d.fellBack,
        battleShocked: d.battleShocked,
        models: d.models.map((m) => this.modelWargear(m)),
        ...(d.wargear && { wargear: this.wargear(d.wargear) }),
      };
      return d.name === undefined ? unit : { ...unit, name: d.name };
    });
  }

  /** The steps with their refs checked; a step whose unit is unusable is left out. */
  steps(steps: readonly Step[]): Step[] {
    const out: Step[] = [];
    for (const step of steps) {
      const resolved = this.ctx.inStep(step.index, () => {
        const s = this.step(step);
        const show = step.show && this.show(step.show);
        return s && (show ? { ...s, show } : s);
      });
      if (resolved) out.push(resolved);
    }
    return out;
  }

  /** A `show:` with its ids checked: rulers and rings between models and objectives, units for halos and links, a model for the region and callouts. */
  show(spec: ShowSpec): ShowSpec {
    const { models, objectives, units } = this.ctx.registry;
    const modelOrObjective = (r: Ref): Ref | undefined =>
      models.has(r.id)
        ? this.known(r, models, "model")
        : objectives.has(r.id)
          ? this.known(r, objectives, "objective")
          : this.known(r, models, "model or objective");
    const choice = (c: UnitChoice | undefined): UnitChoice | undefined =>
      c === undefined || c.all ? c : { units: this.refs(c.units, (r) => this.known(r, units, "unit")), span: c.span };
    const engagement = choice(spec.engagement);
    const coherency = choice(spec.coherency);
    const region = spec.region && this.known(spec.region, models, "model");
    return {
      measure: spec.measure.filter((m) => {
        const from = this.known(m.from, models, "model");
        const to = modelOrObjective(m.to);
        return from !== undefined && to !== undefined;
      }),
      ...(engagement && { engagement }),
      ...(coherency && { coherency }),
      rings: spec.rings.filter((r) => modelOrObjective(r.around) !== undefined),
      ...(region && { region }),
      callouts: spec.callouts.filter((c) => !("id" in c.at) || modelOrObjective(c.at) !== undefined),
      span: spec.span,
    };
  }

  private step(step: Step): Step | undefined {
    switch (step.kind) {
      case "pile-in": {
        const unit = this.unit(step.unit);
        const moves = this.moves(step.moves, unit?.id);
        const targets = this.refList(step.targets);
        return unit && { ...step, unit, moves, ...(targets && { targets }) };
      }
      case "fight": {
        const unit = this.unit(step.unit);
        const targets = this.refList(step.targets);
        const pileIn = step.pileIn && {
          ...step.pileIn,
          moves: this.moves(step.pileIn.moves, unit?.id),
          ...(step.pileIn.targets && { targets: this.refList(step.pileIn.targets) }),
        };
        const consolidate = step.consolidate && { ...this.consolidation(step.consolidate, unit?.id), span: step.consolidate.span };
        const attacks = step.attacks && { entries: this.attackEntries(step.attacks.entries, unit?.id), span: step.attacks.span };
        const resolve = step.resolve && {
          items: step.resolve.items.filter(
            (i) => this.unit(i.unit) !== undefined && (i.profiles ?? []).every((w) => this.known(w.weapon, this.ctx.registry.weapons, "weapon") !== undefined),
          ),
          span: step.resolve.span,
        };
        return (
          unit && {
            ...step,
            unit,
            ...(targets && { targets }),
            ...(attacks && { attacks }),
            ...(resolve && { resolve }),
            ...(pileIn && { pileIn }),
            ...(consolidate && { consolidate }),
          }
        );
      }
      case "consolidate": {
        const unit = this.unit(step.unit);
        const resolved = this.consolidation(step, unit?.id);
        // An unknown objective is left out; the rest of the step stays.
        const { objective: _written, ...rest } = step;
        return unit && { ...rest, ...resolved, unit };
      }
      case "move": {
        const unit = this.unit(step.unit);
        const moves = this.moves(step.moves, unit?.id);
        return unit && { ...step, unit, moves };
      }
      case "charge": {
        const unit = this.unit(step.unit);
        const moves = this.moves(step.moves, unit?.id);
        const targets = this.refList(step.targets);
        return unit && { ...step, unit, moves, ...(targets && { targets }) };
      }
      case "remove":
        return { ...step, models: this.refs(step.models, (r) => this.known(r, this.ctx.registry.models, "model")) };
      case "phase":
        return step;
    }
  }

  /**
   * A consolidation's refs checked (a consolidate step's or a fight's nested block): its moves
   * must be of `unit`; an unknown objective is left out and the rest stays.
   */
  private consolidation(spec: ConsolidateSpec, unit: string | undefined): ConsolidateSpec {
    const moves = this.moves(spec.moves, unit);
    const targets = this.refList(spec.targets);
    const objective = spec.objective && this.known(spec.objective, this.ctx.registry.objectives, "objective");
    return { ...(spec.mode && { mode: spec.mode }), ...(targets && { targets }), ...(objective && { objective }), moves };
  }

  /** Wargear with its weapon ids checked (unknown ones left out). */
  private wargear(list: RefList): RefList {
    return { ...list, refs: this.refs(list.refs, (r) => this.known(r, this.ctx.registry.weapons, "weapon")) };
  }

  private modelWargear(m: ModelDef): ModelDef {
    return m.wargear ? { ...m, wargear: this.wargear(m.wargear) } : m;
  }

  /**
   * The entries of `attacks:`: a model must exist (whether it belongs to the fighting unit is a
   * rule, `attack.model`); a use's weapon and targets must exist. Unusable parts are left out.
   */
  private attackEntries(entries: readonly AttackEntry[], unit: string | undefined): AttackEntry[] {
    const out: AttackEntry[] = [];
    for (const entry of entries) {
      if (entry.model && (!this.known(entry.model, this.ctx.registry.models, "model") || unit === undefined)) continue;
      const uses: AttackUse[] = [];
      for (const use of entry.uses) {
        const weapon = this.known(use.weapon, this.ctx.registry.weapons, "weapon");
        const targets = use.targets.filter((t) => this.unit(t.unit) !== undefined);
        if (weapon && targets.length > 0) uses.push({ ...use, targets });
      }
      out.push({ ...entry, uses });
    }
    return out;
  }

  /** A unit ref, or undefined. */
  private unit(ref: Ref): Ref | undefined {
    return this.known(ref, this.ctx.registry.units, "unit");
  }

  private refList(list: RefList | undefined): RefList | undefined {
    return list && { ...list, refs: this.refs(list.refs, (r) => this.unit(r)) };
  }

  private refs(refs: readonly Ref[], check: (ref: Ref) => Ref | undefined): Ref[] {
    const out: Ref[] = [];
    for (const ref of refs) {
      if (check(ref)) out.push(ref);
    }
    return out;
  }

  /**
   * The moves whose model exists, is usable and belongs to the step's unit. When the step's unit
   * is itself unusable (`unit` undefined), only existence is checked, for the findings.
   */
  private moves(moves: readonly ModelMove[], unit: string | undefined): ModelMove[] {
    const out: ModelMove[] = [];
    for (const move of moves) {
      const entry = this.known(move.model, this.ctx.registry.models, "model") && this.ctx.registry.models.get(move.model.id);
      if (!entry || unit === undefined) continue;
      if (entry.unit !== unit) {
        const message = `model ${quote(move.model.id)} belongs to unit ${quote(entry.unit ?? "")}, not to ${quote(unit)}`;
        this.ctx.error("scenario.unknown-ref", message, move.model.span);
        continue;
      }
      out.push(move);
    }
    return out;
  }

  /** The ref when its id is defined and usable; reports an id that is not defined at all. */
  private known<R extends Ref>(ref: R, ids: ReadonlyMap<string, IdEntry>, what: string): R | undefined {
    const entry = ids.get(ref.id);
    if (entry) return entry.ok ? ref : undefined;
    const hint = this.suggest(ref.id, ids);
    this.ctx.error("scenario.unknown-ref", `unknown ${what} ${quote(ref.id)}${hint}`, ref.span);
    return undefined;
  }

  private suggest(id: string, ids: ReadonlyMap<string, IdEntry>): string {
    if (this.suggestionsLeft <= 0) return "";
    this.suggestionsLeft--;
    let best: string | undefined;
    let bestDistance = Math.min(2, id.length - 1);
    for (const [candidate, entry] of ids) {
      if (!entry.ok || Math.abs(candidate.length - id.length) > bestDistance) continue;
      const d = editDistance(id, candidate, bestDistance);
      if (d <= bestDistance && (best === undefined || d < bestDistance)) {
        best = candidate;
        bestDistance = d;
      }
    }
    return best === undefined ? "" : `; did you mean ${quote(best)}?`;
  }
}

/** Levenshtein distance, giving up (returning limit + 1) once it must exceed `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      rowMin = Math.min(rowMin, row[j]);
    }
    if (rowMin > limit) return limit + 1;
    prev = row;
  }
  return prev[b.length];
}
