import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { approxEqual, clamp, isFiniteNumber, lerp, MathError, requireFinite, sign } from '../src/index';

describe('clamp', () => {
  it('keeps values inside, and moves values outside to the nearer bound', () => {
    expect(clamp(0.5, 0, 1)).toBe(0.5);
    expect(clamp(-2, 0, 1)).toBe(0);
    expect(clamp(7, 0, 1)).toBe(1);
    expect(clamp(0, 0, 0)).toBe(0);
    expect(clamp(5, 3, 3)).toBe(3);
  });

  it('always lands in [low, high] and is idempotent', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true }),
        fc.double({ noNaN: true }),
        fc.double({ noNaN: true }),
        (v, p, q) => {
          const low = Math.min(p, q);
          const high = Math.max(p, q);
          const c = clamp(v, low, high);
          return (
            c >= low && c <= high && clamp(c, low, high) === c && (v >= low && v <= high ? c === v : true)
          );
        },
      ),
    );
  });

  it('accepts infinite bounds (one-sided clamps) and infinite values', () => {
    expect(clamp(-5, 0, Number.POSITIVE_INFINITY)).toBe(0);
    expect(clamp(1e308, 0, Number.POSITIVE_INFINITY)).toBe(1e308);
    expect(clamp(Number.POSITIVE_INFINITY, 0, 1)).toBe(1);
    expect(clamp(Number.NEGATIVE_INFINITY, 0, 1)).toBe(0);
    expect(clamp(3, Number.NEGATIVE_INFINITY, 2)).toBe(2);
  });

  it('lets a NaN value through as NaN', () => {
    expect(clamp(Number.NaN, 0, 1)).toBeNaN();
  });

  it('throws a MathError naming low when low > high', () => {
    expect(() => clamp(0, 2, 1)).toThrow(MathError);
    try {
      clamp(0, 2, 1);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(MathError);
      const e = error as MathError;
      expect(e.argument).toBe('low');
      expect(e.value).toBe(2);
      expect(e.message).toContain('low');
      expect(e.message).toContain('2');
    }
  });

  it('throws a MathError naming the bound that is NaN', () => {
    expect(() => clamp(0, Number.NaN, 1)).toThrow(/^low = NaN/);
    expect(() => clamp(0, 0, Number.NaN)).toThrow(/^high = NaN/);
  });
});

describe('sign', () => {
  it('is -1 for negative numbers and 1 otherwise, zero included (Box2D-Lite)', () => {
    expect(sign(-3)).toBe(-1);
    expect(sign(-Number.MIN_VALUE)).toBe(-1);
    expect(sign(Number.NEGATIVE_INFINITY)).toBe(-1);
    expect(sign(2)).toBe(1);
    expect(sign(0)).toBe(1);
    expect(sign(-0)).toBe(1);
    expect(sign(Number.POSITIVE_INFINITY)).toBe(1);
  });

  it('is NaN for NaN', () => {
    expect(sign(Number.NaN)).toBeNaN();
  });

  it('satisfies sign(x) · |x| = x for every non-NaN x', () => {
    fc.assert(fc.property(fc.double({ noNaN: true }), (x) => sign(x) * Math.abs(x) === x));
  });
});

describe('lerp', () => {
  it('gives a at 0, b at 1, the midpoint at 0.5, and extrapolates outside [0, 1]', () => {
    expect(lerp(2, 6, 0)).toBe(2);
    expect(lerp(2, 6, 1)).toBe(6);
    expect(lerp(2, 6, 0.5)).toBe(4);
    expect(lerp(2, 6, 2)).toBe(10);
    expect(lerp(2, 6, -0.5)).toBe(0);
  });

  it('is exactly a at t = 0 and stays between a and b for t in [0, 1] (within rounding)', () => {
    const finite = fc.double({ min: -1e6, max: 1e6, noNaN: true });
    fc.assert(
      fc.property(finite, finite, fc.double({ min: 0, max: 1, noNaN: true }), (a, b, t) => {
        const v = lerp(a, b, t);
        const slack = 2 * Number.EPSILON * Math.max(Math.abs(a), Math.abs(b));
        return lerp(a, b, 0) === a && v >= Math.min(a, b) - slack && v <= Math.max(a, b) + slack;
      }),
    );
  });
});

describe('approxEqual', () => {
  it('compares with an absolute tolerance, 1e-9 by default', () => {
    expect(approxEqual(1, 1 + 1e-10)).toBe(true);
    expect(approxEqual(1, 1 + 1e-8)).toBe(false);
    expect(approxEqual(1, 1.05, 0.1)).toBe(true);
    expect(approxEqual(1, 1.2, 0.1)).toBe(false);
    expect(approxEqual(-1, 1, 2)).toBe(true);
  });

  it('also accepts a relative tolerance', () => {
    expect(approxEqual(1e20, 1e20 + 1e5, 0)).toBe(false);
    expect(approxEqual(1e20, 1e20 + 1e5, 0, 1e-12)).toBe(true);
    expect(approxEqual(1e20, 1.01e20, 0, 1e-12)).toBe(false);
  });

  it('treats equal values (infinities too) as equal and NaN as never equal', () => {
    expect(approxEqual(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY)).toBe(true);
    expect(approxEqual(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1, 1)).toBe(false);
    expect(approxEqual(Number.POSITIVE_INFINITY, 1e308, 1, 1)).toBe(false);
    expect(approxEqual(Number.NaN, Number.NaN, 1, 1)).toBe(false);
    expect(approxEqual(Number.NaN, 0, Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('is symmetric', () => {
    const d = fc.double({ noNaN: true });
    fc.assert(
      fc.property(d, d, fc.double({ min: 0, max: 1, noNaN: true }), (a, b, tol) => {
        return approxEqual(a, b, tol, tol) === approxEqual(b, a, tol, tol);
      }),
    );
  });
});

describe('isFiniteNumber and requireFinite', () => {
  it('isFiniteNumber accepts finite numbers only', () => {
    for (const v of [0, -0, 1.5, -1e308, Number.MIN_VALUE]) expect(isFiniteNumber(v)).toBe(true);
    for (const v of [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      '1',
      null,
      undefined,
      1n,
      {},
    ]) {
      expect(isFiniteNumber(v)).toBe(false);
    }
  });

  it('requireFinite returns finite values unchanged', () => {
    expect(requireFinite(3.5, 'width')).toBe(3.5);
    expect(Object.is(requireFinite(-0, 'x'), -0)).toBe(true);
  });

  it('requireFinite throws a MathError naming the argument and the value', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      try {
        requireFinite(bad, 'width');
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(MathError);
        const e = error as MathError;
        expect(e.argument).toBe('width');
        expect(Object.is(e.value, bad)).toBe(true);
        expect(e.message).toBe(`width = ${bad}: must be a finite number`);
      }
    }
    // A non-number smuggled past the type checker is refused too.
    expect(() => requireFinite('3' as unknown as number, 'height')).toThrow(
      /^height = 3: must be a finite number$/,
    );
  });
});

describe('MathError', () => {
  it('is an Error named MathError that records the argument and the value', () => {
    const e = new MathError('n', -1, 'must be positive');
    expect(e).toBeInstanceOf(Error);
    expect(e).toBeInstanceOf(MathError);
    expect(e.name).toBe('MathError');
    expect(e.argument).toBe('n');
    expect(e.value).toBe(-1);
    expect(e.message).toBe('n = -1: must be positive');
    expect(String(e)).toBe('MathError: n = -1: must be positive');
  });
});
