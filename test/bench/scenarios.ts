// The scenarios the benchmark and the profiles measure. All deterministic (a seed per size); none
// is a fixture: the fixtures pin verdicts, these pin sizes.
import { generateScenario } from "../helpers/generate-scenario";

/**
 * The generated Fight phase of the performance issue: `models` models in units of 10 (red and blue
 * units facing each other in pairs), with a pile-in, a fight and a consolidation per unit, and
 * removes after the fights.
 */
export function fightPhaseScenario(models: number): string {
  const units = Math.max(2, Math.round(models / 10));
  return generateScenario({ units, modelsPerUnit: 10, steps: 4 * units, seed: models });
}

/** Two decimals, no trailing zeros. */
function num(v: number): string {
  return String(Math.round(v * 100) / 100);
}

/** A 2 x count grid of round models starting at (x, y), 1.4" apart. */
function roundModels(prefix: string, x: number, y: number, count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(`      ${prefix}m${i + 1}: [${num(x + (i % 2) * 1.4)}, ${num(y + Math.floor(i / 2) * 1.4)}]`);
  return out;
}

/**
 * Phase-stress scenarios: each puts many copies of one costly rule on one board, in cells 20"
 * apart so the copies never interact.
 * - `pile-in`: every red unit piles in short of its target, where each moved model could have
 *   ended engaged ("could have" witness searches, all finding a witness).
 * - `consolidate`: the same with engaging consolidations after the units fought.
 * - `charge`: 11e charges that stop short of engagement range where more models could engage.
 * - `movement`: a Movement phase with `units` units each making a normal move.
 */
export type StressKind = "pile-in" | "consolidate" | "charge" | "movement";

export function stressScenario(kind: StressKind, units: number): string {
  const cols = Math.ceil(Math.sqrt(units));
  const cell = 20;
  const board = [cols * cell + 4, Math.ceil(units / cols) * cell + 4];
  const out = [`scenario: Stress ${kind} (${units} units)`, "rules: 11e", `board: [${board[0]}, ${board[1]}]`, "turn: red"];
  out.push(kind === "movement" ? "phase: movement" : kind === "charge" ? "phase: charge" : "phase: fight", "units:");
  const steps: string[] = [];
  for (let k = 0; k < units; k++) {
    const x = 2 + (k % cols) * cell;
    const y = 2 + Math.floor(k / cols) * cell;
    const charged = kind === "pile-in" || kind === "consolidate" ? ["    charged: true"] : [];
    const move = kind === "movement" ? ["    move: 6"] : [];
    out.push(`  r${k}:`, "    player: red", "    base: 32", ...charged, ...move, "    models:", ...roundModels(`r${k}`, x, y, 6));
    if (kind !== "movement") {
      // The enemy 4.7" from the red unit, edge to edge (2.6" for a consolidation: within its 3").
      const gap = kind === "consolidate" ? 2.6 : 4.74;
      out.push(`  b${k}:`, "    player: blue", "    base: 32", "    models:", ...roundModels(`b${k}`, x + 1.4 + 1.26 + gap, y, 6));
    }
    const moveLines = (dx: number): string[] => {
      const lines: string[] = ["    to:"];
      for (let i = 0; i < 6; i++) lines.push(`      r${k}m${i + 1}: [${num(x + (i % 2) * 1.4 + dx)}, ${num(y + Math.floor(i / 2) * 1.4)}]`);
      return lines;
    };
    if (kind === "pile-in") steps.push(`  - pile-in: r${k}`, `    targets: [b${k}]`, ...moveLines(1));
    if (kind === "consolidate") steps.push(`  - consolidate: r${k}`, "    mode: engaging", ...moveLines(0.3));
    if (kind === "charge") steps.push(`  - charge: r${k}`, `    targets: [b${k}]`, "    roll: 9", ...moveLines(3.5));
    if (kind === "movement") steps.push(`  - move: r${k}`, ...moveLines(2));
  }
  if (kind === "consolidate") {
    // Every red unit charged, so each is eligible to fight (and then to consolidate).
    const fights: string[] = [];
    for (let k = 0; k < units; k++) fights.push(`  - fight: r${k}`);
    steps.unshift(...fights);
  }
  out.push("steps:", ...steps);
  return `${out.join("\n")}\n`;
}

/**
 * The pathological 11e pile-in of the issue: a unit of `models` oval models, out of coherency
 * (one model stands 12" from the rest), piles in towards `targets` oval enemy models, each moved
 * model stopping short of engagement where it could have engaged.
 */
export function incoherentPileIn(models: number, targets: number): string {
  const out = ["scenario: Incoherent pile-in", "rules: 11e", "board: [60, 44]", "turn: red", "phase: fight", "units:"];
  out.push("  riders:", "    player: red", "    base: 60x35", "    charged: true", "    models:");
  const rows = Math.ceil(models / 2);
  for (let i = 0; i < models; i++) {
    const x = i === models - 1 ? 2 : 14 + (i % 2) * 2.6;
    out.push(`      r${i + 1}: { at: [${num(x)}, ${num(4 + Math.floor(i / 2) * 1.6)}], facing: 0 }`);
  }
  out.push("  herd:", "    player: blue", "    base: 60x35", "    models:");
  const perCol = Math.max(rows, Math.ceil(targets / 4));
  for (let i = 0; i < targets; i++) {
    out.push(`      h${i + 1}: { at: [${num(21.5 + Math.floor(i / perCol) * 2.6)}, ${num(4 + (i % perCol) * 1.6)}], facing: 0 }`);
  }
  out.push("steps:", "  - pile-in: riders", "    to:");
  // The front file (odd indices) steps 0.5" closer, still 2" short of engagement range.
  for (let i = 1; i < models - 1; i += 2) out.push(`      r${i + 1}: { at: [${num(14 + 2.6 + 0.5)}, ${num(4 + Math.floor(i / 2) * 1.6)}], facing: 0 }`);
  return `${out.join("\n")}\n`;
}
