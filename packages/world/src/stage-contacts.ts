import { type Box, collide, collideBoxes, collidePacked, type Manifold } from '@lite/collision';
import { mixFriction, mixRestitution } from '@lite/constraints';
import type { Body } from './body';
import type { Contact } from './contact';
import { findShapeContact, mergeSortedContacts, shouldShapesContact, truncate } from './contact-list';
import { freeContact, maybeReorderContacts, takeContact } from './contact-order';
import { WorldError } from './errors';
import {
  BEGIN_CONTACT,
  type CustomFilterCallback,
  END_CONTACT,
  type MaterialMixCallback,
  type PreSolveCallback,
} from './events';
import { jointBodyA, jointBodyB } from './joints';
import { Stage } from './profile';
import { STEP_SPECULATIVE_DISTANCE } from './settings';
import { type BodyShape, KIND_BOX, packedOf, roundingRadius } from './shape';
import { journalBorn } from './stage-journal';
import { noteListenerError, rethrowListenerError, type StepState, wakeBody } from './step-state';
import { checkCallback } from './validate';

/** The step's contact stages, shared by both solvers, and the contacts' life cycle. */

/** A contact for the shape pair (a's body has the lower id) in a free object, linked into both bodies. */
export function createContact(s: StepState, sa: BodyShape, sb: BodyShape): Contact {
  const a = sa.body;
  const b = sb.body;
  const c = takeContact(s, sa, sb, 0, 0);
  c.radiusA = roundingRadius(sa);
  c.radiusB = roundingRadius(sb);
  c.shapeA = sa;
  c.shapeB = sb;
  mixMaterials(s, c);
  c.touching = false;
  c.edgeA = a.contactEdges.length;
  a.contactEdges.push(c);
  c.edgeB = b.contactEdges.length;
  b.contactEdges.push(c);
  return c;
}

/**
 * A contact's material from its shapes': friction and restitution by the world's callbacks (else
 * sqrt(μA μB) and max(eA, eB)); rolling resistance and tangent speed as Box2D v3 mixes them. A
 * callback's throw or bad value is noted (rethrown at the end of the step) and the default used.
 */
export function mixMaterials(s: StepState, c: Contact): void {
  const sa = c.shapeA;
  const sb = c.shapeB;
  const callbacks = s.callbacks;
  c.friction =
    callbacks.friction === null
      ? mixFriction(sa.friction, sb.friction)
      : askMix(s, callbacks.friction, 'frictionCallback', sa.friction, sa, sb.friction, sb);
  c.restitution = mixedRestitution(s, sa, sb);
  mixRolling(c);
}

/** The pair's restitution (A: the shape of the lower body id), by the world's callback or max(eA, eB). */
export function mixedRestitution(s: StepState, sa: BodyShape, sb: BodyShape): number {
  const mix = s.callbacks.restitution;
  if (mix === null) return mixRestitution(sa.restitution, sb.restitution);
  return askMix(s, mix, 'restitutionCallback', sa.restitution, sa, sb.restitution, sb);
}

/** A shape's material changed: its contacts mix it again (with `wake`, their bodies wake). */
export function remixShape(s: StepState, shape: BodyShape, wake: boolean): void {
  const body = shape.owner;
  if (body === null) return;
  const edges = body.contactEdges;
  for (let i = 0; i < edges.length; ++i) {
    const c = edges[i];
    if (c.shapeA !== shape && c.shapeB !== shape) continue;
    mixMaterials(s, c);
    // (A conveyor that starts moves what sleeps on it.)
    if (wake) {
      wakeBody(s, c.bodyA);
      wakeBody(s, c.bodyB);
    }
  }
  rethrowListenerError(s);
}

/** Installs a mixing callback (`world.setFrictionCallback`) and mixes every contact again with it. */
export function setMixCallback(
  s: StepState,
  kind: 'friction' | 'restitution',
  callback: MaterialMixCallback | null,
): void {
  s.callbacks[kind] = checkCallback(callback);
  const contacts = s.contactList;
  for (let i = 0; i < contacts.length; ++i) if (!contacts[i].dropped) mixMaterials(s, contacts[i]);
  rethrowListenerError(s);
}

/** A contact's rolling resistance and tangent speed from its shapes' (and its rounding radii). */
export function mixRolling(c: Contact): void {
  const sa = c.shapeA;
  const sb = c.shapeB;
  const rolling = Math.max(sa.rollingResistance, sb.rollingResistance);
  c.rollingResistance = rolling > 0 ? rolling * Math.max(c.radiusA, c.radiusB) : 0;
  c.tangentSpeed = sa.tangentSpeed + sb.tangentSpeed;
}

/** Asks a mixing callback (A: the shape of the lower body id); a throw or a bad value falls back. */
function askMix(
  s: StepState,
  mix: MaterialMixCallback,
  name: 'frictionCallback' | 'restitutionCallback',
  valueA: number,
  sa: BodyShape,
  valueB: number,
  sb: BodyShape,
): number {
  const friction = name === 'frictionCallback';
  const fallback = friction ? mixFriction(valueA, valueB) : mixRestitution(valueA, valueB);
  let value: unknown;
  try {
    value =
      sa.body.id <= sb.body.id
        ? mix(valueA, sa.material, valueB, sb.material)
        : mix(valueB, sb.material, valueA, sa.material);
  } catch (error) {
    noteListenerError(s, error);
    return fallback;
  }
  if (typeof value === 'number' && value >= 0 && (friction ? value < Number.POSITIVE_INFINITY : value <= 1)) {
    return value;
  }
  const reason = friction ? 'must return a finite number >= 0' : 'must return a number in [0, 1]';
  noteListenerError(s, new WorldError(name, value, reason));
  return fallback;
}

/** Unlinks a contact from its bodies' edge lists (not the sorted list) in O(1): the last edges move in. */
export function unlinkContact(c: Contact): void {
  unlinkEdge(c.bodyA, c.edgeA);
  unlinkEdge(c.bodyB, c.edgeB);
  c.edgeA = -1;
  c.edgeB = -1;
}

/** Removes edge `index` of `body` by moving its last edge there, whose own index follows. */
function unlinkEdge(body: Body, index: number): void {
  const edges = body.contactEdges;
  const last = edges[edges.length - 1];
  edges[index] = last;
  edges.pop();
  if (last.bodyA === body) last.edgeA = index;
  else last.edgeB = index;
}

/** The most a pair's speculative reach grows with its closing speed in a step, m. */
const MAX_CLOSING = 1e15;

/** Stages 1 to 3 (see {@link findNewContacts}, {@link collideContacts}, {@link wakeJointPartners}). */
export function collideStages(s: StepState, speculative: boolean, stepDt: number): void {
  findNewContacts(s);
  s.profile.lap(Stage.CreateContacts);
  collideContacts(s, speculative, stepDt);
  s.profile.lap(Stage.Collide);
  wakeJointPartners(s);
}

/** Stage 1: new broadphase pairs become contacts, merged into the sorted contact list. */
export function findNewContacts(s: StepState): void {
  const count = s.broadPhase.updatePairs(s.pairs, s.newPairFilter);
  s.profile.lap(Stage.Pairs);
  const added = s.newContacts;
  truncate(added, 0);
  createPairContacts(s, count);
  if (added.length > 0) mergeSortedContacts(s, added);
  truncate(added, 0);
}

/** The broadphase's filter for {@link findNewContacts}: shapes that may make a contact and have none. */
export function makeNewPairFilter(s: StepState): (proxyA: number, proxyB: number) => boolean {
  return (proxyA: number, proxyB: number): boolean => {
    const sa = s.proxyShapes[proxyA]!;
    const sb = s.proxyShapes[proxyB]!;
    // Both read before the test (docs/performance.md, "Code that never ran").
    const dynamicA = sa.body.isDynamic;
    const dynamicB = sb.body.isDynamic;
    if (!dynamicA && !dynamicB) return false;
    if (!shouldShapesContact(sa, sb) || findShapeContact(sa, sb) !== null) return false;
    return s.callbacks.customFilter === null || customFilterAllows(s, sa, sb);
  };
}

/** The user's custom filter on a new pair (A: the lower body id); a throw is noted and allows it. */
function customFilterAllows(s: StepState, sa: BodyShape, sb: BodyShape): boolean {
  const low = sa.body.id <= sb.body.id;
  try {
    return (s.callbacks.customFilter as CustomFilterCallback)(low ? sa : sb, low ? sb : sa) !== false;
  } catch (error) {
    noteListenerError(s, error);
    return true;
  }
}

/** The user's pre-solve callback on a touching contact's fresh manifold; a throw is noted and keeps it. */
function preSolveAllows(s: StepState, c: Contact, manifold: Manifold): boolean {
  try {
    return (s.callbacks.preSolve as PreSolveCallback)(c.shapeA, c.shapeB, manifold) !== false;
  } catch (error) {
    noteListenerError(s, error);
    return true;
  }
}

/** {@link findNewContacts}' loop (docs/performance.md, "Loops in their own functions"). */
function createPairContacts(s: StepState, count: number): void {
  const pairs = s.pairs;
  const added = s.newContacts;
  for (let i = 0; i < count; ++i) {
    let sa = s.proxyShapes[pairs.proxyA[i]]!;
    let sb = s.proxyShapes[pairs.proxyB[i]]!;
    if (sa.body.id > sb.body.id) {
      const t = sa;
      sa = sb;
      sb = t;
    }
    const c = createContact(s, sa, sb);
    journalBorn(s, c);
    added.push(c);
  }
}

/**
 * Stage 2: the narrowphase. Each contact with an awake body gets a fresh manifold, keeping matched
 * points' impulses; contacts whose fat boxes separated are destroyed. `speculative` (the soft step)
 * keeps points up to the speculative distance plus the pair's closing in `stepDt`. Touching
 * contacts are gathered for the solver on the way.
 */
export function collideContacts(s: StepState, speculative: boolean, stepDt: number): void {
  s.gatheredAtWakes = s.wakes;
  s.solverContactCount = 0;
  s.solverGather.clear();
  truncate(s.contactList, collideEach(s, speculative, stepDt));
}

/** {@link collideContacts}' loop: returns how many contacts stay in the list (compacted to the front). */
function collideEach(s: StepState, speculative: boolean, stepDt: number): number {
  const contacts = s.contactList;
  s.collideDt[0] = stepDt;
  let write = 0;
  for (let i = 0, n = contacts.length; i < n; ++i) {
    const c = contacts[i];
    // Stored only once a contact before it has gone.
    if (collideOne(s, c, speculative) === true) {
      if (write !== i) contacts[write] = c;
      write++;
    }
  }
  return write;
}

/** {@link collideEach} for one contact: false when it leaves the list (fat boxes separated). */
function collideOne(s: StepState, c: Contact, speculative: boolean): boolean {
  const a = c.bodyA;
  const b = c.bodyB;
  // Compared with true (docs/performance.md, "Booleans").
  const activeA = a.isAwake === true;
  const activeB = b.isAwake === true;
  const gather = speculative === true;
  if (!activeA && !activeB) return true;
  const sa = c.shapeA;
  const sb = c.shapeB;
  if (!s.broadPhase.testOverlap(sa.proxyId, sb.proxyId)) {
    unlinkContact(c);
    if (c.touching) s.events.push(END_CONTACT, c);
    s.releaseList.push(c);
    return false;
  }
  const settings = s.settings;
  const manifold = s.manifold;
  const margin = gather ? settings.stepNumbers[STEP_SPECULATIVE_DISTANCE] : 0;
  // Speculative reach: the margin plus how far the pair can close in one step (centres and rims).
  let closing = 0;
  if (margin > 0) {
    const dvx = b.linearVelocity.x - a.linearVelocity.x;
    const dvy = b.linearVelocity.y - a.linearVelocity.y;
    closing =
      s.collideDt[0] *
      (Math.sqrt(dvx * dvx + dvy * dvy) +
        Math.abs(a.angularVelocity) * a.maxExtent +
        Math.abs(b.angularVelocity) * b.maxExtent);
  }
  // Capped: an overflowing square would make the reach infinite (the step fails on the pose instead).
  if (!(closing < MAX_CLOSING)) closing = MAX_CLOSING;
  const reach = margin + closing;
  // Bounding circles farther apart than the reach (with 1 µm and a few ulps of slack): no narrowphase.
  const xa = a.transform;
  const xb = b.transform;
  const dx = b.center.x - a.center.x;
  const dy = b.center.y - a.center.y;
  const bound =
    a.maxExtent +
    b.maxExtent +
    reach +
    1e-6 +
    1e-12 * (Math.abs(xa.p.x) + Math.abs(xa.p.y) + Math.abs(xb.p.x) + Math.abs(xb.p.y));
  if (dx * dx + dy * dy > bound * bound) {
    manifold.pointCount = 0;
    // A contact that had points loses them, keeping its normal; one without is left untouched.
    if (c.pointCount > 0) {
      manifold.normalX = c.normalX;
      manifold.normalY = c.normalY;
      c.update(manifold, settings);
    }
  } else {
    manifold.margin = reach;
    if (sa.kind === KIND_BOX && sb.kind === KIND_BOX) {
      collideBoxes(sa.geometry as Box, xa, sb.geometry as Box, xb, manifold);
    } else {
      // packedOf written out: V8 does not inline it into this large function.
      const pa = sa.packed.length > 0 ? sa.packed : packedOf(sa);
      const pb = sb.packed.length > 0 ? sb.packed : packedOf(sb);
      collidePacked(pa, xa, pb, xb, manifold);
    }
    // A contact the user's pre-solve switches off has no points this step (so it does not touch).
    if (manifold.pointCount > 0 && s.callbacks.preSolve !== null && !preSolveAllows(s, c, manifold)) {
      manifold.pointCount = 0;
    }
    c.update(manifold, settings);
  }
  const touching = manifold.pointCount > 0;
  if (touching !== c.touching) {
    c.touching = touching;
    s.events.push(touching ? BEGIN_CONTACT : END_CONTACT, c);
  }
  if (touching) {
    if (a.isStatic === true || b.isStatic === true) noteDeep(c, manifold);
    if (!activeA) wakeBody(s, a);
    if (!activeB) wakeBody(s, b);
    // The solver's working set (`collectSolverConstraints`), gathered while the contact is at hand.
    s.solverContacts[s.solverContactCount++] = c;
    // What the soft step's prepare reads of it (the classic solver reads the contacts).
    if (gather) s.solverGather.add(c, a.index, b.index);
  }
  return true;
}

/** Flags a body whose shape lies deeper in a static one than half its extent, for continuous collision. */
function noteDeep(c: Contact, manifold: Manifold): void {
  const staticA = c.bodyA.isStatic === true;
  const shape = staticA ? c.shapeB : c.shapeA;
  let deepest = manifold.points[0].separation;
  if (manifold.pointCount > 1 && manifold.points[1].separation < deepest)
    deepest = manifold.points[1].separation;
  if (deepest < -0.5 * shape.minExtent) (staticA ? c.bodyB : c.bodyA).deepInStatic = true;
}

/** A contact's manifold at its bodies' transforms, for contacts the narrowphase does not reach. */
export function collidePair(c: Contact, manifold: Manifold): void {
  const sa = c.shapeA;
  const sb = c.shapeB;
  if (sa.kind === KIND_BOX && sb.kind === KIND_BOX) {
    collideBoxes(sa.geometry as Box, c.bodyA.transform, sb.geometry as Box, c.bodyB.transform, manifold);
  } else {
    collide(sa.geometry, c.bodyA.transform, sb.geometry, c.bodyB.transform, manifold);
  }
}

/** Stage 3: a sleeping body jointed to an awake one wakes (with its whole sleeping island). */
export function wakeJointPartners(s: StepState): void {
  const joints = s.jointList;
  for (let i = 0; i < joints.length; ++i) {
    const j = joints[i];
    const a = jointBodyA(j);
    const b = jointBodyB(j);
    if (a.isAwake && !b.isAwake) wakeBody(s, b);
    else if (b.isAwake && !a.isAwake) wakeBody(s, a);
  }
}

/**
 * The solver's working set: touching contacts and joints with an awake body, in key and id order;
 * `gather` (the soft step) also gathers what its prepare reads of the contacts.
 */
export function collectSolverConstraints(s: StepState, gather: boolean): void {
  if (s.gatheredAtWakes !== s.wakes) collectSolverContacts(s, gather);
  s.gatheredAtWakes = -1;
  const joints = s.jointList;
  const solverJoints = s.solverJoints;
  let count = 0;
  for (let i = 0, n = joints.length; i < n; ++i) {
    const j = joints[i];
    if (!jointBodyA(j).isAwake && !jointBodyB(j).isAwake) continue;
    solverJoints[count] = j;
    count++;
  }
  s.solverJointCount = count;
}

/** The solver's contacts from the contact list, for when an island woke after the narrowphase passed it. */
function collectSolverContacts(s: StepState, soft: boolean): void {
  const contacts = s.contactList;
  const solverContacts = s.solverContacts;
  const gather = s.solverGather;
  gather.clear();
  let count = 0;
  for (let i = 0, n = contacts.length; i < n; ++i) {
    const c = contacts[i];
    if (!c.touching || (!c.bodyA.isAwake && !c.bodyB.isAwake)) continue;
    solverContacts[count] = c;
    if (soft) gather.add(c, c.bodyA.index, c.bodyB.index);
    count++;
  }
  s.solverContactCount = count;
}

/** After the step, also when it threw: removed contacts go back to the pool and the events empty. */
export function releaseContacts(s: StepState): void {
  const list = s.releaseList;
  for (let i = 0; i < list.length; ++i) {
    const c = list[i];
    c.touching = false;
    freeContact(s, c);
  }
  truncate(list, 0);
  s.events.count = 0;
  s.sensorEvents.count = 0;
  maybeReorderContacts(s);
}

/** Removes contacts between steps (sorted, endContact emitted); the next compaction drops them. */
export function dropContacts(core: StepState, removed: Contact[]): void {
  for (let i = 0; i < removed.length; ++i) {
    const c = removed[i];
    unlinkContact(c);
    c.dropped = true;
    // Until the compaction frees it, it names the husk (its body may be the one destroyed).
    c.bodyA = core.husk;
    c.bodyB = core.husk;
    c.shapeA = core.huskShape;
    c.shapeB = core.huskShape;
  }
  core.droppedContacts += removed.length;
  truncate(removed, 0);
}
