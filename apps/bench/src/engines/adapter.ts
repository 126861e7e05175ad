import type { BodyDef, DistanceJointDef, JointDef, RevoluteJointDef, SceneDef } from '@lite/scenes';
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
 */
export const ENGINE_IDS = [
  'lite',
  'lite-soft',
  'lite-classic',
  'planck',
  'box2d',
  'matter',
  'p2',
  'rapier',
  'box2d3',
] as const;

/** One of {@link ENGINE_IDS}. */
export type EngineId = (typeof ENGINE_IDS)[number];

/** The mass of a dynamic body: `mass`, or `density × width × height`. */
export function massOf(body: BodyDef): number {
  if (body.mass !== undefined) return body.mass;
  if (body.density !== undefined) return body.density * body.width * body.height;
  throw new BenchError('body.mass', body.mass, 'a dynamic body needs a mass or a density');
}

/** The density (kg/m²) that gives a dynamic body its mass. */
export function densityOf(body: BodyDef): number {
  return massOf(body) / (body.width * body.height);
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

/**
 * Refuses a body made of shapes (`BodyDef.shapes`) in an adapter that maps only boxes, so a scene of
 * shapes is never timed as a scene of boxes.
 * @throws BenchError naming the engine and the body
 */
export function requireBox(engine: string, body: BodyDef, index: number): void {
  if (body.shapes !== undefined) {
    throw new BenchError(
      `scene.bodies[${index}].shapes`,
      body.shapes.map((s) => s.type).join(', '),
      `the ${engine} adapter maps boxes only`,
    );
  }
}
