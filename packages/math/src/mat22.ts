import { cos, sin } from './trig';
import { Vec2, type Vec2Like } from './vec2';

/** A 2x2 matrix [a11 a12; a21 a22]; methods return new objects, the `*Mat22` functions write `out`. */
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
    return new Mat22().setAngle(angle);
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

  /** Sets this to the rotation matrix of `angle` radians (in place; see {@link Mat22.fromAngle}); returns this. */
  setAngle(angle: number): this {
    const c = cos(angle);
    const s = sin(angle);
    return this.set(c, -s, s, c);
  }

  /** Sets this to the identity; returns this. */
  setIdentity(): this {
    return this.set(1, 0, 0, 1);
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

  /** this + m, as a new matrix. */
  add(m: Mat22): Mat22 {
    return addMat22(new Mat22(), this, m);
  }

  /** this · m, as a new matrix. */
  mul(m: Mat22): Mat22 {
    return mulMat22(new Mat22(), this, m);
  }

  /** thisᵀ · m, as a new matrix (for rotations: the rotation from this frame to m's). */
  mulTranspose(m: Mat22): Mat22 {
    return mulTransposeMat22(new Mat22(), this, m);
  }

  /** this · v, as a new vector. */
  mulVec(v: Vec2Like): Vec2 {
    return new Vec2(this.a11 * v.x + this.a12 * v.y, this.a21 * v.x + this.a22 * v.y);
  }

  /** thisᵀ · v, as a new vector. */
  mulTransposeVec(v: Vec2Like): Vec2 {
    return new Vec2(this.a11 * v.x + this.a21 * v.y, this.a12 * v.x + this.a22 * v.y);
  }

  /** The entry-wise absolute value, as a new matrix (|R| bounds the extents of a rotated box). */
  abs(): Mat22 {
    return new Mat22(Math.abs(this.a11), Math.abs(this.a12), Math.abs(this.a21), Math.abs(this.a22));
  }

  /** The inverse, as a new matrix; the zero matrix when there is none ({@link invertMat22} tells). */
  invert(): Mat22 {
    const out = new Mat22();
    invertMat22(out, this);
    return out;
  }

  /** Solves this · x = b, as a new vector; zero without a finite solution ({@link solveMat22} tells). */
  solve(b: Vec2Like): Vec2 {
    const out = new Vec2();
    solveMat22(out, this, b.x, b.y);
    return out;
  }
}

/** out = a + b; returns out. `out` may alias `a` or `b`. */
export function addMat22(out: Mat22, a: Mat22, b: Mat22): Mat22 {
  return out.set(a.a11 + b.a11, a.a12 + b.a12, a.a21 + b.a21, a.a22 + b.a22);
}

/** out = mᵀ; returns out. `out` may alias `m`. */
export function transposeMat22(out: Mat22, m: Mat22): Mat22 {
  return out.set(m.a11, m.a21, m.a12, m.a22);
}

/** out = |m| entry by entry; returns out. `out` may alias `m`. */
export function absMat22(out: Mat22, m: Mat22): Mat22 {
  return out.set(Math.abs(m.a11), Math.abs(m.a12), Math.abs(m.a21), Math.abs(m.a22));
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

/** out = mᵀ · v; returns out. `out` may alias `v`. */
export function mulTransposeMat22Vec<T extends Vec2Like>(out: T, m: Mat22, v: Vec2Like): T {
  const x = m.a11 * v.x + m.a21 * v.y;
  out.y = m.a12 * v.x + m.a22 * v.y;
  out.x = x;
  return out;
}

// Inverse and solve: Cramer's rule, after rescaling by an exact power of two when det is extreme.

// |det| inside [DET_MIN, DET_MAX] needs no rescaling: neither the products nor 1/det lose precision.
const DET_MIN = 1e-290;
const DET_MAX = 1e290;
const SCALE_UP = 2 ** 64;
const SCALE_DOWN = 2 ** -64;

// Scratch (module level, so the functions never allocate).
const scaled = /* @__PURE__ */ new Mat22();
const column1 = /* @__PURE__ */ new Vec2();
const column2 = /* @__PURE__ */ new Vec2();

/** The n with `largest` · 2^(64 n) in [1, 2^64), for 0 < largest < ∞ (|n| ≤ 17). */
function rescaleSteps(largest: number): number {
  let steps = 0;
  while (largest >= SCALE_UP) {
    largest *= SCALE_DOWN;
    steps -= 1;
  }
  while (largest < 1) {
    largest *= SCALE_UP;
    steps += 1;
  }
  return steps;
}

/** value · 2^(64 steps), exactly (barring overflow or underflow of the result), one step at a time. */
function scaleBySteps(value: number, steps: number): number {
  for (; steps > 0; steps--) value *= SCALE_UP;
  for (; steps < 0; steps++) value *= SCALE_DOWN;
  return value;
}

/** Writes m · 2^(64 n) (largest entry in [1, 2^64)) into `scaled`; returns n (NaN: zero or non-finite m). */
function rescale(m: Mat22): number {
  const largest = Math.max(Math.abs(m.a11), Math.abs(m.a12), Math.abs(m.a21), Math.abs(m.a22));
  if (!(largest > 0 && largest < Number.POSITIVE_INFINITY)) return Number.NaN; // zero, NaN or infinite
  const steps = rescaleSteps(largest);
  scaled.set(
    scaleBySteps(m.a11, steps),
    scaleBySteps(m.a12, steps),
    scaleBySteps(m.a21, steps),
    scaleBySteps(m.a22, steps),
  );
  return steps;
}

/** out = m⁻¹ and true, or the zero matrix and false without one (never NaN); `out` may alias `m`. */
export function invertMat22(out: Mat22, m: Mat22): boolean {
  // The inverse's columns solve m x = (1, 0) and m x = (0, 1).
  if (solveMat22(column1, m, 1, 0) && solveMat22(column2, m, 0, 1)) {
    out.set(column1.x, column2.x, column1.y, column2.y);
    return true;
  }
  out.set(0, 0, 0, 0);
  return false;
}

/** Solves m · x = (bx, by) into `out`; true, or (0, 0) and false without a finite solution (never NaN). */
export function solveMat22(out: Vec2Like, m: Mat22, bx: number, by: number): boolean {
  const a11 = m.a11;
  const a12 = m.a12;
  const a21 = m.a21;
  const a22 = m.a22;
  const det = a11 * a22 - a12 * a21;
  const absDet = Math.abs(det);
  if (absDet >= DET_MIN && absDet <= DET_MAX) {
    const inv = 1 / det;
    const x = inv * (a22 * bx - a12 * by);
    const y = inv * (a11 * by - a21 * bx);
    if (Number.isFinite(x) && Number.isFinite(y)) {
      out.x = x;
      out.y = y;
      return true;
    }
  }
  return solveRescaled(out, m, bx, by);
}

/** The slow path of {@link solveMat22}: (σm) x' = τb gives x = (σ/τ) x', σ, τ powers of 2^64. */
function solveRescaled(out: Vec2Like, m: Mat22, bx: number, by: number): boolean {
  const steps = rescale(m);
  const det = Number.isNaN(steps) ? 0 : scaled.a11 * scaled.a22 - scaled.a12 * scaled.a21;
  if (det !== 0 && Number.isFinite(bx) && Number.isFinite(by)) {
    const largest = Math.max(Math.abs(bx), Math.abs(by));
    const bSteps = largest > 0 ? rescaleSteps(largest) : 0;
    const sx = scaleBySteps(bx, bSteps);
    const sy = scaleBySteps(by, bSteps);
    const inv = 1 / det;
    const x = scaleBySteps(inv * (scaled.a22 * sx - scaled.a12 * sy), steps - bSteps);
    const y = scaleBySteps(inv * (scaled.a11 * sy - scaled.a21 * sx), steps - bSteps);
    if (Number.isFinite(x) && Number.isFinite(y)) {
      out.x = x;
      out.y = y;
      return true;
    }
  }
  out.x = 0;
  out.y = 0;
  return false;
}
