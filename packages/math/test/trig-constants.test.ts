/*
 * The constants behind sin, cos and atan2, recomputed from scratch with BigInt arithmetic (π from
 * Gauss's Machin-like formula in reference.ts) and compared exactly.
 */
import { describe, expect, it } from 'vitest';
import { ATAN_HI, ATAN_LO, PIO2_LO as ATAN_PIO2_LO, PI_LO } from '../src/atan2';
import {
  MEDIUM_LIMIT,
  PIO2_FIXED_HEX,
  PIO2_HI,
  PIO2_LO,
  TWO_OVER_PI,
  TWO_OVER_PI_HEX,
} from '../src/reduce-angle';
import { decompose, fromFixed, piFixed, toFixed } from './reference';

const BITS = 1400n;
const PI = piFixed(BITS);

/** The number of significant bits of a double's mantissa (trailing zeros removed). */
function significantBits(x: number): number {
  let { mantissa } = decompose(x);
  if (mantissa < 0n) mantissa = -mantissa;
  while (mantissa % 2n === 0n) mantissa /= 2n;
  return mantissa.toString(2).length;
}

/** atan(a/b) · 2^bits by the plain Taylor series (a < b), a different route from reference.ts. */
function atanTaylor(a: bigint, b: bigint, bits: bigint): bigint {
  let power = (a << bits) / b;
  let sum = 0n;
  for (let k = 0n; power !== 0n; k++) {
    const term = power / (2n * k + 1n);
    sum += k % 2n === 0n ? term : -term;
    power = (power * a * a) / (b * b);
  }
  return sum;
}

describe('π itself', () => {
  it('agrees with a second formula (Machin: π/4 = 4 atan(1/5) - atan(1/239)) to 1400 bits', () => {
    const bits = BITS + 16n;
    const machin = 4n * (4n * atanTaylor(1n, 5n, bits) - atanTaylor(1n, 239n, bits));
    const difference = (machin >> 16n) - PI;
    expect(difference >= -4n && difference <= 4n).toBe(true);
  });

  it('starts with the well-known digits 3.14159265358979323846264338327950288', () => {
    const digits = (PI * 10n ** 35n) >> BITS;
    expect(digits.toString()).toBe('314159265358979323846264338327950288');
  });
});

describe('sin/cos reduction constants', () => {
  it('TWO_OVER_PI_HEX is floor(2/π · 2^1200)', () => {
    const expected = (1n << (1201n + BITS)) / PI;
    expect(BigInt(`0x${TWO_OVER_PI_HEX}`)).toBe(expected);
  });

  it('PIO2_FIXED_HEX is round(π/2 · 2^128)', () => {
    const expected = ((PI << 127n) + (1n << (BITS - 1n))) >> BITS;
    expect(BigInt(`0x${PIO2_FIXED_HEX}`)).toBe(expected);
  });

  it('PIO2_HI has at most 31 significant bits, so k · PIO2_HI is exact for k < 2^22', () => {
    expect(significantBits(PIO2_HI)).toBeLessThanOrEqual(31);
  });

  it('PIO2_HI + PIO2_LO is π/2 within 1e-26 (PIO2_LO is the rounded remainder)', () => {
    const halfPi = PI >> 1n;
    const remainder = halfPi - toFixed(PIO2_HI, BITS);
    expect(PIO2_LO).toBe(fromFixed(remainder, BITS));
    const error = fromFixed(remainder - toFixed(PIO2_LO, BITS), BITS);
    expect(Math.abs(error)).toBeLessThan(1e-26);
  });

  it('TWO_OVER_PI is 2/π rounded to the nearest double', () => {
    expect(TWO_OVER_PI).toBe(fromFixed((1n << (BITS + 1n + BITS)) / PI, BITS));
  });

  it('below MEDIUM_LIMIT the quadrant index stays below 2^20', () => {
    expect(Math.round(MEDIUM_LIMIT * TWO_OVER_PI)).toBeLessThan(2 ** 20);
  });
});

describe('atan2 constants', () => {
  it('ATAN_HI[i] + ATAN_LO[i] is atan(i/8): hi rounded to nearest, lo the rounded remainder', () => {
    expect(ATAN_HI).toHaveLength(9);
    expect(ATAN_LO).toHaveLength(9);
    for (let i = 0; i <= 8; i++) {
      const exact = i === 8 ? PI >> 2n : atanTaylor(BigInt(i), 8n, BITS);
      expect(ATAN_HI[i]).toBe(fromFixed(exact, BITS));
      const remainder = exact - toFixed(ATAN_HI[i], BITS);
      expect(ATAN_LO[i]).toBe(fromFixed(remainder, BITS));
    }
  });

  it('PIO2_LO and PI_LO are the rounded remainders of π/2 - Math.PI/2 and π - Math.PI', () => {
    expect(ATAN_PIO2_LO).toBe(fromFixed((PI >> 1n) - toFixed(Math.PI / 2, BITS), BITS));
    expect(PI_LO).toBe(fromFixed(PI - toFixed(Math.PI, BITS), BITS));
  });
});
