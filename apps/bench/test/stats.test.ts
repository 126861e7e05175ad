import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mean, median, p95, quantile, summariseTimes } from '../src/stats';

describe('median', () => {
  it('takes the middle value, or the mean of the two middle values', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });
  it('has as many values at or below it as at or above it (brute force)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 60 }),
        (xs) => {
          const m = median(xs);
          const below = xs.filter((x) => x <= m).length;
          const above = xs.filter((x) => x >= m).length;
          return below >= xs.length / 2 && above >= xs.length / 2;
        },
      ),
    );
  });
  it('does not reorder its input', () => {
    const xs = [3, 1, 2];
    median(xs);
    expect(xs).toEqual([3, 1, 2]);
  });
});

describe('p95 (nearest rank)', () => {
  it('of 1..100 is 95, of 1..20 is 19, of one value is that value', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(p95(hundred)).toBe(95);
    expect(p95(Array.from({ length: 20 }, (_, i) => 20 - i))).toBe(19);
    expect(p95([42])).toBe(42);
    expect(p95([])).toBeNaN();
  });
  it('is the smallest value with at least 95% of the values at or below it (brute force)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 200 }), (xs) => {
        const v = p95(xs);
        const atOrBelow = (t: number) => xs.filter((x) => x <= t).length;
        const enough = atOrBelow(v) >= 0.95 * xs.length;
        const smaller = xs.filter((x) => x < v);
        const smallest = smaller.every((s) => atOrBelow(s) < 0.95 * xs.length);
        return xs.includes(v) && enough && smallest;
      }),
    );
  });
  it('quantile(0) is the minimum and quantile(1) the maximum', () => {
    expect(quantile([5, 9, 1], 0)).toBe(1);
    expect(quantile([5, 9, 1], 1)).toBe(9);
  });
});

describe('summariseTimes', () => {
  it('reports median, p5, p95, mean, min, max and count', () => {
    const s = summariseTimes(new Float64Array([1, 2, 3, 4, 100]));
    expect(s).toEqual({ median: 3, p5: 1, p95: 100, mean: 22, min: 1, max: 100, count: 5 });
    // Forty steps: the 5th percentile is the second fastest, not the single fastest.
    const steps = Array.from({ length: 40 }, (_, i) => 40 - i);
    expect(summariseTimes(steps).p5).toBe(2);
    expect(mean([])).toBeNaN();
  });
});
