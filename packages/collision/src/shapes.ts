import { Vec2, type Vec2Like } from '@lite/math';
import { CollisionError, requireNonNegative, requirePoint, requirePositive } from './errors';
import { computeHull, shapeTolerance } from './hull';
import { PACKED_SHAPE_LENGTH, PackedShapeSlot, packInto } from './packed-shape';

/** A disc of `radius` centred on `center` (body frame): {@link makeCircle}, or `{ type: 'circle', radius: 0.5 }`. */
export interface CircleShape {
  /** The tag the narrowphase switches on. */
  readonly type: 'circle';
  /** Radius, m; a finite number > 0. */
  readonly radius: number;
  /** Centre in the body's frame, m (default: the origin). */
  readonly center?: Vec2Like;
}

/** Every point within `radius` of the segment `center1`–`center2` (body frame): {@link makeCapsule}. */
export interface CapsuleShape {
  /** The tag the narrowphase switches on. */
  readonly type: 'capsule';
  /** One end of the core segment, body frame, m. */
  readonly center1: Vec2Like;
  /** The other end of the core segment, body frame, m. */
  readonly center2: Vec2Like;
  /** Radius around the segment, m; a finite number > 0. */
  readonly radius: number;
}

/**
 * A convex polygon of 3 to {@link MAX_POLYGON_VERTICES} counter-clockwise vertices (body frame),
 * optionally rounded; build it with {@link makePolygon} or {@link makeBoxPolygon} (unchecked later).
 */
export interface PolygonShape {
  /** The tag the narrowphase switches on. */
  readonly type: 'polygon';
  /** The hull's vertices, counter-clockwise, body frame, m. */
  readonly vertices: readonly Vec2Like[];
  /** Outward unit normal of edge i (from vertex i to vertex i + 1). */
  readonly normals: readonly Vec2Like[];
  /** Rounding radius, m (default 0: sharp corners). */
  readonly radius?: number;
}

/**
 * A box of FULL `width` × `height` centred on `offset`, turned by `angle` (body frame); the
 * {@link Box} class is one with neither, and a literal `{ type: 'box', width: 2, height: 1 }` works too.
 */
export interface BoxShape {
  /** The tag the narrowphase switches on. */
  readonly type: 'box';
  /** Full width along the box's own x axis, m. */
  readonly width: number;
  /** Full height along the box's own y axis, m. */
  readonly height: number;
  /** Centre of the box in the body's frame, m (default: the origin). */
  readonly offset?: Vec2Like;
  /** Angle of the box's axes in the body's frame, rad (default 0). */
  readonly angle?: number;
}

/** A two-sided line segment from `point1` to `point2` (body frame), with no area: {@link makeSegment}. */
export interface SegmentShape {
  /** The tag the narrowphase switches on. */
  readonly type: 'segment';
  /** One end, body frame, m. */
  readonly point1: Vec2Like;
  /** The other end, body frame, m. */
  readonly point2: Vec2Like;
}

/**
 * One segment of a chain, `point1` to `point2`, colliding only on its right side, with its
 * neighbours' far ends `ghost1` and `ghost2` so a sliding shape does not catch on the joints (a
 * ghost equal to its point marks an open end).
 */
export interface ChainSegmentShape {
  /** The tag the narrowphase switches on. */
  readonly type: 'chainSegment';
  /** The previous segment's start (or `point1` at an open end), body frame, m. */
  readonly ghost1: Vec2Like;
  /** The segment's start, body frame, m. */
  readonly point1: Vec2Like;
  /** The segment's end, body frame, m. */
  readonly point2: Vec2Like;
  /** The next segment's end (or `point2` at an open end), body frame, m. */
  readonly ghost2: Vec2Like;
}

/** Every shape `@lite/collision` knows: plain data in the body frame, told apart by `type`. */
export type Shape = CircleShape | CapsuleShape | PolygonShape | BoxShape | SegmentShape | ChainSegmentShape;

/** The shapes the polygon narrowphase takes: a polygon, a box (as a 4-gon) or a capsule (as a rounded 2-gon). */
export type PolygonalShape = PolygonShape | BoxShape | CapsuleShape;

/** A segment from `point1` to `point2`, copied. @throws CollisionError on a bad point or too short */
export function makeSegment(point1: Vec2Like, point2: Vec2Like): SegmentShape {
  requirePoint('point1', point1);
  requirePoint('point2', point2);
  if (!(Math.hypot(point2.x - point1.x, point2.y - point1.y) > shapeTolerance())) {
    throw new CollisionError('point2', point2, `must be more than ${shapeTolerance()} m from point1`);
  }
  return { type: 'segment', point1: new Vec2(point1.x, point1.y), point2: new Vec2(point2.x, point2.y) };
}

/** A circle of `radius` centred on `center` (default the origin). @throws CollisionError on a bad value. */
export function makeCircle(radius: number, center?: Vec2Like): CircleShape {
  requirePositive('radius', radius);
  if (center !== undefined) requirePoint('center', center);
  return { type: 'circle', radius, center: new Vec2(center?.x ?? 0, center?.y ?? 0) };
}

/**
 * A capsule around the segment `center1`–`center2` with `radius`.
 * @throws CollisionError when the radius is not a finite number > 0, a centre is not finite, or the
 * centres are not more than {@link shapeTolerance} apart (use a circle).
 */
export function makeCapsule(center1: Vec2Like, center2: Vec2Like, radius: number): CapsuleShape {
  requirePoint('center1', center1);
  requirePoint('center2', center2);
  requirePositive('radius', radius);
  const length = Math.hypot(center2.x - center1.x, center2.y - center1.y);
  if (!(length > shapeTolerance())) {
    throw new CollisionError(
      'center2',
      `(${center2.x}, ${center2.y})`,
      `must be more than ${shapeTolerance()} m from center1 (${center1.x}, ${center1.y}); use a circle`,
    );
  }
  return {
    type: 'capsule',
    center1: new Vec2(center1.x, center1.y),
    center2: new Vec2(center2.x, center2.y),
    radius,
  };
}

/** The outward unit normals of a counter-clockwise polygon's edges, as new vectors. @internal */
export function computeNormals(vertices: readonly Vec2Like[]): Vec2[] {
  const n = vertices.length;
  const normals: Vec2[] = [];
  for (let i = 0; i < n; i++) {
    const a = vertices[i];
    const b = vertices[i + 1 < n ? i + 1 : 0];
    const ex = b.x - a.x;
    const ey = b.y - a.y;
    const length = Math.hypot(ex, ey);
    normals.push(new Vec2(ey / length, -ex / length));
  }
  return normals;
}

/**
 * A convex polygon: the hull of `points` (body frame, any order; see {@link computeHull}), optionally
 * rounded by `radius`.
 *
 * ```ts
 * const triangle = makePolygon([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }]);
 * const roundedSquare = makePolygon([{ x: -1, y: -1 }, { x: 1, y: -1 }, { x: 1, y: 1 }, { x: -1, y: 1 }], 0.1);
 * ```
 * @param points - the point cloud (at least 3 distinct, non-collinear points)
 * @param radius - rounding radius, a finite number ≥ 0 (default 0)
 * @throws CollisionError as {@link computeHull}, or when the radius is negative or not finite.
 */
export function makePolygon(points: readonly Vec2Like[], radius = 0): PolygonShape {
  requireNonNegative('radius', radius);
  const vertices = computeHull(points);
  return { type: 'polygon', vertices, normals: computeNormals(vertices), radius };
}

/**
 * {@link makeBox} as a 4-gon polygon, optionally rounded, numbered as {@link collideBoxes} numbers a
 * box (vertex 0 at (+x, +y), edge 0 on top).
 * @throws CollisionError as {@link makeBox}, or when the radius is negative or not finite.
 */
export function makeBoxPolygon(
  width: number,
  height: number,
  offset?: Vec2Like,
  angle = 0,
  radius = 0,
): PolygonShape {
  const box = makeBox(width, height, offset, angle);
  requireNonNegative('radius', radius);
  // The box's corners and normals as packInto writes them (the narrowphase's numbering).
  const packed = new Float64Array(PACKED_SHAPE_LENGTH);
  packInto(box, packed);
  const at = (o: number, i: number) => new Vec2(packed[o + 2 * i], packed[o + 2 * i + 1]);
  const vertices = [0, 1, 2, 3].map((i) => at(PackedShapeSlot.Vertices, i));
  const normals = [0, 1, 2, 3].map((i) => at(PackedShapeSlot.Normals, i));
  return { type: 'polygon', vertices, normals, radius };
}

/** A box of FULL `width` × `height` at `offset`, turned by `angle`. @throws CollisionError on bad values */
export function makeBox(width: number, height: number, offset?: Vec2Like, angle = 0): BoxShape {
  requirePositive('width', width);
  requirePositive('height', height);
  if (offset !== undefined) requirePoint('offset', offset);
  if (!Number.isFinite(angle)) throw new CollisionError('angle', angle, 'must be a finite number');
  return { type: 'box', width, height, offset: new Vec2(offset?.x ?? 0, offset?.y ?? 0), angle };
}
