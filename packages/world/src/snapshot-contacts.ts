import { type Box, type Shape as CollisionShape, collide, collideBoxes, Manifold } from '@lite/collision';
import {
  ContactConstraint,
  mixFriction,
  mixRestitution,
  SolverBody,
  type SolverSettings,
} from '@lite/constraints';
import type { Transform } from '@lite/math';
import type { Body } from './body';
import type { Contact } from './contact';
import { freeContact, takeContact, unhandContacts } from './contact-order';
import type { WorldSettings } from './settings';
import { type BodyShape, checkRestitution, KIND_BOX, roundingRadius } from './shape';
import type { Decoded } from './snapshot';
import {
  B_AWAKE,
  BV,
  check,
  isPlusZero,
  recordTransform,
  type ShapeRecord,
  UNIT_TOLERANCE,
  xfA,
  xfB,
} from './snapshot-bodies';
import {
  type ByteReader,
  type ByteWriter,
  badSnapshot,
  isBeyond,
  refuse,
  stateValue,
} from './snapshot-format';
import { restingMargin } from './solvers';
import { mixRolling } from './stage-contacts';
import type { StepState } from './step-state';
import { checkNonNegative } from './validate';

// The contacts' part of world snapshots: written, read, and put back into the contact list.

/** Contact flags: touching (bit 0), point count (bits 1-2), and these. */
const C_MIXED_FRICTION = 8;
const C_MIXED_RESTITUTION = 16;
/** Every point's normal, tangent and last normal impulse are +0 (full form only). */
const C_NO_IMPULSE = 32;
/** Every point's last normal impulse equals its normal impulse (full form only). */
const C_LAST_IS_NORMAL = 64;
/** Colliding the shapes again gives the normal and points (`deriveContact`): only impulses are written. */
const C_DERIVED = 128;

/** Scratch of `deriveContact`: the manifold, and a constraint whose `update` measures the points. */
const deriveManifold = new Manifold();
const deriveBodyA = new SolverBody();
const deriveBodyB = new SolverBody();
const deriveProbe = new ContactConstraint(deriveBodyA, deriveBodyB);
/** `update` without warm starting: the impulses are not its business here. */
const NO_CARRY = { warmStarting: false } as SolverSettings;

/** The normal and points the narrowphase gives shapes `ga`, `gb` at `xfA`, `xfB`, into `deriveProbe`. */
function deriveContact(
  ga: CollisionShape,
  xfA: Transform,
  gb: CollisionShape,
  xfB: Transform,
  boxes: boolean,
  margin: number,
): ContactConstraint {
  const manifold = deriveManifold;
  manifold.margin = margin;
  if (boxes) collideBoxes(ga as Box, xfA, gb as Box, xfB, manifold);
  else collide(ga, xfA, gb, xfB, manifold);
  const probe = deriveProbe;
  probe.pointCount = 0;
  probe.update(manifold, NO_CARRY);
  return probe;
}

/** Whether colliding a contact's shapes again gives its normal and points bit for bit. */
function isDerivable(c: Contact, margin: number): boolean {
  const a = c.bodyA;
  const b = c.bodyB;
  if (c.pointCount === 0 || a.isAwake || b.isAwake) return false;
  setResting(deriveBodyA, a.center.x, a.center.y);
  setResting(deriveBodyB, b.center.x, b.center.y);
  const boxes = c.shapeA.kind === KIND_BOX && c.shapeB.kind === KIND_BOX;
  const probe = deriveContact(c.shapeA.geometry, a.transform, c.shapeB.geometry, b.transform, boxes, margin);
  if (probe.pointCount !== c.pointCount) return false;
  if (!Object.is(probe.normalX, c.normalX) || !Object.is(probe.normalY, c.normalY)) return false;
  const data = c.data;
  const derived = probe.data;
  for (let p = 0; p < c.pointCount; ++p) {
    for (let q = 8 * p; q < 8 * p + 5; ++q) if (!Object.is(derived[q], data[q])) return false;
  }
  return true;
}

/** A body not awake onto a scratch solver body: its position and zero velocities, as a reader has it. */
function setResting(out: SolverBody, x: number, y: number): void {
  out.center.x = x;
  out.center.y = y;
  out.linearVelocity.x = 0;
  out.linearVelocity.y = 0;
  out.angularVelocity = 0;
}

/** The block's numbers per point of a full-form contact with `flags` (indices into its data). */
const SLOTS = [
  [0, 1, 2, 4, 5, 6, 7],
  [0, 1, 2, 4, 5, 6],
  [0, 1, 2, 4],
];
function pointSlots(flags: number): number[] {
  return SLOTS[flags & C_NO_IMPULSE ? 2 : flags & C_LAST_IS_NORMAL ? 1 : 0];
}

/** The doubles a contact with `count` points and `flags` puts in the block. */
function contactDoubles(count: number, flags: number): number {
  return count === 0 || flags & C_DERIVED ? 0 : 2 + count * pointSlots(flags).length;
}

/**
 * Contacts: per contact its pair, flags, unmixed material, and impulses (derived) or feature keys;
 * then the full-form contacts' normals and points as raw doubles.
 */
function writeContacts(w: ByteWriter, s: StepState): void {
  const contacts = s.contactList;
  w.uint(contacts.length);
  const margin = restingMargin(s.settings);
  let prevA = 0;
  for (let i = 0; i < contacts.length; ++i) {
    const c = contacts[i];
    const sa = c.shapeA;
    const sb = c.shapeB;
    w.int(sa.id - prevA);
    w.int(sb.id - sa.id);
    prevA = sa.id;
    const count = c.pointCount;
    const data = c.data;
    // A number the reader would refuse (the public API sets contacts' data freely).
    for (let k = 0; k < 8 * count; ++k) {
      if (isBeyond(data[k])) refuse(`the contact of shapes #${sa.id} and #${sb.id}: data[${k}]`, data[k]);
    }
    let flags = (c.touching ? 1 : 0) | (count << 1);
    if (Object.is(c.friction, mixFriction(sa.friction, sb.friction))) flags |= C_MIXED_FRICTION;
    if (Object.is(c.restitution, mixRestitution(sa.restitution, sb.restitution)))
      flags |= C_MIXED_RESTITUTION;
    if (isDerivable(c, margin)) flags |= C_DERIVED;
    else {
      flags |= C_NO_IMPULSE | C_LAST_IS_NORMAL;
      for (let d = 0; d < 8 * count; d += 8) {
        if (!isPlusZero(data[d + 5]) || !isPlusZero(data[d + 6]) || !isPlusZero(data[d + 7]))
          flags &= ~C_NO_IMPULSE;
        if (!Object.is(data[d + 7], data[d + 5])) flags &= ~C_LAST_IS_NORMAL;
      }
    }
    w.u8(flags);
    if (!(flags & C_MIXED_FRICTION)) w.float(c.friction, 0);
    if (!(flags & C_MIXED_RESTITUTION)) w.float(c.restitution, 0);
    // A pair with rolling resistance: its rolling impulse (which warm starts the next step).
    if (sa.rollingResistance > 0 || sb.rollingResistance > 0) w.float(c.rollingImpulse, 0);
    for (let d = 0; d < 8 * count; d += 8) {
      if (flags & C_DERIVED) {
        w.float(data[d + 5], 0);
        w.float(data[d + 6], 0);
        w.float(data[d + 7], data[d + 5]);
        continue;
      }
      // Keys: an integer key k in [0, 2^32) as the varint k + 1; any other number as 0 and a double.
      const key = data[d + 3];
      if (Number.isInteger(key) && key >= 0 && key <= 0xffffffff) w.uint(key + 1);
      else {
        w.uint(0);
        w.float(key, 0);
      }
    }
    if (contactDoubles(count, flags) === 0) continue;
    w.raw(c.normalX);
    w.raw(c.normalY);
    const slots = pointSlots(flags);
    for (let d = 0; d < 8 * count; d += 8) for (const q of slots) w.raw(data[d + q]);
  }
  w.endBlock();
}

/** A decoded contact's numbers: friction, restitution, normal, its 16 data numbers, its rolling impulse. */
const CONTACT_STRIDE = 21;

/** Scratch arrays of `readContacts`, kept between restores (a restore is never re-entered). */
let contactShapes = new Int32Array(0);
let contactFlags = new Uint8Array(0);
let contactNumbers = new Float64Array(0);

/** Reads and checks what `writeContacts` wrote, into `d` (derived contacts collide under `settings`). */
function readContacts(r: ByteReader, d: Decoded, settings: WorldSettings): void {
  const margin = restingMargin(settings);
  const n = r.count('contact count', Math.floor(r.remaining / 3));
  const shapeById = d.shapeById;
  if (contactFlags.length < n) {
    contactShapes = new Int32Array(4 * n);
    contactFlags = new Uint8Array(2 * n);
    contactNumbers = new Float64Array(2 * CONTACT_STRIDE * n);
  }
  const ids = contactShapes;
  const numbers = contactNumbers;
  numbers.fill(0, 0, CONTACT_STRIDE * n);
  let prevA = 0;
  let doubles = 0;
  let pa: ShapeRecord | null = null;
  let pb = null as unknown as ShapeRecord;
  for (let i = 0; i < n; ++i) {
    const idA = prevA + r.int();
    const idB = idA + r.int();
    prevA = idA;
    const sa = shapeById[idA];
    const sb = shapeById[idB];
    if (sa === undefined || sb === undefined || sa.body.id >= sb.body.id || sa.sensor || sb.sensor) {
      badSnapshot(`contact ${i}`, `pairs shapes #${idA} and #${idB}, which cannot touch`);
    }
    const order =
      pa === null ? -1 : pa.body.id - sa.body.id || pb.body.id - sb.body.id || pa.id - idA || pb.id - idB;
    if (order >= 0) badSnapshot(`contact ${i}`, 'is out of pair-key order');
    pa = sa;
    pb = sb;
    ids[2 * i] = idA;
    ids[2 * i + 1] = idB;
    const flags = r.u8();
    const count = (flags >> 1) & 3;
    if (count > 2) badSnapshot(`contact flags ${flags}`, 'are not valid');
    contactFlags[i] = flags;
    const o = CONTACT_STRIDE * i;
    const friction = flags & C_MIXED_FRICTION ? mixFriction(sa.friction, sb.friction) : r.float(0);
    const restitution =
      flags & C_MIXED_RESTITUTION ? mixRestitution(sa.restitution, sb.restitution) : r.float(0);
    if (sa.body.type !== 'dynamic' && sb.body.type !== 'dynamic') {
      badSnapshot(`contact ${i}`, `pairs shapes #${idA} and #${idB}, of which neither is on a dynamic body`);
    }
    check(() => {
      checkNonNegative(friction, `contact ${i}.friction`);
      checkRestitution(restitution, `contact ${i}.restitution`);
    }, `contact ${i}`);
    if (sa.rollingResistance > 0 || sb.rollingResistance > 0) {
      numbers[o + 20] = stateValue(r.float(0), 'contact', i, 'rollingImpulse');
    }
    numbers[o] = friction;
    numbers[o + 1] = restitution;
    numbers[o + 3] = 1;
    if (flags & C_DERIVED) {
      const resting = !(sa.body.flags & B_AWAKE || sb.body.flags & B_AWAKE);
      if (count === 0 || flags & (C_NO_IMPULSE | C_LAST_IS_NORMAL) || !resting) {
        badSnapshot(`contact flags ${flags}`, 'are not valid');
      }
      const probe = deriveRecords(sa, sb, d.bodyValues, margin);
      if (probe.pointCount !== count) {
        badSnapshot(`contact ${i}`, `collides with ${probe.pointCount} points, not ${count}`);
      }
      numbers[o + 2] = probe.normalX;
      numbers[o + 3] = probe.normalY;
      for (let q = 0; q < 8 * count; q += 8) {
        for (let k = 0; k < 5; ++k) numbers[o + 4 + q + k] = probe.data[q + k];
        const normal = (numbers[o + 9 + q] = stateValue(r.float(0), 'contact', i, 'normalImpulse'));
        numbers[o + 10 + q] = stateValue(r.float(0), 'contact', i, 'tangentImpulse');
        numbers[o + 11 + q] = stateValue(r.float(normal), 'contact', i, 'lastNormalImpulse');
      }
    } else {
      for (let q = 0; q < 8 * count; q += 8) {
        const key = r.count('feature key', 0x100000000);
        numbers[o + 7 + q] = key > 0 ? key - 1 : r.float(0);
        if (!Number.isFinite(numbers[o + 7 + q])) {
          badSnapshot(`contact ${i}`, `has the feature key ${numbers[o + 7 + q]}`);
        }
      }
    }
    doubles += contactDoubles(count, flags);
  }
  // The full form's numbers: all finite, the normal a unit vector (as the narrowphase makes it).
  const block = r.doubles(doubles);
  for (let i = 0, k = 0; i < n; ++i) {
    const flags = contactFlags[i];
    const count = (flags >> 1) & 3;
    if (contactDoubles(count, flags) === 0) continue;
    const o = CONTACT_STRIDE * i;
    const end = k + contactDoubles(count, flags);
    for (let q = k; q < end; ++q) stateValue(block[q], 'contact', i, 'data');
    const nx = (numbers[o + 2] = block[k++]);
    const ny = (numbers[o + 3] = block[k++]);
    if (!(Math.abs(nx * nx + ny * ny - 1) <= UNIT_TOLERANCE)) {
      badSnapshot(`contact ${i}`, `has the normal (${nx}, ${ny}), which is not a unit vector`);
    }
    const slots = pointSlots(flags);
    for (let q = o + 4; q < o + 4 + 8 * count; q += 8) {
      for (const slot of slots) numbers[q + slot] = block[k++];
      if (flags & C_LAST_IS_NORMAL) numbers[q + 7] = numbers[q + 5];
    }
  }
  d.contactCount = n;
  d.contactShapes = ids;
  d.contactFlags = contactFlags;
  d.contactNumbers = numbers;
}

/** `deriveContact` for two decoded shapes of bodies not awake, at their decoded poses. */
function deriveRecords(sa: ShapeRecord, sb: ShapeRecord, v: Float64Array, margin: number): ContactConstraint {
  setResting(deriveBodyA, v[sa.body.base + BV.X], v[sa.body.base + BV.Y]);
  setResting(deriveBodyB, v[sb.body.base + BV.X], v[sb.body.base + BV.Y]);
  const xa = recordTransform(sa.body, v, xfA);
  const xb = recordTransform(sb.body, v, xfB);
  return deriveContact(sa.geometry, xa, sb.geometry, xb, sa.code === 0 && sb.code === 0, margin);
}

/** Puts the decoded contacts into the world's list (`shapeObjects`: the world's shapes by id). */
function applyContacts(s: StepState, d: Decoded, shapeObjects: BodyShape[]): void {
  // The list's objects refilled in place (those handed to the user retired first).
  unhandContacts(s, false);
  const contacts = s.contactList;
  const count = d.contactCount;
  while (contacts.length > count) freeContact(s, contacts.pop() as Contact);
  // Their objects are put in list order at the end of the next step.
  s.contactsOutOfPlace = count;
  const ids = d.contactShapes;
  const numbers = d.contactNumbers;
  for (let i = 0; i < count; ++i) {
    const sa = shapeObjects[ids[2 * i]];
    const sb = shapeObjects[ids[2 * i + 1]];
    const a = sa.owner as Body;
    const b = sb.owner as Body;
    if (i === contacts.length) contacts.push(takeContact(s, sa, sb, 0.2, 0));
    const c = contacts[i];
    const flags = d.contactFlags[i];
    const o = CONTACT_STRIDE * i;
    c.bodyA = a;
    c.bodyB = b;
    c.shapeA = sa;
    c.shapeB = sb;
    c.radiusA = roundingRadius(sa);
    c.radiusB = roundingRadius(sb);
    mixRolling(c);
    c.rollingImpulse = numbers[o + 20];
    c.friction = numbers[o];
    c.restitution = numbers[o + 1];
    c.normalX = numbers[o + 2];
    c.normalY = numbers[o + 3];
    c.touching = (flags & 1) !== 0;
    c.pointCount = (flags >> 1) & 3;
    c.blockUsable = false;
    c.blockCase = 0;
    for (let q = 0; q < 16; ++q) c.data[q] = numbers[o + 4 + q];
    c.edgeA = a.contactEdges.length;
    a.contactEdges.push(c);
    c.edgeB = b.contactEdges.length;
    b.contactEdges.push(c);
  }
}

export { applyContacts, readContacts, writeContacts };
