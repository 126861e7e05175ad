import type { Transform } from '@lite/math';
import { PACKED_SHAPE_LENGTH, PackedShapeSlot, packInto } from './packed-shape';
import type { Shape } from './shapes';

// GJK reads packed shapes: the hull of their vertices (a circle's centre) inflated by their radius.
const V = PackedShapeSlot.Vertices;

/** The result of {@link shapeDistance}; overlapping shapes give distance 0, one point and a zero normal. */
export class DistanceOutput {
  /** World x of the closest point on A, m. */
  pointAX = 0;
  /** World y of the closest point on A, m. */
  pointAY = 0;
  /** World x of the closest point on B, m. */
  pointBX = 0;
  /** World y of the closest point on B, m. */
  pointBY = 0;
  /** x of the unit normal from A to B (0 when overlapping). */
  normalX = 0;
  /** y of the unit normal from A to B (0 when overlapping). */
  normalY = 0;
  /** Distance between the surfaces, m (0 when they overlap). */
  distance = 0;
  /** GJK iterations used. */
  iterations = 0;
  /** Size of the final simplex: 1 or 2 when apart, 3 when the cores overlap. */
  simplexCount = 0;
}

const MAX_ITERATIONS = 20;
// B's points in A's frame.
const lbx = new Float64Array(8);
const lby = new Float64Array(8);
// Simplex: 3 vertices × [wAx, wAy, wBx, wBy, wx, wy, a] and their support indices [iA, iB].
const S = 7;
const sv = new Float64Array(3 * S);
const si = new Int32Array(6);
const saved = new Int32Array(6);

function copyVertex(dst: number, src: number): void {
  for (let k = 0; k < S; k++) sv[dst * S + k] = sv[src * S + k];
  si[2 * dst] = si[2 * src];
  si[2 * dst + 1] = si[2 * src + 1];
}

/** GJK distance of two packed shapes (Box2D's `b2ShapeDistance`, in A's frame). Allocation-free. @internal */
export function packedDistance(
  pa: Float64Array,
  xfA: Transform,
  pb: Float64Array,
  xfB: Transform,
  out: DistanceOutput,
): DistanceOutput {
  const cA = xfA.q.c;
  const sA = xfA.q.s;
  const cB = xfB.q.c;
  const sB = xfB.q.s;
  const qc = cA * cB + sA * sB;
  const qs = cA * sB - sA * cB;
  const dx = xfB.p.x - xfA.p.x;
  const dy = xfB.p.y - xfA.p.y;
  const px = cA * dx + sA * dy;
  const py = -sA * dx + cA * dy;
  const nA = pa[PackedShapeSlot.Count];
  const nB = pb[PackedShapeSlot.Count];
  for (let i = 0; i < nB; i++) {
    const x = pb[V + 2 * i];
    const y = pb[V + 2 * i + 1];
    lbx[i] = qc * x - qs * y + px;
    lby[i] = qs * x + qc * y + py;
  }

  si[0] = 0;
  si[1] = 0;
  sv[0] = pa[V];
  sv[1] = pa[V + 1];
  sv[2] = lbx[0];
  sv[3] = lby[0];
  sv[4] = lbx[0] - pa[V];
  sv[5] = lby[0] - pa[V + 1];
  sv[6] = 1;
  let count = 1;
  let iterations = 0;

  while (iterations < MAX_ITERATIONS) {
    const savedCount = count;
    for (let i = 0; i < 2 * count; i++) saved[i] = si[i];

    if (count === 2) {
      const w1x = sv[4];
      const w1y = sv[5];
      const w2x = sv[S + 4];
      const w2y = sv[S + 5];
      const ex = w2x - w1x;
      const ey = w2y - w1y;
      const d2 = -(w1x * ex + w1y * ey);
      const d1 = w2x * ex + w2y * ey;
      if (d2 <= 0) {
        sv[6] = 1;
        count = 1;
      } else if (d1 <= 0) {
        copyVertex(0, 1);
        sv[6] = 1;
        count = 1;
      } else {
        const inv = 1 / (d1 + d2);
        sv[6] = d1 * inv;
        sv[S + 6] = d2 * inv;
      }
    } else if (count === 3) {
      const w1x = sv[4];
      const w1y = sv[5];
      const w2x = sv[S + 4];
      const w2y = sv[S + 5];
      const w3x = sv[2 * S + 4];
      const w3y = sv[2 * S + 5];
      const e12x = w2x - w1x;
      const e12y = w2y - w1y;
      const d12_1 = w2x * e12x + w2y * e12y;
      const d12_2 = -(w1x * e12x + w1y * e12y);
      const e13x = w3x - w1x;
      const e13y = w3y - w1y;
      const d13_1 = w3x * e13x + w3y * e13y;
      const d13_2 = -(w1x * e13x + w1y * e13y);
      const e23x = w3x - w2x;
      const e23y = w3y - w2y;
      const d23_1 = w3x * e23x + w3y * e23y;
      const d23_2 = -(w2x * e23x + w2y * e23y);
      const n123 = e12x * e13y - e12y * e13x;
      const d123_1 = n123 * (w2x * w3y - w2y * w3x);
      const d123_2 = n123 * (w3x * w1y - w3y * w1x);
      const d123_3 = n123 * (w1x * w2y - w1y * w2x);
      if (d12_2 <= 0 && d13_2 <= 0) {
        sv[6] = 1;
        count = 1;
      } else if (d12_1 > 0 && d12_2 > 0 && d123_3 <= 0) {
        const inv = 1 / (d12_1 + d12_2);
        sv[6] = d12_1 * inv;
        sv[S + 6] = d12_2 * inv;
        count = 2;
      } else if (d13_1 > 0 && d13_2 > 0 && d123_2 <= 0) {
        const inv = 1 / (d13_1 + d13_2);
        sv[6] = d13_1 * inv;
        copyVertex(1, 2);
        sv[S + 6] = d13_2 * inv;
        count = 2;
      } else if (d12_1 <= 0 && d23_2 <= 0) {
        copyVertex(0, 1);
        sv[6] = 1;
        count = 1;
      } else if (d13_1 <= 0 && d23_1 <= 0) {
        copyVertex(0, 2);
        sv[6] = 1;
        count = 1;
      } else if (d23_1 > 0 && d23_2 > 0 && d123_1 <= 0) {
        const inv = 1 / (d23_1 + d23_2);
        copyVertex(0, 2);
        sv[6] = d23_2 * inv;
        sv[S + 6] = d23_1 * inv;
        count = 2;
      } else {
        const inv = 1 / (d123_1 + d123_2 + d123_3);
        sv[6] = d123_1 * inv;
        sv[S + 6] = d123_2 * inv;
        sv[2 * S + 6] = d123_3 * inv;
        break;
      }
    }
    // Search direction: towards the origin from the simplex.
    let sx: number;
    let sy: number;
    if (count === 1) {
      sx = -sv[4];
      sy = -sv[5];
    } else {
      const ex = sv[S + 4] - sv[4];
      const ey = sv[S + 5] - sv[5];
      const sgn = ex * -sv[5] - ey * -sv[4];
      if (sgn > 0) {
        sx = -ey;
        sy = ex;
      } else {
        sx = ey;
        sy = -ex;
      }
    }
    if (sx * sx + sy * sy < 1e-30) break;
    // Support of A in -s, of B in s.
    let iA = 0;
    let best = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < nA; i++) {
      const d = -(sx * pa[V + 2 * i] + sy * pa[V + 2 * i + 1]);
      if (d > best) {
        best = d;
        iA = i;
      }
    }
    let iB = 0;
    best = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < nB; i++) {
      const d = sx * lbx[i] + sy * lby[i];
      if (d > best) {
        best = d;
        iB = i;
      }
    }
    iterations++;
    let duplicate = false;
    for (let i = 0; i < savedCount; i++) {
      if (saved[2 * i] === iA && saved[2 * i + 1] === iB) {
        duplicate = true;
        break;
      }
    }
    if (duplicate) break;
    const o = count * S;
    sv[o] = pa[V + 2 * iA];
    sv[o + 1] = pa[V + 2 * iA + 1];
    sv[o + 2] = lbx[iB];
    sv[o + 3] = lby[iB];
    sv[o + 4] = lbx[iB] - pa[V + 2 * iA];
    sv[o + 5] = lby[iB] - pa[V + 2 * iA + 1];
    sv[o + 6] = 0;
    si[2 * count] = iA;
    si[2 * count + 1] = iB;
    count++;
  }

  // Witness points in A's frame.
  let ax = 0;
  let ay = 0;
  let bx = 0;
  let by = 0;
  if (count === 3) {
    ax = sv[6] * sv[0] + sv[S + 6] * sv[S] + sv[2 * S + 6] * sv[2 * S];
    ay = sv[6] * sv[1] + sv[S + 6] * sv[S + 1] + sv[2 * S + 6] * sv[2 * S + 1];
    bx = ax;
    by = ay;
  } else {
    for (let i = 0; i < count; i++) {
      const o = i * S;
      ax += sv[o + 6] * sv[o];
      ay += sv[o + 6] * sv[o + 1];
      bx += sv[o + 6] * sv[o + 2];
      by += sv[o + 6] * sv[o + 3];
    }
  }
  let distance = Math.sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay));
  const rA = pa[PackedShapeSlot.Radius];
  const rB = pb[PackedShapeSlot.Radius];
  let nx = 0;
  let ny = 0;
  if (distance > rA + rB && distance > 0) {
    nx = (bx - ax) / distance;
    ny = (by - ay) / distance;
    ax += rA * nx;
    ay += rA * ny;
    bx -= rB * nx;
    by -= rB * ny;
    distance -= rA + rB;
  } else {
    ax = 0.5 * (ax + bx);
    ay = 0.5 * (ay + by);
    bx = ax;
    by = ay;
    distance = 0;
  }
  out.pointAX = cA * ax - sA * ay + xfA.p.x;
  out.pointAY = sA * ax + cA * ay + xfA.p.y;
  out.pointBX = cA * bx - sA * by + xfA.p.x;
  out.pointBY = sA * bx + cA * by + xfA.p.y;
  out.normalX = cA * nx - sA * ny;
  out.normalY = sA * nx + cA * ny;
  out.distance = distance;
  out.iterations = iterations;
  out.simplexCount = count;
  return out;
}

const packA = new Float64Array(PACKED_SHAPE_LENGTH);
const packB = new Float64Array(PACKED_SHAPE_LENGTH);

/**
 * The distance between two shapes at poses `xfA`, `xfB` and their closest points (GJK), into `out`.
 * @throws CollisionError when a shape's type is unknown.
 */
export function shapeDistance(
  shapeA: Shape,
  xfA: Transform,
  shapeB: Shape,
  xfB: Transform,
  out: DistanceOutput,
): DistanceOutput {
  packInto(shapeA, packA);
  packInto(shapeB, packB);
  return packedDistance(packA, xfA, packB, xfB, out);
}
