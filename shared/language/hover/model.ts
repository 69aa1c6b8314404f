import { neighboursNeeded, type CoherencyRule } from "../../board/coherency";
import type { FightStep, Scenario, Step } from "../../model/scenario";
import { boardAfter, closestEnemy, coherencyNeighbours, engagedWith, fightFacts, reachText, systemOf, type MoveRecord } from "../board/index";
import { baseText, inches, md, num, point, stepHead, stepName } from "../text/index";

/**
 * Hovers on ids: a model (where it stands, its closest enemy, engagement and coherency, on the
 * board after the step the cursor is in, or the set-up), a unit (player, models, keywords, the
 * state flags of its set-up) and an objective. Markdown, one fact per line.
 */

/** When the board is taken: after `step`, or the set-up. */
function when(step: Step | undefined): string {
  return step === undefined ? "set-up" : `after ${stepName(step)} (\`${stepHead(step)}\`)`;
}

/**
 * A model at a moment of the timeline. `move` is the record of the model's move in that step,
 * when the cursor is on a move entry: its distance and limit are shown first.
 */
export function modelHover(scenario: Scenario, modelId: string, step: Step | undefined, move?: MoveRecord): string | undefined {
  const board = boardAfter(scenario, step?.index);
  const m = board.models.get(modelId);
  if (!m) return undefined;
  const unitName = m.unit.def.name ? ` (${md(m.unit.def.name)})` : "";
  const lines = [`**${md(m.def.id)}** · model of **${md(m.unit.id)}**${unitName}, ${md(m.unit.player)} · ${when(step)}`, ""];
  if (move) lines.push(`- ${moveLine(move)}`);
  if (!m.alive) {
    lines.push("- removed: not on the board at this point");
    return lines.join("\n");
  }
  lines.push(`- at ${point(m.at)}, base ${baseText(m.def.base, m.facing)}`);
  const c = closestEnemy(board, m);
  lines.push(c ? `- closest enemy: **${md(c.model.def.id)}** (${md(c.model.unit.id)}), gap ${inches(c.gap)}` : "- closest enemy: none on the board");
  const range = inches(board.system.engagementRange);
  const engaged = engagedWith(board, m);
  lines.push(
    engaged.length === 0
      ? `- not engaged (engagement range ${range})`
      : `- engaged (within ${range}) with ${engaged.map((e) => `**${md(e.unit.id)}**${e.tri === "border" ? " (borderline)" : ""}`).join(", ")}`,
  );
  lines.push(`- ${coherencyLine(board.system.coherency, board.alive(m.unit).length, coherencyNeighbours(board, m))}`);
  if (step?.kind === "fight" && step.unit.id === m.unit.id) lines.push(...fightLines(scenario, step, modelId));
  return lines.join("\n");
}

/**
 * A model of the fighting unit at its fight: whether it can fight and why (the checker's reach),
 * what it may attack, and its melee weapons with their Attacks.
 */
function fightLines(scenario: Scenario, step: FightStep, modelId: string): string[] {
  const f = fightFacts(scenario, step).find((x) => x.model.def.id === modelId);
  if (!f) return [];
  const chain = systemOf(scenario).system.attacks.reach === "engagement-or-chain";
  const out: string[] = [];
  if (f.reach.t === "no") {
    const lacks = chain ? "not within Engagement Range of an enemy unit, and no base-to-base chain to one" : "not engaged with an enemy unit";
    out.push(`- at its fight: **cannot fight**: ${reachText(f.model, f.reach, inches)}, ${lacks}`);
  } else out.push(`- at its fight: **can fight**, ${reachText(f.model, f.reach, inches)}`);
  if (f.targets.length > 0) out.push(`- may attack: ${f.targets.map((t) => `**${md(t.unit)}** (${reachText(f.model, t.reach, inches)})`).join(", ")}`);
  if (f.melee) {
    const weapons = f.melee.flatMap((w) => w.profiles.map((p) => `${md(p.name ? `${w.id}/${p.name}` : w.id)} (A ${md(p.attacks.text)})`));
    out.push(weapons.length ? `- melee weapons: ${weapons.join(", ")}` : "- no melee weapon: it makes no melee attacks");
  }
  return out;
}

function coherencyLine(rule: CoherencyRule, alive: number, n: ReturnType<typeof coherencyNeighbours>): string {
  if (alive <= 1) return "coherency: the only model of its unit left";
  const need = neighboursNeeded(alive, rule);
  const within =
    n.near.length === 0 ? "none" : n.near.map((x) => `${md(x.model.def.id)} ${inches(x.gap)}${x.tri === "border" ? " (borderline)" : ""}`).join(", ");
  const far = n.far.length === 0 ? "" : `; beyond ${n.far.map((x) => `${md(x.model.def.id)} ${inches(x.gap)}`).join(", ")}`;
  return `coherency (${need > 1 ? `${need} needed ` : ""}within ${inches(rule.near)}): ${within}${far}`;
}

/** `moved 2.83" of 3" (pile-in) from (10, 10) to (12.83, 10)`. */
export function moveLine(r: MoveRecord): string {
  const limit = r.limit.limit === undefined ? ` (${r.limit.what}; no limit written)` : ` of ${inches(r.limit.limit)} (${r.limit.what})`;
  const end = r.move.path[r.move.path.length - 1];
  const via = r.move.path.length > 1 ? ` via ${r.move.path.length - 1} waypoint${r.move.path.length > 2 ? "s" : ""}` : "";
  return `moved ${inches(r.distance)}${limit} from ${point(r.from)} to ${point(end)}${via}`;
}

/** A move entry (`q1: [x, y]` under `to:`): the move, and the closest enemy after the step. */
export function moveHover(r: MoveRecord, step: Step): string {
  const lines = [`**${md(r.move.model.id)}** · ${stepName(step)} (\`${stepHead(step)}\`)`, "", `- ${moveLine(r)}`];
  if (r.closest) lines.push(`- after the step: closest enemy **${md(r.closest.model)}** (${md(r.closest.unit)}), gap ${inches(r.closest.gap)}`);
  return lines.join("\n");
}

/** A unit: its set-up as written (the state flags are what happened earlier in the turn). */
export function unitHover(scenario: Scenario, unitId: string): string | undefined {
  const u = scenario.units.find((x) => x.id === unitId);
  if (!u) return undefined;
  const name = u.name ? ` (${md(u.name)})` : "";
  const lines = [`**${md(u.id)}**${name} · unit of ${md(u.player)}${u.player === scenario.turn ? " (whose turn it is)" : ""}`, ""];
  lines.push(`- models (${u.models.length}): ${u.models.map((m) => md(m.id)).join(", ") || "none"}`);
  lines.push(`- keywords: ${u.keywords.length ? u.keywords.map(md).join(", ") : "none"}`);
  const flags: string[] = [];
  if (u.move !== undefined) flags.push(`move ${num(u.move)}"`);
  if (u.charged) flags.push(u.chargeTargets.length ? `charged (${u.chargeTargets.map((r) => md(r.id)).join(", ")})` : "charged");
  if (u.fightsFirst) flags.push("fights first");
  if (u.advanced) flags.push("advanced");
  if (u.fellBack) flags.push("fell back");
  if (u.battleShocked) flags.push("battle-shocked");
  lines.push(`- state: ${flags.length ? flags.join(", ") : "nothing earlier this turn"}`);
  return lines.join("\n");
}

/** An objective marker: where it is, its size and range in this rules system. */
export function objectiveHover(scenario: Scenario, objectiveId: string, diameterMm: number, range: number): string | undefined {
  const o = scenario.objectives.find((x) => x.id === objectiveId);
  if (!o) return undefined;
  return `**${md(o.id)}** · objective marker\n\n- at ${point(o.at)}, ${num(diameterMm)} mm, range ${inches(range)}`;
}

/** A weapon of the catalogue: range, each profile's characteristics and keywords. */
export function weaponHover(scenario: Scenario, weaponId: string): string | undefined {
  const w = scenario.weapons.find((x) => x.id === weaponId);
  if (!w) return undefined;
  const name = w.name ? ` (${md(w.name)})` : "";
  const range = w.range === "melee" ? "melee weapon" : `ranged weapon, ${inches(w.range)}: it cannot make melee attacks`;
  const lines = [`**${md(w.id)}**${name} · ${range}`, ""];
  for (const p of w.profiles) {
    const chars = ["WS", "BS", "S", "AP", "D"].filter((k) => p.characteristics[k] !== undefined).map((k) => `${k} ${md(p.characteristics[k])}`);
    const keywords = p.keywords.length ? ` · ${p.keywords.map(md).join(", ")}` : "";
    lines.push(`- ${p.name ? `**${md(p.name)}**: ` : ""}A ${md(p.attacks.text)}${chars.length ? `, ${chars.join(", ")}` : ""}${keywords}`);
  }
  const carriers = scenario.units.flatMap((u) => u.models.filter((m) => (m.wargear ?? u.wargear)?.refs.some((r) => r.id === w.id)).map((m) => m.id));
  if (carriers.length) lines.push(`- carried by ${carriers.map(md).join(", ")}`);
  return lines.join("\n");
}
