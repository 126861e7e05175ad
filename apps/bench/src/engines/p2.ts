import type { SceneDef, ShapeDef } from '@lite/scenes';
import {
  Body,
  Box,
  Capsule,
  Circle,
  ContactMaterial,
  Convex,
  DistanceConstraint,
  GSSolver,
  Material,
  RevoluteConstraint,
  type Shape,
  World,
} from 'p2-es';
import {
  type EngineAdapter,
  localPoint,
  massOf,
  requireRigidJoint,
  requireSharpPolygon,
  shapesOf,
} from './adapter';

/** p2's shape for one of the scene's, with its offset and angle in the body. */
function p2Shape(shape: ShapeDef): { shape: Shape; offset: [number, number]; angle: number } {
  switch (shape.type) {
    case 'circle':
      return {
        shape: new Circle({ radius: shape.radius }),
        offset: [shape.center?.x ?? 0, shape.center?.y ?? 0],
        angle: 0,
      };
    case 'box':
      return {
        shape: new Box({ width: shape.width, height: shape.height }),
        offset: [shape.offset?.x ?? 0, shape.offset?.y ?? 0],
        angle: shape.angle ?? 0,
      };
    case 'polygon':
      return {
        shape: new Convex({ vertices: shape.vertices.map((v) => [v.x, v.y]) }),
        offset: [0, 0],
        angle: 0,
      };
    case 'capsule': {
      // p2's capsule lies along its x axis, centred: placed at the midpoint, turned to the axis.
      const { center1: a, center2: b } = shape;
      return {
        shape: new Capsule({ length: Math.hypot(b.x - a.x, b.y - a.y), radius: shape.radius }),
        offset: [(a.x + b.x) / 2, (a.y + b.y) / 2],
        angle: Math.atan2(b.y - a.y, b.x - a.x),
      };
    }
  }
}

/**
 * p2-es: metres, y up, like the scenes. Sleeping off (its default), continuous collision off (its
 * default), velocity damping off (its default is 0.1, like air friction), `iterations` Gauss-Seidel
 * iterations, its own soft-constraint defaults otherwise. p2 takes
 * friction and restitution per pair of materials: one material per distinct (friction, restitution),
 * mixed as sqrt(a b) and max(a, b) like Box2D.
 */
export class P2Adapter implements EngineAdapter {
  private world: World | null = null;
  private bodies: Body[] = [];

  build(scene: SceneDef): void {
    const world = new World({ gravity: [scene.gravity.x, scene.gravity.y] });
    world.sleepMode = World.NO_SLEEPING;
    if (world.solver instanceof GSSolver) world.solver.iterations = scene.iterations;
    const materials = new Map<string, { material: Material; friction: number; restitution: number }>();
    const materialOf = (friction: number, restitution: number): Material => {
      const key = `${friction}/${restitution}`;
      let m = materials.get(key);
      if (m === undefined) {
        m = { material: new Material(), friction, restitution };
        materials.set(key, m);
      }
      return m.material;
    };
    for (const [index, def] of scene.bodies.entries()) {
      const dynamic = def.type === 'dynamic';
      const body = new Body({
        type: dynamic ? Body.DYNAMIC : def.type === 'kinematic' ? Body.KINEMATIC : Body.STATIC,
        mass: dynamic ? massOf(def) : 0,
        position: [def.x, def.y],
        angle: def.angle ?? 0,
        velocity: [def.vx ?? 0, def.vy ?? 0],
        angularVelocity: def.angularVelocity ?? 0,
        // p2 damps every body by default (0.1); the scenes have no air: off, as matter's air friction.
        damping: 0,
        angularDamping: 0,
      });
      for (const def2 of shapesOf(def)) {
        requireSharpPolygon('p2', def2, index);
        const { shape, offset, angle } = p2Shape(def2);
        shape.material = materialOf(def.friction ?? 0.2, def.restitution ?? 0);
        body.addShape(shape, offset, angle);
      }
      world.addBody(body);
      this.bodies.push(body);
    }
    const list = [...materials.values()];
    for (let i = 0; i < list.length; ++i) {
      for (let k = i; k < list.length; ++k) {
        world.addContactMaterial(
          new ContactMaterial(list[i].material, list[k].material, {
            friction: Math.sqrt(list[i].friction * list[k].friction),
            restitution: Math.max(list[i].restitution, list[k].restitution),
          }),
        );
      }
    }
    scene.joints.forEach((j, index) => {
      requireRigidJoint('p2', j, index);
      const a = this.bodies[j.bodyA];
      const b = this.bodies[j.bodyB];
      // p2 lets jointed bodies collide unless told: the scenes' default is that they do not.
      const collideConnected = j.collideConnected ?? false;
      if (j.kind === 'revolute') {
        world.addConstraint(
          new RevoluteConstraint(a, b, { worldPivot: [j.anchorX, j.anchorY], collideConnected }),
        );
      } else {
        const la = localPoint(scene.bodies[j.bodyA], j.anchorAX, j.anchorAY);
        const lb = localPoint(scene.bodies[j.bodyB], j.anchorBX, j.anchorBY);
        world.addConstraint(
          new DistanceConstraint(a, b, {
            localAnchorA: [la.x, la.y],
            localAnchorB: [lb.x, lb.y],
            collideConnected,
            ...(j.length !== undefined ? { distance: j.length } : {}),
          }),
        );
      }
    });
    this.world = world;
  }

  step(dt: number): void {
    (this.world as World).step(dt);
  }

  readPoses(out: Float64Array): void {
    const bodies = this.bodies;
    for (let i = 0; i < bodies.length; ++i) {
      out[3 * i] = bodies[i].position[0];
      out[3 * i + 1] = bodies[i].position[1];
      out[3 * i + 2] = bodies[i].angle;
    }
  }
}
