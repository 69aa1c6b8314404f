// Scenario texts shared by the compare, board and export tests (engine, CLI and LSP suites).
import { twoUnits } from "./scenarios";

/**
 * Red's a charged blue's b (so a has Fights First); b has Fights First on its datasheet; red's turn.
 * Ends with `steps:`: each test appends its own steps. Who selects first differs between the
 * editions (11e: the player whose turn it is; 10e: the other player).
 */
export const FIGHTS_FIRST_SETUP = `scenario: Fights First on both sides
rules: 11e
board: [30, 20]
turn: red
units:
  a:
    player: red
    base: 32
    charged: [b]
    models:
      a1: [13.74, 8]
  b:
    player: blue
    base: 32
    fights-first: true
    models:
      b1: [15, 8]
steps:
`;

/**
 * Seed 002's worked example: the Boyz charged the Intercessors and are also in base contact with
 * the Terminators, which the Nobz have been fighting since the turn before. Only the club rulings
 * forbid the Boyz that target.
 */
export const SEED_002 = `scenario: Can the Boyz strike the unit the Nobz are fighting? (seed 002)
rules: 10e
board: [30, 20]
turn: red
units:
  boyz:
    player: red
    base: 32
    charged: [intercessors]
    models:
      bz1: [10, 10]
  nobz:
    player: red
    base: 32
    models:
      n1: [11.26, 11.26]
  intercessors:
    player: blue
    base: 32
    models:
      i1: [11.26, 10]
  terminators:
    player: blue
    base: 32
    models:
      t1: [10, 11.26]
steps:
  - fight: boyz
    targets: [terminators]
  - fight: intercessors
  - fight: nobz
  - fight: terminators
`;

/** Two steps: a1 piles in 1" right, then b1 is removed; `title` is the scenario's title. */
export function twoSteps(title: string): string {
  return twoUnits({
    title,
    charged: true,
    b1: "[13, 10]",
    steps: `  - pile-in: a
    to: { a1: [11, 10] }
    note: Red piles in.
  - remove: [b1]
    note: Blue's model is destroyed.
`,
  });
}
