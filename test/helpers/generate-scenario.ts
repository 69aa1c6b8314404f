// A deterministic generator of large, valid 11e Fight-phase scenarios, shared by the benchmark and
// the fuzz tests. Each "combat" is a red unit facing a blue unit, engaged (1.6" apart, inside the
// 2" engagement range) but not in base contact, so the generated pile-ins, fights, removes and
// consolidations are legal or close to it. Combats sit in grid cells 8" apart, more than the 5"
// pile-in target range, so they never interact. Nothing here reads a clock or Math.random.
import { createRng } from "./prng";

/** What to generate. */
export interface ScenarioSpec {
  /** Units in total; pairs of them form combats (an odd last unit stands alone). */
  readonly units: number;
  /** Models per unit, set up in two ranks; at most 14 keeps a unit within the 9" coherency span. */
  readonly modelsPerUnit: number;
  /** Steps in the timeline. */
  readonly steps: number;
  /** PRNG seed: the same spec always gives the same text. */
  readonly seed: number;
}

/** About 10 KB of YAML: 20 units, 200 models, 40 steps. */
export const SMALL_SCENARIO: ScenarioSpec = { units: 20, modelsPerUnit: 10, steps: 40, seed: 10 };

/** About 100 KB of YAML: 200 units, 2,000 models, 400 steps. */
export const LARGE_SCENARIO: ScenarioSpec = { units: 200, modelsPerUnit: 10, steps: 400, seed: 100 };

const MM = 1 / 25.4;
/** Edge-to-edge gap between facing front ranks at set-up: engaged (< 2") and out of base contact. */
const FRONT_GAP = 1.6;
/** Free space between two combats' cells: more than the 5" pile-in target and fight-pass ranges. */
const SEPARATION = 8;
const MARGIN = 3;

/** A base as the generator lays it out: half-extents along x and y (ovals face 0° or 180°). */
interface Footprint {
  readonly base: string;
  readonly oval: boolean;
  readonly hx: number;
  readonly hy: number;
}

const ROUND: Footprint = { base: "32", oval: false, hx: 16 * MM, hy: 16 * MM };
const OVAL: Footprint = { base: "60x35", oval: true, hx: 30 * MM, hy: 17.5 * MM };

interface GenModel {
  readonly id: string;
  x: number;
  readonly y: number;
  readonly facing: number;
  /** 0: front rank (towards the enemy), 1: back rank. */
  readonly rank: number;
  readonly file: number;
  alive: boolean;
}

interface GenUnit {
  readonly id: string;
  readonly player: "red" | "blue";
  readonly foot: Footprint;
  readonly charged: boolean;
  /** The unit it fights; set on both units of a combat. */
  enemy?: GenUnit;
  readonly models: GenModel[];
  /** +1 when the enemy is to the right (red), -1 to the left (blue). */
  readonly toward: number;
}

/** Rounds to 2 decimals and prints without trailing zeros. */
function num(v: number): string {
  const r = Math.round(v * 100) / 100;
  return String(Object.is(r, -0) ? 0 : r);
}

/**
 * Generates a scenario text. Deterministic for a given spec; prints nothing.
 * @returns YAML text ending in a newline
 */
export function generateScenario(spec: ScenarioSpec): string {
  const rng = createRng(spec.seed);
  const perUnit = Math.max(1, Math.min(14, Math.floor(spec.modelsPerUnit)));
  const combats = Math.max(1, Math.floor(spec.units / 2));
  const files = Math.ceil(perUnit / 2);
  const cellW = 2 * (4 * OVAL.hx + 0.2) + FRONT_GAP + SEPARATION;
  const cellH = files * (2 * OVAL.hy + 0.2) + SEPARATION;
  const cols = Math.max(1, Math.ceil(Math.sqrt((combats * cellH) / cellW)));
  const rows = Math.ceil((combats + (spec.units % 2)) / cols);
  const board = [Math.ceil(cols * cellW + 2 * MARGIN), Math.ceil(rows * cellH + 2 * MARGIN)];

  const units: GenUnit[] = [];
  const cell = (k: number) => ({ x: MARGIN + (k % cols) * cellW, y: MARGIN + Math.floor(k / cols) * cellH });
  for (let k = 0; k < combats; k++) {
    const { x, y } = cell(k);
    const redFoot = rng() < 0.12 ? OVAL : ROUND;
    const blueFoot = rng() < 0.12 ? OVAL : ROUND;
    // Jitter inside the cell so coordinates differ between combats; the cell keeps 8" free around.
    const jx = rng() * 1.5;
    const jy = rng() * 1.5;
    const redFront = x + 2 * (2 * redFoot.hx + 0.2) + jx;
    const blueFront = redFront + redFoot.hx + FRONT_GAP + blueFoot.hx;
    // The first red unit always charged, so the Fights First step is never empty.
    const red = makeUnit(`r${k + 1}`, "red", redFoot, k === 0 || rng() < 0.4, perUnit, redFront, y + 1 + jy, +1, rng);
    const blue = makeUnit(`b${k + 1}`, "blue", blueFoot, false, perUnit, blueFront, y + 1 + jy, -1, rng);
    red.enemy = blue;
    blue.enemy = red;
    units.push(red, blue);
  }
  if (spec.units % 2 === 1) {
    const { x, y } = cell(combats);
    units.push(makeUnit(`r${combats + 1}`, "red", ROUND, false, perUnit, x + 4, y + 1, +1, rng));
  }

  const out: string[] = [];
  out.push(`scenario: Generated Fight phase (seed ${spec.seed}, ${units.length} units, ${units.length * perUnit} models)`);
  out.push("rules: 11e", `board: [${board[0]}, ${board[1]}]`, "turn: red", "phase: fight", "objectives:");
  const objectives = Math.max(1, Math.ceil(combats / 4));
  for (let i = 0; i < objectives; i++) {
    // In the free band below a combat, more than 3" from every model.
    const { x, y } = cell(i * 4);
    out.push(`  o${i + 1}: [${num(x + 0.5)}, ${num(y + cellH - SEPARATION / 2)}]`);
  }
  out.push("units:");
  for (const u of units) writeUnit(out, u, rng);
  out.push("steps:");
  for (const step of timeline(units, spec.steps, rng)) out.push(...step);
  return `${out.join("\n")}\n`;
}

function makeUnit(
  id: string,
  player: "red" | "blue",
  foot: Footprint,
  charged: boolean,
  count: number,
  frontX: number,
  top: number,
  toward: number,
  rng: () => number,
): GenUnit {
  const models: GenModel[] = [];
  const stepY = 2 * foot.hy + 0.14;
  const stepX = 2 * foot.hx + 0.14;
  for (let i = 0; i < count; i++) {
    const rank = i % 2;
    const file = Math.floor(i / 2);
    const facing = foot.oval ? (toward > 0 ? 0 : 180) + (rng() < 0.5 ? 0 : 180) : 0;
    models.push({ id: `${id}m${i + 1}`, x: frontX - toward * rank * stepX, y: top + foot.hy + file * stepY, facing, rank, file, alive: true });
  }
  return { id, player, foot, charged, models, toward };
}

function writeUnit(out: string[], u: GenUnit, rng: () => number): void {
  out.push(`  ${u.id}:`, `    player: ${u.player}`);
  if (rng() < 0.3) out.push(`    name: ${u.player === "red" ? "Red" : "Blue"} ${u.foot.oval ? "riders" : "squad"} ${u.id.slice(1)}`);
  out.push(`    keywords: [${u.foot.oval ? "mounted" : "infantry"}]`, `    base: ${u.foot.base}`);
  if (u.charged) out.push(u.enemy && rng() < 0.7 ? `    charged: [${u.enemy.id}]` : "    charged: true");
  out.push("    models:");
  for (const m of u.models) {
    const at = `[${num(m.x)}, ${num(m.y)}]`;
    out.push(u.foot.oval ? `      ${m.id}: { at: ${at}, facing: ${m.facing} }` : `      ${m.id}: ${at}`);
  }
}

type StepLines = string[];

/**
 * The timeline in 11e order: Pile In (red, then blue), Fight (red's charged units first, then
 * alternating from blue) with removes after fights, Consolidate (red, then blue). Fights come
 * first in the budget; pile-ins, removes and consolidations share what is left.
 */
function timeline(units: readonly GenUnit[], budget: number, rng: () => number): StepLines[] {
  const paired = units.filter((u) => u.enemy !== undefined);
  const red = paired.filter((u) => u.player === "red");
  const blue = paired.filter((u) => u.player === "blue");
  const enemyOf = (u: GenUnit): GenUnit => u.enemy!;

  const fightOrder = [...red.filter((u) => u.charged)];
  const restRed = red.filter((u) => !u.charged);
  for (let i = 0; i < Math.max(blue.length, restRed.length); i++) {
    if (i < blue.length) fightOrder.push(blue[i]);
    if (i < restRed.length) fightOrder.push(restRed[i]);
  }
  const fights = Math.min(budget, fightOrder.length);
  let rest = budget - fights;
  const pileIns = Math.min(paired.length, Math.floor(rest / 2));
  rest -= pileIns;
  const consolidations = Math.min(paired.length, Math.floor(rest / 2));
  let removes = rest - consolidations;

  const steps: StepLines[] = [];
  // Red piles in before blue (12.02): the first units of each player, in unit order.
  const piling = [...red.slice(0, Math.ceil(pileIns / 2)), ...blue.slice(0, Math.floor(pileIns / 2))];
  for (const u of piling) steps.push(pileInStep(u, enemyOf(u), rng));

  const removable = new Map(paired.map((u) => [u, [...u.models].reverse().slice(0, -2)]));
  for (let i = 0; i < fights; i++) {
    const u = fightOrder[i];
    const foe = enemyOf(u);
    const lines = [`  - fight: ${u.id}`];
    if (rng() < 0.5) lines.push(`    targets: [${foe.id}]`);
    if (rng() < 0.2) lines.push("    type: normal");
    if (rng() < 0.15) lines.push(`    note: ${u.id} fights ${foe.id}`);
    steps.push(lines);
    // A few of the defender's rearmost models fall; two always stay so the combat goes on.
    const pool = removable.get(foe)!;
    const fallen = Math.min(pool.length, rng() < 0.5 ? 1 : 2);
    if (fallen > 0 && removes > 0 && (removes >= fights - i || rng() < 0.6)) {
      steps.push(removeStep(pool.splice(0, fallen)));
      removes -= 1;
    }
  }
  // Removes the fights had no room for: one rear model at a time, across the units.
  const tries = removes * paired.length;
  for (let i = 0; removes > 0 && i < tries; i++) {
    const pool = removable.get(paired[i % paired.length])!;
    if (pool.length === 0) continue;
    steps.push(removeStep(pool.splice(0, 1)));
    removes -= 1;
  }
  const consolidating = [...red.slice(0, Math.ceil(consolidations / 2)), ...blue.slice(0, Math.floor(consolidations / 2))];
  for (const u of consolidating) steps.push(consolidateStep(u, rng));
  return steps.slice(0, budget);
}

function removeStep(models: GenModel[]): StepLines {
  for (const m of models) m.alive = false;
  return [`  - remove: [${models.map((m) => m.id).join(", ")}]`];
}

/**
 * Moves about half of the front rank straight towards the enemy: red 0.9", blue 0.3" (other files).
 * With the consolidations' 0.15" each, two facing models close at most 1.5" of their 1.6" gap, so
 * no move ever overlaps or touches an enemy base, whatever files line up.
 */
function pileInStep(u: GenUnit, foe: GenUnit, rng: () => number): StepLines {
  const lines = [`  - pile-in: ${u.id}`];
  if (rng() < 0.6) lines.push(`    targets: [${foe.id}]`);
  const dist = u.player === "red" ? 0.9 : 0.3;
  const parity = u.player === "red" ? 0 : 1;
  const movers = u.models.filter((m) => m.rank === 0 && m.file % 2 === parity);
  if (movers.length > 0) {
    lines.push("    to:");
    for (const m of movers) {
      m.x += u.toward * dist;
      lines.push(moveLine(u, m, rng));
    }
  }
  if (rng() < 0.2) lines.push(`    note: ${u.id} closes in`);
  return lines;
}

/** An ongoing consolidation: two surviving front-rank models step 0.15" closer. */
function consolidateStep(u: GenUnit, rng: () => number): StepLines {
  const lines = [`  - consolidate: ${u.id}`];
  if (rng() < 0.5) lines.push("    mode: ongoing");
  lines.push("    to:");
  for (const m of u.models.filter((m) => m.rank === 0 && m.alive).slice(0, 2)) {
    m.x += u.toward * 0.15;
    lines.push(moveLine(u, m, rng));
  }
  return lines;
}

function moveLine(u: GenUnit, m: GenModel, rng: () => number): string {
  const at = `[${num(m.x)}, ${num(m.y)}]`;
  if (u.foot.oval && rng() < 0.5) return `      ${m.id}: { at: ${at}, facing: ${m.facing} }`;
  return `      ${m.id}: ${at}`;
}
