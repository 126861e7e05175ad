import RAPIER from '@dimforge/rapier2d-compat';
import type { SceneDef, ShapeDef } from '@lite/scenes';
import { BenchError } from '../errors';
import { densityOf, type EngineAdapter, localPoint, requireRigidJoint, shapesOf } from './adapter';

/** Rapier's collider description for one of the scene's shapes, placed in its body. */
function rapierCollider(shape: ShapeDef): RAPIER.ColliderDesc {
  switch (shape.type) {
    case 'circle':
      return RAPIER.ColliderDesc.ball(shape.radius).setTranslation(
        shape.center?.x ?? 0,
        shape.center?.y ?? 0,
      );
    case 'box':
      return RAPIER.ColliderDesc.cuboid(shape.width / 2, shape.height / 2)
        .setTranslation(shape.offset?.x ?? 0, shape.offset?.y ?? 0)
        .setRotation(shape.angle ?? 0);
    case 'polygon': {
      const points = new Float32Array(shape.vertices.flatMap((v) => [v.x, v.y]));
      const desc =
        (shape.radius ?? 0) > 0
          ? RAPIER.ColliderDesc.roundConvexHull(points, shape.radius ?? 0)
          : RAPIER.ColliderDesc.convexHull(points);
      if (desc === null)
        throw new BenchError('shape.vertices', shape.vertices, 'Rapier could not build their convex hull');
      return desc;
    }
    case 'capsule': {
      // Rapier's capsule lies along its y axis, centred: placed at the midpoint, turned to the axis.
      const { center1: a, center2: b } = shape;
      const length = Math.hypot(b.x - a.x, b.y - a.y);
      return RAPIER.ColliderDesc.capsule(length / 2, shape.radius)
        .setTranslation((a.x + b.x) / 2, (a.y + b.y) / 2)
        .setRotation(Math.atan2(b.y - a.y, b.x - a.x) - Math.PI / 2);
    }
  }
}

/** Loads Rapier's WebAssembly module (once per process); adapters can be created after it resolves. */
export async function initRapier(): Promise<void> {
  await RAPIER.init();
}

/**
 * @dimforge/rapier2d-compat (Rust compiled to WebAssembly): metres, y up. Sleeping off, continuous
 * collision off (its default), its default 4 solver iterations: Rapier's iterations are substeps, each
 * a full solve and integration (like Box2D v3's substeps), not Box2D 2.x velocity iterations.
 * Call {@link initRapier} first.
 */
export class RapierAdapter implements EngineAdapter {
  private world: RAPIER.World | null = null;
  private bodies: RAPIER.RigidBody[] = [];

  build(scene: SceneDef): void {
    const world = new RAPIER.World({ x: scene.gravity.x, y: scene.gravity.y });
    for (const def of scene.bodies) {
      const desc =
        def.type === 'dynamic'
          ? RAPIER.RigidBodyDesc.dynamic()
          : def.type === 'kinematic'
            ? RAPIER.RigidBodyDesc.kinematicVelocityBased()
            : RAPIER.RigidBodyDesc.fixed();
      desc
        .setTranslation(def.x, def.y)
        .setRotation(def.angle ?? 0)
        .setCanSleep(false)
        .setCcdEnabled(false)
        .setLinvel(def.vx ?? 0, def.vy ?? 0)
        .setAngvel(def.angularVelocity ?? 0);
      const body = world.createRigidBody(desc);
      for (const shape of shapesOf(def)) {
        const collider = rapierCollider(shape)
          .setFriction(def.friction ?? 0.2)
          .setRestitution(def.restitution ?? 0);
        if (def.type === 'dynamic') collider.setDensity(densityOf(def));
        world.createCollider(collider, body);
      }
      this.bodies.push(body);
    }
    scene.joints.forEach((j, index) => {
      requireRigidJoint('rapier', j, index);
      const a = scene.bodies[j.bodyA];
      const b = scene.bodies[j.bodyB];
      const data =
        j.kind === 'revolute'
          ? RAPIER.JointData.revolute(
              localPoint(a, j.anchorX, j.anchorY),
              localPoint(b, j.anchorX, j.anchorY),
            )
          : RAPIER.JointData.rope(
              j.length ?? Math.hypot(j.anchorBX - j.anchorAX, j.anchorBY - j.anchorAY),
              localPoint(a, j.anchorAX, j.anchorAY),
              localPoint(b, j.anchorBX, j.anchorBY),
            );
      // Rapier lets jointed bodies collide unless told: the scenes' default is that they do not.
      world
        .createImpulseJoint(data, this.bodies[j.bodyA], this.bodies[j.bodyB], true)
        .setContactsEnabled(j.collideConnected ?? false);
    });
    this.world = world;
  }

  step(dt: number): void {
    const world = this.world as RAPIER.World;
    if (world.timestep !== dt) world.timestep = dt;
    world.step();
  }

  readPoses(out: Float64Array): void {
    const bodies = this.bodies;
    for (let i = 0; i < bodies.length; ++i) {
      const p = bodies[i].translation();
      out[3 * i] = p.x;
      out[3 * i + 1] = p.y;
      out[3 * i + 2] = bodies[i].rotation();
    }
  }
}
