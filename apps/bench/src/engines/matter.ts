import type { BodyDef, SceneDef } from '@lite/scenes';
import Matter from 'matter-js';
import { BenchError } from '../errors';
import { densityOf, type EngineAdapter, requireRigidJoint, requireSharpPolygon, shapesOf } from './adapter';

/**
 * Matter's body for a scene body of one shape centred on its origin, in pixels (y down), with
 * `options`: matter places a body at its centroid and builds compound bodies from parts, so an
 * off-centre shape or a body of several shapes is refused rather than timed as something else.
 * A capsule is a rectangle with fully rounded (chamfered) corners.
 * @throws BenchError naming the body
 */
function matterBody(def: BodyDef, index: number, options: Matter.IChamferableBodyDefinition): Matter.Body {
  const S = PIXELS_PER_METRE;
  const shapes = shapesOf(def);
  const shape = shapes[0];
  const refuse = (why: string) => {
    throw new BenchError(`scene.bodies[${index}].shapes`, shapes.map((s) => s.type).join(', '), why);
  };
  if (shapes.length !== 1) refuse('the matter adapter maps bodies of one shape only');
  requireSharpPolygon('matter', shape, index);
  const x = S * def.x;
  const y = -S * def.y;
  switch (shape.type) {
    case 'box':
      if ((shape.offset?.x ?? 0) !== 0 || (shape.offset?.y ?? 0) !== 0)
        refuse('the matter adapter maps centred shapes only');
      return Matter.Bodies.rectangle(x, y, S * shape.width, S * shape.height, {
        ...options,
        angle: (options.angle ?? 0) - (shape.angle ?? 0),
      });
    case 'circle':
      if ((shape.center?.x ?? 0) !== 0 || (shape.center?.y ?? 0) !== 0)
        refuse('the matter adapter maps centred shapes only');
      return Matter.Bodies.circle(x, y, S * shape.radius, options);
    case 'capsule': {
      const { center1: a, center2: b, radius } = shape;
      if (a.x + b.x !== 0 || a.y + b.y !== 0) refuse('the matter adapter maps centred shapes only');
      const length = Math.hypot(b.x - a.x, b.y - a.y);
      return Matter.Bodies.rectangle(x, y, S * (length + 2 * radius), S * 2 * radius, {
        ...options,
        chamfer: { radius: S * radius },
        angle: (options.angle ?? 0) - Math.atan2(b.y - a.y, b.x - a.x),
      });
    }
    case 'polygon': {
      const v = shape.vertices;
      let cx = 0;
      let cy = 0;
      for (const p of v) {
        cx += p.x;
        cy += p.y;
      }
      if (Math.abs(cx) > 1e-9 * v.length || Math.abs(cy) > 1e-9 * v.length) {
        refuse('the matter adapter maps centred shapes only');
      }
      const body = Matter.Bodies.fromVertices(x, y, [v.map((p) => ({ x: S * p.x, y: -S * p.y }))], options);
      return body;
    }
  }
}

/**
 * Pixels per metre. Matter.js's tolerances (slop 0.05 px, resting thresholds) are tuned for bodies tens
 * of pixels wide, and at 100 px/m its default gravity scale (0.001 px/ms² per unit of gravity) is
 * exactly 10 m/s²: a 1 m box is a 100 px box.
 */
export const PIXELS_PER_METRE = 100;

/** Matter's step, ms. */
const MS_PER_SECOND = 1000;

/**
 * Matter.js: pixels, y down, time in milliseconds, velocities in pixels per 1/60 s. Positions map as
 * (x, y) m -> (100 x, -100 y) px and angles change sign. Gravity: matter accelerates bodies by
 * gravity.y × gravity.scale px/ms², so g m/s² is gravity.y = -g_y with scale = PIXELS_PER_METRE / 1e6.
 * Masses come from densities per px² so that mass ratios are the scene's. Air friction off, sleeping
 * off (its default), `iterations` velocity iterations, default position (6) and constraint (2)
 * iterations. Pins are zero-length constraints of stiffness 1.
 */
export class MatterAdapter implements EngineAdapter {
  private engine: Matter.Engine | null = null;
  private bodies: Matter.Body[] = [];

  build(scene: SceneDef): void {
    const S = PIXELS_PER_METRE;
    const engine = Matter.Engine.create({
      gravity: { x: scene.gravity.x, y: -scene.gravity.y, scale: S / 1e6 },
      enableSleeping: false,
      velocityIterations: scene.iterations,
    });
    for (const [index, def] of scene.bodies.entries()) {
      const body = matterBody(def, index, {
        isStatic: def.type !== 'dynamic',
        angle: -(def.angle ?? 0),
        friction: def.friction ?? 0.2,
        restitution: def.restitution ?? 0,
        frictionAir: 0,
        ...(def.type === 'dynamic' ? { density: densityOf(def) / (S * S) } : {}),
      });
      if (def.type === 'dynamic') {
        // Velocities are pixels per 1/60 s (matter's base delta).
        Matter.Body.setVelocity(body, { x: (S * (def.vx ?? 0)) / 60, y: (-S * (def.vy ?? 0)) / 60 });
        Matter.Body.setAngularVelocity(body, -(def.angularVelocity ?? 0) / 60);
      }
      this.bodies.push(body);
    }
    Matter.Composite.add(engine.world, this.bodies);
    scene.joints.forEach((j, index) => {
      requireRigidJoint('matter', j, index);
      const a = this.bodies[j.bodyA];
      const b = this.bodies[j.bodyB];
      const ax = j.kind === 'revolute' ? j.anchorX : j.anchorAX;
      const ay = j.kind === 'revolute' ? j.anchorY : j.anchorAY;
      const bx = j.kind === 'revolute' ? j.anchorX : j.anchorBX;
      const by = j.kind === 'revolute' ? j.anchorY : j.anchorBY;
      const length = j.kind === 'revolute' ? 0 : j.length !== undefined ? S * j.length : undefined;
      // matter-js has no per-joint collision switch (only collision groups, which would reach every
      // body in the group): its jointed bodies keep colliding whatever `collideConnected` says.
      const constraint = Matter.Constraint.create({
        bodyA: a,
        bodyB: b,
        // Offsets from each body's centre, in world orientation (matter rotates them with the body).
        pointA: { x: S * ax - a.position.x, y: -S * ay - a.position.y },
        pointB: { x: S * bx - b.position.x, y: -S * by - b.position.y },
        stiffness: 1,
        damping: 0,
        ...(length !== undefined ? { length } : {}),
      });
      Matter.Composite.add(engine.world, constraint);
    });
    this.engine = engine;
  }

  step(dt: number): void {
    Matter.Engine.update(this.engine as Matter.Engine, dt * MS_PER_SECOND);
  }

  readPoses(out: Float64Array): void {
    const S = PIXELS_PER_METRE;
    const bodies = this.bodies;
    for (let i = 0; i < bodies.length; ++i) {
      out[3 * i] = bodies[i].position.x / S;
      out[3 * i + 1] = -bodies[i].position.y / S;
      out[3 * i + 2] = -bodies[i].angle;
    }
  }
}
