import { closer, MARGIN, TAU, within, type Tri } from "../../geometry/tolerance";
import { bestTri, type UnitState } from "../../board/board-state";
import type { RuleContext } from "../context";
import { inches } from "../report";
import { unitGapPoints } from "./engagement";
import type { MovedModel } from "./moves";
import { at, searchWitness } from "./witness-search";

/**
 * "Each model that is moved must end its move closer to the closest <target>, and engaged with
 * it if possible" — shared by pile-in (11e 12.03) and ongoing/engaging consolidation (11e 12.08).
 * The closest target is taken at the start of the move; ties let the player choose (01.04.02).
 */
export interface ApproachSpec {
  /** Candidate targets; the closest of them (at the start) is the one to approach. */
  readonly targets: readonly UnitState[];
  /** The targets were inferred and the player had a choice: accept closer to any of them, claim no "if possible". */
  readonly ambiguous: boolean;
  /** How messages name the target, e.g. "pile-in target". */
  readonly what: string;
  readonly rule: string;
  readonly limit: number;
  /** Unit-level conditions a witness position must also meet (the model is placed there when called). */
  readonly unitOk: (m: MovedModel) => boolean;
  /** False when `unitOk` fails for every placement (see WitnessGoal.possible). */
  readonly unitPossible?: () => boolean;
}

export function checkApproach(ctx: RuleContext, moved: readonly MovedModel[], spec: ApproachSpec): void {
  const { board, report } = ctx;
  if (spec.targets.length === 0) return;
  const er = ctx.system.engagementRange;
  for (const mm of moved) {
    const d0 = spec.targets.map((t) => board.shapeUnitGap(mm.fromShape, t));
    const d1 = spec.targets.map((t) => board.shapeUnitGap(mm.model.shape, t));
    const min0 = Math.min(...d0);
    const admissible = spec.targets.map((_, i) => i).filter((i) => spec.ambiguous || d0[i] <= min0 + TAU);
    // No measurable gap (never for a parsed board): nothing can be judged, so nothing is reported.
    if (admissible.length === 0) continue;
    const id = mm.model.def.id;

    // The other reading of "closest" (at the end of the move) only softens findings to warnings:
    // a move it allows (closer to that target and engaged with it) is never called clearly illegal.
    // Every target tied for closest at the end is one the player could have meant (01.04.02).
    const min1 = Math.min(...d1);
    const endClosest = d1.map((_, k) => k).filter((k) => d1[k] <= min1 + TAU && closer(d0[k], d1[k]) !== "no");
    const alt = endClosest[0] ?? -1;
    const altTri = endClosest.reduce<Tri>((t, k) => bestTri(t, closer(d0[k], d1[k])), "no");
    let best: Tri = "no";
    for (const i of admissible) best = bestTri(best, closer(d0[i], d1[i]));
    if (best !== "yes") {
      const i = admissible[0];
      const t = spec.targets[i];
      const msg = `${id} must end closer to ${t.id}, the closest ${spec.what}: ${inches(d0[i])} at the start, ${inches(d1[i])} at the end (${spec.rule})`;
      const extra = {
        related: [{ message: `${t.id}, the closest ${spec.what}`, span: t.def.span }],
        measure: { value: d1[i], limit: d0[i], ...unitGapPoints(board, mm.model.shape, t) },
      };
      if (best === "no" && altTri !== "no") {
        report.warning(
          "move.not-closer",
          `${msg} — legal under the reading that takes the closest ${spec.what} at the end of the move, ${spec.targets[alt].id} (see the readings page)`,
          mm.move.span,
          extra,
        );
      } else report.unless(best, "move.not-closer", msg, mm.move.span, extra);
    }

    if (spec.ambiguous || admissible.length !== 1) continue;
    const i = admissible[0];
    const t = spec.targets[i];
    if (within(d1[i], er) !== "no") continue;
    const w = engagedWitness(ctx, mm, spec, t, d0[i]);
    if (!w) continue;
    // Under the end reading "engaged with it if possible" binds the target closest at the end: the
    // move is legal under it when the model is engaged with one of those, or cannot be (no verified
    // position engages it). Name the target that makes it so.
    const lenientBy =
      endClosest.find((k) => within(d1[k], er) !== "no") ?? endClosest.find((k) => k !== i && !engagedWitness(ctx, mm, spec, spec.targets[k], d0[k]));
    const lenient = lenientBy !== undefined;
    report.add(
      "move.missed-engagement",
      lenient ? "warning" : "error",
      `${id} could have ended engaged with ${t.id}: at ${at(w.centre)} it is within ${inches(er)} and meets every other condition (${spec.rule})` +
        (lenient
          ? ` — legal under the reading that takes the closest ${spec.what} at the end of the move, ${spec.targets[lenientBy].id} (see the readings page)`
          : ""),
      mm.move.span,
      {
        related: [
          {
            message: `witness: ${id} at ${at(w.centre)}${mm.model.shape.kind === "ellipse" ? `, facing ${Math.round(w.facingDeg)}°` : ""}`,
            span: mm.move.span,
          },
          { message: `${t.id}, the closest ${spec.what}`, span: t.def.span },
        ],
        witness: { model: id, at: [w.centre.x, w.centre.y] },
      },
    );
  }
}

/**
 * A verified end position, within the move, engaged with `t` and closer to it than `start` (the
 * gap at the start of the move), with the unit's own conditions met; undefined when none is found.
 */
function engagedWitness(ctx: RuleContext, mm: MovedModel, spec: ApproachSpec, t: UnitState, start: number): ReturnType<typeof searchWitness> {
  const er = ctx.system.engagementRange;
  return searchWitness(ctx.board, mm, {
    targets: ctx.board.alive(t).map((n) => n.shape),
    goalGap: er - MARGIN,
    limit: spec.limit,
    verify: () => {
      const g = ctx.board.shapeUnitGap(mm.model.shape, t);
      return g <= er - MARGIN && g < start - MARGIN && spec.unitOk(mm);
    },
    possible: spec.unitPossible,
  });
}
