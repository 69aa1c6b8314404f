import type { BoardState } from "../../board/board-state";
import { signedGap } from "../../geometry/gap";
import { circle, type Shape } from "../../geometry/shape";
import type { Ref, Scenario, ShowSpec } from "../../model/scenario";
import type { Span } from "../../source/span";
import { boardAfter, systemOf } from "../board/index";
import { inches, md, stepHead, stepName } from "../text/index";

/**
 * A ruler of `show: measure:` under the cursor: the gap it is labelled with on the board it is
 * drawn on — the edge-to-edge measure the checker uses (geometry/gap.ts), as the renderer draws it.
 * A step's ruler is measured after that step; the scenario's, at the set-up and after the last step.
 */
export function rulerHover(scenario: Scenario, offset: number): { markdown: string; span: Span } | undefined {
  const inSpan = (s: ShowSpec | undefined) => s?.measure.find((r) => r.span.start <= offset && offset <= r.span.end);
  for (const step of scenario.steps) {
    const r = inSpan(step.show);
    if (r) return { markdown: ruler(scenario, r, [[`after ${stepName(step)} (\`${stepHead(step)}\`)`, boardAfter(scenario, step.index)]]), span: r.span };
  }
  const r = inSpan(scenario.show);
  if (!r) return undefined;
  const last = scenario.steps[scenario.steps.length - 1];
  const boards: [string, BoardState][] = [["at the set-up", boardAfter(scenario, undefined)]];
  if (last) boards.push([`after the last step, ${stepName(last)}`, boardAfter(scenario, last.index)]);
  return { markdown: ruler(scenario, r, boards), span: r.span };
}

function ruler(scenario: Scenario, r: ShowSpec["measure"][number], boards: readonly [string, BoardState][]): string {
  const lines = [`**Ruler** ${md(r.from.id)} → ${md(r.to.id)} · edge to edge, as the checker measures`, ""];
  for (const [when, board] of boards) {
    const a = shapeOf(scenario, board, r.from);
    const b = shapeOf(scenario, board, r.to);
    if (!a || !b) {
      lines.push(`- ${when}: not drawn (${a ? r.to.id : r.from.id} is not on the board)`);
      continue;
    }
    const gap = signedGap(a, b);
    lines.push(`- ${when}: ${gap < 0 ? `the bases overlap by ${inches(-gap)}` : inches(gap)}`);
  }
  return lines.join("\n");
}

/** A model's base on this board, or an objective's marker. */
function shapeOf(scenario: Scenario, board: BoardState, ref: Ref): Shape | undefined {
  const m = board.models.get(ref.id);
  if (m) return m.alive ? m.shape : undefined;
  const o = scenario.objectives.find((x) => x.id === ref.id);
  return o && circle(o.at, systemOf(scenario).system.objective.diameterMm / 2 / 25.4);
}
