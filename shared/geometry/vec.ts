import type { Vec } from "../model/scenario";

/**
 * Small 2-D vector helpers. Board coordinates are inches, y pointing down the board, so a
 * positive angle turns clockwise on screen (0 = +x, 90 degrees = +y).
 */

/** A vector from its components. */
export function vec(x: number, y: number): Vec {
  return { x, y };
}

/** a + b. */
export function add(a: Vec, b: Vec): Vec {
  return { x: a.x + b.x, y: a.y + b.y };
}

/** a - b. */
export function sub(a: Vec, b: Vec): Vec {
  return { x: a.x - b.x, y: a.y - b.y };
}

/** k * a. */
export function scale(a: Vec, k: number): Vec {
  return { x: a.x * k, y: a.y * k };
}

/** Dot product. */
export function dot(a: Vec, b: Vec): number {
  return a.x * b.x + a.y * b.y;
}

/** z component of the cross product (positive when b is clockwise from a on screen). */
export function cross(a: Vec, b: Vec): number {
  return a.x * b.y - a.y * b.x;
}

/**
 * The length of (x, y): `Math.hypot`'s value but for the last bit, without its cost (a call that
 * boxes its result: a tenth of what a replay allocated went to it). Where the squares overflow or
 * underflow, `Math.hypot` itself.
 */
export function norm(x: number, y: number): number {
  const s = x * x + y * y;
  return s < Infinity && s > 1e-280 ? Math.sqrt(s) : Math.hypot(x, y);
}

/** Euclidean length. */
export function len(a: Vec): number {
  return norm(a.x, a.y);
}

/** Distance between two points. */
export function dist(a: Vec, b: Vec): number {
  return norm(a.x - b.x, a.y - b.y);
}

/** a + t (b - a): the point a fraction t of the way from a to b. */
export function lerp(a: Vec, b: Vec, t: number): Vec {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

/** The unit vector at `rad` radians from +x. */
export function fromAngle(rad: number): Vec {
  return { x: Math.cos(rad), y: Math.sin(rad) };
}

/** The angle of a from +x, in (-pi, pi]. */
export function angleOf(a: Vec): number {
  return Math.atan2(a.y, a.x);
}

/** Degrees to radians. */
export function degToRad(deg: number): number {
  return (deg * Math.PI) / 180;
}

/** Radians to degrees. */
export function radToDeg(rad: number): number {
  return (rad * 180) / Math.PI;
}

/** The parameter t in [0, 1] of the point of segment [a, b] closest to p. */
export function closestT(p: Vec, a: Vec, b: Vec): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const l2 = dx * dx + dy * dy;
  if (l2 === 0) return 0;
  const t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2;
  return t < 0 ? 0 : t > 1 ? 1 : t;
}

/** Distance from p to the segment [a, b]. */
export function pointSegmentDistance(p: Vec, a: Vec, b: Vec): number {
  return dist(p, lerp(a, b, closestT(p, a, b)));
}
