// What the world's edits between steps owe the rest: sensorEnd and endContact events (dispatched
// with the world locked) for destroyed shapes and contacts, joint anchors that follow a moved
// centre of mass, and a body's change of type.
import type { SolverBody } from '@lite/constraints';
import { objectArray } from '@lite/math';
import { assignBodyType, type Body } from './body';
import type { BodyType } from './body-options';
import { type Contact, compareContacts } from './contact';
import { removeItem, shouldShapesContact, truncate } from './contact-list';
import { WorldError } from './errors';
import { jointPasses } from './joint-passes';
import { findJoint, type Joint, jointBodyA, jointBodyB, shiftJointAnchors } from './joints';
import type { WorldLock } from './queries';
import { type BodyShape, checkShapeMass, compareShapes, type ResolvedShape } from './shape';
import { dropContacts } from './stage-contacts';
import { computeAABB, emit } from './stage-finish';
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

/** Makes a shape's broadphase proxy at its body's pose, of its body's kind, and maps it to the shape. */
export function createShapeProxy(core: StepState, shape: BodyShape): void {
  computeAABB(shape, shape.body.transform, core.aabb);
  shape.proxyId = core.broadPhase.createProxy(core.aabb, shape.body.id, shape.body.isStatic);
  while (core.proxyShapes.length <= shape.proxyId) core.proxyShapes.push(null);
  core.proxyShapes[shape.proxyId] = shape;
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

/** Links a new joint to its bodies and the joint list (ending their contacts unless it lets them collide), and wakes them. */
export function linkJoint<T extends Joint>(world: WorldLock, core: StepState, joint: T): T {
  const a = jointBodyA(joint);
  const b = jointBodyB(joint);
  if (a !== b && !joint.collideConnected) {
    const removed = core.newContacts;
    removed.length = 0;
    for (const c of a.contactEdges) if (c.other(a) === b) removed.push(c);
    if (removed.length > 0) {
      removed.sort(compareContacts);
      dispatchRemoved(world, core, removed);
      dropContacts(core, removed);
    }
  }
  core.jointList.push(joint as Joint);
  a.jointEdges.push(joint as Joint);
  if (b !== a) b.jointEdges.push(joint);
  wakeBody(core, a);
  wakeBody(core, b);
  rethrowListenerError(core);
  return joint;
}

/** Unlinks a joint and wakes its bodies; `dying` is a body being destroyed (its proxies are left alone). */
export function unlinkJoint(core: StepState, joint: Joint, dying: Body | null): void {
  const a = jointBodyA(joint);
  const b = jointBodyB(joint);
  const index = findJoint(core.jointList, joint);
  if (index >= 0) core.jointList.splice(index, 1);
  removeItem(a.jointEdges, joint);
  if (b !== a) removeItem(b.jointEdges, joint);
  joint.world = null;
  wakeBody(core, a);
  wakeBody(core, b);
  if (!joint.collideConnected && a !== b) {
    // They may collide again: have the broadphase report the pair anew.
    if (a !== dying) for (const shape of a.shapeList) core.broadPhase.touchProxy(shape.proxyId);
    if (b !== dying) for (const shape of b.shapeList) core.broadPhase.touchProxy(shape.proxyId);
  }
}

/**
 * Destroys the joints of this step whose reaction force or torque is above their `breakForce` or
 * `breakTorque` (only joints with a finite bound are looked at), keeping them for the event.
 */
export function breakJoints(core: StepState, world: object): void {
  const joints = core.solverJoints;
  const reaction = core.reaction;
  const broken = core.brokenJoints;
  for (let i = 0, n = core.solverJointCount; i < n; ++i) {
    const joint = joints[i];
    const maxForce = joint.breakForceValue;
    const maxTorque = joint.breakTorqueValue;
    if (maxForce === Number.POSITIVE_INFINITY && maxTorque === Number.POSITIVE_INFINITY) continue;
    if (joint.world !== world) continue;
    jointPasses().reaction(joint, reaction);
    const force = Math.sqrt(reaction[0] * reaction[0] + reaction[1] * reaction[1]);
    if (force > maxForce || Math.abs(reaction[2]) > maxTorque) broken.push(joint);
  }
  for (let i = 0; i < broken.length; ++i) unlinkJoint(core, broken[i], null);
}

/**
 * `body.setType` (the world unlocked): checks `type`, ends the contacts the new type forbids, wakes
 * what the body touches or holds, recomputes the mass, moves the body in or out of the awake slots
 * and, between static and moving, moves its proxies to the other tree.
 */
export function changeBodyType(world: WorldLock, core: StepState, body: Body, type: BodyType): void {
  if (type !== 'static' && type !== 'kinematic' && type !== 'dynamic') {
    throw new WorldError('type', type, "must be 'static', 'kinematic' or 'dynamic'");
  }
  if (type === body.type) return;
  if (type === 'dynamic') {
    for (const shape of body.shapeList) checkShapeMass(shape as unknown as ResolvedShape, 'type', type);
  }
  releaseStepReferences(core);
  // Its sleeping island, what it touches and what it is jointed to wake (a support may be gone).
  wakeBody(core, body);
  const removed = core.newContacts;
  truncate(removed, 0);
  for (const c of body.contactEdges) {
    const other = c.other(body);
    wakeBody(core, other);
    if (type !== 'dynamic' && !other.isDynamic) removed.push(c);
  }
  for (const j of body.jointEdges) {
    wakeBody(core, jointBodyA(j));
    wakeBody(core, jointBodyB(j));
  }
  removed.sort(compareContacts);
  dispatchRemoved(world, core, removed);
  dropContacts(core, removed);
  const wasStatic = body.isStatic;
  assignBodyType(body, type);
  resetMass(body);
  body.sleepTime = 0;
  body.sleepNext = null;
  body.isFast = false;
  if (type !== 'dynamic') {
    body.force.set(0, 0);
    body.torque = 0;
  }
  if (type === 'static') {
    body.linearVelocity.set(0, 0);
    (body as SolverBody).angularVelocity = 0;
    core.bodyStates.remove(body);
  } else core.bodyStates.insert(body);
  body.isAwake = type !== 'static';
  for (const shape of body.shapeList) {
    if (wasStatic === body.isStatic) core.broadPhase.touchProxy(shape.proxyId);
    else {
      // A proxy's static flag is fixed: the shape gets a new proxy of the other kind.
      core.proxyShapes[shape.proxyId] = null;
      core.broadPhase.destroyProxy(shape.proxyId);
      createShapeProxy(core, shape);
    }
  }
  rethrowListenerError(core);
}
