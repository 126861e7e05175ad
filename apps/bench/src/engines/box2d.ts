import {
  type b2Body,
  b2BodyType,
  b2CircleShape,
  b2DistanceJointDef,
  b2PolygonShape,
  b2RevoluteJointDef,
  type b2Shape,
  b2World,
} from '@box2d/core';
import type { SceneDef, ShapeDef } from '@lite/scenes';
import {
  capsulePolygon,
  densityOf,
  type EngineAdapter,
  requireRigidJoint,
  requireSharpPolygon,
  shapesOf,
} from './adapter';

/** Box2D 2.4's shape for one of the scene's (a capsule as an 8-gon: Box2D 2.4 has no capsule). */
function box2dShape(shape: ShapeDef): b2Shape {
  switch (shape.type) {
    case 'circle': {
      const circle = new b2CircleShape(shape.radius);
      circle.m_p.Set(shape.center?.x ?? 0, shape.center?.y ?? 0);
      return circle;
    }
    case 'box':
      return new b2PolygonShape().SetAsBox(
        shape.width / 2,
        shape.height / 2,
        { x: shape.offset?.x ?? 0, y: shape.offset?.y ?? 0 },
        shape.angle ?? 0,
      );
    case 'polygon':
    case 'capsule': {
      const polygon = new b2PolygonShape();
      polygon.Set(shape.type === 'polygon' ? shape.vertices : capsulePolygon(shape));
      return polygon;
    }
  }
}

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
      const body = world.CreateBody({
        type: BODY_TYPES[def.type],
        position: { x: def.x, y: def.y },
        angle: def.angle ?? 0,
        allowSleep: false,
        bullet: false,
        linearVelocity: { x: def.vx ?? 0, y: def.vy ?? 0 },
        angularVelocity: def.angularVelocity ?? 0,
      });
      const density = def.type === 'dynamic' ? densityOf(def) : 0;
      for (const shape of shapesOf(def)) {
        requireSharpPolygon('box2d', shape, index);
        body.CreateFixture({
          shape: box2dShape(shape),
          density,
          friction: def.friction ?? 0.2,
          restitution: def.restitution ?? 0,
        });
      }
      this.bodies.push(body);
    }
    scene.joints.forEach((j, index) => {
      requireRigidJoint('box2d', j, index);
      const a = this.bodies[j.bodyA];
      const b = this.bodies[j.bodyB];
      if (j.kind === 'revolute') {
        const jd = new b2RevoluteJointDef();
        jd.Initialize(a, b, { x: j.anchorX, y: j.anchorY });
        jd.collideConnected = j.collideConnected ?? false;
        world.CreateJoint(jd);
      } else {
        const jd = new b2DistanceJointDef();
        jd.Initialize(a, b, { x: j.anchorAX, y: j.anchorAY }, { x: j.anchorBX, y: j.anchorBY });
        if (j.length !== undefined) jd.length = jd.minLength = jd.maxLength = j.length;
        jd.collideConnected = j.collideConnected ?? false;
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
