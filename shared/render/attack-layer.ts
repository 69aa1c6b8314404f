/**
 * A fight step's melee attacks drawn on its board (a fight step with `attacks:` only): each
 * declared attack as a line from the attacking model to the closest model of its target unit (a
 * split's count labelled on it), the base-to-base chains that let back-rank models fight, and a
 * faded veil over the models that cannot fight. Positions are the fight's (engine/fight-frame.ts).
 */
import { fightFrame } from "../engine/fight-frame";
import type { FightStep } from "../model/scenario";
import { project } from "./base-shape";
import { anchorOf } from "./label-placer";
import { pointTag } from "./point-tag";
import { modelBox } from "./model-layers";
import { coloursOfPlayer, type RenderContext } from "./render-context";
import { el, num } from "./svg-text";

const LABEL_SIZE = 10;

export interface AttackLayer {
  /** The attack lines, drawn under the bases (so each runs from base edge to base edge). */
  readonly lines: string;
  /** The base-to-base chains, drawn over the bases they join. */
  readonly shapes: string;
  /** Veils over the models that cannot fight, drawn over their bases. */
  readonly faded: string;
  readonly placeLabels: () => string;
}

export function attackLayer(ctx: RenderContext): AttackLayer | undefined {
  const step = ctx.step;
  if (step?.kind !== "fight" || !step.attacks) return undefined;
  const f = fightFrame(ctx.scenario, ctx.system, step as FightStep);
  if (!f) return undefined;
  const at = (id: string): readonly [number, number] | undefined => ctx.models.get(id)?.at;
  const px = (id: string): [number, number] | undefined => {
    const p = at(id);
    return p && project(ctx.proj, p);
  };
  let shapes = "";
  let lines = "";
  let faded = "";
  const cannot = new Set(f.models.filter((m) => m.can === "no").map((m) => m.id));
  const labels: { text: string; at: [number, number] }[] = [];
  for (const m of f.models) {
    const frame = ctx.models.get(m.id);
    if (!frame) continue;
    if (m.can === "no") {
      const box = modelBox(ctx, frame);
      const a = anchorOf(box);
      faded += el("ellipse", {
        class: "cannot-fight",
        "data-model": m.id,
        cx: num(a.cx),
        cy: num(a.cy),
        rx: num(a.rx),
        ry: num(a.ry),
        fill: ctx.theme.background,
        "fill-opacity": 0.6,
      });
    }
    if (m.chain) {
      const pts = [m.id, ...m.chain].map(px);
      if (pts.every((p) => p !== undefined)) {
        const d = pts.map((p, i) => `${i === 0 ? "M" : "L"}${p![0].toFixed(2)} ${p![1].toFixed(2)}`).join("");
        shapes += el("path", {
          class: "fight-chain",
          "data-model": m.id,
          d,
          fill: "none",
          stroke: ctx.theme.text,
          "stroke-width": 2,
          "stroke-dasharray": "0.1 5",
          "stroke-linecap": "round",
        });
      }
    }
  }
  for (const a of f.attacks) {
    const from = px(a.from);
    const to = px(a.to);
    const look = ctx.models.get(a.from);
    if (!from || !to || !look) continue;
    const colour = coloursOfPlayer(ctx, look.player).stroke;
    lines += el("line", {
      class: "attack",
      "data-model": a.from,
      "data-target": a.unit,
      "data-weapon": a.weapon,
      ...(a.count !== undefined && { "data-count": a.count }),
      x1: num(from[0]),
      y1: num(from[1]),
      x2: num(to[0]),
      y2: num(to[1]),
      stroke: colour,
      "stroke-width": 2,
      "stroke-opacity": 0.8,
      "stroke-linecap": "round",
      // A declared attack of a model that cannot fight is drawn dashed.
      ...(cannot.has(a.from) && { "stroke-dasharray": "5 4" }),
    });
    if (a.count !== undefined) labels.push({ text: `×${a.count}`, at: [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2] });
  }
  return {
    lines: lines === "" ? "" : el("g", { class: "attacks" }, lines),
    shapes: shapes === "" ? "" : el("g", { class: "fight-chains" }, shapes),
    faded,
    placeLabels: () => labels.map((l) => pointTag(ctx, { ...l, cls: "attack-count" }, LABEL_SIZE, true)).join(""),
  };
}
