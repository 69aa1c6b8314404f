/** Bases drawn to scale: the SVG element of a round or oval base, its extent, and where a ray leaves it. */
import type { BaseShape } from "../model/scenario";
import { MM_PER_INCH } from "../geometry/shape";
import { el, type Attrs } from "./svg-text";

/** Maps board inches to picture pixels (the board's top-left corner sits at `x0`, `y0`). */
export interface Projection {
  readonly scale: number;
  readonly x0: number;
  readonly y0: number;
}

/** Picture x, y of a board position. */
export function project(p: Projection, at: readonly [number, number]): [number, number] {
  return [p.x0 + at[0] * p.scale, p.y0 + at[1] * p.scale];
}

/** Semi-axes in inches: `a` along the facing, `b` across it (equal for round bases). */
export function semiAxes(base: BaseShape): { a: number; b: number } {
  if (base.kind === "round") return { a: base.diameterMm / 2 / MM_PER_INCH, b: base.diameterMm / 2 / MM_PER_INCH };
  return { a: base.lengthMm / 2 / MM_PER_INCH, b: base.widthMm / 2 / MM_PER_INCH };
}

/**
 * The base as an SVG `<circle>` or `<ellipse>` at `at`, grown by `grow` inches all round (for
 * outlines drawn just outside a base). Ovals are rotated about their centre by the facing.
 */
export function baseElement(p: Projection, base: BaseShape, at: readonly [number, number], facing: number, attrs: Attrs, grow = 0): string {
  const [cx, cy] = project(p, at);
  const { a, b } = semiAxes(base);
  // What the element is (class, data-*) first, then its geometry, then its paint: easier to read and to grep.
  const tags = Object.fromEntries(Object.entries(attrs).filter(([k]) => k === "class" || k.startsWith("data-")));
  const paint = Object.fromEntries(Object.entries(attrs).filter(([k]) => k !== "class" && !k.startsWith("data-")));
  if (a === b) return el("circle", { ...tags, cx, cy, r: (a + grow) * p.scale, ...paint });
  const rotate = ((facing % 360) + 360) % 360;
  return el("ellipse", {
    ...tags,
    cx,
    cy,
    rx: (a + grow) * p.scale,
    ry: (b + grow) * p.scale,
    transform: rotate === 0 ? undefined : `rotate(${Math.round(rotate * 100) / 100} ${cx.toFixed(2)} ${cy.toFixed(2)})`,
    ...paint,
  });
}

/** Distance in inches from the base's centre to its edge along direction `angle` (radians, board frame). */
export function edgeDistance(base: BaseShape, facing: number, angle: number): number {
  const { a, b } = semiAxes(base);
  if (a === b) return a;
  const t = angle - (facing * Math.PI) / 180;
  return (a * b) / Math.hypot(b * Math.cos(t), a * Math.sin(t));
}

/** Half the width and height (inches) of the box holding the base. */
export function halfExtent(base: BaseShape, facing: number): { hx: number; hy: number } {
  const { a, b } = semiAxes(base);
  const t = (facing * Math.PI) / 180;
  return { hx: Math.hypot(a * Math.cos(t), b * Math.sin(t)), hy: Math.hypot(a * Math.sin(t), b * Math.cos(t)) };
}
