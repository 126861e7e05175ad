import { CollisionError } from './errors';
import { ShapeKind } from './shape';
import type { BoxShape } from './shapes';

/**
 * A box centred on its body's origin, aligned with the body's axes. Sizes are the FULL width (along
 * the body's x axis) and height (along its y axis), in metres; the half extents are derived.
 *
 * ```ts
 * const crate = new Box(1, 0.5); // crate.halfWidth === 0.5, crate.halfHeight === 0.25
 * ```
 */
export class Box implements BoxShape {
  /** Always `'box'`: the tag of the {@link Shape} union, which `collide` switches on. */
  readonly type: 'box';
  /** Always {@link ShapeKind}.Box (0), the numeric tag of the box. */
  readonly kind: typeof ShapeKind.Box;
  /** Full width along the body's x axis, m. */
  readonly width: number;
  /** Full height along the body's y axis, m. */
  readonly height: number;
  /** Half the width, m. */
  readonly halfWidth: number;
  /** Half the height, m. */
  readonly halfHeight: number;
  /**
   * [halfWidth, halfHeight] in a typed array, where the polygon routines read them: loading a
   * number field from shapes of several kinds can box it (an allocation per contact per step).
   * @internal
   */
  readonly halves: Float64Array;

  /**
   * @param width - full width, a finite number > 0 (m)
   * @param height - full height, a finite number > 0 (m)
   * @throws CollisionError when a size is not a finite number > 0.
   */
  constructor(width: number, height: number) {
    if (!(Number.isFinite(width) && width > 0)) {
      throw new CollisionError('width', width, 'must be a finite number > 0');
    }
    if (!(Number.isFinite(height) && height > 0)) {
      throw new CollisionError('height', height, 'must be a finite number > 0');
    }
    this.type = 'box';
    this.kind = ShapeKind.Box;
    this.width = width;
    this.height = height;
    this.halfWidth = 0.5 * width;
    this.halfHeight = 0.5 * height;
    this.halves = new Float64Array(2);
    this.halves[0] = 0.5 * width;
    this.halves[1] = 0.5 * height;
  }
}
