import { atan2 } from './atan2';
import { cosSinInPlace } from './trig';
import { Vec2, type Vec2Like } from './vec2';

// cos and sin of the angle being set (a module-level scratch: nothing allocated per call).
const scratch = /* @__PURE__ */ new Float64Array(2);

/** A rotation as its cosine and sine, from the engine's own cos/sin (bit-identical on every engine). */
export class Rot {
  /** cos(angle). */
  c: number;
  /** sin(angle). */
  s: number;

  /** The rotation by `angle` radians, counter-clockwise (default 0). */
  constructor(angle = 0) {
    // Written twice so V8 does not track the fields as constants (docs/performance.md, "Fields").
    this.c = 0.5;
    this.s = 0.5;
    this.setAngle(angle);
  }

  /** Sets the rotation to `angle` radians; returns this. */
  setAngle(angle: number): this {
    scratch[0] = angle;
    cosSinInPlace(scratch);
    this.c = scratch[0];
    this.s = scratch[1];
    return this;
  }

  /** Sets the identity rotation (angle 0); returns this. */
  setIdentity(): this {
    this.c = 1;
    this.s = 0;
    return this;
  }

  /** Copies `q`; returns this. */
  copy(q: Rot): this {
    this.c = q.c;
    this.s = q.s;
    return this;
  }

  /** A copy of this rotation. */
  clone(): Rot {
    return new Rot().copy(this);
  }

  /** The angle in [-π, π] from the engine's deterministic {@link atan2}. */
  angle(): number {
    return atan2(this.s, this.c);
  }

  /** The rotation this · r (first r, then this), as a new rotation. */
  mul(r: Rot): Rot {
    return mulRot(new Rot(), this, r);
  }

  /** The rotation thisᵀ · r (r relative to this), as a new rotation. */
  invMul(r: Rot): Rot {
    return invMulRot(new Rot(), this, r);
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

/** out = q · v: v rotated by q; returns out. Allocation-free; `out` may alias `v`. */
export function rotateVec2<T extends Vec2Like>(out: T, q: Rot, v: Vec2Like): T {
  const x = q.c * v.x - q.s * v.y;
  out.y = q.s * v.x + q.c * v.y;
  out.x = x;
  return out;
}

/** out = qᵀ · v: v rotated back by q (the inverse rotation); returns out. Allocation-free; `out` may alias `v`. */
export function invRotateVec2<T extends Vec2Like>(out: T, q: Rot, v: Vec2Like): T {
  const x = q.c * v.x + q.s * v.y;
  out.y = -q.s * v.x + q.c * v.y;
  out.x = x;
  return out;
}

/** out = q · r, the rotation by angle(q) + angle(r); returns out. Allocation-free; may alias. */
export function mulRot(out: Rot, q: Rot, r: Rot): Rot {
  // [qc -qs; qs qc] [rc -rs; rs rc] = [qc rc - qs rs, ...; qs rc + qc rs, ...]
  const s = q.s * r.c + q.c * r.s;
  out.c = q.c * r.c - q.s * r.s;
  out.s = s;
  return out;
}

/** out = qᵀ · r, the rotation by angle(r) - angle(q); returns out. Allocation-free; may alias. */
export function invMulRot(out: Rot, q: Rot, r: Rot): Rot {
  // [qc qs; -qs qc] [rc -rs; rs rc] = [qc rc + qs rs, ...; qc rs - qs rc, ...]
  const s = q.c * r.s - q.s * r.c;
  out.c = q.c * r.c + q.s * r.s;
  out.s = s;
  return out;
}

/** A rigid transform: rotation `q`, then translation `p` (world = q · local + p). */
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

  /** Sets the identity transform; returns this. */
  setIdentity(): this {
    this.p.set(0, 0);
    this.q.setIdentity();
    return this;
  }

  /** Copies `xf`; returns this. */
  copy(xf: Transform): this {
    this.p.copy(xf.p);
    this.q.copy(xf.q);
    return this;
  }

  /** A copy of this transform. */
  clone(): Transform {
    return new Transform().copy(this);
  }

  /** The composition this · xf (apply xf, then this), as a new transform. */
  mul(xf: Transform): Transform {
    return mulTransform(new Transform(), this, xf);
  }

  /** The composition this⁻¹ · xf (xf expressed in this frame), as a new transform. */
  invMul(xf: Transform): Transform {
    return invMulTransform(new Transform(), this, xf);
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

/** out = xf.q · v + xf.p: a local point mapped to the world; returns out. Allocation-free; `out` may alias `v`. */
export function transformVec2<T extends Vec2Like>(out: T, xf: Transform, v: Vec2Like): T {
  const q = xf.q;
  const x = q.c * v.x - q.s * v.y + xf.p.x;
  out.y = q.s * v.x + q.c * v.y + xf.p.y;
  out.x = x;
  return out;
}

/** out = xf.qᵀ · (v - xf.p): a world point mapped to local coordinates; returns out. Allocation-free; `out` may alias `v`. */
export function invTransformVec2<T extends Vec2Like>(out: T, xf: Transform, v: Vec2Like): T {
  const q = xf.q;
  const dx = v.x - xf.p.x;
  const dy = v.y - xf.p.y;
  out.x = q.c * dx + q.s * dy;
  out.y = -q.s * dx + q.c * dy;
  return out;
}

/** out = a · b, the transform applying b then a; returns out. Allocation-free; `out` may alias. */
export function mulTransform(out: Transform, a: Transform, b: Transform): Transform {
  const aq = a.q;
  const bp = b.p;
  const px = aq.c * bp.x - aq.s * bp.y + a.p.x;
  const py = aq.s * bp.x + aq.c * bp.y + a.p.y;
  mulRot(out.q, aq, b.q);
  out.p.set(px, py);
  return out;
}

/** out = a⁻¹ · b, b in a's frame; returns out. Allocation-free; `out` may alias `a` or `b`. */
export function invMulTransform(out: Transform, a: Transform, b: Transform): Transform {
  const aq = a.q;
  const dx = b.p.x - a.p.x;
  const dy = b.p.y - a.p.y;
  const px = aq.c * dx + aq.s * dy;
  const py = -aq.s * dx + aq.c * dy;
  invMulRot(out.q, aq, b.q);
  out.p.set(px, py);
  return out;
}
