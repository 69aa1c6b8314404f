/// <reference lib="dom" />
/**
 * The board as an editor: drag models (with snapping, see snap.ts), select them (click,
 * Shift-click, Tab), nudge the selection with the arrow keys, and pass Ctrl+Z / Ctrl+Shift+Z on as
 * the document's undo and redo. Everything is drawn locally at once (a transform on the model's
 * base and its id) and written by the extension: one `move` message per drag or burst of nudges,
 * with the version of the board shown. Text from the scenario reaches the page only as
 * `textContent`.
 *
 * Positions drawn, in order of precedence: the drag in progress, nudges not yet sent, placements
 * sent and not yet drawn by the server (kept until a board of a newer version, another step or
 * another document arrives, or the extension refuses them), and the board's own.
 */
import type { EditableBoard, EditableModel, FromPreviewMessage, ModelPlacement } from "../../shared/protocol/messages";
import type { Vec } from "../../shared/model/scenario";
import { shapeOf } from "../../shared/geometry/shape";
import { signedGap } from "../../shared/geometry/gap";
import { hundredths, inches, nearestEnemy, overlayText, snapDrag, type SnapModel } from "./snap";

/** A press that moves less than this (px) is a click, not a drag. */
const DRAG_PX = 4;
/** A burst of nudges is sent this long after its last key. */
export const NUDGE_MS = 400;
/** How long a toast (a refusal, why a model is locked) stays. */
const TOAST_MS = 4000;
/** The snapping threshold: this many inches, or this many screen px when the board is zoomed in. */
const SNAP_INCHES = 0.25;
const SNAP_PX = 12;
/** Hovering the board asks why the selected model could not end there at most this often. */
const PROBE_MS = 150;

/** The page's elements the editor uses. */
export interface EditorElements {
  /** The focusable board area (pan/zoom listens here too). */
  readonly viewport: HTMLElement;
  /** The pan/zoom wrapper holding the SVG. */
  readonly board: HTMLElement;
  /** The overlay that follows the pointer while dragging. */
  readonly info: HTMLElement;
  /** A short message (a refusal, why a model cannot move). */
  readonly toast: HTMLElement;
}

/** The board shown, as the editor needs it. */
export interface ShownBoard {
  readonly uri: string;
  readonly version: number;
  readonly svg: SVGSVGElement;
  readonly editable?: EditableBoard;
  readonly selected?: readonly string[];
}

interface Drag {
  readonly pointerId: number;
  readonly primary: string;
  readonly startX: number;
  readonly startY: number;
  /** Pointer (inches) minus the primary model's centre at the press. */
  readonly grab: Vec;
  /** The moving models' positions at the press (the primary first); empty for a locked model. */
  readonly start: Map<string, Vec>;
  /** Why the primary model cannot move (then nothing moves). */
  readonly locked?: string;
  active: boolean;
  current: Map<string, Vec>;
  lastX: number;
  lastY: number;
}

export class BoardEditor {
  private shown: ShownBoard | undefined;
  private models = new Map<string, EditableModel>();
  /** Each model's drawn elements: its base first, then the tick and the id drawn on it. */
  private elements = new Map<string, Element[]>();
  private readonly originalTransform = new WeakMap<Element, string | null>();
  private selection: string[] = [];
  private pending = new Map<string, Vec>();
  private sent = new Map<string, Vec>();
  private sentVersion: number | undefined;
  private drag: Drag | undefined;
  private nudgeTimer: ReturnType<typeof setTimeout> | undefined;
  private toastTimer: ReturnType<typeof setTimeout> | undefined;
  private swallowClick = false;
  /** What the hover overlay shows: a model's id, "probe", or nothing. */
  private hoverKey: string | undefined;
  /** The spot the pointer is over while a probe is due or out. */
  private probeAt: { at: readonly [number, number]; clientX: number; clientY: number } | undefined;
  private probeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly els: EditorElements,
    private readonly post: (message: FromPreviewMessage) => void,
  ) {
    // Capture: a press on a model is the editor's, so the pan (listening on the viewport) never sees it.
    els.viewport.addEventListener("pointerdown", (e) => this.down(e), { capture: true });
    window.addEventListener("pointermove", (e) => this.move(e));
    window.addEventListener("pointerup", (e) => this.up(e));
    window.addEventListener("pointercancel", (e) => {
      if (this.drag?.pointerId === e.pointerId) this.cancelDrag();
    });
    els.viewport.addEventListener("keydown", (e) => this.key(e));
    // Alt turns snapping off while it is held, also without moving the pointer.
    window.addEventListener("keydown", (e) => this.alt(e, true));
    window.addEventListener("keyup", (e) => this.alt(e, false));
  }

  /** A new board is on the page (`svg` already swapped in). */
  show(board: ShownBoard): void {
    const prev = this.shown;
    const sameEdit = prev?.editable !== undefined && board.editable !== undefined && prev.uri === board.uri && prev.editable.step === board.editable.step;
    if (!sameEdit) {
      // Nudges of another step are still that step's; nudges of another document are dropped (a move names no document).
      if (prev?.uri === board.uri) this.flush();
      else this.stopNudges();
      this.sent.clear();
      this.drag = undefined;
      this.hideInfo();
    } else if (this.sentVersion !== undefined && board.version > this.sentVersion) {
      this.sent.clear();
    }
    this.shown = board;
    this.models = new Map((board.editable?.models ?? []).map((m) => [m.id, m]));
    this.elements = elementsOf(board.svg);
    const movable = (id: string) => this.models.get(id)?.locked === undefined && this.models.has(id);
    for (const map of [this.pending, this.sent]) for (const id of [...map.keys()]) if (!movable(id)) map.delete(id);
    if (this.drag !== undefined) {
      if (this.drag.locked === undefined && !movable(this.drag.primary)) this.cancelDrag();
      else
        for (const id of [...this.drag.start.keys()]) {
          if (movable(id)) continue;
          this.drag.start.delete(id);
          this.drag.current.delete(id);
        }
    }
    const selected = board.selected ?? this.selection;
    this.selection = selected.filter((id) => this.models.has(id));
    this.redrawAll();
  }

  /** Nothing is drawn any more. */
  clear(): void {
    this.stopNudges();
    this.sent.clear();
    this.drag = undefined;
    this.hideInfo();
    this.shown = undefined;
    this.models.clear();
    this.elements.clear();
  }

  /** The extension wrote nothing: say why, and draw the board as the server last drew it. */
  refused(message: string): void {
    this.sent.clear();
    this.redrawAll();
    this.showToast(message);
  }

  /** True once for the click that ends a drag (or a cancelled one), so it neither selects nor reveals. */
  consumeClick(): boolean {
    const was = this.swallowClick;
    this.swallowClick = false;
    return was;
  }

  /** A click that was not a drag: select the model under it (Shift toggles), or clear the selection on empty board. */
  click(e: MouseEvent): void {
    if (this.shown?.editable === undefined) return;
    const id = this.modelAt(e);
    if (id === undefined) {
      if (!e.shiftKey) this.select([]);
      return;
    }
    const m = this.models.get(id);
    if (m?.locked !== undefined) {
      // A locked model is not selected by a click (Tab still selects it): the click says why it is locked.
      this.showToast(m.locked);
      return;
    }
    if (e.shiftKey) this.select(this.selection.includes(id) ? this.selection.filter((s) => s !== id) : [...this.selection, id]);
    else this.select([id]);
  }

  /** The models selected, in the order they were picked. */
  selected(): readonly string[] {
    return this.selection;
  }

  // --- pointer -------------------------------------------------------------------------------

  private down(e: PointerEvent): void {
    this.swallowClick = false;
    if (e.button !== 0 || this.shown?.editable === undefined || this.drag !== undefined) return;
    const id = this.modelAt(e);
    if (id === undefined) return;
    e.stopPropagation();
    const m = this.models.get(id);
    if (m === undefined) return;
    const p = this.toBoard(e.clientX, e.clientY);
    const at = this.drawnAt(id);
    const start = new Map<string, Vec>();
    if (m.locked === undefined) {
      const ids = this.selection.includes(id) ? [id, ...this.selection.filter((s) => s !== id && this.models.get(s)?.locked === undefined)] : [id];
      for (const s of ids) start.set(s, this.drawnAt(s));
    }
    this.drag = {
      pointerId: e.pointerId,
      primary: id,
      startX: e.clientX,
      startY: e.clientY,
      grab: p === undefined ? { x: 0, y: 0 } : { x: p.x - at.x, y: p.y - at.y },
      start,
      ...(m.locked !== undefined && { locked: m.locked }),
      active: false,
      current: new Map(start),
      lastX: e.clientX,
      lastY: e.clientY,
    };
  }

  private move(e: PointerEvent): void {
    const d = this.drag;
    if (d === undefined) {
      this.hover(e);
      return;
    }
    if (d.pointerId !== e.pointerId) return;
    // The button was let go where the page could not see it (outside the webview): the drag is off.
    if ((e.buttons & 1) === 0) {
      this.cancelDrag();
      return;
    }
    d.lastX = e.clientX;
    d.lastY = e.clientY;
    if (!d.active && Math.hypot(e.clientX - d.startX, e.clientY - d.startY) < DRAG_PX) return;
    d.active = true;
    this.follow(e.altKey);
  }

  private up(e: PointerEvent): void {
    const d = this.drag;
    if (d === undefined || d.pointerId !== e.pointerId) return;
    this.drag = undefined;
    if (!d.active) return; // a click: the click handler selects and reveals
    this.swallowClick = true;
    this.hideInfo();
    if (d.locked !== undefined) {
      this.showToast(d.locked);
      return;
    }
    for (const [id, at] of d.current) this.pending.set(id, at);
    this.flush();
  }

  /**
   * Hovering (no drag): over a model, the facts the editor's hover gives (where it stands, the
   * closest enemy model and the gap, whom it is engaged with); over the board with one model
   * selected, the extension is asked why that model could not end there (`probe`).
   */
  private hover(e: PointerEvent): void {
    const editable = this.shown?.editable;
    if (editable === undefined || !this.els.viewport.contains(e.target as Node)) {
      this.hoverKey = undefined;
      return;
    }
    const id = this.modelAt(e);
    if (id !== undefined) {
      this.probeAt = undefined;
      if (this.hoverKey !== id)
        this.showInfo(
          modelFacts(editable, id, (m) => this.drawnAt(m)),
          e.clientX,
          e.clientY,
        );
      this.hoverKey = id;
      return;
    }
    if (this.hoverKey !== undefined && this.hoverKey !== "probe") this.hideInfo();
    this.hoverKey = undefined;
    const [selected] = this.selection;
    const m = selected === undefined || this.selection.length !== 1 ? undefined : this.models.get(selected);
    const p = this.toBoard(e.clientX, e.clientY);
    if (m === undefined || m.from === undefined || m.locked !== undefined || p === undefined || this.shown === undefined) return;
    const at = [hundredths(p.x), hundredths(p.y)] as const;
    this.probeAt = { at, clientX: e.clientX, clientY: e.clientY };
    if (this.probeTimer !== undefined) return;
    // At most one question every PROBE_MS: the answer is the replay of one step.
    this.probeTimer = setTimeout(() => {
      this.probeTimer = undefined;
      const q = this.probeAt;
      if (q === undefined || this.shown === undefined || this.drag !== undefined) return;
      this.post({ type: "probe", version: this.shown.version, step: editable.step, model: m.id, at: q.at });
    }, PROBE_MS);
  }

  /** The extension's answer to a `probe`: shown while the pointer is still about there. */
  probed(at: readonly [number, number], text: string): void {
    const q = this.probeAt;
    if (q === undefined || this.drag !== undefined || Math.hypot(q.at[0] - at[0], q.at[1] - at[1]) > 0.5) return;
    this.hoverKey = "probe";
    this.showInfo(text, q.clientX, q.clientY);
  }

  /** Moves the dragged models to the pointer (`free`: no snapping) and says where they are. */
  private follow(free: boolean): void {
    const d = this.drag;
    const editable = this.shown?.editable;
    if (d === undefined || editable === undefined) return;
    if (d.locked !== undefined) {
      this.showInfo(d.locked, d.lastX, d.lastY);
      return;
    }
    const p = this.toBoard(d.lastX, d.lastY);
    const m = this.models.get(d.primary);
    const start = d.start.get(d.primary);
    if (p === undefined || m === undefined || start === undefined) return;
    const moving = new Set(d.start.keys());
    const snapModel = (x: EditableModel, at: Vec): SnapModel => ({ id: x.id, player: x.player, base: x.base, facing: x.facing, at });
    const others = editable.models.filter((o) => !moving.has(o.id)).map((o) => snapModel(o, this.drawnAt(o.id)));
    const limit = m.from !== undefined && editable.mover?.unit === m.unit ? editable.mover.limit : undefined;
    const origin = m.from !== undefined ? { x: m.from[0], y: m.from[1] } : start;
    const snapped = snapDrag({
      model: snapModel(m, { x: p.x - d.grab.x, y: p.y - d.grab.y }),
      origin,
      ...(limit !== undefined && { limit }),
      others,
      engagementRange: editable.engagementRange,
      threshold: Math.min(SNAP_INCHES, SNAP_PX / this.screenPxPerInch()),
      snap: !free,
    });
    const dx = snapped.at.x - start.x;
    const dy = snapped.at.y - start.y;
    for (const [id, s] of d.start) d.current.set(id, id === d.primary ? snapped.at : { x: hundredths(s.x + dx), y: hundredths(s.y + dy) });
    for (const id of d.start.keys()) this.redraw(id);
    this.showInfo(overlayText(snapped, limit), d.lastX, d.lastY);
  }

  private alt(e: KeyboardEvent, down: boolean): void {
    if (e.key !== "Alt" || this.drag?.active !== true) return;
    e.preventDefault();
    this.follow(down);
  }

  private cancelDrag(): void {
    const d = this.drag;
    if (d === undefined) return;
    this.drag = undefined;
    if (d.active) this.swallowClick = true;
    for (const id of d.start.keys()) this.redraw(id);
    this.hideInfo();
  }

  // --- keys ----------------------------------------------------------------------------------

  private key(e: KeyboardEvent): void {
    const mod = (e.ctrlKey || e.metaKey) && !e.altKey;
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (mod && (k === "z" || k === "y")) {
      e.preventDefault();
      this.flush();
      this.post({ type: k === "y" || e.shiftKey ? "redo" : "undo" });
      return;
    }
    if (e.key === "Escape") {
      if (this.drag !== undefined) this.cancelDrag();
      else if (this.selection.length > 0) this.select([]);
      else return;
      e.preventDefault();
      return;
    }
    const editable = this.shown?.editable;
    if (editable === undefined || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "Tab" && editable.models.length > 0) {
      e.preventDefault();
      const ids = editable.models.map((m) => m.id);
      const at = ids.indexOf(this.selection.at(-1) ?? "");
      const next = e.shiftKey ? (at <= 0 ? ids.length - 1 : at - 1) : (at + 1) % ids.length;
      this.select([ids[next]]);
      const locked = this.models.get(ids[next])?.locked;
      if (locked !== undefined) this.showToast(locked);
      return;
    }
    const step = e.shiftKey ? 1 : 0.1;
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[e.key];
    if (delta === undefined || this.selection.length === 0 || this.drag !== undefined) return;
    // The selection's arrows: the step controls (which also listen to the arrows) leave a prevented key alone.
    e.preventDefault();
    const movable = this.selection.filter((id) => this.models.get(id)?.locked === undefined);
    if (movable.length === 0) {
      this.showToast(this.models.get(this.selection[0])?.locked ?? "");
      return;
    }
    for (const id of movable) {
      const at = this.drawnAt(id);
      this.pending.set(id, { x: hundredths(at.x + delta[0]), y: hundredths(at.y + delta[1]) });
      this.redraw(id);
    }
    if (this.nudgeTimer !== undefined) clearTimeout(this.nudgeTimer);
    this.nudgeTimer = setTimeout(() => this.flush(), NUDGE_MS);
  }

  // --- messages ------------------------------------------------------------------------------

  /** Sends the placements not yet sent (a drop, or a burst of nudges) as one `move`. */
  private flush(): void {
    this.stopTimer();
    const shown = this.shown;
    if (shown?.editable === undefined || this.pending.size === 0) return;
    const moves: ModelPlacement[] = shown.editable.models
      .filter((m) => this.pending.has(m.id))
      .map((m) => {
        const at = this.pending.get(m.id) as Vec;
        return { model: m.id, to: [at.x, at.y] as const };
      });
    for (const [id, at] of this.pending) this.sent.set(id, at);
    this.pending.clear();
    this.sentVersion = shown.version;
    this.post({ type: "move", version: shown.version, step: shown.editable.step, moves });
  }

  private stopTimer(): void {
    if (this.nudgeTimer !== undefined) clearTimeout(this.nudgeTimer);
    this.nudgeTimer = undefined;
  }

  private stopNudges(): void {
    this.stopTimer();
    this.pending.clear();
  }

  private select(ids: readonly string[]): void {
    const same = ids.length === this.selection.length && ids.every((id, i) => id === this.selection[i]);
    this.selection = [...ids];
    this.markSelection();
    if (!same) this.post({ type: "select", models: [...ids] });
  }

  // --- drawing -------------------------------------------------------------------------------

  private drawnAt(id: string): Vec {
    const p = this.drag?.current.get(id) ?? this.pending.get(id) ?? this.sent.get(id);
    if (p !== undefined) return p;
    const at = this.models.get(id)?.at ?? [0, 0];
    return { x: at[0], y: at[1] };
  }

  private redrawAll(): void {
    for (const id of this.models.keys()) this.redraw(id);
    this.markSelection();
  }

  /** Draws model `id` where it is now: a translation of its elements in picture px. */
  private redraw(id: string): void {
    const m = this.models.get(id);
    const proj = this.shown?.editable?.proj;
    if (m === undefined || proj === undefined) return;
    const at = this.drawnAt(id);
    const dx = (at.x - m.at[0]) * proj.scale;
    const dy = (at.y - m.at[1]) * proj.scale;
    const moved = Math.abs(dx) > 1e-9 || Math.abs(dy) > 1e-9;
    const els = this.elements.get(id) ?? [];
    els[0]?.classList.toggle("moved", moved);
    for (const el of els) {
      if (!this.originalTransform.has(el)) this.originalTransform.set(el, el.getAttribute("transform"));
      const original = this.originalTransform.get(el) ?? null;
      if (moved) el.setAttribute("transform", `translate(${dx.toFixed(2)} ${dy.toFixed(2)})${original === null ? "" : ` ${original}`}`);
      else if (original === null) el.removeAttribute("transform");
      else el.setAttribute("transform", original);
    }
  }

  private markSelection(): void {
    const selected = new Set(this.selection);
    for (const [id, els] of this.elements) els[0]?.classList.toggle("selected", selected.has(id));
  }

  private showInfo(text: string, clientX: number, clientY: number): void {
    const { info, viewport } = this.els;
    const r = viewport.getBoundingClientRect();
    info.textContent = text;
    info.hidden = false;
    // Beside the pointer, kept inside the board area.
    const x = Math.min(clientX - r.left + 16, Math.max(0, r.width - info.offsetWidth - 4));
    const y = Math.min(clientY - r.top + 16, Math.max(0, r.height - info.offsetHeight - 4));
    info.style.left = `${Math.max(0, x)}px`;
    info.style.top = `${Math.max(0, y)}px`;
  }

  private hideInfo(): void {
    this.els.info.hidden = true;
    this.els.info.textContent = "";
  }

  private showToast(text: string): void {
    const { toast } = this.els;
    toast.textContent = text;
    toast.hidden = text === "";
    if (this.toastTimer !== undefined) clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => {
      toast.hidden = true;
      toast.textContent = "";
    }, TOAST_MS);
  }

  // --- geometry ------------------------------------------------------------------------------

  /** Board inches under a pointer position, through the pan/zoom transform and the SVG's own scaling. */
  private toBoard(clientX: number, clientY: number): Vec | undefined {
    const shown = this.shown;
    const proj = shown?.editable?.proj;
    if (shown === undefined || proj === undefined) return undefined;
    const r = shown.svg.getBoundingClientRect();
    const { width, height } = pictureSize(shown.svg);
    if (r.width <= 0 || r.height <= 0 || width <= 0 || height <= 0) return undefined;
    const px = ((clientX - r.left) * width) / r.width;
    const py = ((clientY - r.top) * height) / r.height;
    return { x: (px - proj.x0) / proj.scale, y: (py - proj.y0) / proj.scale };
  }

  /** Screen px per board inch at the current zoom. */
  private screenPxPerInch(): number {
    const shown = this.shown;
    const scale = shown?.editable?.proj.scale ?? 1;
    if (shown === undefined) return scale;
    const width = pictureSize(shown.svg).width;
    const r = shown.svg.getBoundingClientRect();
    return width > 0 && r.width > 0 ? (scale * r.width) / width : scale;
  }

  /** The model under the pointer: the base it hit, else the base whose outline holds the point (labels and outlines drawn over bases let it through). */
  private modelAt(e: MouseEvent): string | undefined {
    const hit = e.target instanceof Element ? e.target.closest(".base[data-model]") : null;
    const direct = hit !== null && this.els.board.contains(hit) ? hit.getAttribute("data-model") : null;
    if (direct !== null && this.models.has(direct)) return direct;
    const p = this.toBoard(e.clientX, e.clientY);
    if (p === undefined) return undefined;
    let best: { id: string; k: number } | undefined;
    for (const m of this.models.values()) {
      const k = insideness(m, this.drawnAt(m.id), p);
      if (k <= 1 && (best === undefined || k < best.k)) best = { id: m.id, k };
    }
    return best?.id;
  }
}

/** A model's facts as the editor's hover gives them: position, closest enemy model and gap, the enemy units it is engaged with. */
export function modelFacts(editable: EditableBoard, id: string, at: (id: string) => Vec): string {
  const m = editable.models.find((x) => x.id === id);
  if (m === undefined) return id;
  const here = at(id);
  const snap = (x: EditableModel): SnapModel => ({ id: x.id, player: x.player, base: x.base, facing: x.facing, at: at(x.id) });
  const others = editable.models.filter((x) => x.id !== id).map(snap);
  const closest = nearestEnemy(snap(m), here, others);
  const mine = shapeOf(m.base, here, m.facing);
  const engaged = [
    ...new Set(
      editable.models
        .filter((x) => x.player !== m.player && signedGap(shapeOf(x.base, at(x.id), x.facing), mine) <= editable.engagementRange)
        .map((x) => x.unit),
    ),
  ];
  const parts = [`${m.id} (${m.unit}, ${m.player}) at (${hundredths(here.x)}, ${hundredths(here.y)})`];
  if (closest) parts.push(`closest enemy ${closest.model.id}: ${inches(Math.max(0, closest.gap))}`);
  parts.push(engaged.length > 0 ? `engaged with ${engaged.join(", ")}` : "not engaged");
  if (m.locked !== undefined) parts.push(m.locked);
  return parts.join(" · ");
}

/** The picture's own size (its viewBox, else its width and height). */
function pictureSize(svg: SVGSVGElement): { width: number; height: number } {
  const vb = svg.viewBox?.baseVal;
  if (vb !== undefined && vb !== null && vb.width > 0 && vb.height > 0) return { width: vb.width, height: vb.height };
  return { width: svg.width.baseVal.value, height: svg.height.baseVal.value };
}

/** How far inside a model's base `p` lies: 0 at the centre, 1 on the edge, more outside. */
function insideness(m: EditableModel, at: Vec, p: Vec): number {
  const s = shapeOf(m.base, at, m.facing);
  const dx = p.x - at.x;
  const dy = p.y - at.y;
  if (s.kind === "circle") return Math.hypot(dx, dy) / s.r;
  const u = dx * Math.cos(s.theta) + dy * Math.sin(s.theta);
  const v = -dx * Math.sin(s.theta) + dy * Math.cos(s.theta);
  return Math.hypot(u / s.a, v / s.b);
}

/** Each model's base and what is drawn on it (the facing tick and the id that follow it, unclassed). */
function elementsOf(svg: SVGSVGElement): Map<string, Element[]> {
  const out = new Map<string, Element[]>();
  for (const base of Array.from(svg.querySelectorAll(".base[data-model]"))) {
    const id = base.getAttribute("data-model");
    if (id === null || out.has(id)) continue;
    const els = [base];
    for (let n = base.nextElementSibling; n !== null && els.length < 3; n = n.nextElementSibling) {
      if (n.hasAttribute("class") || n.hasAttribute("data-model") || (n.localName !== "text" && n.localName !== "path")) break;
      els.push(n);
    }
    out.set(id, els);
  }
  return out;
}
