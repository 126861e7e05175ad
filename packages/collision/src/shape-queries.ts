import type { Transform } from '@lite/math';
import type { AABB } from './aabb';
import type { Box } from './box';
import { PACKED_CIRCLE, PACKED_SHAPE_LENGTH, packInto } from './packed-shape';
import { type RayCastInput, type RayCastOutput, requireFiniteRay } from './ray-cast';
import type { Shape } from './shapes';

// Bounds, ray casts and point tests for every shape, read from its packed form (packShape) in the
// body frame: a circle is its centre and radius, any other kind a (rounded) polygon.

// Slots of a packed shape (PackedShapeSlot): kind, count, radius, vertices, normals.
const KIND = 0;
const COUNT = 1;
const RADIUS = 2;
const V = 4;
const N = 20;

const packed = new Float64Array(PACKED_SHAPE_LENGTH);
// The ray in the body frame, [p1x, p1y, dx, dy]; a hit there, [fraction, nx, ny].
const ray = new Float64Array(4);
const hit = new Float64Array(3);

/** The tight world bounds of any shape at pose `xf`, into `out`. @throws CollisionError on unknown types. */
export function computeShapeAABB(shape: Shape, xf: Transform, out: AABB): AABB {
  packInto(shape, packed);
  return computePackedAABB(packed, xf, out);
}

/** {@link computeShapeAABB} of a shape packed by {@link packShape}, bit for bit. Allocation-free. */
export function computePackedAABB(data: Float64Array, xf: Transform, out: AABB): AABB {
  const c = xf.q.c;
  const s = xf.q.s;
  const n = data[COUNT];
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const px = data[V + 2 * i];
    const py = data[V + 2 * i + 1];
    const x = c * px - s * py;
    const y = s * px + c * py;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const r = data[RADIUS];
  out.minX = minX + xf.p.x - r;
  out.minY = minY + xf.p.y - r;
  out.maxX = maxX + xf.p.x + r;
  out.maxY = maxY + xf.p.y + r;
  return out;
}

/** Puts `input` into the body frame of `xf`: ray = [p1x, p1y, dx, dy] (d = p2 - p1). */
function localRay(xf: Transform, input: RayCastInput): void {
  const c = xf.q.c;
  const s = xf.q.s;
  const rx = input.p1x - xf.p.x;
  const ry = input.p1y - xf.p.y;
  const ex = input.p2x - input.p1x;
  const ey = input.p2y - input.p1y;
  requireFiniteRay(input, ex, ey);
  ray[0] = c * rx + s * ry;
  ray[1] = -s * rx + c * ry;
  ray[2] = c * ex + s * ey;
  ray[3] = -s * ex + c * ey;
}

/**
 * Casts a ray against any shape, with {@link rayCastBox}'s contract. A sharp polygon by Cyrus–Beck
 * clipping; a rounded one against its edges pushed out by the radius and the discs at its vertices.
 * @returns true when the ray enters the shape within [0, maxFraction]
 * @throws CollisionError when the shape's type is unknown, or as {@link rayCastBox}.
 */
export function rayCastShape(shape: Shape, xf: Transform, input: RayCastInput, out: RayCastOutput): boolean {
  packInto(shape, packed);
  out.hit = false;
  localRay(xf, input);
  if (!(packed[KIND] === PACKED_CIRCLE ? castCircle(input) : castPolygon(input))) return false;
  return writeHit(xf, input, out);
}

/** Writes the hit in `hit` (fraction, body-frame normal) into `out` in world coordinates; true. */
function writeHit(xf: Transform, input: RayCastInput, out: RayCastOutput): boolean {
  const c = xf.q.c;
  const s = xf.q.s;
  const t = hit[0];
  out.fraction = t;
  out.normalX = c * hit[1] - s * hit[2];
  out.normalY = s * hit[1] + c * hit[2];
  out.pointX = input.p1x + t * (input.p2x - input.p1x);
  out.pointY = input.p1y + t * (input.p2y - input.p1y);
  out.hit = true;
  return true;
}

/**
 * Casts a ray against a box (slab method in the box's frame): the first point where the segment
 * p1 → p1 + maxFraction (p2 - p1) enters it. On a hit fills `out` (fraction, point, outward normal)
 * and returns true; on a miss sets `out.hit = false`. A ray starting inside (or with p1 = p2) does not
 * hit, as in Box2D; a grazing ray does.
 * @returns true when the ray hits the box within [0, maxFraction]
 * @throws CollisionError naming `input` when p2 - p1 or its squared length is not finite (a
 *   segment between ±1e308, or longer than about 1.3e154)
 */
export function rayCastBox(box: Box, xf: Transform, input: RayCastInput, out: RayCastOutput): boolean {
  out.hit = false;
  localRay(xf, input);
  const hx = box.halfWidth;
  const hy = box.halfHeight;
  let tmin = Number.NEGATIVE_INFINITY;
  let tmax = Number.POSITIVE_INFINITY;
  // The local normal of the face through which the ray enters.
  let nx = 0;
  let ny = 0;
  // The x slab, then the y slab; a ray parallel to one is inside it or never.
  for (let axis = 0; axis < 2; axis++) {
    const p = ray[axis];
    const d = ray[2 + axis];
    const h = axis === 0 ? hx : hy;
    if (d === 0) {
      if (p < -h || p > h) return false;
      continue;
    }
    const inv = 1 / d;
    let t1 = (-h - p) * inv;
    let t2 = (h - p) * inv;
    let sign = -1;
    if (t1 > t2) {
      const t = t1;
      t1 = t2;
      t2 = t;
      sign = 1;
    }
    if (t1 > tmin) {
      tmin = t1;
      nx = axis === 0 ? sign : 0;
      ny = axis === 0 ? 0 : sign;
    }
    if (t2 < tmax) tmax = t2;
    if (tmin > tmax) return false;
  }
  // Starting inside (tmin < 0), a zero-length ray (tmin = -∞) or a hit beyond maxFraction: no hit.
  if (!(tmin >= 0 && tmin <= input.maxFraction)) return false;
  hit[0] = tmin;
  hit[1] = nx;
  hit[2] = ny;
  return writeHit(xf, input, out);
}

/** The ray in `ray` against the packed circle: [t, nx, ny] into `hit`; true on a hit. */
function castCircle(input: RayCastInput): boolean {
  const sx = ray[0] - packed[V];
  const sy = ray[1] - packed[V + 1];
  const dx = ray[2];
  const dy = ray[3];
  const length = Math.sqrt(dx * dx + dy * dy);
  if (length === 0) return false;
  const ux = dx / length;
  const uy = dy / length;
  // Closest point of the line to the centre: s + t u with t = -s · u.
  const t = -(sx * ux + sy * uy);
  const qx = sx + t * ux;
  const qy = sy + t * uy;
  const qq = qx * qx + qy * qy;
  const r = packed[RADIUS];
  if (qq > r * r) return false;
  const distance = t - Math.sqrt(r * r - qq);
  if (distance < 0 || distance > input.maxFraction * length) return false;
  hit[0] = distance / length;
  hit[1] = (sx + distance * ux) / r;
  hit[2] = (sy + distance * uy) / r;
  return true;
}

/** Whether the point in ray[0..1] lies within (`inclusive`: or at) the radius of the packed shape's core. */
function nearCore(inclusive: boolean): boolean {
  const n = packed[COUNT];
  const px = ray[0];
  const py = ray[1];
  const r = packed[RADIUS];
  for (let i = 0; i < n; i++) {
    const j = i + 1 < n ? i + 1 : 0;
    const vx = packed[V + 2 * i];
    const vy = packed[V + 2 * i + 1];
    const ex = packed[V + 2 * j] - vx;
    const ey = packed[V + 2 * j + 1] - vy;
    let t = ((px - vx) * ex + (py - vy) * ey) / (ex * ex + ey * ey);
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const qx = px - (vx + t * ex);
    const qy = py - (vy + t * ey);
    const d2 = qx * qx + qy * qy;
    if (inclusive ? d2 <= r * r : d2 < r * r) return true;
  }
  return false;
}

/** The ray in `ray` against the packed polygonal shape: [t, nx, ny] into `hit`; true on a hit. */
function castPolygon(input: RayCastInput): boolean {
  const maxFraction = input.maxFraction;
  const n = packed[COUNT];
  const px = ray[0];
  const py = ray[1];
  const dx = ray[2];
  const dy = ray[3];
  const r = packed[RADIUS];
  if (dx === 0 && dy === 0) return false;
  if (r === 0) {
    // Cyrus-Beck: clip the ray against each edge's half plane.
    let lower = 0;
    let upper = maxFraction;
    let index = -1;
    for (let i = 0; i < n; i++) {
      // n · (v - p) = t n · d on the edge line.
      const nx = packed[N + 2 * i];
      const ny = packed[N + 2 * i + 1];
      const numerator = nx * (packed[V + 2 * i] - px) + ny * (packed[V + 2 * i + 1] - py);
      const denominator = nx * dx + ny * dy;
      if (denominator === 0) {
        if (numerator < 0) return false;
      } else if (denominator < 0 && numerator < lower * denominator) {
        lower = numerator / denominator;
        index = i;
      } else if (denominator > 0 && numerator < upper * denominator) {
        upper = numerator / denominator;
      }
      if (upper < lower) return false;
    }
    if (index < 0) return false;
    hit[0] = lower;
    hit[1] = packed[N + 2 * index];
    hit[2] = packed[N + 2 * index + 1];
    return true;
  }
  // Rounded: no hit when starting inside; otherwise the first of the offset edges and vertex discs.
  let outsideCore = false;
  for (let i = 0; i < n; i++) {
    const d =
      packed[N + 2 * i] * (px - packed[V + 2 * i]) + packed[N + 2 * i + 1] * (py - packed[V + 2 * i + 1]);
    if (d > 0) outsideCore = true;
  }
  if (!outsideCore || nearCore(false)) return false;
  let bestT = Number.POSITIVE_INFINITY;
  let bestNx = 0;
  let bestNy = 0;
  const dd = dx * dx + dy * dy;
  for (let i = 0; i < n; i++) {
    const j = i + 1 < n ? i + 1 : 0;
    const vx = packed[V + 2 * i];
    const vy = packed[V + 2 * i + 1];
    const nx = packed[N + 2 * i];
    const ny = packed[N + 2 * i + 1];
    const denominator = nx * dx + ny * dy;
    if (denominator < 0) {
      // The edge pushed out by r: n · (p + t d - v) = r.
      const t = (r - (nx * (px - vx) + ny * (py - vy))) / denominator;
      if (t >= 0 && t <= maxFraction && t < bestT) {
        const hx = px + t * dx - vx;
        const hy = py + t * dy - vy;
        const ex = packed[V + 2 * j] - vx;
        const ey = packed[V + 2 * j + 1] - vy;
        const u = hx * ex + hy * ey;
        if (u >= 0 && u <= ex * ex + ey * ey) {
          bestT = t;
          bestNx = nx;
          bestNy = ny;
        }
      }
    }
    // The disc at vertex i: |p + t d - v|² = r², first root.
    const sx = px - vx;
    const sy = py - vy;
    const b = sx * dx + sy * dy;
    const c = sx * sx + sy * sy - r * r;
    const disc = b * b - dd * c;
    if (b < 0 && disc >= 0) {
      const t = c / (-b + Math.sqrt(disc));
      if (t >= 0 && t <= maxFraction && t < bestT) {
        bestT = t;
        bestNx = (sx + t * dx) / r;
        bestNy = (sy + t * dy) / r;
      }
    }
  }
  if (bestT === Number.POSITIVE_INFINITY) return false;
  hit[0] = bestT;
  hit[1] = bestNx;
  hit[2] = bestNy;
  return true;
}

/**
 * Whether the world point (x, y) lies in the shape at pose `xf`, boundary included.
 * @throws CollisionError when the shape's type is unknown.
 */
export function testPointShape(shape: Shape, xf: Transform, x: number, y: number): boolean {
  packInto(shape, packed);
  const c = xf.q.c;
  const s = xf.q.s;
  const rx = x - xf.p.x;
  const ry = y - xf.p.y;
  const px = c * rx + s * ry;
  const py = -s * rx + c * ry;
  ray[0] = px;
  ray[1] = py;
  const r = packed[RADIUS];
  if (packed[KIND] === PACKED_CIRCLE) {
    const dx = px - packed[V];
    const dy = py - packed[V + 1];
    return dx * dx + dy * dy <= r * r;
  }
  const n = packed[COUNT];
  let separation = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const d =
      packed[N + 2 * i] * (px - packed[V + 2 * i]) + packed[N + 2 * i + 1] * (py - packed[V + 2 * i + 1]);
    if (d > separation) separation = d;
  }
  if (separation <= 0) return true;
  return separation <= r && nearCore(true);
}

/** True when the world point (x, y) lies inside the box at pose `xf` (boundary included). */
export function testPointBox(box: Box, xf: Transform, x: number, y: number): boolean {
  const c = xf.q.c;
  const s = xf.q.s;
  const rx = x - xf.p.x;
  const ry = y - xf.p.y;
  const lx = c * rx + s * ry;
  const ly = -s * rx + c * ry;
  return Math.abs(lx) <= box.halfWidth && Math.abs(ly) <= box.halfHeight;
}
