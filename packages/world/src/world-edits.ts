// What the world's edits between steps owe the rest: sensorEnd and endContact events (dispatched
// with the world locked) for destroyed shapes and contacts, and joint anchors that follow a moved
// centre of mass.
import { objectArray } from '@lite/math';
import type { Body } from './body';
import { type Contact, compareContacts } from './contact';
import { removeItem, shouldShapesContact, truncate } from './contact-list';
import { shiftJointAnchors } from './joints';
import type { WorldLock } from './queries';
import { type BodyShape, compareShapes } from './shape';
import { dropContacts } from './stage-contacts';
import { emit } from './stage-finish';
import { releaseStepReferences, rethrowListenerError, type StepState, wakeBody } from './step-state';

/** Sensor bookkeeping (sensorEnd events), proxy and back-pointer of a shape being destroyed. */
export function releaseShape(world: WorldLock, core: StepState, shape: BodyShape): void {
  const sensors = core.sensors;
  const ends: [BodyShape, BodyShape][] = [];
  if (shape.sensor) {
    removeItem(sensors, shape);
    sensors.sort(compareShapes);
    for (const visitor of shape.overlaps) ends.push([shape, visitor]);
    shape.overlaps = objectArray();
  } else {
    for (const sensor of sensors) {
      const k = sensor.overlaps.indexOf(shape);
      if (k < 0) continue;
      sensor.overlaps.splice(k, 1);
      ends.push([sensor, shape]);
    }
  }
  const listeners = core.listeners.sensorEnd;
  if (ends.length > 0 && listeners.length > 0) {
    world.locked = true;
    try {
      for (const [sensor, visitor] of ends) emit(core, listeners, sensor, visitor);
    } finally {
      world.locked = false;
    }
  }
  core.broadPhase.destroyProxy(shape.proxyId);
  core.proxyShapes[shape.proxyId] = null;
  shape.proxyId = -1;
  shape.owner = null;
}

/**
 * After a shape's filter changed: its contacts the new filter forbids end (endContact for touching
 * ones, their other bodies woken), and its proxy is flagged so that the next step finds the pairs
 * the new filter allows. Wakes the shape's body.
 */
export function refilterShape(world: WorldLock, core: StepState, shape: BodyShape): void {
  releaseStepReferences(core);
  const body = shape.body;
  const removed = core.newContacts;
  truncate(removed, 0);
  for (const c of body.contactEdges) {
    if ((c.shapeA === shape || c.shapeB === shape) && !shouldShapesContact(c.shapeA, c.shapeB))
      removed.push(c);
  }
  removed.sort(compareContacts);
  dispatchRemoved(world, core, removed);
  for (let i = 0; i < removed.length; ++i) wakeBody(core, removed[i].other(body));
  dropContacts(core, removed);
  core.broadPhase.touchProxy(shape.proxyId);
  wakeBody(core, body);
  rethrowListenerError(core);
}

/** Emits endContact for the touching contacts of `removed` (sorted), with the world locked. */
export function dispatchRemoved(world: WorldLock, core: StepState, removed: Contact[]): void {
  const listeners = core.listeners.endContact;
  if (listeners.length === 0) return;
  world.locked = true;
  try {
    for (let i = 0; i < removed.length; ++i) {
      const c = removed[i];
      if (!c.touching) continue;
      c.handed = true;
      emit(core, listeners, c);
    }
  } finally {
    world.locked = false;
  }
}

/** Recomputes a body's mass from its shapes, moving its joints' anchors with its centre. */
export function resetMass(body: Body): void {
  const oldX = body.localCenter.x;
  const oldY = body.localCenter.y;
  body.resetMassData();
  const dx = body.localCenter.x - oldX;
  const dy = body.localCenter.y - oldY;
  if (dx === 0 && dy === 0) return;
  for (const j of body.jointEdges) shiftJointAnchors(j, body, dx, dy);
}
