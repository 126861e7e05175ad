import { ContactConstraint } from '@lite/constraints';
import type { Body } from './body';
import type { BodyShape } from './shape';

/**
 * A contact between two shapes of two bodies whose fattened boxes overlap, as the world keeps it
 * from step to step. It is the solver's {@link ContactConstraint} (normal, points with position, separation and
 * accumulated normal and tangent impulses, mixed friction and restitution) plus the world's
 * bookkeeping.
 *
 * `bodyA` always has the lower id, and the normal points from A to B (from `shapeA` to `shapeB`). A
 * contact exists while the shapes' fat boxes overlap; it is `touching` when its manifold has at least one point. Contacts are
 * pooled: hold on to a contact only until the next step (or, in an event listener, until it returns).
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
  touching: boolean;
  /**
   * Set when the contact was removed between steps (its body or shape destroyed, or a joint turned
   * the pair's collision off): it leaves the world's contact list at the next compaction. @internal
   */
  dropped: boolean;
  /** Its position in `bodyA.contactEdges` and in `bodyB.contactEdges` (O(1) unlinking). @internal */
  edgeA: number;
  /** @internal */
  edgeB: number;
  /**
   * This object's index in the world's `contactSlots` (the order contact objects were made in);
   * it stays with the object when the world moves contact states between objects. @internal
   */
  slot: number;

  /** Contacts are made by the world. @internal */
  constructor(shapeA: BodyShape, shapeB: BodyShape, friction: number, restitution: number) {
    super(shapeA.body, shapeB.body, friction, restitution);
    this.shapeA = shapeA;
    this.shapeB = shapeB;
    this.touching = false;
    this.dropped = false;
    this.edgeA = -1;
    this.edgeB = -1;
    this.slot = -1;
  }

  /** The other body of the pair. */
  other(body: Body): Body {
    return body === this.bodyA ? this.bodyB : this.bodyA;
  }
}

/**
 * Orders contacts by their pair key (lower body id, then higher body id, then the shape ids).
 * @internal
 */
export function compareContacts(a: Contact, b: Contact): number {
  return (
    a.bodyA.id - b.bodyA.id ||
    a.bodyB.id - b.bodyB.id ||
    a.shapeA.id - b.shapeA.id ||
    a.shapeB.id - b.shapeB.id
  );
}
