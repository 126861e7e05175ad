import { type AABB, type Box, computeBoxAABB, computePackedAABB } from '@lite/collision';
import type { SolverBody } from '@lite/constraints';
import { cosSinInPlace, type Transform } from '@lite/math';
import { type Body, placeCenter, setBodyWritesChecked } from './body';
import type { Contact } from './contact';
import { grow } from './contact-list';
import { WorldError } from './errors';
import { BEGIN_CONTACT, END_CONTACT, SENSOR_BEGIN } from './events';
import { STEP_SPECULATIVE_DISTANCE } from './settings';
import { type BodyShape, KIND_BOX } from './shape';
import type { InstalledSolver } from './solvers';
import { collidePair } from './stage-contacts';
import { saveBody, undoStep } from './stage-journal';
import { noteListenerError, SNAPSHOT_STRIDE, type StepState } from './step-state';

/**
 * The end of the step, shared by both solvers: the finite check (stage 8: undo and throw),
 * transforms and proxies (9), sleeping (10), clearing forces (11) and contact events (12).
 */

/**
 * Checks every body is finite (static and sleeping too: a plain vector may have been written) and
 * saves those a step may change ({@link stepChanges}; one it wakes is saved as it wakes,
 * `journalWoken`) for undoing a failed step. Returns the index of the first non-finite body, or -1.
 * On the way, awake moving bodies get a slot in the body states and the others give theirs back.
 */
export function saveState(s: StepState): number {
  const bodies = s.bodyList;
  const states = s.bodyStates;
  for (let i = 0, n = bodies.length; i < n; ++i) {
    const b = bodies[i];
    if (b.isAwake && !b.isStatic) states.insert(b);
    else states.remove(b);
    const x = b.position.x;
    const y = b.position.y;
    const v = b.linearVelocity;
    const w = b.angularVelocity;
    // x * 0 is 0 exactly when x is finite.
    if (x * 0 + y * 0 + b.angle * 0 + v.x * 0 + v.y * 0 + w * 0 + finiteLoad(b) !== 0) return i;
    // An origin written into `position` directly moves the body as `setTransform` would.
    const p = b.transform.p;
    if (x !== p.x || y !== p.y) {
      p.x = x;
      p.y = y;
      placeCenter(b);
    }
    if (stepChanges(b)) saveBody(s, b);
  }
  return -1;
}

/**
 * Whether a step may change `b`: awake, or static and jointed (a joint's position pass adds 0 times
 * its correction to a static body's pose, NaN when the correction is). Sleepers it does not wake
 * stay as they are.
 */
function stepChanges(b: Body): boolean {
  return b.isAwake || (b.isStatic && b.jointEdges.length > 0);
}

/** 0 when a body's force and torque are finite, else NaN (see {@link saveState}). */
function finiteLoad(b: Body): number {
  return b.force.x * 0 + b.force.y * 0 + b.torque * 0;
}

/** 0 when every state field of `b` (its centre too) is finite, else NaN (see {@link saveState}). */
function finiteState(b: Body): number {
  const v = b.linearVelocity;
  const p = b.position;
  const c = b.center;
  const pose = c.x * 0 + c.y * 0 + p.x * 0 + p.y * 0 + b.angle * 0;
  return pose + v.x * 0 + v.y * 0 + b.angularVelocity * 0 + finiteLoad(b);
}

/** Stage 8: the index of the first awake body (the body states' slots) with a non-finite field, or -1. */
export function findNonFiniteBody(s: StepState): number {
  const states = s.bodyStates;
  let bad = -1;
  for (let slot = 1, n = states.count; slot < n; ++slot) {
    const b = states.bodyAt(slot) as Body;
    if (finiteState(b) !== 0 && (bad < 0 || b.index < bad)) bad = b.index;
  }
  return bad;
}

/**
 * A step turned body `index` non-finite: undo it (contacts, joints and pending pairs from the
 * journal; the bodies from `saveState`'s copy), emit the ends of the contacts it dropped, and
 * throw naming the body and field. `moved`: earlier sub-steps moved proxies, which follow the bodies back.
 */
export function failStep(s: StepState, index: number, moved: boolean): never {
  const error = nonFiniteBodyError(
    s.bodyList[index],
    'became non-finite during the step; the bodies, contacts and joints were restored to their state before it',
  );
  undoStep(s);
  restoreBodies(s, moved);
  dispatchEvents(s);
  throw error;
}

/** The bodies the step may have changed back to their saved state, the awake ones' proxies when `moved`. */
function restoreBodies(s: StepState, moved: boolean): void {
  const bodies = s.bodyList;
  const snapshot = s.snapshot;
  for (let i = 0, n = bodies.length; i < n; ++i) {
    const b = bodies[i];
    if (!stepChanges(b)) continue;
    const k = i * SNAPSHOT_STRIDE;
    b.position.x = snapshot[k];
    b.position.y = snapshot[k + 1];
    (b as SolverBody).angle = snapshot[k + 2];
    b.linearVelocity.x = snapshot[k + 3];
    b.linearVelocity.y = snapshot[k + 4];
    (b as SolverBody).angularVelocity = snapshot[k + 5];
    b.center.x = snapshot[k + 6];
    b.center.y = snapshot[k + 7];
    b.transform.set(b.position.x, b.position.y, b.angle);
    if (moved && b.isAwake) placeProxies(s, b);
  }
}

/** Puts `b`'s proxies at its shapes' boxes (fat boxes not stretched), as a teleport does. */
export function placeProxies(s: StepState, b: Body): void {
  const shapes = b.shapeList;
  for (let k = 0; k < shapes.length; ++k) {
    computeAABB(shapes[k], b.transform, s.aabb);
    s.broadPhase.moveProxy(shapes[k].proxyId, s.aabb, 0, 0);
    s.broadPhase.touchProxy(shapes[k].proxyId);
  }
}

/**
 * Stage 9a for one body: its transform follows its pose, origin = centre - R localCenter (the angle
 * passed through `cosSin`, so it is not boxed).
 */
export function updateTransform(b: Body, cosSin: Float64Array): void {
  const xf = b.transform;
  cosSin[0] = b.angle;
  cosSinInPlace(cosSin);
  xf.q.c = cosSin[0];
  xf.q.s = cosSin[1];
  const p = b.position;
  const c = b.center;
  if (b.hasOffset) {
    const q = xf.q;
    const lc = b.localCenter;
    p.x = c.x - (q.c * lc.x - q.s * lc.y);
    p.y = c.y - (q.s * lc.x + q.c * lc.y);
  } else {
    p.x = c.x;
    p.y = c.y;
  }
  xf.p.x = p.x;
  xf.p.y = p.y;
}

/** The world box of a shape at the body pose `xf`, written into `out`. */
export function computeAABB(shape: BodyShape, xf: Transform, out: AABB): AABB {
  if (shape.kind === KIND_BOX) return computeBoxAABB(shape.geometry as Box, xf, out);
  return computePackedAABB(shape.packed, xf, out);
}

/**
 * Stage 9a for one body, right after its transform: each shape's box, noting those that left their
 * fat box (and the new box) for {@link moveNotedProxies}. A resting shape costs one containment test.
 */
export function noteMovedProxies(s: StepState, b: Body): void {
  const aabb = s.aabb;
  const fat = s.fatAABB;
  const broadPhase = s.broadPhase;
  const shapes = b.shapeList;
  for (let k = 0, m = shapes.length; k < m; ++k) {
    const shape = shapes[k];
    if (shape.kind === KIND_BOX) computeBoxAABB(shape.geometry as Box, b.transform, aabb);
    else computePackedAABB(shape.packed, b.transform, aabb);
    broadPhase.getFatAABB(shape.proxyId, fat);
    if (fat.minX <= aabb.minX && fat.minY <= aabb.minY && aabb.maxX <= fat.maxX && aabb.maxY <= fat.maxY)
      continue;
    const n = s.movedShapes.length;
    if (MOVED_STRIDE * (n + 1) > s.movedBoxes.length)
      s.movedBoxes = grow(s.movedBoxes, 2 * s.movedBoxes.length);
    const boxes = s.movedBoxes;
    const o = MOVED_STRIDE * n;
    boxes[o] = aabb.minX;
    boxes[o + 1] = aabb.minY;
    boxes[o + 2] = aabb.maxX;
    boxes[o + 3] = aabb.maxY;
    s.movedShapes.push(shape);
  }
}

/** Numbers per noted shape in `StepState.movedBoxes`: its box. */
const MOVED_STRIDE = 4;

/**
 * Stage 9b: the noted shapes are re-inserted into the broadphase, fat boxes stretched along the
 * motion over `dt`, in body order (the two runs of notes merged), so the tree depends only on them.
 */
export function moveNotedProxies(s: StepState, dt: number): void {
  const shapes = s.movedShapes;
  const n = shapes.length;
  const split = s.movedSplit < n ? s.movedSplit : n;
  let i = 0;
  let j = split;
  while (i < split || j < n) {
    // A body's shapes are all in one run: no ties between the runs.
    const k = j === n || (i < split && shapes[i].body.index < shapes[j].body.index) ? i++ : j++;
    moveNotedProxy(s, shapes[k], k, dt);
  }
  while (shapes.length > 0) shapes.pop();
  s.movedSplit = 0;
}

/** {@link moveNotedProxies} for the `k`th note. */
function moveNotedProxy(s: StepState, shape: BodyShape, k: number, dt: number): void {
  const boxes = s.movedBoxes;
  const aabb = s.aabb;
  const o = MOVED_STRIDE * k;
  aabb.minX = boxes[o];
  aabb.minY = boxes[o + 1];
  aabb.maxX = boxes[o + 2];
  aabb.maxY = boxes[o + 3];
  const v = shape.body.linearVelocity;
  s.broadPhase.moveProxy(shape.proxyId, aabb, dt * v.x, dt * v.y);
}

/** Stage 10: islands and sleeping (see `Islands`). */
export function updateSleep(s: StepState, dt: number, solver: InstalledSolver): void {
  if (!s.settings.sleeping) return;
  const asleep = s.islands.update(
    s.bodyList,
    s.bodyStates,
    s.solverContacts,
    s.solverContactCount,
    s.solverJoints,
    s.solverJointCount,
    s.settings,
    dt,
  );
  s.sleepingCount += asleep;
  if (asleep > 0 && solver.settlesSleepers) settleSleepers(s);
}

/**
 * The soft step's islands fall asleep in a canonical state a snapshot need not store
 * (docs/snapshots.md): poses rounded to float32 and transforms recomputed from them, fat boxes reset
 * to the tight box plus margin, and contacts between non-awake bodies with impulses rounded to
 * float32, collided again from the rounded poses. Only at the step an island falls asleep.
 */
export function settleSleepers(s: StepState): void {
  const bodies = s.bodyList;
  const islands = s.islands;
  const slept = islands.slept;
  const settling = islands.settling;
  const count = islands.sleptCount;
  const aabb = s.aabb;
  const broadPhase = s.broadPhase;
  for (let i = 0; i < count; ++i) {
    const b = bodies[slept[i]];
    settling[slept[i]] = 1;
    b.position.x = Math.fround(b.position.x);
    b.position.y = Math.fround(b.position.y);
    (b as SolverBody).angle = Math.fround(b.angle);
    b.transform.set(b.position.x, b.position.y, b.angle);
    placeCenter(b);
    const shapes = b.shapeList;
    for (let k = 0, m = shapes.length; k < m; ++k) {
      computeAABB(shapes[k], b.transform, aabb);
      broadPhase.refitProxy(shapes[k].proxyId, aabb);
    }
  }
  // Every pose is rounded before any contact is collided again. A contact between two bodies that
  // both fell asleep now is settled once, from its body A.
  for (let i = 0; i < count; ++i) {
    const b = bodies[slept[i]];
    const edges = b.contactEdges;
    for (let k = 0, m = edges.length; k < m; ++k) {
      const c = edges[k];
      const other = c.bodyA === b ? c.bodyB : c.bodyA;
      if (other.isAwake) continue;
      if (other === c.bodyA && settling[other.index] === 1) continue;
      settleContact(s, c);
    }
  }
  for (let i = 0; i < count; ++i) settling[slept[i]] = 0;
}

/** A contact of two resting bodies: impulses to float32, points collided again (see above). */
function settleContact(s: StepState, c: Contact): void {
  // A point's normal, tangent and last normal impulse are at 5, 6 and 7 of its 8 numbers.
  const data = c.data;
  for (let p = 0, n = c.pointCount; p < n; ++p) {
    const d = 8 * p;
    data[d + 5] = Math.fround(data[d + 5]);
    data[d + 6] = Math.fround(data[d + 6]);
    data[d + 7] = Math.fround(data[d + 7]);
  }
  const manifold = s.manifold;
  manifold.margin = s.settings.stepNumbers[STEP_SPECULATIVE_DISTANCE];
  collidePair(c, manifold);
  c.update(manifold, s.settings);
  const touching = manifold.pointCount > 0;
  if (touching !== c.touching) {
    c.touching = touching;
    s.events.push(touching ? BEGIN_CONTACT : END_CONTACT, c);
  }
}

/** Stage 11: forces and torques apply for one step (the awake bodies hold slots; sleepers have none). */
export function clearForces(s: StepState): void {
  const states = s.bodyStates;
  for (let slot = 1, n = states.count; slot < n; ++slot) {
    const b = states.bodyAt(slot) as Body;
    b.force.x = 0;
    b.force.y = 0;
    b.torque = 0;
  }
}

/** Stage 12: the queued contact events, in the order they were found (pair-key order). */
export function dispatchEvents(s: StepState): void {
  // The listeners are the user's code: the bodies' setters check again.
  setBodyWritesChecked(true);
  const events = s.events;
  const begin = s.listeners.beginContact;
  const end = s.listeners.endContact;
  for (let i = 0, count = events.count; i < count; ++i) {
    const list = events.kinds[i] === BEGIN_CONTACT ? begin : end;
    const c = events.contacts[i];
    // Given to the user: the world will not move another pair's state into this object.
    if (list.length > 0) c.handed = true;
    emit(s, list, c);
  }
  events.count = 0;
  dispatchSensorEvents(s);
}

/**
 * `hit` events: each contact the solver had this step whose fastest approaching point (one that
 * took an impulse) came in faster than the threshold, in pair-key order.
 */
export function dispatchHits(s: StepState): void {
  const listeners = s.listeners.hit;
  if (listeners.length === 0) return;
  const contacts = s.solverContacts;
  for (let i = 0, n = s.solverContactCount; i < n; ++i) {
    const c = contacts[i];
    let best = -1;
    let speed = s.callbacks.hitThreshold;
    for (let k = 0; k < c.pointCount; ++k) {
      const p = c.points[k];
      if (-p.approachVelocity > speed && p.normalImpulse > 0) {
        speed = -p.approachVelocity;
        best = k;
      }
    }
    if (best < 0) continue;
    const p = c.points[best];
    emit(s, listeners, {
      shapeA: c.shapeA,
      shapeB: c.shapeB,
      pointX: p.x,
      pointY: p.y,
      normalX: c.normalX,
      normalY: c.normalY,
      approachSpeed: speed,
    });
  }
}

/** The queued sensor events, in the order found (sensor id, then visitor id). */
function dispatchSensorEvents(s: StepState): void {
  const events = s.sensorEvents;
  const count = events.count;
  if (count === 0) return;
  const begin = s.listeners.sensorBegin;
  const end = s.listeners.sensorEnd;
  for (let i = 0; i < count; ++i) {
    emit(s, events.kinds[i] === SENSOR_BEGIN ? begin : end, events.sensors[i], events.visitors[i]);
  }
  events.count = 0;
}

/** A WorldError naming the first non-finite state field of body `b` and its value, for `reason`. */
export function nonFiniteBodyError(b: Body, reason: string): WorldError {
  let field = 0;
  while (field < STATE_FIELDS.length - 1 && Number.isFinite(STATE_FIELDS[field][1](b))) field++;
  const [name, read] = STATE_FIELDS[field];
  return new WorldError(`body #${b.id}.${name}`, read(b), reason);
}

/**
 * A body's state fields by name, each with its reader; the origin reads the centre of mass's when
 * that is not finite (the solvers move the centre; the origin follows it).
 */
const STATE_FIELDS: readonly [string, (b: Body) => number][] = [
  ['position.x', (b) => (Number.isFinite(b.center.x) ? b.position.x : b.center.x)],
  ['position.y', (b) => (Number.isFinite(b.center.y) ? b.position.y : b.center.y)],
  ['angle', (b) => b.angle],
  ['linearVelocity.x', (b) => b.linearVelocity.x],
  ['linearVelocity.y', (b) => b.linearVelocity.y],
  ['angularVelocity', (b) => b.angularVelocity],
  ['force.x', (b) => b.force.x],
  ['force.y', (b) => b.force.y],
  ['torque', (b) => b.torque],
];

/** Emits `jointBreak` for the joints `findBrokenJoints` destroyed, in id order. */
export function dispatchJointBreaks(core: StepState): void {
  const broken = core.brokenJoints;
  if (broken.length === 0) return;
  const listeners = core.listeners.jointBreak;
  for (let i = 0; i < broken.length; ++i) emit(core, listeners, broken[i]);
  broken.length = 0;
}

/**
 * Calls each of `listeners` (the user's code) with an event's one or two arguments; what one throws
 * is noted (the world rethrows the first at the end of the step or edit) and the others still run.
 */
export function emit(
  s: StepState,
  listeners: readonly ((a: never, b: never) => void)[],
  a: unknown,
  b?: unknown,
): void {
  for (let k = 0; k < listeners.length; ++k) {
    const listener = listeners[k] as (a: unknown, b?: unknown) => void;
    try {
      if (b === undefined) listener(a);
      else listener(a, b);
    } catch (error) {
      noteListenerError(s, error);
    }
  }
}
