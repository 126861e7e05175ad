/**
 * The q-quantile (0 <= q <= 1) of `values` by the nearest-rank method on the sorted values: the
 * smallest value with at least a fraction q of the values at or below it (q = 0 gives the minimum).
 * NaN for an empty list. Does not modify `values`.
 */
export function quantile(values: ArrayLike<number>, q: number): number {
  const n = values.length;
  if (n === 0) return Number.NaN;
  const sorted = Array.from(values).sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(q * n));
  return sorted[Math.min(n, rank) - 1];
}

/** The median of `values` (the mean of the two middle values when their count is even); NaN if empty. */
export function median(values: ArrayLike<number>): number {
  const n = values.length;
  if (n === 0) return Number.NaN;
  const sorted = Array.from(values).sort((a, b) => a - b);
  const mid = n >> 1;
  return n % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The 95th percentile of `values` (nearest rank); NaN if empty. */
export function p95(values: ArrayLike<number>): number {
  return quantile(values, 0.95);
}

/** The arithmetic mean; NaN if empty. */
export function mean(values: ArrayLike<number>): number {
  if (values.length === 0) return Number.NaN;
  let sum = 0;
  for (let i = 0; i < values.length; ++i) sum += values[i];
  return sum / values.length;
}

/** Summary of per-step times: median, p5, p95, mean, min, max, over `times` (ms). */
export interface TimeSummary {
  median: number;
  /**
   * The 5th percentile: the time of the run's fast steps. On a shared machine a run's steps switch
   * between a fast and a slow regime (other tenants' load, for every engine alike); the fast steps are
   * the engine's own cost, and a twentieth of the steps is enough not to hang on one lucky step.
   */
  p5: number;
  p95: number;
  mean: number;
  min: number;
  max: number;
  count: number;
}

/** Summarises `times` (ms per step). */
export function summariseTimes(times: ArrayLike<number>): TimeSummary {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < times.length; ++i) {
    min = Math.min(min, times[i]);
    max = Math.max(max, times[i]);
  }
  return {
    median: median(times),
    p5: quantile(times, 0.05),
    p95: p95(times),
    mean: mean(times),
    min,
    max,
    count: times.length,
  };
}
