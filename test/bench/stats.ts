// Summary statistics and table printing for the benchmark. No timing is asserted anywhere.

/** Timings of one measured series, in milliseconds, in the order they were taken. */
export interface Series {
  readonly samples: readonly number[];
}

/** The q-quantile (0..1) by the nearest-rank method; NaN for no samples. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

/** The median (the lower middle for an even count, a sample that actually occurred). */
export function median(samples: readonly number[]): number {
  return quantile(samples, 0.5);
}

/** `median / p95` in ms with one decimal, and the sample count. */
export function describe(samples: readonly number[]): string {
  return `${ms(median(samples))} / ${ms(quantile(samples, 0.95))} (n=${samples.length})`;
}

/** Milliseconds with one decimal. */
export function ms(value: number): string {
  return Number.isFinite(value) ? value.toFixed(1) : "-";
}

/** Pads cells into a plain-text table with a header rule; numbers are right-aligned by the caller's text. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}
