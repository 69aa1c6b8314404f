import { coherencyOf } from "../../board/coherency";
import { offBoardBy } from "../../geometry/board";
import { signedGap } from "../../geometry/gap";
import { touchingCentre, type Shape } from "../../geometry/shape";
import type { Vec } from "../../model/scenario";
import { roundCoordinate } from "../text/index";
import { shapeAt, writtenEnd, type MoveSubject } from "./position-subject";

/**
 * Candidate end positions for one model, cheap to make and to sieve: geometry only, no rules.
 * Whatever passes here is still only a guess until the engine re-checks the edited text.
 */

/**
 * A new end: the first `keep` written waypoints stay, then `end` (rounded as it will be written,
 * unless `exact`: the start position itself, written back as the author wrote it).
 */
export interface Candidate {
  readonly keep: number;
  readonly end: Vec;
  readonly exact?: boolean;
}

/** Rounds a point to what a fix writes. */
export function rounded(p: Vec): Vec {
  return { x: roundCoordinate(p.x), y: roundCoordinate(p.y) };
}

/** The end replaced, every written waypoint before it kept. */
export function endOnly(s: MoveSubject, end: Vec): Candidate {
  return { keep: s.move.path.length - 1, end: rounded(end) };
}

/** Overlap a rounded position may still have without being `move.overlap` (TAU_O is 0.01"). */
const OVERLAP_SLACK = 0.005;

/** On the board and on no other model: what every legal end needs. */
export function fits(s: MoveSubject, end: Vec): boolean {
  const shape = shapeAt(s, end);
  if (offBoardBy(shape, s.board.width, s.board.height) > 0) return false;
  return s.near.every((o) => signedGap(shape, o.shape) >= -OVERLAP_SLACK);
}

/** The smallest gap from a footprint to any of `targets` (∞ for none). */
export function gapTo(shape: Shape, targets: readonly Shape[]): number {
  let best = Infinity;
  for (const t of targets) best = Math.min(best, signedGap(shape, t));
  return best;
}

/** Length of a path from `from` through `points`. */
export function lengthOf(from: Vec, points: readonly Vec[]): number {
  let total = 0;
  let prev = from;
  for (const p of points) {
    total += Math.hypot(p.x - prev.x, p.y - prev.y);
    prev = p;
  }
  return total;
}

/** The path a candidate writes. */
export function pathOf(s: MoveSubject, c: Candidate): Vec[] {
  return [...s.move.path.slice(0, c.keep), c.end];
}

/**
 * `move.too-far`: the point of the written path at the limit (less a margin for rounding), and
 * the same length with the last leg turned a little either way, for when that point is taken.
 * Waypoints may be what made the move too long: the straight move to the written end (or toward
 * it, as far as the limit allows) is a candidate too.
 */
export function pathCuts(s: MoveSubject, limit: number): Candidate[] {
  // A move with (almost) no allowance, such as remaining stationary: back to where it started.
  if (limit < 0.02) return [{ keep: 0, end: s.from, exact: true }];
  const end = writtenEnd(s);
  const out = cutsAlong([s.from, ...s.move.path], limit);
  if (s.move.path.length > 1) {
    if (Math.hypot(end.x - s.from.x, end.y - s.from.y) <= limit) out.push({ keep: 0, end, exact: true });
    else out.push(...cutsAlong([s.from, end], limit));
  }
  return out.filter((c) => lengthOf(s.from, pathOf(s, c)) <= limit + 1e-9);
}

function cutsAlong(points: readonly Vec[], limit: number): Candidate[] {
  const out: Candidate[] = [];
  for (const margin of [0.01, 0.05, 0.15, 0.3, 0.6, 1]) {
    const want = Math.max(0, limit - margin);
    let walked = 0;
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1];
      const b = points[i];
      const leg = Math.hypot(b.x - a.x, b.y - a.y);
      if (walked + leg < want && i < points.length - 1) {
        walked += leg;
        continue;
      }
      const r = Math.max(0, Math.min(leg, want - walked));
      const angle = Math.atan2(b.y - a.y, b.x - a.x);
      const turns = margin <= 0.05 ? [0, 5, -5, 10, -10, 20, -20, 35, -35, 50, -50, 70, -70, 90, -90] : [0, 15, -15, 40, -40];
      for (const deg of turns) {
        const t = angle + (deg * Math.PI) / 180;
        // Rounding may lengthen the leg by up to 0.0071": the margin keeps the cut inside the limit.
        out.push({ keep: i - 1, end: rounded({ x: a.x + r * Math.cos(t), y: a.y + r * Math.sin(t) }) });
      }
      break;
    }
  }
  return out;
}

/**
 * Rings of points around `centre`, nearest first, kept when `accept` says so, until `want` are
 * found or the rings reach `maxRadius`. Rings every 0.05" with a point every 7.5° (finer near).
 */
export function ringsAround(centre: Vec, maxRadius: number, want: number, accept: (p: Vec) => boolean): Vec[] {
  const out: Vec[] = [];
  const seen = new Set<string>();
  for (let r = 0.05; r <= maxRadius + 1e-9 && out.length < want; r += r < 1 ? 0.05 : 0.1) {
    const steps = r < 0.3 ? 24 : 48;
    for (let k = 0; k < steps && out.length < want; k++) {
      const t = (2 * Math.PI * k) / steps;
      const p = rounded({ x: centre.x + r * Math.cos(t), y: centre.y + r * Math.sin(t) });
      const key = `${p.x},${p.y}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (accept(p)) out.push(p);
    }
  }
  return out;
}

/**
 * For each target footprint, the centre at `gap` from it on the side facing `toward`: the nearest
 * point of "within `gap` of that target" to where the author put the model (exact for round bases).
 */
export function facingPoints(s: MoveSubject, targets: readonly Shape[], gap: number, toward: Vec): Vec[] {
  const moving = shapeAt(s, toward);
  return targets.map((t) => {
    const dx = toward.x - t.c.x;
    const dy = toward.y - t.c.y;
    const d = Math.hypot(dx, dy);
    const n = d > 1e-9 ? { x: dx / d, y: dy / d } : { x: 1, y: 0 };
    return touchingCentre(t, moving, n, gap);
  });
}

/** Would the unit be coherent (the engine's own rule) with the subject at `end`? */
export function coherentAt(s: MoveSubject, end: Vec): boolean {
  const mates = s.others.filter((o) => o.unit === s.unit).map((o) => o.shape);
  return coherencyOf([shapeAt(s, end), ...mates], s.system.coherency).ok === "yes";
}

/** Sorts candidates by how far they are from the written end, dropping repeats. */
export function nearestFirst(s: MoveSubject, candidates: readonly Candidate[]): Candidate[] {
  const end = writtenEnd(s);
  const seen = new Set<string>();
  const out: Candidate[] = [];
  const sorted = [...candidates].sort((a, b) => Math.hypot(a.end.x - end.x, a.end.y - end.y) - Math.hypot(b.end.x - end.x, b.end.y - end.y) || a.keep - b.keep);
  for (const c of sorted) {
    const key = `${c.keep}:${c.end.x},${c.end.y}`;
    if (seen.has(key) || (c.end.x === end.x && c.end.y === end.y && c.keep === s.move.path.length - 1)) continue;
    seen.add(key);
    out.push(c);
  }
  return out;
}
