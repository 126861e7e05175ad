import { reduceHalfPi } from './reduce-angle';

/*
 * The engine's own sine and cosine.
 *
 * `Math.sin` and `Math.cos` are not specified bit for bit: V8, SpiderMonkey and JavaScriptCore may
 * return different last bits for the same argument, which breaks bit-identical simulation across
 * browsers. These functions use only `+`, `-`, `*`, `Math.abs`, `Math.round` and (beyond ±1.6e6
 * rad) exact BigInt arithmetic, all of which IEEE 754 and ECMAScript fix exactly, so they give the
 * same bits everywhere.
 *
 * Method: reduce |x| by π/2 to r in [-π/4, π/4] and a quadrant (reduce-angle.ts), then evaluate
 * Taylor polynomials on r: sin to r^17 (the first omitted term, r^19/19!, is below 1e-19 at π/4) and
 * cos to r^18 (r^20/20! < 1e-21). The cosine kernel subtracts r²/2 from 1 in two parts (fdlibm's
 * trick) so that its rounding error stays below one ulp. sin is odd and cos is even by construction:
 * both work on |x|, so sin(-x) === -sin(x) and cos(-x) === cos(x) bit for bit.
 *
 * Measured in test/trig.test.ts: absolute error against an exact (BigInt) reference below 2e-16 over
 * the whole double range, against Math.sin/Math.cos below 1e-15.
 */

// Taylor coefficients (-1)^n / (2n+1)! and (-1)^n / (2n)!, each a correctly rounded division.
const S3 = -1 / 6;
const S5 = 1 / 120;
const S7 = -1 / 5040;
const S9 = 1 / 362880;
const S11 = -1 / 39916800;
const S13 = 1 / 6227020800;
const S15 = -1 / 1307674368000;
const S17 = 1 / 355687428096000;
const C4 = 1 / 24;
const C6 = -1 / 720;
const C8 = 1 / 40320;
const C10 = -1 / 3628800;
const C12 = 1 / 479001600;
const C14 = -1 / 87178291200;
const C16 = 1 / 20922789888000;
const C18 = -1 / 6402373705728000;

/** Below this |x|, sin(x) rounds to x itself (x³/6 is less than half an ulp of x). */
const SIN_TINY = 2 ** -27;

/** sin(r) for |r| ≤ π/4 (a little beyond is fine). */
function sinKernel(r: number): number {
  const z = r * r;
  return r + r * z * (S3 + z * (S5 + z * (S7 + z * (S9 + z * (S11 + z * (S13 + z * (S15 + z * S17)))))));
}

/** cos(r) for |r| ≤ π/4: 1 - r²/2 + r⁴ P(r²), with 1 - r²/2 split so that its rounding is recovered. */
function cosKernel(r: number): number {
  const z = r * r;
  const hz = 0.5 * z;
  const w = 1 - hz;
  const tail = z * z * (C4 + z * (C6 + z * (C8 + z * (C10 + z * (C12 + z * (C14 + z * (C16 + z * C18)))))));
  return w + (1 - w - hz + tail);
}

// The reduced argument, written by reduceHalfPi (a module-level scratch: no allocation per call).
const reduced = new Float64Array(1);

/**
 * Deterministic sine: identical bit for bit on every JavaScript engine. Absolute error below 2e-16
 * for every finite double (the reduction by π/2 is exact enough even for huge arguments). Odd bit for
 * bit: `sin(-x) === -sin(x)`, and `sin(-0)` is `-0`. Returns NaN for NaN and ±Infinity, like
 * `Math.sin`. Allocation-free for |x| < 1.6e6; larger arguments use BigInt arithmetic.
 * @param x - the angle in radians
 */
export function sin(x: number): number {
  const ax = Math.abs(x);
  if (ax < SIN_TINY) return x; // includes ±0
  if (!(ax < Number.POSITIVE_INFINITY)) return Number.NaN; // NaN or ±Infinity
  const quadrant = reduceHalfPi(ax, reduced);
  const r = reduced[0];
  let value: number;
  switch (quadrant) {
    case 0:
      value = sinKernel(r);
      break;
    case 1:
      value = cosKernel(r);
      break;
    case 2:
      value = -sinKernel(r);
      break;
    default:
      value = -cosKernel(r);
      break;
  }
  return x < 0 ? -value : value;
}

/**
 * Deterministic cosine: identical bit for bit on every JavaScript engine. Absolute error below 2e-16
 * for every finite double. Even bit for bit: `cos(-x) === cos(x)`. Returns NaN for NaN and
 * ±Infinity, like `Math.cos`. Allocation-free for |x| < 1.6e6; larger arguments use BigInt arithmetic.
 * @param x - the angle in radians
 */
export function cos(x: number): number {
  const ax = Math.abs(x);
  if (!(ax < Number.POSITIVE_INFINITY)) return Number.NaN; // NaN or ±Infinity
  const quadrant = reduceHalfPi(ax, reduced);
  const r = reduced[0];
  switch (quadrant) {
    case 0:
      return cosKernel(r);
    case 1:
      return -sinKernel(r);
    case 2:
      return -cosKernel(r);
    default:
      return sinKernel(r);
  }
}
