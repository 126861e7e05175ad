import type { Transform } from '@lite/math';
import type { Box } from './box';
import type { Manifold } from './manifold';

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
// Walking counter-clockwise, vertex v_i is entered along one edge and left along the next:
// v1 = (in e4, out e1), v2 = (in e1, out e2), v3 = (in e2, out e3), v4 = (in e3, out e4).
// Edge numbers are 1..4; 0 means "no edge".
//
// A contact point carries a feature key made of four edge numbers (see makeFeatureKey): the in- and
// out-edge on the reference box (set when a side plane of the reference face clips the incident edge)
// and on the incident box (the vertex's two edges, cleared when the point is a clipped one). Inside
// this file the key is written as (reference, incident); before it is stored it is put in (A, B) order,
// i.e. flipped when B holds the reference face. The same physical point keeps the same key while the
// boxes move a little, which is what lets the solver warm start it.

const EDGE1 = 1;
const EDGE2 = 2;
const EDGE3 = 3;
const EDGE4 = 4;

const FACE_A_X = 0;
const FACE_A_Y = 1;
const FACE_B_X = 2;
const FACE_B_Y = 3;

/**
 * Faces that touch exactly can come out a few ulps apart (a 0.7 m box at y = 0.35 on a ground whose
 * top is y = 0 but whose centre is at y = -10: 10.35 - 10 - 0.35 > 0), and would then not touch for
 * a step. A separation within this many ulps of the size of the numbers involved counts as touching
 * (reported as 0). About 1e-13 m for boxes tens of metres from the origin: rounding, not a skin.
 */
const TOUCH_ULPS = 16 * Number.EPSILON;

/** Take a later axis only if its separation beats `RELATIVE_TOL · best + ABSOLUTE_TOL · h`. */
const RELATIVE_TOL = 0.95;
const ABSOLUTE_TOL = 0.01;

// Module-level scratch for the clip vertices, laid out as [x0, y0, key0, x1, y1, key1]. Keys are
// unsigned 32-bit integers, stored exactly in a double. Each array has 9 entries though it uses
// fewer: V8 keeps the elements of a typed array of up to 64 bytes on its heap, where they can move,
// so optimised code looks up their address and length at every access; a longer array's elements
// stay put, and code that knows the array has both as constants.
const incident = new Float64Array(9);
const clip1 = new Float64Array(9);
const clip2 = new Float64Array(9);
// The line the helpers below work with, [nx, ny, offset]: the reference face normal for
// computeIncidentEdge, a side plane for clipSegmentToLine. Doubles travel through this array rather
// than as arguments, because a double passed to a call that is not inlined is boxed (allocated).
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

/**
 * Writes into `incident` the edge of the incident box (shape `box` at pose `xf`) whose outward normal
 * is most anti-parallel to the reference face normal (line[0], line[1]), as two world vertices in
 * counter-clockwise order with their feature keys.
 */
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
  let x0: number;
  let y0: number;
  let x1: number;
  let y1: number;
  if (Math.abs(lx) > Math.abs(ly)) {
    if (lx > 0) {
      // Edge e4 (right), from v4 to v1.
      x0 = hx;
      y0 = -hy;
      incident[2] = incidentVertexKey(EDGE3, EDGE4);
      x1 = hx;
      y1 = hy;
      incident[5] = incidentVertexKey(EDGE4, EDGE1);
    } else {
      // Edge e2 (left), from v2 to v3.
      x0 = -hx;
      y0 = hy;
      incident[2] = incidentVertexKey(EDGE1, EDGE2);
      x1 = -hx;
      y1 = -hy;
      incident[5] = incidentVertexKey(EDGE2, EDGE3);
    }
  } else if (ly > 0) {
    // Edge e1 (top), from v1 to v2.
    x0 = hx;
    y0 = hy;
    incident[2] = incidentVertexKey(EDGE4, EDGE1);
    x1 = -hx;
    y1 = hy;
    incident[5] = incidentVertexKey(EDGE1, EDGE2);
  } else {
    // Edge e3 (bottom), from v3 to v4.
    x0 = -hx;
    y0 = -hy;
    incident[2] = incidentVertexKey(EDGE2, EDGE3);
    x1 = hx;
    y1 = -hy;
    incident[5] = incidentVertexKey(EDGE3, EDGE4);
  }
  const px = xf.p.x;
  const py = xf.p.y;
  incident[0] = px + c * x0 - s * y0;
  incident[1] = py + s * x0 + c * y0;
  incident[3] = px + c * x1 - s * y1;
  incident[4] = py + s * x1 + c * y1;
}

/**
 * Sutherland–Hodgman against one line (n, offset) = (line[0..1], line[2]): keeps the part of the
 * segment `input` where n · v - offset ≤ 0, writing up to two vertices into `output` in the same order along the segment.
 * A vertex made by the cut replaces the vertex that was cut away and takes its key, with the
 * reference box's edge set to `clipEdge` and the incident box's edge on the cut-away side cleared: a
 * cut first vertex keeps its out-edge (the incident edge itself) and gets the reference in-edge; a cut
 * second vertex keeps its in-edge and gets the reference out-edge. Returns the number of vertices.
 *
 * Box2D-Lite appends the cut vertex after the kept one, which reverses the segment when the first
 * vertex is cut; a second clip then reads the wrong neighbour's edges, so a point clipped on both
 * sides could carry an edge it does not touch. Keeping the order makes every key name edges that
 * really pass through its point (the property tests check this).
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
 * The contact manifold of two boxes (Box2D-Lite's `Collide`): fills `out` with the normal pointing
 * from A to B and 0, 1 or 2 points, and returns the point count.
 *
 * The algorithm, for boxes with half extents hA, hB, rotations RA, RB and centres pA, pB:
 * 1. Separating axis test on the four face normals. With d = pB - pA, dA = RAᵀ d, dB = RBᵀ d and
 *    C = RAᵀ RB: faceA = |dA| - hA - |C| hB, faceB = |dB| - |C|ᵀ hA - hB (the separation along
 *    each axis). Any component > 0: the boxes are apart, no points.
 * 2. Pick the axis of largest separation, preferring A's faces and x over y: a later axis is taken only
 *    if its separation exceeds 0.95 · best + 0.01 · h (h: the half extent along that axis), so the
 *    reference face does not flicker between nearly equal axes.
 * 3. The reference face is that face; the incident edge is the edge of the other box whose normal is
 *    most anti-parallel to it. Clip the incident edge against the reference face's two side planes.
 * 4. Keep the clipped points whose separation from the reference face is ≤ 0 (≤ `margin` for
 *    speculative points) and slide each onto the reference face (point = v - separation · frontNormal).
 *
 * Each point's key is built from the edges that produced it (see {@link makeFeatureKey}), in (A, B)
 * order whichever box holds the reference face. Two boxes that touch only at one corner (one clip
 * vertex exactly on a side plane) give no points, as in Box2D-Lite. Allocates nothing; the inputs are
 * not validated (boxes are valid by construction; transforms are trusted to be finite).
 *
 * @param boxA - shape A
 * @param xfA - pose of A (its centre and rotation)
 * @param boxB - shape B
 * @param xfB - pose of B
 * @param out - receives the manifold; `out.pointCount` is also returned
 * @param margin - speculative distance, m (default `out.margin`, 0 unless set): boxes up to this far apart still get points,
 *   with their positive separation, so a solver can stop them before they overlap (steps 1 and 4
 *   test against it instead of 0). 0 gives Box2D-Lite's manifold exactly.
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

  // What counts as touching: see TOUCH_ULPS.
  const touch =
    TOUCH_ULPS * (Math.abs(pAx) + Math.abs(pAy) + Math.abs(pBx) + Math.abs(pBy) + hAx + hAy + hBx + hBy);
  // Two sums, not one sum of a merged margin: merging the field's unboxed number with the argument's
  // boxed one would box the field's, an allocation per call.
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

  // The reference face: its outward normal (frontNormal), its offset along it (front), and its two
  // side planes: sideNormal · v ≥ side - h (the negative side, edge negEdge) and
  // sideNormal · v ≤ side + h (the positive side, edge posEdge).
  let frontNormalX: number;
  let frontNormalY: number;
  let front: number;
  let sideNormalX: number;
  let sideNormalY: number;
  let negSide: number;
  let posSide: number;
  let negEdge: number;
  let posEdge: number;
  let side: number;

  // computeIncidentEdge reads the reference face normal from `line`.
  switch (axis) {
    case FACE_A_X:
      frontNormalX = normalX;
      frontNormalY = normalY;
      line[0] = frontNormalX;
      line[1] = frontNormalY;
      front = pAx * frontNormalX + pAy * frontNormalY + hAx;
      sideNormalX = -sA; // A's y axis
      sideNormalY = cA;
      side = pAx * sideNormalX + pAy * sideNormalY;
      negSide = -side + hAy;
      posSide = side + hAy;
      negEdge = EDGE3;
      posEdge = EDGE1;
      computeIncidentEdge(boxB, xfB);
      break;
    case FACE_A_Y:
      frontNormalX = normalX;
      frontNormalY = normalY;
      line[0] = frontNormalX;
      line[1] = frontNormalY;
      front = pAx * frontNormalX + pAy * frontNormalY + hAy;
      sideNormalX = cA; // A's x axis
      sideNormalY = sA;
      side = pAx * sideNormalX + pAy * sideNormalY;
      negSide = -side + hAx;
      posSide = side + hAx;
      negEdge = EDGE2;
      posEdge = EDGE4;
      computeIncidentEdge(boxB, xfB);
      break;
    case FACE_B_X:
      frontNormalX = -normalX;
      frontNormalY = -normalY;
      line[0] = frontNormalX;
      line[1] = frontNormalY;
      front = pBx * frontNormalX + pBy * frontNormalY + hBx;
      sideNormalX = -sB; // B's y axis
      sideNormalY = cB;
      side = pBx * sideNormalX + pBy * sideNormalY;
      negSide = -side + hBy;
      posSide = side + hBy;
      negEdge = EDGE3;
      posEdge = EDGE1;
      computeIncidentEdge(boxA, xfA);
      break;
    default:
      // FACE_B_Y
      frontNormalX = -normalX;
      frontNormalY = -normalY;
      line[0] = frontNormalX;
      line[1] = frontNormalY;
      front = pBx * frontNormalX + pBy * frontNormalY + hBy;
      sideNormalX = cB; // B's x axis
      sideNormalY = sB;
      side = pBx * sideNormalX + pBy * sideNormalY;
      negSide = -side + hBx;
      posSide = side + hBx;
      negEdge = EDGE2;
      posEdge = EDGE4;
      computeIncidentEdge(boxA, xfA);
      break;
  }

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
  const flip = axis === FACE_B_X || axis === FACE_B_Y;
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
      point.key = flip ? (((key & 0xffff) << 16) | (key >>> 16)) >>> 0 : key;
      count++;
    }
  }
  out.normalX = normalX;
  out.normalY = normalY;
  out.pointCount = count;
  return count;
}
