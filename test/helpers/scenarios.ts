// Scenario texts that several test suites (CLI, LSP, fuzz) start from. Tests assert line and
// column numbers inside them, so any change here must keep every line where it is.

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
