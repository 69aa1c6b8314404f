/**
 * The spatial grid (shared/board/spatial-grid.ts): its answers depend on where the items are,
 * never on the order they were moved in (each cell lists its items by rank), and a trial's journal,
 * undone in reverse, gives back exactly the grid the trial began with. The board relies on both:
 * putting a model back where it stands is then no change at all (`BoardState.place`), and a
 * replay after a rollback sees what a replay on a copy sees.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import type { BoardState } from "../../../shared/board/board-state";
import { SpatialGrid } from "../../../shared/board/spatial-grid";
import { boardAfter } from "../../../shared/language/board/facts";
import { parseScenario } from "../../../shared/parse/parse-scenario";
import { exampleAndFixtureFiles } from "../../helpers/scenario-files";
import type { Vec } from "../../../shared/model/scenario";
import { createRng } from "../../helpers/prng";

const ITEMS = Array.from({ length: 30 }, (_, i) => `m${i}`);
const rank = (item: string): number => Number(item.slice(1));
const grid = (): SpatialGrid<string> => new SpatialGrid<string>(2, rank);

/** What the grid's queries see: every item, and the neighbours of spots all over the board, in query order. */
function picture(g: SpatialGrid<string>): string {
  const around = [0, 4, 8, 12, 16].flatMap((x) => [0, 4, 8, 12].map((y) => g.query({ x, y }, 2.5).join(",")));
  return JSON.stringify([g.query({ x: 0, y: 0 }, Infinity).join(","), around, g.query({ x: 8, y: 6 }, 20).join(",")]);
}

describe("spatial grid", () => {
  it("answers alike for the same positions, whatever order the items were moved in", () => {
    const rng = createRng(1203);
    for (let round = 0; round < 200; round++) {
      const final = new Map<string, Vec>();
      for (const item of ITEMS) if (rng() < 0.8) final.set(item, { x: rng() * 16, y: rng() * 12 });
      // One grid entered in rank order; another with a history of moves and removals first, in another order.
      const plain = grid();
      for (const [item, at] of final) plain.set(item, at);
      const moved = grid();
      for (let k = 0; k < 60; k++) {
        const item = ITEMS[Math.floor(rng() * ITEMS.length)];
        if (rng() < 0.2) moved.delete(item);
        else moved.set(item, { x: rng() * 16, y: rng() * 12 });
      }
      for (const item of [...ITEMS].reverse()) {
        const at = final.get(item);
        if (at) moved.set(item, at);
        else moved.delete(item);
      }
      assert.equal(picture(moved), picture(plain), `round ${round}`);
      // And each cell lists its items by rank (a query round a cell's centre reads that cell alone).
      for (let cx = 0; cx < 8; cx++) {
        for (let cy = 0; cy < 6; cy++) {
          const cell = moved.query({ x: 2 * cx + 1, y: 2 * cy + 1 }, 0.5);
          assert.deepEqual(
            cell,
            [...cell].sort((a, b) => rank(a) - rank(b)),
            `round ${round}: cell ${cx}, ${cy}`,
          );
        }
      }
    }
  });

  it("visit hands over what a query lists, in its order, without the list, and stops where told", () => {
    const rng = createRng(1207);
    for (let round = 0; round < 300; round++) {
      const g = grid();
      const at = new Map<string, Vec>();
      for (const item of ITEMS) {
        if (rng() < 0.3) continue;
        const p = { x: rng() * 16, y: rng() * 12 };
        at.set(item, p);
        g.set(item, p);
      }
      const p = { x: rng() * 16, y: rng() * 12 };
      // Bounded and unbounded (the whole board, by rank).
      const radius = rng() < 0.1 ? Infinity : rng() * 6;
      const seen: string[] = [];
      assert.equal(
        g.visit(p, radius, (item) => void seen.push(item)),
        false,
      );
      // Every item within the radius is seen (a superset: whole cells), each once.
      for (const [item, q] of at) if (Math.hypot(q.x - p.x, q.y - p.y) <= radius) assert.ok(seen.includes(item), `round ${round}: ${item} missed`);
      assert.equal(new Set(seen).size, seen.length);
      assert.deepEqual(g.query(p, radius), seen);
      if (radius === Infinity)
        assert.deepEqual(
          seen,
          [...at.keys()].sort((x, y) => rank(x) - rank(y)),
        );
      // Told to stop at the k-th item, it has seen the first k and says it stopped.
      if (seen.length === 0) continue;
      const k = 1 + Math.floor(rng() * seen.length);
      const upTo: string[] = [];
      assert.equal(
        g.visit(p, radius, (item) => upTo.push(item) === k),
        true,
      );
      assert.deepEqual(upTo, seen.slice(0, k), `round ${round}`);
    }
  });

  it("a rollback restores the grid after random moves, removals and re-adds", () => {
    const rng = createRng(1202);
    let changes = 0;
    for (let round = 0; round < 300; round++) {
      const g = grid();
      for (const item of ITEMS) if (rng() < 0.8) g.set(item, { x: rng() * 16, y: rng() * 12 });
      for (let k = 0; k < 10; k++) g.set(ITEMS[Math.floor(rng() * ITEMS.length)], { x: rng() * 16, y: rng() * 12 });
      const before = picture(g);
      const journal: (() => void)[] = [];
      g.journal = journal;
      const n = 1 + Math.floor(rng() * 25);
      for (let k = 0; k < n; k++) {
        const item = ITEMS[Math.floor(rng() * 8)]; // few items: each is changed many times
        if (rng() < 0.2) g.delete(item);
        else g.set(item, { x: rng() * 16, y: rng() * 12 });
        changes++;
      }
      g.journal = undefined;
      assert.ok(journal.length <= n, "at most one undo per change");
      for (let i = journal.length - 1; i >= 0; i--) journal[i]();
      assert.equal(picture(g), before, `round ${round}`);
    }
    assert.ok(changes > 2000);
  });

  it("journals only what changes a cell: a move within a cell or onto the same spot is no change", () => {
    const g = grid();
    g.set("m1", { x: 1, y: 1 });
    g.set("m0", { x: 1.5, y: 1 });
    const journal: (() => void)[] = [];
    g.journal = journal;
    g.set("m1", { x: 1.2, y: 1.3 });
    g.set("m0", { x: 1.5, y: 1 });
    assert.equal(journal.length, 0);
    g.set("m1", { x: 9, y: 9 });
    g.set("m1", { x: 1, y: 1 });
    g.delete("m0");
    assert.equal(journal.length, 3);
    assert.deepEqual(g.query({ x: 1, y: 1 }, 0.5), ["m1"]);
    for (let i = journal.length - 1; i >= 0; i--) journal[i]();
    assert.deepEqual(g.query({ x: 1, y: 1 }, 0.5), ["m0", "m1"]);
    assert.deepEqual(g.query({ x: 9, y: 9 }, 0.5), []);
  });
});

describe("putting a model where it stands", () => {
  it("changes nothing on the board after every step of every example and fixture: no log entry, the same answers", () => {
    let boards = 0;
    for (const file of exampleAndFixtureFiles()) {
      const scenario = parseScenario(readFileSync(file, "utf8")).scenario;
      if (!scenario || scenario.steps.length === 0) continue;
      for (const step of scenario.steps) {
        const board = boardAfter(scenario, step.index);
        const answers = (): string =>
          JSON.stringify(
            [...board.models.values()].map((m) => [
              m.def.id,
              board.near(m.shape, 3).map((n) => n.def.id),
              [...board.engagedUnits(m.unit)].map(([u, t]) => [u.id, t]),
            ]),
          );
        const before = answers();
        const cursor = board.changeCursor();
        for (const m of board.models.values()) board.place(m, { x: m.at.x, y: m.at.y }, m.facing);
        const logged: string[] = [];
        board.readChanges(cursor, (m) => logged.push(m.def.id));
        assert.deepEqual(logged, [], `${file} step ${step.index}`);
        assert.equal(answers(), before, `${file} step ${step.index}`);
        boards++;
      }
    }
    assert.ok(boards > 100, `only ${boards} boards`);
  });
});

describe("the board's answers about units within a range", () => {
  it("equal a fresh board's after random moves, removals and rolled-back trials", () => {
    const rng = createRng(1204);
    let compared = 0;
    for (const file of exampleAndFixtureFiles().filter((_, i) => i % 4 === 0)) {
      const scenario = parseScenario(readFileSync(file, "utf8")).scenario;
      if (!scenario) continue;
      const board = boardAfter(scenario, scenario.steps.at(-1)?.index);
      const models = [...board.models.values()];
      const units = [...board.units.values()];
      if (models.length < 2) continue;
      const ranges = [1, 2, 3, 6];
      const answers = (b: BoardState): string =>
        JSON.stringify(
          units.map((u) => [
            ranges.map((r) => [...b.unitsWithin(u, r)].map(([v, t]) => `${v.id}:${t}`)),
            u.models.map((m) => b.enemyUnitsClearlyWithin(m.shape, u.player, 2).map((v) => v.id)),
          ]),
        );
      for (let k = 0; k < 12; k++) {
        const trial = rng() < 0.5;
        const before = trial ? answers(board) : "";
        if (trial) board.beginTrial();
        const m = models[Math.floor(rng() * models.length)];
        if (rng() < 0.15 && m.alive) board.remove(m);
        else board.place(m, { x: m.at.x + (rng() * 2 - 1) * 3, y: m.at.y + (rng() * 2 - 1) * 3 });
        // Ask now (the caches fill), then compare with a copy, which has none.
        answers(board);
        assert.equal(answers(board), answers(board.clone()), `${file}: after change ${k}`);
        if (trial) {
          board.rollback();
          assert.equal(answers(board), before, `${file}: after the rollback of change ${k}`);
        }
        compared++;
      }
    }
    assert.ok(compared > 100, `only ${compared} changes compared`);
  });
});
