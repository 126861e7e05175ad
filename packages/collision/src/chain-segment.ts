import type { Transform } from '@lite/math';
import { type Manifold, makeFeatureKey } from './manifold';
import { PackedShapeSlot } from './packed-shape';

// Chain segments: one-sided segments that know their neighbours (the ghost vertices), so that a shape
// sliding along a chain meets one smooth surface. The manifold of the segment as a plain two-sided
// segment is computed first (collide-shapes.ts); this file then keeps, drops or bends its normal by
// where it points:
// - along the segment's face normal: kept;
// - tilted towards an end where the chain turns convexly: kept while nearer this segment's normal
//   than the neighbour's (the bisector goes to the segment after the corner), so one of the two
//   holds a corner contact and no face contact tilted by rounding or a turned polygon is lost;
// - tilted at a flat or concave joint: bent to the face normal, with the separations measured along
//   it. This is what removes the bump a box meets where two collinear segments join: the joint's end
//   vertex would otherwise push the box's corner sideways.
// A shape whose centroid lies behind the segment (its left side) does not collide with it at all.

const V = PackedShapeSlot.Vertices;
const G = PackedShapeSlot.Ghosts;
const N = PackedShapeSlot.Normals;
/** A turn sharper than this (the sine of the angle between neighbours) is a corner, not a flat joint. */
const FLAT = 1e-6;

/**
 * Applies the chain rules above to `out`, the manifold of chain segment `a` (packed) against shape
 * `b` (packed, not a chain segment) with `count` points, the margin being `margin`. Returns the new
 * point count. @internal
 */
export function smoothChainManifold(
  a: Float64Array,
  xfA: Transform,
  b: Float64Array,
  xfB: Transform,
  out: Manifold,
  count: number,
  margin: number,
): number {
  const cA = xfA.q.c;
  const sA = xfA.q.s;
  const p1x = a[V];
  const p1y = a[V + 1];
  let ex = a[V + 2] - p1x;
  let ey = a[V + 3] - p1y;
  const length = Math.sqrt(ex * ex + ey * ey);
  ex /= length;
  ey /= length;
  // The face normal, on the segment's right.
  const nx = ey;
  const ny = -ex;
  // One-sided: B's centre (the mean of its packed vertices) must be on the right.
  const nB = b[PackedShapeSlot.Count];
  let bx = 0;
  let by = 0;
  for (let i = 0; i < nB; i++) {
    bx += b[V + 2 * i];
    by += b[V + 2 * i + 1];
  }
  bx /= nB;
  by /= nB;
  const wx = xfB.q.c * bx - xfB.q.s * by + xfB.p.x - xfA.p.x;
  const wy = xfB.q.s * bx + xfB.q.c * by + xfB.p.y - xfA.p.y;
  const lx = cA * wx + sA * wy;
  const ly = -sA * wx + cA * wy;
  if (count === 0 || (lx - p1x) * nx + (ly - p1y) * ny < 0) {
    out.pointCount = 0;
    return 0;
  }
  // The manifold's normal in A's frame, and which way it tilts along the segment.
  const mx = cA * out.normalX + sA * out.normalY;
  const my = -sA * out.normalX + cA * out.normalY;
  const along = mx * ex + my * ey;
  if (along === 0) return count;
  // The neighbour's direction at the end the normal tilts to: previous (towards point1) or next.
  const first = along < 0;
  let ux = first ? p1x - a[G] : a[G + 2] - a[V + 2];
  let uy = first ? p1y - a[G + 1] : a[G + 3] - a[V + 3];
  const lu = Math.sqrt(ux * ux + uy * uy);
  if (lu === 0) return count; // an open end: round, as a plain segment's
  ux /= lu;
  uy /= lu;
  if ((first ? ux * ey - uy * ex : ex * uy - ey * ux) > FLAT) {
    // Convex: kept while nearer this normal than the neighbour's (uy, -ux); a tie goes to the later.
    const lean = mx * (nx - uy) + my * (ny + ux);
    if (first ? lean >= 0 : lean > 0) return count;
    out.pointCount = 0;
    return 0;
  }
  // A flat or concave joint: B against the face alone, its deepest feature along the face normal.
  const wnx = cA * nx - sA * ny;
  const wny = sA * nx + cA * ny;
  const w1x = cA * p1x - sA * p1y + xfA.p.x;
  const w1y = sA * p1x + cA * p1y + xfA.p.y;
  const wex = cA * ex - sA * ey;
  const wey = sA * ex + cA * ey;
  // B's incident edge: the one whose normal is most against the face normal (a circle: its centre).
  let i1 = 0;
  let i2 = 0;
  if (nB > 1) {
    let least = Number.POSITIVE_INFINITY;
    for (let i = 0; i < nB; i++) {
      const mx = b[N + 2 * i];
      const my = b[N + 2 * i + 1];
      const d = (xfB.q.c * mx - xfB.q.s * my) * wnx + (xfB.q.s * mx + xfB.q.c * my) * wny;
      if (d < least) {
        least = d;
        i1 = i;
      }
    }
    i2 = i1 + 1 < nB ? i1 + 1 : 0;
  }
  const rB = b[PackedShapeSlot.Radius];
  let kept = 0;
  for (let k = 0; k < 2; k++) {
    const i = k === 0 ? i1 : i2;
    if (k === 1 && i2 === i1) break;
    const vx = b[V + 2 * i];
    const vy = b[V + 2 * i + 1];
    // B's surface point under vertex i, and its distance from the face.
    const qx = xfB.q.c * vx - xfB.q.s * vy + xfB.p.x - rB * wnx;
    const qy = xfB.q.s * vx + xfB.q.c * vy + xfB.p.y - rB * wny;
    const separation = (qx - w1x) * wnx + (qy - w1y) * wny;
    // Beyond the segment's ends the neighbour at that (flat or concave) joint has it.
    const u = (qx - w1x) * wex + (qy - w1y) * wey;
    if (separation > margin || u < 0 || u > length) continue;
    const q = out.points[kept++];
    q.key = makeFeatureKey(1, 0, i + 1, 0);
    q.separation = separation;
    q.x = qx - 0.5 * separation * wnx;
    q.y = qy - 0.5 * separation * wny;
  }
  out.normalX = wnx;
  out.normalY = wny;
  out.pointCount = kept;
  return kept;
}
