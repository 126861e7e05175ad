/*
 * atan2 from exactly rounded IEEE 754 operations only, so it is bit-identical on every JavaScript
 * engine (see docs/step.md). For u = min/max of |x|, |y| in [0, 1]: atan(u) = atan(c) + atan(t), c the
 * nearest i/8, t = (u - c) / (1 + u c); atan(c) from a two-part table, atan(t) from its Taylor series
 * to t^13. Odd in y bit for bit.
 */

/** atan(i/8) for i = 0..8 rounded to double (internal; exported for the constants test). */
export const ATAN_HI: readonly number[] = [
  0,
  0.12435499454676144,
  0.24497866312686414,
  0.35877067027057225,
  0.4636476090008061,
  0.5585993153435624,
  0.6435011087932844,
  0.7188299996216245,
  Math.PI / 4,
];
/** atan(i/8) - ATAN_HI[i], rounded to double (internal; exported for the constants test). */
export const ATAN_LO: readonly number[] = [
  0, -3.1253241424539383e-18, 1.0698755618734451e-17, -2.4623815582638635e-17, 2.2698777452961687e-17,
  -5.4556305485916264e-18, 1.5834785051444286e-17, -2.1478388444456983e-17, 3.061616997868383e-17,
];

/** π/2 = PIO2_HI + PIO2_LO (Math.PI / 2 is exact: a power-of-two division). */
const PIO2_HI = Math.PI / 2;
/** π/2 - Math.PI / 2, rounded to double (internal; exported for the constants test). */
export const PIO2_LO = 6.123233995736766e-17;
/** π = PI_HI + PI_LO. */
const PI_HI = Math.PI;
/** π - Math.PI, rounded to double (internal; exported for the constants test). */
export const PI_LO = 1.2246467991473532e-16;
const PIO4 = Math.PI / 4;

const T3 = -1 / 3;
const T5 = 1 / 5;
const T7 = -1 / 7;
const T9 = 1 / 9;
const T11 = -1 / 11;
const T13 = 1 / 13;

/** atan(u) for 0 ≤ u ≤ 1. */
function atanUnit(u: number): number {
  const i = Math.round(u * 8);
  const c = i * 0.125;
  // u - c is exact (Sterbenz), so t carries only the rounding of the product, sum and quotient.
  const t = (u - c) / (1 + u * c);
  const z = t * t;
  const series = t + t * z * (T3 + z * (T5 + z * (T7 + z * (T9 + z * (T11 + z * T13)))));
  return ATAN_HI[i] + (series + ATAN_LO[i]);
}

/**
 * Deterministic two-argument arctangent: the angle in [-π, π] of (`x`, `y`), bit-identical on every
 * engine, error below 5e-16; special cases as `Math.atan2`. Allocation-free.
 * @param y - the ordinate (sine side)
 * @param x - the abscissa (cosine side)
 */
export function atan2(y: number, x: number): number {
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.NaN;
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  const negativeX = x < 0 || (x === 0 && 1 / x < 0);
  let angle: number;
  if (ay <= ax) {
    // Within 45° of the x axis: a = atan(|y|/|x|), then a or π - a. (ax === 0 means both are zero.)
    let a: number;
    if (ax === Number.POSITIVE_INFINITY) a = ay === Number.POSITIVE_INFINITY ? PIO4 : 0;
    else a = ax === 0 ? 0 : atanUnit(ay / ax);
    angle = negativeX ? PI_HI - a + PI_LO : a;
  } else {
    // Within 45° of the y axis: a = atan(|x|/|y|), then π/2 - a or π/2 + a.
    const a = ay === Number.POSITIVE_INFINITY ? 0 : atanUnit(ax / ay);
    angle = negativeX ? PIO2_HI + a + PIO2_LO : PIO2_HI - a + PIO2_LO;
  }
  return y < 0 || (y === 0 && 1 / y < 0) ? -angle : angle;
}
