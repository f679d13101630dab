// Summaries of per-repetition numbers: the median with the whole spread, never a mean that hides outliers.

/** Median, minimum and maximum of a non-empty list. */
export interface Spread {
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

export function spreadOf(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

/** `1.02 [0.98–1.07]` */
export function formatSpread(spread: Spread | undefined, digits = 2): string {
  if (spread === undefined) return '—';
  return `${spread.median.toFixed(digits)} [${spread.min.toFixed(digits)}–${spread.max.toFixed(digits)}]`;
}
