import { within, type Tri } from "../../geometry/tolerance";
import type { RefList } from "../../model/scenario";
import type { BoardState, UnitState } from "../../board/board-state";
import { hasCharged, type RuleContext } from "../context";
import { inches, list } from "../report";
import { ruleName } from "./unit-checks";

/**
 * The targets of a 10th-edition unit's melee attacks (`targets:` on its fight step; source 003
 * L19, L22): a model may target an enemy unit it is within Engagement
 * Range of, or one that a model of its own unit in base-to-base contact with it is itself in
 * base-to-base contact with. The language names targets per unit, so a target is allowed when some
 * model of the unit may pick it. With the club ruling `chargers-attack-only-charge-targets`, a unit
 * that charged this turn may attack only the units it declared as charge targets (source 002 L25, L56).
 */
export function checkMeleeTargets(ctx: RuleContext, unit: UnitState, targets: RefList): void {
  const { board, report, system } = ctx;
  const rule = ruleName(ctx, "Fight");
  const declared = ctx.turn.charged.get(unit) ?? [];
  for (const ref of targets.refs) {
    const v = board.units.get(ref.id);
    if (!v) continue;
    if (v.player === unit.player) {
      report.error("fight.target", `${v.id} is a friendly unit and cannot be attacked (${rule})`, targets.span);
      continue;
    }
    const related = [{ message: v.id, span: v.def.span }];
    const t = canTarget(board, unit, v, system.engagementRange);
    if (t !== "yes") {
      report.unless(
        t,
        "fight.target",
        `${v.id} is ${inches(board.unitGap(unit, v))} from ${unit.id}: a model may attack an enemy unit only if it is within Engagement Range (${inches(system.engagementRange)}) of it, or in base-to-base contact with a model of its own unit that is itself in base-to-base contact with it (${rule}: Select Targets)`,
        targets.span,
        { related },
      );
      continue;
    }
    // An unlisted `charged: true` says nothing about the targets: no finding rests on it.
    if (system.readings.chargersAttackOnlyChargeTargets && hasCharged(ctx, unit) && declared.length > 0 && !declared.includes(v)) {
      report.error(
        "fight.target",
        `${unit.id} charged this turn, so it may only attack the units it declared as charge targets (${list(declared.map((d) => d.id))}), not ${v.id} (club ruling chargers-attack-only-charge-targets, seed 002 L25, L56)`,
        targets.span,
        { related },
      );
    }
  }
}

/**
 * May some model of `unit` target `v`? The base-to-base chain never adds a unit here: the model of
 * the unit that touches `v` is itself within Engagement Range of it. (It decides which models
 * fight, which the language does not record.)
 */
function canTarget(board: BoardState, unit: UnitState, v: UnitState, er: number): Tri {
  return within(board.unitGap(unit, v), er);
}
