import type { Manifold } from '@lite/collision';
import { objectArray } from '@lite/math';
import type { Contact } from './contact';
import { WorldError } from './errors';
import type { Joint } from './joints';
import type { BodyShape } from './shape';

/** A listener for `beginContact` and `endContact`; its contact throws a WorldError once it ended. */
export type ContactListener = (contact: Contact) => void;

/** A listener for `jointBreak`: the joint, already destroyed (bodies, reaction force and torque readable). */
export type JointBreakListener = (joint: Joint) => void;

/** A listener for `sensorBegin` and `sensorEnd`: the sensor and the other body's shape. */
export type SensorListener = (sensor: BodyShape, visitor: BodyShape) => void;

/** What a `hit` listener receives: a contact whose shapes struck each other this step. */
export interface HitEvent {
  /** The first shape (its body has the lower id). */
  readonly shapeA: BodyShape;
  /** The second shape. */
  readonly shapeB: BodyShape;
  /** World x of the contact point that struck fastest, m. */
  readonly pointX: number;
  /** World y of that point, m. */
  readonly pointY: number;
  /** x of the contact normal, from A to B. */
  readonly normalX: number;
  /** y of the contact normal. */
  readonly normalY: number;
  /** How fast the point approached along the normal when the step began, m/s (> the threshold). */
  readonly approachSpeed: number;
}

/** A `hit` listener. */
export type HitListener = (event: HitEvent) => void;

/**
 * Whether a touching contact acts this step (false: off, as for a one-way platform), given its
 * shapes (A's body has the lower id) and fresh manifold (normal A to B). Must not change the world.
 */
export type PreSolveCallback = (shapeA: BodyShape, shapeB: BodyShape, manifold: Manifold) => boolean;

/** Decides whether two shapes that may collide by their filters get a contact (return false: no). */
export type CustomFilterCallback = (shapeA: BodyShape, shapeB: BodyShape) => boolean;

/**
 * Mixes two shapes' friction (or restitution) into their contact's (Box2D v3's `b2FrictionCallback`)
 * from each one's coefficient and `material` id (A: the lower body id); asked when a contact is made
 * or a material changes. Returns a finite number >= 0 (restitution: in [0, 1]).
 */
export type MaterialMixCallback = (
  valueA: number,
  materialA: number,
  valueB: number,
  materialB: number,
) => number;

/** The events a {@link World} emits, by name. */
export interface WorldEventMap {
  /** A contact started touching; emitted at the end of `world.step` in the order found. */
  beginContact: ContactListener;
  /** A touching contact stopped or was destroyed (by the step, `destroyBody`, `createJoint`, ...). */
  endContact: ContactListener;
  /** A joint exceeded its `breakForce` or `breakTorque` and was destroyed; after contact events, by id. */
  jointBreak: JointBreakListener;
  /** A shape started overlapping a sensor shape; emitted after contact events, by sensor then visitor id. */
  sensorBegin: SensorListener;
  /** A shape stopped overlapping a sensor shape (also emitted by `destroyShape` / `destroyBody`). */
  sensorEnd: SensorListener;
  /**
   * A contact struck this step faster than `world.hitEventThreshold` (at its fastest point); after
   * the other contact events, in pair-key order. For sounds, damage and particles.
   */
  hit: HitListener;
}

/** The names of the world's events. */
export type WorldEventName = keyof WorldEventMap;

/** Event kinds in the queue. @internal */
export const BEGIN_CONTACT = 0;
/** @internal */
export const END_CONTACT = 1;
/** @internal */
export const SENSOR_BEGIN = 2;
/** @internal */
export const SENSOR_END = 3;

/** The sensor events of one step, in the order found; reused. @internal */
export class SensorEventQueue {
  /** SENSOR_BEGIN or SENSOR_END per entry. */
  kinds: number[] = [];
  /** The sensor shape of each entry. */
  sensors: BodyShape[] = objectArray();
  /** The visiting shape of each entry. */
  visitors: BodyShape[] = objectArray();
  count = 0;

  /** Queues one event. */
  push(kind: number, sensor: BodyShape, visitor: BodyShape): void {
    const n = this.count++;
    // At most one past the end: the arrays grow by one and stay packed.
    this.kinds[n] = kind;
    this.sensors[n] = sensor;
    this.visitors[n] = visitor;
  }
}

/** The contact events of one step, in the order found, dispatched once the step is final. @internal */
export class ContactEventQueue {
  /** Event kind per entry: BEGIN_CONTACT or END_CONTACT. */
  kinds: number[] = [];
  /** The contact of each entry. */
  contacts: Contact[] = objectArray();
  count = 0;

  /** Queues one event. */
  push(kind: number, contact: Contact): void {
    const n = this.count++;
    this.kinds[n] = kind;
    this.contacts[n] = contact;
  }
}

/**
 * Listener lists per event in subscription order, copied on change so a listener may unsubscribe
 * during a dispatch. @internal
 */
export class Listeners {
  beginContact: ContactListener[] = objectArray();
  endContact: ContactListener[] = objectArray();
  jointBreak: JointBreakListener[] = objectArray();
  sensorBegin: SensorListener[] = objectArray();
  sensorEnd: SensorListener[] = objectArray();
  hit: HitListener[] = objectArray();
}

/** The callbacks a step calls while it runs, and the hit events' threshold. */
export class StepCallbacks {
  /** See `world.setPreSolveCallback`. */
  preSolve: PreSolveCallback | null = null;
  /** See `world.setCustomFilterCallback`. */
  customFilter: CustomFilterCallback | null = null;
  /** See `world.setFrictionCallback` (null: sqrt(μA μB)). */
  friction: MaterialMixCallback | null = null;
  /** See `world.setRestitutionCallback` (null: max(eA, eB)). */
  restitution: MaterialMixCallback | null = null;
  /** The approach speed above which a contact reports a `hit`, m/s. */
  hitThreshold = 1;
}

/** Throws unless `event` is one of the world's events. */
export function checkEvent(event: unknown): void {
  if (typeof event !== 'string' || !Object.hasOwn(EVENTS, event)) {
    throw new WorldError(
      'event',
      event,
      "must be 'beginContact', 'endContact', 'sensorBegin', 'sensorEnd', 'jointBreak' or 'hit'",
    );
  }
}
const EVENTS = new Listeners();
