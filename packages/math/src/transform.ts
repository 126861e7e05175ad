import { cos, sin } from './trig';
import { Vec2, type Vec2Like } from './vec2';

/**
 * A rotation stored as its cosine and sine (cheaper than a full {@link Mat22} and never
 * denormalised by accumulated products). Built with the engine's own cos/sin, so it is bit-identical
 * on every JavaScript engine.
 */
export class Rot {
  /** cos(angle). */
  c: number;
  /** sin(angle). */
  s: number;

  /** The rotation by `angle` radians, counter-clockwise (default 0). */
  constructor(angle = 0) {
    this.c = cos(angle);
    this.s = sin(angle);
  }

  /** Sets the rotation to `angle` radians; returns this. */
  setAngle(angle: number): this {
    this.c = cos(angle);
    this.s = sin(angle);
    return this;
  }

  /** Copies `q`; returns this. */
  copy(q: Rot): this {
    this.c = q.c;
    this.s = q.s;
    return this;
  }

  /** The angle in (-π, π]. */
  angle(): number {
    return Math.atan2(this.s, this.c);
  }

  /** The rotated x axis (c, s), as a new vector. */
  xAxis(): Vec2 {
    return new Vec2(this.c, this.s);
  }

  /** The rotated y axis (-s, c), as a new vector. */
  yAxis(): Vec2 {
    return new Vec2(-this.s, this.c);
  }

  /** q · v (rotate v), as a new vector. */
  apply(v: Vec2Like): Vec2 {
    return rotateVec2(new Vec2(), this, v);
  }

  /** qᵀ · v (rotate v back), as a new vector. */
  applyInverse(v: Vec2Like): Vec2 {
    return invRotateVec2(new Vec2(), this, v);
  }
}

/** out = q · v; returns out. `out` may alias `v`. */
export function rotateVec2<T extends Vec2Like>(out: T, q: Rot, v: Vec2Like): T {
  const x = q.c * v.x - q.s * v.y;
  out.y = q.s * v.x + q.c * v.y;
  out.x = x;
  return out;
}

/** out = qᵀ · v; returns out. `out` may alias `v`. */
export function invRotateVec2<T extends Vec2Like>(out: T, q: Rot, v: Vec2Like): T {
  const x = q.c * v.x + q.s * v.y;
  out.y = -q.s * v.x + q.c * v.y;
  out.x = x;
  return out;
}

/**
 * A rigid transform: a rotation `q` followed by a translation `p`. Maps a body's local points to
 * the world: world = q · local + p.
 */
export class Transform {
  /** The translation (the body origin in the world). */
  readonly p: Vec2;
  /** The rotation. */
  readonly q: Rot;

  /** The transform placing a body's origin at (`x`, `y`) turned by `angle` radians. */
  constructor(x = 0, y = 0, angle = 0) {
    this.p = new Vec2(x, y);
    this.q = new Rot(angle);
  }

  /** Sets position and angle; returns this. */
  set(x: number, y: number, angle: number): this {
    this.p.set(x, y);
    this.q.setAngle(angle);
    return this;
  }

  /** Copies `xf`; returns this. */
  copy(xf: Transform): this {
    this.p.copy(xf.p);
    this.q.copy(xf.q);
    return this;
  }

  /** Maps a local point to the world, as a new vector. */
  apply(v: Vec2Like): Vec2 {
    return transformVec2(new Vec2(), this, v);
  }

  /** Maps a world point to local coordinates, as a new vector. */
  applyInverse(v: Vec2Like): Vec2 {
    return invTransformVec2(new Vec2(), this, v);
  }
}

/** out = xf.q · v + xf.p; returns out. `out` may alias `v`. */
export function transformVec2<T extends Vec2Like>(out: T, xf: Transform, v: Vec2Like): T {
  const q = xf.q;
  const x = q.c * v.x - q.s * v.y + xf.p.x;
  out.y = q.s * v.x + q.c * v.y + xf.p.y;
  out.x = x;
  return out;
}

/** out = xf.qᵀ · (v - xf.p); returns out. `out` may alias `v`. */
export function invTransformVec2<T extends Vec2Like>(out: T, xf: Transform, v: Vec2Like): T {
  const q = xf.q;
  const dx = v.x - xf.p.x;
  const dy = v.y - xf.p.y;
  out.x = q.c * dx + q.s * dy;
  out.y = -q.s * dx + q.c * dy;
  return out;
}
