import type { JointDef, SceneDef } from '@lite/scenes';
import {
  type Body,
  ClassicSolver,
  type Contact,
  ContinuousCollision,
  DistanceJoint,
  PrismaticJoint,
  RevoluteJoint,
  type SolverKind,
  WeldJoint,
  WheelJoint,
  World,
  type WorldSettings,
} from '../src/index';

/**
 * The settings of the solver that steps `world`: its classic solver (`world.classicSolver`) or the
 * soft step's (`world.settings`), each with its own iterations, sub-steps and toggles.
 */
export function solverSettings(world: World): WorldSettings | ClassicSolver {
  return world.solver === 'classic' ? (world.classicSolver as ClassicSolver) : world.settings;
}

/** A world built from a scene description, and its bodies in the scene's order. */
export interface BuiltScene {
  world: World;
  bodies: Body[];
  /** The scene's joints, in its order. */
  joints: SceneJoint[];
}

/** A joint a scene can make. */
export type SceneJoint = RevoluteJoint | DistanceJoint | PrismaticJoint | WeldJoint | WheelJoint;

/** Creates the joint `def` between `bodyA` and `bodyB`. */
export function createJoint(world: World, def: JointDef, bodyA: Body, bodyB: Body): SceneJoint {
  const collideConnected = def.collideConnected;
  switch (def.kind) {
    case 'revolute':
      return world.createJoint(RevoluteJoint, {
        bodyA,
        bodyB,
        anchor: { x: def.anchorX, y: def.anchorY },
        frequencyHz: def.frequencyHz,
        dampingRatio: def.dampingRatio,
        stiffness: def.stiffness,
        damping: def.damping,
        lowerAngle: def.lowerAngle,
        upperAngle: def.upperAngle,
        motorSpeed: def.motorSpeed,
        maxMotorTorque: def.maxMotorTorque,
        springHertz: def.springHertz,
        springDampingRatio: def.springDampingRatio,
        targetAngle: def.targetAngle,
        collideConnected,
      });
    case 'distance':
      return world.createJoint(DistanceJoint, {
        bodyA,
        bodyB,
        anchorA: { x: def.anchorAX, y: def.anchorAY },
        anchorB: { x: def.anchorBX, y: def.anchorBY },
        length: def.length,
        minLength: def.minLength,
        maxLength: def.maxLength,
        frequencyHz: def.frequencyHz,
        dampingRatio: def.dampingRatio,
        stiffness: def.stiffness,
        damping: def.damping,
        motorSpeed: def.motorSpeed,
        maxMotorForce: def.maxMotorForce,
        collideConnected,
      });
    case 'prismatic':
      return world.createJoint(PrismaticJoint, {
        bodyA,
        bodyB,
        anchor: { x: def.anchorX, y: def.anchorY },
        axis: { x: def.axisX, y: def.axisY },
        lowerTranslation: def.lowerTranslation,
        upperTranslation: def.upperTranslation,
        motorSpeed: def.motorSpeed,
        maxMotorForce: def.maxMotorForce,
        collideConnected,
      });
    case 'weld':
      return world.createJoint(WeldJoint, {
        bodyA,
        bodyB,
        anchor: { x: def.anchorX, y: def.anchorY },
        linearFrequencyHz: def.linearFrequencyHz,
        angularFrequencyHz: def.angularFrequencyHz,
        dampingRatio: def.dampingRatio,
        breakForce: def.breakForce,
        breakTorque: def.breakTorque,
        collideConnected,
      });
    case 'wheel':
      return world.createJoint(WheelJoint, {
        bodyA,
        bodyB,
        anchor: { x: def.anchorX, y: def.anchorY },
        axis: { x: def.axisX, y: def.axisY },
        frequencyHz: def.frequencyHz,
        dampingRatio: def.dampingRatio,
        motorSpeed: def.motorSpeed,
        maxMotorTorque: def.maxMotorTorque,
        lowerTranslation: def.lowerTranslation,
        upperTranslation: def.upperTranslation,
        collideConnected,
      });
  }
}

/**
 * Builds `scene` in a new world (the scene's gravity and iterations; sleeping as given), with
 * continuous collision installed unless `continuous` is false.
 */
export function buildScene(
  scene: SceneDef,
  options: { sleeping?: boolean; solver?: SolverKind; continuous?: boolean } = {},
): BuiltScene {
  const world = new World({
    gravity: scene.gravity,
    sleeping: options.sleeping,
    solver: options.solver === 'classic' ? new ClassicSolver() : options.solver,
    ...(options.continuous === false ? {} : { continuous: new ContinuousCollision() }),
  });
  // The scenes' iteration count is Box2D-Lite's, for the classic solver; the soft step keeps its own.
  if (options.solver === 'classic') solverSettings(world).iterations = scene.iterations;
  const bodies: Body[] = [];
  for (const def of scene.bodies) {
    const shapes = def.shapes;
    // A filter goes with each shape (createBody's first shape takes none): all shapes are added then.
    const filter = def.filter;
    const first = filter === undefined;
    const body = world.createBody({
      type: def.type,
      ...(shapes === undefined
        ? { width: def.width, height: def.height }
        : first
          ? { shape: shapes[0] }
          : {}),
      position: { x: def.x, y: def.y },
      angle: def.angle ?? 0,
      mass: def.type === 'dynamic' && first ? def.mass : undefined,
      density: def.type === 'dynamic' && def.mass === undefined && first ? def.density : undefined,
      friction: def.friction,
      restitution: def.restitution,
      linearVelocity: def.type === 'static' ? undefined : { x: def.vx ?? 0, y: def.vy ?? 0 },
      angularVelocity: def.type === 'static' ? undefined : def.angularVelocity,
      userData: def.tag,
    });
    if (shapes !== undefined) {
      for (let i = first ? 1 : 0; i < shapes.length; ++i) {
        body.createShape({
          ...shapes[i],
          density: def.density,
          ...(first ? {} : { friction: def.friction, restitution: def.restitution, filter }),
        });
      }
    }
    bodies.push(body);
  }
  const joints: SceneJoint[] = [];
  for (const def of scene.joints) joints.push(createJoint(world, def, bodies[def.bodyA], bodies[def.bodyB]));
  return { world, bodies, joints };
}

/**
 * The CPU time this process has used, ms (user and system, every thread). A timing of work by it
 * does not grow while the machine runs other processes instead, as the wall clock's does.
 */
export function cpuTime(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/** Steps `world` `count` times at `dt` (default 1/60). */
export function run(world: World, count: number, dt = 1 / 60): void {
  for (let i = 0; i < count; ++i) world.step(dt);
}

/** True when every body's pose and velocity is finite. */
export function allFinite(world: World): boolean {
  for (const b of world.bodies) {
    const values = [
      b.position.x,
      b.position.y,
      b.angle,
      b.linearVelocity.x,
      b.linearVelocity.y,
      b.angularVelocity,
    ];
    if (!values.every(Number.isFinite)) return false;
  }
  return true;
}

/** The world's full body state as one Float64Array (x, y, angle, vx, vy, w per body, id order). */
export function stateOf(world: World): Float64Array {
  const out = new Float64Array(world.bodies.length * 6);
  let k = 0;
  for (const b of world.bodies) {
    out[k++] = b.position.x;
    out[k++] = b.position.y;
    out[k++] = b.angle;
    out[k++] = b.linearVelocity.x;
    out[k++] = b.linearVelocity.y;
    out[k++] = b.angularVelocity;
  }
  return out;
}

/** The four corners of a body's box in the world, computed independently of the engine's transform. */
export function corners(b: Body): { x: number; y: number }[] {
  const c = Math.cos(b.angle);
  const s = Math.sin(b.angle);
  const hw = b.width / 2;
  const hh = b.height / 2;
  return [
    [-hw, -hh],
    [hw, -hh],
    [hw, hh],
    [-hw, hh],
  ].map(([x, y]) => ({ x: b.position.x + c * x - s * y, y: b.position.y + s * x + c * y }));
}

/** The pair-key order, written from its definition: lower body id, higher body id, then the shapes. */
export function byPairKey(a: Contact, b: Contact): number {
  return (
    a.bodyA.id - b.bodyA.id ||
    a.bodyB.id - b.bodyB.id ||
    a.shapeA.id - b.shapeA.id ||
    a.shapeB.id - b.shapeB.id
  );
}

/** A world with no sleeping and gravity (0, `gravity`), stepped by `solver`. */
export function makeWorld(solver: SolverKind, gravity = 0): World {
  return new World({
    gravity: { x: 0, y: gravity },
    sleeping: false,
    ...(solver === 'classic' ? { solver: new ClassicSolver() } : {}),
  });
}

/** A 1 kg box on a rope (0 to 10 m) hung 5 m below a static hook, with a motor (a winch). */
export function winch(
  solver: SolverKind,
  gravity: number,
  motor: { motorSpeed: number; maxMotorForce: number },
): { world: World; box: Body; joint: DistanceJoint } {
  const world = makeWorld(solver, gravity);
  const hook = world.createBody({ type: 'static', width: 0.2, height: 0.2, position: { x: 0, y: 0 } });
  const box = world.createBody({ width: 0.5, height: 0.5, mass: 1, position: { x: 0, y: -5 } });
  const joint = world.createJoint(DistanceJoint, {
    bodyA: hook,
    bodyB: box,
    anchorA: { x: 0, y: 0 },
    anchorB: { x: 0, y: -5 },
    minLength: 0,
    maxLength: 10,
    ...motor,
  });
  return { world, box, joint };
}
