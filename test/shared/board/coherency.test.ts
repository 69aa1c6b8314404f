import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { coherencyOf, coherencyProbe } from "../../../shared/board/coherency";
import { circle } from "../../../shared/geometry/shape";

const RULE = { near: 2, far: 9 };
const R = 32 / 2 / 25.4; // a 32 mm base
/** Three bases in a row, each 1.5" edge to edge from the next. */
const row = [circle({ x: 0, y: 0 }, R), circle({ x: 1.5 + 2 * R, y: 0 }, R), circle({ x: 3 + 4 * R, y: 0 }, R)];

describe("coherency (03.03)", () => {
  it('a row with 1.5" gaps is coherent; a model 2.5" from all others is not', () => {
    assert.deepEqual(coherencyOf(row, RULE), { ok: "yes", culprit: undefined, other: undefined });
    const apart = [...row, circle({ x: 0, y: 2.5 + 2 * R }, R)];
    assert.equal(coherencyOf(apart, RULE).ok, "no");
    assert.equal(coherencyOf(apart, RULE).culprit, 3);
  });
  it('every model must be within 9" of every other', () => {
    const chain = Array.from({ length: 8 }, (_, i) => circle({ x: i * (1.9 + 2 * R), y: 0 }, R));
    const c = coherencyOf(chain, RULE);
    assert.equal(c.ok, "no");
    assert.notEqual(c.other, undefined);
  });
  it("a gap inside the tolerance is borderline", () => {
    const pair = [circle({ x: 0, y: 0 }, R), circle({ x: 2.005 + 2 * R, y: 0 }, R)];
    assert.equal(coherencyOf(pair, RULE).ok, "border");
  });
});

describe("coherencyProbe", () => {
  const probe = coherencyProbe(row, RULE);
  it("accepts moving an end model to another spot next to the row", () => {
    assert.equal(probe(2, circle({ x: 1.5 + 2 * R, y: 1.5 + 2 * R }, R)), true);
  });
  it("rejects moving the middle model beside the first: the last model relied on it alone", () => {
    // At the new spot the middle model has a neighbour (the first), but the last has none left.
    assert.equal(probe(1, circle({ x: 0, y: 1.5 + 2 * R }, R)), false);
    assert.equal(probe(1, circle({ x: 1.5 + 2 * R, y: 0.5 }, R)), true);
  });
  it('rejects a spot with no neighbour within 2"', () => {
    assert.equal(probe(2, circle({ x: 3 + 4 * R, y: 2.2 + 2 * R }, R)), false);
  });
  it("is false for every spot when the unit is not coherent to begin with", () => {
    const broken = coherencyProbe([row[0], circle({ x: 10, y: 0 }, R)], RULE);
    assert.equal(broken(1, circle({ x: 1 + 2 * R, y: 0 }, R)), false);
  });
});
