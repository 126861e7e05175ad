import {
  Box,
  type ChainSegmentShape,
  type CircleShape,
  type Shape as CollisionShape,
  computeHull,
  computeMass,
  MAX_POLYGON_VERTICES,
  MassData,
  makeBoxPolygon,
  makeCapsule,
  makeCircle,
  makePolygon,
  PACKED_SHAPE_LENGTH,
  PackedShapeSlot,
  packShape,
  shapeTolerance,
} from '@lite/collision';
import { Float64Slab, objectArray, Vec2, type Vec2Like } from '@lite/math';
import type { Body } from './body';
import { rethrowAsWorldError, WorldError } from './errors';
import type { StepState } from './step-state';
import {
  checkBoolean,
  checkFinite,
  checkInteger,
  checkInvertible,
  checkKeys,
  checkNonNegative,
  checkOptions,
  checkPositive,
  checkVec2,
  MAX_MAGNITUDE,
  optional,
} from './validate';
import type { World } from './world';
import { refilterShape } from './world-edits';

/** The geometry of a body's shape, body frame, m: a circle, capsule, convex polygon or box. */
export type ShapeGeometry =
  | {
      /** A disc. */
      type: 'circle';
      /** Radius, m (> 0). */
      radius: number;
      /** Centre in the body frame, m (default the origin). */
      center?: Vec2Like;
    }
  | {
      /** Every point within `radius` of the segment `center1`–`center2`. */
      type: 'capsule';
      /** One end of the segment, body frame, m. */
      center1: Vec2Like;
      /** The other end, body frame, m (more than 0.005 m from `center1`). */
      center2: Vec2Like;
      /** Radius, m (> 0). */
      radius: number;
    }
  | {
      /** A convex polygon. */
      type: 'polygon';
      /** 3 to 8 vertices of a convex polygon, body frame, m, either winding; no three collinear. */
      vertices: readonly Vec2Like[];
      /** Rounding radius, m (>= 0, default 0). */
      radius?: number;
    }
  | {
      /** A rectangle. */
      type: 'box';
      /** Full width, m (> 0). */
      width: number;
      /** Full height, m (> 0). */
      height: number;
      /** Centre in the body frame, m (default the origin). */
      offset?: Vec2Like;
      /** Angle in the body frame, rad (default 0). */
      angle?: number;
    }
  | {
      /** A line segment, two-sided, with no area (no mass): level geometry. */
      type: 'segment';
      /** One end, body frame, m. */
      point1: Vec2Like;
      /** The other end, body frame, m (more than 0.005 m from `point1`). */
      point2: Vec2Like;
    }
  | {
      /**
       * A chain of segments through `points`, one shape per segment, colliding on the right side of
       * each (counter-clockwise round a solid: outside it), smooth over its joints. No mass.
       */
      type: 'chain';
      /** At least 2 points (3 for a loop), body frame, m; neighbours more than 0.005 m apart. */
      points: readonly Vec2Like[];
      /** Whether the last point joins the first (default false: an open chain with two free ends). */
      loop?: boolean;
    };

/**
 * Collision filtering (Box2D's rules): shapes sharing a non-zero `group` collide when it is positive
 * and never when negative; otherwise when each one's `mask` has a bit of the other's `category`.
 */
export interface ShapeFilter {
  /** The categories this shape belongs to, a bit field (default 1). */
  category?: number;
  /** The categories this shape collides with, a bit field (default 0xffffffff: all). */
  mask?: number;
  /** Collision group, an integer in [-2^31, 2^31 - 1] (default 0: none). */
  group?: number;
}

/** What `body.createShape` takes: a geometry plus material, sensor flag and filter. */
export type ShapeOptions = ShapeGeometry & {
  /** Mass per area, kg/m² (>= 0, default 1). */
  density?: number;
  /**
   * Coulomb friction coefficient (>= 0, default 0.2); pairs mix as sqrt(μA μB), or as the world's
   * `setFrictionCallback` says.
   */
  friction?: number;
  /** Restitution, in [0, 1] (default 0); pairs take the larger, or what `setRestitutionCallback` says. */
  restitution?: number;
  /**
   * Rolling resistance (>= 0, default 0), as Box2D v3's: a contact resists relative spin with a torque
   * up to the larger coefficient × the larger rounding radius × the normal force.
   */
  rollingResistance?: number;
  /**
   * The speed of the shape's surface, m/s (default 0): a conveyor belt, clockwise round the shape
   * when positive (to the right on its top). A pair's speeds add up.
   */
  tangentSpeed?: number;
  /**
   * A material id, an integer in [0, 0xffffffff] (default 0): what the world's friction and
   * restitution callbacks receive beside each shape's coefficient.
   */
  material?: number;
  /** A sensor (default false) reports the shapes it overlaps (`sensorBegin`, `sensorEnd`); no contact. */
  sensor?: boolean;
  /** Collision filtering (default: category 1, collides with everything, no group). */
  filter?: ShapeFilter;
  /** Anything you want to find again from the shape. */
  userData?: unknown;
};

/** Numeric shape kinds the narrowphase dispatches on. @internal */
export const KIND_BOX = 0;
/** @internal */
export const KIND_POLYGON = 1;
/** @internal */
export const KIND_CAPSULE = 2;
/** @internal */
export const KIND_CIRCLE = 3;
/** @internal */
export const KIND_SEGMENT = 4;
/** @internal */
export const KIND_CHAIN_SEGMENT = 5;

/** The checked form of {@link ShapeOptions}. @internal */
export type ResolvedShape = ReturnType<typeof resolveShapeOptions>;

/** The `packed` array of the shapes that keep none (boxes). */
const NOT_PACKED = new Float64Array(0);
/** What a shape's `packed` holds for a moment while it is made (see the constructor). */
const UNSET_PACKED = new Float64Array(0);

/** Where shapes take their packed arrays (docs/performance.md, "Slabs"). */
const packedArrays = /* @__PURE__ */ new Float64Slab(PACKED_SHAPE_LENGTH, 64);

/** A shape's packed numbers (`BodyShape.packed`), packed for a box the first time they are read. @internal */
export function packedOf(shape: BodyShape): Float64Array {
  if (shape.packed.length === 0) shape.packed = packShape(shape.geometry, packedArrays.take());
  return shape.packed;
}

/** Scratch for the centroid {@link geometryFault} computes while checking a shape's extent. */
const extentScratch = new Vec2(0, 0);

/** Checks a shape's options and builds its geometry; throws a WorldError naming the bad field. @internal */
export function resolveShapeOptions(
  options: ShapeOptions,
  prefix: string,
  defaults: { density: number; friction: number; restitution: number },
) {
  const o = checkOptions(options, prefix);
  if (typeof o.type !== 'string' || !Object.hasOwn(SHAPE_TYPES, o.type)) {
    throw new WorldError(
      `${prefix}.type`,
      o.type,
      "must be 'circle', 'capsule', 'polygon', 'box', 'segment' or 'chain'",
    );
  }
  const table = SHAPE_TYPES[o.type];
  checkKeys(o, table.keys, prefix);
  const chain = o.type === 'chain' ? buildChain(o.points, o.loop, prefix) : null;
  const geometry = chain === null ? buildGeometry(o, prefix) : chain[0];
  // Refused as a snapshot's reader would refuse it, so every shape a world holds can be read back.
  const fault = geometryFault(geometry);
  if (fault !== null) {
    const field =
      o.type === 'box' && o.offset !== undefined
        ? 'offset'
        : o.type === 'circle' && o.center !== undefined
          ? 'center'
          : table.fault;
    const value = (o as unknown as Record<string, unknown>)[field];
    throw new WorldError(
      `${prefix}.${field}`,
      field === 'vertices' ? describePoints(value as Vec2Like[]) : value,
      `makes an invalid shape: ${fault}`,
    );
  }
  const density = optional(o, 'density', prefix, checkNonNegative, defaults.density);
  const friction = optional(o, 'friction', prefix, checkNonNegative, defaults.friction);
  const restitution = optional(o, 'restitution', prefix, checkRestitution, defaults.restitution);
  const sensor = optional(o, 'sensor', prefix, checkBoolean, false);
  const rollingResistance = optional(o, 'rollingResistance', prefix, checkNonNegative, 0);
  const tangentSpeed = optional(o, 'tangentSpeed', prefix, checkFinite, 0);
  const material = optional(o, 'material', prefix, checkBits, 0);
  const f = checkOptions(o.filter, `${prefix}.filter`);
  checkKeys(f, FILTER_KEYS, `${prefix}.filter`);
  return {
    type: o.type,
    kind: geometry instanceof Box ? KIND_BOX : table.kind,
    geometry,
    /** A chain's segments, one shape each (`geometry` is the first); null for other types. */
    chain,
    density,
    friction,
    restitution,
    rollingResistance,
    tangentSpeed,
    material,
    sensor,
    category: optional(f, 'category', `${prefix}.filter`, checkBits, 1),
    mask: optional(f, 'mask', `${prefix}.filter`, checkBits, 0xffffffff),
    group: optional(f, 'group', `${prefix}.filter`, checkGroup, 0),
    userData: o.userData,
  };
}

/** The options every shape takes after its geometry's. */
const MATERIAL_KEYS = [
  'type',
  'density',
  'friction',
  'restitution',
  'rollingResistance',
  'tangentSpeed',
  'material',
  'sensor',
  'filter',
  'userData',
];
/**
 * Per geometry type: its options, its kind (a box with no offset and angle is a `Box`, KIND_BOX),
 * and the option an invalid geometry is refused by (a box's offset or a circle's centre when given).
 */
const SHAPE_TYPES: Record<ShapeGeometry['type'], { keys: readonly string[]; kind: number; fault: string }> = {
  circle: { keys: ['radius', 'center', ...MATERIAL_KEYS], kind: KIND_CIRCLE, fault: 'radius' },
  capsule: { keys: ['center1', 'center2', 'radius', ...MATERIAL_KEYS], kind: KIND_CAPSULE, fault: 'center2' },
  polygon: { keys: ['vertices', 'radius', ...MATERIAL_KEYS], kind: KIND_POLYGON, fault: 'vertices' },
  box: { keys: ['width', 'height', 'offset', 'angle', ...MATERIAL_KEYS], kind: KIND_POLYGON, fault: 'width' },
  segment: { keys: ['point1', 'point2', ...MATERIAL_KEYS], kind: KIND_SEGMENT, fault: 'point2' },
  chain: { keys: ['points', 'loop', ...MATERIAL_KEYS], kind: KIND_CHAIN_SEGMENT, fault: 'points' },
};
const FILTER_KEYS = ['category', 'mask', 'group'];

/** A restitution (coefficient of restitution) must be a number in [0, 1]. @internal */
export function checkRestitution(value: unknown, argument: string): number {
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
    throw new WorldError(argument, value, 'must be a number in [0, 1] (1: perfectly elastic)');
  }
  return value;
}

/** Refuses a shape whose mass or inertia is not finite, or whose mass has no finite inverse. @internal */
export function checkShapeMass(shape: ResolvedShape, argument: string, value: unknown): void {
  if (shape.density === 0) return;
  const md = computeMass(shape.geometry, shape.density, scratchMassData);
  if (md.mass > 0 || !(md.mass >= 0)) checkInvertible(md.mass, 'mass', argument, value);
  if (!(md.rotationalInertia >= 0 && md.rotationalInertia < Number.POSITIVE_INFINITY)) {
    throw new WorldError(
      argument,
      value,
      `gives a rotational inertia of ${md.rotationalInertia}: it must be finite`,
    );
  }
}
const scratchMassData = new MassData();

/** A filter group must be an integer in [-2^31, 2^31 - 1], as Box2D's. @internal */
export function checkGroup(value: unknown, argument: string): number {
  return checkInteger(value, argument, -0x80000000, 0x7fffffff, 'must be an integer in [-2^31, 2^31 - 1]');
}

/** A filter category or mask must be an integer bit field in [0, 0xffffffff]. @internal */
export function checkBits(value: unknown, argument: string): number {
  return checkInteger(value, argument, 0, 0xffffffff, 'must be an integer bit field in [0, 0xffffffff]');
}

/**
 * A chain's segments: each from a point to the next, with the points before and after as ghosts (an
 * open chain's ends: the end point itself).
 */
function buildChain(points: unknown, loop: unknown, prefix: string): ChainSegmentShape[] {
  const closed = loop === undefined ? false : checkBoolean(loop, `${prefix}.loop`);
  if (!Array.isArray(points) || points.length < (closed ? 3 : 2)) {
    throw new WorldError(`${prefix}.points`, points, `must be an array of at least ${closed ? 3 : 2} points`);
  }
  const n = points.length;
  const at: Vec2[] = [];
  for (let i = 0; i < n; ++i) {
    const p = checkVec2(points[i], `${prefix}.points[${i}]`);
    at.push(new Vec2(p.x, p.y));
    if (i > 0 && !(Math.hypot(p.x - at[i - 1].x, p.y - at[i - 1].y) > shapeTolerance())) {
      throw new WorldError(
        `${prefix}.points[${i}]`,
        p,
        `must be more than ${shapeTolerance()} m from the point before`,
      );
    }
  }
  if (closed && !(Math.hypot(at[0].x - at[n - 1].x, at[0].y - at[n - 1].y) > shapeTolerance())) {
    throw new WorldError(
      `${prefix}.points[${n - 1}]`,
      points[n - 1],
      'must not repeat the first point of a loop',
    );
  }
  const count = closed ? n : n - 1;
  const point = (i: number) => (closed ? at[(i + n) % n] : at[Math.max(0, Math.min(n - 1, i))]);
  const segments: ChainSegmentShape[] = [];
  for (let i = 0; i < count; ++i) {
    segments.push({
      type: 'chainSegment',
      ghost1: point(i - 1),
      point1: point(i),
      point2: point(i + 1),
      ghost2: point(i + 2),
    });
  }
  return segments;
}

/** The collision geometry of a checked shape (a Box instance for a box with no offset and angle). */
function buildGeometry(o: ShapeGeometry, prefix: string): CollisionShape {
  try {
    if (o.type === 'segment' || o.type === 'chain') {
      checkVec2((o as { point1: unknown }).point1, `${prefix}.point1`);
      checkVec2((o as { point2: unknown }).point2, `${prefix}.point2`);
      const { point1, point2 } = o as { point1: Vec2Like; point2: Vec2Like };
      return { type: 'segment', point1: new Vec2(point1.x, point1.y), point2: new Vec2(point2.x, point2.y) };
    }
    if (o.type === 'circle') {
      checkPositive(o.radius, `${prefix}.radius`);
      if (o.center !== undefined) checkVec2(o.center, `${prefix}.center`);
      return makeCircle(o.radius, o.center);
    }
    if (o.type === 'capsule') {
      checkVec2(o.center1, `${prefix}.center1`);
      checkVec2(o.center2, `${prefix}.center2`);
      checkPositive(o.radius, `${prefix}.radius`);
      return makeCapsule(o.center1, o.center2, o.radius);
    }
    if (o.type === 'box') {
      checkPositive(o.width, `${prefix}.width`);
      checkPositive(o.height, `${prefix}.height`);
      const offset = o.offset === undefined ? undefined : checkVec2(o.offset, `${prefix}.offset`);
      const angle = o.angle === undefined ? 0 : checkFinite(o.angle, `${prefix}.angle`);
      if ((offset === undefined || (offset.x === 0 && offset.y === 0)) && angle === 0) {
        return new Box(o.width, o.height);
      }
      return makeBoxPolygon(o.width, o.height, offset, angle);
    }
    const vertices = o.vertices;
    if (!Array.isArray(vertices)) {
      throw new WorldError(`${prefix}.vertices`, vertices, 'must be an array of 3 to 8 points');
    }
    if (vertices.length < 3 || vertices.length > MAX_POLYGON_VERTICES) {
      throw new WorldError(
        `${prefix}.vertices`,
        `${vertices.length} vertices`,
        `must hold 3 to ${MAX_POLYGON_VERTICES} vertices`,
      );
    }
    for (let i = 0; i < vertices.length; ++i) checkVec2(vertices[i], `${prefix}.vertices[${i}]`);
    const radius = o.radius === undefined ? 0 : checkNonNegative(o.radius, `${prefix}.radius`);
    let hull: readonly Vec2Like[];
    try {
      hull = computeHull(vertices);
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(error.message.indexOf(': ') + 2) : '';
      throw new WorldError(`${prefix}.vertices`, describePoints(vertices), reason);
    }
    if (hull.length !== vertices.length) {
      throw new WorldError(
        `${prefix}.vertices`,
        describePoints(vertices),
        `must be a convex polygon with no repeated, collinear or inner vertex (its hull keeps ${hull.length} of ${vertices.length})`,
      );
    }
    return makePolygon(vertices, radius);
  } catch (error) {
    if (error instanceof WorldError) throw error;
    rethrowAsWorldError(error, `${prefix}.`);
  }
}

/**
 * What is wrong with a collision geometry (numbers, core, capsule length, polygon normals), or null;
 * `createShape` and a snapshot's reader both check with it. @internal
 */
export function geometryFault(g: CollisionShape): string | null {
  let numbers: number[];
  if (g instanceof Box) numbers = [g.width, g.height];
  else if (g.type === 'circle') numbers = [g.radius, g.center?.x ?? 0, g.center?.y ?? 0];
  else if (g.type === 'capsule') numbers = [g.radius, g.center1.x, g.center1.y, g.center2.x, g.center2.y];
  else if (g.type === 'segment' || g.type === 'chainSegment') {
    const ends = [g.point1, g.point2, ...(g.type === 'chainSegment' ? [g.ghost1, g.ghost2] : [])];
    for (const v of ends.flatMap((p) => [p.x, p.y])) {
      if (!(Math.abs(v) <= MAX_MAGNITUDE))
        return `its number ${v} is not finite or larger than ${MAX_MAGNITUDE}`;
    }
    return Math.hypot(g.point2.x - g.point1.x, g.point2.y - g.point1.y) > shapeTolerance()
      ? null
      : 'its ends are too close';
  } else if (g.type === 'polygon') {
    const n = g.vertices.length;
    if (n < 3 || n > MAX_POLYGON_VERTICES || g.normals.length !== n) return `${n} vertices`;
    numbers = [g.radius ?? 0, ...g.vertices.flatMap((v, i) => [v.x, v.y, g.normals[i].x, g.normals[i].y])];
    if (!((g.radius ?? 0) >= 0)) return `rounding radius ${g.radius}`;
  } else return `geometry type ${(g as { type: unknown }).type}`;
  for (const v of numbers) {
    if (!Number.isFinite(v)) return `its number ${v} is not finite`;
    if (Math.abs(v) > MAX_MAGNITUDE) return `its number ${v} is larger than ${MAX_MAGNITUDE} in magnitude`;
  }
  if (!(0.25 * computeExtent(g, extentScratch) > 0)) return 'it leaves no core: it has no extent';
  if (
    g.type === 'capsule' &&
    !(Math.hypot(g.center2.x - g.center1.x, g.center2.y - g.center1.y) > shapeTolerance())
  )
    return 'its centres are too close';
  if (g.type === 'polygon' && !boundsPolygon(g.vertices, g.normals)) {
    return `vertices ${describePoints(g.vertices)} do not make a convex polygon`;
  }
  return null;
}

/** Whether unit `normals` (within 1e-6) bound the convex polygon of `vertices`. */
function boundsPolygon(vertices: readonly Vec2Like[], normals: readonly Vec2Like[]): boolean {
  let scale = 0;
  for (const v of vertices) scale = Math.max(scale, Math.abs(v.x), Math.abs(v.y));
  const tolerance = 1e-9 * (1 + scale);
  for (let i = 0; i < vertices.length; ++i) {
    const m = normals[i];
    if (Math.abs(m.x * m.x + m.y * m.y - 1) > 1e-6) return false;
    const v = vertices[i];
    for (const w of vertices) if (m.x * (w.x - v.x) + m.y * (w.y - v.y) > tolerance) return false;
  }
  return true;
}

/** Points as text, for error messages. */
function describePoints(points: readonly Vec2Like[]): string {
  return points.map((v) => `(${v.x}, ${v.y})`).join(' ');
}

/** One collision shape of a {@link Body}: geometry in the body frame, its own material and filter. */
export class BodyShape {
  /** Integer id, unique in its world, increasing in creation order. */
  readonly id: number;
  /** The geometry's kind, as given. */
  readonly type: ShapeGeometry['type'];
  /** The collision geometry, body frame (a `Box` for a box with no offset and angle, else a polygon). */
  readonly geometry: CollisionShape;
  /** Mass per area, kg/m² (changing it needs `body.createShape` anew; read-only). */
  readonly density: number;
  /** True for a sensor: it reports overlaps and makes no contact. */
  readonly sensor: boolean;
  /** Filter categories, a bit field (change with {@link BodyShape.setFilter}). */
  readonly category: number;
  /** Filter mask, a bit field (change with {@link BodyShape.setFilter}). */
  readonly mask: number;
  /** Filter group (change with {@link BodyShape.setFilter}). */
  readonly group: number;
  /** Anything you attached (the `userData` option). */
  userData: unknown;

  /** The body; null once the shape was destroyed. @internal */
  owner: Body | null;
  /** Numeric kind for dispatch (KIND_*). @internal */
  readonly kind: number;
  /** Broadphase proxy id. @internal */
  proxyId: number;
  /** The geometry packed; empty for a `Box` until a mixed pair needs it ({@link packedOf}). @internal */
  packed: Float64Array;
  /** Centroid of the geometry (body frame). @internal */
  readonly centroid: Vec2;
  /** A circle at the centroid, a quarter of the smallest extent: continuous collision's core. @internal */
  readonly core: CircleShape;
  /** The shortest distance from the centroid to the shape's surface, m. @internal */
  readonly minExtent: number;
  /** A sensor's overlapping shapes, sorted by id. @internal */
  overlaps: BodyShape[];
  /** A sensor's overlaps found this step (scratch, swapped with `overlaps`). @internal */
  overlapsNext: BodyShape[];
  private frictionValue: number;
  private restitutionValue: number;
  private rollingValue: number;
  private tangentSpeedValue: number;
  private materialValue: number;

  /** Shapes are made by `body.createShape`. @internal */
  constructor(body: Body, id: number, r: ResolvedShape) {
    this.id = id;
    this.type = r.type;
    this.geometry = r.geometry;
    this.density = r.density;
    this.sensor = r.sensor;
    this.category = r.category;
    this.mask = r.mask;
    this.group = r.group;
    this.userData = r.userData;
    this.owner = body;
    this.kind = r.kind;
    this.proxyId = -1;
    // Written twice (docs/performance.md, "Fields"): a box's is replaced when first packed.
    this.packed = UNSET_PACKED;
    this.packed = r.kind === KIND_BOX ? NOT_PACKED : packShape(r.geometry, packedArrays.take());
    this.centroid = new Vec2(0, 0);
    const minExtent = computeExtent(r.geometry, this.centroid);
    this.minExtent = minExtent;
    // (A segment has no extent: its core is the tolerance's circle.)
    this.core = makeCircle(
      minExtent > 0 ? Math.min(0.25 * minExtent, shapeTolerance()) : shapeTolerance(),
      this.centroid,
    );
    this.overlaps = objectArray();
    this.overlapsNext = objectArray();
    this.frictionValue = r.friction;
    this.restitutionValue = r.restitution;
    this.rollingValue = r.rollingResistance;
    this.tangentSpeedValue = r.tangentSpeed;
    this.materialValue = r.material;
  }

  /** The body the shape belongs to. @throws WorldError once the shape was destroyed */
  get body(): Body {
    if (this.owner === null) throw new WorldError('shape', this.toString(), 'was destroyed');
    return this.owner;
  }

  /** Friction coefficient (>= 0); a change applies to the shape's contacts at once. */
  get friction(): number {
    return this.frictionValue;
  }
  set friction(value: number) {
    const world = this.live('shape.friction');
    this.frictionValue = checkNonNegative(value, 'shape.friction');
    world.remixShapeMaterials(this, false);
  }

  /**
   * Restitution, in [0, 1]; a change applies to the shape's contacts at once.
   * @throws WorldError outside [0, 1], or once the shape (or its body) was destroyed
   */
  get restitution(): number {
    return this.restitutionValue;
  }
  set restitution(value: number) {
    const world = this.live('shape.restitution');
    this.restitutionValue = checkRestitution(value, 'shape.restitution');
    world.remixShapeMaterials(this, false);
  }

  /**
   * Rolling resistance (>= 0; see {@link ShapeOptions}); a change applies at once and wakes the bodies.
   * @throws WorldError when negative or not finite, or once the shape (or its body) was destroyed
   */
  get rollingResistance(): number {
    return this.rollingValue;
  }
  set rollingResistance(value: number) {
    const world = this.live('shape.rollingResistance');
    this.rollingValue = checkNonNegative(value, 'shape.rollingResistance');
    world.remixShapeMaterials(this, true);
  }

  /**
   * The surface speed, m/s (see {@link ShapeOptions}); a change applies at once and wakes the bodies.
   * @throws WorldError when not finite, or once the shape (or its body) was destroyed
   */
  get tangentSpeed(): number {
    return this.tangentSpeedValue;
  }
  set tangentSpeed(value: number) {
    const world = this.live('shape.tangentSpeed');
    this.tangentSpeedValue = checkFinite(value, 'shape.tangentSpeed');
    world.remixShapeMaterials(this, true);
  }

  /**
   * The material id (an integer in [0, 0xffffffff]); a change mixes the contacts again at once.
   * @throws WorldError outside that range, or once the shape (or its body) was destroyed
   */
  get material(): number {
    return this.materialValue;
  }
  set material(value: number) {
    const world = this.live('shape.material');
    this.materialValue = checkBits(value, 'shape.material');
    world.remixShapeMaterials(this, false);
  }

  /**
   * Changes the given fields of the shape's collision filter and wakes the body: contacts it now
   * forbids end at once, pairs it allows get contacts at the next step.
   * @throws WorldError naming the bad field (nothing changes then), once the shape was destroyed,
   *   or while the world steps
   */
  setFilter(filter: ShapeFilter): void {
    const world = this.live('shape.setFilter');
    world.checkUnlocked('setFilter', 'filter', filter);
    const f = checkOptions(filter, 'filter');
    checkKeys(f, FILTER_KEYS, 'filter');
    const category = optional(f, 'category', 'filter', checkBits, this.category);
    const mask = optional(f, 'mask', 'filter', checkBits, this.mask);
    const group = optional(f, 'group', 'filter', checkGroup, this.group);
    const self = this as { category: number; mask: number; group: number };
    self.category = category;
    self.mask = mask;
    self.group = group;
    refilterShape(world, (world as unknown as { core: StepState }).core, this);
  }

  /** The world of the body that owns the shape, or a WorldError naming `operation` if destroyed. */
  private live(operation: string): World {
    const world = this.owner === null ? null : this.owner.world;
    if (world === null) throw new WorldError('shape', this.toString(), `was destroyed; ${operation} refused`);
    return world;
  }

  /** `Shape #id (type)`, for messages and logs. */
  toString(): string {
    return `Shape #${this.id} (${this.type})`;
  }
}

/** A shape's rounding radius, m (a circle's, capsule's, rounded polygon's; 0 for a box). @internal */
export function roundingRadius(shape: BodyShape): number {
  return shape.kind === KIND_BOX ? 0 : shape.packed[PackedShapeSlot.Radius];
}

/** Box2D's filter rule for two shapes. @internal */
export function shouldShapesCollide(a: BodyShape, b: BodyShape): boolean {
  if (a.group === b.group && a.group !== 0) return a.group > 0;
  return (a.mask & b.category) !== 0 && (a.category & b.mask) !== 0;
}

/**
 * Writes the geometry's centroid (the mean of its packed vertices) into `centroid` and returns the
 * shortest distance from it to the surface.
 */
function computeExtent(g: CollisionShape, centroid: Vec2): number {
  const p = packShape(g, extentPacked);
  const n = p[PackedShapeSlot.Count];
  const V = PackedShapeSlot.Vertices;
  const N = PackedShapeSlot.Normals;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < n; ++i) {
    cx += p[V + 2 * i];
    cy += p[V + 2 * i + 1];
  }
  cx /= n;
  cy /= n;
  centroid.set(cx, cy);
  // A circle's or capsule's radius (a segment's 0); a polygon's nearest edge plus its rounding.
  if (n < 3) return p[PackedShapeSlot.Radius];
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; ++i) {
    const d = p[N + 2 * i] * (p[V + 2 * i] - cx) + p[N + 2 * i + 1] * (p[V + 2 * i + 1] - cy);
    if (d < min) min = d;
  }
  return min + p[PackedShapeSlot.Radius];
}
const extentPacked = new Float64Array(PACKED_SHAPE_LENGTH);

/** The farthest a point of `g` lies from the body-frame point (cx, cy), m. @internal */
export function farthestDistance(g: CollisionShape, cx: number, cy: number): number {
  // A circle's, and a box's own rim radius, as the narrowphase has always computed them.
  if (g.type === 'circle') {
    const dx = (g.center?.x ?? 0) - cx;
    const dy = (g.center?.y ?? 0) - cy;
    return Math.sqrt(dx * dx + dy * dy) + g.radius;
  }
  if (g instanceof Box && cx === 0 && cy === 0) {
    return Math.sqrt(g.halfWidth * g.halfWidth + g.halfHeight * g.halfHeight);
  }
  const p = packShape(g, extentPacked);
  let best = 0;
  for (let i = 0; i < p[PackedShapeSlot.Count]; ++i) {
    const v = PackedShapeSlot.Vertices + 2 * i;
    best = Math.max(best, Math.hypot(p[v] - cx, p[v + 1] - cy));
  }
  return best + p[PackedShapeSlot.Radius];
}

/** Orders shapes by id. */
export function compareShapes(a: BodyShape, b: BodyShape): number {
  return a.id - b.id;
}
