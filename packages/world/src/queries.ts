import type { RayCastOutput } from '@lite/collision';
import { Vec2 } from '@lite/math';
import type { Body } from './body';

/** An axis-aligned box given by its corners, m: what `world.queryAABB` takes. */
export interface AABBLike {
  /** Left edge. */
  minX: number;
  /** Bottom edge. */
  minY: number;
  /** Right edge. */
  maxX: number;
  /** Top edge. */
  maxY: number;
}

/** Where a ray cast entered a body: `world.rayCast` and `world.rayCastAll` return these. */
export class RayCastHit {
  /** The body hit. */
  readonly body: Body;
  /** The world point where the segment enters the box, m. */
  readonly point: Vec2;
  /** The outward unit normal of the face entered. */
  readonly normal: Vec2;
  /** How far along the segment the point lies, in [0, 1]: point = from + fraction (to - from). */
  readonly fraction: number;

  /** Copies a collision ray-cast result. @internal */
  constructor(body: Body, output: RayCastOutput) {
    this.body = body;
    this.point = new Vec2(output.pointX, output.pointY);
    this.normal = new Vec2(output.normalX, output.normalY);
    this.fraction = output.fraction;
  }
}
