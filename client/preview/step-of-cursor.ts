import type { StepSpan } from "../../shared/protocol/messages";

/**
 * The step a cursor at `offset` shows, by the server's rule (`at` in `ruleboard/board`): the last
 * step that starts at or before it, the set-up (`null`) above the first. Used only to skip a
 * request when a cursor move stays within the step already shown.
 */
export function stepOfCursor(steps: readonly StepSpan[], offset: number): number | null {
  let found: number | null = null;
  for (const s of steps) {
    if (s.start > offset) break;
    found = s.index;
  }
  return found;
}
