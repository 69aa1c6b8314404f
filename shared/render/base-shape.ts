/** Bases drawn to scale: the SVG element of a round or oval base, its extent, and where a ray leaves it. */
import type { BaseShape } from "../model/scenario";
import { MM_PER_INCH } from "../geometry/shape";
import { attribute, num, type Attrs } from "./svg-text";

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
  // What the element is (class, data-*) first, then its geometry, then its paint: easier to read and to grep.
  let tags = "";
  let paint = "";
  for (const k in attrs) {
    if (k === "class" || k.startsWith("data-")) tags += attribute(k, attrs[k]);
    else paint += attribute(k, attrs[k]);
  }
  return baseMarkup(p, base, at, facing, tags, paint, grow);
}

/**
 * `baseElement` with its attributes already written (`attributes` of the tags and of the
 * paint): layers drawing many bases write the paint, which is the same for every model of a
 * player, once.
 */
export function baseMarkup(p: Projection, base: BaseShape, at: readonly [number, number], facing: number, tags: string, paint: string, grow = 0): string {
  const cx = p.x0 + at[0] * p.scale;
  const cy = p.y0 + at[1] * p.scale;
  const { a, b } = semiAxes(base);
  // Joined as `el` joins, so each base is one flat string (see there).
  if (a === b) return ["<circle", tags, ' cx="', num(cx), '" cy="', num(cy), '" r="', num((a + grow) * p.scale), '"', paint, "/>"].join("");
  const rotate = ((facing % 360) + 360) % 360;
  const transform = rotate === 0 ? "" : ` transform="rotate(${Math.round(rotate * 100) / 100} ${cx.toFixed(2)} ${cy.toFixed(2)})"`;
  return [
    "<ellipse",
    tags,
    ' cx="',
    num(cx),
    '" cy="',
    num(cy),
    '" rx="',
    num((a + grow) * p.scale),
    '" ry="',
    num((b + grow) * p.scale),
    '"',
    transform,
    paint,
    "/>",
  ].join("");
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

/**
 * True when the box (px) and the base drawn at `at` share a point of positive area: the box's
 * corners are taken into the base's frame, where the base is the unit disc, and the parallelogram
 * they make is tested against it.
 */
export function boxMeetsBase(
  p: Projection,
  base: BaseShape,
  at: readonly [number, number],
  facing: number,
  box: { x: number; y: number; w: number; h: number },
): boolean {
  const [cx, cy] = project(p, at);
  const { a, b } = semiAxes(base);
  const rx = a * p.scale;
  const ry = b * p.scale;
  if (!(rx > 0 && ry > 0)) return false;
  const t = a === b ? 0 : (facing * Math.PI) / 180;
  const cos = Math.cos(t);
  const sin = Math.sin(t);
  const local = (x: number, y: number): [number, number] => {
    const dx = x - cx;
    const dy = y - cy;
    return [(dx * cos + dy * sin) / rx, (-dx * sin + dy * cos) / ry];
  };
  const q = [local(box.x, box.y), local(box.x + box.w, box.y), local(box.x + box.w, box.y + box.h), local(box.x, box.y + box.h)];
  // The disc's centre inside the parallelogram (the same side of all four edges)?
  let pos = 0;
  let neg = 0;
  for (let i = 0; i < 4; i++) {
    const [x0, y0] = q[i];
    const [x1, y1] = q[(i + 1) % 4];
    const cross = (x1 - x0) * -y0 - (y1 - y0) * -x0;
    if (cross > 0) pos++;
    else if (cross < 0) neg++;
  }
  if (pos === 4 || neg === 4) return true;
  // Else an edge passing within the disc.
  for (let i = 0; i < 4; i++) {
    const [x0, y0] = q[i];
    const [x1, y1] = q[(i + 1) % 4];
    const dx = x1 - x0;
    const dy = y1 - y0;
    const len2 = dx * dx + dy * dy;
    const s = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(x0 * dx + y0 * dy) / len2));
    if (Math.hypot(x0 + dx * s, y0 + dy * s) < 1) return true;
  }
  return false;
}
