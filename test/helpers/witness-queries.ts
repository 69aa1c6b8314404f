// Witness queries for the geometry tests: random boards of round and oval bases, and grids where distances tie exactly.
import type { Vec } from "../../shared/model/scenario";
import { circle, shapeOf, type Shape } from "../../shared/geometry/shape";
import { MARGIN } from "../../shared/geometry/tolerance";
import type { WitnessQuery } from "../../shared/geometry/witness";

export const R32 = 16 / 25.4;
export const R40 = 20 / 25.4;
export const BOARD = { width: 44, height: 30 };

export function randomQuery(rng: () => number, ovals: boolean): WitnessQuery {
  const r = (): number => (rng() < 0.5 ? R32 : R40);
  const base = (c: Vec): Shape =>
    ovals && rng() < 0.3 ? shapeOf({ kind: "oval", lengthMm: 60, widthMm: 35 }, c, Math.floor(rng() * 12) * 15) : circle(c, r());
  const start = { x: 6 + rng() * 30, y: 6 + rng() * 18 };
  const around = (k: number, spread: number): Shape[] =>
    Array.from({ length: k }, () => base({ x: start.x + (rng() * 2 - 1) * spread, y: start.y + (rng() * 2 - 1) * spread }));
  return {
    moving: circle(start, r()),
    start,
    reach: 1 + rng() * 8,
    rotate: true,
    goalGap: [0, 1 - MARGIN, 2 - MARGIN][Math.floor(rng() * 3)],
    targets: around(1 + Math.floor(rng() * 5), 7),
    blockers: around(Math.floor(rng() * 12), 6),
    board: BOARD,
    accept: () => false,
  };
}

/** A red block of round models facing a blue block, on a grid: distances tie exactly. */
export function gridQuery(k: number): WitnessQuery {
  const reds = [0, 1, 2].flatMap((row) => [0, 1].map((col) => ({ x: 10 + col * 1.4 + (k % 3), y: 10 + row * 1.4 })));
  const blues = [0, 1, 2].flatMap((row) => [0, 1].map((col) => ({ x: 16 + col * 1.4, y: 10 + row * (k % 2 ? 1.4 : 1.6) })));
  const mover = k % reds.length;
  return {
    moving: circle(reds[mover], R32),
    start: reds[mover],
    reach: [9 - MARGIN, 3 - MARGIN, 6 - MARGIN][k % 3],
    rotate: true,
    goalGap: [1 - MARGIN, 2 - MARGIN, 0][k % 3],
    targets: blues.map((c) => circle(c, R32)),
    blockers: reds.filter((_, i) => i !== mover).map((c) => circle({ x: c.x + 3.5, y: c.y }, R32)),
    board: BOARD,
    accept: () => false,
  };
}
