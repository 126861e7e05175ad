import { LENGTH_UNITS, Vec2, type Vec2Like } from '@lite/math';
import { CollisionError, requirePoint } from './errors';

// Written from the definitions (quickhull).

/** The most vertices a convex polygon may have (Box2D's `B2_MAX_POLYGON_VERTICES`). */
export const MAX_POLYGON_VERTICES = 8;

/** Below this distance, m, points count as one when a hull or capsule is built (Box2D's linear slop); {@link shapeTolerance} in the length unit. */
export const SHAPE_TOLERANCE = 0.005;

/** {@link SHAPE_TOLERANCE} in the length unit (`setLengthUnitsPerMeter`). */
export function shapeTolerance(): number {
  return SHAPE_TOLERANCE * LENGTH_UNITS[0];
}

/** The error refusing `points` (the first ten shown) for `reason`. */
function refused(points: readonly Vec2Like[], reason: string): CollisionError {
  const shown = points.slice(0, 10).map((p) => `(${p.x}, ${p.y})`);
  const more = points.length > 10 ? `, ... ${points.length} points` : '';
  return new CollisionError('points', `[${shown.join(', ')}${more}]`, reason);
}

/** Signed distance of q from the directed line a → b, positive on the right (clockwise) side. */
function rightDistance(a: Vec2Like, b: Vec2Like, q: Vec2Like): number {
  const ex = b.x - a.x;
  const ey = b.y - a.y;
  return -(ex * (q.y - a.y) - ey * (q.x - a.x)) / Math.hypot(ex, ey);
}

/** Appends, in order from a to b, the hull vertices strictly right of a → b among `set`. */
function quickHull(a: Vec2Like, b: Vec2Like, set: readonly Vec2Like[], out: Vec2Like[]): void {
  let far = -1;
  let best = shapeTolerance();
  for (let i = 0; i < set.length; i++) {
    const d = rightDistance(a, b, set[i]);
    if (d > best) {
      best = d;
      far = i;
    }
  }
  if (far < 0) return;
  const f = set[far];
  const right1: Vec2Like[] = [];
  const right2: Vec2Like[] = [];
  for (const q of set) {
    if (q === f) continue;
    if (rightDistance(a, f, q) > shapeTolerance()) right1.push(q);
    else if (rightDistance(f, b, q) > shapeTolerance()) right2.push(q);
  }
  quickHull(a, f, right1, out);
  out.push(f);
  quickHull(f, b, right2, out);
}

/**
 * The convex hull of a point cloud by quickhull, counter-clockwise from the leftmost point; points
 * within {@link shapeTolerance} of an earlier one, or of their neighbours' line, are dropped.
 * @throws CollisionError when a coordinate is not finite, there are fewer than 3 distinct or only
 * collinear points, or the hull has more than {@link MAX_POLYGON_VERTICES} vertices.
 */
export function computeHull(points: readonly Vec2Like[]): Vec2[] {
  if (!Array.isArray(points)) throw new CollisionError('points', points, 'must be an array of { x, y }');
  for (let i = 0; i < points.length; i++) {
    requirePoint(`points[${i}]`, points[i]);
  }
  // Weld.
  const distinct: Vec2Like[] = [];
  for (const p of points) {
    let unique = true;
    for (const q of distinct) {
      if (Math.hypot(p.x - q.x, p.y - q.y) < shapeTolerance()) {
        unique = false;
        break;
      }
    }
    if (unique) distinct.push(p);
  }
  if (distinct.length < 3) {
    const welded = `${distinct.length} after welding points closer than ${shapeTolerance()} m`;
    throw refused(points, `must hold at least 3 distinct points (${welded})`);
  }
  // Extreme points: leftmost (lowest y on ties) and rightmost (highest y on ties).
  let left = distinct[0];
  let right = distinct[0];
  for (const p of distinct) {
    if (p.x < left.x || (p.x === left.x && p.y < left.y)) left = p;
    if (p.x > right.x || (p.x === right.x && p.y > right.y)) right = p;
  }
  const below: Vec2Like[] = [];
  const above: Vec2Like[] = [];
  for (const p of distinct) {
    if (p === left || p === right) continue;
    const d = rightDistance(left, right, p);
    if (d > shapeTolerance()) below.push(p);
    else if (d < -shapeTolerance()) above.push(p);
  }
  const hull: Vec2Like[] = [left];
  quickHull(left, right, below, hull);
  hull.push(right);
  quickHull(right, left, above, hull);

  // Drop vertices (nearly) on the line through their neighbours, until none is.
  let removed = true;
  while (removed && hull.length >= 3) {
    removed = false;
    for (let i = 0; i < hull.length; i++) {
      const n = hull.length;
      const prev = hull[(i + n - 1) % n];
      const next = hull[(i + 1) % n];
      if (rightDistance(prev, next, hull[i]) <= shapeTolerance()) {
        hull.splice(i, 1);
        removed = true;
        break;
      }
    }
  }
  if (hull.length < 3) {
    throw refused(points, `must not all lie on one line (within ${shapeTolerance()} m)`);
  }
  if (hull.length > MAX_POLYGON_VERTICES) {
    throw refused(
      points,
      `has a hull of ${hull.length} vertices; at most ${MAX_POLYGON_VERTICES} are allowed`,
    );
  }
  return hull.map((p) => new Vec2(p.x, p.y));
}
