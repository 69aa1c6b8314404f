import type { ModelMove, Scenario, Step, Vec } from "../../model/scenario";
import { parseScenario } from "../../parse/parse-scenario";
import { keptFor, parseThrough, readKept } from "../../parse/reparse";

/**
 * The board's edits are checked by reading the edited text again, as every fix is (by patching the
 * last analysis's YAML document when the edits only change numbers: parse/reparse.ts): each placed
 * model must stand where it was put (in the set-up, or at the end of its move in the block the
 * edit wrote), no model or step may be lost, and no finding of the parser may be new.
 */

export interface Placed {
  readonly id: string;
  readonly at: Vec;
}

/** Why the edited text does not say what the board meant, or undefined when it does. */
export function verify(before: string, after: string, step: number | null, placed: readonly Placed[]): string | undefined {
  // The last analysis's YAML document, when it is still the text's: read from it, and patched to the edited text and back.
  const kept = keptFor(before);
  const old = kept ? readKept(kept) : parseScenario(before);
  const now = (kept && parseThrough(kept, after)) ?? parseScenario(after);
  if (!old.scenario || !now.scenario) return "the edited text could not be read";
  if (ids(now.scenario) !== ids(old.scenario)) return "the edited text lost a model or a step";
  const known = new Map<string, number>();
  for (const p of old.problems) known.set(key(p), (known.get(key(p)) ?? 0) + 1);
  for (const p of now.problems) {
    const left = known.get(key(p)) ?? 0;
    if (left === 0) return `the edited text has a new problem: ${p.message}`;
    known.set(key(p), left - 1);
  }
  const shown = step === null ? undefined : now.scenario.steps.find((s) => s.index === step);
  for (const { id, at } of placed) {
    const got = step === null ? setupAt(now.scenario, id) : shown && endIn(shown, id);
    if (!got || got.x !== at.x || got.y !== at.y) return `${id} is not at [${at.x}, ${at.y}] in the edited text`;
  }
  return undefined;
}

function key(p: { readonly code: string; readonly message: string }): string {
  return `${p.code} ${p.message}`;
}

function ids(s: Scenario): string {
  const models = s.units.flatMap((u) => u.models.map((m) => `${u.id}/${m.id}`));
  return JSON.stringify([models, s.steps.map((st) => `${st.index}:${st.kind}`), s.stepsWritten]);
}

function setupAt(s: Scenario, id: string): Vec | undefined {
  for (const u of s.units) {
    const m = u.models.find((d) => d.id === id);
    if (m) return m.at;
  }
  return undefined;
}

/** The end of `id`'s move in the block the board writes to (a fight's consolidation over its pile-in). */
function endIn(step: Step, id: string): Vec | undefined {
  let moves: readonly ModelMove[] = [];
  if (step.kind === "fight") moves = step.consolidate?.moves ?? step.pileIn?.moves ?? [];
  else if (step.kind !== "remove" && step.kind !== "phase") moves = step.moves;
  const move = moves.find((m) => m.model.id === id);
  return move?.path[move.path.length - 1];
}
