/// <reference lib="dom" />
/**
 * Pan (drag) and zoom (wheel, round the pointer) of the board, as a CSS transform on the board's
 * wrapper. The view survives board updates (only the wrapper's children change) and is handed to
 * `onChange` so it can be kept in the webview state across reloads.
 */

/** Translation in px and zoom factor (1 = the board fits the width). */
export interface View {
  readonly x: number;
  readonly y: number;
  readonly zoom: number;
}

export const FIT: View = { x: 0, y: 0, zoom: 1 };

const MIN_ZOOM = 0.2;
const MAX_ZOOM = 12;
/** A press that moves less than this is a click, not a drag. */
const DRAG_PX = 4;

/** Wires pan and zoom on `viewport` to the transform of `board`. */
export class PanZoom {
  private view: View = FIT;
  private press: { x: number; y: number; from: View; dragging: boolean } | undefined;
  private dragged = false;

  constructor(
    private readonly viewport: HTMLElement,
    private readonly board: HTMLElement,
    private readonly onChange: (view: View) => void,
  ) {
    viewport.addEventListener("wheel", (e) => this.wheel(e), { passive: false });
    viewport.addEventListener("pointerdown", (e) => this.down(e));
    window.addEventListener("pointermove", (e) => this.move(e));
    window.addEventListener("pointerup", () => (this.press = undefined));
  }

  /** Shows `view` (clamped to sane numbers) without reporting it. */
  set(view: View): void {
    const zoom = Number.isFinite(view.zoom) ? Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.zoom)) : 1;
    this.view = { x: Number.isFinite(view.x) ? view.x : 0, y: Number.isFinite(view.y) ? view.y : 0, zoom };
    this.board.style.transform = `translate(${this.view.x}px, ${this.view.y}px) scale(${this.view.zoom})`;
  }

  /** True once per click that ended a drag, so that click does not also reveal the source. */
  consumeDrag(): boolean {
    const was = this.dragged;
    this.dragged = false;
    return was;
  }

  private change(view: View): void {
    this.set(view);
    this.onChange(this.view);
  }

  private wheel(e: WheelEvent): void {
    e.preventDefault();
    const rect = this.viewport.getBoundingClientRect();
    const px = e.clientX - rect.left;
    const py = e.clientY - rect.top;
    const { x, y, zoom } = this.view;
    const next = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom * Math.exp(-e.deltaY / 500)));
    // Keep the board point under the pointer where it is.
    this.change({ x: px - ((px - x) * next) / zoom, y: py - ((py - y) * next) / zoom, zoom: next });
  }

  private down(e: PointerEvent): void {
    if (e.button !== 0) return;
    this.dragged = false;
    this.press = { x: e.clientX, y: e.clientY, from: this.view, dragging: false };
  }

  private move(e: PointerEvent): void {
    const p = this.press;
    if (p === undefined) return;
    const dx = e.clientX - p.x;
    const dy = e.clientY - p.y;
    if (!p.dragging && Math.hypot(dx, dy) < DRAG_PX) return;
    p.dragging = true;
    this.dragged = true;
    this.change({ x: p.from.x + dx, y: p.from.y + dy, zoom: p.from.zoom });
  }
}
