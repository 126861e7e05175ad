import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atan2, cos, Random, sin } from '../src/index';
import { absoluteError, atan2Fixed } from './reference';

/*
 * Tolerances: against the exact angle (BigInt reference, Euler's series) 5e-16, about one ulp of
 * angles near π (4.4e-16): the ratio, the reduction t and the final sum each round once. Against
 * Math.atan2, 1e-15 (both within about an ulp of the exact value).
 */
const EXACT_TOLERANCE = 5e-16;
const MATH_TOLERANCE = 1e-15;

describe('atan2 accuracy', () => {
  it(`is within ${EXACT_TOLERANCE} of the exact angle for 3000 points at many scales`, () => {
    const rng = new Random(21);
    let worst = 0;
    let worstPoint = '';
    for (let i = 0; i < 3000; i++) {
      const scale = 10 ** rng.range(-30, 30);
      const y = rng.range(-1, 1) * scale;
      const x = rng.range(-1, 1) * (i % 3 === 0 ? scale : 1);
      const error = absoluteError(atan2(y, x), atan2Fixed(y, x));
      if (error > worst) {
        worst = error;
        worstPoint = `(${x}, ${y})`;
      }
    }
    expect(worst, `worst at ${worstPoint}`).toBeLessThan(EXACT_TOLERANCE);
  });

  it(`differs from Math.atan2 by less than ${MATH_TOLERANCE} over 100 000 random points`, () => {
    const rng = new Random(22);
    let worst = 0;
    for (let i = 0; i < 100_000; i++) {
      const y = rng.range(-10, 10);
      const x = rng.range(-10, 10);
      worst = Math.max(worst, Math.abs(atan2(y, x) - Math.atan2(y, x)));
    }
    expect(worst).toBeLessThan(MATH_TOLERANCE);
  });

  it('inverts sin and cos: atan2(sin θ, cos θ) = θ within 1e-15 for θ in [-π, π]', () => {
    fc.assert(
      fc.property(fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), (theta) => {
        return Math.abs(atan2(sin(theta), cos(theta)) - theta) <= MATH_TOLERANCE;
      }),
      { numRuns: 2000 },
    );
  });

  it('is exact on the axes and diagonals', () => {
    expect(atan2(0, 1)).toBe(0);
    expect(atan2(1, 0)).toBe(Math.PI / 2);
    expect(atan2(-1, 0)).toBe(-Math.PI / 2);
    expect(atan2(0, -1)).toBe(Math.PI);
    expect(atan2(1, 1)).toBe(Math.PI / 4);
    expect(atan2(-3, -3)).toBe(-atan2(3, -3));
    expect(Math.abs(atan2(1, -1) - (3 * Math.PI) / 4)).toBeLessThanOrEqual(Number.EPSILON * 2);
  });

  it('is scale-invariant bit for bit: atan2(2^k y, 2^k x) === atan2(y, x)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e3, max: 1e3, noNaN: true }),
        fc.double({ min: -1e3, max: 1e3, noNaN: true }),
        fc.integer({ min: -500, max: 500 }),
        (y, x, k) => {
          fc.pre(Math.abs(x) > 1e-100 && Math.abs(y) > 1e-100); // no underflow when scaled down
          return Object.is(atan2(y * 2 ** k, x * 2 ** k), atan2(y, x));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('atan2 symmetry and special cases', () => {
  it('is odd in y bit for bit', () => {
    const anyDouble = fc.double();
    fc.assert(
      fc.property(anyDouble, anyDouble, (y, x) => Object.is(atan2(-y, x), -atan2(y, x))),
      { numRuns: 2000 },
    );
  });

  it('matches Math.atan2 bit for bit at signed zeros, infinities and NaN (IEEE 754 fixes these)', () => {
    const specials = [0, -0, 1, -1, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN];
    for (const y of specials) {
      for (const x of specials) {
        expect(Object.is(atan2(y, x), Math.atan2(y, x)), `atan2(${y}, ${x})`).toBe(true);
      }
    }
  });

  it('gives ±π/2 for an infinite y whatever the finite x', () => {
    for (const x of [-1e300, -1, -0, 0, 1, 1e300]) {
      expect(atan2(Number.POSITIVE_INFINITY, x)).toBe(Math.PI / 2);
      expect(atan2(Number.NEGATIVE_INFINITY, x)).toBe(-Math.PI / 2);
    }
  });

  it('handles ratios that overflow or underflow', () => {
    expect(atan2(1e300, 1e-300)).toBe(Math.PI / 2);
    expect(atan2(1e-300, 1e300)).toBe(1e-300 / 1e300); // atan(u) = u for tiny u (here 0)
    expect(atan2(1e-300, -1e300)).toBe(Math.PI);
    expect(atan2(Number.MIN_VALUE, 1)).toBe(Number.MIN_VALUE);
  });

  it('stays in [-π, π]', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), fc.double({ noNaN: true }), (y, x) => {
        const angle = atan2(y, x);
        return angle >= -Math.PI && angle <= Math.PI;
      }),
      { numRuns: 2000 },
    );
  });
});
