import { ContactConstraint } from '@lite/constraints';
import type { Body } from './body';
import { WorldError } from './errors';
import type { BodyShape } from './shape';

/**
 * A contact between two shapes whose fat boxes overlap, kept from step to step: the solver's
 * {@link ContactConstraint} plus the world's bookkeeping. `bodyA` has the lower id; the normal points
 * from A to B. Once the contact ends (`endContact` returned, a body or shape destroyed, a restore),
 * reading it throws a `WorldError`.
 */
export class Contact extends ContactConstraint {
  /** The body with the lower id. */
  declare bodyA: Body;
  /** The body with the higher id. */
  declare bodyB: Body;
  /** The shape of `bodyA`. */
  shapeA: BodyShape;
  /** The shape of `bodyB`. */
  shapeB: BodyShape;
  /** True while the manifold has at least one point (between `beginContact` and `endContact`). */
  touching = false;
  /** Set when the contact was removed between steps; it leaves the list at the next compaction. @internal */
  dropped = false;
  /** Its position in `bodyA.contactEdges` and in `bodyB.contactEdges` (O(1) unlinking). @internal */
  edgeA = -1;
  /** @internal */
  edgeB = -1;
  /** This object's index in `contactSlots` (creation order); it stays when states move. @internal */
  slot = -1;
  /** Set once the object was given to the user: it never holds another pair's state. @internal */
  handed = false;

  /** Made by the world (the bodies given, since the shapes may be destroyed already). @internal */
  constructor(
    shapeA: BodyShape,
    shapeB: BodyShape,
    friction: number,
    restitution: number,
    bodyA: Body = shapeA.body,
    bodyB: Body = shapeB.body,
  ) {
    super(bodyA, bodyB, friction, restitution);
    this.shapeA = shapeA;
    this.shapeB = shapeB;
  }

  /** The other body of the pair. */
  other(body: Body): Body {
    return body === this.bodyA ? this.bodyB : this.bodyA;
  }
}

/** Orders contacts by pair key (lower body id, higher body id, then the shape ids). @internal */
export function compareContacts(a: Contact, b: Contact): number {
  return (
    a.bodyA.id - b.bodyA.id ||
    a.bodyB.id - b.bodyB.id ||
    a.shapeA.id - b.shapeA.id ||
    a.shapeB.id - b.shapeB.id
  );
}

/** The public members a retired contact refuses (its own fields and its class's accessors). */
const RETIRED_NAMES = (
  'bodyA bodyB shapeA shapeB touching pointCount points normalX normalY friction restitution radiusA ' +
  'radiusB other'
).split(' ');

function refuseRetired(): never {
  throw new WorldError(
    'contact',
    'Contact (ended)',
    'is no longer valid: the contact ended (or the world was restored); a contact is the same pair until it ends: read world.contacts again',
  );
}

/** Every public member of a retired contact: a getter and a setter that throw. */
const RETIRED: PropertyDescriptorMap = Object.fromEntries(
  RETIRED_NAMES.map((name) => [name, { get: refuseRetired, set: refuseRetired, configurable: true }]),
);

/** Retires a contact the user was given once it ended: a new object takes its slot. @internal */
export function retireContact(c: Contact): void {
  c.slot = -1;
  Object.defineProperties(c, RETIRED);
}
