/**
 * The spatial grid's trial journal (shared/board/spatial-grid.ts): every change made while a
 * journal is set is undone, in reverse, to exactly the grid the trial began with, each cell's
 * order included (bounded queries then answer in the same order, so replays after a rollback match). The
 * grid journals only the first change of each cell and item in a trial; these tests hold it to that.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { SpatialGrid } from "../../../shared/board/spatial-grid";
import { createRng } from "../../helpers/prng";

/**
 * What the grid's queries see: the neighbours of spots all over the board, in query order, and
 * every item. An unbounded query lists the items in the order they were last entered, which a
 * rollback has never restored (so it is compared as a set).
 */
function picture(grid: SpatialGrid<string>): string {
  const everything = grid.query({ x: 0, y: 0 }, Infinity).sort().join(",");
  const around = [0, 4, 8, 12, 16].flatMap((x) => [0, 4, 8, 12].map((y) => grid.query({ x, y }, 2.5).join(",")));
  return JSON.stringify([everything, around, grid.query({ x: 8, y: 6 }, 20).join(",")]);
}

describe("spatial grid trials", () => {
  it("a rollback restores every cell and its order after random moves, removals and re-adds", () => {
    const rng = createRng(1202);
    const items = Array.from({ length: 30 }, (_, i) => `m${i}`);
    let changes = 0;
    for (let round = 0; round < 300; round++) {
      const grid = new SpatialGrid<string>(2);
      for (const item of items) if (rng() < 0.8) grid.set(item, { x: rng() * 16, y: rng() * 12 });
      // Some history before the trial, so cells have an order of their own.
      for (let k = 0; k < 10; k++) grid.set(items[Math.floor(rng() * items.length)], { x: rng() * 16, y: rng() * 12 });
      const before = picture(grid);
      const journal: (() => void)[] = [];
      grid.journal = journal;
      const n = 1 + Math.floor(rng() * 25);
      for (let k = 0; k < n; k++) {
        const item = items[Math.floor(rng() * 8)]; // few items: each is changed many times
        if (rng() < 0.2) grid.delete(item);
        else grid.set(item, { x: rng() * 16, y: rng() * 12 });
        changes++;
      }
      grid.journal = undefined;
      assert.ok(journal.length <= 4 * n, "at most one cell and one entry undo per change");
      for (let i = journal.length - 1; i >= 0; i--) journal[i]();
      assert.equal(picture(grid), before, `round ${round}`);
    }
    assert.ok(changes > 2000);
  });

  it("journals each cell and item once per trial, and a new journal starts afresh", () => {
    const grid = new SpatialGrid<string>(2);
    grid.set("a", { x: 1, y: 1 });
    grid.set("b", { x: 1.5, y: 1 });
    const first: (() => void)[] = [];
    grid.journal = first;
    for (let k = 0; k < 10; k++) grid.set("a", { x: 1 + (k % 2) * 4, y: 1 });
    // a's entry, its first cell and the cell it moved to: three undos for ten moves.
    assert.equal(first.length, 3);
    for (let i = first.length - 1; i >= 0; i--) first[i]();
    assert.deepEqual(grid.query({ x: 1, y: 1 }, 0.5), ["a", "b"]);
    const second: (() => void)[] = [];
    grid.journal = second;
    grid.set("a", { x: 9, y: 9 });
    assert.equal(second.length, 3);
    for (let i = second.length - 1; i >= 0; i--) second[i]();
    assert.deepEqual(grid.query({ x: 1, y: 1 }, 0.5), ["a", "b"]);
    assert.deepEqual(grid.query({ x: 9, y: 9 }, 0.5), []);
  });
});
