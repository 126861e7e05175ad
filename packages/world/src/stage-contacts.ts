import { type Box, collide, collideBoxes, collidePacked, type Manifold } from '@lite/collision';
import { mixFriction, mixRestitution } from '@lite/constraints';
import type { Body } from './body';
import type { Contact } from './contact';
import { findShapeContact, mergeSortedContacts, shouldShapesContact, truncate } from './contact-list';
import { freeContact, maybeReorderContacts, takeContact } from './contact-order';
import { BEGIN_CONTACT, END_CONTACT } from './events';
import { jointBodyA, jointBodyB } from './joints';
import { Stage } from './profile';
import { STEP_SPECULATIVE_DISTANCE } from './settings';
import { type BodyShape, KIND_BOX, packedOf, roundingRadius } from './shape';
import { journalBorn } from './stage-journal';
import { type StepState, wakeBody } from './step-state';

/**
 * The step's contact stages, shared by both solvers: find new contacts (stage 1), collide them
 * (stage 2, the narrowphase, with the soft step's speculative margin), wake joint partners
 * (stage 3), collect the solver's working set, and release the contacts the step removed. Also
 * the contacts' life cycle (make from the pool, unlink), which the world's API uses too.
 */

/**
 * A contact for the shape pair (a, b) (a's body has the lower id), in a free contact object,
 * linked into both bodies' edges.
 */
export function createContact(s: StepState, sa: BodyShape, sb: BodyShape): Contact {
  const a = sa.body;
  const b = sb.body;
  const c = takeContact(
    s,
    sa,
    sb,
    mixFriction(sa.friction, sb.friction),
    mixRestitution(sa.restitution, sb.restitution),
  );
  c.radiusA = roundingRadius(sa);
  c.radiusB = roundingRadius(sb);
  c.shapeA = sa;
  c.shapeB = sb;
  c.touching = false;
  c.edgeA = a.contactEdges.length;
  a.contactEdges.push(c);
  c.edgeB = b.contactEdges.length;
  b.contactEdges.push(c);
  return c;
}

/**
 * Removes a contact from its bodies' edge lists (not from the sorted list) in O(1): the last edge
 * of each list takes its place (the order a search and swap would leave, too).
 */
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

/**
 * The broadphase's filter for {@link findNewContacts}: a pair of proxies passes when its shapes may
 * make a contact (a dynamic body, filters, sensors, joints) and have none yet. Most candidates in a
 * moving pile already have their contact: turned away here, they are not sorted with the new ones.
 */
export function makeNewPairFilter(s: StepState): (proxyA: number, proxyB: number) => boolean {
  return (proxyA: number, proxyB: number): boolean => {
    const sa = s.proxyShapes[proxyA]!;
    const sb = s.proxyShapes[proxyB]!;
    // Both read before the test: `!a.isDynamic && !b.isDynamic` would read b's only for a static
    // a, and the first pair with a static body (the ground, seconds into a rain) would throw away
    // the optimised code of the broadphase's query that calls this.
    const dynamicA = sa.body.isDynamic;
    const dynamicB = sb.body.isDynamic;
    if (!dynamicA && !dynamicB) return false;
    return shouldShapesContact(sa, sb) && findShapeContact(sa, sb) === null;
  };
}

/**
 * {@link findNewContacts}' loop: a contact for each of the first `count` pairs (each passed
 * `makeNewPairFilter`'s filter), into `s.newContacts`, the shapes ordered by body id. A loop in a
 * function of its own with nothing after it:
 * V8 compiles a long loop "on stack replacement" while it runs (the first step of a world created
 * with thousands of touching bodies), and code after the loop that had never run then
 * deoptimised that code as soon as the loop ended, so the next step began in the interpreter.
 */
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
 * Stage 2: the narrowphase. Each contact with an awake body gets a fresh manifold; the constraint
 * keeps the accumulated impulses of points whose feature key it finds again. Contacts whose fat
 * boxes separated are destroyed. Contacts between two sleeping (or static) bodies are skipped:
 * neither moved, so their manifold is still right. `speculative` (the soft step) also keeps points
 * up to `settings.speculativeDistance` apart, plus how far the pair can close in `stepDt`, and
 * fills `s.solverGather` for the soft step's prepare. (The distance is read here, not passed: a
 * number field's value passed to a call is boxed.) The touching contacts are gathered for the
 * solver on the way (see `collectSolverConstraints`).
 */
export function collideContacts(s: StepState, speculative: boolean, stepDt: number): void {
  s.gatheredAtWakes = s.wakes;
  s.solverContactCount = 0;
  s.solverGather.clear();
  truncate(s.contactList, collideEach(s, speculative, stepDt));
}

/**
 * {@link collideContacts}' loop; returns how many contacts stay in the list (compacted to the
 * front), and counts the gathered ones in `s.solverContactCount` as it goes. Nothing follows the
 * loop but the return (see {@link createPairContacts}).
 */
function collideEach(s: StepState, speculative: boolean, stepDt: number): number {
  const contacts = s.contactList;
  // The step's dt for collideOne, in a slot: a number passed to a call V8 does not inline is boxed.
  s.collideDt[0] = stepDt;
  let write = 0;
  for (let i = 0, n = contacts.length; i < n; ++i) {
    const c = contacts[i];
    // (Compared with true: see Body.isAwake. Stored only once a contact before it has gone.)
    if (collideOne(s, c, speculative) === true) {
      if (write !== i) contacts[write] = c;
      write++;
    }
  }
  return write;
}

/**
 * {@link collideEach} for one contact: returns false when the contact leaves the list (its fat
 * boxes separated), true when it stays. A function of its own, larger than V8 inlines, so that the
 * loop above is never compiled again: code reached for the first time in a run (the first pair
 * that comes close, the first that separates, the first of two kinds of shape) throws away the
 * optimised code of the function it is in, and a loop that runs once per step is then left in slow
 * code until it is compiled again on stack replacement (tens of milliseconds in the first second
 * of a rain of 2,000 shapes). A function called per contact is simply compiled again.
 */
function collideOne(s: StepState, c: Contact, speculative: boolean): boolean {
  const a = c.bodyA;
  const b = c.bodyB;
  // Flags compared with true, not tested (see Body.isAwake): this runs for every contact.
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
  // Speculative reach: the fixed margin plus how far the pair can close in one step (relative
  // speed of the centres and each body's rim speed), so a fast body meets its contact in time.
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
  // A speed so large its square overflows (a body set moving at 1e300 m/s) would make the reach
  // infinite, which the narrowphase refuses: cap it (the step then fails on the body's pose,
  // naming it, as any step that turns a body non-finite does).
  if (!(closing < MAX_CLOSING)) closing = MAX_CLOSING;
  const reach = margin + closing;
  // Bodies whose bounding circles (about their centres of mass, radius maxExtent) are farther apart
  // than the reach have no point within it: no narrowphase. The slack (1 µm, and a few units in
  // the last place of the coordinates) keeps this test on the safe side of rounding.
  const xa = a.transform;
  const xb = b.transform;
  let dx = xb.p.x - xa.p.x;
  let dy = xb.p.y - xa.p.y;
  const offsetA = a.hasOffset === true;
  const offsetB = b.hasOffset === true;
  if (offsetA) {
    const lc = a.localCenter;
    dx -= xa.q.c * lc.x - xa.q.s * lc.y;
    dy -= xa.q.s * lc.x + xa.q.c * lc.y;
  }
  if (offsetB) {
    const lc = b.localCenter;
    dx += xb.q.c * lc.x - xb.q.s * lc.y;
    dy += xb.q.s * lc.x + xb.q.c * lc.y;
  }
  const bound =
    a.maxExtent +
    b.maxExtent +
    reach +
    1e-6 +
    1e-12 * (Math.abs(xa.p.x) + Math.abs(xa.p.y) + Math.abs(xb.p.x) + Math.abs(xb.p.y));
  if (dx * dx + dy * dy > bound * bound) {
    manifold.pointCount = 0;
    // A contact that had points loses them (and keeps the normal it had: update copies the
    // manifold's, which is another pair's). One without points is left as it is: update would
    // change nothing, and its numbers stay out of the cache.
    if (c.pointCount > 0) {
      manifold.normalX = c.normalX;
      manifold.normalY = c.normalY;
      c.update(manifold, settings);
    }
  } else {
    // Handed over in the manifold, not as an argument: a computed number passed to a call is boxed.
    manifold.margin = reach;
    if (sa.kind === KIND_BOX && sb.kind === KIND_BOX) {
      collideBoxes(sa.geometry as Box, xa, sb.geometry as Box, xb, manifold);
    } else {
      // The packed numbers read here (V8 does not inline packedOf into this large function); a box
      // has none until its first mixed pair packs them.
      const pa = sa.packed.length > 0 ? sa.packed : packedOf(sa);
      const pb = sb.packed.length > 0 ? sb.packed : packedOf(sb);
      collidePacked(pa, xa, pb, xb, manifold);
    }
    c.update(manifold, settings);
  }
  if ((offsetA || offsetB) && manifold.pointCount > 0) measureApproach(c);
  const touching = manifold.pointCount > 0;
  if (touching !== c.touching) {
    c.touching = touching;
    s.events.push(touching ? BEGIN_CONTACT : END_CONTACT, c);
  }
  if (touching) {
    if (a.isStatic === true || b.isStatic === true) noteDeep(c, manifold);
    if (!activeA) wakeBody(s, a);
    if (!activeB) wakeBody(s, b);
    // The solver's working set, gathered here while the contact is at hand (see
    // `collectSolverConstraints`): touching, with an awake body (this one is).
    s.solverContacts[s.solverContactCount++] = c;
    // What the soft step's prepare reads of it (the classic solver reads the contacts).
    if (gather) s.solverGather.add(c, a.index, b.index);
  }
  return true;
}

/**
 * Flags the body of a contact with a static body when its shape lies deeper in the static one than
 * half its smallest extent (the manifold's deepest point): its core may be inside it, where the
 * bodies around it could push it on through even while it moves slowly, so the continuous
 * collision sweeps it this step (see `finishPoses`).
 */
function noteDeep(c: Contact, manifold: Manifold): void {
  const staticA = c.bodyA.isStatic === true;
  const shape = staticA ? c.shapeB : c.shapeA;
  let deepest = manifold.points[0].separation;
  if (manifold.pointCount > 1 && manifold.points[1].separation < deepest)
    deepest = manifold.points[1].separation;
  if (deepest < -0.5 * shape.minExtent) (staticA ? c.bodyB : c.bodyA).deepInStatic = true;
}

/**
 * Measures each point's approach velocity again with the arms from the bodies' centres of mass.
 * `ContactConstraint.update` takes the arms from the bodies' `position`, which is the centre of mass
 * while the solver runs but the origin between steps, when the narrowphase runs: for a body whose
 * centre is off its origin that is the wrong arm, and a spinning body would bounce as if it turned
 * about its origin.
 */
function measureApproach(c: Contact): void {
  const a = c.bodyA;
  const b = c.bodyB;
  const cAx = a.worldCenterX();
  const cAy = a.worldCenterY();
  const cBx = b.worldCenterX();
  const cBy = b.worldCenterY();
  const nx = c.normalX;
  const ny = c.normalY;
  const vA = a.linearVelocity;
  const vB = b.linearVelocity;
  const wA = a.angularVelocity;
  const wB = b.angularVelocity;
  const data = c.data;
  for (let j = 0, n = c.pointCount; j < n; ++j) {
    // A point's x, y and approach velocity are at 0, 1 and 4 of its 8 numbers.
    const d = 8 * j;
    const rAx = data[d] - cAx;
    const rAy = data[d + 1] - cAy;
    const rBx = data[d] - cBx;
    const rBy = data[d + 1] - cBy;
    data[d + 4] = (vB.x - wB * rBy - vA.x + wA * rAy) * nx + (vB.y + wB * rBx - vA.y - wA * rAx) * ny;
  }
}

/**
 * The manifold of a contact's two shapes at their bodies' transforms, with the speculative margin
 * already in `manifold.margin`: the narrowphase's call, for the contacts it does not reach (resting
 * islands settling, snapshots checking and rebuilding their points).
 */
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
 * The solver's working set: touching contacts and joints with at least one awake body, in pair-key
 * and joint-id order (an order that depends only on ids). The contacts are those the narrowphase
 * gathered, unless an island woke since it began (then a pass over the contact list finds them):
 * one pass over thousands of contacts less per step.
 */
export function collectSolverConstraints(s: StepState): void {
  if (s.gatheredAtWakes !== s.wakes) collectSolverContacts(s);
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

/**
 * The solver's contacts from the contact list: touching, with at least one awake body, in list
 * order. The narrowphase gathers the same list as it goes; this pass is for when it cannot have:
 * an island woke after the narrowphase passed some of its contacts (they were skipped as asleep),
 * or a joint woke one after it.
 */
function collectSolverContacts(s: StepState): void {
  const contacts = s.contactList;
  const solverContacts = s.solverContacts;
  const gather = s.solverGather;
  gather.clear();
  const soft = s.settings.solver === 'soft';
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

/**
 * After the step (also when it threw): contacts removed during it go back to the pool once their
 * events were emitted, the event queue empties, and the contacts are put back in memory order when
 * enough were made (`maybeReorderContacts`).
 */
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
