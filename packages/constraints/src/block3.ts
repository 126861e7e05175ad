/**
 * Solves the symmetric 3x3 system K x = b by cofactors (Cramer's rule), writing x into `out[0..2]`.
 * Returns false, leaving `out` alone, when K is singular or nearly so (relative to its diagonal).
 * Allocates nothing. @internal
 */
export function solveSymmetric3(
  out: Float64Array,
  k11: number,
  k12: number,
  k13: number,
  k22: number,
  k23: number,
  k33: number,
  b1: number,
  b2: number,
  b3: number,
): boolean {
  const c11 = k22 * k33 - k23 * k23;
  const c12 = k13 * k23 - k12 * k33;
  const c13 = k12 * k23 - k13 * k22;
  const det = k11 * c11 + k12 * c12 + k13 * c13;
  if (!(det > 1e-12 * k11 * k22 * k33)) return false;
  const invDet = 1 / det;
  const c22 = k11 * k33 - k13 * k13;
  const c23 = k12 * k13 - k11 * k23;
  const c33 = k11 * k22 - k12 * k12;
  out[0] = (c11 * b1 + c12 * b2 + c13 * b3) * invDet;
  out[1] = (c12 * b1 + c22 * b2 + c23 * b3) * invDet;
  out[2] = (c13 * b1 + c23 * b2 + c33 * b3) * invDet;
  return true;
}

/**
 * Solves the symmetric 2x2 system K x = b, writing x into `out[0..1]`; returns false (leaving `out`
 * alone) when det K <= 0. Allocates nothing. @internal
 */
export function solveSymmetric2(
  out: Float64Array,
  k11: number,
  k12: number,
  k22: number,
  b1: number,
  b2: number,
): boolean {
  const det = k11 * k22 - k12 * k12;
  if (!(det > 0)) return false;
  const invDet = 1 / det;
  out[0] = (k22 * b1 - k12 * b2) * invDet;
  out[1] = (k11 * b2 - k12 * b1) * invDet;
  return true;
}
