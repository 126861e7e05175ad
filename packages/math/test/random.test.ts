import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MathError, Random } from '../src/index';

/**
 * mulberry32 written out in BigInt arithmetic, independently of the code under test: every
 * `Math.imul` becomes a product modulo 2^32, every 32-bit wrap an explicit `% 2^32`.
 */
function referenceMulberry32(seed: number, count: number): bigint[] {
  const M = 1n << 32n;
  let state = BigInt.asUintN(32, BigInt(seed));
  const out: bigint[] = [];
  for (let i = 0; i < count; i++) {
    state = (state + 0x6d2b79f5n) % M;
    let t = state;
    t = ((t ^ (t >> 15n)) * (t | 1n)) % M;
    t = t ^ ((t + (t ^ (t >> 7n)) * (t | 61n)) % M);
    out.push((t ^ (t >> 14n)) % M);
  }
  return out;
}

/** FNV-1a over the 32-bit words, as a hex string: a compact fingerprint of a sequence. */
function fnv1a(words: Iterable<bigint | number>): string {
  let hash = 0xcbf29ce484222325n;
  for (const w of words) {
    let word = BigInt(w);
    for (let byte = 0; byte < 4; byte++) {
      hash ^= word & 0xffn;
      hash = (hash * 0x100000001b3n) % (1n << 64n);
      word >>= 8n;
    }
  }
  return hash.toString(16);
}

describe('Random determinism', () => {
  it('reproduces the mulberry32 reference sequence for seed 42 (first 1000 values, by fingerprint)', () => {
    const rng = new Random(42);
    const actual = Array.from({ length: 1000 }, () => rng.nextUint32());
    const expected = referenceMulberry32(42, 1000);
    expect(fnv1a(actual)).toBe(fnv1a(expected));
    expect(actual.slice(0, 10).map(BigInt)).toEqual(expected.slice(0, 10));
  });

  it('matches the reference for any seed, including negative and fractional ones (taken as seed >>> 0)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), (seed) => {
        const rng = new Random(seed);
        const expected = referenceMulberry32(Number(BigInt.asUintN(32, BigInt(seed))), 20);
        return expected.every((value) => BigInt(rng.nextUint32()) === value);
      }),
      { numRuns: 200 },
    );
    expect(new Random(-1).nextUint32()).toBe(new Random(4294967295).nextUint32());
    expect(new Random(7.9).nextUint32()).toBe(new Random(7).nextUint32());
    expect(new Random(2 ** 32 + 5).nextUint32()).toBe(new Random(5).nextUint32());
  });

  it('gives the same sequence on two instances with the same seed, and a different one for another seed', () => {
    const a = new Random(2009);
    const b = new Random(2009);
    const c = new Random(2010);
    let same = true;
    let differences = 0;
    for (let i = 0; i < 10_000; i++) {
      const x = a.next();
      if (x !== b.next()) same = false;
      if (x !== c.next()) differences++;
    }
    expect(same).toBe(true);
    expect(differences).toBeGreaterThan(9990);
  });

  it('defaults to seed 1', () => {
    expect(new Random().nextUint32()).toBe(Number(referenceMulberry32(1, 1)[0]));
  });

  it('next() is the 32-bit value divided by 2^32', () => {
    const a = new Random(3);
    const expected = referenceMulberry32(3, 100);
    for (const value of expected) expect(a.next()).toBe(Number(value) / 2 ** 32);
  });

  it('getState and setState replay a sequence exactly', () => {
    const rng = new Random(77);
    for (let i = 0; i < 13; i++) rng.next();
    const saved = rng.getState();
    const first = Array.from({ length: 50 }, () => rng.nextUint32());
    rng.setState(saved);
    const again = Array.from({ length: 50 }, () => rng.nextUint32());
    expect(again).toEqual(first);
    const other = new Random(1);
    other.setState(saved);
    expect(other.nextUint32()).toBe(first[0]);
  });
});

describe('Random ranges', () => {
  it('next() lies in [0, 1)', () => {
    const rng = new Random(5);
    for (let i = 0; i < 100_000; i++) {
      const x = rng.next();
      if (!(x >= 0 && x < 1)) expect.fail(`next() gave ${x}`);
    }
  });

  it('range(low, high) lies in [low, high) for any finite bounds', () => {
    const finite = fc.double({ min: -1e300, max: 1e300, noNaN: true });
    fc.assert(
      fc.property(finite, finite, fc.integer({ min: 0, max: 2 ** 31 }), (p, q, seed) => {
        const low = Math.min(p, q);
        const high = Math.max(p, q);
        const rng = new Random(seed);
        for (let i = 0; i < 20; i++) {
          const v = rng.range(low, high);
          if (low === high ? v !== low : !(v >= low && v < high)) return false;
        }
        return true;
      }),
    );
  });

  it('range stays half-open even where rounding would reach high', () => {
    // [1, 1 + 2^-52] holds two doubles; low + width · u rounds to high for u ≥ 1/2.
    // The only double in [1, 1 + 2^-52) is 1.
    const rng = new Random(9);
    const high = 1 + Number.EPSILON;
    for (let i = 0; i < 1000; i++) expect(rng.range(1, high)).toBe(1);
  });

  it('range(low, high) is low + (high - low) · next()', () => {
    const a = new Random(11);
    const b = new Random(11);
    for (let i = 0; i < 100; i++) expect(a.range(-3, 5)).toBe(-3 + 8 * b.next());
  });

  it('int(n) lies in [0, n) and is an integer; int(1) is always 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 32 }), fc.integer({ min: 0, max: 2 ** 31 }), (n, seed) => {
        const rng = new Random(seed);
        for (let i = 0; i < 20; i++) {
          const k = rng.int(n);
          if (!(Number.isInteger(k) && k >= 0 && k < n)) return false;
        }
        return true;
      }),
    );
    const rng = new Random(4);
    for (let i = 0; i < 100; i++) expect(rng.int(1)).toBe(0);
  });

  it('int(2^32) is the raw 32-bit value and int(2^k) takes its top k bits', () => {
    const a = new Random(12);
    const b = new Random(12);
    for (let i = 0; i < 100; i++) expect(a.int(2 ** 32)).toBe(b.nextUint32());
    const c = new Random(13);
    const d = new Random(13);
    for (let i = 0; i < 100; i++) expect(c.int(256)).toBe(d.nextUint32() >>> 24);
  });

  it('reaches both ends of small integer ranges', () => {
    const rng = new Random(8);
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) seen.add(rng.int(6));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('Random uniformity (chi-square)', () => {
  /*
   * Pearson's chi-square over k equal bins. The thresholds are the 0.999 quantiles of the
   * chi-square distribution (k - 1 degrees of freedom): 27.877 for 9, 103.442 for 63. A fair
   * generator exceeds them once in a thousand seeds; the seeds here are fixed, so the test is
   * deterministic, and a broken generator (a stuck bit, a biased modulo) lands far above.
   */
  function chiSquare(counts: number[], total: number): number {
    const expected = total / counts.length;
    return counts.reduce((sum, c) => sum + ((c - expected) * (c - expected)) / expected, 0);
  }

  for (const seed of [1, 42, 2009]) {
    it(`int(10) over 100 000 draws passes at p = 0.001 (seed ${seed}, threshold 27.877)`, () => {
      const rng = new Random(seed);
      const counts = new Array<number>(10).fill(0);
      for (let i = 0; i < 100_000; i++) counts[rng.int(10)]++;
      expect(chiSquare(counts, 100_000)).toBeLessThan(27.877);
    });

    it(`next() in 64 bins over 200 000 draws passes at p = 0.001 (seed ${seed}, threshold 103.442)`, () => {
      const rng = new Random(seed);
      const counts = new Array<number>(64).fill(0);
      for (let i = 0; i < 200_000; i++) counts[Math.floor(rng.next() * 64)]++;
      expect(chiSquare(counts, 200_000)).toBeLessThan(103.442);
    });
  }

  it('each of the 32 output bits is set about half the time (within 5 standard deviations)', () => {
    const rng = new Random(31);
    const n = 50_000;
    const ones = new Array<number>(32).fill(0);
    for (let i = 0; i < n; i++) {
      const v = rng.nextUint32();
      for (let b = 0; b < 32; b++) ones[b] += (v >>> b) & 1;
    }
    const sigma = Math.sqrt(n / 4);
    for (const count of ones) expect(Math.abs(count - n / 2)).toBeLessThan(5 * sigma);
  });

  it('the chi-square statistic does catch a biased generator (the check can fail)', () => {
    // floor(u · 10) over u that never exceeds 0.95 leaves bin 9 half empty.
    const rng = new Random(1);
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 100_000; i++) counts[Math.floor(rng.next() * 0.95 * 10)]++;
    expect(chiSquare(counts, 100_000)).toBeGreaterThan(27.877);
  });
});

describe('Random input checks', () => {
  function thrown(f: () => unknown): MathError {
    try {
      f();
    } catch (error) {
      if (error instanceof MathError) return error;
      throw error;
    }
    throw new Error('expected a MathError');
  }

  it('refuses a non-finite seed or state, naming it', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(thrown(() => new Random(bad)).argument).toBe('seed');
      expect(thrown(() => new Random(1).setState(bad)).argument).toBe('state');
    }
  });

  it('range refuses non-finite bounds, high < low, and widths that overflow, naming the bound', () => {
    const rng = new Random(1);
    expect(thrown(() => rng.range(Number.NaN, 1)).argument).toBe('low');
    expect(thrown(() => rng.range(Number.NEGATIVE_INFINITY, 1)).argument).toBe('low');
    expect(thrown(() => rng.range(0, Number.NaN)).argument).toBe('high');
    expect(thrown(() => rng.range(0, Number.POSITIVE_INFINITY)).argument).toBe('high');
    const reversed = thrown(() => rng.range(2, 1));
    expect(reversed.argument).toBe('high');
    expect(reversed.value).toBe(1);
    expect(reversed.message).toContain('low (2)');
    expect(thrown(() => rng.range(-Number.MAX_VALUE, Number.MAX_VALUE)).argument).toBe('high');
  });

  it('int refuses n that is not an integer in [1, 2^32], naming n', () => {
    const rng = new Random(1);
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 32 + 1]) {
      const e = thrown(() => rng.int(bad));
      expect(e.argument).toBe('n');
      expect(Object.is(e.value, bad)).toBe(true);
    }
  });

  it('a refused call does not advance the sequence', () => {
    const a = new Random(6);
    const b = new Random(6);
    expect(() => a.range(1, 0)).toThrow(MathError);
    expect(() => a.int(0)).toThrow(MathError);
    expect(a.nextUint32()).toBe(b.nextUint32());
  });
});
