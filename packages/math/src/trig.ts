/**
 * The engine's own sine and cosine.
 *
 * `Math.sin` and `Math.cos` are not specified bit for bit: V8, SpiderMonkey and JavaScriptCore may
 * return different last bits for the same argument, which breaks bit-identical simulation across
 * browsers. These functions use only `+`, `-`, `*` and `Math.round`, which IEEE 754 fixes exactly,
 * so they give the same bits everywhere.
 *
 * Method: Cody–Waite reduction by π/2 with a two-part constant (the high part has 33 significant
 * bits, so `k * PIO2_HI` is exact for |k| < 2^20), then Taylor polynomials on [-π/4, π/4] carried far
 * enough (x^15 for sin, x^16 for cos) that the truncation error is below 1e-16. Accuracy is about
 * 1e-16 absolute for |x| up to about 1e5 and degrades slowly beyond (the reduction loses bits).
 */

const PIO2_HI = 1.5707963267341256; // first 33 bits of π/2
const PIO2_LO = 6.077100506506192e-11; // π/2 - PIO2_HI
const TWO_OVER_PI = 0.6366197723675814;

// 1/n! for the Taylor coefficients.
const S3 = -1 / 6;
const S5 = 1 / 120;
const S7 = -1 / 5040;
const S9 = 1 / 362880;
const S11 = -1 / 39916800;
const S13 = 1 / 6227020800;
const S15 = -1 / 1307674368000;
const C2 = -1 / 2;
const C4 = 1 / 24;
const C6 = -1 / 720;
const C8 = 1 / 40320;
const C10 = -1 / 3628800;
const C12 = 1 / 479001600;
const C14 = -1 / 87178291200;
const C16 = 1 / 20922789888000;

function sinKernel(r: number): number {
  const z = r * r;
  return r + r * z * (S3 + z * (S5 + z * (S7 + z * (S9 + z * (S11 + z * (S13 + z * S15))))));
}

function cosKernel(r: number): number {
  const z = r * r;
  return 1 + z * (C2 + z * (C4 + z * (C6 + z * (C8 + z * (C10 + z * (C12 + z * (C14 + z * C16)))))));
}

/** Returns the quadrant index k (mod 4) and writes the reduced angle into `reduced[0]`. */
function reduce(x: number, reduced: Float64Array): number {
  const k = Math.round(x * TWO_OVER_PI);
  reduced[0] = x - k * PIO2_HI - k * PIO2_LO;
  return k & 3;
}

const scratch = new Float64Array(1);

/**
 * Deterministic sine, identical bit for bit on every JavaScript engine. Absolute error about 1e-16
 * for |x| ≤ 1e5. Returns NaN for NaN or infinite input, like `Math.sin`.
 */
export function sin(x: number): number {
  if (!Number.isFinite(x)) return Number.NaN;
  const q = reduce(x, scratch);
  const r = scratch[0];
  switch (q) {
    case 0:
      return sinKernel(r);
    case 1:
      return cosKernel(r);
    case 2:
      return -sinKernel(r);
    default:
      return -cosKernel(r);
  }
}

/**
 * Deterministic cosine, identical bit for bit on every JavaScript engine. Absolute error about 1e-16
 * for |x| ≤ 1e5. Returns NaN for NaN or infinite input, like `Math.cos`.
 */
export function cos(x: number): number {
  if (!Number.isFinite(x)) return Number.NaN;
  const q = reduce(x, scratch);
  const r = scratch[0];
  switch (q) {
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
