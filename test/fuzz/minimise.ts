// Delta debugging for fuzz findings: removes chunks of lines, then of characters, while the input
// still shows the same finding. Candidates of one round are tried `parallel` at a time and the
// first that still fails (in chunk order) wins, so the result does not depend on the parallelism.

/** Still shows the finding? */
export type StillFails = (text: string) => Promise<boolean>;

export interface MinimiseBudget {
  /** Stop trying new candidates after this many milliseconds. */
  readonly ms: number;
  /** Candidates tried at once (the pool's size). */
  readonly parallel: number;
}

export interface Minimised {
  readonly text: string;
  readonly tests: number;
  /** False when the budget ran out before no chunk could be removed any more. */
  readonly complete: boolean;
}

/** ddmin (complements only) over `units`; returns the smaller list that still fails. */
async function ddmin(
  units: string[],
  stillFails: StillFails,
  deadline: number,
  parallel: number,
  count: { tests: number },
): Promise<{ units: string[]; complete: boolean }> {
  let n = 2;
  while (units.length >= 2) {
    const size = Math.ceil(units.length / n);
    const candidates: string[][] = [];
    for (let start = 0; start < units.length; start += size) candidates.push([...units.slice(0, start), ...units.slice(start + size)]);
    let found: string[] | undefined;
    for (let b = 0; b < candidates.length && found === undefined; b += parallel) {
      if (Date.now() > deadline) return { units, complete: false };
      const batch = candidates.slice(b, b + parallel);
      count.tests += batch.length;
      const results = await Promise.all(batch.map((c) => stillFails(c.join(""))));
      const hit = results.indexOf(true);
      if (hit >= 0) found = batch[hit];
    }
    if (found !== undefined) {
      units = found;
      n = Math.max(n - 1, 2);
    } else {
      if (n >= units.length) break;
      n = Math.min(units.length, n * 2);
    }
  }
  return { units, complete: true };
}

/** The smallest text found (lines first, then characters) that still fails, within the budget. */
export async function minimise(text: string, stillFails: StillFails, budget: MinimiseBudget): Promise<Minimised> {
  const deadline = Date.now() + budget.ms;
  const count = { tests: 0 };
  const lines = await ddmin(text.split(/(?<=\n)/), stillFails, deadline, budget.parallel, count);
  const chars = await ddmin(Array.from(lines.units.join("")), stillFails, deadline, budget.parallel, count);
  return { text: chars.units.join(""), tests: count.tests, complete: lines.complete && chars.complete };
}
