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
import { STEP_SPECULATIVE_DISTANCE, type WorldSettings } from './settings';
import { type BodyShape, checkRestitution, KIND_BOX, roundingRadius } from './shape';
import type { Decoded } from './snapshot';
import {
  BV,
  check,
  isPlusZero,
  recordTransform,
  type ShapeRecord,
  UNIT_TOLERANCE,
  xfA,
  xfB,
} from './snapshot-bodies';
import { type ByteReader, type ByteWriter, badSnapshot } from './snapshot-format';
import type { StepState } from './step-state';
import { checkNonNegative, MAX_STATE_MAGNITUDE } from './validate';

/*
 * The contacts' part of world snapshots: each contact's pair, flags, material, feature keys, normal,
 * points and impulses, written and read (a resting contact's points derived by colliding its shapes
 * again), and put back into the world's contact list.
 */

/** Contact flags: touching (bit 0), point count (bits 1-2), and these. */
const C_MIXED_FRICTION = 8;
const C_MIXED_RESTITUTION = 16;
/** Every point's normal, tangent and last normal impulse are +0 (full form only). */
const C_NO_IMPULSE = 32;
/** Every point's last normal impulse equals its normal impulse (full form only). */
const C_LAST_IS_NORMAL = 64;
/**
 * The contact's normal and points (position, separation, feature key, approach velocity) are what
 * colliding its shapes at its bodies' transforms gives (`deriveContact`): only its impulses are
 * written. Only for contacts of two bodies not awake, and only when checked at writing.
 */
const C_DERIVED = 128;

/** The flags `writeContacts` gave each contact (scratch, kept between snapshots). */
let writtenFlags = new Uint8Array(0);

/** The doubles a contact with `count` points and `flags` puts in the block. */
function contactDoubles(count: number, flags: number): number {
  if (count === 0 || flags & C_DERIVED) return 0;
  let perPoint = 4;
  if (!(flags & C_NO_IMPULSE)) perPoint += flags & C_LAST_IS_NORMAL ? 2 : 3;
  return 2 + count * perPoint;
}

/** Scratch of `deriveContact`: the manifold, and a constraint whose `update` measures the points. */
const deriveManifold = new Manifold();
const deriveBodyA = new SolverBody();
const deriveBodyB = new SolverBody();
const deriveProbe = new ContactConstraint(deriveBodyA, deriveBodyB);
/** `update` without warm starting: the impulses are not its business here. */
const NO_CARRY = { warmStarting: false } as SolverSettings;

/**
 * The normal and points a contact of shapes with geometries `ga` and `gb` (`boxes`: both are `Box`
 * instances, which the narrowphase collides with `collideBoxes`) has when its bodies are at
 * transforms `xfA`, `xfB`, positions and velocities those of `deriveBodyA` and `deriveBodyB`, and
 * the speculative margin `margin`: the narrowphase's collision and `ContactConstraint.update`,
 * into `deriveProbe` (its point count, normal and the first five numbers of each point's data).
 */
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

/** The speculative margin the narrowphase collides with under `settings` (velocities zero). */
function derivedMargin(settings: WorldSettings): number {
  return settings.solver === 'soft' ? settings.stepNumbers[STEP_SPECULATIVE_DISTANCE] : 0;
}

/**
 * Whether colliding a contact's shapes again gives its normal and points exactly, number for
 * number (then only its impulses need writing). Checked, not assumed: a resting island settled by
 * the soft step passes; a world changed in other ways (a body put to sleep by hand, a setting
 * changed since, the classic solver) is written in full.
 */
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

/**
 * A body not awake onto a scratch solver body (what `update` reads): its position, and the zero
 * velocities a reader gives it (a snapshot writes no velocity for a body not awake).
 */
function setResting(out: SolverBody, x: number, y: number): void {
  out.center.x = x;
  out.center.y = y;
  out.linearVelocity.x = 0;
  out.linearVelocity.y = 0;
  out.angularVelocity = 0;
}

/**
 * Contacts: per contact its pair (shape ids as differences) and flags (touching, point count,
 * whether friction and restitution are the mix of the shapes', whether its points are derived;
 * for the full form whether the impulses are zero or the last normal impulse repeats the normal
 * one), the friction and restitution when not mixed; a derived contact's impulses (tagged doubles),
 * or the full form's feature keys. Then one block of raw doubles: for every full-form contact with
 * points, its normal and per point x, y, separation, approach velocity and the impulses the flags
 * do not make implicit.
 */
function writeContacts(w: ByteWriter, s: StepState): void {
  const contacts = s.contactList;
  w.uint(contacts.length);
  if (writtenFlags.length < contacts.length) writtenFlags = new Uint8Array(2 * contacts.length);
  const margin = derivedMargin(s.settings);
  let prevA = 0;
  let doubles = 0;
  for (let i = 0; i < contacts.length; ++i) {
    const c = contacts[i];
    const sa = c.shapeA;
    const sb = c.shapeB;
    w.int(sa.id - prevA);
    w.int(sb.id - sa.id);
    prevA = sa.id;
    const count = c.pointCount;
    const data = c.data;
    let flags = (c.touching ? 1 : 0) | (count << 1);
    if (Object.is(c.friction, mixFriction(sa.friction, sb.friction))) flags |= C_MIXED_FRICTION;
    if (Object.is(c.restitution, mixRestitution(sa.restitution, sb.restitution)))
      flags |= C_MIXED_RESTITUTION;
    if (isDerivable(c, margin)) flags |= C_DERIVED;
    else {
      flags |= C_NO_IMPULSE | C_LAST_IS_NORMAL;
      for (let p = 0; p < count; ++p) {
        const d = 8 * p;
        if (!isPlusZero(data[d + 5]) || !isPlusZero(data[d + 6]) || !isPlusZero(data[d + 7]))
          flags &= ~C_NO_IMPULSE;
        if (!Object.is(data[d + 7], data[d + 5])) flags &= ~C_LAST_IS_NORMAL;
      }
    }
    w.u8(flags);
    writtenFlags[i] = flags;
    if (!(flags & C_MIXED_FRICTION)) w.float(c.friction, 0);
    if (!(flags & C_MIXED_RESTITUTION)) w.float(c.restitution, 0);
    if (flags & C_DERIVED) {
      for (let p = 0; p < count; ++p) {
        const d = 8 * p;
        w.float(data[d + 5], 0);
        w.float(data[d + 6], 0);
        w.float(data[d + 7], data[d + 5]);
      }
    } else {
      // Keys: an integer key k in [0, 2^32) as the varint k + 1; any other number as 0 and a double.
      for (let p = 0; p < count; ++p) {
        const key = data[8 * p + 3];
        if (Number.isInteger(key) && key >= 0 && key <= 0xffffffff) w.uint(key + 1);
        else {
          w.uint(0);
          w.float(key, 0);
        }
      }
    }
    doubles += contactDoubles(count, flags);
  }
  const block = w.beginDoubles(doubles);
  let k = 0;
  for (let i = 0; i < contacts.length; ++i) {
    const c = contacts[i];
    const n = c.pointCount;
    const flags = writtenFlags[i];
    if (n === 0 || flags & C_DERIVED) continue;
    block[k++] = c.normalX;
    block[k++] = c.normalY;
    const data = c.data;
    const zero = (flags & C_NO_IMPULSE) !== 0;
    const same = (flags & C_LAST_IS_NORMAL) !== 0;
    for (let p = 0; p < n; ++p) {
      const d = 8 * p;
      block[k++] = data[d];
      block[k++] = data[d + 1];
      block[k++] = data[d + 2];
      block[k++] = data[d + 4];
      if (zero) continue;
      block[k++] = data[d + 5];
      block[k++] = data[d + 6];
      if (!same) block[k++] = data[d + 7];
    }
  }
  w.endDoubles();
}

/**
 * Scratch arrays of `readContacts`, kept between restores (a restore is never re-entered): reading
 * a snapshot then allocates little.
 */
const scratch = {
  contactShapes: new Int32Array(0),
  contactFlags: new Uint8Array(0),
  contactMaterial: new Float64Array(0),
  contactOffsets: new Int32Array(0),
  contactKeys: new Float64Array(0),
  contactDerived: new Float64Array(0),
  contactImpulses: new Float64Array(0),
};

function readContacts(r: ByteReader, d: Decoded, margin: number): void {
  const n = r.count('contact count', Math.floor(r.remaining / 3));
  const shapeById = d.shapeById;
  if (scratch.contactFlags.length < n) {
    scratch.contactShapes = new Int32Array(4 * n);
    scratch.contactFlags = new Uint8Array(2 * n);
    scratch.contactMaterial = new Float64Array(4 * n);
    scratch.contactOffsets = new Int32Array(2 * n);
    scratch.contactKeys = new Float64Array(4 * n);
    scratch.contactDerived = new Float64Array(24 * n);
    scratch.contactImpulses = new Float64Array(12 * n);
  }
  const keys = scratch.contactKeys;
  const ids = scratch.contactShapes;
  const flagsOf = scratch.contactFlags;
  const values = scratch.contactMaterial;
  const offsets = scratch.contactOffsets;
  const derived = scratch.contactDerived;
  const impulses = scratch.contactImpulses;
  const v = d.bodyValues;
  let prevA = 0;
  let doubles = 0;
  let pa: ShapeRecord | null = null;
  let pb: ShapeRecord | null = null;
  for (let i = 0; i < n; ++i) {
    const idA = prevA + r.int();
    const idB = idA + r.int();
    prevA = idA;
    const sa = shapeById[idA];
    const sb = shapeById[idB];
    if (sa === undefined || sb === undefined || sa.body.id >= sb.body.id || sa.sensor || sb.sensor) {
      badSnapshot(`contact ${i}`, `pairs shapes #${idA} and #${idB}, which cannot touch`);
    }
    if (
      pa !== null &&
      pb !== null &&
      (pa.body.id - sa.body.id || pb.body.id - sb.body.id || pa.id - idA || pb.id - idB) >= 0
    ) {
      badSnapshot(`contact ${i}`, 'is out of pair-key order');
    }
    pa = sa;
    pb = sb;
    ids[2 * i] = idA;
    ids[2 * i + 1] = idB;
    const flags = r.u8();
    const count = (flags >> 1) & 3;
    if (count > 2) badSnapshot(`contact flags ${flags}`, 'are not valid');
    flagsOf[i] = flags;
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
    values[2 * i] = friction;
    values[2 * i + 1] = restitution;
    if (flags & C_DERIVED) {
      if (
        count === 0 ||
        flags & (C_NO_IMPULSE | C_LAST_IS_NORMAL) ||
        sa.body.flags & 16 ||
        sb.body.flags & 16
      ) {
        badSnapshot(`contact flags ${flags}`, 'are not valid');
      }
      for (let p = 0; p < count; ++p) {
        const normal = r.float(0);
        impulses[6 * i + 3 * p] = normal;
        impulses[6 * i + 3 * p + 1] = r.float(0);
        impulses[6 * i + 3 * p + 2] = r.float(normal);
        for (let q = 6 * i + 3 * p; q < 6 * i + 3 * p + 3; ++q) {
          if (!(Math.abs(impulses[q]) <= MAX_STATE_MAGNITUDE)) {
            badSnapshot(
              `contact ${i}`,
              `has the impulse ${impulses[q]} (finite, at most ${MAX_STATE_MAGNITUDE}, expected)`,
            );
          }
        }
      }
      const probe = deriveRecords(sa, sb, v, margin);
      if (probe.pointCount !== count) {
        badSnapshot(`contact ${i}`, `collides with ${probe.pointCount} points, not ${count}`);
      }
      derived[12 * i] = probe.normalX;
      derived[12 * i + 1] = probe.normalY;
      for (let p = 0; p < count; ++p) {
        for (let q = 0; q < 5; ++q) derived[12 * i + 2 + 5 * p + q] = probe.data[8 * p + q];
      }
    } else {
      for (let p = 0; p < count; ++p) {
        const key = r.count('feature key', 0x100000000);
        keys[2 * i + p] = key > 0 ? key - 1 : r.float(0);
        if (!Number.isFinite(keys[2 * i + p]))
          badSnapshot(`contact ${i}`, `has the feature key ${keys[2 * i + p]}`);
      }
    }
    offsets[i] = count > 0 ? doubles : -1;
    doubles += contactDoubles(count, flags);
  }
  const block = r.doubles(doubles);
  // The full form's numbers: all finite, the normal a unit vector (as the narrowphase makes it).
  for (let i = 0; i < n; ++i) {
    const o = offsets[i];
    if (o < 0 || flagsOf[i] & C_DERIVED) continue;
    const end = o + contactDoubles((flagsOf[i] >> 1) & 3, flagsOf[i]);
    for (let k = o; k < end; ++k) {
      if (!(Math.abs(block[k]) <= MAX_STATE_MAGNITUDE)) {
        badSnapshot(
          `contact ${i}`,
          `has the value ${block[k]} (finite, at most ${MAX_STATE_MAGNITUDE}, expected)`,
        );
      }
    }
    const nx = block[o];
    const ny = block[o + 1];
    if (!(Math.abs(nx * nx + ny * ny - 1) <= UNIT_TOLERANCE)) {
      badSnapshot(`contact ${i}`, `has the normal (${nx}, ${ny}), which is not a unit vector`);
    }
  }
  d.contactKeys = keys;
  d.contactCount = n;
  d.contactShapes = ids;
  d.contactFlags = flagsOf;
  d.contactMaterial = values;
  d.contactOffsets = offsets;
  d.contactBlock = block;
  d.contactDerived = derived;
  d.contactImpulses = impulses;
}

/** `deriveContact` for two decoded shapes of bodies not awake, at their decoded poses. */
function deriveRecords(sa: ShapeRecord, sb: ShapeRecord, v: Float64Array, margin: number): ContactConstraint {
  setResting(deriveBodyA, v[sa.body.base + BV.X], v[sa.body.base + BV.Y]);
  setResting(deriveBodyB, v[sb.body.base + BV.X], v[sb.body.base + BV.Y]);
  return deriveContact(
    sa.geometry,
    recordTransform(sa.body, v, xfA),
    sb.geometry,
    recordTransform(sb.body, v, xfB),
    sa.code === 0 && sb.code === 0,
    margin,
  );
}

/** Puts the decoded contacts into the world's list (`shapeObjects`: the world's shapes by id). */
function applyContacts(s: StepState, d: Decoded, shapeObjects: BodyShape[]): void {
  // Contacts: the list's objects refilled in place, more from the free ones, extra ones freed
  // (the objects the user was given are retired first: they keep no other pair's state).
  unhandContacts(s, false);
  const contacts = s.contactList;
  const count = d.contactCount;
  while (contacts.length > count) freeContact(s, contacts.pop() as Contact);
  // Their objects are put in list order at the end of the next step.
  s.contactsOutOfPlace = count;
  const ids = d.contactShapes;
  const material = d.contactMaterial;
  const block = d.contactBlock;
  for (let i = 0; i < count; ++i) {
    const sa = shapeObjects[ids[2 * i]];
    const sb = shapeObjects[ids[2 * i + 1]];
    const a = sa.owner as Body;
    const b = sb.owner as Body;
    let c: Contact;
    if (i < contacts.length) c = contacts[i];
    else {
      c = takeContact(s, sa, sb, 0.2, 0);
      contacts.push(c);
    }
    const flags = d.contactFlags[i];
    const points = (flags >> 1) & 3;
    c.bodyA = a;
    c.bodyB = b;
    c.shapeA = sa;
    c.shapeB = sb;
    c.radiusA = roundingRadius(sa);
    c.radiusB = roundingRadius(sb);
    c.friction = material[2 * i];
    c.restitution = material[2 * i + 1];
    c.touching = (flags & 1) !== 0;
    c.pointCount = points;
    c.blockUsable = false;
    c.blockCase = 0;
    const data = c.data;
    for (let q = 8 * points; q < 16; ++q) data[q] = 0;
    if (points > 0 && flags & C_DERIVED) {
      const derived = d.contactDerived;
      const impulses = d.contactImpulses;
      c.normalX = derived[12 * i];
      c.normalY = derived[12 * i + 1];
      for (let p = 0; p < points; ++p) {
        const q = 8 * p;
        for (let k = 0; k < 5; ++k) data[q + k] = derived[12 * i + 2 + 5 * p + k];
        data[q + 5] = impulses[6 * i + 3 * p];
        data[q + 6] = impulses[6 * i + 3 * p + 1];
        data[q + 7] = impulses[6 * i + 3 * p + 2];
      }
    } else if (points > 0) {
      let o = d.contactOffsets[i];
      c.normalX = block[o++];
      c.normalY = block[o++];
      const zero = (flags & C_NO_IMPULSE) !== 0;
      const same = (flags & C_LAST_IS_NORMAL) !== 0;
      for (let p = 0; p < points; ++p) {
        const q = 8 * p;
        data[q] = block[o++];
        data[q + 1] = block[o++];
        data[q + 2] = block[o++];
        data[q + 3] = d.contactKeys[2 * i + p];
        data[q + 4] = block[o++];
        if (zero) {
          data[q + 5] = 0;
          data[q + 6] = 0;
          data[q + 7] = 0;
        } else {
          data[q + 5] = block[o++];
          data[q + 6] = block[o++];
          data[q + 7] = same ? data[q + 5] : block[o++];
        }
      }
    } else {
      c.normalX = 0;
      c.normalY = 1;
    }
    c.edgeA = a.contactEdges.length;
    a.contactEdges.push(c);
    c.edgeB = b.contactEdges.length;
    b.contactEdges.push(c);
  }
}

export { applyContacts, derivedMargin, isDerivable, readContacts, writeContacts };
