// Deterministic "typing" edits for the benchmark: each edit nudges one set-up coordinate by 0.01",
// the way an author fine-tunes a position, and yields the next full text (the server syncs fully).

/** A set-up model line the generator writes as `      id: [x, y]`. */
const MODEL_LINE = /^( {6}\w+: \[)(-?\d+(?:\.\d+)?)(, -?\d+(?:\.\d+)?\])$/;

/**
 * Returns `count` successive texts, each the previous one with one model's x changed by ±0.01.
 * The models are visited in a fixed stride so edits spread over the whole document.
 * @throws if the text has no `id: [x, y]` model lines to edit
 */
export function coordinateEdits(text: string, count: number): string[] {
  const lines = text.split("\n");
  const editable = lines.map((line, i) => (MODEL_LINE.test(line) ? i : -1)).filter((i) => i >= 0);
  if (editable.length === 0) throw new Error("coordinateEdits: the text has no `id: [x, y]` model lines");
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    const at = editable[(k * 7919) % editable.length];
    const m = MODEL_LINE.exec(lines[at])!;
    const x = Math.round((Number(m[2]) + (k % 2 === 0 ? 0.01 : -0.01)) * 100) / 100;
    lines[at] = `${m[1]}${x}${m[3]}`;
    out.push(lines.join("\n"));
  }
  return out;
}
