// Scenario texts and position helpers shared by the LSP tests.
import type { Range } from "vscode-languageserver-protocol/node";
import { MINIMAL, twoUnits } from "../helpers/scenarios";

// The texts the CLI and fuzz tests share; positions in them are 0-based here (BOGUS_KEY's key is on line 2).
export { BOGUS_KEY, MINIMAL, UNCLOSED } from "../helpers/scenarios";

/** MINIMAL with a pile-in step naming a unit that does not exist. */
export const UNKNOWN_UNIT = MINIMAL.replace("steps: []\n", "steps:\n  - pile-in: ghosts\n");

/** MINIMAL with b1 set up half an inch from a1, so their 32 mm bases overlap. */
export const OVERLAP = MINIMAL.replace("b1: [20, 20]", "b1: [10.5, 10]");

/**
 * A pile-in of a1 to `end` (from [10, 10], 3" allowed), optionally marked `illegal:`. Far enough
 * (3.5") it is a move.too-far error, within the measuring tolerance (3.005") a warning, and on a
 * step marked illegal it is expected, so information.
 */
export function pileIn(end: string, illegal = false): string {
  return twoUnits({
    title: "Severities",
    b1: "[15, 10]",
    steps: `  - pile-in: a
    to: { a1: ${end} }
${illegal ? "    illegal: [move.too-far]\n" : ""}`,
  });
}

/** a (charged into b) piles in half an inch though it could have ended engaged: a finding with a witness. */
export const MISSED_ENGAGEMENT = twoUnits({
  title: "Witness",
  charged: true,
  b1: "[14, 10]",
  steps: `  - pile-in: a
    to: { a1: [10.5, 10] }
`,
});

/**
 * The LSP range of the `occurrence`-th (0-based) appearance of `needle` in `text`, computed
 * independently of the server (lines split on \n; the fixtures have no \r).
 */
export function rangeOf(text: string, needle: string, occurrence = 0): Range {
  let at = -1;
  for (let i = 0; i <= occurrence; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`fixture error: ${JSON.stringify(needle)} occurs fewer than ${occurrence + 1} times`);
  }
  return { start: positionOf(text, at), end: positionOf(text, at + needle.length) };
}

/** 0-based line and UTF-16 character of an offset, splitting lines on \n. */
export function positionOf(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length - 1;
  return { line, character: offset - (before.lastIndexOf("\n") + 1) };
}
