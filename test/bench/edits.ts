// Deterministic "typing" edits for the benchmark: each edit nudges one model coordinate by 0.01",
// the way an author fine-tunes a position, and yields the next full text (the server syncs fully).

/** A model coordinate line as the generators write it, `      id: [x, y]`: a set-up position, or a move's end under `to:`. */
const MODEL_LINE = /^( {6}\w+: \[)(-?\d+(?:\.\d+)?)(, -?\d+(?:\.\d+)?\])$/;
/** For a text of oval models only: `      id: { at: [x, y], facing: f }` too. */
const ANY_MODEL_LINE = /^( {6}\w+: (?:\{ at: )?\[)(-?\d+(?:\.\d+)?)(, -?\d+(?:\.\d+)?\].*)$/;

/**
 * Returns `count` successive texts, each the previous one with one model's x changed by ±0.01.
 * The lines are visited in a fixed stride so edits spread over the whole document (set-up positions
 * and move ends alike: typing anywhere, some edits replay every step, some only the last few); the
 * `{ at: … }` form is edited only in a text that has no `id: [x, y]` lines.
 * @throws if the text has no model lines to edit
 */
export function coordinateEdits(text: string, count: number): string[] {
  const lines = text.split("\n");
  const form = lines.some((line) => MODEL_LINE.test(line)) ? MODEL_LINE : ANY_MODEL_LINE;
  const editable = lines.map((line, i) => (form.test(line) ? i : -1)).filter((i) => i >= 0);
  if (editable.length === 0) throw new Error("coordinateEdits: the text has no `id: [x, y]` model lines");
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    const at = editable[(k * 7919) % editable.length];
    const m = form.exec(lines[at])!;
    const x = Math.round((Number(m[2]) + (k % 2 === 0 ? 0.01 : -0.01)) * 100) / 100;
    lines[at] = `${m[1]}${x}${m[3]}`;
    out.push(lines.join("\n"));
  }
  return out;
}

/** A move's end as written under `steps:`: `  id: [x, y]` or `  id: { at: [x, y], … }`. */
const MOVE_LINE = /^(\s+\w+: (?:\{ at: )?\[)(-?\d+(?:\.\d+)?)(, .*)$/;

/** The line index of the last move end under `steps:`. */
function lastMoveLine(lines: readonly string[]): number {
  const steps = lines.indexOf("steps:");
  for (let i = lines.length - 1; i > steps && steps >= 0; i--) if (MOVE_LINE.test(lines[i])) return i;
  throw new Error("no move line under steps:");
}

/** The text with the x of the last move end under `steps:` moved by `dx` (a move made too long: a finding with a quick fix). */
export function overreach(text: string, dx: number): string {
  const lines = text.split("\n");
  const i = lastMoveLine(lines);
  const m = MOVE_LINE.exec(lines[i])!;
  lines[i] = `${m[1]}${Math.round((Number(m[2]) + dx) * 100) / 100}${m[3]}`;
  return lines.join("\n");
}

/** `count` successive texts, each nudging the x of the last move end under `steps:` by ±0.01 (fine-tuning the step being written). */
export function lastStepEdits(text: string, count: number): string[] {
  const lines = text.split("\n");
  const i = lastMoveLine(lines);
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    const m = MOVE_LINE.exec(lines[i])!;
    lines[i] = `${m[1]}${Math.round((Number(m[2]) + (k % 2 === 0 ? 0.01 : -0.01)) * 100) / 100}${m[3]}`;
    out.push(lines.join("\n"));
  }
  return out;
}

/** The text with every coordinate pair written `[x,y]`, which the formatter spaces again. */
export function unpaired(text: string): string {
  return text.replace(/\[(-?[\d.]+), (-?[\d.]+)\]/g, "[$1,$2]");
}

/** `text` with the x of its first `[x,y]` pair moved by 0.01 one way or the other, by the parity of `i`. */
export function nudgeFirstPair(text: string, i: number): string {
  return text.replace(/\[(-?\d+(?:\.\d+)?),/, (_m, x: string) => `[${Math.round((Number(x) + (i % 2 === 0 ? 0.01 : 0)) * 100) / 100},`);
}

/** The text with the id in its last `targets: [id]` misspelt (an `x` appended): a `scenario.unknown-ref` finding the quick fixes mend. */
export function misspeltLastTarget(text: string): string {
  const at = text.lastIndexOf("targets: [");
  if (at < 0) return text;
  const close = text.indexOf("]", at);
  return `${text.slice(0, close)}x${text.slice(close)}`;
}
