/**
 * The scenes the cross-runtime determinism test hashes: bundled with Vite from the built packages
 * and run, the same bundle, in Node and in Chromium (see determinism.test.ts). Everything here is
 * plain arithmetic on the engine's state: no clock, no randomness outside the scenes' seeds.
 */
import { catalogue, type SceneDef } from '@lite/scenes';
import { type Body, type SolverKind, World } from '@lite/world';

/** One hashed run: a catalogue scene (with parameters), a solver and a step count. */
export interface HashSpec {
  id: string;
  solver: SolverKind;
  steps: number;
  parameters?: Record<string, number>;
}

/** A run's result: a hash of every body's pose and velocity bits every 100 steps, and more. */
export interface HashResult {
  key: string;
  /** Hex FNV-1a (two 32-bit lanes) of the Float64 bits, one per checkpoint. */
  hashes: string[];
  bodies: number;
  stepCount: number;
  /** Σ |x| + |y| over the bodies at the end (shows that the scene moved and is not empty). */
  spread: number;
  /** How far the dynamic bodies moved in all, m (a scene that stood still would hash alike anywhere). */
  travel: number;
}

/** Builds `scene` in a new world stepped by `solver` (the scene's gravity and iterations). */
export function buildScene(scene: SceneDef, solver: SolverKind): World {
  const world = new World({ gravity: scene.gravity, solver });
  const inUse = world.settings.solver;
  world.settings.solver = 'classic';
  world.settings.iterations = scene.iterations;
  world.settings.solver = inUse;
  const bodies: Body[] = [];
  for (const def of scene.bodies) {
    const shapes = def.shapes;
    const body = world.createBody({
      type: def.type,
      ...(shapes === undefined ? { width: def.width, height: def.height } : { shape: shapes[0] }),
      position: { x: def.x, y: def.y },
      angle: def.angle ?? 0,
      mass: def.type === 'dynamic' ? def.mass : undefined,
      density: def.type === 'dynamic' && def.mass === undefined ? def.density : undefined,
      friction: def.friction,
      restitution: def.restitution,
      linearVelocity: def.type === 'static' ? undefined : { x: def.vx ?? 0, y: def.vy ?? 0 },
      angularVelocity: def.type === 'static' ? undefined : def.angularVelocity,
    });
    if (shapes !== undefined) {
      for (let i = 1; i < shapes.length; ++i) body.createShape({ ...shapes[i], density: def.density });
    }
    bodies.push(body);
  }
  for (const def of scene.joints) {
    if (def.kind === 'revolute') {
      world.createRevoluteJoint({
        bodyA: bodies[def.bodyA],
        bodyB: bodies[def.bodyB],
        anchor: { x: def.anchorX, y: def.anchorY },
        frequencyHz: def.frequencyHz,
        dampingRatio: def.dampingRatio,
        stiffness: def.stiffness,
        damping: def.damping,
        lowerAngle: def.lowerAngle,
        upperAngle: def.upperAngle,
        motorSpeed: def.motorSpeed,
        maxMotorTorque: def.maxMotorTorque,
      });
    } else {
      world.createDistanceJoint({
        bodyA: bodies[def.bodyA],
        bodyB: bodies[def.bodyB],
        anchorA: { x: def.anchorAX, y: def.anchorAY },
        anchorB: { x: def.anchorBX, y: def.anchorBY },
        length: def.length,
        minLength: def.minLength,
        maxLength: def.maxLength,
        frequencyHz: def.frequencyHz,
        dampingRatio: def.dampingRatio,
        stiffness: def.stiffness,
        damping: def.damping,
      });
    }
  }
  return world;
}

/** FNV-1a over the 32-bit words of every body's x, y, angle, vx, vy, w as Float64 bits. */
function hashState(world: World): string {
  const values = new Float64Array(world.bodies.length * 6);
  let k = 0;
  for (const b of world.bodies) {
    values[k++] = b.position.x;
    values[k++] = b.position.y;
    values[k++] = b.angle;
    values[k++] = b.linearVelocity.x;
    values[k++] = b.linearVelocity.y;
    values[k++] = b.angularVelocity;
  }
  const words = new Uint32Array(values.buffer);
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < words.length; ++i) {
    h1 = Math.imul(h1 ^ words[i], 16777619) >>> 0;
    h2 = Math.imul(h2 ^ words[words.length - 1 - i], 2246822519) >>> 0;
  }
  return h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
}

/** Steps each spec's scene at 1/60 s and hashes its state every 100 steps and at the end. */
export function hashScenes(specs: readonly HashSpec[]): HashResult[] {
  return specs.map((spec) => {
    const entry = catalogue.find((e) => e.id === spec.id);
    if (entry === undefined) throw new Error(`no catalogue scene ${spec.id}`);
    const world = buildScene(entry.create(spec.parameters), spec.solver);
    const start = world.bodies.map((b) => [b.position.x, b.position.y]);
    const hashes: string[] = [];
    for (let i = 1; i <= spec.steps; ++i) {
      world.step(1 / 60);
      if (i % 100 === 0 || i === spec.steps) hashes.push(hashState(world));
    }
    let spread = 0;
    let travel = 0;
    world.bodies.forEach((b, i) => {
      spread += Math.abs(b.position.x) + Math.abs(b.position.y);
      travel += Math.hypot(b.position.x - start[i][0], b.position.y - start[i][1]);
    });
    return {
      key: `${spec.id} ${spec.solver}`,
      hashes,
      bodies: world.bodies.length,
      stepCount: world.stepCount,
      spread,
      travel,
    };
  });
}
