import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze, boardFrame } from "../../../shared/index";

const text = readFileSync(join(__dirname, "..", "..", "..", "..", "examples", "overrun-fight.scenario.yaml"), "utf8");
const analysis = analyze(text);
const scenario = analysis.scenario!;

describe("boardFrame", () => {
  it("the set-up shows every model where it was placed, and no moves", () => {
    const f = boardFrame(scenario, analysis.problems, undefined);
    assert.equal(f.step, undefined);
    assert.equal(f.stepCount, 5);
    assert.equal(f.models.length, 11);
    assert.deepEqual(f.models.find((m) => m.id === "s4")?.at, [24.72, 15.27]);
    assert.deepEqual(f.moves, []);
  });
  it("a removal takes models off the board from that step on", () => {
    assert.equal(
      boardFrame(scenario, analysis.problems, 0).models.some((m) => m.id === "t1"),
      true,
    );
    assert.equal(
      boardFrame(scenario, analysis.problems, 1).models.some((m) => m.id === "t1"),
      false,
    );
  });
  it("a step with a nested pile-in shows each moved model's start, path and distance", () => {
    const f = boardFrame(scenario, analysis.problems, 2);
    assert.equal(f.phase, "fight");
    assert.match(f.note ?? "", /overrun fight/);
    assert.deepEqual(
      f.moves.map((m) => [m.id, m.from, m.path, Math.round(m.distance * 100) / 100]),
      [
        ["s4", [24.72, 15.27], [[24.9, 18.1]], 2.84],
        ["s5", [23.93, 16.3], [[23.6, 18.2]], 1.93],
      ],
    );
    assert.deepEqual(f.models.find((m) => m.id === "s5")?.at, [23.6, 18.2]);
  });
  it("carries only the shown step's problems", () => {
    const illegal = readFileSync(join(__dirname, "..", "..", "..", "..", "examples", "illegal-pile-in.scenario.yaml"), "utf8");
    const a = analyze(illegal);
    assert.deepEqual(
      boardFrame(a.scenario!, a.problems, 0).problems.map((p) => p.code),
      ["move.too-far"],
    );
    assert.deepEqual(boardFrame(a.scenario!, a.problems, undefined).problems, []);
  });
});
