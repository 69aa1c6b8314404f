import { within, type Tri } from "../../geometry/tolerance";
import type { PileInSpec } from "../../model/scenario";
import type { Span } from "../../source/span";
import type { UnitState } from "../../board/board-state";
import { hasCharged, type RuleContext } from "../context";
import { inches, list } from "../report";
import { checkApproach } from "../common/approach";
import { checkLocks, checkStillEngaged, engagementsBefore, keepsEngagements, locksBefore } from "../common/engagement";
import { applyMoves, checkEndPositions, checkPaths, plannedMoves } from "../common/moves";
import { checkCoherency } from "../common/coherency";
import { eleventh } from "../../systems/rule-cite";

/**
 * The pile-in move (11e 12.03): eligibility, pile-in targets, 3", the base-contact lock, closer to the
 * closest pile-in target and engaged with it if possible, unit ends engaged, engaged models stay engaged.
 * Used by the Pile In step (11e 12.02) and by the overrun fight's extra pile-in (11e 12.06).
 */
export function pileIn(ctx: RuleContext, unit: UnitState, spec: PileInSpec, head: Span, opts: { overrun: boolean }): void {
  const { board, report, system } = ctx;
  const engaged = board.isEngaged(unit);

  if (!opts.overrun && engaged === "no" && !hasCharged(ctx, unit)) {
    report.error(
      "action.not-eligible",
      `${unit.id} is not eligible to pile in: it is not engaged and did not make a charge move this turn (${eleventh("12.03")})`,
      head,
      {
        related: [{ message: unit.id, span: unit.def.span }],
      },
    );
  }

  const targets = pileInTargets(ctx, unit, spec, engaged, head);
  const locks = locksBefore(board, unit);
  const before = engagementsBefore(board, unit);
  const moves = plannedMoves(board, unit, spec.moves, report);
  checkPaths(board, moves, system.pileIn.maxDistance, "pile-in", eleventh("12.03"), report);
  const moved = applyMoves(board, moves);
  if (moved.length === 0) return;
  checkEndPositions(board, moved, eleventh("12.03"), report);
  const free = checkLocks(moved, locks, eleventh("12.03"), report);

  const coherentWith = board.coherencyProbe(unit);
  checkApproach(ctx, free, {
    targets: targets.units,
    ambiguous: targets.ambiguous,
    what: "pile-in target",
    rule: eleventh("12.03"),
    limit: system.pileIn.maxDistance,
    unitOk: (mm) => keepsEngagements(board, mm.model, before) && coherentWith(mm.model),
    unitPossible: coherentWith.possible,
  });
  checkStillEngaged(board, moved, before, eleventh("12.03"), report);

  const after = board.isEngaged(unit);
  report.unless(after, "engagement.required", `${unit.id} must end its pile-in engaged with an enemy unit (${eleventh("12.03")})`, head);
  checkCoherency(board, unit, head, report);
}

/**
 * 12.03 Before Moving: an engaged unit selects every enemy unit it is engaged with; otherwise one or
 * more enemy units within 5". Unwritten targets are inferred as the most permissive legal choice.
 */
function pileInTargets(ctx: RuleContext, unit: UnitState, spec: PileInSpec, engaged: Tri, head: Span): { units: UnitState[]; ambiguous: boolean } {
  const { board, report, system } = ctx;
  const engagedWith = board.engagedUnits(unit);
  const range = system.pileIn.targetRange;
  const nearby = board.unitsWithin(unit, range);

  if (!spec.targets) {
    if (engaged === "yes") {
      const units = [...engagedWith.keys()];
      return { units, ambiguous: [...engagedWith.values()].some((t) => t !== "yes") };
    }
    const units = [...new Set([...engagedWith.keys(), ...nearby.keys()])];
    if (units.length === 0) {
      report.error("action.targets", `${unit.id} has no enemy unit within ${inches(range)} to select as a pile-in target (${eleventh("12.03")})`, head);
    }
    return { units, ambiguous: units.length > 1 };
  }

  const written = spec.targets.refs.map((r) => board.units.get(r.id)).filter((u): u is UnitState => !!u);
  const friendly = written.filter((u) => u.player === unit.player);
  for (const f of friendly) {
    report.error("action.targets", `${f.id} is a friendly unit and cannot be a pile-in target (${eleventh("12.03")})`, spec.targets.span);
  }
  const enemies = written.filter((u) => u.player !== unit.player);

  if (engaged !== "no") {
    // Engaged: exactly every enemy unit it is engaged with (border cases may go either way).
    const missing = [...engagedWith].filter(([v, t]) => t === "yes" && !enemies.includes(v)).map(([v]) => v.id);
    const extra = enemies.filter((v) => !engagedWith.has(v));
    const engagedRuleOk = missing.length === 0 && extra.length === 0;
    const unengagedRuleOk = engaged === "border" && enemies.length > 0 && enemies.every((v) => nearby.has(v));
    if (!engagedRuleOk && !unengagedRuleOk) {
      const parts: string[] = [];
      if (missing.length) parts.push(`it must also select ${list(missing)}`);
      if (extra.length) parts.push(`it is not engaged with ${list(extra.map((v) => v.id))}`);
      report.error(
        "action.targets",
        `${unit.id} is engaged, so its pile-in targets are every enemy unit it is engaged with: ${parts.join("; ")} (${eleventh("12.03")})`,
        spec.targets.span,
      );
    }
    return { units: enemies, ambiguous: false };
  }

  if (enemies.length === 0 && friendly.length === 0) {
    report.error(
      "action.targets",
      `${unit.id} must select one or more enemy units within ${inches(range)} as pile-in targets (${eleventh("12.03")})`,
      spec.targets.span,
    );
  }
  for (const v of enemies) {
    const t = within(board.unitGap(unit, v), range);
    report.unless(
      t,
      "action.targets",
      `${v.id} is ${inches(board.unitGap(unit, v))} from ${unit.id}; pile-in targets must be within ${inches(range)} (${eleventh("12.03")})`,
      spec.targets.span,
      {
        related: [{ message: v.id, span: v.def.span }],
      },
    );
  }
  return { units: enemies, ambiguous: false };
}
