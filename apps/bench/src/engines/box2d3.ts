import type { SceneDef, ShapeDef } from '@lite/scenes';
import Box2DFactory from 'box2d3-wasm';
import { BenchError } from '../errors';
import { densityOf, type EngineAdapter, localPoint, requireRigidJoint, shapesOf } from './adapter';

/** The loaded Emscripten module. */
type Box2D = Awaited<ReturnType<typeof Box2DFactory>>;
type WorldId = ReturnType<Box2D['b2CreateWorld']>;
type BodyId = ReturnType<Box2D['b2CreateBody']>;

/** Box2D v3's default sub-steps per step (`b2World_Step(world, dt, 4)` in its samples and docs). */
export const BOX2D3_SUBSTEPS = 4;

/**
 * The fields of Box2D v3's `b2Profile` (ms of the last step, from its own timers), in its order:
 * `step` is the whole step; `pairs`, `collide` and `solve` its three parts; the rest split `solve`.
 */
export const BOX2D3_PROFILE_FIELDS = [
  'step',
  'pairs',
  'collide',
  'solve',
  'prepareStages',
  'solveConstraints',
  'prepareConstraints',
  'integrateVelocities',
  'warmStart',
  'solveImpulses',
  'integratePositions',
  'relaxImpulses',
  'applyRestitution',
  'storeImpulses',
  'splitIslands',
  'transforms',
  'sensorHits',
  'jointEvents',
  'hitEvents',
  'refit',
  'bullets',
  'sleepIslands',
  'sensors',
] as const;

/** Which of box2d3-wasm's two builds to run: `simd` (what its entry point picks in Node) or `scalar`. */
export type Box2d3Build = 'simd' | 'scalar';

/** The loaded Emscripten modules, one per build. */
const loaded: Record<Box2d3Build, Box2D | null> = { simd: null, scalar: null };

/**
 * Loads box2d3-wasm once per process. `simd` goes through its entry point, which picks the SIMD
 * build (`deluxe`, also built with threads) when the runtime validates WebAssembly SIMD and there
 * is no `window` (Node), else the `compat` build. `scalar` loads the `compat` build (neither SIMD
 * nor threads) directly: Box2D v3 with the same code and scalar arithmetic, the measure of what
 * SIMD is worth to it. `pthreadCount: 0` starts no worker threads (by default it starts one per
 * core, 4 where `navigator` is missing, as in Node 20): the benchmark's worlds are the default
 * single-threaded ones (`b2CreateWorld`, no task system). Returns which build it took.
 */
export async function initBox2d3(build: Box2d3Build = 'simd'): Promise<'simd' | 'compat'> {
  if (build === 'scalar') {
    if (loaded.scalar === null) {
      // The package exports only its entry point; the compat build sits beside it.
      const url = new URL('./compat/Box2D.compat.mjs', import.meta.resolve('box2d3-wasm'));
      const factory = (await import(url.href)).default as typeof Box2DFactory;
      loaded.scalar = await factory({ pthreadCount: 0 });
    }
    return 'compat';
  }
  if (loaded.simd === null) loaded.simd = await Box2DFactory({ pthreadCount: 0 });
  return box2d3Build();
}

/**
 * Which build box2d3-wasm's entry point loads here: `simd` (its `deluxe` build: WebAssembly SIMD,
 * threads compiled in) or `compat` (neither). The same test as the entry point's.
 */
export function box2d3Build(): 'simd' | 'compat' {
  const probe = new Uint8Array([
    0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98,
    11,
  ]);
  return WebAssembly.validate(probe) && typeof (globalThis as { window?: unknown }).window === 'undefined'
    ? 'simd'
    : 'compat';
}

/**
 * box2d3-wasm (Box2D v3 in C, compiled to WebAssembly by Emscripten): metres, y up. Its default
 * world (single-threaded, 30 Hz contacts with damping ratio 10, restitution threshold 1 m/s) with
 * sleeping and continuous collision off, stepped with its default 4 sub-steps; the scene's
 * iterations are Box2D-Lite's and are not passed (Box2D v3 has no iteration count: one solve and
 * one relax per sub-step). `build` picks the SIMD build (the default) or the scalar one; call
 * {@link initBox2d3} with the same build first.
 */
export class Box2d3Adapter implements EngineAdapter {
  private readonly b2: Box2D;
  private world: WorldId | null = null;
  private bodies: BodyId[] = [];

  constructor(build: Box2d3Build = 'simd') {
    const module = loaded[build];
    if (module === null) throw new BenchError('box2d3', 'not loaded', `await initBox2d3('${build}') first`);
    this.b2 = module;
  }

  build(scene: SceneDef): void {
    const b2 = this.b2;
    const worldDef = b2.b2DefaultWorldDef();
    worldDef.gravity = new b2.b2Vec2(scene.gravity.x, scene.gravity.y);
    worldDef.enableSleep = false;
    worldDef.enableContinuous = false;
    const world = b2.b2CreateWorld(worldDef);
    worldDef.delete();
    for (const def of scene.bodies) {
      const bodyDef = b2.b2DefaultBodyDef();
      bodyDef.type =
        def.type === 'dynamic'
          ? b2.b2BodyType.b2_dynamicBody
          : def.type === 'kinematic'
            ? b2.b2BodyType.b2_kinematicBody
            : b2.b2BodyType.b2_staticBody;
      bodyDef.position = new b2.b2Vec2(def.x, def.y);
      // Not b2MakeRot: it approximates cosine and sine (0.3 rad comes out 1.5 mrad off).
      const rotation = new b2.b2Rot();
      rotation.c = Math.cos(def.angle ?? 0);
      rotation.s = Math.sin(def.angle ?? 0);
      bodyDef.rotation = rotation;
      rotation.delete();
      bodyDef.linearVelocity = new b2.b2Vec2(def.vx ?? 0, def.vy ?? 0);
      bodyDef.angularVelocity = def.angularVelocity ?? 0;
      bodyDef.enableSleep = false;
      bodyDef.isBullet = false;
      const body = b2.b2CreateBody(world, bodyDef);
      bodyDef.delete();
      const shapeDef = b2.b2DefaultShapeDef();
      shapeDef.density = def.type === 'dynamic' ? densityOf(def) : 0;
      const material = shapeDef.material;
      material.friction = def.friction ?? 0.2;
      material.restitution = def.restitution ?? 0;
      shapeDef.material = material;
      for (const shape of shapesOf(def)) this.createShape(body, shapeDef, shape);
      shapeDef.delete();
      this.bodies.push(body);
    }
    scene.joints.forEach((j, index) => {
      requireRigidJoint('box2d3', j, index);
      const a = scene.bodies[j.bodyA];
      const b = scene.bodies[j.bodyB];
      const [pa, pb] =
        j.kind === 'revolute'
          ? [localPoint(a, j.anchorX, j.anchorY), localPoint(b, j.anchorX, j.anchorY)]
          : [localPoint(a, j.anchorAX, j.anchorAY), localPoint(b, j.anchorBX, j.anchorBY)];
      const jointDef =
        j.kind === 'revolute' ? b2.b2DefaultRevoluteJointDef() : b2.b2DefaultDistanceJointDef();
      // Embind hands out copies of nested structs: edit them, then write them back.
      const base = jointDef.base;
      base.bodyIdA = this.bodies[j.bodyA];
      base.bodyIdB = this.bodies[j.bodyB];
      base.collideConnected = j.collideConnected ?? false;
      const frameA = base.localFrameA;
      frameA.p = new b2.b2Vec2(pa.x, pa.y);
      base.localFrameA = frameA;
      const frameB = base.localFrameB;
      frameB.p = new b2.b2Vec2(pb.x, pb.y);
      base.localFrameB = frameB;
      jointDef.base = base;
      if (j.kind === 'revolute') {
        b2.b2CreateRevoluteJoint(world, jointDef as ReturnType<Box2D['b2DefaultRevoluteJointDef']>);
      } else {
        const distance = jointDef as ReturnType<Box2D['b2DefaultDistanceJointDef']>;
        // A rigid rod (no spring, no limit) of the scene's length, or the anchors' distance.
        distance.length = j.length ?? Math.hypot(j.anchorBX - j.anchorAX, j.anchorBY - j.anchorAY);
        b2.b2CreateDistanceJoint(world, distance);
      }
      jointDef.delete();
    });
    this.world = world;
  }

  /** Adds one of the scene's shapes to `body` (Box2D v3 has every kind: circle, capsule, rounded polygon). */
  private createShape(body: BodyId, shapeDef: ReturnType<Box2D['b2DefaultShapeDef']>, shape: ShapeDef): void {
    const b2 = this.b2;
    switch (shape.type) {
      case 'circle': {
        const circle = new b2.b2Circle();
        circle.center = new b2.b2Vec2(shape.center?.x ?? 0, shape.center?.y ?? 0);
        circle.radius = shape.radius;
        b2.b2CreateCircleShape(body, shapeDef, circle);
        circle.delete();
        return;
      }
      case 'capsule': {
        const capsule = new b2.b2Capsule();
        capsule.center1 = new b2.b2Vec2(shape.center1.x, shape.center1.y);
        capsule.center2 = new b2.b2Vec2(shape.center2.x, shape.center2.y);
        capsule.radius = shape.radius;
        b2.b2CreateCapsuleShape(body, shapeDef, capsule);
        capsule.delete();
        return;
      }
      case 'polygon': {
        const hull = b2.b2ComputeHull(shape.vertices.map((v) => new b2.b2Vec2(v.x, v.y)));
        const polygon = b2.b2MakePolygon(hull, shape.radius ?? 0);
        b2.b2CreatePolygonShape(body, shapeDef, polygon);
        polygon.delete();
        hull.delete();
        return;
      }
      case 'box': {
        const rotation = new b2.b2Rot();
        rotation.c = Math.cos(shape.angle ?? 0);
        rotation.s = Math.sin(shape.angle ?? 0);
        const box = b2.b2MakeOffsetBox(
          shape.width / 2,
          shape.height / 2,
          new b2.b2Vec2(shape.offset?.x ?? 0, shape.offset?.y ?? 0),
          rotation,
        );
        b2.b2CreatePolygonShape(body, shapeDef, box);
        box.delete();
        rotation.delete();
        return;
      }
    }
  }

  step(dt: number): void {
    this.b2.b2World_Step(this.world as WorldId, dt, BOX2D3_SUBSTEPS);
  }

  readPoses(out: Float64Array): void {
    const b2 = this.b2;
    const bodies = this.bodies;
    for (let i = 0; i < bodies.length; ++i) {
      const p = b2.b2Body_GetPosition(bodies[i]);
      const q = b2.b2Body_GetRotation(bodies[i]);
      out[3 * i] = p.x;
      out[3 * i + 1] = p.y;
      out[3 * i + 2] = Math.atan2(q.s, q.c);
      p.delete();
      q.delete();
    }
  }

  /** Adds Box2D v3's own timings of the last step (`b2World_GetProfile`, ms) to `into`. */
  addStageTimes(into: Record<string, number>): void {
    const profile = this.b2.b2World_GetProfile(this.world as WorldId);
    for (const field of BOX2D3_PROFILE_FIELDS) into[field] = (into[field] ?? 0) + profile[field];
    profile.delete();
  }
}
