import { inches } from "../../rules/report";
import type { BaseShape, Step, Vec } from "../../model/scenario";

/**
 * Wording shared by hovers and inlay hints: distances as the engine's messages print them
 * (`inches`: 2 decimals, trailing zeros dropped: 3", 2.8", 0.45"), coordinates, bases, steps.
 */
export { inches };

/** A number with at most 2 decimals, as written in a scenario: 23.4, 16, 0.05. */
export function num(x: number): string {
  const r = Math.round(x * 100) / 100;
  return String(Object.is(r, -0) ? 0 : r);
}

/** A position as written in a scenario: `(23.4, 16.9)`. */
export function point(p: Vec): string {
  return `(${num(p.x)}, ${num(p.y)})`;
}

/** `32 mm round`, `60×35 mm oval, facing 90°`. */
export function baseText(base: BaseShape, facing: number): string {
  if (base.kind === "round") return `${num(base.diameterMm)} mm round`;
  return `${num(base.lengthMm)}×${num(base.widthMm)} mm oval, facing ${num(facing)}°`;
}

/** How a step is named in hovers: 1-based like the CLI's `compare` and `render --step`. */
export function stepName(step: Step): string {
  return `step ${step.index + 1}`;
}

/** The step's kind and subject as written: `pile-in: squad`, `remove: q1, q2`, `phase: fight`. */
export function stepHead(step: Step): string {
  switch (step.kind) {
    case "remove":
      return `remove: ${step.models.map((r) => r.id).join(", ")}`;
    case "phase":
      return `phase: ${step.phase.value}`;
    default:
      return `${step.kind}: ${step.unit.id}`;
  }
}

/** Escapes the characters Markdown would read as formatting in scenario ids and names. */
export function md(text: string): string {
  return text.replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`);
}
