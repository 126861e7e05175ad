/**
 * Solves the symmetric 3x3 system K x = b by cofactors, K and b in `m` = [k11, k12, k13, k22, k23,
 * k33, b1, b2, b3] (an array, so no number is boxed), x into `out[0..2]` (`out` may be `m`).
 * Returns false, leaving `out` alone, when K is singular or nearly so (relative to its diagonal). @internal
 */
export function solveSymmetric3(out: Float64Array, m: Float64Array): boolean {
  const k11 = m[0];
  const k12 = m[1];
  const k13 = m[2];
  const k22 = m[3];
  const k23 = m[4];
  const k33 = m[5];
  const b1 = m[6];
  const b2 = m[7];
  const b3 = m[8];
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
 * Solves the symmetric 2x2 system K x = b, with K and b in `m` = [k11, k12, k22, b1, b2], writing x
 * into `out[0..1]` (`out` may be `m`); returns false (leaving `out` alone) when det K <= 0. @internal
 */
export function solveSymmetric2(out: Float64Array, m: Float64Array): boolean {
  const k11 = m[0];
  const k12 = m[1];
  const k22 = m[2];
  const b1 = m[3];
  const b2 = m[4];
  const det = k11 * k22 - k12 * k12;
  if (!(det > 0)) return false;
  const invDet = 1 / det;
  out[0] = (k22 * b1 - k12 * b2) * invDet;
  out[1] = (k11 * b2 - k12 * b1) * invDet;
  return true;
}
