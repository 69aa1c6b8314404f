/// <reference lib="dom" />
/**
 * The step slider and the previous/next buttons. Stop 0 is the set-up, stop k the k-th step
 * that can be shown; a choice is reported as a step index (`null` for the set-up) and the
 * controls move only when the extension answers with the new board.
 */

/** The controls' elements. */
export interface StepElements {
  readonly slider: HTMLInputElement;
  readonly prev: HTMLButtonElement;
  readonly next: HTMLButtonElement;
  readonly label: HTMLElement;
}

/** Shows the current step and reports the user's choices to `onPick`. */
export class StepControls {
  private stops: readonly (number | null)[] = [null];
  private at = 0;

  constructor(
    private readonly els: StepElements,
    private readonly onPick: (step: number | null) => void,
  ) {
    els.slider.addEventListener("input", () => this.pick(Number(els.slider.value)));
    els.prev.addEventListener("click", () => this.pick(this.at - 1));
    els.next.addEventListener("click", () => this.pick(this.at + 1));
    document.addEventListener("keydown", (e) => {
      // The slider and the buttons handle their own keys; elsewhere the arrows step too, unless the
      // board took them (nudging the selected models).
      if (e.defaultPrevented) return;
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLButtonElement) return;
      if (e.key === "ArrowLeft") this.pick(this.at - 1);
      else if (e.key === "ArrowRight") this.pick(this.at + 1);
    });
  }

  /** Shows `step` among `steps` (the indexes that can be shown) of `stepCount`. */
  show(steps: readonly number[], step: number | null, stepCount: number): void {
    this.stops = [null, ...steps];
    this.at = Math.max(0, this.stops.indexOf(step));
    const { slider, prev, next, label } = this.els;
    slider.max = String(this.stops.length - 1);
    slider.value = String(this.at);
    slider.disabled = this.stops.length < 2;
    prev.disabled = this.at === 0;
    next.disabled = this.at === this.stops.length - 1;
    label.textContent = step === null ? `Set-up (${stepCount} step${stepCount === 1 ? "" : "s"})` : `Step ${step + 1} of ${stepCount}`;
  }

  private pick(stop: number): void {
    if (!Number.isInteger(stop) || stop < 0 || stop >= this.stops.length || stop === this.at) return;
    this.at = stop;
    this.onPick(this.stops[stop]);
  }
}
