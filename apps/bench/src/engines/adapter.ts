import type {
  BodyDef,
  DistanceJointDef,
  JointDef,
  PointDef,
  RevoluteJointDef,
  SceneDef,
  ShapeDef,
} from '@lite/scenes';
import { BenchError } from '../errors';

/**
 * One physics engine behind the benchmark's common interface. The scene is given once, in metres, y up,
 * angles counter-clockwise; the adapter converts to its engine's units and back.
 */
export interface EngineAdapter {
  /** Builds every body and joint of `scene` in a new world (called once per adapter). */
  build(scene: SceneDef): void;
  /** Advances the world by `dt` seconds. */
  step(dt: number): void;
  /**
   * Writes the pose of body i of the scene (x, y in m, angle in rad, counter-clockwise) to
   * out[3 i], out[3 i + 1], out[3 i + 2].
   */
  readPoses(out: Float64Array): void;
  /** Optional: turns the engine's own per-stage timings on, where they cost something when on. */
  startStageTimes?(): void;
  /**
   * Optional: adds the engine's own timings of the last step, ms per stage under the engine's names
   * for them (lite's `world.profile`, Box2D v3's `b2World_GetProfile`), to `into`.
   */
  addStageTimes?(into: Record<string, number>): void;
}

/**
 * The engines the benchmark knows, in the order the tables list them. `lite` steps with the solver a
 * new World picks by default; `lite-soft` and `lite-classic` with that solver, whatever the default
 * (a run lists `lite` and the one of the two that is not the default: see `src/lite-solvers.ts`).
 * `lite-ts` is `lite` with its WebAssembly kernels off (every pass as TypeScript, the same results):
 * not in a full run, but with `--engines`, to show what the kernels are worth.
 * `box2d3-scalar` is Box2D v3's build without SIMD: not in a full run (users get the SIMD build),
 * but in the stage profile and with `--engines`, to show what SIMD is worth to Box2D v3.
 */
export const ENGINE_IDS = [
  'lite',
  'lite-soft',
  'lite-classic',
  'lite-ts',
  'planck',
  'box2d',
  'matter',
  'p2',
  'rapier',
  'box2d3',
  'box2d3-scalar',
] as const;

/** One of {@link ENGINE_IDS}. */
export type EngineId = (typeof ENGINE_IDS)[number];

/** A body's shapes: its `shapes`, or the one `width` × `height` box centred on its origin. */
export function shapesOf(body: BodyDef): ShapeDef[] {
  return body.shapes ?? [{ type: 'box', width: body.width, height: body.height }];
}

/** The area of a shape, m² (a rounded polygon's includes its rounding: perimeter × r + π r²). */
export function shapeArea(shape: ShapeDef): number {
  switch (shape.type) {
    case 'circle':
      return Math.PI * shape.radius * shape.radius;
    case 'capsule': {
      const length = Math.hypot(shape.center2.x - shape.center1.x, shape.center2.y - shape.center1.y);
      return 2 * shape.radius * length + Math.PI * shape.radius * shape.radius;
    }
    case 'box':
      return shape.width * shape.height;
    case 'polygon': {
      const v = shape.vertices;
      let twice = 0;
      let perimeter = 0;
      for (let i = 0; i < v.length; ++i) {
        const a = v[i];
        const b = v[(i + 1) % v.length];
        twice += a.x * b.y - a.y * b.x;
        perimeter += Math.hypot(b.x - a.x, b.y - a.y);
      }
      const r = shape.radius ?? 0;
      return Math.abs(twice) / 2 + perimeter * r + Math.PI * r * r;
    }
  }
}

/** The mass of a dynamic body: `mass`, or `density` × the area of its shapes. */
export function massOf(body: BodyDef): number {
  if (body.mass !== undefined) return body.mass;
  if (body.density !== undefined) {
    let area = 0;
    for (const shape of shapesOf(body)) area += shapeArea(shape);
    return body.density * area;
  }
  throw new BenchError('body.mass', body.mass, 'a dynamic body needs a mass or a density');
}

/** The density (kg/m²) that gives a dynamic body its mass over the area of its shapes. */
export function densityOf(body: BodyDef): number {
  if (body.mass === undefined && body.density !== undefined) return body.density;
  let area = 0;
  for (const shape of shapesOf(body)) area += shapeArea(shape);
  return massOf(body) / area;
}

/**
 * The corners of a box shape in its body's frame (counter-clockwise), with its offset and angle.
 */
export function boxCorners(shape: Extract<ShapeDef, { type: 'box' }>): PointDef[] {
  const c = Math.cos(shape.angle ?? 0);
  const s = Math.sin(shape.angle ?? 0);
  const ox = shape.offset?.x ?? 0;
  const oy = shape.offset?.y ?? 0;
  const hx = shape.width / 2;
  const hy = shape.height / 2;
  return [
    [hx, hy],
    [-hx, hy],
    [-hx, -hy],
    [hx, -hy],
  ].map(([x, y]) => ({ x: ox + c * x - s * y, y: oy + s * x + c * y }));
}

/**
 * A capsule as a convex polygon of `arcPoints` points on each end cap (for engines without capsules:
 * Box2D 2.x and planck.js, whose polygons have at most 8 vertices), counter-clockwise. Its area is a
 * little less than the capsule's; its mass is set from the capsule's through the density.
 */
export function capsulePolygon(shape: Extract<ShapeDef, { type: 'capsule' }>, arcPoints = 4): PointDef[] {
  const { center1: p, center2: q, radius: r } = shape;
  const axis = Math.atan2(q.y - p.y, q.x - p.x);
  const points: PointDef[] = [];
  // Cap around center2 from -90° to +90° of the axis, then around center1 from +90° to +270°.
  for (const [centre, start] of [
    [q, axis - Math.PI / 2],
    [p, axis + Math.PI / 2],
  ] as const) {
    for (let k = 0; k < arcPoints; ++k) {
      const a = start + (Math.PI * k) / (arcPoints - 1);
      points.push({ x: centre.x + r * Math.cos(a), y: centre.y + r * Math.sin(a) });
    }
  }
  return points;
}

/**
 * Refuses a rounded polygon in an engine that has none.
 * @throws BenchError naming the engine and the body
 */
export function requireSharpPolygon(engine: string, shape: ShapeDef, index: number): void {
  if (shape.type === 'polygon' && (shape.radius ?? 0) > 0) {
    throw new BenchError(
      `scene.bodies[${index}].shapes`,
      'polygon with radius',
      `the ${engine} adapter maps sharp polygons only`,
    );
  }
}

/**
 * A world point expressed in the frame of a body at its initial pose (the local anchor engines that
 * take local anchors need).
 */
export function localPoint(body: BodyDef, x: number, y: number): { x: number; y: number } {
  const angle = body.angle ?? 0;
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const dx = x - body.x;
  const dy = y - body.y;
  return { x: c * dx + s * dy, y: -s * dx + c * dy };
}

/** The joints every adapter maps: pins and rods (distance joints). */
export type BasicJointDef = RevoluteJointDef | DistanceJointDef;

/**
 * Refuses the joints no adapter maps (prismatic, weld and wheel joints): the benchmark's scenes use
 * pins and rods only.
 * @throws BenchError naming the engine and the joint
 */
export function requireBasicJoint(
  engine: string,
  joint: JointDef,
  index: number,
): asserts joint is BasicJointDef {
  if (joint.kind !== 'revolute' && joint.kind !== 'distance') {
    throw new BenchError(`joints[${index}]`, joint.kind, `the ${engine} adapter maps pins and rods only`);
  }
}

/**
 * Refuses what the benchmark's adapters do not map: soft joints (their frequency parameters have no
 * common meaning across engines; a stiffness or damping makes a joint soft too) and joint limits or
 * motors. The benchmark's scenes use none of them.
 * @throws BenchError naming the engine and the joint
 */
export function requireRigidJoint(
  engine: string,
  joint: JointDef,
  index: number,
): asserts joint is BasicJointDef {
  requireBasicJoint(engine, joint, index);
  const soft = (joint.frequencyHz ?? 0) > 0 || joint.stiffness !== undefined || joint.damping !== undefined;
  const extras =
    joint.kind === 'revolute' &&
    (joint.lowerAngle !== undefined || joint.upperAngle !== undefined || joint.motorSpeed !== undefined);
  if (soft || extras) {
    throw new BenchError(
      `joints[${index}]`,
      joint.kind,
      `${engine} adapter maps rigid joints without limits or motors only`,
    );
  }
}
