import {
  type b2Body,
  b2BodyType,
  b2DistanceJointDef,
  b2PolygonShape,
  b2RevoluteJointDef,
  b2World,
} from '@box2d/core';
import type { SceneDef } from '@lite/scenes';
import { densityOf, type EngineAdapter, requireBox, requireRigidJoint } from './adapter';

/** Box2D 2.4's default position iterations. */
const POSITION_ITERATIONS = 3;

const BODY_TYPES = {
  static: b2BodyType.b2_staticBody,
  dynamic: b2BodyType.b2_dynamicBody,
  kinematic: b2BodyType.b2_kinematicBody,
} as const;

/**
 * @box2d/core (Box2D 2.4 in TypeScript): metres, y up. Sleeping off, continuous collision off,
 * `iterations` velocity iterations and the default 3 position iterations.
 */
export class Box2dAdapter implements EngineAdapter {
  private world: b2World | null = null;
  private bodies: b2Body[] = [];
  private readonly config = { velocityIterations: 10, positionIterations: POSITION_ITERATIONS };

  build(scene: SceneDef): void {
    const world = b2World.Create(scene.gravity);
    world.SetAllowSleeping(false);
    world.SetContinuousPhysics(false);
    this.config.velocityIterations = scene.iterations;
    for (const [index, def] of scene.bodies.entries()) {
      requireBox('box2d', def, index);
      const body = world.CreateBody({
        type: BODY_TYPES[def.type],
        position: { x: def.x, y: def.y },
        angle: def.angle ?? 0,
        allowSleep: false,
        bullet: false,
        linearVelocity: { x: def.vx ?? 0, y: def.vy ?? 0 },
        angularVelocity: def.angularVelocity ?? 0,
      });
      body.CreateFixture({
        shape: new b2PolygonShape().SetAsBox(def.width / 2, def.height / 2),
        density: def.type === 'dynamic' ? densityOf(def) : 0,
        friction: def.friction ?? 0.2,
        restitution: def.restitution ?? 0,
      });
      this.bodies.push(body);
    }
    scene.joints.forEach((j, index) => {
      requireRigidJoint('box2d', j, index);
      const a = this.bodies[j.bodyA];
      const b = this.bodies[j.bodyB];
      if (j.kind === 'revolute') {
        const jd = new b2RevoluteJointDef();
        jd.Initialize(a, b, { x: j.anchorX, y: j.anchorY });
        world.CreateJoint(jd);
      } else {
        const jd = new b2DistanceJointDef();
        jd.Initialize(a, b, { x: j.anchorAX, y: j.anchorAY }, { x: j.anchorBX, y: j.anchorBY });
        if (j.length !== undefined) jd.length = jd.minLength = jd.maxLength = j.length;
        world.CreateJoint(jd);
      }
    });
    this.world = world;
  }

  step(dt: number): void {
    (this.world as b2World).Step(dt, this.config);
  }

  readPoses(out: Float64Array): void {
    const bodies = this.bodies;
    for (let i = 0; i < bodies.length; ++i) {
      const p = bodies[i].GetPosition();
      out[3 * i] = p.x;
      out[3 * i + 1] = p.y;
      out[3 * i + 2] = bodies[i].GetAngle();
    }
  }
}
