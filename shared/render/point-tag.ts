/** A boxed text label placed near a point (a ruler's length, a ring's radius, an attack's count). */
import { leaderLine, placeText } from "./label-placer";
import type { RenderContext } from "./render-context";
import { el, labelWidth, num, text, textWidth } from "./svg-text";

export interface PointTag {
  readonly text: string;
  /** The point, in pixels. */
  readonly at: readonly [number, number];
  /** The class of the box and of its text. */
  readonly cls: string;
}

/**
 * Places the tag by the label placer: on the point itself when `onPoint` (a line's middle), else
 * above, below, right or left of it, with a leader line when it lands away; draws its box and text.
 */
export function pointTag(ctx: RenderContext, tag: PointTag, size: number, onPoint = false): string {
  const { theme } = ctx;
  const w = textWidth(tag.text, size) + 6;
  const h = size + 4;
  const [x, y] = tag.at;
  const around = [
    { x: x - w / 2, y: y - h - 2, w, h },
    { x: x - w / 2, y: y + 2, w, h },
    { x: x + 4, y: y - h / 2, w, h },
    { x: x - w - 4, y: y - h / 2, w, h },
  ];
  const placed = placeText(
    ctx.placer,
    onPoint ? [{ x: x - w / 2, y: y - h / 2, w, h }, ...around] : around,
    labelWidth(tag.text, size) + 6,
    { x: x - 1, y: y - 1, w: 2, h: 2 },
    [{ cx: x, cy: y, rx: 0, ry: 0 }],
  );
  const box = placed.box;
  return (
    leaderLine(placed, theme.mutedText) +
    el("rect", {
      class: tag.cls,
      x: num(box.x),
      y: num(box.y),
      width: num(box.w),
      height: num(box.h),
      rx: 3,
      fill: theme.labelBackground,
      stroke: theme.labelBorder,
    }) +
    text({ class: tag.cls, x: num(box.x + box.w / 2), y: num(box.y + box.h - 4), "font-size": size, "text-anchor": "middle", fill: theme.text }, tag.text)
  );
}
