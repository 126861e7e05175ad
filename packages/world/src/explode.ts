import {
  type Shape as CollisionShape,
  DistanceOutput,
  PackedShapeSlot,
  shapeDistance,
} from '@lite/collision';
import { Transform, type Vec2Like } from '@lite/math';
import type { Body } from './body';
import { WorldError } from './errors';
import { type BodyShape, packedOf } from './shape';
import { checkFinite, checkInteger, checkKeys, checkNonNegative, checkVec2 } from './validate';
import type { World } from './world';

/** What {@link explode} takes. */
export interface ExplosionOptions {
  /** The centre of the blast, world, m. */
  position: Vec2Like;
  /** Shapes whose surface is within this distance of `position` take the whole impulse, m (>= 0). */
  radius: number;
  /**
   * Impulse per metre of a shape's width as seen from `position`, N·s/m (finite): a shape takes
   * this times its width across the line to the blast, so a wide crate is pushed harder than a
   * pebble at the same distance (Box2D v3's `impulsePerLength`). Negative pulls shapes in.
   */
  impulse: number;
  /** Beyond `radius`, the impulse falls linearly to zero over this distance, m (>= 0, default 0). */
  falloff?: number;
  /** Only shapes whose `category` shares a bit with this mask (default every shape). */
  mask?: number;
}

const KEYS = ['position', 'radius', 'impulse', 'falloff', 'mask'] as const;
/** The blast's centre as a shape: a point (a circle with no radius), so the distance is to it. */
const point: CollisionShape = { type: 'circle', radius: 0 };
const pointPose = new Transform();
const distance = new DistanceOutput();
const impulseVector = { x: 0, y: 0 };

/**
 * Pushes the dynamic bodies around `position` away from it, as Box2D v3's `b2World_Explode`: each
 * shape matching `mask` within `radius + falloff` takes an impulse at its body's centre, away from
 * the blast, of `impulse` × its width across that line, falling off linearly beyond `radius`; bodies
 * in id order. Wakes them. A function, so an unused explosion is not bundled; allowed in listeners.
 * @throws WorldError naming the option, on a bad value (nothing is pushed then).
 */
export function explode(world: World, options: ExplosionOptions): void {
  if (typeof options !== 'object' || options === null) {
    throw new WorldError('options', options, 'must be an options object');
  }
  checkKeys(options, KEYS, 'options');
  const position = checkVec2(options.position, 'options.position');
  const radius = checkNonNegative(options.radius, 'options.radius');
  const impulse = checkFinite(options.impulse, 'options.impulse');
  const falloff = options.falloff === undefined ? 0 : checkNonNegative(options.falloff, 'options.falloff');
  const mask =
    options.mask === undefined ? 0xffffffff : checkInteger(options.mask, 'options.mask', 0, 0xffffffff);
  const reach = radius + falloff;
  pointPose.p.x = position.x;
  pointPose.p.y = position.y;
  const bounds = {
    minX: position.x - reach,
    minY: position.y - reach,
    maxX: position.x + reach,
    maxY: position.y + reach,
  };
  for (const body of world.queryAABB(bounds)) {
    if (body.type !== 'dynamic') continue;
    for (const shape of body.shapes) {
      if ((shape.category & mask) === 0) continue;
      pushShape(body, shape, position, radius, falloff, impulse);
    }
  }
}

/** Applies the blast's impulse on one shape of `body` (nothing when it is out of reach). */
function pushShape(
  body: Body,
  shape: BodyShape,
  position: Vec2Like,
  radius: number,
  falloff: number,
  impulse: number,
): void {
  const xf = body.transform;
  shapeDistance(point, pointPose, shape.geometry, xf, distance);
  const gap = distance.distance;
  if (gap > radius + falloff) return;
  let dx = distance.pointBX - position.x;
  let dy = distance.pointBY - position.y;
  if (gap === 0) {
    // The blast is inside the shape: push along the line to its centroid.
    const c = shape.centroid;
    dx = xf.p.x + xf.q.c * c.x - xf.q.s * c.y - position.x;
    dy = xf.p.y + xf.q.s * c.x + xf.q.c * c.y - position.y;
  }
  const length = Math.hypot(dx, dy);
  if (length > 1e-9) {
    dx /= length;
    dy /= length;
  } else {
    dx = 1;
    dy = 0;
  }
  // The width across the blast line, in the body's frame: the extent along the line's normal.
  const nx = xf.q.c * -dy + xf.q.s * dx;
  const ny = -xf.q.s * -dy + xf.q.c * dx;
  const width = widthAlong(shape, nx, ny);
  const scale = gap <= radius || falloff === 0 ? 1 : (radius + falloff - gap) / falloff;
  const magnitude = impulse * width * scale;
  impulseVector.x = magnitude * dx;
  impulseVector.y = magnitude * dy;
  body.applyLinearImpulse(impulseVector);
}

/** A shape's extent along the unit direction (`nx`, `ny`), body frame, m (from its packed form). */
function widthAlong(shape: BodyShape, nx: number, ny: number): number {
  const p = packedOf(shape);
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = PackedShapeSlot.Vertices, end = i + 2 * p[PackedShapeSlot.Count]; i < end; i += 2) {
    const d = p[i] * nx + p[i + 1] * ny;
    lo = Math.min(lo, d);
    hi = Math.max(hi, d);
  }
  return hi - lo + 2 * p[PackedShapeSlot.Radius];
}
