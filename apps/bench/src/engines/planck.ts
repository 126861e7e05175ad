import type { SceneDef, ShapeDef } from '@lite/scenes';
import {
  type Body,
  Box,
  Circle,
  DistanceJoint,
  Polygon,
  RevoluteJoint,
  type Shape,
  Vec2,
  World,
} from 'planck';
import {
  capsulePolygon,
  densityOf,
  type EngineAdapter,
  requireRigidJoint,
  requireSharpPolygon,
  shapesOf,
} from './adapter';

/** planck.js's shape for one of the scene's (a capsule as an 8-gon: planck has no capsule). */
function planckShape(shape: ShapeDef): Shape {
  switch (shape.type) {
    case 'circle':
      return new Circle(new Vec2(shape.center?.x ?? 0, shape.center?.y ?? 0), shape.radius);
    case 'box':
      return new Box(
        shape.width / 2,
        shape.height / 2,
        new Vec2(shape.offset?.x ?? 0, shape.offset?.y ?? 0),
        shape.angle ?? 0,
      );
    case 'polygon':
      return new Polygon(shape.vertices.map((v) => new Vec2(v.x, v.y)));
    case 'capsule':
      return new Polygon(capsulePolygon(shape).map((v) => new Vec2(v.x, v.y)));
  }
}

/** planck.js's default position iterations (Box2D 2.x's default). */
const POSITION_ITERATIONS = 3;

/**
 * planck.js (Box2D 2.x in JavaScript): metres, y up, like the scenes. Sleeping off, continuous
 * collision off, `iterations` velocity iterations and the default 3 position iterations.
 */
export class PlanckAdapter implements EngineAdapter {
  private world: World | null = null;
  private bodies: Body[] = [];
  private velocityIterations = 10;

  build(scene: SceneDef): void {
    const world = new World({
      gravity: new Vec2(scene.gravity.x, scene.gravity.y),
      allowSleep: false,
      continuousPhysics: false,
    });
    this.velocityIterations = scene.iterations;
    for (const [index, def] of scene.bodies.entries()) {
      const body = world.createBody({
        type: def.type,
        position: new Vec2(def.x, def.y),
        angle: def.angle ?? 0,
        allowSleep: false,
        bullet: false,
        linearVelocity: new Vec2(def.vx ?? 0, def.vy ?? 0),
        angularVelocity: def.angularVelocity ?? 0,
      });
      const density = def.type === 'dynamic' ? densityOf(def) : 0;
      for (const shape of shapesOf(def)) {
        requireSharpPolygon('planck', shape, index);
        body.createFixture({
          shape: planckShape(shape),
          density,
          friction: def.friction ?? 0.2,
          restitution: def.restitution ?? 0,
        });
      }
      this.bodies.push(body);
    }
    scene.joints.forEach((j, index) => {
      requireRigidJoint('planck', j, index);
      const a = this.bodies[j.bodyA];
      const b = this.bodies[j.bodyB];
      const collideConnected = j.collideConnected ?? false;
      if (j.kind === 'revolute') {
        world.createJoint(new RevoluteJoint({ collideConnected }, a, b, new Vec2(j.anchorX, j.anchorY)));
      } else {
        const joint = new DistanceJoint(
          { collideConnected },
          a,
          b,
          new Vec2(j.anchorAX, j.anchorAY),
          new Vec2(j.anchorBX, j.anchorBY),
        );
        if (j.length !== undefined) joint.setLength(j.length);
        world.createJoint(joint);
      }
    });
    this.world = world;
  }

  step(dt: number): void {
    (this.world as World).step(dt, this.velocityIterations, POSITION_ITERATIONS);
  }

  readPoses(out: Float64Array): void {
    const bodies = this.bodies;
    for (let i = 0; i < bodies.length; ++i) {
      const p = bodies[i].getPosition();
      out[3 * i] = p.x;
      out[3 * i + 1] = p.y;
      out[3 * i + 2] = bodies[i].getAngle();
    }
  }
}
