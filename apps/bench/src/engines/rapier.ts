import RAPIER from '@dimforge/rapier2d-compat';
import type { SceneDef } from '@lite/scenes';
import { densityOf, type EngineAdapter, localPoint, requireBox, requireRigidJoint } from './adapter';

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
    for (const [index, def] of scene.bodies.entries()) {
      requireBox('rapier', def, index);
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
      const collider = RAPIER.ColliderDesc.cuboid(def.width / 2, def.height / 2)
        .setFriction(def.friction ?? 0.2)
        .setRestitution(def.restitution ?? 0);
      if (def.type === 'dynamic') collider.setDensity(densityOf(def));
      world.createCollider(collider, body);
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
      world.createImpulseJoint(data, this.bodies[j.bodyA], this.bodies[j.bodyB], true);
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
