import type { Transform } from '@lite/math';
import type { Box } from './box';
import { flipFeatureKey, type Manifold } from './manifold';

// Box-box contact: Box2D-Lite's `Collide` (Erin Catto), written from the math in docs/collision.md.
//
// Vertex and edge numbering of a box, in its own frame (h = half extents):
//
//               ^ y
//               |
//               e1
//        v2 ---------- v1          v1 = ( h.x,  h.y)    e1 = top    (normal +y)
//         |            |           v2 = (-h.x,  h.y)    e2 = left   (normal -x)
//     e2  |     +      |  e4 --> x v3 = (-h.x, -h.y)    e3 = bottom (normal -y)
//         |            |           v4 = ( h.x, -h.y)    e4 = right  (normal +x)
//        v3 ---------- v4
//               e3
//
// Vertex v_i is entered along one edge and left along the next: v1 = (e4, e1), v2 = (e1, e2),
// v3 = (e2, e3), v4 = (e3, e4); 0 means "no edge". A point's feature key (makeFeatureKey) holds the
// reference box's clipping edges and the incident vertex's edges, written (reference, incident)
// here and stored in (A, B) order, so the solver can warm start the same point next step.

const EDGE1 = 1;
const EDGE2 = 2;
const EDGE3 = 3;
const EDGE4 = 4;

const FACE_A_X = 0;
const FACE_A_Y = 1;
const FACE_B_X = 2;
const FACE_B_Y = 3;

/** A separation within this many ulps of the numbers involved counts as touching (exact faces drift). */
const TOUCH_ULPS = 16 * Number.EPSILON;

/** Take a later axis only if its separation beats `RELATIVE_TOL · best + ABSOLUTE_TOL · h`. */
const RELATIVE_TOL = 0.95;
const ABSOLUTE_TOL = 0.01;

// Clip vertices, [x0, y0, key0, x1, y1, key1]; 9 entries (docs/performance.md, "Small typed arrays").
const incident = new Float64Array(9);
const clip1 = new Float64Array(9);
const clip2 = new Float64Array(9);
// The line the helpers work with, [nx, ny, offset]: passed in an array so no double is boxed.
const line = new Float64Array(9);

/** Key with the reference box's in-edge set to `edge` and the incident box's in-edge cleared. */
function withReferenceInEdge(key: number, edge: number): number {
  return ((key & 0xff00ff00) | edge) >>> 0;
}

/** Key with the reference box's out-edge set to `edge` and the incident box's out-edge cleared. */
function withReferenceOutEdge(key: number, edge: number): number {
  return ((key & 0x00ff00ff) | (edge << 8)) >>> 0;
}

/** The (reference, incident) key of an unclipped incident vertex with edges `inEdge`, `outEdge`. */
function incidentVertexKey(inEdge: number, outEdge: number): number {
  return ((inEdge << 16) | (outEdge << 24)) >>> 0;
}

// The incident edges e4 (right, v4 to v1), e2 (left, v2 to v3), e1 (top, v1 to v2) and e3 (bottom,
// v3 to v4): their end vertices as signs of (hx, hy), then the edges in and out of each end.
// biome-ignore format: one edge a row
const INCIDENT_EDGES = new Int8Array([
  1, -1, 1, 1, EDGE3, EDGE4, EDGE4, EDGE1,
  -1, 1, -1, -1, EDGE1, EDGE2, EDGE2, EDGE3,
  1, 1, -1, 1, EDGE4, EDGE1, EDGE1, EDGE2,
  -1, -1, 1, -1, EDGE2, EDGE3, EDGE3, EDGE4,
]);

/** Writes into `incident` the edge most anti-parallel to the normal (line[0], line[1]), with keys. */
function computeIncidentEdge(box: Box, xf: Transform): void {
  const hx = box.halfWidth;
  const hy = box.halfHeight;
  const c = xf.q.c;
  const s = xf.q.s;
  const nx = line[0];
  const ny = line[1];
  // The reference normal in the incident box's frame, reversed: n = -Rᵀ normal.
  const lx = -(c * nx + s * ny);
  const ly = -(-s * nx + c * ny);
  const e = 8 * (Math.abs(lx) > Math.abs(ly) ? (lx > 0 ? 0 : 1) : ly > 0 ? 2 : 3);
  const x0 = INCIDENT_EDGES[e] * hx;
  const y0 = INCIDENT_EDGES[e + 1] * hy;
  const x1 = INCIDENT_EDGES[e + 2] * hx;
  const y1 = INCIDENT_EDGES[e + 3] * hy;
  incident[2] = incidentVertexKey(INCIDENT_EDGES[e + 4], INCIDENT_EDGES[e + 5]);
  incident[5] = incidentVertexKey(INCIDENT_EDGES[e + 6], INCIDENT_EDGES[e + 7]);
  const px = xf.p.x;
  const py = xf.p.y;
  incident[0] = px + c * x0 - s * y0;
  incident[1] = py + s * x0 + c * y0;
  incident[3] = px + c * x1 - s * y1;
  incident[4] = py + s * x1 + c * y1;
}

/**
 * Sutherland–Hodgman: keeps the part of `input` where n · v - offset ≤ 0 (line[0..2]), in segment
 * order, and returns its count. A cut vertex takes the cut-away one's key with edge `clipEdge`.
 */
function clipSegmentToLine(output: Float64Array, input: Float64Array, clipEdge: number): number {
  const nx = line[0];
  const ny = line[1];
  const offset = line[2];
  let count = 0;
  const x0 = input[0];
  const y0 = input[1];
  const x1 = input[3];
  const y1 = input[4];
  // Signed distances of the end points to the line.
  const distance0 = nx * x0 + ny * y0 - offset;
  const distance1 = nx * x1 + ny * y1 - offset;

  // Points behind the line are kept.
  if (distance0 <= 0) {
    output[0] = x0;
    output[1] = y0;
    output[2] = input[2];
    count = 1;
  }

  // The end points are on opposite sides: the intersection takes the place of the cut end.
  if (distance0 * distance1 < 0) {
    const t = distance0 / (distance0 - distance1);
    const o = 3 * count;
    output[o] = x0 + t * (x1 - x0);
    output[o + 1] = y0 + t * (y1 - y0);
    output[o + 2] =
      distance0 > 0 ? withReferenceInEdge(input[2], clipEdge) : withReferenceOutEdge(input[5], clipEdge);
    count++;
  }

  if (distance1 <= 0) {
    const o = 3 * count;
    output[o] = x1;
    output[o + 1] = y1;
    output[o + 2] = input[5];
    count++;
  }
  return count;
}

/**
 * The contact manifold of two boxes (Box2D-Lite's `Collide`, docs/collision.md): separating axes on
 * the four face normals, then the incident edge clipped to the reference face's side planes. The
 * normal points from A to B. Allocation-free; inputs unchecked.
 * @param margin - speculative distance, m (default `out.margin`); 0 gives Box2D-Lite's manifold
 * @returns the number of contact points, 0 to 2
 */
export function collideBoxes(
  boxA: Box,
  xfA: Transform,
  boxB: Box,
  xfB: Transform,
  out: Manifold,
  margin?: number,
): number {
  out.pointCount = 0;

  const hAx = boxA.halfWidth;
  const hAy = boxA.halfHeight;
  const hBx = boxB.halfWidth;
  const hBy = boxB.halfHeight;
  const pAx = xfA.p.x;
  const pAy = xfA.p.y;
  const pBx = xfB.p.x;
  const pBy = xfB.p.y;
  // RA = [cA -sA; sA cA]: columns (cA, sA) and (-sA, cA) are A's x and y axes.
  const cA = xfA.q.c;
  const sA = xfA.q.s;
  const cB = xfB.q.c;
  const sB = xfB.q.s;

  // d = pB - pA in world, in A's frame and in B's frame.
  const dx = pBx - pAx;
  const dy = pBy - pAy;
  const dAx = cA * dx + sA * dy;
  const dAy = -sA * dx + cA * dy;
  const dBx = cB * dx + sB * dy;
  const dBy = -sB * dx + cB * dy;

  // C = RAᵀ RB = [cos(b - a)  -sin(b - a); sin(b - a)  cos(b - a)], and |C|.
  const c11 = Math.abs(cA * cB + sA * sB);
  const c21 = Math.abs(cA * sB - sA * cB);
  const c12 = c21;
  const c22 = c11;

  const touch =
    TOUCH_ULPS * (Math.abs(pAx) + Math.abs(pAy) + Math.abs(pBx) + Math.abs(pBy) + hAx + hAy + hBx + hBy);
  // Two sums, not one merged margin: merging would box the field's number.
  const reach = margin === undefined ? touch + out.margin : touch + margin;

  // Box A faces: faceA = |dA| - hA - |C| hB.
  const faceAx = Math.abs(dAx) - hAx - (c11 * hBx + c12 * hBy);
  const faceAy = Math.abs(dAy) - hAy - (c21 * hBx + c22 * hBy);
  if (faceAx > reach || faceAy > reach) return 0;

  // Box B faces: faceB = |dB| - |C|ᵀ hA - hB.
  const faceBx = Math.abs(dBx) - (c11 * hAx + c21 * hAy) - hBx;
  const faceBy = Math.abs(dBy) - (c12 * hAx + c22 * hAy) - hBy;
  if (faceBx > reach || faceBy > reach) return 0;

  // Best axis, with hysteresis. The normal points from A to B.
  let axis = FACE_A_X;
  let separation = faceAx;
  let normalX = dAx > 0 ? cA : -cA;
  let normalY = dAx > 0 ? sA : -sA;

  if (faceAy > RELATIVE_TOL * separation + ABSOLUTE_TOL * hAy) {
    axis = FACE_A_Y;
    separation = faceAy;
    normalX = dAy > 0 ? -sA : sA;
    normalY = dAy > 0 ? cA : -cA;
  }
  if (faceBx > RELATIVE_TOL * separation + ABSOLUTE_TOL * hBx) {
    axis = FACE_B_X;
    separation = faceBx;
    normalX = dBx > 0 ? cB : -cB;
    normalY = dBx > 0 ? sB : -sB;
  }
  if (faceBy > RELATIVE_TOL * separation + ABSOLUTE_TOL * hBy) {
    axis = FACE_B_Y;
    separation = faceBy;
    normalX = dBy > 0 ? -sB : sB;
    normalY = dBy > 0 ? cB : -cB;
  }

  // The reference face: outward normal (frontNormal), offset (front) and side planes
  // side - h ≤ sideNormal · v ≤ side + h (edges negEdge, posEdge).
  const flip = axis === FACE_B_X || axis === FACE_B_Y;
  const onX = axis === FACE_A_X || axis === FACE_B_X;
  const px = flip ? pBx : pAx;
  const py = flip ? pBy : pAy;
  const c = flip ? cB : cA;
  const s = flip ? sB : sA;
  const hx = flip ? hBx : hAx;
  const hy = flip ? hBy : hAy;
  const frontNormalX = flip ? -normalX : normalX;
  const frontNormalY = flip ? -normalY : normalY;
  line[0] = frontNormalX;
  line[1] = frontNormalY;
  const front = px * frontNormalX + py * frontNormalY + (onX ? hx : hy);
  // An x face's side planes are along the box's y axis, a y face's along its x axis.
  const sideNormalX = onX ? -s : c;
  const sideNormalY = onX ? c : s;
  const side = px * sideNormalX + py * sideNormalY;
  const negSide = -side + (onX ? hy : hx);
  const posSide = side + (onX ? hy : hx);
  const negEdge = onX ? EDGE3 : EDGE2;
  const posEdge = onX ? EDGE1 : EDGE4;
  if (flip) computeIncidentEdge(boxA, xfA);
  else computeIncidentEdge(boxB, xfB);

  // Clip the incident edge to the negative side plane, then to the positive one.
  line[0] = -sideNormalX;
  line[1] = -sideNormalY;
  line[2] = negSide;
  if (clipSegmentToLine(clip1, incident, negEdge) < 2) return 0;
  line[0] = sideNormalX;
  line[1] = sideNormalY;
  line[2] = posSide;
  if (clipSegmentToLine(clip2, clip1, posEdge) < 2) return 0;

  // Keep the points behind the reference face, slid onto it.
  let count = 0;
  for (let i = 0; i < 2; i++) {
    const o = 3 * i;
    const vx = clip2[o];
    const vy = clip2[o + 1];
    const s = frontNormalX * vx + frontNormalY * vy - front;
    if (s <= reach) {
      const point = out.points[count];
      point.x = vx - s * frontNormalX;
      point.y = vy - s * frontNormalY;
      point.separation = s < 0 ? s : s <= touch ? 0 : s;
      const key = clip2[o + 2];
      // (reference, incident) order -> (A, B) order.
      point.key = flip ? flipFeatureKey(key) : key;
      count++;
    }
  }
  out.normalX = normalX;
  out.normalY = normalY;
  out.pointCount = count;
  return count;
}
