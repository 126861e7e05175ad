import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cos, cosSin, cosSinInPlace, Random, sin } from '../src/index';
import { MEDIUM_LIMIT } from '../src/reduce-angle';
import { absoluteError, fromFixed, piFixed, REFERENCE_BITS, sinCosFixed, toFixed } from './reference';

/*
 * Tolerances, and why:
 * - against the exact value (BigInt reference): 2e-16, i.e. below one ulp of 1 (2.2e-16). The
 *   reduction leaves r within half an ulp, each Taylor kernel adds under one ulp of its result.
 * - against Math.sin / Math.cos: 1e-15, (V8's own results are within one ulp too,
 *   so the two may differ by up to about two ulps, 4.4e-16).
 * - sin² + cos² - 1: 4 · 2^-52 (8.9e-16): two errors below 1.1e-16 each contribute at most
 *   2√2 · 1.1e-16, the squares and the sum round three times more.
 */
const EXACT_TOLERANCE = 2e-16;
const MATH_TOLERANCE = 1e-15;
const PYTHAGORAS_TOLERANCE = 4 * Number.EPSILON;

const PI = piFixed(REFERENCE_BITS);

/** A deterministic list of arguments uniform in [-limit, limit] (from the package's own PRNG). */
function uniformArguments(count: number, limit: number, seed: number): Float64Array {
  const rng = new Random(seed);
  const values = new Float64Array(count);
  for (let i = 0; i < count; i++) values[i] = rng.range(-limit, limit);
  return values;
}

describe('sin and cos against Math.sin and Math.cos', () => {
  it(`differ by less than ${MATH_TOLERANCE} over 200 000 random arguments in [-1e4, 1e4]`, () => {
    const xs = uniformArguments(200_000, 1e4, 12345);
    let maxSin = 0;
    let maxCos = 0;
    for (const x of xs) {
      maxSin = Math.max(maxSin, Math.abs(sin(x) - Math.sin(x)));
      maxCos = Math.max(maxCos, Math.abs(cos(x) - Math.cos(x)));
    }
    expect(maxSin).toBeLessThan(MATH_TOLERANCE);
    expect(maxCos).toBeLessThan(MATH_TOLERANCE);
  });

  it(`differ by less than ${MATH_TOLERANCE} over 20 000 arguments in [-π, π] and near zero`, () => {
    const xs = [...uniformArguments(10_000, Math.PI, 7), ...uniformArguments(10_000, 1e-3, 8)];
    let worst = 0;
    for (const x of xs) {
      worst = Math.max(worst, Math.abs(sin(x) - Math.sin(x)), Math.abs(cos(x) - Math.cos(x)));
    }
    expect(worst).toBeLessThan(MATH_TOLERANCE);
  });
});

describe('sin and cos against an exact BigInt reference', () => {
  function maxErrors(xs: Iterable<number>): { sin: number; cos: number; worst: number } {
    let maxSin = 0;
    let maxCos = 0;
    let worst = 0;
    for (const x of xs) {
      const exact = sinCosFixed(x);
      const es = absoluteError(sin(x), exact.sin);
      const ec = absoluteError(cos(x), exact.cos);
      if (es > maxSin || ec > maxCos) worst = x;
      maxSin = Math.max(maxSin, es);
      maxCos = Math.max(maxCos, ec);
    }
    return { sin: maxSin, cos: maxCos, worst };
  }

  it(`are within ${EXACT_TOLERANCE} on [-1e4, 1e4] (2000 arguments)`, () => {
    const errors = maxErrors(uniformArguments(2000, 1e4, 99));
    expect(errors.sin, `worst at ${errors.worst}`).toBeLessThan(EXACT_TOLERANCE);
    expect(errors.cos, `worst at ${errors.worst}`).toBeLessThan(EXACT_TOLERANCE);
  });

  it(`are within ${EXACT_TOLERANCE} on both sides of the switch to Payne–Hanek reduction at ${MEDIUM_LIMIT}`, () => {
    const xs: number[] = [];
    const rng = new Random(5);
    for (let i = 0; i < 500; i++) {
      xs.push(MEDIUM_LIMIT - rng.range(0, 100), MEDIUM_LIMIT + rng.range(0, 100));
    }
    const errors = maxErrors(xs);
    expect(errors.sin, `worst at ${errors.worst}`).toBeLessThan(EXACT_TOLERANCE);
    expect(errors.cos, `worst at ${errors.worst}`).toBeLessThan(EXACT_TOLERANCE);
  });

  it(`are within ${EXACT_TOLERANCE} for huge arguments, up to the largest double`, () => {
    const rng = new Random(11);
    const xs = [Number.MAX_VALUE, -Number.MAX_VALUE, 2 ** 1023, 1e300, 1e22, 2 ** 53, 2 ** 53 + 2];
    for (let i = 0; i < 1000; i++)
      xs.push((1 + rng.next()) * 2 ** rng.int(1003) * (rng.next() < 0.5 ? -1 : 1));
    const errors = maxErrors(xs);
    expect(errors.sin, `worst at ${errors.worst}`).toBeLessThan(EXACT_TOLERANCE);
    expect(errors.cos, `worst at ${errors.worst}`).toBeLessThan(EXACT_TOLERANCE);
  });

  it('are within tolerance for the doubles nearest to multiples of π/2, where reduction is hardest', () => {
    // k·π/2 rounded to double, and its neighbours: r is then tiny and all of it must survive.
    const xs: number[] = [];
    for (const k of [1n, 2n, 3n, 4n, 7n, 100n, 355n, 1000003n, 1n << 40n, 123456789123n]) {
      const x = fromFixed((k * PI) >> 1n, REFERENCE_BITS);
      xs.push(x, -x, x * (1 + Number.EPSILON), x * (1 - Number.EPSILON / 2));
    }
    // 6381956970095103 · 2^797 is the double closest to a multiple of π/2 (J.-M. Muller, Elementary
    // Functions): its reduced argument is about 4.7e-19.
    xs.push(6381956970095103 * 2 ** 797);
    const errors = maxErrors(xs);
    expect(errors.sin, `worst at ${errors.worst}`).toBeLessThan(EXACT_TOLERANCE);
    expect(errors.cos, `worst at ${errors.worst}`).toBeLessThan(EXACT_TOLERANCE);
  });

  it('give the published value of sin(1e22) and cos(1e22)', () => {
    // Values from K. C. Ng, "Argument reduction for huge arguments" (Sun, 1992).
    expect(Math.abs(sin(1e22) - -0.8522008497671888)).toBeLessThan(EXACT_TOLERANCE);
    expect(Math.abs(cos(1e22) - 0.5232147853951389)).toBeLessThan(EXACT_TOLERANCE);
  });
});

describe('cosSin and cosSinInPlace', () => {
  it('give the bits of cos and sin for every kind of argument, in one call', () => {
    const out = new Float64Array(2);
    const io = new Float64Array(2);
    const rng = new Random(7);
    const args = [0, -0, 1e-300, -1e-9, 2 ** -27, Math.PI, -Math.PI / 2, 1e5, MEDIUM_LIMIT * 3, -1e300];
    for (let i = 0; i < 2000; i++) args.push(rng.range(-1e4, 1e4));
    for (const x of args) {
      cosSin(x, out);
      io[0] = x;
      cosSinInPlace(io);
      for (const [c, s] of [
        [out[0], out[1]],
        [io[0], io[1]],
      ]) {
        expect(Object.is(c, cos(x)), `cos ${x}`).toBe(true);
        expect(Object.is(s, sin(x)), `sin ${x}`).toBe(true);
      }
    }
    for (const x of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      cosSin(x, out);
      expect(Number.isNaN(out[0]) && Number.isNaN(out[1])).toBe(true);
    }
  });
});

describe('sin and cos at exact points', () => {
  const HALF = Math.SQRT1_2;
  it('are exact at 0 and keep the sign of zero', () => {
    expect(sin(0)).toBe(0);
    expect(Object.is(sin(-0), -0)).toBe(true);
    expect(cos(0)).toBe(1);
    expect(cos(-0)).toBe(1);
  });

  it('give ±1 exactly at ±π/2, π, 3π/2 and 2π', () => {
    expect(sin(Math.PI / 2)).toBe(1);
    expect(sin(-Math.PI / 2)).toBe(-1);
    expect(cos(Math.PI)).toBe(-1);
    expect(cos(-Math.PI)).toBe(-1);
    expect(sin((3 * Math.PI) / 2)).toBe(-1);
    expect(cos(2 * Math.PI)).toBe(1);
  });

  // The doubles Math.PI / n are not exactly π / n. At each point: the exact value of the function at
  // the double argument (BigInt reference) within 1e-16, and the textbook value at π / n within
  // 1e-16 plus the argument's own rounding |π/n - Math.PI/n| (the functions' slopes are at most 1).
  const points: [string, number, bigint, number, number][] = [
    // name, double argument, exact argument (fixed point), textbook sin, textbook cos
    ['π/6', Math.PI / 6, PI / 6n, 0.5, Math.sqrt(3) / 2],
    ['π/4', Math.PI / 4, PI / 4n, HALF, HALF],
    ['π/3', Math.PI / 3, PI / 3n, Math.sqrt(3) / 2, 0.5],
    ['π/2', Math.PI / 2, PI / 2n, 1, 0],
    ['-π/2', -Math.PI / 2, -PI / 2n, -1, 0],
    ['2π/3', (2 * Math.PI) / 3, (2n * PI) / 3n, Math.sqrt(3) / 2, -0.5],
    ['π', Math.PI, PI, 0, -1],
  ];
  for (const [name, x, exactArgument, textbookSin, textbookCos] of points) {
    it(`are within 1e-16 of the exact values at ${name}`, () => {
      const exact = sinCosFixed(x);
      expect(absoluteError(sin(x), exact.sin)).toBeLessThanOrEqual(1e-16);
      expect(absoluteError(cos(x), exact.cos)).toBeLessThanOrEqual(1e-16);
      const argumentError = Math.abs(fromFixed(exactArgument - toFixed(x, REFERENCE_BITS), REFERENCE_BITS));
      // Math.sqrt(3) / 2 is itself rounded: allow its half ulp too.
      const tolerance = 1e-16 + argumentError + Number.EPSILON / 2;
      expect(Math.abs(sin(x) - textbookSin)).toBeLessThanOrEqual(tolerance);
      expect(Math.abs(cos(x) - textbookCos)).toBeLessThanOrEqual(tolerance);
    });
  }

  it('see that Math.PI is not π: sin(Math.PI) is π - Math.PI, within 1e-16 of the exact value', () => {
    // The double Math.PI falls short of π by 1.2246e-16, and sin(π - δ) = δ to 1e-48.
    const shortfall = fromFixed(PI - toFixed(Math.PI, REFERENCE_BITS), REFERENCE_BITS);
    expect(shortfall).toBeGreaterThan(1.2e-16);
    expect(Math.abs(sin(Math.PI) - shortfall)).toBeLessThanOrEqual(1e-16);
    expect(Math.abs(sin(-Math.PI) + shortfall)).toBeLessThanOrEqual(1e-16);
    expect(Math.abs(sin(2 * Math.PI) + 2 * shortfall)).toBeLessThanOrEqual(1e-16);
  });
});

describe('sin and cos symmetry and identities', () => {
  const anyFinite = fc.double({ noNaN: true, noDefaultInfinity: true });

  it('sin is odd bit for bit: Object.is(sin(-x), -sin(x)) for every double', () => {
    fc.assert(
      fc.property(anyFinite, (x) => Object.is(sin(-x), -sin(x))),
      { numRuns: 2000 },
    );
    let asymmetric = 0;
    for (const x of uniformArguments(20_000, 1e4, 3)) if (!Object.is(sin(-x), -sin(x))) asymmetric++;
    expect(asymmetric).toBe(0);
  });

  it('cos is even bit for bit: Object.is(cos(-x), cos(x)) for every double', () => {
    fc.assert(
      fc.property(anyFinite, (x) => Object.is(cos(-x), cos(x))),
      { numRuns: 2000 },
    );
    let asymmetric = 0;
    for (const x of uniformArguments(20_000, 1e4, 4)) if (!Object.is(cos(-x), cos(x))) asymmetric++;
    expect(asymmetric).toBe(0);
  });

  it(`sin² + cos² is 1 within ${PYTHAGORAS_TOLERANCE.toExponential(2)}`, () => {
    fc.assert(
      fc.property(anyFinite, (x) => {
        const s = sin(x);
        const c = cos(x);
        return Math.abs(s * s + c * c - 1) <= PYTHAGORAS_TOLERANCE;
      }),
      { numRuns: 2000 },
    );
  });

  it('stay within [-1, 1]', () => {
    fc.assert(
      fc.property(anyFinite, (x) => Math.abs(sin(x)) <= 1 && Math.abs(cos(x)) <= 1),
      { numRuns: 2000 },
    );
  });

  it('return x itself for tiny x (sin) and 1 (cos), as the exact values round', () => {
    for (const x of [1e-300, -1e-300, Number.MIN_VALUE, 2 ** -28, -(2 ** -28), 1e-10]) {
      expect(sin(x)).toBe(x);
      expect(cos(x)).toBe(1);
    }
  });
});

describe('sin and cos on non-finite input', () => {
  it('return NaN for NaN and ±Infinity, like Math.sin and Math.cos', () => {
    for (const x of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(sin(x)).toBeNaN();
      expect(cos(x)).toBeNaN();
    }
  });
});
