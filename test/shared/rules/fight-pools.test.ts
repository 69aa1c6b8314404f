/**
 * The Fight phase's selection pools are kept step by step (shared/rules/common/fight-pools.ts):
 * after every step of every fixture, under each rules system, the kept pools must answer exactly as
 * pools computed afresh on the same board; copies of a replay (checkpoints) and trials rolled back
 * must carry on alike. The last tests break the incremental update on purpose and expect these
 * comparisons to notice.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { BoardState } from "../../../shared/board/board-state";
import { parseScenario } from "../../../shared/parse/parse-scenario";
import type { Scenario } from "../../../shared/model/scenario";
import { startCheck } from "../../../shared/engine/check-scenario";
import { advance, cloneReplay, type ReplayState } from "../../../shared/engine/replay";
import { checkpoint, replayTo, resume, tryStepFrom } from "../../../shared/engine/timeline";
import { resolveSystem } from "../../../shared/systems/rulings";
import { FightPools } from "../../../shared/rules/common/fight-pools";
import { fightPhaseScenario, stressScenario } from "../../bench/scenarios";
import { generateScenario, SMALL_SCENARIO } from "../../helpers/generate-scenario";

const root = join(__dirname, "..", "..", "..", "..");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".scenario.yaml") ? [join(dir, e.name)] : []))
    .sort();
}

/** Every fixture and example with a Fight phase, and a few generated ones. */
const generated: [string, string][] = [
  ["generated small", generateScenario(SMALL_SCENARIO)],
  ["fight 200", fightPhaseScenario(200)],
  ["consolidate stress", stressScenario("consolidate", 4)],
  ["pile-in stress", stressScenario("pile-in", 4)],
];
const texts: [string, string][] = [
  ...[...files(join(root, "examples")), ...files(join(root, "test", "fixtures"))].map((f): [string, string] => [
    f.slice(root.length + 1),
    readFileSync(f, "utf8"),
  ]),
  ...generated,
].filter(([, t]) => /fight|pile-in|consolidate/.test(t));

const OPTIONS = [{}, { rules: "10e" }, { rules: "10e", rulings: ["club"] }, { rules: "11e" }];

const scenarios: [string, Scenario][] = texts.flatMap(([name, text]) => {
  const s = parseScenario(text).scenario;
  return s ? [[name, s] as [string, Scenario]] : [];
});

/** Replays every step of every scenario, calling `check` with the replay after each step. */
function eachStep(check: (state: ReplayState, where: string) => void): void {
  for (const [name, scenario] of scenarios) {
    for (const options of OPTIONS) {
      const state = startCheck(scenario, options);
      for (const step of scenario.steps) {
        advance(state, step.index);
        check(state, `${name} ${JSON.stringify(options)} after step ${step.index}`);
      }
    }
  }
}

/** Compares the replay's kept pools with pools made afresh; returns whether there were any to compare. */
function compareFresh(state: ReplayState, where: string): boolean {
  const kept = state.ctx.fight.pools;
  if (!kept) return false;
  assert.deepEqual(kept.answers(state.ctx), new FightPools(kept.rules).answers(state.ctx), where);
  return true;
}

/** How many comparisons found the kept pools different from fresh ones. */
function mismatches(): number {
  let n = 0;
  eachStep((state, where) => {
    try {
      compareFresh(state, where);
    } catch {
      n++;
    }
  });
  return n;
}

describe("fight pools kept step by step", () => {
  it("answer as pools made afresh, after every step of every fixture, under each system", () => {
    let compared = 0;
    let changes = 0;
    let last = "";
    eachStep((state, where) => {
      if (!compareFresh(state, where)) return;
      compared++;
      const now = JSON.stringify(state.ctx.fight.pools!.answers(state.ctx));
      if (now !== last) changes++;
      last = now;
    });
    assert.ok(scenarios.length > 50, `${scenarios.length} scenarios`);
    assert.ok(compared > 500, `${compared} comparisons`);
    assert.ok(changes > 100, `${changes} changes of the pools`);
  });

  it("carry over into a copy of the replay (a checkpoint), which carries on as the replay does", () => {
    for (const [name, scenario] of scenarios) {
      const whole = startCheck(scenario, {});
      advance(whole);
      const expected = JSON.stringify(whole.ctx.report.problems);
      const state = startCheck(scenario, {});
      for (const step of scenario.steps) {
        advance(state, step.index);
        const copy = cloneReplay(state);
        compareFresh(copy, `${name}: copy after step ${step.index}`);
        advance(copy);
        assert.equal(JSON.stringify(copy.ctx.report.problems), expected, `${name}: resumed after step ${step.index}`);
      }
    }
  });

  it("are left as they were by a trial on the checkpoint's board (rolled back)", () => {
    for (const [name, scenario] of scenarios.slice(0, 120)) {
      const { system } = resolveSystem(
        scenario.rules.value,
        scenario.rulings.map((r) => r.id),
      );
      const expected = JSON.stringify(replayTo(scenario, system, Infinity).report.problems);
      for (let k = 0; k + 1 < scenario.steps.length; k++) {
        const cp = checkpoint(scenario, system, scenario.steps[k].index);
        // Pools asked before the trial, during it (on the trial's copy of the context), then after.
        const before = cp.state.ctx.fight.pools?.answers(cp.state.ctx);
        tryStepFrom(cp, scenario.steps[k + 1], () => undefined);
        if (before) assert.deepEqual(cp.state.ctx.fight.pools!.answers(cp.state.ctx), before, `${name}: after the trial of step ${k + 1}`);
        assert.equal(JSON.stringify(resume(cp, Infinity).report.problems), expected, `${name}: resumed after a trial of step ${k + 1}`);
      }
    }
  });
});

describe("fight pools: the comparisons notice a broken update", () => {
  it("when the board's log of changes is not read", () => {
    const read = BoardState.prototype.readChanges;
    BoardState.prototype.readChanges = function (cursor) {
      return read.call(this, cursor, () => undefined);
    };
    try {
      assert.ok(mismatches() > 0);
    } finally {
      BoardState.prototype.readChanges = read;
    }
    assert.equal(mismatches(), 0);
  });

  it("when a selection is not marked", () => {
    const mark = FightPools.prototype.mark;
    FightPools.prototype.mark = () => undefined;
    try {
      assert.ok(mismatches() > 0);
    } finally {
      FightPools.prototype.mark = mark;
    }
  });
});

describe("BoardState's log of changes", () => {
  const text = fightPhaseScenario(40);
  const scenario = parseScenario(text).scenario!;
  const { system } = resolveSystem(scenario.rules.value, []);

  it("names each model moved or removed since a cursor, and nothing else", () => {
    const board = new BoardState(scenario, system);
    const [a, b] = [...board.models.values()];
    let cursor = board.changeCursor();
    const seen: string[] = [];
    cursor = board.readChanges(cursor, (m) => seen.push(m.def.id))!;
    assert.equal(seen.length, 0);
    board.place(a, { x: a.at.x + 1, y: a.at.y });
    board.remove(b);
    cursor = board.readChanges(cursor, (m) => seen.push(m.def.id))!;
    assert.deepEqual(seen, [a.def.id, a.def.id, b.def.id]);
    assert.ok(board.readChanges(cursor, () => assert.fail("nothing changed")));
  });

  it("refuses a cursor taken in a rolled-back trial, keeps one taken before it, and a copy's own", () => {
    const board = new BoardState(scenario, system);
    const [a] = [...board.models.values()];
    const before = board.changeCursor();
    board.beginTrial();
    board.place(a, { x: a.at.x + 1, y: a.at.y });
    const during = board.changeCursor();
    board.rollback();
    board.place(a, { x: a.at.x + 2, y: a.at.y });
    assert.equal(
      board.readChanges(during, () => undefined),
      undefined,
    );
    const seen: number[] = [];
    assert.ok(board.readChanges(before, (m, shape) => seen.push(shape.c.x - m.def.at.x)));
    assert.deepEqual(seen, [0, 2]);
    const copy = board.clone();
    assert.equal(
      copy.readChanges(before, () => undefined),
      undefined,
    );
    assert.ok(copy.readChanges(copy.changeCursor(), () => assert.fail("a copy starts its own log")));
  });
});
