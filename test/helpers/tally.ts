import type { Problem } from "../../shared/diagnostics/problem";

/** How many errors and warnings of each code on each step (`code@step`); information is left out. */
export function tally(problems: readonly Problem[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of problems) {
    if (p.severity === "info") continue;
    const key = `${p.code}@${p.step}`;
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}
