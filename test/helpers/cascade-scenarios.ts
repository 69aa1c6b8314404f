// Scenarios whose steps break one rule that makes others follow (shared/engine/cascade.ts).

/** Issue 10's example: a pile-in by a unit that is not eligible (11e). Step head on line 9. */
export const INELIGIBLE_PILE_IN = `scenario: t
board: [44, 30]
phase: fight
turn: red
units:
  a: { player: red, base: 32, move: 6, models: { a1: [10, 10] } }
  b: { player: blue, base: 32, models: { b1: [20, 10] } }
steps:
  - pile-in: a
    to: { a1: [12, 10] }
`;

/** The same step marked illegal with the given codes. */
export function ineligiblePileIn(illegal: string): string {
  return INELIGIBLE_PILE_IN.replace("    to: { a1: [12, 10] }\n", `    to: { a1: [12, 10] }\n    illegal: ${illegal}\n`);
}

/** 10e: a unit not eligible to fight, activated with a pile-in and an attack (lines 10-12). */
export function ineligibleTenthFight(rulings = ""): string {
  return `scenario: t
rules: 10e
${rulings}board: [44, 30]
phase: fight
turn: red
units:
  a: { player: red, base: 32, move: 6, models: { a1: [10, 10] } }
  b: { player: blue, base: 32, models: { b1: [20, 10] } }
steps:
  - fight: a
    pile-in: { to: { a1: [12, 10] } }
    targets: [b]
`;
}
