import { Vec2, type Vec2Like } from './vec2';

/** The scalar cross product a × b = a.x b.y - a.y b.x (positive when b is counter-clockwise from a). */
export function cross(a: Vec2Like, b: Vec2Like): number {
  return a.x * b.y - a.y * b.x;
}

/** s × v = (-s v.y, s v.x), as a new vector (allocation-free: {@link crossScalarVecTo}). */
export function crossScalarVec(s: number, v: Vec2Like): Vec2 {
  return new Vec2(-s * v.y, s * v.x);
}

/** v × s = (s v.y, -s v.x), as a new vector (allocation-free: {@link crossVecScalarTo}). */
export function crossVecScalar(v: Vec2Like, s: number): Vec2 {
  return new Vec2(s * v.y, -s * v.x);
}

/** out = s × v = (-s v.y, s v.x); returns out. Allocation-free; `out` may alias `v`. */
export function crossScalarVecTo<T extends Vec2Like>(out: T, s: number, v: Vec2Like): T {
  const x = -s * v.y;
  out.y = s * v.x;
  out.x = x;
  return out;
}

/** out = v × s = (s v.y, -s v.x); returns out. Allocation-free; `out` may alias `v`. */
export function crossVecScalarTo<T extends Vec2Like>(out: T, v: Vec2Like, s: number): T {
  const x = s * v.y;
  out.y = -s * v.x;
  out.x = x;
  return out;
}
