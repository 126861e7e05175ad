import { cosSinInPlace, Transform } from '@lite/math';
import { Box, setBoxSize } from './box';
import { collideBoxes } from './collide-boxes';
import { loadMargin, packedAtSlot } from './collide-shapes';
import type { Manifold } from './manifold';
import { PACKED_SHAPE_LENGTH, packInto } from './packed-shape';
import type { BoxShape, Shape } from './shapes';

// Box-box pairs whose boxes are not both `Box` instances (plain `{ type: 'box' }` literals, offsets,
// angles) go through collideBoxes too, with the box's own pose composed into these scratch objects.
const boxA = new Box(1, 1);
const boxB = new Box(1, 1);
const poseA = new Transform();
const poseB = new Transform();
const trig = new Float64Array(2);
// The shapes of the other pairs, packed.
const packA = new Float64Array(PACKED_SHAPE_LENGTH);
const packB = new Float64Array(PACKED_SHAPE_LENGTH);

/** Loads `shape` into the scratch `box` and returns the pose of its centre: `xf` itself, or `pose`. */
function asBox(shape: BoxShape, xf: Transform, box: Box, pose: Transform): Transform {
  setBoxSize(box, shape.width, shape.height);
  const offset = shape.offset;
  const angle = shape.angle;
  const ox = offset === undefined ? 0 : offset.x;
  const oy = offset === undefined ? 0 : offset.y;
  if (ox === 0 && oy === 0 && (angle === undefined || angle === 0)) return xf;
  let c = 1;
  let s = 0;
  if (angle !== undefined && angle !== 0) {
    trig[0] = angle;
    cosSinInPlace(trig);
    c = trig[0];
    s = trig[1];
  }
  const q = xf.q;
  pose.p.x = q.c * ox - q.s * oy + xf.p.x;
  pose.p.y = q.s * ox + q.c * oy + xf.p.y;
  pose.q.c = q.c * c - q.s * s;
  pose.q.s = q.s * c + q.c * s;
  return pose;
}

/**
 * The contact manifold of any two shapes (box-box by {@link collideBoxes}, pairs with a circle by
 * their own routines, the rest by {@link collidePolygons}): a unit normal from A to B and 0 to 2
 * points. Returns the point count. Allocation-free.
 * @param margin - speculative distance, m (default `out.margin`, 0 unless set): points whose
 * separation is at most this are kept; a finite number ≥ 0
 * @throws CollisionError when a shape's type is unknown or `margin` is negative or not finite.
 */
export function collide(
  shapeA: Shape,
  xfA: Transform,
  shapeB: Shape,
  xfB: Transform,
  out: Manifold,
  margin?: number,
): number {
  if (shapeA.type === 'box' && shapeB.type === 'box') {
    if (shapeA instanceof Box && shapeB instanceof Box)
      return collideBoxes(shapeA, xfA, shapeB, xfB, out, margin);
    const xa = asBox(shapeA, xfA, boxA, poseA);
    const xb = asBox(shapeB, xfB, boxB, poseB);
    return collideBoxes(boxA, xa, boxB, xb, out, margin);
  }
  // The margin goes to the routines through a slot, not as an argument (see loadMargin).
  loadMargin(out, margin);
  packInto(shapeA, packA, 'shapeA');
  packInto(shapeB, packB, 'shapeB');
  return packedAtSlot(packA, xfA, packB, xfB, out);
}

/**
 * {@link collide} on shapes packed by {@link packShape}, bit for bit, except that box-box pairs go
 * through the polygon routine too (call {@link collideBoxes} for those).
 * @param margin - speculative distance, m (default `out.margin`): a finite number ≥ 0
 * @returns the point count, 0 to 2
 * @throws CollisionError when `margin` is negative or not finite.
 */
export function collidePacked(
  a: Float64Array,
  xfA: Transform,
  b: Float64Array,
  xfB: Transform,
  out: Manifold,
  margin?: number,
): number {
  loadMargin(out, margin);
  return packedAtSlot(a, xfA, b, xfB, out);
}
