import { LENGTH_UNITS, type Transform } from '@lite/math';
import { smoothChainManifold } from './chain-segment';
import { CollisionError } from './errors';
import { flipFeatureKey, type Manifold, makeFeatureKey } from './manifold';
import { PACKED_CHAIN_SEGMENT, PACKED_CIRCLE, PACKED_SHAPE_LENGTH, packInto } from './packed-shape';
import type { PolygonalShape } from './shapes';

// Contact manifolds of packed shapes, from the math of Box2D v3's manifold.c. A polygon's vertex i
// and edge i (vertex i to i + 1) appear in keys as i + 1 (0: none), following collideBoxes'
// convention; circles give key 0. No double crosses an internal call (docs/performance.md).

const MAX = 8;

/** Core separation (m, times the length unit) below which polygons are clipped directly, without closest points (0.1 × slop). */
const CORE_TOL = 0.0005;
/** B's face becomes the reference only if its separation beats A's by more than this, m (times the length unit). */
const FLIP_TOL = 0.0005;

/** A module-level scratch array of at least 9 entries (docs/performance.md, "Small typed arrays"). */
function scratch(length: number): Float64Array {
  return new Float64Array(length < 9 ? 9 : length);
}

// Polygons A and B in A's frame shifted by A's vertex 0; A's normals are read from its packed array,
// B's rotated into `bn` in the same layout.
const ax = scratch(MAX);
const ay = scratch(MAX);
const bx = scratch(MAX);
const by = scratch(MAX);
const bn = scratch(2 * MAX);
// [radius of the reference polygon, radius of the incident one] for clipEdges.
const num = scratch(2);
// Up to two clipped points: [x, y, separation, key] each, and the margin.
const clip = scratch(8);
// closestOnEdges' result: [f1, f2, c1x, c1y, c2x, c2y].
const closest = scratch(6);
const marginSlot = scratch(1);
// The shapes given to the public forms, packed.
const packA = /* @__PURE__ */ new Float64Array(PACKED_SHAPE_LENGTH);
const packB = /* @__PURE__ */ new Float64Array(PACKED_SHAPE_LENGTH);

// Slots of a packed shape (PackedShapeSlot): kind, count, radius, vertices, normals.
const KIND = 0;
const COUNT = 1;
const RADIUS = 2;
const V = 4;
const N = 20;

/** The feature number (1-based) of the edge before vertex i of an n-gon. */
function edgeBefore(i: number, n: number): number {
  return (i === 0 ? n - 1 : i - 1) + 1;
}

/** Puts `margin`, else `out.margin`, in the packed routines' slot. @throws CollisionError if bad @internal */
export function loadMargin(out: Manifold, margin?: number): void {
  // Two branches, not one conditional, so the field's number is not boxed.
  if (margin === undefined) marginSlot[0] = out.margin;
  else marginSlot[0] = margin;
  if (!(marginSlot[0] >= 0 && marginSlot[0] < Number.POSITIVE_INFINITY)) {
    throw new CollisionError('margin', marginSlot[0], 'must be a finite number >= 0');
  }
}

/**
 * Clips incident edge i21 of polygon 2 to the side planes of reference edge i11 of polygon 1: up to
 * two points midway between the surfaces into `clip`; returns how many. Radii in num[0..1].
 */
function clipEdges(
  x1: Float64Array,
  y1: Float64Array,
  normals1: Float64Array,
  o1: number,
  n1: number,
  i11: number,
  x2: Float64Array,
  y2: Float64Array,
  n2: number,
  i21: number,
): number {
  const i12 = i11 + 1 < n1 ? i11 + 1 : 0;
  const i22 = i21 + 1 < n2 ? i21 + 1 : 0;
  const nx = normals1[o1 + 2 * i11];
  const ny = normals1[o1 + 2 * i11 + 1];
  const v11x = x1[i11];
  const v11y = y1[i11];
  const v21x = x2[i21];
  const v21y = y2[i21];
  const v22x = x2[i22];
  const v22y = y2[i22];
  // Tangent along the reference face, from v11 towards v12.
  const tx = -ny;
  const ty = nx;
  const upper1 = (x1[i12] - v11x) * tx + (y1[i12] - v11y) * ty;
  // The incident edge runs against the tangent (both polygons are counter-clockwise).
  const upper2 = (v21x - v11x) * tx + (v21y - v11y) * ty;
  const lower2 = (v22x - v11x) * tx + (v22y - v11y) * ty;
  if (upper2 < 0 || upper1 < lower2) return 0;
  const span = upper2 - lower2;

  let lowerX = v22x;
  let lowerY = v22y;
  let lowerKey = makeFeatureKey(0, 0, i21 + 1, i22 + 1);
  if (lower2 < 0 && span > 0) {
    const t = (0 - lower2) / span;
    lowerX = v22x + t * (v21x - v22x);
    lowerY = v22y + t * (v21y - v22y);
    lowerKey = makeFeatureKey(0, edgeBefore(i11, n1), i21 + 1, 0);
  }
  let upperX = v21x;
  let upperY = v21y;
  let upperKey = makeFeatureKey(0, 0, edgeBefore(i21, n2), i21 + 1);
  if (upper2 > upper1 && span > 0) {
    const t = (upper1 - lower2) / span;
    upperX = v22x + t * (v21x - v22x);
    upperY = v22y + t * (v21y - v22y);
    upperKey = makeFeatureKey(i12 + 1, 0, 0, i21 + 1);
  }
  const r1 = num[0];
  const r2 = num[1];
  const sLower = (lowerX - v11x) * nx + (lowerY - v11y) * ny;
  const sUpper = (upperX - v11x) * nx + (upperY - v11y) * ny;
  clip[0] = lowerX + 0.5 * (r1 - r2 - sLower) * nx;
  clip[1] = lowerY + 0.5 * (r1 - r2 - sLower) * ny;
  clip[2] = sLower - (r1 + r2);
  clip[3] = lowerKey;
  clip[4] = upperX + 0.5 * (r1 - r2 - sUpper) * nx;
  clip[5] = upperY + 0.5 * (r1 - r2 - sUpper) * ny;
  clip[6] = sUpper - (r1 + r2);
  clip[7] = upperKey;
  return 2;
}

/** Whether the loaded capsule segments are over CORE_TOL apart (no axis shows a gap along one line). */
function segmentsApart(): boolean {
  closestOnEdges(0, 1, 0, 1);
  const gx = closest[4] - closest[2];
  const gy = closest[5] - closest[3];
  return gx * gx + gy * gy > CORE_TOL * LENGTH_UNITS[0] * (CORE_TOL * LENGTH_UNITS[0]);
}

/** The closest points of A's segment i1→i2 and B's j1→j2 (Ericson 5.1.9) into `closest`. */
function closestOnEdges(i1: number, i2: number, j1: number, j2: number): void {
  const p1x = ax[i1];
  const p1y = ay[i1];
  const d1x = ax[i2] - p1x;
  const d1y = ay[i2] - p1y;
  const p2x = bx[j1];
  const p2y = by[j1];
  const d2x = bx[j2] - p2x;
  const d2y = by[j2] - p2y;
  const rx = p1x - p2x;
  const ry = p1y - p2y;
  const dd1 = d1x * d1x + d1y * d1y;
  const dd2 = d2x * d2x + d2y * d2y;
  const rd1 = rx * d1x + ry * d1y;
  const rd2 = rx * d2x + ry * d2y;
  const d12 = d1x * d2x + d1y * d2y;
  const denom = dd1 * dd2 - d12 * d12;
  let f1 = 0;
  if (denom !== 0) {
    f1 = (d12 * rd2 - rd1 * dd2) / denom;
    f1 = f1 < 0 ? 0 : f1 > 1 ? 1 : f1;
  }
  let f2 = (d12 * f1 + rd2) / dd2;
  if (f2 < 0) {
    f2 = 0;
    f1 = -rd1 / dd1;
    f1 = f1 < 0 ? 0 : f1 > 1 ? 1 : f1;
  } else if (f2 > 1) {
    f2 = 1;
    f1 = (d12 - rd1) / dd1;
    f1 = f1 < 0 ? 0 : f1 > 1 ? 1 : f1;
  }
  closest[0] = f1;
  closest[1] = f2;
  closest[2] = p1x + f1 * d1x;
  closest[3] = p1y + f1 * d1y;
  closest[4] = p2x + f2 * d2x;
  closest[5] = p2y + f2 * d2y;
}

/** {@link collidePolygons} on packed shapes, the margin already in its slot. @internal */
export function polygonsPacked(
  a: Float64Array,
  xfA: Transform,
  b: Float64Array,
  xfB: Transform,
  out: Manifold,
): number {
  out.pointCount = 0;
  const margin = marginSlot[0];
  // Locals read before any loop, so V8 compiles each access to a fixed address.
  const xa = ax;
  const ya = ay;
  const xb = bx;
  const yb = by;
  const nb = bn;
  // At most MAX (8): the mask tells V8 so, and spares overflow checks.
  const nA = a[COUNT] & 15;
  const nB = b[COUNT] & 15;
  const rA = a[RADIUS];
  const rB = b[RADIUS];
  const radius = rA + rB;
  const cA = xfA.q.c;
  const sA = xfA.q.s;
  const cB = xfB.q.c;
  const sB = xfB.q.s;
  // B relative to A: q = qAᵀ qB, p = qAᵀ (pB - pA) - origin, with origin = A's vertex 0.
  const qc = cA * cB + sA * sB;
  const qs = cA * sB - sA * cB;
  const dx = xfB.p.x - xfA.p.x;
  const dy = xfB.p.y - xfA.p.y;
  const ox = a[V];
  const oy = a[V + 1];
  const px = cA * dx + sA * dy - ox;
  const py = -sA * dx + cA * dy - oy;
  for (let i = 0; i < nA; i++) {
    xa[i] = a[V + 2 * i] - ox;
    ya[i] = a[V + 2 * i + 1] - oy;
  }
  for (let i = 0; i < nB; i++) {
    const x = b[V + 2 * i];
    const y = b[V + 2 * i + 1];
    xb[i] = qc * x - qs * y + px;
    yb[i] = qs * x + qc * y + py;
    const nx = b[N + 2 * i];
    const ny = b[N + 2 * i + 1];
    nb[2 * i] = qc * nx - qs * ny;
    nb[2 * i + 1] = qs * nx + qc * ny;
  }

  // Separating axes: A's normals against B's vertices, then B's against A's.
  let edgeA = 0;
  let sepA = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < nA; i++) {
    const nx = a[N + 2 * i];
    const ny = a[N + 2 * i + 1];
    const vx = xa[i];
    const vy = ya[i];
    let si = Number.POSITIVE_INFINITY;
    for (let j = 0; j < nB; j++) {
      const s = nx * (xb[j] - vx) + ny * (yb[j] - vy);
      if (s < si) {
        si = s;
        // This axis can no longer beat the best one (which was within the margin).
        if (si <= sepA) break;
      }
    }
    // A separating axis beyond the margin: no points, whatever the other axes say.
    if (si - radius > margin) return 0;
    if (si > sepA) {
      sepA = si;
      edgeA = i;
    }
  }
  let edgeB = 0;
  let sepB = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < nB; i++) {
    const nx = nb[2 * i];
    const ny = nb[2 * i + 1];
    const vx = xb[i];
    const vy = yb[i];
    let si = Number.POSITIVE_INFINITY;
    for (let j = 0; j < nA; j++) {
      const s = nx * (xa[j] - vx) + ny * (ya[j] - vy);
      if (s < si) {
        si = s;
        if (si <= sepB) break;
      }
    }
    if (si - radius > margin) return 0;
    if (si > sepB) {
      sepB = si;
      edgeB = i;
    }
  }

  // Reference face (biased towards A against flicker); incident edge most anti-parallel to it.
  const flip = sepB > sepA + FLIP_TOL * LENGTH_UNITS[0];
  const refNormals = flip ? nb : a;
  const refAt = flip ? 2 * edgeB : N + 2 * edgeA;
  const incNormals = flip ? a : nb;
  const incAt = flip ? N : 0;
  const incCount = flip ? nA : nB;
  const sx = refNormals[refAt];
  const sy = refNormals[refAt + 1];
  let minDot = Number.POSITIVE_INFINITY;
  let incident = 0;
  for (let i = 0; i < incCount; i++) {
    const d = sx * incNormals[incAt + 2 * i] + sy * incNormals[incAt + 2 * i + 1];
    if (d < minDot) {
      minDot = d;
      incident = i;
    }
  }
  if (flip) edgeA = incident;
  else edgeB = incident;

  // clipEdges reads (r1, r2) from num[0], num[1]: the reference radius first.
  num[0] = flip ? rB : rA;
  num[1] = flip ? rA : rB;
  let count = flip
    ? clipEdges(xb, yb, nb, 0, nB, edgeB, xa, ya, nA, edgeA)
    : clipEdges(xa, ya, a, N, nA, edgeA, xb, yb, nB, edgeB);
  let normalX = flip ? -nb[2 * edgeB] : a[N + 2 * edgeA];
  let normalY = flip ? -nb[2 * edgeB + 1] : a[N + 2 * edgeA + 1];

  // Keys come (reference, incident): swapped to (A, B) when B's face is the reference.
  let swap = flip;
  if (
    sepA > CORE_TOL * LENGTH_UNITS[0] ||
    sepB > CORE_TOL * LENGTH_UNITS[0] ||
    (nA === 2 && nB === 2 && segmentsApart())
  ) {
    // The cores are apart: closest points of A's edge and B's edge.
    const i12 = edgeA + 1 < nA ? edgeA + 1 : 0;
    const i22 = edgeB + 1 < nB ? edgeB + 1 : 0;
    closestOnEdges(edgeA, i12, edgeB, i22);
    const f1 = closest[0];
    const f2 = closest[1];
    const c1x = closest[2];
    const c1y = closest[3];
    const c2x = closest[4];
    const c2y = closest[5];
    const distance = Math.sqrt((c2x - c1x) * (c2x - c1x) + (c2y - c1y) * (c2y - c1y));
    if (distance - radius > margin) return 0;
    let minSep = Number.POSITIVE_INFINITY;
    for (let i = 0; i < count; i++) if (clip[4 * i + 2] < minSep) minSep = clip[4 * i + 2];
    if (
      distance - radius + CORE_TOL * LENGTH_UNITS[0] < minSep &&
      (f1 === 0 || f1 === 1) &&
      (f2 === 0 || f2 === 1) &&
      distance > 0
    ) {
      // Vertex against vertex: one point, the normal along the line between them.
      const iA = f1 === 0 ? edgeA : i12;
      const iB = f2 === 0 ? edgeB : i22;
      normalX = (c2x - c1x) / distance;
      normalY = (c2y - c1y) / distance;
      clip[0] = 0.5 * (c1x + rA * normalX + c2x - rB * normalX);
      clip[1] = 0.5 * (c1y + rA * normalY + c2y - rB * normalY);
      clip[2] = distance - radius;
      clip[3] = makeFeatureKey(edgeBefore(iA, nA), iA + 1, edgeBefore(iB, nB), iB + 1);
      count = 1;
      swap = false;
    }
  }
  if (swap) for (let i = 0; i < count; i++) clip[4 * i + 3] = flipFeatureKey(clip[4 * i + 3]);

  // To the world, keeping the points within the margin.
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const o = 4 * i;
    const s = clip[o + 2];
    if (s > margin) continue;
    const lx = clip[o] + ox;
    const ly = clip[o + 1] + oy;
    const point = out.points[kept];
    point.x = cA * lx - sA * ly + xfA.p.x;
    point.y = sA * lx + cA * ly + xfA.p.y;
    point.separation = s;
    point.key = clip[o + 3];
    kept++;
  }
  out.normalX = cA * normalX - sA * normalY;
  out.normalY = sA * normalX + cA * normalY;
  out.pointCount = kept;
  return kept;
}

/**
 * The contact manifold of two polygonal shapes (polygons, boxes, capsules as rounded 2-gons), after
 * Box2D v3's `b2CollidePolygons`: separating axes, then the incident edge clipped to the reference
 * face's side planes, or one point for two closest vertices. The normal points from A to B; keys as
 * {@link collideBoxes}. Allocation-free.
 * @param margin - speculative distance, m, a finite number ≥ 0: points up to this far apart are kept
 * @returns the number of points written to `out`, 0 to 2
 * @throws CollisionError when `margin` is negative or not finite
 */
export function collidePolygons(
  shapeA: PolygonalShape,
  xfA: Transform,
  shapeB: PolygonalShape,
  xfB: Transform,
  margin: number,
  out: Manifold,
): number {
  loadMargin(out, margin);
  packInto(shapeA, packA);
  packInto(shapeB, packB);
  return polygonsPacked(packA, xfA, packB, xfB, out);
}

/** Two packed circles: one point midway between the surfaces (concentric: A's y axis as normal). */
function circlesPacked(
  a: Float64Array,
  xfA: Transform,
  b: Float64Array,
  xfB: Transform,
  out: Manifold,
): number {
  const margin = marginSlot[0];
  out.pointCount = 0;
  const lax = a[V];
  const lay = a[V + 1];
  const lbx = b[V];
  const lby = b[V + 1];
  const qa = xfA.q;
  const qb = xfB.q;
  const pax = qa.c * lax - qa.s * lay + xfA.p.x;
  const pay = qa.s * lax + qa.c * lay + xfA.p.y;
  const pbx = qb.c * lbx - qb.s * lby + xfB.p.x;
  const pby = qb.s * lbx + qb.c * lby + xfB.p.y;
  const dx = pbx - pax;
  const dy = pby - pay;
  const distance = Math.sqrt(dx * dx + dy * dy);
  const rA = a[RADIUS];
  const rB = b[RADIUS];
  const separation = distance - rA - rB;
  if (separation > margin) return 0;
  let nx: number;
  let ny: number;
  if (distance > 0) {
    nx = dx / distance;
    ny = dy / distance;
  } else {
    nx = -qa.s;
    ny = qa.c;
  }
  const point = out.points[0];
  point.x = 0.5 * (pax + rA * nx + pbx - rB * nx);
  point.y = 0.5 * (pay + rA * ny + pby - rB * ny);
  point.separation = separation;
  point.key = 0;
  out.normalX = nx;
  out.normalY = ny;
  out.pointCount = 1;
  return 1;
}

/**
 * A packed capsule or polygon A and a packed circle B: one point midway between the surfaces, from
 * the capsule's closest segment point, or the polygon's face of largest separation (or its end vertex).
 */
function polygonalAndCirclePacked(
  a: Float64Array,
  xfA: Transform,
  b: Float64Array,
  xfB: Transform,
  out: Manifold,
): number {
  const margin = marginSlot[0];
  out.pointCount = 0;
  const rA = a[RADIUS];
  const rB = b[RADIUS];
  const radius = rA + rB;
  const cA = xfA.q.c;
  const sA = xfA.q.s;
  // The circle's centre in A's frame.
  const lbx = b[V];
  const lby = b[V + 1];
  const qb = xfB.q;
  const wx = qb.c * lbx - qb.s * lby + xfB.p.x - xfA.p.x;
  const wy = qb.s * lbx + qb.c * lby + xfB.p.y - xfA.p.y;
  const cx = cA * wx + sA * wy;
  const cy = -sA * wx + cA * wy;
  let separation: number;
  let nx: number;
  let ny: number;
  let lx: number;
  let ly: number;
  if (a[COUNT] === 2) {
    const p1x = a[V];
    const p1y = a[V + 1];
    const p2x = a[V + 2];
    const p2y = a[V + 3];
    const ex = p2x - p1x;
    const ey = p2y - p1y;
    const s1 = (cx - p1x) * ex + (cy - p1y) * ey;
    const s2 = (p2x - cx) * ex + (p2y - cy) * ey;
    let qx: number;
    let qy: number;
    if (s1 < 0) {
      qx = p1x;
      qy = p1y;
    } else if (s2 < 0) {
      qx = p2x;
      qy = p2y;
    } else {
      const t = s1 / (ex * ex + ey * ey);
      qx = p1x + t * ex;
      qy = p1y + t * ey;
    }
    const dx = cx - qx;
    const dy = cy - qy;
    const distance = Math.sqrt(dx * dx + dy * dy);
    separation = distance - rA - rB;
    if (separation > margin) return 0;
    if (distance > 0) {
      nx = dx / distance;
      ny = dy / distance;
    } else {
      const length = Math.sqrt(ex * ex + ey * ey);
      nx = -ey / length;
      ny = ex / length;
    }
    lx = 0.5 * (qx + rA * nx + cx - rB * nx);
    ly = 0.5 * (qy + rA * ny + cy - rB * ny);
  } else {
    const n = a[COUNT];
    let face = 0;
    separation = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      const s = a[N + 2 * i] * (cx - a[V + 2 * i]) + a[N + 2 * i + 1] * (cy - a[V + 2 * i + 1]);
      // A face beyond the margin: no point.
      if (s - radius > margin) return 0;
      if (s > separation) {
        separation = s;
        face = i;
      }
    }
    const i2 = face + 1 < n ? face + 1 : 0;
    const v1x = a[V + 2 * face];
    const v1y = a[V + 2 * face + 1];
    const v2x = a[V + 2 * i2];
    const v2y = a[V + 2 * i2 + 1];
    const u1 = (cx - v1x) * (v2x - v1x) + (cy - v1y) * (v2y - v1y);
    const u2 = (cx - v2x) * (v1x - v2x) + (cy - v2y) * (v1y - v2y);
    if ((u1 < 0 || u2 < 0) && separation > 0) {
      // Outside the polygon and past an end of the face: against that vertex.
      const vx = u1 < 0 ? v1x : v2x;
      const vy = u1 < 0 ? v1y : v2y;
      const dx = cx - vx;
      const dy = cy - vy;
      const distance = Math.sqrt(dx * dx + dy * dy);
      if (distance - radius > margin) return 0;
      nx = dx / distance;
      ny = dy / distance;
      separation = distance - radius;
      lx = 0.5 * (vx + rA * nx + cx - rB * nx);
      ly = 0.5 * (vy + rA * ny + cy - rB * ny);
    } else {
      nx = a[N + 2 * face];
      ny = a[N + 2 * face + 1];
      // The centre projected on the face, pushed out by A's radius; and the circle's deepest point.
      const depth = (cx - v1x) * nx + (cy - v1y) * ny;
      lx = 0.5 * (cx + (rA - depth) * nx + cx - rB * nx);
      ly = 0.5 * (cy + (rA - depth) * ny + cy - rB * ny);
      separation -= radius;
    }
  }
  const point = out.points[0];
  point.x = cA * lx - sA * ly + xfA.p.x;
  point.y = sA * lx + cA * ly + xfA.p.y;
  point.separation = separation;
  point.key = 0;
  out.normalX = cA * nx - sA * ny;
  out.normalY = sA * nx + cA * ny;
  out.pointCount = 1;
  return 1;
}

/** Turns a manifold for (B, A) into (A, B): normal reversed, keys' halves swapped. Returns `count`. */
function flipPacked(out: Manifold, count: number): number {
  out.normalX = -out.normalX;
  out.normalY = -out.normalY;
  for (let i = 0; i < count; i++) {
    const p = out.points[i];
    p.key = flipFeatureKey(p.key);
  }
  return count;
}

/** Chain segment A against B (not a chain segment): the two-sided manifold, then the chain's rules. */
function chainPacked(
  a: Float64Array,
  xfA: Transform,
  b: Float64Array,
  xfB: Transform,
  out: Manifold,
): number {
  const count =
    b[KIND] === PACKED_CIRCLE
      ? polygonalAndCirclePacked(a, xfA, b, xfB, out)
      : polygonsPacked(a, xfA, b, xfB, out);
  return smoothChainManifold(a, xfA, b, xfB, out, count, marginSlot[0]);
}

/** The manifold of two packed shapes of any kinds, the margin already in its slot. @internal */
export function packedAtSlot(
  a: Float64Array,
  xfA: Transform,
  b: Float64Array,
  xfB: Transform,
  out: Manifold,
): number {
  const kindA = a[KIND];
  const kindB = b[KIND];
  if (kindA === PACKED_CHAIN_SEGMENT || kindB === PACKED_CHAIN_SEGMENT) {
    // Two chain segments never collide (level geometry against level geometry).
    if (kindA === kindB) return (out.pointCount = 0);
    if (kindB === PACKED_CHAIN_SEGMENT) return flipPacked(out, chainPacked(b, xfB, a, xfA, out));
    return chainPacked(a, xfA, b, xfB, out);
  }
  if (kindA === PACKED_CIRCLE) {
    if (kindB === PACKED_CIRCLE) return circlesPacked(a, xfA, b, xfB, out);
    return flipPacked(out, polygonalAndCirclePacked(b, xfB, a, xfA, out));
  }
  if (kindB === PACKED_CIRCLE) return polygonalAndCirclePacked(a, xfA, b, xfB, out);
  return polygonsPacked(a, xfA, b, xfB, out);
}
