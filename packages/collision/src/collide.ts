import type { Transform } from '@lite/math';
import { collideBoxes } from './collide-boxes';
import { CollisionError } from './errors';
import type { Manifold } from './manifold';
import type { Shape } from './shape';
import { ShapeKind } from './shape';

/**
 * The contact manifold of any two shapes: dispatches on the shapes' numeric kinds (a `switch`, no
 * virtual call) to the routine for that pair, e.g. {@link collideBoxes}. Fills `out` (normal from A
 * to B, 0 to 2 points) and returns the point count.
 *
 * @param margin - speculative distance, m (default 0): shapes up to this far apart still get points
 *   with their positive separation (see {@link collideBoxes})
 * @throws CollisionError when a shape's kind is unknown.
 */
export function collide(
  shapeA: Shape,
  xfA: Transform,
  shapeB: Shape,
  xfB: Transform,
  out: Manifold,
  margin = 0,
): number {
  const kindA: number = shapeA.kind;
  const kindB: number = shapeB.kind;
  if (kindA === ShapeKind.Box && kindB === ShapeKind.Box) {
    return collideBoxes(shapeA, xfA, shapeB, xfB, out, margin);
  }
  if (kindA !== ShapeKind.Box) throw new CollisionError('shapeA.kind', kindA, 'is not a known ShapeKind');
  throw new CollisionError('shapeB.kind', kindB, 'is not a known ShapeKind');
}
