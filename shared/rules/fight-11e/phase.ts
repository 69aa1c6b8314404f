import type { ConsolidateStep, FightStep, PileInStep } from "../../model/scenario";
import { within } from "../../geometry/tolerance";
import type { RuleContext } from "../context";
import { inches } from "../report";
import { consolidateStep } from "./consolidate";
import { beginFightStep, eligibility, fightStep } from "./fight";
import { pileIn } from "./pile-in";
import { eleventh } from "../../systems/rule-cite";

/**
 * The 11th-edition Fight phase (12.01–12.09) as sub-steps: Pile In → Fight → Consolidate. A step
 * of the wrong sub-step is `sequence.order`; moving on from the Fight step judges 12.04's "every
 * unit that can fight must fight" (`fight.missing`), and each consolidation first judges the
 * units an engaging consolidation made fight (12.08).
 */
export function fightPhaseStep(ctx: RuleContext, step: PileInStep | FightStep | ConsolidateStep): void {
  const { fight, board, report, scenario } = ctx;
  switch (step.kind) {
    case "pile-in": {
      const unit = board.units.get(step.unit.id);
      if (!unit) return;
      if (fight.sub !== "pile-in") {
        report.error(
          "sequence.order",
          `pile-in moves are made in the Pile In step, before any unit fights (${eleventh("12.02")}); an overrun fight's pile-in goes under its \`fight:\` step`,
          step.head,
        );
      } else {
        const earlier = fight.pileIns.get(unit);
        if (earlier)
          report.error("action.repeated", `${unit.id} already made a pile-in move in this Pile In step (${eleventh("12.02")})`, step.head, {
            related: [{ message: "the earlier pile-in", span: earlier }],
          });
        fight.pileIns.set(unit, step.head);
        if (unit.player === scenario.turn && fight.firstOpponentPileIn) {
          report.error(
            "sequence.order",
            `the player whose turn it is (${scenario.turn}) resolves all pile-in moves first, before the opponent's (${eleventh("12.02")})`,
            step.head,
            {
              related: [{ message: "the opponent's earlier pile-in", span: fight.firstOpponentPileIn }],
            },
          );
        }
        if (unit.player !== scenario.turn && !fight.firstOpponentPileIn) fight.firstOpponentPileIn = step.head;
      }
      pileIn(ctx, unit, step, step.head, { overrun: false });
      return;
    }
    case "fight": {
      const unit = board.units.get(step.unit.id);
      if (!unit) return;
      if (fight.sub === "pile-in") beginFightStep(ctx);
      let forced = false;
      if (fight.sub === "consolidate") {
        forced = !!fight.forced?.units.delete(unit);
        if (!forced) {
          report.error(
            "sequence.order",
            `${unit.id} fights after the Consolidate step began; only units engaged by an engaging consolidation fight now (${eleventh("12.07, 12.08")})`,
            step.head,
          );
        }
      }
      fightStep(ctx, step, forced);
      return;
    }
    case "consolidate": {
      if (fight.sub !== "consolidate") endFightStep(ctx);
      reportUnforced(ctx);
      fight.sub = "consolidate";
      consolidateStep(ctx, step);
      return;
    }
  }
}

/** What the end of an 11th-edition Fight phase judges: the Fight step if it never ended, and 12.08. */
export function endFightPhase(ctx: RuleContext): void {
  if (ctx.fight.sub !== "consolidate") endFightStep(ctx);
  reportUnforced(ctx);
}

/** 12.04: every unit that can fight must fight — judged once the timeline has moved past the Fight step. */
function endFightStep(ctx: RuleContext): void {
  const { fight, board, report, system } = ctx;
  if (fight.sub === "pile-in") beginFightStep(ctx);
  for (const u of board.units.values()) {
    if (fight.selected.has(u) || eligibility(ctx, u) === "no") continue;
    // A player may pass when all their eligible units are more than 5" from every enemy unit (11e 12.04.01).
    let nearest = Infinity;
    for (const v of board.unitsWithin(u, system.fightPassRange).keys()) nearest = Math.min(nearest, board.unitGap(u, v));
    const t = within(nearest, system.fightPassRange);
    report.unless(
      t === "no" ? "yes" : t === "yes" ? "no" : "border",
      "fight.missing",
      `${u.id} was eligible to fight and never fought; every unit that can fight must fight (${eleventh("12.04")})`,
      u.def.span,
      {
        related: [{ message: `the nearest enemy unit is ${inches(nearest)} away`, span: u.def.span }],
      },
    );
  }
}

/** 12.08: units an engaging consolidation engaged must be selected to fight before the next consolidation move. */
function reportUnforced(ctx: RuleContext): void {
  const forced = ctx.fight.forced;
  if (!forced) return;
  for (const u of forced.units) {
    ctx.report.error(
      "fight.missing",
      `${u.id} was engaged by an engaging consolidation and had to be selected to fight before the next consolidation move (${eleventh("12.08")})`,
      u.def.span,
      {
        related: [{ message: "the engaging consolidation", span: forced.span }],
      },
    );
  }
  ctx.fight.forced = undefined;
}
