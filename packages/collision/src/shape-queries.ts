import type { Transform } from '@lite/math';
import type { AABB } from './aabb';
import { CollisionError } from './errors';
import { PACKED_CIRCLE, PACKED_SHAPE_LENGTH, PackedShapeSlot, packInto } from './packed-shape';
import type { RayCastInput, RayCastOutput } from './ray-cast';
import type { CapsuleShape, CircleShape, PolygonalShape, Shape } from './shapes';

// Bounds, ray casts and point tests for every shape. Polygonal shapes (polygons, boxes, capsules) are
// loaded into these arrays in the shape's body frame; a ray is put into that frame too.
const MAX = 8;
const vx = new Float64Array(MAX);
const vy = new Float64Array(MAX);
const vnx = new Float64Array(MAX);
const vny = new Float64Array(MAX);
// [radius], ray in the body frame [p1x, p1y, dx, dy].
const num = new Float64Array(1);
const ray = new Float64Array(4);

/** The packed form of the shape being loaded (see `packShape`). */
const packed = new Float64Array(PACKED_SHAPE_LENGTH);

/** Loads a polygonal shape (body frame, packed form) into vx, vy, vnx, vny, num[0]; returns the count. */
function load(shape: PolygonalShape): number {
  packInto(shape, packed);
  const n = packed[PackedShapeSlot.Count];
  const v = PackedShapeSlot.Vertices;
  const w = PackedShapeSlot.Normals;
  for (let i = 0; i < n; i++) {
    vx[i] = packed[v + 2 * i];
    vy[i] = packed[v + 2 * i + 1];
    vnx[i] = packed[w + 2 * i];
    vny[i] = packed[w + 2 * i + 1];
  }
  num[0] = packed[PackedShapeSlot.Radius];
  return n;
}

/**
 * The tight world bounds of any shape at pose `xf`, written into `out` (returned): a circle's centre
 * ± r, a polygonal shape's transformed vertices ± its radius.
 *
 * @throws CollisionError when the shape's type is unknown.
 */
export function computeShapeAABB(shape: Shape, xf: Transform, out: AABB): AABB {
  const c = xf.q.c;
  const s = xf.q.s;
  if (shape.type === 'circle') {
    const lx = shape.center === undefined ? 0 : shape.center.x;
    const ly = shape.center === undefined ? 0 : shape.center.y;
    const x = c * lx - s * ly + xf.p.x;
    const y = s * lx + c * ly + xf.p.y;
    const r = shape.radius;
    out.minX = x - r;
    out.minY = y - r;
    out.maxX = x + r;
    out.maxY = y + r;
    return out;
  }
  if (shape.type !== 'polygon' && shape.type !== 'box' && shape.type !== 'capsule') {
    throw new CollisionError('shape.type', (shape as { type: unknown }).type, 'is not a known shape type');
  }
  const n = load(shape);
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const x = c * vx[i] - s * vy[i];
    const y = s * vx[i] + c * vy[i];
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const r = num[0];
  out.minX = minX + xf.p.x - r;
  out.minY = minY + xf.p.y - r;
  out.maxX = maxX + xf.p.x + r;
  out.maxY = maxY + xf.p.y + r;
  return out;
}

/**
 * {@link computeShapeAABB} of a shape packed by {@link packShape}: the same bounds, bit for bit,
 * written into `out` (returned). Allocation-free.
 */
export function computePackedAABB(data: Float64Array, xf: Transform, out: AABB): AABB {
  const c = xf.q.c;
  const s = xf.q.s;
  const r = data[2];
  if (data[0] === PACKED_CIRCLE) {
    const lx = data[4];
    const ly = data[5];
    const x = c * lx - s * ly + xf.p.x;
    const y = s * lx + c * ly + xf.p.y;
    out.minX = x - r;
    out.minY = y - r;
    out.maxX = x + r;
    out.maxY = y + r;
    return out;
  }
  const n = data[1];
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const px = data[4 + 2 * i];
    const py = data[5 + 2 * i];
    const x = c * px - s * py;
    const y = s * px + c * py;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  out.minX = minX + xf.p.x - r;
  out.minY = minY + xf.p.y - r;
  out.maxX = maxX + xf.p.x + r;
  out.maxY = maxY + xf.p.y + r;
  return out;
}

/**
 * Throws a CollisionError naming `input` unless p2 - p1 = (ex, ey) and its squared length are finite
 * (else fractions and points would be NaN). @internal
 */
export function requireFiniteRay(input: RayCastInput, ex: number, ey: number): void {
  if (!Number.isFinite(ex * ex + ey * ey)) {
    throw new CollisionError(
      'input',
      `(${input.p1x}, ${input.p1y}) -> (${input.p2x}, ${input.p2y})`,
      'the segment p1 -> p2 must have a finite length whose square is finite too (at most about 1.3e154)',
    );
  }
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

// A hit in the body frame: [fraction, nx, ny].
const hit = new Float64Array(3);

/** Writes the hit in `hit` (body-frame normal) into `out` in world coordinates; returns true. */
function writeHit(xf: Transform, input: RayCastInput, out: RayCastOutput): boolean {
  const c = xf.q.c;
  const s = xf.q.s;
  const t = hit[0];
  const nx = hit[1];
  const ny = hit[2];
  out.fraction = t;
  out.normalX = c * nx - s * ny;
  out.normalY = s * nx + c * ny;
  out.pointX = input.p1x + t * (input.p2x - input.p1x);
  out.pointY = input.p1y + t * (input.p2y - input.p1y);
  out.hit = true;
  return true;
}

/**
 * Casts a ray against a circle (Box2D's `b2RayCastCircle`), with {@link rayCastBox}'s contract.
 *
 * @returns true when the ray enters the circle within [0, maxFraction]
 */
export function rayCastCircle(
  circle: CircleShape,
  xf: Transform,
  input: RayCastInput,
  out: RayCastOutput,
): boolean {
  out.hit = false;
  localRay(xf, input);
  const cx = circle.center === undefined ? 0 : circle.center.x;
  const cy = circle.center === undefined ? 0 : circle.center.y;
  const sx = ray[0] - cx;
  const sy = ray[1] - cy;
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
  const r = circle.radius;
  if (qq > r * r) return false;
  const distance = t - Math.sqrt(r * r - qq);
  if (distance < 0 || distance > input.maxFraction * length) return false;
  hit[0] = distance / length;
  hit[1] = (sx + distance * ux) / r;
  hit[2] = (sy + distance * uy) / r;
  return writeHit(xf, input, out);
}

/**
 * Ray cast against the loaded polygonal shape (vx.., count n, radius num[0]) with the ray in ray[]
 * (body frame). Writes [t, nx, ny] into `hit`; returns true on a hit.
 */
function castLoaded(n: number, input: RayCastInput): boolean {
  const maxFraction = input.maxFraction;
  const px = ray[0];
  const py = ray[1];
  const dx = ray[2];
  const dy = ray[3];
  const r = num[0];
  if (dx === 0 && dy === 0) return false;
  if (r === 0) {
    // Cyrus-Beck: clip the ray against each edge's half plane.
    let lower = 0;
    let upper = maxFraction;
    let index = -1;
    for (let i = 0; i < n; i++) {
      // n · (v - p) = t n · d on the edge line.
      const numerator = vnx[i] * (vx[i] - px) + vny[i] * (vy[i] - py);
      const denominator = vnx[i] * dx + vny[i] * dy;
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
    hit[1] = vnx[index];
    hit[2] = vny[index];
    return true;
  }
  // Rounded: no hit when starting inside; otherwise the first of the offset edges and vertex discs.
  let inside = true;
  let outsideCore = false;
  for (let i = 0; i < n; i++) {
    if (vnx[i] * (px - vx[i]) + vny[i] * (py - vy[i]) > 0) outsideCore = true;
  }
  if (outsideCore) {
    // Distance from p to the core's boundary.
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      const j = i + 1 < n ? i + 1 : 0;
      const ex = vx[j] - vx[i];
      const ey = vy[j] - vy[i];
      let t = ((px - vx[i]) * ex + (py - vy[i]) * ey) / (ex * ex + ey * ey);
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const qx = px - (vx[i] + t * ex);
      const qy = py - (vy[i] + t * ey);
      const d2 = qx * qx + qy * qy;
      if (d2 < best) best = d2;
    }
    inside = best < r * r;
  }
  if (inside) return false;
  let bestT = Number.POSITIVE_INFINITY;
  let bestNx = 0;
  let bestNy = 0;
  const dd = dx * dx + dy * dy;
  for (let i = 0; i < n; i++) {
    const j = i + 1 < n ? i + 1 : 0;
    const nx = vnx[i];
    const ny = vny[i];
    const denominator = nx * dx + ny * dy;
    if (denominator < 0) {
      // The edge pushed out by r: n · (p + t d - v) = r.
      const t = (r - (nx * (px - vx[i]) + ny * (py - vy[i]))) / denominator;
      if (t >= 0 && t <= maxFraction && t < bestT) {
        const hx = px + t * dx - vx[i];
        const hy = py + t * dy - vy[i];
        const ex = vx[j] - vx[i];
        const ey = vy[j] - vy[i];
        const u = hx * ex + hy * ey;
        if (u >= 0 && u <= ex * ex + ey * ey) {
          bestT = t;
          bestNx = nx;
          bestNy = ny;
        }
      }
    }
    // The disc at vertex i: |p + t d - v|² = r², first root.
    const sx = px - vx[i];
    const sy = py - vy[i];
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
 * Casts a ray against a polygonal shape: a convex polygon (Cyrus–Beck clipping against the edges'
 * half planes when sharp; when rounded, the first of the edges pushed out by the radius and the discs
 * at the vertices), a box with offset or angle, or a capsule (a rounded 2-gon). Same contract as
 * {@link rayCastBox}: a ray starting inside does not hit; the normal is the outward normal at the hit.
 *
 * @returns true when the ray enters the shape within [0, maxFraction]
 */
export function rayCastPolygon(
  shape: PolygonalShape,
  xf: Transform,
  input: RayCastInput,
  out: RayCastOutput,
): boolean {
  out.hit = false;
  localRay(xf, input);
  const n = load(shape);
  if (!castLoaded(n, input)) return false;
  return writeHit(xf, input, out);
}

/**
 * Casts a ray against a capsule ({@link rayCastPolygon} on the rounded 2-gon).
 *
 * @returns true when the ray enters the capsule within [0, maxFraction]
 */
export function rayCastCapsule(
  capsule: CapsuleShape,
  xf: Transform,
  input: RayCastInput,
  out: RayCastOutput,
): boolean {
  return rayCastPolygon(capsule, xf, input, out);
}

/**
 * Casts a ray against any shape; see {@link rayCastCircle}, {@link rayCastPolygon} and
 * {@link rayCastBox} (a box with offset or angle goes through `rayCastPolygon`).
 *
 * @returns true when the ray enters the shape within [0, maxFraction]
 * @throws CollisionError when the shape's type is unknown, or naming `input` when p2 - p1 or its
 *   squared length is not finite (a segment between ±1e308, or longer than about 1.3e154).
 */
export function rayCastShape(shape: Shape, xf: Transform, input: RayCastInput, out: RayCastOutput): boolean {
  switch (shape.type) {
    case 'circle':
      return rayCastCircle(shape, xf, input, out);
    case 'capsule':
    case 'polygon':
    case 'box':
      return rayCastPolygon(shape, xf, input, out);
    default:
      throw new CollisionError('shape.type', (shape as { type: unknown }).type, 'is not a known shape type');
  }
}

/**
 * True when the world point (x, y) lies in the shape at pose `xf` (boundary included): within the
 * radius of a circle's centre or of a polygonal shape's core (for a sharp polygon, behind every edge).
 *
 * @throws CollisionError when the shape's type is unknown.
 */
export function testPointShape(shape: Shape, xf: Transform, x: number, y: number): boolean {
  const c = xf.q.c;
  const s = xf.q.s;
  const rx = x - xf.p.x;
  const ry = y - xf.p.y;
  const px = c * rx + s * ry;
  const py = -s * rx + c * ry;
  if (shape.type === 'circle') {
    const dx = px - (shape.center === undefined ? 0 : shape.center.x);
    const dy = py - (shape.center === undefined ? 0 : shape.center.y);
    return dx * dx + dy * dy <= shape.radius * shape.radius;
  }
  if (shape.type !== 'polygon' && shape.type !== 'box' && shape.type !== 'capsule') {
    throw new CollisionError('shape.type', (shape as { type: unknown }).type, 'is not a known shape type');
  }
  const n = load(shape);
  const r = num[0];
  let separation = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const d = vnx[i] * (px - vx[i]) + vny[i] * (py - vy[i]);
    if (d > separation) separation = d;
  }
  if (separation <= 0) return true;
  if (separation > r) return false;
  for (let i = 0; i < n; i++) {
    const j = i + 1 < n ? i + 1 : 0;
    const ex = vx[j] - vx[i];
    const ey = vy[j] - vy[i];
    let t = ((px - vx[i]) * ex + (py - vy[i]) * ey) / (ex * ex + ey * ey);
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const qx = px - (vx[i] + t * ex);
    const qy = py - (vy[i] + t * ey);
    if (qx * qx + qy * qy <= r * r) return true;
  }
  return false;
}
