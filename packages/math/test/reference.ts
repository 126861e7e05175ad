/*
 * Independent high-precision references for the tests, in exact BigInt arithmetic. Written
 * differently from the code under test on purpose: π comes from Gauss's Machin-like formula, angles
 * are reduced by dividing by π/2 (the library multiplies by 2/π), atan uses Euler's series (the
 * library uses a table and a Taylor polynomial), and matrices are solved in exact rationals.
 */

/** Fixed-point precision of the reduction (enough to hold any double exactly: exponents ≥ -1074). */
const REDUCTION_BITS = 1600n;
/** Fixed-point precision of the series and of the returned values. */
export const REFERENCE_BITS = 256n;

/** atan(1/n) · 2^bits by its Taylor series (n ≥ 2). */
function atanInverse(n: bigint, bits: bigint): bigint {
  const n2 = n * n;
  let power = (1n << bits) / n;
  let sum = 0n;
  for (let k = 0n; power !== 0n; k++) {
    const term = power / (2n * k + 1n);
    sum += k % 2n === 0n ? term : -term;
    power /= n2;
  }
  return sum;
}

/** π · 2^bits, by Gauss: π/4 = 12 atan(1/18) + 8 atan(1/57) - 5 atan(1/239), with 16 guard bits. */
export function piFixed(bits: bigint): bigint {
  const guard = 16n;
  const b = bits + guard;
  const quarter = 12n * atanInverse(18n, b) + 8n * atanInverse(57n, b) - 5n * atanInverse(239n, b);
  return (4n * quarter) >> guard;
}

const PI_REDUCTION = piFixed(REDUCTION_BITS);
const HALF_PI_REDUCTION = PI_REDUCTION >> 1n;
const PI_REFERENCE = piFixed(REFERENCE_BITS);

/**
 * The exact value of a finite double as `mantissa · 2^exponent` with an integer mantissa, found by
 * exact scaling by powers of two (no bit tricks).
 */
export function decompose(x: number): { mantissa: bigint; exponent: number } {
  if (!Number.isFinite(x)) throw new Error(`decompose: ${x} is not finite`);
  let m = x;
  let e = 0;
  while (!Number.isInteger(m)) {
    m *= 2;
    e -= 1;
  }
  while (Math.abs(m) >= 2 ** 53) {
    m /= 2;
    e += 1;
  }
  return { mantissa: BigInt(m), exponent: e };
}

/** floor(x · 2^bits) for a finite double x (exact when bits ≥ -exponent of x). */
export function toFixed(x: number, bits: bigint): bigint {
  const { mantissa, exponent } = decompose(x);
  const shift = BigInt(exponent) + bits;
  return shift >= 0n ? mantissa << shift : mantissa >> -shift;
}

/**
 * The fixed-point value v · 2^-bits as a double: rounded to nearest once by Number() from 80
 * significant bits, then scaled by powers of two (exact unless the result is subnormal).
 */
export function fromFixed(v: bigint, bits: bigint): number {
  const length = BigInt((v < 0n ? -v : v).toString(2).length);
  const drop = length > 80n ? length - 80n : 0n;
  let value = Number(v >> drop);
  let exponent = Number(drop - bits);
  // 2 ** exponent alone would underflow or overflow for |exponent| > 1023: apply it in steps.
  while (exponent < -512) {
    value *= 2 ** -512;
    exponent += 512;
  }
  while (exponent > 512) {
    value *= 2 ** 512;
    exponent -= 512;
  }
  return value * 2 ** exponent;
}

/** Taylor sine and cosine of a fixed-point r (|r| ≤ 1) at REFERENCE_BITS. */
function sinCosSeries(r: bigint): { sin: bigint; cos: bigint } {
  const one = 1n << REFERENCE_BITS;
  let sinSum = 0n;
  let cosSum = 0n;
  let term = one; // r^n / n!
  for (let n = 0n; term !== 0n; n++) {
    switch (n % 4n) {
      case 0n:
        cosSum += term;
        break;
      case 1n:
        sinSum += term;
        break;
      case 2n:
        cosSum -= term;
        break;
      default:
        sinSum -= term;
        break;
    }
    term = (term * r) / (one * (n + 1n));
  }
  return { sin: sinSum, cos: cosSum };
}

/** sin(x) and cos(x) of a finite double, in fixed point with REFERENCE_BITS fraction bits. */
export function sinCosFixed(x: number): { sin: bigint; cos: bigint } {
  const X = toFixed(x, REDUCTION_BITS); // exact
  // k = round(X / (π/2)); r = X - k π/2, then drop to the series precision.
  let k = (2n * X + HALF_PI_REDUCTION) / (2n * HALF_PI_REDUCTION);
  if (2n * X + HALF_PI_REDUCTION < 0n && (2n * X + HALF_PI_REDUCTION) % (2n * HALF_PI_REDUCTION) !== 0n) {
    k -= 1n; // BigInt division truncates towards zero; we want the floor
  }
  const r = (X - k * HALF_PI_REDUCTION) >> (REDUCTION_BITS - REFERENCE_BITS);
  const { sin: s, cos: c } = sinCosSeries(r);
  switch (((k % 4n) + 4n) % 4n) {
    case 0n:
      return { sin: s, cos: c };
    case 1n:
      return { sin: c, cos: -s };
    case 2n:
      return { sin: -s, cos: -c };
    default:
      return { sin: -c, cos: s };
  }
}

/** |y - exact| where `exact` is a REFERENCE_BITS fixed-point value, as a double. */
export function absoluteError(y: number, exact: bigint): number {
  const diff = toFixed(y, REFERENCE_BITS + 1100n) - (exact << 1100n);
  return Math.abs(fromFixed(diff, REFERENCE_BITS + 1100n));
}

/** sin(x) correctly rounded to the nearest double (up to a tie-breaking accident at 2^-256). */
export function referenceSin(x: number): number {
  return fromFixed(sinCosFixed(x).sin, REFERENCE_BITS);
}

/** cos(x) correctly rounded to the nearest double. */
export function referenceCos(x: number): number {
  return fromFixed(sinCosFixed(x).cos, REFERENCE_BITS);
}

/**
 * atan(a / b) · 2^REFERENCE_BITS for integers 0 ≤ a ≤ b, b > 0, by Euler's series
 * atan(x) = Σ 2^(2n) (n!)² / (2n+1)! · x^(2n+1) / (1+x²)^(n+1), whose ratio x²/(1+x²) ≤ 1/2.
 */
function atanRatioFixed(a: bigint, b: bigint): bigint {
  const guard = 16n;
  const bits = REFERENCE_BITS + guard;
  const a2 = a * a;
  const d = a2 + b * b;
  let term = ((a * b) << bits) / d;
  let sum = 0n;
  for (let n = 1n; term !== 0n; n++) {
    sum += term;
    term = (term * 2n * n * a2) / ((2n * n + 1n) * d);
  }
  return sum >> guard;
}

/** The exact (integer) numerator and denominator of |p| / |q| for finite doubles, q ≠ 0. */
function ratio(p: number, q: number): { a: bigint; b: bigint } {
  const dp = decompose(Math.abs(p));
  const dq = decompose(Math.abs(q));
  const shift = dp.exponent - dq.exponent;
  return shift >= 0
    ? { a: dp.mantissa << BigInt(shift), b: dq.mantissa }
    : { a: dp.mantissa, b: dq.mantissa << BigInt(-shift) };
}

/** atan2(y, x) for finite doubles, not both zero, in fixed point with REFERENCE_BITS fraction bits. */
export function atan2Fixed(y: number, x: number): bigint {
  const ay = Math.abs(y);
  const ax = Math.abs(x);
  let angle: bigint;
  if (ay <= ax) {
    const { a, b } = ratio(ay, ax);
    angle = atanRatioFixed(a, b);
  } else {
    const { a, b } = ratio(ax, ay);
    angle = (PI_REFERENCE >> 1n) - atanRatioFixed(a, b);
  }
  if (x < 0 || Object.is(x, -0)) angle = PI_REFERENCE - angle;
  return y < 0 || Object.is(y, -0) ? -angle : angle;
}

/** A rational number num / den with den > 0. */
export interface Rational {
  num: bigint;
  den: bigint;
}

/** The exact rational value of a finite double. */
export function rational(x: number): Rational {
  const { mantissa, exponent } = decompose(x);
  return exponent >= 0
    ? { num: mantissa << BigInt(exponent), den: 1n }
    : { num: mantissa, den: 1n << BigInt(-exponent) };
}

/** p + q. */
export function addRational(p: Rational, q: Rational): Rational {
  return { num: p.num * q.den + q.num * p.den, den: p.den * q.den };
}

/** p - q. */
export function subRational(p: Rational, q: Rational): Rational {
  return { num: p.num * q.den - q.num * p.den, den: p.den * q.den };
}

/** p · q. */
export function mulRational(p: Rational, q: Rational): Rational {
  return { num: p.num * q.num, den: p.den * q.den };
}

/** p / q (q ≠ 0). */
export function divRational(p: Rational, q: Rational): Rational {
  const num = p.num * q.den;
  const den = p.den * q.num;
  return den < 0n ? { num: -num, den: -den } : { num, den };
}

/** The nearest double to a rational (through 2200 fraction bits: enough for any double's range). */
export function rationalToNumber(p: Rational): number {
  const bits = 2200n;
  return fromFixed((p.num << bits) / p.den, bits);
}

/**
 * The exact solution of [[a11, a12], [a21, a22]] · x = (bx, by) by Cramer's rule in rationals,
 * or undefined when the determinant is exactly zero.
 */
export function exactSolve(
  a11: number,
  a12: number,
  a21: number,
  a22: number,
  bx: number,
  by: number,
): { x: Rational; y: Rational } | undefined {
  const m11 = rational(a11);
  const m12 = rational(a12);
  const m21 = rational(a21);
  const m22 = rational(a22);
  const b1 = rational(bx);
  const b2 = rational(by);
  const det = subRational(mulRational(m11, m22), mulRational(m12, m21));
  if (det.num === 0n) return undefined;
  return {
    x: divRational(subRational(mulRational(m22, b1), mulRational(m12, b2)), det),
    y: divRational(subRational(mulRational(m11, b2), mulRational(m21, b1)), det),
  };
}
