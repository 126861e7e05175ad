/**
 * A tiny stepping harness for the tests: boxes, gravity, box-box contacts from @lite/collision,
 * joints, and the step of docs/step.md (collide, integrate forces, prepare, iterate, integrate
 * positions, joint position passes). Not a world: no broadphase (all pairs), no sleeping, no events.
 */
import { Box, collideBoxes, Manifold } from '@lite/collision';
import { Transform } from '@lite/math';
import {
  ContactConstraint,
  type Joint,
  mixFriction,
  mixRestitution,
  prepareContacts,
  prepareJoints,
  relaxContacts,
  SolverBody,
  SolverSettings,
  solveContacts,
  solveJointPositions,
  solveJoints,
} from '../src/index';

/** Options of {@link Harness.addBox}. */
export interface BoxOptions {
  width: number;
  height: number;
  x: number;
  y: number;
  angle?: number;
  /** kg; 0 or absent: static. */
  mass?: number;
  friction?: number;
  restitution?: number;
  vx?: number;
  vy?: number;
  angularVelocity?: number;
}

/** A solver body with a box shape, its transform and material. */
export class TestBody extends SolverBody {
  readonly box: Box;
  readonly transform: Transform;
  friction: number;
  restitution: number;
  readonly mass: number;
  readonly inertia: number;

  constructor(options: BoxOptions) {
    super(options.x, options.y, options.angle ?? 0);
    const mass = options.mass ?? 0;
    this.setBoxMass(options.width, options.height, mass);
    this.mass = mass;
    this.inertia = (mass * (options.width * options.width + options.height * options.height)) / 12;
    this.box = new Box(options.width, options.height);
    this.transform = new Transform(options.x, options.y, options.angle ?? 0);
    this.friction = options.friction ?? 0.2;
    this.restitution = options.restitution ?? 0;
    this.linearVelocity.set(options.vx ?? 0, options.vy ?? 0);
    this.angularVelocity = options.angularVelocity ?? 0;
  }
}

/** Bodies, joints, settings and the step. */
export class Harness {
  gravityX = 0;
  gravityY = -10;
  iterations = 10;
  positionIterations = 3;
  readonly settings: SolverSettings;
  readonly bodies: TestBody[] = [];
  readonly joints: Joint[] = [];
  /** The contacts of the last step, in pair order. */
  readonly contacts: ContactConstraint[] = [];
  contactCount = 0;
  private readonly pairs = new Map<number, ContactConstraint>();
  private readonly manifold = new Manifold();

  constructor(settings = new SolverSettings()) {
    this.settings = settings;
  }

  addBox(options: BoxOptions): TestBody {
    const body = new TestBody(options);
    this.bodies.push(body);
    return body;
  }

  addJoint<J extends Joint>(joint: J): J {
    this.joints.push(joint);
    return joint;
  }

  /** The contact between bodies `a` and `b` this step, if any. */
  contactBetween(a: TestBody, b: TestBody): ContactConstraint | undefined {
    for (let i = 0; i < this.contactCount; i++) {
      const c = this.contacts[i];
      if ((c.bodyA === a && c.bodyB === b) || (c.bodyA === b && c.bodyB === a)) return c;
    }
    return undefined;
  }

  /** Collides every pair (in index order) and updates the persistent contacts. */
  collide(): void {
    const bodies = this.bodies;
    const n = bodies.length;
    for (const body of bodies) body.transform.set(body.position.x, body.position.y, body.angle);
    let count = 0;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const a = bodies[i];
        const b = bodies[j];
        if (a.invMass === 0 && b.invMass === 0) continue;
        const key = i * 65536 + j;
        const manifold = this.manifold;
        collideBoxes(a.box, a.transform, b.box, b.transform, manifold);
        let contact = this.pairs.get(key);
        if (manifold.pointCount > 0) {
          if (contact === undefined) {
            contact = new ContactConstraint(
              a,
              b,
              mixFriction(a.friction, b.friction),
              mixRestitution(a.restitution, b.restitution),
            );
            this.pairs.set(key, contact);
          }
          contact.update(manifold, this.settings);
          this.contacts[count++] = contact;
        } else if (contact !== undefined) {
          this.pairs.delete(key);
        }
      }
    }
    this.contacts.length = count;
    this.contactCount = count;
  }

  /** One step of `dt` seconds. */
  step(dt: number): void {
    const settings = this.settings;
    this.collide();
    for (const body of this.bodies) {
      if (body.invMass === 0) continue;
      body.linearVelocity.x += dt * this.gravityX;
      body.linearVelocity.y += dt * this.gravityY;
    }
    prepareContacts(this.contacts, this.contactCount, 1 / dt, settings);
    prepareJoints(this.joints, this.joints.length, dt, settings);
    for (let i = 0; i < this.iterations; i++) {
      solveContacts(this.contacts, this.contactCount, settings);
      solveJoints(this.joints, this.joints.length, settings);
    }
    for (const body of this.bodies) {
      body.position.x += dt * body.linearVelocity.x;
      body.position.y += dt * body.linearVelocity.y;
      body.angle += dt * body.angularVelocity;
    }
    relaxContacts(this.contacts, this.contactCount, settings);
    for (let i = 0; i < this.positionIterations; i++) {
      if (solveJointPositions(this.joints, this.joints.length, settings) <= 1e-9) break;
    }
  }
}
