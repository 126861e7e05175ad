import fc from 'fast-check';
import { cos, Mat22, sin } from '../src/index';

/** The largest 2-norm condition number {@link wellConditioned} produces (σmax / σmin). */
export const MAX_CONDITION = 100;

/**
 * A random well-conditioned matrix R(θ) · diag(σ1, σ2) · R(φ) · 2^k, with |σ1|, |σ2| in [1, 100] (so
 * its condition number is at most 100) and k in [-exponentRange, exponentRange].
 */
export function wellConditioned(exponentRange = 0): fc.Arbitrary<Mat22> {
  const sigma = fc
    .tuple(fc.double({ min: 1, max: MAX_CONDITION, noNaN: true }), fc.boolean())
    .map(([s, negative]) => (negative ? -s : s));
  // Angles on a 1e-6 grid: sin and cos are then 0 or at least 1e-6 in magnitude, so the entries span
  // at most 10 decades and rescaling the matrix by powers of two never underflows one of them.
  const angle = fc.integer({ min: -3_141_592, max: 3_141_592 }).map((i) => i * 1e-6);
  return fc
    .tuple(angle, angle, sigma, sigma, fc.integer({ min: -exponentRange, max: exponentRange }))
    .map(([theta, phi, s1, s2, k]) => {
      const c1 = cos(theta);
      const n1 = sin(theta);
      const c2 = cos(phi);
      const n2 = sin(phi);
      // R(θ) diag(s1, s2) = [c1 s1, -n1 s2; n1 s1, c1 s2]; then times R(φ) = [c2, -n2; n2, c2].
      const p11 = c1 * s1;
      const p12 = -n1 * s2;
      const p21 = n1 * s1;
      const p22 = c1 * s2;
      const scale = 2 ** k;
      return new Mat22(
        (p11 * c2 + p12 * n2) * scale,
        (-p11 * n2 + p12 * c2) * scale,
        (p21 * c2 + p22 * n2) * scale,
        (-p21 * n2 + p22 * c2) * scale,
      );
    });
}

/** Any matrix with small integer entries (products and determinants are exact). */
export function integerMatrix(max = 1000): fc.Arbitrary<Mat22> {
  const int = fc.integer({ min: -max, max });
  return fc.tuple(int, int, int, int).map(([a, b, c, d]) => new Mat22(a, b, c, d));
}

/** Entries of m as an array, row by row. */
export function entries(m: Mat22): number[] {
  return [m.a11, m.a12, m.a21, m.a22];
}
