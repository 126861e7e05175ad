import { Vec2, type Vec2Like } from './vec2';

/*
 * The three 2D cross-product forms (DESIGN.md conventions):
 *   vector × vector: a × b = a.x b.y - a.y b.x            (a scalar, the z of the 3D cross product)
 *   scalar × vector: s × v = (-s v.y, s v.x)               (w × r: the velocity of a point at r
 *                                                           on a body spinning at w)
 *   vector × scalar: v × s = (s v.y, -s v.x)               (the tangent t = n × 1 of a contact)
 */

/** The scalar cross product a × b = a.x b.y - a.y b.x. */
export function cross(a: Vec2Like, b: Vec2Like): number {
  return a.x * b.y - a.y * b.x;
}

/** s × v = (-s v.y, s v.x), as a new vector. */
export function crossScalarVec(s: number, v: Vec2Like): Vec2 {
  return new Vec2(-s * v.y, s * v.x);
}

/** v × s = (s v.y, -s v.x), as a new vector. */
export function crossVecScalar(v: Vec2Like, s: number): Vec2 {
  return new Vec2(s * v.y, -s * v.x);
}

/** out = s × v = (-s v.y, s v.x); returns out. `out` may alias `v`. */
export function crossScalarVecTo<T extends Vec2Like>(out: T, s: number, v: Vec2Like): T {
  const x = -s * v.y;
  out.y = s * v.x;
  out.x = x;
  return out;
}

/** out = v × s = (s v.y, -s v.x); returns out. `out` may alias `v`. */
export function crossVecScalarTo<T extends Vec2Like>(out: T, v: Vec2Like, s: number): T {
  const x = s * v.y;
  out.y = -s * v.x;
  out.x = x;
  return out;
}
