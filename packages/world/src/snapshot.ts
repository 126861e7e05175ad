import { AABB, type Box, computeBoxAABB, computeShapeAABB } from '@lite/collision';
import type { Body } from './body';
import { WorldError } from './errors';
import { WorldSettings } from './settings';
import type { BodyShape } from './shape';
import { apply } from './snapshot-apply';
import {
  B_AWAKE,
  BODY_NUMBERS,
  type BodyRecord,
  BV,
  bodyValues,
  check,
  findRecord,
  readBodies,
  recordTransform,
  type ShapeRecord,
  UNIT_TOLERANCE,
  writeBodies,
  xfA,
} from './snapshot-bodies';
import { derivedMargin, readContacts, writeContacts } from './snapshot-contacts';
import {
  assignFields,
  ByteReader,
  ByteWriter,
  badSnapshot,
  type FieldSchema,
  fieldSchema,
  readFields,
  writeFields,
} from './snapshot-format';
import {
  impulsePaths,
  isUnitAxis,
  type JointRecord,
  readJoints,
  snapshotKind,
  writeJoints,
} from './snapshot-joints';
import { computeAABB } from './stage-finish';
import type { StepState } from './step-state';
import { MAX_MAGNITUDE, MAX_STATE_MAGNITUDE } from './validate';
import type { World } from './world';

/*
 * World snapshots: `saveWorld(world)` writes everything that decides the world's future into a
 * versioned binary buffer (`snapshot-format.ts`), and `restoreWorld(world, bytes)` reads it back so that
 * stepping on is bit for bit the same as if the snapshot had never been taken.
 *
 * What is written, in order: the id counters, the step count, gravity, the carried dt of the last
 * step, every setting (both solvers'); every body (all its state, mass data, flags, sleep timer and
 * sleeping ring) with its shapes (geometry, material, filter, sensor overlaps);
 * every joint (every number of its class, so options, limits, motors, springs, break thresholds and
 * the accumulated impulses that warm start it); every contact (its pair, touching flag, normal and
 * per point the position, separation, feature key, approach velocity and impulses: the state the
 * narrowphase and both solvers carry from step to step); and each shape's broadphase proxy (its fat
 * box, and whether it waits in the move buffer: what decides the pairs found next). Not the tree:
 * restoring keeps the proxies it can and inserts the others, and no result depends on the tree's
 * shape or on proxy ids (pairs are sorted by key, contacts kept in pair-key order, queries and the
 * continuous step's candidates sorted by id).
 *
 * What follows from the rest is checked and left out: a contact of two bodies not awake whose
 * shapes, collided again at their bodies' poses, give exactly its normal and points (what the soft
 * step's settling of a resting island guarantees) is written as its impulses, and its points are
 * collided again on reading; a proxy whose fat box is its shape's box grown by the margin is
 * written as a tag and its box computed on reading (see docs/snapshots.md).
 *
 * Not written: listeners, `userData` (kept on the objects that survive a restore; undefined on those
 * made anew), the profile, and the step's scratch (rebuilt by every step).
 *
 * Reading is two passes: `decode` checks the whole buffer into plain records without touching the
 * world (a bad buffer throws there, changing nothing), then `apply` writes them into the world.
 * The parts: `snapshot-format.ts` (bytes), `snapshot-bodies.ts`, `snapshot-joints.ts`,
 * `snapshot-contacts.ts` (each part's records, written and read), `snapshot-apply.ts`.
 */

/** The private parts of a world the snapshot reads and writes. */
interface WorldInternals {
  core: StepState;
  nextBodyId: number;
  nextShapeId: number;
  nextJointId: number;
  stepCounter: number;
}

const NO_SKIP: ReadonlySet<string> = new Set();

/** The settings' public accessors (a getter and a setter), which check what they are given. */
let settingsAccessors: string[] | null = null;
const scratchSettings = new WorldSettings();

/**
 * Checks decoded settings values as the settings themselves would: assigned to a scratch settings
 * object, every accessor's value is set again through its setter, under each solver (each keeps its
 * own iterations and sub-steps), then `validate` runs. Throws the snapshot's WorldError.
 */
function checkSettings(values: unknown[]): void {
  if (settingsAccessors === null) {
    const names: string[] = [];
    for (
      let proto = Object.getPrototypeOf(scratchSettings);
      proto !== null;
      proto = Object.getPrototypeOf(proto)
    ) {
      for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(proto))) {
        if (d.get !== undefined && d.set !== undefined && !names.includes(name)) names.push(name);
      }
    }
    settingsAccessors = names;
  }
  assignFields(scratchSettings, settingsSchema(), values);
  const record = scratchSettings as unknown as Record<string, unknown>;
  try {
    const solver = scratchSettings.solver;
    scratchSettings.solver = solver;
    for (const kind of ['soft', 'classic'] as const) {
      scratchSettings.solver = kind;
      for (const name of settingsAccessors) {
        const value = record[name];
        record[name] = value;
      }
    }
    scratchSettings.solver = solver;
    scratchSettings.validate();
  } catch (error) {
    badSnapshot('its settings', error instanceof Error ? error.message : String(error));
  }
}

let settingsSchemaCache: FieldSchema | null = null;
function settingsSchema(): FieldSchema {
  if (settingsSchemaCache === null) settingsSchemaCache = fieldSchema(new WorldSettings(), NO_SKIP);
  return settingsSchemaCache;
}

// -------------------------------------------------------------------------------------------------
// Writing

const writers = new WeakMap<World, ByteWriter>();

/** Writes the snapshot of a compacted world (`saveWorld`). @internal */
export function writeSnapshot(world: World): Uint8Array {
  let w = writers.get(world);
  if (w === undefined) {
    w = new ByteWriter();
    writers.set(world, w);
  }
  const internals = world as unknown as WorldInternals;
  const s = internals.core;
  checkWritable(s);
  w.begin();
  w.uint(internals.nextBodyId);
  w.uint(internals.nextShapeId);
  w.uint(internals.nextJointId);
  w.float(internals.stepCounter, 0);
  w.float(s.gravity.x, 0);
  w.float(s.gravity.y, -10);
  writeCarried(w, s);
  writeFields(w, s.settings, settingsSchema());
  writeBodies(w, s);
  writeJoints(w, s);
  writeContacts(w, s);
  writeProxies(w, s);
  return w.finish();
}

/** Scratch of `checkWritable`: a body's values. */
const checkedValues = new Float64Array(BV.Count);

/**
 * Refuses, before anything is written, a world whose gravity or bodies' poses, velocities or
 * forces (the numbers the public API sets freely) are beyond `MAX_MAGNITUDE`, or with a prismatic
 * or wheel joint whose axis was set to a vector that is not a unit one: the reader would refuse
 * them. A WorldError names the first such number. (Any other number beyond it, which only
 * a world corrupted by hand or driven there by such values holds, is refused as it is written.)
 */
function checkWritable(s: StepState): void {
  const too = (value: number) => !(Math.abs(value) <= MAX_STATE_MAGNITUDE) && Number.isFinite(value);
  const refuse = (argument: string, value: number): never => {
    throw new WorldError(
      argument,
      value,
      `is larger than ${MAX_STATE_MAGNITUDE} in magnitude: the world cannot be saved`,
    );
  };
  if (too(s.gravity.x)) refuse('world.gravity.x', s.gravity.x);
  if (too(s.gravity.y)) refuse('world.gravity.y', s.gravity.y);
  const bodies = s.bodyList;
  for (let i = 0; i < bodies.length; ++i) {
    const v = bodyValues(bodies[i], checkedValues);
    const name = `body #${bodies[i].id}`;
    // Pose, transform, velocities and forces; then mass and inertia, to the wider bound.
    for (let k = BV.X; k <= BV.Torque; ++k) if (too(v[k])) refuse(`${name}.${BODY_NUMBERS[k][0]}`, v[k]);
    for (let k = BV.Mass; k <= BV.Inertia; ++k) {
      if (Math.abs(v[k]) > MAX_MAGNITUDE && Number.isFinite(v[k])) {
        throw new WorldError(
          `${name}.${BODY_NUMBERS[k][0]}`,
          v[k],
          `is larger than ${MAX_MAGNITUDE}: the world cannot be saved`,
        );
      }
    }
  }
  const contacts = s.contactList;
  for (let i = 0; i < contacts.length; ++i) {
    const c = contacts[i];
    for (let k = 0; k < 8 * c.pointCount; ++k) {
      if (too(c.data[k]))
        refuse(`the contact of shapes #${c.shapeA.id} and #${c.shapeB.id}: data[${k}]`, c.data[k]);
    }
  }
  const joints = s.jointList;
  for (let i = 0; i < joints.length; ++i) {
    const j = joints[i];
    const record = j as unknown as Record<string, number>;
    const impulses = impulsePaths(j.kind);
    for (let k = 0; k < impulses.length; ++k) {
      const value = record[impulses[k]];
      if (too(value)) refuse(`joint #${j.id}.${impulses[k]}`, value);
    }
    if (!snapshotKind(j.kind).unitAxis) continue;
    const axis = j as unknown as { localAxisX: number; localAxisY: number };
    if (!isUnitAxis(axis.localAxisX, axis.localAxisY)) {
      throw new WorldError(
        `joint #${j.id}.localAxis`,
        `(${axis.localAxisX}, ${axis.localAxisY})`,
        'must be a unit vector: the world cannot be saved',
      );
    }
  }
}

/** The last step's boxed dt values (null before the first step). */
function writeCarried(w: ByteWriter, s: StepState): void {
  const values = [s.lastDt, s.lastInvDt, s.stepDt, s.subDt];
  let mask = 0;
  for (let i = 0; i < 4; ++i) if (values[i] !== null) mask |= 1 << i;
  w.u8(mask);
  for (let i = 0; i < 4; ++i) if (values[i] !== null) w.float(values[i] as number, 0);
  w.uint(s.stepSubsteps);
}

/** Proxy flags: its fat box is derived (not written), it waits in the move buffer. */
const P_FITTED = 1;
const P_MOVED = 2;

/** Scratch of the proxies' writing and reading: a box, the move buffer, marks by proxy id, flags. */
const proxyBox = new AABB();
let moveScratch = new Int32Array(16);
let movedMarks = new Uint8Array(0);
let proxyFlags: Uint8Array = new Uint8Array(64);

/** A copy of `bytes` twice as long. */
function growBytes(bytes: Uint8Array): Uint8Array {
  const bigger = new Uint8Array(2 * bytes.length);
  bigger.set(bytes);
  return bigger;
}

/**
 * Whether a proxy's fat box is its shape's tight box at its body's transform grown by the margin
 * (`BroadPhase.refitProxy`, also what `createProxy` stores): then it is not written. Checked for
 * the proxies of bodies not awake only (an awake body's box is rarely fitted: not worth the time).
 */
function isFitted(shape: BodyShape, fat: AABB, margin: number): boolean {
  const body = shape.owner as Body;
  if (body.isAwake) return false;
  computeAABB(shape, body.transform, proxyBox);
  return (
    Object.is(fat.minX, proxyBox.minX - margin) &&
    Object.is(fat.minY, proxyBox.minY - margin) &&
    Object.is(fat.maxX, proxyBox.maxX + margin) &&
    Object.is(fat.maxY, proxyBox.maxY + margin)
  );
}

/**
 * The broadphase, as its proxies: per shape (in the order of the bodies' records) its flags
 * (derived fat box, in the move buffer), then one block of raw doubles: the fat boxes not derived.
 */
function writeProxies(w: ByteWriter, s: StepState): void {
  const bp = s.broadPhase;
  const margin = bp.tree.margin;
  let moves = bp.copyMoves(moveScratch);
  if (moves > moveScratch.length) {
    moveScratch = new Int32Array(2 * moves);
    moves = bp.copyMoves(moveScratch);
  }
  if (movedMarks.length < bp.tree.idBound) movedMarks = new Uint8Array(2 * bp.tree.idBound);
  movedMarks.fill(0);
  for (let i = 0; i < moves; ++i) if (moveScratch[i] >= 0) movedMarks[moveScratch[i]] = P_MOVED;
  const bodies = s.bodyList;
  const fat = new AABB();
  let n = 0;
  let written = 0;
  for (let i = 0; i < bodies.length; ++i) {
    const shapes = bodies[i].shapeList;
    for (let k = 0; k < shapes.length; ++k, ++n) {
      const id = shapes[k].proxyId;
      const fitted = isFitted(shapes[k], bp.getFatAABB(id, fat), margin);
      if (n === proxyFlags.length) proxyFlags = growBytes(proxyFlags);
      proxyFlags[n] = (fitted ? P_FITTED : 0) | movedMarks[id];
      if (!fitted) written++;
      w.u8(proxyFlags[n]);
    }
  }
  const block = w.beginDoubles(4 * written);
  for (let i = 0, k = 0, q = 0; i < bodies.length; ++i) {
    const shapes = bodies[i].shapeList;
    for (let j = 0; j < shapes.length; ++j, ++q) {
      if (proxyFlags[q] & P_FITTED) continue;
      bp.getFatAABB(shapes[j].proxyId, fat);
      block[k++] = fat.minX;
      block[k++] = fat.minY;
      block[k++] = fat.maxX;
      block[k++] = fat.maxY;
    }
  }
  w.endDoubles();
}

// -------------------------------------------------------------------------------------------------
// Reading

/** A snapshot read and checked, not yet applied. */
interface Decoded {
  nextBodyId: number;
  nextShapeId: number;
  nextJointId: number;
  stepCount: number;
  gravityX: number;
  gravityY: number;
  carried: (number | null)[];
  stepSubsteps: number;
  settings: unknown[];
  bodies: BodyRecord[];
  bodyValues: Float64Array;
  /** The shapes in snapshot order, and by id (a sparse array). */
  shapes: ShapeRecord[];
  shapeById: ShapeRecord[];
  joints: JointRecord[];
  contactCount: number;
  /** Per contact: its shapes' ids (2), flags, and numbers (`CONTACT_STRIDE` each). */
  contactShapes: Int32Array;
  contactFlags: Uint8Array;
  contactNumbers: Float64Array;
  /** Per shape (in `shapes` order): its proxy's fat box, 4 numbers from `4 i`. */
  proxyBoxes: Float64Array;
  /** Per shape: 1 when its proxy waits in the move buffer. */
  proxyMoved: Uint8Array;
}

/**
 * Reads and checks a whole snapshot (`margin`: the broadphase's, which derived fat boxes are grown
 * by); throws a WorldError (changing nothing) on any fault. */
function decode(bytes: unknown, margin: number): Decoded {
  const r = new ByteReader(bytes);
  const nextBodyId = r.count('nextBodyId', 0x7fffffff);
  const nextShapeId = r.count('nextShapeId', 0x7fffffff);
  const nextJointId = r.count('nextJointId', 0x7fffffff);
  const stepCount = r.float(0);
  if (!(Number.isInteger(stepCount) && stepCount >= 0))
    badSnapshot(`stepCount ${stepCount}`, 'is not a count');
  const gravityX = r.float(0);
  const gravityY = r.float(-10);
  const mask = r.u8();
  const carried: (number | null)[] = [];
  for (let i = 0; i < 4; ++i) {
    const value = (mask >> i) & 1 ? r.float(0) : null;
    // The last step's dt, its inverse, the step's and the sub-step's: finite, not negative.
    if (value !== null && !(value >= 0 && Number.isFinite(value))) {
      badSnapshot(`the carried dt ${value}`, 'must be a finite number >= 0');
    }
    carried.push(value);
  }
  const stepSubsteps = r.count('stepSubsteps', 1 << 20);
  checkCarried(mask, carried, stepSubsteps);
  if (!(Math.abs(gravityX) <= MAX_STATE_MAGNITUDE && Math.abs(gravityY) <= MAX_STATE_MAGNITUDE)) {
    badSnapshot(`gravity (${gravityX}, ${gravityY})`, `is not finite, or larger than ${MAX_STATE_MAGNITUDE}`);
  }
  const settings = readFields(r, settingsSchema(), 'settings');
  checkSettings(settings);
  const d = {
    nextBodyId,
    nextShapeId,
    nextJointId,
    stepCount,
    gravityX,
    gravityY,
    carried,
    stepSubsteps,
    settings,
  } as Decoded;
  readBodies(r, d);
  d.joints = readJoints(r, d);
  readContacts(r, d, derivedMargin(scratchSettings));
  readProxies(r, d, margin);
  if (!r.done) badSnapshot('its payload', 'has bytes after the end of the world');
  return d;
}

/** The proxies written by `writeProxies`: each fat box finite with min <= max (the tree's rule). */
function readProxies(r: ByteReader, d: Decoded, margin: number): void {
  const shapes = d.shapes;
  const n = shapes.length;
  const boxes = new Float64Array(4 * n);
  const moved = new Uint8Array(n);
  let written = 0;
  for (let i = 0; i < n; ++i) {
    const flags = r.u8();
    if (flags > (P_FITTED | P_MOVED)) badSnapshot(`proxy flags ${flags}`, 'are not valid');
    moved[i] = flags & P_MOVED ? 1 : 0;
    if (flags & P_FITTED) {
      if (shapes[i].body.flags & B_AWAKE)
        badSnapshot(`shape #${shapes[i].id}`, 'has a derived fat box but is awake');
      boxes[4 * i] = Number.NaN;
    } else written++;
  }
  const block = r.doubles(4 * written);
  const v = d.bodyValues;
  for (let i = 0, k = 0; i < n; ++i) {
    const o = 4 * i;
    if (Number.isNaN(boxes[o])) {
      const sh = shapes[i];
      const xf = recordTransform(sh.body, v, xfA);
      if (sh.code === 0) computeBoxAABB(sh.geometry as Box, xf, proxyBox);
      else computeShapeAABB(sh.geometry, xf, proxyBox);
      boxes[o] = proxyBox.minX - margin;
      boxes[o + 1] = proxyBox.minY - margin;
      boxes[o + 2] = proxyBox.maxX + margin;
      boxes[o + 3] = proxyBox.maxY + margin;
    } else for (let q = o; q < o + 4; ++q) boxes[q] = block[k++];
    // Width and height finite and not negative: the corners finite, with min <= max.
    const width = boxes[o + 2] - boxes[o];
    const height = boxes[o + 3] - boxes[o + 1];
    if (
      !(width >= 0 && height >= 0 && width < Number.POSITIVE_INFINITY && height < Number.POSITIVE_INFINITY)
    ) {
      badSnapshot(`the fat box of shape #${shapes[i].id}`, 'must be finite with min <= max');
    }
  }
  d.proxyBoxes = boxes;
  d.proxyMoved = moved;
}

/** Checks the whole snapshot, then puts the world in its state (`restoreWorld`). @internal */
export function restoreSnapshot(world: World, bytes: unknown): void {
  const internals = world as unknown as WorldInternals;
  const s = internals.core;
  const d = decode(bytes, s.broadPhase.tree.margin);
  apply(world, d);
  internals.nextBodyId = d.nextBodyId;
  internals.nextShapeId = d.nextShapeId;
  internals.nextJointId = d.nextJointId;
  internals.stepCounter = d.stepCount;
  s.gravity.x = d.gravityX;
  s.gravity.y = d.gravityY;
  assignFields(s.settings, settingsSchema(), d.settings);
  s.lastDt = d.carried[0];
  s.lastInvDt = d.carried[1];
  s.stepDt = d.carried[2];
  s.subDt = d.carried[3];
  s.stepSubsteps = d.stepSubsteps;
}

/**
 * The carried dt values as only the step makes them (the step reads them back as they are): no
 * mask bit beyond the four values; the last dt and its inverse together, the inverse exactly
 * `1 / dt`; the step's dt and the sub-step's together, with a sub-step count of 2 or more (a
 * single sub-step keeps none), the sub-step's exactly `dt / substeps`; and no values, a count of 1.
 */
function checkCarried(mask: number, carried: (number | null)[], stepSubsteps: number): void {
  if (mask > 15) badSnapshot(`the carried dt mask ${mask}`, 'has bits beyond the four values');
  const [lastDt, lastInvDt, stepDt, subDt] = carried;
  if ((lastDt === null) !== (lastInvDt === null) || (lastDt !== null && lastInvDt !== 1 / lastDt)) {
    badSnapshot(`the carried 1 / dt ${lastInvDt}`, `must be 1 / the carried dt ${lastDt}`);
  }
  if (stepDt === null) {
    if (subDt !== null || stepSubsteps !== 1) {
      badSnapshot(`the carried sub-step dt ${subDt} (${stepSubsteps} sub-steps)`, 'comes without a step dt');
    }
  } else if (stepSubsteps < 2 || subDt !== stepDt / stepSubsteps) {
    badSnapshot(
      `the carried sub-step dt ${subDt}`,
      `must be the carried step dt ${stepDt} / ${stepSubsteps} sub-steps (2 or more)`,
    );
  }
}

export type { Decoded, WorldInternals };
export { check, findRecord, UNIT_TOLERANCE };
