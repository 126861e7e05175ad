/*
 * Argument reduction for sin and cos: |x| = k·(π/2) + r, |r| ≲ π/4; returns k mod 4.
 * Below MEDIUM_LIMIT, Cody–Waite with a 31-bit PIO2_HI (k·PIO2_HI and x - k·PIO2_HI are exact).
 * Above it, Payne–Hanek with BigInt arithmetic on 1200 bits of 2/π (allocates; only past ±1.6e6 rad).
 * The constants are recomputed in test/trig-constants.test.ts.
 */

/** π/2 rounded to its leading 31 significant bits (fdlibm's `pio2_1`), so k·PIO2_HI is exact for k < 2^22. */
export const PIO2_HI = 1.5707963267341256;
/** π/2 - PIO2_HI, rounded to double (fdlibm's `pio2_1t`). */
export const PIO2_LO = 6.077100506506192e-11;
/** 2/π rounded to double, used only to pick the quadrant k (an error of one in k is harmless). */
export const TWO_OVER_PI = 0.6366197723675814;
/** Below this |x|, k = round(|x|·2/π) < 2^20 and the Cody–Waite reduction is exact. */
export const MEDIUM_LIMIT = 1.6e6;

/** floor(2/π · 2^1200), as hexadecimal digits (1200 bits). */
export const TWO_OVER_PI_HEX =
  'a2f9836e4e441529fc2757d1f534ddc0db6295993c439041fe5163abdebbc561b7246e3a424dd2e006492eea09d1921cfe1deb1cb129a73ee88235f52ebb4484e99c7026b45f7e413991d639835339f49c845f8bbdf9283b1ff897ffde05980fef2f118b5a0a6d1f6d367ecf27cb09b74f463f669e5fea2d7527bac7ebe5f17b3d0739f78a5292ea6bfb5fb11f8d5d0856033046fc7b';
/** round(π/2 · 2^128), as hexadecimal digits (129 bits). */
export const PIO2_FIXED_HEX = '1921fb54442d18469898cc51701b839a2';

const TWO_OVER_PI_BITS = /* @__PURE__ */ BigInt(`0x${TWO_OVER_PI_HEX}`);
const TWO_OVER_PI_SCALE = 1200;
const PIO2_FIXED = /* @__PURE__ */ BigInt(`0x${PIO2_FIXED_HEX}`);
const FRACTION_BITS = 128;
// Literals, not shifts: bundlers keep BigInt arithmetic at module load (it may have side effects).
/** 2^128. */
const FRACTION_ONE = 0x1_0000_0000_0000_0000_0000_0000_0000_0000n;
/** 2^127. */
const FRACTION_HALF = 0x8000_0000_0000_0000_0000_0000_0000_0000n;
/** 2^128 - 1. */
const FRACTION_MASK = 0xffff_ffff_ffff_ffff_ffff_ffff_ffff_ffffn;
/** 2^130 - 1. */
const QUADRANT_MASK = 0x3_ffff_ffff_ffff_ffff_ffff_ffff_ffff_ffffn;
/** 2^52 - 1. */
const MANTISSA_MASK = 0xf_ffff_ffff_ffffn;
/** 2^52. */
const HIDDEN_BIT = 0x10_0000_0000_0000n;
const PRODUCT_SCALE = 2 ** -256;

// Views of one 8-byte buffer, to read a double's bits without allocating a DataView per call.
const bits = /* @__PURE__ */ new ArrayBuffer(8);
const floatView = /* @__PURE__ */ new Float64Array(bits);
const bitsView = /* @__PURE__ */ new BigUint64Array(bits);

/** Reduces finite `ax` ≥ 0: writes r = ax - k·π/2 (|r| ≲ π/4) into `out[0]`, returns k mod 4. */
export function reduceHalfPi(ax: number, out: Float64Array): number {
  if (ax < MEDIUM_LIMIT) {
    const k = Math.round(ax * TWO_OVER_PI);
    out[0] = ax - k * PIO2_HI - k * PIO2_LO;
    return k & 3;
  }
  return reduceHalfPiLarge(ax, out);
}

/** The Payne–Hanek reduction for MEDIUM_LIMIT ≤ ax < Infinity (ax is then a normal double). */
function reduceHalfPiLarge(ax: number, out: Float64Array): number {
  floatView[0] = ax;
  const word = bitsView[0];
  const exponent = Number(word >> 52n) - 1075; // ax = mantissa · 2^exponent exactly (sign bit is 0)
  const mantissa = (word & MANTISSA_MASK) | HIDDEN_BIT;
  // floor(ax · 2/π · 2^128), keeping only the two quadrant bits above the 128 fraction bits.
  const shift = BigInt(TWO_OVER_PI_SCALE - exponent - FRACTION_BITS); // ≥ 1200 - 971 - 128 = 101
  const scaled = ((mantissa * TWO_OVER_PI_BITS) >> shift) & QUADRANT_MASK;
  let quadrant = Number(scaled >> 128n);
  let fraction = scaled & FRACTION_MASK;
  if (fraction >= FRACTION_HALF) {
    // Round to the nearest quadrant: the fraction becomes negative.
    fraction -= FRACTION_ONE;
    quadrant += 1;
  }
  // r = fraction · 2^-128 · π/2 = (fraction · PIO2_FIXED) · 2^-256, rounded once by Number().
  out[0] = Number(fraction * PIO2_FIXED) * PRODUCT_SCALE;
  return quadrant & 3;
}
