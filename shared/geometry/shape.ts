import type { BaseShape, Vec } from "../model/scenario";
import { degToRad } from "./vec";

/**
 * A base footprint on the board, in inches. An ellipse has semi-axes a >= b, its long axis
 * at `theta` radians from +x (clockwise on screen, since y points down the board).
 */
export type Shape =
  | { readonly kind: "circle"; readonly c: Vec; readonly r: number }
  | { readonly kind: "ellipse"; readonly c: Vec; readonly a: number; readonly b: number; readonly theta: number };

/** Millimetres per inch: base sizes are written in mm, the board is measured in inches. */
export const MM_PER_INCH = 25.4;

/** A circle of radius r (inches) centred at c. */
export function circle(c: Vec, r: number): Shape {
  return { kind: "circle", c, r };
}

/**
 * An ellipse with semi-axes a along `theta` and b across it. Keeps the a >= b invariant by
 * swapping the axes and turning a quarter; equal axes give a circle (which is faster to measure).
 */
export function ellipse(c: Vec, a: number, b: number, theta: number): Shape {
  if (a === b) return circle(c, a);
  if (a < b) return { kind: "ellipse", c, a: b, b: a, theta: theta + Math.PI / 2 };
  return { kind: "ellipse", c, a, b, theta };
}

/**
 * The footprint of a base centred at `at`. Round: radius = diameter / 2. Oval: the length
 * runs along the facing (degrees). An oval written wider than long is the same oval turned
 * a quarter, and one with length == width is a circle.
 */
export function shapeOf(base: BaseShape, at: Vec, facingDeg: number): Shape {
  if (base.kind === "round") return circle(at, base.diameterMm / 2 / MM_PER_INCH);
  return ellipse(at, base.lengthMm / 2 / MM_PER_INCH, base.widthMm / 2 / MM_PER_INCH, degToRad(facingDeg));
}

/** The same footprint moved to centre c. */
export function withCentre(s: Shape, c: Vec): Shape {
  return s.kind === "circle" ? { kind: "circle", c, r: s.r } : { kind: "ellipse", c, a: s.a, b: s.b, theta: s.theta };
}

/** The same footprint with its long axis along `facingDeg` (circles are unchanged). */
export function withFacing(s: Shape, facingDeg: number): Shape {
  return s.kind === "circle" ? s : { kind: "ellipse", c: s.c, a: s.a, b: s.b, theta: degToRad(facingDeg) };
}

/** The largest circle about the centre inside the footprint (an ellipse's minor semi-axis). */
export function inradius(s: Shape): number {
  return s.kind === "circle" ? s.r : s.b;
}

/** The smallest circle about the centre holding the footprint (an ellipse's major semi-axis). */
export function circumradius(s: Shape): number {
  return s.kind === "circle" ? s.r : s.a;
}

/**
 * How far the footprint reaches from its centre along unit direction n, i.e. support(s, n) - c.n.
 * Ellipse: sqrt(a^2 u^2 + b^2 v^2) with (u, v) the components of n along and across the long axis.
 */
export function radial(s: Shape, n: Vec): number {
  return radialAlong(s, n.x, n.y);
}

/** `radial` along the unit direction (nx, ny). */
export function radialAlong(s: Shape, nx: number, ny: number): number {
  if (s.kind === "circle") return s.r;
  const ct = Math.cos(s.theta);
  const st = Math.sin(s.theta);
  const u = nx * ct + ny * st;
  const v = -nx * st + ny * ct;
  return Math.sqrt(s.a * s.a * u * u + s.b * s.b * v * v);
}

/** Support function h(n) = max over the footprint of n.x, for a unit vector n. */
export function support(s: Shape, n: Vec): number {
  return s.c.x * n.x + s.c.y * n.y + radial(s, n);
}

/** The point of the footprint farthest along unit direction n (the support point). */
export function supportPoint(s: Shape, n: Vec): Vec {
  if (s.kind === "circle") return { x: s.c.x + s.r * n.x, y: s.c.y + s.r * n.y };
  const ct = Math.cos(s.theta);
  const st = Math.sin(s.theta);
  const u = n.x * ct + n.y * st;
  const v = -n.x * st + n.y * ct;
  const h = Math.sqrt(s.a * s.a * u * u + s.b * s.b * v * v);
  // In the ellipse's own frame the support point is (a^2 u, b^2 v) / h; rotate it back.
  const pu = (s.a * s.a * u) / h;
  const pv = (s.b * s.b * v) / h;
  return { x: s.c.x + pu * ct - pv * st, y: s.c.y + pu * st + pv * ct };
}

/**
 * Where to centre `moving` (keeping its facing) so that it lies exactly `gap` beyond `fixed`
 * along the outward unit normal n of `fixed`: the touching points face each other along n, so
 * signedGap(fixed, moved) == gap. As n turns once round, this traces the whole locus of
 * centres at that gap (the boundary of fixed + moving + disc(gap), a Minkowski sum).
 */
export function touchingCentre(fixed: Shape, moving: Shape, n: Vec, gap: number): Vec {
  const p = supportPoint(fixed, n);
  if (moving.kind === "circle") return { x: p.x + (moving.r + gap) * n.x, y: p.y + (moving.r + gap) * n.y };
  // The moving base touches with its support point in direction -n, i.e. its centre minus
  // the support offset in direction n (the footprint is symmetric about its centre).
  const q = supportPoint(withCentre(moving, { x: 0, y: 0 }), n);
  return { x: p.x + q.x + gap * n.x, y: p.y + q.y + gap * n.y };
}
