import fc from 'fast-check';

/**
 * A finite double in [-max, max] that is either 0 or at least 1e-100 in magnitude, so that products
 * of a few of them neither overflow nor underflow into the subnormal range (where relative error
 * bounds no longer hold).
 */
export function finite(max = 1e6): fc.Arbitrary<number> {
  return fc
    .double({ min: -max, max, noNaN: true, noDefaultInfinity: true })
    .filter((v) => v === 0 || Math.abs(v) >= 1e-100);
}

/** A plain `{ x, y }` with components from {@link finite}. */
export function vector(max = 1e6): fc.Arbitrary<{ x: number; y: number }> {
  return fc.record({ x: finite(max), y: finite(max) });
}

/** An angle in [-max, max] radians. */
export function angle(max = 100): fc.Arbitrary<number> {
  return fc.double({ min: -max, max, noNaN: true, noDefaultInfinity: true });
}

/** The unit roundoff 2^-53. */
export const U = Number.EPSILON / 2;
