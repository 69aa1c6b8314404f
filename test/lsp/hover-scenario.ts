// The scenario the hover and inlay-hint tests read positions and numbers from.
import { twoUnits } from "../helpers/scenarios";

/**
 * a1 piles in 2.5" toward b1, then b1 piles in 1" toward it, a fights, and a1 consolidates half an
 * inch (marked `illegal: [move.too-far]`, which it is not). 32 mm bases are 1.26" across.
 */
export const HOVER = twoUnits({
  title: "Hover",
  charged: true,
  moreOfA: ["a2: [10, 11.5]"],
  b1: "[15, 10]",
  steps: `  - pile-in: a
    to: { a1: [12.5, 10] }
  - pile-in: b
    to: { b1: [14, 10] }
  - fight: a
  - consolidate: a
    to:
      a1: [12.6, 10.5]
    illegal: [move.too-far]
`,
});
