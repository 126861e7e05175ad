import { CONTACT_DOUBLES, JOINT_TYPES, MAX_CARRIED } from '@lite/constraints';
import type { Body } from './body';
import type { Contact } from './contact';
import { grow, truncate } from './contact-list';
import { freeContact } from './contact-order';
import { END_CONTACT } from './events';
import type { Joint } from './joints';
import { unlinkContact } from './stage-contacts';
import { SNAPSHOT_STRIDE, type StepState } from './step-state';

// The step's journal: what a failed step puts back beside the awake bodies (`saveState`), as it was
// when the step began: the contacts it may change (journaled as the step begins or `wakeBody` wakes
// a body), the joints' carried impulses and the broadphase's move buffer.

/** What the journal holds, in the step state's `journal`. @internal */
export class StepJournal {
  /** Counts the steps: a contact object journaled this step has this in `stamps[slot]`. */
  stamp = 0;
  /** Per contact object (by `Contact.slot`): its numbers at the start of the step. */
  contactData = new Float64Array(8 * CONTACT_DOUBLES);
  /** Per contact object: its point count, and 1 when it was touching (2 numbers). */
  contactInts = new Int32Array(8 * 2);
  /** Per contact object: the step it was journaled in. */
  stamps = new Int32Array(8);
  /** Per contact object: the step that made it (new contacts are removed by an undo). */
  born = new Int32Array(8);
  /** True from `journalStep` to the end of the step: `wakeBody` journals what it wakes. */
  active = false;
  /** Per joint of `jointList`, its impulses (`MAX_CARRIED` doubles) at the start of the step. */
  jointData = new Float64Array(0);
  /** The broadphase's move buffer at the start of the step (`BroadPhase.copyMoves`). */
  moves = new Int32Array(8);
  moveCount = 0;
}

/**
 * Journals every contact and joint before the step changes them (see {@link StepJournal}); called
 * with `saveState`, after the lists were compacted.
 */
export function journalStep(s: StepState): void {
  const journal = s.journal;
  journal.stamp = journal.stamp === 0x7fffffff ? 1 : journal.stamp + 1;
  journal.active = true;
  const slots = s.contactSlots.length;
  if (journal.stamps.length < slots) growContactJournal(journal, slots);
  journalContacts(s, journal);
  let moves = s.broadPhase.copyMoves(journal.moves);
  if (moves > journal.moves.length) {
    journal.moves = new Int32Array(Math.max(moves, 2 * journal.moves.length));
    moves = s.broadPhase.copyMoves(journal.moves);
  }
  journal.moveCount = moves;
  const joints = s.jointList;
  if (joints.length > 0) journalJoints(joints, journal);
}

/** {@link journalStep}'s loop over the contacts (a function of its own: see `createPairContacts`). */
function journalContacts(s: StepState, journal: StepJournal): void {
  const contacts = s.contactList;
  for (let i = 0, n = contacts.length; i < n; ++i) {
    const c = contacts[i];
    // (Compared with true: see Body.isAwake.)
    if (c.bodyA.isAwake !== true && c.bodyB.isAwake !== true) continue;
    journalContact(journal, c);
  }
}

/** Journals one contact: its numbers, point count and touching flag, stamped with this step. */
function journalContact(journal: StepJournal, c: Contact): void {
  const slot = c.slot;
  journal.stamps[slot] = journal.stamp;
  journal.contactData.set(c.data, CONTACT_DOUBLES * slot);
  journal.contactInts[2 * slot] = c.pointCount;
  journal.contactInts[2 * slot + 1] = c.touching ? 1 : 0;
}

/**
 * Saves `body`, which the step is waking, as `saveState` the awake ones, and journals its contacts
 * not journaled yet (see {@link StepJournal}). Called by `wakeBody` while a step runs.
 */
export function journalWoken(s: StepState, body: Body): void {
  saveBody(s, body);
  const journal = s.journal;
  const stamp = journal.stamp;
  const edges = body.contactEdges;
  for (let k = 0, n = edges.length; k < n; ++k) {
    const c = edges[k];
    const slot = c.slot;
    // A contact made by this step is not undone from the journal but removed.
    if (slot >= journal.stamps.length || journal.stamps[slot] === stamp || journal.born[slot] === stamp)
      continue;
    journalContact(journal, c);
  }
}

/** Copies `b`'s pose and velocity to the step's snapshot, at its index (see `saveState`). */
export function saveBody(s: StepState, b: Body): void {
  const snapshot = s.snapshot;
  const k = b.index * SNAPSHOT_STRIDE;
  snapshot[k] = b.position.x;
  snapshot[k + 1] = b.position.y;
  snapshot[k + 2] = b.angle;
  snapshot[k + 3] = b.linearVelocity.x;
  snapshot[k + 4] = b.linearVelocity.y;
  snapshot[k + 5] = b.angularVelocity;
  snapshot[k + 6] = b.center.x;
  snapshot[k + 7] = b.center.y;
}

/** Notes that contact `c` was made by this step (an undo removes it). */
export function journalBorn(s: StepState, c: Contact): void {
  const journal = s.journal;
  if (c.slot >= journal.born.length) growContactJournal(journal, c.slot + 1);
  journal.born[c.slot] = journal.stamp;
}

function growContactJournal(journal: StepJournal, slots: number): void {
  const capacity = Math.max(slots, 2 * journal.stamps.length);
  journal.contactData = grow(journal.contactData, CONTACT_DOUBLES * capacity);
  journal.contactInts = grow(journal.contactInts, 2 * capacity);
  journal.stamps = grow(journal.stamps, capacity);
  journal.born = grow(journal.born, capacity);
}

/** {@link journalStep} for the joints: each joint's carried impulses, by its kind. */
function journalJoints(joints: Joint[], journal: StepJournal): void {
  if (journal.jointData.length < MAX_CARRIED * joints.length) {
    const capacity = Math.max(joints.length, (2 * journal.jointData.length) / MAX_CARRIED);
    journal.jointData = new Float64Array(MAX_CARRIED * capacity);
  }
  copyJointImpulses(joints, journal.jointData, true);
}

/**
 * Copies each joint's impulses (and, where its reaction is read along an axis the prepare sets, that
 * axis) to `data` (`save`), or back from it: the fields its kind says a step carries to the next
 * (`JointType.carry`), run by run of joints of one kind.
 */
function copyJointImpulses(joints: Joint[], data: Float64Array, save: boolean): void {
  for (let i = 0, end = 0, n = joints.length; i < n; i = end) {
    const kind = joints[i].kind;
    end = i + 1;
    while (end < n && joints[end].kind === kind) end++;
    JOINT_TYPES[kind].carry(joints, i, end, data, MAX_CARRIED, save);
  }
}

/**
 * A failed step's undo of the contacts, joints and broadphase pairs: journaled contacts and joints
 * get their numbers back; contacts the step made are removed (the restored move buffer finds their
 * pairs again); contacts it destroyed stay destroyed, and only their end events are kept. Call it
 * before `restoreBodies` moves any proxy back.
 */
export function undoStep(s: StepState): void {
  const journal = s.journal;
  const stamp = journal.stamp;
  const contacts = s.contactList;
  const data = journal.contactData;
  const ints = journal.contactInts;
  let write = 0;
  // Made by the step: unlinked from their bodies' edges, last first (each was appended to them).
  for (let i = contacts.length - 1; i >= 0; --i) {
    const c = contacts[i];
    if (journal.born[c.slot] !== stamp) continue;
    unlinkContact(c);
    c.touching = false;
  }
  // The broadphase reports their pairs again: one of each pair's proxies was in the move buffer.
  s.broadPhase.restoreMoves(journal.moves, journal.moveCount);
  for (let i = 0, n = contacts.length; i < n; ++i) {
    const c = contacts[i];
    const slot = c.slot;
    if (journal.born[slot] === stamp) {
      freeContact(s, c);
      continue;
    }
    // Not journaled: neither of its bodies was awake, so the step left it alone.
    if (journal.stamps[slot] === stamp) {
      c.data.set(data.subarray(CONTACT_DOUBLES * slot, CONTACT_DOUBLES * (slot + 1)));
      c.pointCount = ints[2 * slot];
      c.touching = ints[2 * slot + 1] === 1;
    }
    contacts[write++] = c;
  }
  truncate(contacts, write);
  keepEndsOfDestroyed(s);
  copyJointImpulses(s.jointList, journal.jointData, false);
}

/**
 * Drops the step's queued contact events but the ends of the contacts it destroyed that touched
 * when it began (the next step would have destroyed them too, ending them; one the step itself
 * made and destroyed had its begin dropped with it).
 */
function keepEndsOfDestroyed(s: StepState): void {
  const journal = s.journal;
  const events = s.events;
  const released = s.releaseList;
  let write = 0;
  for (let i = 0, n = events.count; i < n; ++i) {
    const c: Contact = events.contacts[i];
    if (events.kinds[i] !== END_CONTACT || released.indexOf(c) < 0) continue;
    if (journal.stamps[c.slot] !== journal.stamp || journal.contactInts[2 * c.slot + 1] !== 1) continue;
    events.kinds[write] = END_CONTACT;
    events.contacts[write] = c;
    write++;
  }
  events.count = write;
}
