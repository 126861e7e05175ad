import { describe, expect, it } from 'vitest';
import { RollingStats } from '../src/rolling-stats';

describe('RollingStats', () => {
  it('is zero when empty', () => {
    const stats = new RollingStats(4);
    expect(stats.average).toBe(0);
    expect(stats.max).toBe(0);
    expect(stats.median).toBe(0);
    expect(stats.last).toBe(0);
  });

  it('matches a brute-force mean and max over the last samples', () => {
    const capacity = 7;
    const stats = new RollingStats(capacity);
    const all: number[] = [];
    let seed = 12345;
    for (let i = 0; i < 100; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const value = (seed / 2147483648) * 10;
      stats.push(value);
      all.push(value);
      const recent = all.slice(-capacity);
      const mean = recent.reduce((a, b) => a + b, 0) / recent.length;
      expect(stats.count).toBe(recent.length);
      expect(stats.average).toBeCloseTo(mean, 12);
      expect(stats.max).toBe(Math.max(...recent));
      expect(stats.last).toBe(value);
      const sorted = [...recent].sort((a, b) => a - b);
      const mid = sorted.length >> 1;
      expect(stats.median).toBe(sorted.length % 2 ? sorted[mid] : 0.5 * (sorted[mid - 1] + sorted[mid]));
    }
  });

  it('forgets everything on clear', () => {
    const stats = new RollingStats(3);
    stats.push(5);
    stats.clear();
    stats.push(1);
    expect(stats.average).toBe(1);
    expect(stats.max).toBe(1);
    expect(stats.median).toBe(1);
  });
});
