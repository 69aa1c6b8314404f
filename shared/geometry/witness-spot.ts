import type { Vec } from "../model/scenario";
import { offBoardBy } from "./board";
import { gapBounds, signedGap } from "./gap";
import { sweptGapAtLeast } from "./path";
import { circle, circumradius, ellipse, type Shape } from "./shape";
import { MARGIN, TAU_O } from "./tolerance";
import { dist, pointSegmentDistance } from "./vec";

/**
 * The cheap tests a witness candidate must pass before the caller's full re-verification:
 * where it ends (reach, board, clearances, goal) and how it gets there
 * (the straight path and any turn). They are stricter than the checker's own tests, so a
 * candidate that passes them is a move the rules allow, not one that merely escapes a finding.
 */

/** How far past a threshold the larger axis offset of two circles must lie to stand in for their gap (float noise). */
const AXIS_SLACK = 1e-9;

/** Slack for values that are exact in theory (a point placed on a locus at gap g). */
export const GEPS = 1e-9;
/** How far the base may scrape an obstacle on its way (half the overlap tolerance: input noise). */
export const PATH_SLACK = TAU_O / 2;
/** Rotation is checked at sampled facings this close that no point moves more than this between them. */
const ROT_STEP_SLACK = PATH_SLACK / 2;

/** Everything the end-position test needs. Blockers and targets are pre-filtered to those in range. */
export interface SpotContext {
  readonly start: Vec;
  readonly reach: number;
  readonly width: number;
  readonly height: number;
  /** Bases the end position must clear by MARGIN. */
  readonly blockers: readonly Shape[];
  /** Bases the end position may touch but never overlap; reaching one of them is the goal. */
  readonly targets: readonly Shape[];
  /** The goal is met when the gap to some target is at most this. */
  readonly goalLimit: number;
}

/**
 * Does the moving base placed as `m` end legally (by the cheap tests) and meet the goal?
 * `onLocusOf` names a target that `m` was placed against at a gap known to meet the goal,
 * which saves measuring it again.
 */
export function spotOk(ctx: SpotContext, m: Shape, onLocusOf?: Shape): boolean {
  // dist(m.c, ctx.start) > ctx.reach, settled by the axis offsets where they can (hypot lies between their max and sum).
  const rx = Math.abs(m.c.x - ctx.start.x);
  const ry = Math.abs(m.c.y - ctx.start.y);
  if (Math.max(rx, ry) > ctx.reach + AXIS_SLACK) return false;
  if (rx + ry > ctx.reach - AXIS_SLACK && dist(m.c, ctx.start) > ctx.reach) return false;
  if (offBoardBy(m, ctx.width, ctx.height) > 0) return false;
  for (const b of ctx.blockers) {
    if (m.kind === "circle" && b.kind === "circle") {
      // Two circles: the bounds and the gap are all this one number (what gapBounds and signedGap
      // compute), never below the larger offset's (hypot never is), which settles most pairs.
      const dx = b.c.x - m.c.x;
      const dy = b.c.y - m.c.y;
      if (Math.max(Math.abs(dx), Math.abs(dy)) - (m.r + b.r) >= MARGIN + AXIS_SLACK) continue;
      if (Math.hypot(dx, dy) - (m.r + b.r) < MARGIN) return false;
      continue;
    }
    const bounds = gapBounds(m, b);
    if (bounds.lower >= MARGIN) continue;
    if (bounds.upper < MARGIN || signedGap(m, b) < MARGIN) return false;
  }
  let goal = onLocusOf !== undefined;
  for (const t of ctx.targets) {
    if (t === onLocusOf) continue;
    let g: number;
    if (m.kind === "circle" && t.kind === "circle") {
      const dx = t.c.x - m.c.x;
      const dy = t.c.y - m.c.y;
      if (Math.max(Math.abs(dx), Math.abs(dy)) - (m.r + t.r) > ctx.goalLimit + GEPS + AXIS_SLACK) continue;
      g = Math.hypot(dx, dy) - (m.r + t.r);
      if (g > ctx.goalLimit + GEPS) continue;
    } else {
      if (gapBounds(m, t).lower > ctx.goalLimit + GEPS) continue;
      g = signedGap(m, t);
    }
    if (g < -GEPS) return false;
    if (g <= ctx.goalLimit + GEPS) goal = true;
  }
  return goal;
}

/**
 * The spot context for bases within `spread` (centre to centre) of `m`, all on the locus of a target
 * they are tested against (`spotOk`'s `onLocusOf`, so the goal is met): without the blockers and
 * targets that base clears so well there that no base that near can fail against them (a gap moves
 * no more than the centre does). spotOk gives the same answer with either context for every such base.
 */
export function nearContext(ctx: SpotContext, m: Shape, spread: number): SpotContext {
  const slack = spread + GEPS;
  return {
    ...ctx,
    blockers: ctx.blockers.filter((b) => !(gapBounds(m, b).lower >= MARGIN + slack)),
    // With the goal met by the locus' own target, another target matters only where it is overlapped.
    targets: ctx.targets.filter((t) => !(gapBounds(m, t).lower >= slack - GEPS)),
  };
}

/** Obstacles for the path test, each with the lowest gap the moving base may reach against it. */
export interface PathContext {
  readonly obstacles: readonly Shape[];
  /** min(0, gap at the start) - PATH_SLACK: a base that starts touching may leave, never dig in. */
  readonly floors: readonly number[];
}

/**
 * Could the base starting as `m0` come within `limit` of `s` after moving up to `reach` and
 * turning any way? (Circum-circles, since the facing may change.)
 */
export function withinReach(m0: Shape, s: Shape, reach: number, limit: number): boolean {
  return dist(m0.c, s.c) - (circumradius(m0) + circumradius(s)) - reach < limit;
}

/** The path context for a base starting as `m0`, keeping only obstacles it could touch within `reach`. */
export function pathContext(m0: Shape, reach: number, obstacles: readonly Shape[]): PathContext {
  const near = obstacles.filter((o) => withinReach(m0, o, reach, PATH_SLACK));
  return { obstacles: near, floors: near.map((o) => Math.min(0, signedGap(m0, o)) - PATH_SLACK) };
}

/** Can `m` (its facing fixed) translate straight from `from` to `to` without digging into an obstacle? */
export function translationClear(ctx: PathContext, m: Shape, from: Vec, to: Vec): boolean {
  return ctx.obstacles.every((o, i) => {
    const lower = pointSegmentDistance(o.c, from, to) - (circumradius(m) + circumradius(o));
    return lower >= ctx.floors[i] || sweptGapAtLeast(m, from, to, o, ctx.floors[i]);
  });
}

/**
 * Can `m` turn in place from its facing to `theta` (radians; the shorter way, modulo a half
 * turn) without digging into an obstacle or hanging off the board? Facings are sampled so
 * closely that between two samples no point of the base moves more than ROT_STEP_SLACK, and
 * each sample must clear the floor by that much: a proof, not a guess.
 */
export function rotationClear(ctx: PathContext, m: Shape, theta: number, width: number, height: number): boolean {
  if (m.kind === "circle") return true;
  let delta = (theta - m.theta) % Math.PI;
  if (delta > Math.PI / 2) delta -= Math.PI;
  if (delta <= -Math.PI / 2) delta += Math.PI;
  const steps = Math.max(1, Math.ceil((Math.abs(delta) * m.a) / (2 * ROT_STEP_SLACK)));
  const slack = (Math.abs(delta) * m.a) / steps / 2;
  const at = (j: number): Shape => ellipse(m.c, m.a, m.b, m.theta + (delta * j) / steps);
  // The board only matters when the turning base's circum-circle reaches past an edge.
  if (offBoardBy(circle(m.c, m.a), width, height) > 0) {
    const startOff = offBoardBy(m, width, height);
    let prevOff = startOff;
    for (let j = 1; j <= steps; j++) {
      const off = offBoardBy(at(j), width, height);
      if (Math.max(prevOff, off) + slack > Math.max(0, startOff) + PATH_SLACK) return false;
      prevOff = off;
    }
  }
  return ctx.obstacles.every((o, i) => {
    if (dist(m.c, o.c) - (m.a + circumradius(o)) >= ctx.floors[i]) return true;
    let prev = signedGap(m, o);
    for (let j = 1; j <= steps; j++) {
      const cur = signedGap(at(j), o);
      if (Math.min(prev, cur) - slack < ctx.floors[i]) return false;
      prev = cur;
    }
    return true;
  });
}
