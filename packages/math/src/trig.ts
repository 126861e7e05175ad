import { reduceHalfPi } from './reduce-angle';

/*
 * sin and cos from exactly rounded operations only (`Math.sin`/`Math.cos` may differ in the last bits
 * between engines): reduce |x| by π/2 (reduce-angle.ts), then Taylor polynomials on r in [-π/4, π/4]
 * (sin to r^17, cos to r^18, 1 - r²/2 split as in fdlibm). Both work on |x|, so sin is odd and cos
 * even bit for bit. Error below 2e-16 (test/trig.test.ts).
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

// The reduced argument, and sin's and cos's in-out slots.
const reduced = /* @__PURE__ */ new Float64Array(1);
const scratch = /* @__PURE__ */ new Float64Array(2);

/**
 * Deterministic sine, bit-identical on every engine, error below 2e-16; NaN for NaN and ±Infinity.
 * Allocation-free below |x| = 1.6e6.
 * @param x - the angle in radians
 */
export function sin(x: number): number {
  const io = scratch;
  io[0] = x;
  cosSinInPlace(io);
  return io[1];
}

/** Deterministic cosine, as {@link sin}. */
export function cos(x: number): number {
  const io = scratch;
  io[0] = x;
  cosSinInPlace(io);
  return io[0];
}

/** Writes cos(x) to `out[0]` and sin(x) to `out[1]`, as {@link cos} and {@link sin} give them. */
export function cosSin(x: number, out: Float64Array): void {
  out[0] = x;
  cosSinInPlace(out);
}

/** {@link cosSin} with the angle read from `io[0]` (docs/performance.md, "Boxed numbers"). */
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
  // Written out (not helpers) so nothing is boxed; sin(r) = r + r z P(z), cos(r) = 1 - r²/2 + r⁴ Q(z).
  const z = r * r;
  const sr = r + r * z * (S3 + z * (S5 + z * (S7 + z * (S9 + z * (S11 + z * (S13 + z * (S15 + z * S17)))))));
  const hz = 0.5 * z;
  const w = 1 - hz;
  const tail = z * z * (C4 + z * (C6 + z * (C8 + z * (C10 + z * (C12 + z * (C14 + z * (C16 + z * C18)))))));
  const cr = w + (1 - w - hz + tail);
  // Quadrant k turns (cos r, sin r) by k·90°: (c, s), (-s, c), (-c, -s), (s, -c).
  const odd = (quadrant & 1) === 1;
  const c = odd ? sr : cr;
  const s = odd ? cr : sr;
  io[0] = quadrant === 1 || quadrant === 2 ? -c : c;
  const sinAx = quadrant >= 2 ? -s : s;
  // As sin: x itself below SIN_TINY (±0 included), and odd.
  io[1] = ax < SIN_TINY ? x : x < 0 ? -sinAx : sinAx;
}
