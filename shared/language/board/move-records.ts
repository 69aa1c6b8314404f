import type { BoardState } from "../../board/board-state";
import { predecessorOf } from "../../engine/incremental";
import { replayTo } from "../../engine/timeline";
import { pathLength } from "../../geometry/path";
import type { ModelMove, Scenario, Step, Vec } from "../../model/scenario";
import type { RulesSystem } from "../../systems/system";
import { closestEnemy, systemOf } from "./facts";
import { chargeLimit, fightPhaseLimit, movementLimit, type MoveBlock, type MoveLimit } from "./move-limits";

/**
 * Every model move of the timeline as the engine replayed it: where the model started, how far it
 * went, the move's limit, and the closest enemy model once the step is over. One replay serves the
 * whole document (inlay hints ask for it on every scroll; hovers on a move entry read it too).
 */
export interface MoveRecord {
  /** The step (0-based) the move is written in. */
  readonly step: number;
  readonly block: MoveBlock;
  readonly move: ModelMove;
  /** Where the model stood before this move (the engine's board, earlier moves included). */
  readonly from: Vec;
  /** Path length in inches, waypoints included. */
  readonly distance: number;
  readonly limit: MoveLimit;
  /** After the step: the closest enemy model and the gap to it; absent when the model was removed or no enemy is left. */
  readonly closest?: { readonly model: string; readonly unit: string; readonly gap: number };
}

/** A pure memo (one replay per analysed scenario object); it holds no replay state. */
const cache = new WeakMap<Scenario, readonly MoveRecord[]>();

/**
 * The move records of a parsed scenario, cached per scenario object (one per analysed version).
 * Moves the engine does not apply (a model of another unit, a model already removed) are left out.
 */
export function moveRecords(scenario: Scenario): readonly MoveRecord[] {
  const cached = cache.get(scenario);
  if (cached) return cached;
  const records = carriedOver(scenario) ?? replayWithRecords(scenario);
  cache.set(scenario, records);
  return records;
}

/**
 * The records of a version analysed from the previous one (engine/incremental.ts): the previous
 * version's for the steps the two share (the same set-up and steps, spans included, so the same
 * replay), and the rest replayed from the checkpoint before the first changed step.
 */
function carriedOver(scenario: Scenario): MoveRecord[] | undefined {
  const link = predecessorOf(scenario);
  const before = link && cache.get(link.previous);
  if (!link || !before || link.same === 0) return undefined;
  const lastShared = scenario.steps[link.same - 1].index;
  const kept = before.filter((r) => r.step <= lastShared);
  const from = scenario.steps[link.same]?.index;
  if (from === undefined) return kept;
  return [...kept, ...replayWithRecords(scenario, from).filter((r) => r.step >= from)];
}

/** A record waiting for the end of its step (when the closest enemy is measured). */
type Pending = Omit<MoveRecord, "closest">;

/** One replay, observed between steps: each step's moves are measured just before it, the closest enemies just after. */
function replayWithRecords(scenario: Scenario, from?: number): MoveRecord[] {
  const { system } = systemOf(scenario);
  const out: MoveRecord[] = [];
  let pending: Pending[] = [];
  replayTo(scenario, system, Infinity, {
    ...(from !== undefined && { from }),
    beforeStep: (step, board) => {
      pending = begin(board, system, step);
    },
    afterStep: (_step, board) => {
      // The end each model was written to reach in this step (its last move there).
      const ends = new Map(pending.map((p) => [p.move.model.id, p.move.path[p.move.path.length - 1]]));
      for (const p of pending) {
        const m = board.models.get(p.move.model.id);
        const end = ends.get(p.move.model.id)!;
        // A step the replay skipped (out of its phase) moved nothing: no record claims it did.
        if (m?.alive && (Math.abs(m.at.x - end.x) > 1e-9 || Math.abs(m.at.y - end.y) > 1e-9)) continue;
        const c = m?.alive ? closestEnemy(board, m) : undefined;
        out.push(c ? { ...p, closest: { model: c.model.def.id, unit: c.model.unit.id, gap: c.gap } } : p);
      }
      pending = [];
    },
  });
  return out;
}

/** The moves of a step about to be applied, measured from the board as it stands. */
function begin(board: BoardState, system: RulesSystem, step: Step): Pending[] {
  if (!("unit" in step)) return [];
  const unit = board.units.get(step.unit.id);
  if (!unit) return [];
  const out: Pending[] = [];
  // A model moved twice in one step (a 10th-edition activation's pile-in, then its consolidation) starts its second move where the first ended.
  const at = new Map<string, Vec>();
  for (const { block, moves, limit } of blocksOf(board, system, step)) {
    for (const move of moves) {
      const m = board.models.get(move.model.id);
      if (!m || m.unit !== unit || !m.alive) continue;
      const from = at.get(m.def.id) ?? m.at;
      at.set(m.def.id, move.path[move.path.length - 1]);
      out.push({ step: step.index, block, move, from, distance: pathLength(from, move.path), limit });
    }
  }
  return out;
}

/**
 * The limit of the block a drag writes to in `step` (`board` is the board before it): the step's
 * own, or for a fight its consolidation if written, else its pile-in (language/edit chooses the same block).
 */
export function stepBlockLimit(board: BoardState, system: RulesSystem, step: Step): MoveLimit | undefined {
  const blocks = blocksOf(board, system, step);
  if (step.kind === "fight") return (step.consolidate ? blocks[1] : blocks[0]).limit;
  return blocks[0]?.limit;
}

function blocksOf(board: BoardState, system: RulesSystem, step: Step): { block: MoveBlock; moves: readonly ModelMove[]; limit: MoveLimit }[] {
  switch (step.kind) {
    case "pile-in":
      return [{ block: "pile-in", moves: step.moves, limit: fightPhaseLimit(system, "pile-in") }];
    case "consolidate":
      return [{ block: "consolidate", moves: step.moves, limit: fightPhaseLimit(system, "consolidate") }];
    case "fight":
      return [
        { block: "pile-in" as const, moves: step.pileIn?.moves ?? [], limit: fightPhaseLimit(system, "pile-in") },
        { block: "consolidate" as const, moves: step.consolidate?.moves ?? [], limit: fightPhaseLimit(system, "consolidate") },
      ];
    case "move": {
      const unit = board.units.get(step.unit.id);
      return [{ block: "move", moves: step.moves, limit: movementLimit(step, unit?.def, unit ? board.isEngaged(unit) : "no") }];
    }
    case "charge":
      return [{ block: "charge", moves: step.moves, limit: chargeLimit(system, step) }];
    default:
      return [];
  }
}
