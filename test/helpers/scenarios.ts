// Scenario texts that several test suites (CLI, LSP, engine, fuzz, the VS Code suite) start from.
// Plain strings only: the VS Code suite imports this file, so it must not import node:test or the
// LSP harness. Tests assert line and column numbers inside these texts, so any change here must
// keep every line where it is.

/** A scenario the parser accepts with no problems: two units, one model each, no steps. */
export const MINIMAL = `scenario: Minimal
rules: 11e
turn: red
units:
  a:
    player: red
    base: 32
    models:
      a1: [10, 10]
  b:
    player: blue
    base: 32
    models:
      b1: [20, 20]
steps: []
`;

/** MINIMAL with an unknown top-level key on line 3 (1-based; line 2 0-based), columns 1-6. */
export const BOGUS_KEY = MINIMAL.replace("turn: red\n", "bogus: 1\nturn: red\n");

/** An unclosed flow sequence with no final newline, so every YAML error is on the first line. */
export const UNCLOSED = "scenario: [unclosed";

/** What sets one `twoUnits` scenario apart from another. */
export interface TwoUnitsParts {
  readonly title: string;
  /** Whether a charged b this turn (`charged: [b]`), which makes a eligible to pile in. */
  readonly charged?: boolean;
  /** Models of a after a1, each written `name: [x, y]`. */
  readonly moreOfA?: readonly string[];
  /** Where b1 stands, as written after `b1: `. */
  readonly b1: string;
  /** The text after `steps:\n` (step lines indented by two spaces), or "" to let a test append its own. */
  readonly steps: string;
}

/**
 * The two-unit 11e scenario many tests measure in: a 30" x 20" board, red's turn, red's unit a
 * (32 mm bases, a1 at [10, 10]) against blue's b (one 32 mm model, b1). 32 mm bases are 1.26"
 * across, so b1 at [x, 10] is x - 11.26" from a1, edge to edge. Each test picks the distance,
 * the charge and the steps it is about; everything else is the same text.
 */
export function twoUnits(parts: TwoUnitsParts): string {
  const charged = parts.charged === true ? "    charged: [b]\n" : "";
  const moreOfA = (parts.moreOfA ?? []).map((model) => `      ${model}\n`).join("");
  return `scenario: ${parts.title}
rules: 11e
board: [30, 20]
turn: red
units:
  a:
    player: red
    base: 32
${charged}    models:
      a1: [10, 10]
${moreOfA}  b:
    player: blue
    base: 32
    models:
      b1: ${parts.b1}
steps:
${parts.steps}`;
}

/**
 * Red's squad (s1–s3) charged vanguard and is engaged with it (0.4") and with hunters (1.2"); guards
 * is 3.75" away (within the 5" pile-in range), archers 9". Support is red, so never a target. The
 * rules order is neither the alphabetical order nor the order the units are defined in. Ends with
 * `steps:`: each test appends its own steps.
 */
export const SKIRMISH = `scenario: Completion skirmish
rules: 11e
turn: red
phase: fight
objectives:
  hill: [10, 14]
units:
  squad:
    player: red
    name: Assault squad
    base: 32
    charged: [vanguard]
    models:
      s1: [10, 10]
      s2: [10, 11.5]
      s3: [8.6, 10.8]
  support:
    player: red
    base: 32
    models:
      p1: [20, 30]
  archers:
    player: blue
    base: 32
    models:
      r1: [10, 21.76]
  guards:
    player: blue
    base: 32
    models:
      g1: [4.74, 14]
  vanguard:
    player: blue
    base: 32
    models:
      v1: [11.66, 10]
  hunters:
    player: blue
    base: 32
    models:
      h1: [10, 7.54]
steps:
`;

/** Red's Movement phase: raiders (red) and guards (blue) engaged, so neither may make a normal or advance move (hover and completion tests). */
export const GUARDS = `scenario: Guards
rules: 11e
board: [40, 30]
turn: red
phase: movement
units:
  raiders:
    player: red
    base: 32
    move: 6
    models:
      r1: [10, 8]
      r2: [10, 9.3]
  guards:
    player: blue
    base: 32
    move: 6
    models:
      g1: [11.3, 8]
      g2: [11.3, 9.3]
steps:
  - move: raiders
  - move: guards
`;

/** A Movement phase: an advance with its roll, an inferred fall-back, and the opponent's unit; s (red) is engaged with e (blue) at step 2 (hover tests). */
export const MOVES = `scenario: Moves
rules: 11e
board: [40, 30]
turn: red
phase: movement
units:
  r:
    player: red
    base: 32
    move: 6
    models:
      r1: [5, 5]
      r2: [5, 6.3]
  s:
    player: red
    base: 32
    move: 5
    models:
      s1: [20, 20]
  e:
    player: blue
    base: 32
    models:
      e1: [21.5, 20]
steps:
  - move: r
    type: advance
    roll: 3
    to: { r1: [12, 5] }
  - move: s
    to: { s1: [16, 20] }
  - move: e
    to: { e1: [22, 20] }
`;

/** An 11e Fight phase: raiders and guards fight; `far`, never eligible to fight, consolidates near objective alpha (hover and completion tests). */
export const FAR = `scenario: Far
rules: 11e
board: [40, 30]
turn: red
phase: fight
objectives:
  alpha: [22, 10]
units:
  raiders:
    player: red
    base: 32
    models:
      r1: [10, 8]
      r2: [10, 9.3]
  guards:
    player: blue
    base: 32
    models:
      g1: [11.5, 8]
      g2: [11.5, 9.3]
  far:
    player: red
    base: 32
    models:
      f1: [22, 12.5]
steps:
  - fight: raiders
  - fight: guards
  - consolidate: far
`;
