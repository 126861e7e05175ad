/** Anything with numeric `x` and `y`: a {@link Vec2} or a plain object literal such as `{ x: 1, y: 2 }`. */
export interface Vec2Like {
  /** The x component. */
  x: number;
  /** The y component. */
  y: number;
}

/** A 2D vector. Methods return new vectors; hot loops use the allocation-free `*Vec2` functions. */
export class Vec2 implements Vec2Like {
  /** The x component. */
  x: number;
  /** The y component. */
  y: number;

  /** Creates the vector (`x`, `y`); both default to 0. */
  constructor(x = 0, y = 0) {
    // Fractions first, so V8 stores the fields as doubles, not constants (docs/performance.md, "Fields").
    this.x = 0.5;
    this.y = 0.5;
    this.x = x;
    this.y = y;
  }

  /** A new vector copied from any `{ x, y }`. */
  static from(v: Vec2Like): Vec2 {
    return new Vec2(v.x, v.y);
  }

  /** Sets both components; returns this. */
  set(x: number, y: number): this {
    this.x = x;
    this.y = y;
    return this;
  }

  /** Copies `v` into this vector; returns this. */
  copy(v: Vec2Like): this {
    this.x = v.x;
    this.y = v.y;
    return this;
  }

  /** Sets both components to zero; returns this. */
  setZero(): this {
    this.x = 0;
    this.y = 0;
    return this;
  }

  /** A new vector equal to this one. */
  clone(): Vec2 {
    return new Vec2(this.x, this.y);
  }

  /** this + v, as a new vector. */
  add(v: Vec2Like): Vec2 {
    return new Vec2(this.x + v.x, this.y + v.y);
  }

  /** this - v, as a new vector. */
  sub(v: Vec2Like): Vec2 {
    return new Vec2(this.x - v.x, this.y - v.y);
  }

  /** this * s, as a new vector. */
  scale(s: number): Vec2 {
    return new Vec2(this.x * s, this.y * s);
  }

  /** -this, as a new vector. */
  negate(): Vec2 {
    return new Vec2(-this.x, -this.y);
  }

  /** The dot product this · v. */
  dot(v: Vec2Like): number {
    return this.x * v.x + this.y * v.y;
  }

  /** The 2D cross product this × v = this.x v.y - this.y v.x (a scalar). */
  cross(v: Vec2Like): number {
    return this.x * v.y - this.y * v.x;
  }

  /** The Euclidean length. */
  length(): number {
    return Math.sqrt(this.x * this.x + this.y * this.y);
  }

  /** The squared length (no square root). */
  lengthSquared(): number {
    return this.x * this.x + this.y * this.y;
  }

  /** The distance |this - v|. */
  distance(v: Vec2Like): number {
    return distanceVec2(this, v);
  }

  /** The squared distance |this - v|² (no square root). */
  distanceSquared(v: Vec2Like): number {
    return distanceSquaredVec2(this, v);
  }

  /** A new unit vector in the same direction; zero (never NaN) for a zero or non-finite vector. */
  normalize(): Vec2 {
    const out = new Vec2();
    normalizeVec2(out, this);
    return out;
  }

  /** The vector turned 90° counter-clockwise, (-y, x), as a new vector. */
  perp(): Vec2 {
    return new Vec2(-this.y, this.x);
  }

  /** True when both components equal those of `v` within `tolerance` (absolute; NaN never equals). */
  equals(v: Vec2Like, tolerance = 0): boolean {
    return Math.abs(this.x - v.x) <= tolerance && Math.abs(this.y - v.y) <= tolerance;
  }

  /** `(x, y)`, for messages and logs. */
  toString(): string {
    return `(${this.x}, ${this.y})`;
  }
}

/** out = a + b; returns out. `out` may alias `a` or `b`. */
export function addVec2<T extends Vec2Like>(out: T, a: Vec2Like, b: Vec2Like): T {
  out.x = a.x + b.x;
  out.y = a.y + b.y;
  return out;
}

/** out = a - b; returns out. `out` may alias `a` or `b`. */
export function subVec2<T extends Vec2Like>(out: T, a: Vec2Like, b: Vec2Like): T {
  out.x = a.x - b.x;
  out.y = a.y - b.y;
  return out;
}

/** out = a * s; returns out. `out` may alias `a`. */
export function scaleVec2<T extends Vec2Like>(out: T, a: Vec2Like, s: number): T {
  out.x = a.x * s;
  out.y = a.y * s;
  return out;
}

/** out = a + b * s (multiply-add); returns out. `out` may alias `a` or `b`. */
export function addScaledVec2<T extends Vec2Like>(out: T, a: Vec2Like, b: Vec2Like, s: number): T {
  out.x = a.x + b.x * s;
  out.y = a.y + b.y * s;
  return out;
}

/** a · b. */
export function dotVec2(a: Vec2Like, b: Vec2Like): number {
  return a.x * b.x + a.y * b.y;
}

/** out = -a; returns out. `out` may alias `a`. */
export function negateVec2<T extends Vec2Like>(out: T, a: Vec2Like): T {
  out.x = -a.x;
  out.y = -a.y;
  return out;
}

/** out = a + (b - a) t: `a` at t = 0, `b` at t = 1; returns out. `out` may alias `a` or `b`. */
export function lerpVec2<T extends Vec2Like>(out: T, a: Vec2Like, b: Vec2Like, t: number): T {
  out.x = a.x + (b.x - a.x) * t;
  out.y = a.y + (b.y - a.y) * t;
  return out;
}

/** |a|. Overflows to Infinity (and underflows to 0) only when the squared length does. */
export function lengthVec2(a: Vec2Like): number {
  return Math.sqrt(a.x * a.x + a.y * a.y);
}

/** |a|², no square root. */
export function lengthSquaredVec2(a: Vec2Like): number {
  return a.x * a.x + a.y * a.y;
}

/** |a - b|. */
export function distanceVec2(a: Vec2Like, b: Vec2Like): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  return Math.sqrt(dx * dx + dy * dy);
}

/** |a - b|², no square root. */
export function distanceSquaredVec2(a: Vec2Like, b: Vec2Like): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  return dx * dx + dy * dy;
}

// Squared lengths in [NORMALIZE_MIN, NORMALIZE_MAX] neither overflow nor underflow: no rescaling.
const NORMALIZE_MIN = 1e-300;
const NORMALIZE_MAX = 1e300;

/**
 * out = a / |a|; returns |a|. Allocation-free; `out` may alias `a`. Any finite non-zero vector gives
 * a unit vector, even when |a|² would underflow or overflow; the zero vector, or one with a NaN or
 * infinite component, writes (0, 0) (returning 0, NaN or Infinity).
 */
export function normalizeVec2(out: Vec2Like, a: Vec2Like): number {
  let x = a.x;
  let y = a.y;
  const lengthSquared = x * x + y * y;
  if (lengthSquared >= NORMALIZE_MIN && lengthSquared <= NORMALIZE_MAX) {
    const length = Math.sqrt(lengthSquared);
    const inv = 1 / length;
    out.x = x * inv;
    out.y = y * inv;
    return length;
  }
  if (!(Number.isFinite(x) && Number.isFinite(y))) {
    out.x = 0;
    out.y = 0;
    return Number.isNaN(x) || Number.isNaN(y) ? Number.NaN : Number.POSITIVE_INFINITY;
  }
  if (x === 0 && y === 0) {
    out.x = 0;
    out.y = 0;
    return 0;
  }
  // Very long or very short: scale by an exact power of two into the safe range, then normalize.
  const scale = lengthSquared > NORMALIZE_MAX ? 2 ** -600 : 2 ** 600;
  x *= scale;
  y *= scale;
  const length = Math.sqrt(x * x + y * y);
  out.x = x / length;
  out.y = y / length;
  return length / scale;
}
