/** Percentiles by nearest rank (what CloudWatch's pNN and most load tools report). */
export function percentile(samples: number[], p: number): number {
  if (!samples.length) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export const median = (samples: number[]) => percentile(samples, 50);

export const round = (n: number, digits = 2) => (Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : null);

export const ratio = (value: number, baseline: number) => (baseline > 0 && Number.isFinite(value) ? round(value / baseline, 2) : null);

export async function timeMs<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

/**
 * A ratio to a baseline sampled in alternation with the measured thing (pair i = one sample of
 * each, taken back to back), so a machine that slows down for a while slows both sides of the
 * pairs it affects. Answers the median of the per-pair ratios and their interquartile range: a
 * wide range says the figure is not to be trusted to that precision.
 */
export function pairedRatio(values: number[], baselines: number[]): { median: number | null; p25: number | null; p75: number | null; pairs: number } {
  const ratios: number[] = [];
  for (let i = 0; i < Math.min(values.length, baselines.length); i++) {
    if (baselines[i]! > 0 && Number.isFinite(values[i]!)) ratios.push(values[i]! / baselines[i]!);
  }
  if (!ratios.length) return { median: null, p25: null, p75: null, pairs: 0 };
  return { median: round(median(ratios)), p25: round(percentile(ratios, 25)), p75: round(percentile(ratios, 75)), pairs: ratios.length };
}

/** `1.42 (1.31–1.55)`: a paired ratio with its interquartile range, for the terminal summary. */
export const formatRatio = (r: { median: number | null; p25: number | null; p75: number | null } | null | undefined) =>
  (r?.median == null ? null : `${r.median.toFixed(2)} (${r.p25!.toFixed(2)}–${r.p75!.toFixed(2)})`);
