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

// The reduced argument, written by reduceHalfPi, and sin's and cos's in-out slots (module-level
// scratch: no allocation per call).
const reduced = /* @__PURE__ */ new Float64Array(1);
const scratch = /* @__PURE__ */ new Float64Array(2);

/**
 * Deterministic sine: identical bit for bit on every JavaScript engine. Absolute error below 2e-16
 * for every finite double (the reduction by π/2 is exact enough even for huge arguments). Odd bit for
 * bit: `sin(-x) === -sin(x)`, and `sin(-0)` is `-0`. Returns NaN for NaN and ±Infinity, like
 * `Math.sin`. Allocation-free for |x| < 1.6e6; larger arguments use BigInt arithmetic.
 * @param x - the angle in radians
 */
export function sin(x: number): number {
  const io = scratch;
  io[0] = x;
  cosSinInPlace(io);
  return io[1];
}

/**
 * Deterministic cosine: identical bit for bit on every JavaScript engine. Absolute error below 2e-16
 * for every finite double. Even bit for bit: `cos(-x) === cos(x)`. Returns NaN for NaN and
 * ±Infinity, like `Math.cos`. Allocation-free for |x| < 1.6e6; larger arguments use BigInt arithmetic.
 * @param x - the angle in radians
 */
export function cos(x: number): number {
  const io = scratch;
  io[0] = x;
  cosSinInPlace(io);
  return io[0];
}

/**
 * Writes cos(x) to `out[0]` and sin(x) to `out[1]`: the same bits as {@link cos} and {@link sin}
 * give, from one reduction of x. NaN and ±Infinity give NaN in both.
 * @param x - the angle in radians
 * @param out - receives cos(x) at index 0 and sin(x) at index 1
 */
export function cosSin(x: number, out: Float64Array): void {
  out[0] = x;
  cosSinInPlace(out);
}

/**
 * {@link cosSin} for hot loops: reads the angle from `io[0]`, then writes cos to `io[0]` and sin to
 * `io[1]`. Nothing goes in or out as a number, so where the engine does not inline the call it has
 * nothing to box (a double passed to or returned from a call that is not inlined costs V8 a heap
 * allocation): `io[0] = body.angle; cosSinInPlace(io); c = io[0]; s = io[1]`.
 * @param io - holds the angle in radians at index 0; receives cos at 0 and sin at 1
 */
export function cosSinInPlace(io: Float64Array): void {
  const x = io[0];
  const ax = Math.abs(x);
  if (!(ax < Number.POSITIVE_INFINITY)) {
    io[0] = Number.NaN;
    io[1] = Number.NaN;
    return;
  }
  const quadrant = reduceHalfPi(ax, reduced);
  const r = reduced[0];
  // The polynomials are written out here (not in helper functions) so that nothing is boxed when the
  // engine does not inline a helper. sin(r) = r + r z P(z) to r^17; cos(r) = 1 - r²/2 + r⁴ Q(z) to
  // r^18, with 1 - r²/2 split so that its rounding is recovered (fdlibm's trick).
  const z = r * r;
  const sr = r + r * z * (S3 + z * (S5 + z * (S7 + z * (S9 + z * (S11 + z * (S13 + z * (S15 + z * S17)))))));
  const hz = 0.5 * z;
  const w = 1 - hz;
  const tail = z * z * (C4 + z * (C6 + z * (C8 + z * (C10 + z * (C12 + z * (C14 + z * (C16 + z * C18)))))));
  const cr = w + (1 - w - hz + tail);
  let c: number;
  let s: number;
  switch (quadrant) {
    case 0:
      c = cr;
      s = sr;
      break;
    case 1:
      c = -sr;
      s = cr;
      break;
    case 2:
      c = -cr;
      s = -sr;
      break;
    default:
      c = sr;
      s = -cr;
      break;
  }
  io[0] = c;
  // As sin: x itself below SIN_TINY (±0 included), and odd.
  io[1] = ax < SIN_TINY ? x : x < 0 ? -s : s;
}
