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

/** The events a {@link World} emits, by name. */
export interface WorldEventMap {
  /**
   * A contact started touching (or was made touching); emitted at the end of `world.step` in the
   * order found (one that begins and ends within a step reports both).
   */
  beginContact: ContactListener;
  /**
   * A touching contact stopped or was destroyed; emitted at the end of `world.step` in pair-key
   * order, or by `destroyBody` / `createJoint` for the contacts they remove.
   */
  endContact: ContactListener;
  /**
   * A joint exceeded its `breakForce` or `breakTorque` and was destroyed (its bodies woken); emitted
   * after the contact events, by joint id.
   */
  jointBreak: JointBreakListener;
  /** A shape started overlapping a sensor shape; emitted after contact events, by sensor then visitor id. */
  sensorBegin: SensorListener;
  /** A shape stopped overlapping a sensor shape (also emitted by `destroyShape` / `destroyBody`). */
  sensorEnd: SensorListener;
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
  /** Number of queued events. */
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
  /** Number of queued events. */
  count = 0;

  /** Queues one event. */
  push(kind: number, contact: Contact): void {
    const n = this.count++;
    this.kinds[n] = kind;
    this.contacts[n] = contact;
  }
}

/** Listener lists per event, copied on change so a listener may unsubscribe during a dispatch. @internal */
export class Listeners {
  /** The `beginContact` listeners, in subscription order. */
  beginContact: ContactListener[] = objectArray();
  /** The `endContact` listeners, in subscription order. */
  endContact: ContactListener[] = objectArray();
  /** The `jointBreak` listeners, in subscription order. */
  jointBreak: JointBreakListener[] = objectArray();
  /** The `sensorBegin` listeners, in subscription order. */
  sensorBegin: SensorListener[] = objectArray();
  /** The `sensorEnd` listeners, in subscription order. */
  sensorEnd: SensorListener[] = objectArray();
}

/** Throws unless `event` is one of the world's events. */
export function checkEvent(event: unknown): void {
  if (typeof event !== 'string' || !Object.hasOwn(EVENTS, event)) {
    throw new WorldError(
      'event',
      event,
      "must be 'beginContact', 'endContact', 'sensorBegin', 'sensorEnd' or 'jointBreak'",
    );
  }
}
const EVENTS = new Listeners();
