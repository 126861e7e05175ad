import { cos, sin } from './trig';
import { Vec2, type Vec2Like } from './vec2';

/**
 * A 2x2 matrix, stored as four scalars by row and column:
 * ```
 * | a11 a12 |
 * | a21 a22 |
 * ```
 * Methods return new objects; the `*Mat22` functions below write into an `out` argument.
 */
export class Mat22 {
  /** Row 1, column 1. */
  a11: number;
  /** Row 1, column 2. */
  a12: number;
  /** Row 2, column 1. */
  a21: number;
  /** Row 2, column 2. */
  a22: number;

  /** Creates the matrix from its entries, row by row; the default is the identity. */
  constructor(a11 = 1, a12 = 0, a21 = 0, a22 = 1) {
    this.a11 = a11;
    this.a12 = a12;
    this.a21 = a21;
    this.a22 = a22;
  }

  /** The identity matrix. */
  static identity(): Mat22 {
    return new Mat22(1, 0, 0, 1);
  }

  /** The rotation matrix of `angle` radians (counter-clockwise), built with the engine's own cos/sin. */
  static fromAngle(angle: number): Mat22 {
    const c = cos(angle);
    const s = sin(angle);
    return new Mat22(c, -s, s, c);
  }

  /** The matrix whose columns are `col1` and `col2`. */
  static fromColumns(col1: Vec2Like, col2: Vec2Like): Mat22 {
    return new Mat22(col1.x, col2.x, col1.y, col2.y);
  }

  /** Sets the entries row by row; returns this. */
  set(a11: number, a12: number, a21: number, a22: number): this {
    this.a11 = a11;
    this.a12 = a12;
    this.a21 = a21;
    this.a22 = a22;
    return this;
  }

  /** Copies `m`; returns this. */
  copy(m: Mat22): this {
    return this.set(m.a11, m.a12, m.a21, m.a22);
  }

  /** A copy of this matrix. */
  clone(): Mat22 {
    return new Mat22(this.a11, this.a12, this.a21, this.a22);
  }

  /** The determinant a11 a22 - a12 a21. */
  determinant(): number {
    return this.a11 * this.a22 - this.a12 * this.a21;
  }

  /** The transpose, as a new matrix (for a rotation, its inverse). */
  transpose(): Mat22 {
    return new Mat22(this.a11, this.a21, this.a12, this.a22);
  }

  /** this · m, as a new matrix. */
  mul(m: Mat22): Mat22 {
    return mulMat22(new Mat22(), this, m);
  }

  /** this · v, as a new vector. */
  mulVec(v: Vec2Like): Vec2 {
    return new Vec2(this.a11 * v.x + this.a12 * v.y, this.a21 * v.x + this.a22 * v.y);
  }

  /** thisᵀ · v, as a new vector. */
  mulTransposeVec(v: Vec2Like): Vec2 {
    return new Vec2(this.a11 * v.x + this.a21 * v.y, this.a12 * v.x + this.a22 * v.y);
  }

  /** The entry-wise absolute value, as a new matrix (used by the box-box separating axis test). */
  abs(): Mat22 {
    return new Mat22(Math.abs(this.a11), Math.abs(this.a12), Math.abs(this.a21), Math.abs(this.a22));
  }

  /**
   * The inverse, as a new matrix. A singular matrix (determinant 0) or one with non-finite entries
   * has no inverse: the result is then the zero matrix, as in Box2D, never NaN or Infinity. Use
   * {@link invertMat22} to learn whether the inversion succeeded.
   */
  invert(): Mat22 {
    const out = new Mat22();
    invertMat22(out, this);
    return out;
  }

  /**
   * Solves this · x = b for x, as a new vector, without forming the inverse. A singular system gives
   * the zero vector; use {@link solveMat22} to learn whether it was solvable.
   */
  solve(b: Vec2Like): Vec2 {
    const out = new Vec2();
    solveMat22(out, this, b.x, b.y);
    return out;
  }
}

/** out = a · b; returns out. `out` may alias `a` or `b`. */
export function mulMat22(out: Mat22, a: Mat22, b: Mat22): Mat22 {
  const a11 = a.a11 * b.a11 + a.a12 * b.a21;
  const a12 = a.a11 * b.a12 + a.a12 * b.a22;
  const a21 = a.a21 * b.a11 + a.a22 * b.a21;
  const a22 = a.a21 * b.a12 + a.a22 * b.a22;
  return out.set(a11, a12, a21, a22);
}

/** out = aᵀ · b; returns out. `out` may alias `a` or `b`. */
export function mulTransposeMat22(out: Mat22, a: Mat22, b: Mat22): Mat22 {
  const a11 = a.a11 * b.a11 + a.a21 * b.a21;
  const a12 = a.a11 * b.a12 + a.a21 * b.a22;
  const a21 = a.a12 * b.a11 + a.a22 * b.a21;
  const a22 = a.a12 * b.a12 + a.a22 * b.a22;
  return out.set(a11, a12, a21, a22);
}

/** out = m · v; returns out. `out` may alias `v`. */
export function mulMat22Vec<T extends Vec2Like>(out: T, m: Mat22, v: Vec2Like): T {
  const x = m.a11 * v.x + m.a12 * v.y;
  out.y = m.a21 * v.x + m.a22 * v.y;
  out.x = x;
  return out;
}

/**
 * out = m⁻¹; returns true. When m is singular (determinant exactly 0, or not finite) writes the zero
 * matrix and returns false. `out` may alias `m`.
 */
export function invertMat22(out: Mat22, m: Mat22): boolean {
  const det = m.a11 * m.a22 - m.a12 * m.a21;
  if (det === 0 || !Number.isFinite(det)) {
    out.set(0, 0, 0, 0);
    return false;
  }
  const inv = 1 / det;
  if (!Number.isFinite(inv)) {
    out.set(0, 0, 0, 0);
    return false;
  }
  out.set(inv * m.a22, -inv * m.a12, -inv * m.a21, inv * m.a11);
  return true;
}

/**
 * Solves m · x = (bx, by) into `out` by Cramer's rule; returns true. When m is singular writes (0, 0)
 * and returns false.
 */
export function solveMat22(out: Vec2Like, m: Mat22, bx: number, by: number): boolean {
  const det = m.a11 * m.a22 - m.a12 * m.a21;
  if (det === 0 || !Number.isFinite(det)) {
    out.x = 0;
    out.y = 0;
    return false;
  }
  const inv = 1 / det;
  const x = inv * (m.a22 * bx - m.a12 * by);
  const y = inv * (m.a11 * by - m.a21 * bx);
  if (!Number.isFinite(x) || !Number.isFinite(y)) {
    out.x = 0;
    out.y = 0;
    return false;
  }
  out.x = x;
  out.y = y;
  return true;
}
