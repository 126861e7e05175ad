import { Box, type BroadPhaseState, CollisionError, DynamicTree, type Shape as CollisionShape } from '@lite/collision';
import { JointKind, mixFriction, mixRestitution, SolverBody } from '@lite/constraints';
import { Rot, Vec2 } from '@lite/math';
import { Body } from './body';
import type { BodyType, ResolvedBodyOptions } from './body-options';
import { Contact } from './contact';
import {
  DistanceJoint,
  type Joint,
  jointBodyA,
  jointBodyB,
  MotorJoint,
  MouseJoint,
  PrismaticJoint,
  type ResolvedJoint,
  RevoluteJoint,
  WeldJoint,
  WheelJoint,
} from './joints';
import { WorldSettings } from './settings';
import { BodyShape, KIND_BOX, KIND_CAPSULE, KIND_CIRCLE, KIND_POLYGON, type ResolvedShape } from './shape';
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
import { ensureBodyCapacity, type StepState } from './step-state';
import type { World } from './world';

/*
 * World snapshots: `world.snapshot()` writes everything that decides the world's future into a
 * versioned binary buffer (`snapshot-format.ts`), and `world.restore(bytes)` reads it back so that
 * stepping on is bit for bit the same as if the snapshot had never been taken.
 *
 * What is written, in order: the id counters, the step count, gravity, the carried dt of the last
 * step, every setting (both solvers'); every body (all its state, mass data, flags, sleep timer and
 * sleeping ring) with its shapes (geometry, material, filter, sensor overlaps, broadphase proxy);
 * every joint (every number of its class, so options, limits, motors, springs, break thresholds and
 * the accumulated impulses that warm start it); every contact (its pair, touching flag, normal and
 * per point the position, separation, feature key, approach velocity and impulses: the state the
 * narrowphase and both solvers carry from step to step); and the broadphase (its whole tree and
 * move buffer, which decide proxy ids and pair order).
 *
 * Not written: listeners, `userData` (kept on the objects that survive a restore; undefined on those
 * made anew), the profile, and the step's scratch (rebuilt by every step).
 *
 * Reading is two passes: `decode` checks the whole buffer into plain records without touching the
 * world (a bad buffer throws there, changing nothing), then `apply` writes them into the world.
 */

/** The private parts of a world the snapshot reads and writes. */
interface WorldInternals {
  core: StepState;
  nextBodyId: number;
  nextShapeId: number;
  nextJointId: number;
  stepCounter: number;
}

const BODY_TYPES: readonly BodyType[] = ['dynamic', 'static', 'kinematic'];
const SHAPE_TYPES: readonly ResolvedShape['type'][] = ['box', 'polygon', 'capsule', 'circle'];

/** Fields a joint's generic record leaves out (written apart, or not state). */
const JOINT_SKIP: ReadonlySet<string> = new Set([
  'id',
  'kind',
  'bodyA',
  'bodyB',
  'body',
  'world',
  'userData',
  'collideConnected',
  'chainPrev',
  'chainNext',
  'chainBody',
]);
const NO_SKIP: ReadonlySet<string> = new Set();

// -------------------------------------------------------------------------------------------------
// Joint classes and their field lists

type JointClass = new (world: World, id: number, r: ResolvedJoint<never>) => Joint;

/** The world's joint class of each `JointKind` value. */
const JOINT_CLASSES: readonly JointClass[] = [
  DistanceJoint as unknown as JointClass,
  RevoluteJoint as unknown as JointClass,
  MouseJoint as unknown as JointClass,
  PrismaticJoint as unknown as JointClass,
  WeldJoint as unknown as JointClass,
  WheelJoint as unknown as JointClass,
  MotorJoint as unknown as JointClass,
];

/** A joint of `kind` between `a` and `b` with placeholder options (every field is overwritten). */
function makeJoint(kind: number, world: World | null, id: number, a: SolverBody, b: SolverBody): Joint {
  const r = {
    bodyA: a,
    bodyB: b,
    anchorA: { x: 0, y: 0 },
    anchorB: { x: 1, y: 0 },
    options: { axis: { x: 1, y: 0 } },
    collideConnected: true,
    userData: undefined,
    breakForce: Number.POSITIVE_INFINITY,
    breakTorque: Number.POSITIVE_INFINITY,
  } as unknown as ResolvedJoint<never>;
  return new JOINT_CLASSES[kind](world as World, id, r);
}

const jointSchemas: FieldSchema[] = [];

/** The generic field list of joints of `kind` (from a throwaway instance, made once). */
function jointSchema(kind: number): FieldSchema {
  let schema = jointSchemas[kind];
  if (schema === undefined) {
    const joint = makeJoint(kind, null, -1, new SolverBody(0, 0, 0, 1, 1), new SolverBody(1, 0, 0, 1, 1));
    schema = fieldSchema(joint, JOINT_SKIP);
    jointSchemas[kind] = schema;
  }
  return schema;
}

let settingsSchemaCache: FieldSchema | null = null;
function settingsSchema(): FieldSchema {
  if (settingsSchemaCache === null) settingsSchemaCache = fieldSchema(new WorldSettings(), NO_SKIP);
  return settingsSchemaCache;
}

// -------------------------------------------------------------------------------------------------
// Writing

const writers = new WeakMap<World, ByteWriter>();
const rot = new Rot(0);

/** `world.snapshot()`. @internal */
export function writeSnapshot(world: World): Uint8Array {
  let w = writers.get(world);
  if (w === undefined) {
    w = new ByteWriter();
    writers.set(world, w);
  }
  const internals = world as unknown as WorldInternals;
  const s = internals.core;
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
  writeBroadPhase(w, s);
  return w.finish();
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

function writeBodies(w: ByteWriter, s: StepState): void {
  const bodies = s.bodyList;
  w.uint(bodies.length);
  let prevId = -1;
  let prev: Body | null = null;
  let prevShape: BodyShape | null = null;
  let prevShapeId = -1;
  for (let i = 0; i < bodies.length; ++i) {
    const b = bodies[i];
    const internals = b as unknown as BodyPrivate;
    w.u8(
      BODY_TYPES.indexOf(b.type) |
        (b.bullet ? 4 : 0) |
        (b.allowSleep ? 8 : 0) |
        (b.isAwake ? 16 : 0) |
        (b.hasOffset ? 32 : 0) |
        (b.isFast ? 64 : 0),
    );
    w.uint(b.id - prevId - 1);
    prevId = b.id;
    w.float(b.position.x, 0);
    w.float(b.position.y, 0);
    w.float(b.angle, 0);
    const xf = b.transform;
    rot.setAngle(b.angle);
    w.float(xf.p.x, b.position.x);
    w.float(xf.p.y, b.position.y);
    w.float(xf.q.c, rot.c);
    w.float(xf.q.s, rot.s);
    w.float(b.linearVelocity.x, 0);
    w.float(b.linearVelocity.y, 0);
    w.float(b.angularVelocity, 0);
    w.float(b.force.x, 0);
    w.float(b.force.y, 0);
    w.float(b.torque, 0);
    w.float(b.sleepTime, 0);
    w.float(internals.massValue, prev === null ? 1 : (prev as unknown as BodyPrivate).massValue);
    w.float(internals.inertiaValue, prev === null ? 0 : (prev as unknown as BodyPrivate).inertiaValue);
    w.float(b.invMass, b.isDynamic && internals.massValue > 0 ? 1 / internals.massValue : 0);
    w.float(b.invI, b.isDynamic && internals.inertiaValue > 0 ? 1 / internals.inertiaValue : 0);
    w.float(b.localCenter.x, 0);
    w.float(b.localCenter.y, 0);
    w.float(b.width, prev === null ? 0 : prev.width);
    w.float(b.height, prev === null ? 0 : prev.height);
    w.float(b.maxExtent, prev === null ? 0 : prev.maxExtent);
    w.float(b.minExtent, prev === null ? 0 : prev.minExtent);
    w.float(internals.frictionValue, prev === null ? 0.2 : (prev as unknown as BodyPrivate).frictionValue);
    w.float(internals.restitutionValue, prev === null ? 0 : (prev as unknown as BodyPrivate).restitutionValue);
    w.float(b.linearDamping, prev === null ? 0 : prev.linearDamping);
    w.float(b.angularDamping, prev === null ? 0 : prev.angularDamping);
    w.float(b.gravityScale, prev === null ? 1 : prev.gravityScale);
    if (!b.isAwake && !b.isStatic) w.uint((b.sleepNext as Body).id);
    const shapes = b.shapeList;
    w.uint(shapes.length);
    for (let k = 0; k < shapes.length; ++k) {
      const sh = shapes[k];
      const same = prevShape !== null && sameGeometry(sh.geometry, prevShape.geometry);
      const defaultFilter = sh.category === 1 && sh.mask === 0xffffffff && sh.group === 0;
      w.u8(
        SHAPE_TYPES.indexOf(sh.type) |
          (geometryCode(sh.geometry) << 2) |
          (sh.sensor ? 16 : 0) |
          (defaultFilter ? 32 : 0) |
          (same ? 64 : 0),
      );
      w.int(sh.id - prevShapeId);
      prevShapeId = sh.id;
      if (!same) writeGeometry(w, sh.geometry);
      w.float(sh.density, prevShape === null ? 1 : prevShape.density);
      w.float(sh.friction, prevShape === null ? 0.2 : prevShape.friction);
      w.float(sh.restitution, prevShape === null ? 0 : prevShape.restitution);
      if (!defaultFilter) {
        w.uint(sh.category);
        w.uint(sh.mask);
        w.int(sh.group);
      }
      w.int(sh.proxyId - sh.id);
      if (sh.sensor) {
        w.uint(sh.overlaps.length);
        for (const o of sh.overlaps) w.uint(o.id);
      }
      prevShape = sh;
    }
    prev = b;
  }
}

/** 0: a `Box`, 1: a polygon, 2: a capsule, 3: a circle. */
function geometryCode(g: CollisionShape): number {
  if (g instanceof Box) return 0;
  if (g.type === 'polygon') return 1;
  if (g.type === 'capsule') return 2;
  if (g.type === 'circle') return 3;
  throw new Error(`unexpected geometry ${g.type}`);
}

function writeGeometry(w: ByteWriter, g: CollisionShape): void {
  if (g instanceof Box) {
    w.float(g.width, 1);
    w.float(g.height, g.width);
  } else if (g.type === 'circle') {
    w.float(g.radius, 0);
    w.float(g.center?.x ?? 0, 0);
    w.float(g.center?.y ?? 0, 0);
  } else if (g.type === 'capsule') {
    w.float(g.center1.x, 0);
    w.float(g.center1.y, 0);
    w.float(g.center2.x, 0);
    w.float(g.center2.y, 0);
    w.float(g.radius, 0);
  } else if (g.type === 'polygon') {
    const n = g.vertices.length;
    w.uint(n);
    for (let i = 0; i < n; ++i) {
      w.float(g.vertices[i].x, 0);
      w.float(g.vertices[i].y, 0);
    }
    for (let i = 0; i < n; ++i) {
      w.float(g.normals[i].x, 0);
      w.float(g.normals[i].y, 0);
    }
    w.float(g.radius ?? 0, 0);
  }
}

/** Whether two geometries are equal number for number (then a snapshot writes the second as "same"). */
function sameGeometry(a: CollisionShape, b: CollisionShape): boolean {
  if (a === b) return true;
  if (a instanceof Box || b instanceof Box) {
    return a instanceof Box && b instanceof Box && Object.is(a.width, b.width) && Object.is(a.height, b.height);
  }
  if (a.type !== b.type) return false;
  if (a.type === 'circle' && b.type === 'circle') {
    return (
      Object.is(a.radius, b.radius) &&
      Object.is(a.center?.x ?? 0, b.center?.x ?? 0) &&
      Object.is(a.center?.y ?? 0, b.center?.y ?? 0)
    );
  }
  if (a.type === 'capsule' && b.type === 'capsule') {
    return (
      Object.is(a.radius, b.radius) &&
      Object.is(a.center1.x, b.center1.x) &&
      Object.is(a.center1.y, b.center1.y) &&
      Object.is(a.center2.x, b.center2.x) &&
      Object.is(a.center2.y, b.center2.y)
    );
  }
  if (a.type === 'polygon' && b.type === 'polygon') {
    if (a.vertices.length !== b.vertices.length || !Object.is(a.radius ?? 0, b.radius ?? 0)) return false;
    for (let i = 0; i < a.vertices.length; ++i) {
      if (!Object.is(a.vertices[i].x, b.vertices[i].x) || !Object.is(a.vertices[i].y, b.vertices[i].y)) {
        return false;
      }
      if (!Object.is(a.normals[i].x, b.normals[i].x) || !Object.is(a.normals[i].y, b.normals[i].y)) return false;
    }
    return true;
  }
  return false;
}

function writeJoints(w: ByteWriter, s: StepState): void {
  const joints = s.jointList;
  w.uint(joints.length);
  let prevId = -1;
  for (let i = 0; i < joints.length; ++i) {
    const j = joints[i];
    w.u8(j.kind);
    w.uint(j.id - prevId - 1);
    prevId = j.id;
    w.uint(jointBodyA(j).id);
    if (j.kind !== JointKind.Mouse) w.uint(jointBodyB(j).id);
    w.u8(j.collideConnected ? 1 : 0);
    writeFields(w, j, jointSchema(j.kind));
  }
}

function writeContacts(w: ByteWriter, s: StepState): void {
  const contacts = s.contactList;
  w.uint(contacts.length);
  let prevA = 0;
  let nx = 0;
  let ny = 1;
  for (let i = 0; i < contacts.length; ++i) {
    const c = contacts[i];
    const sa = c.shapeA;
    const sb = c.shapeB;
    w.int(sa.id - prevA);
    w.int(sb.id - sa.id);
    prevA = sa.id;
    const count = c.pointCount;
    const data = c.data;
    let intKeys = true;
    for (let p = 0; p < count; ++p) {
      const key = data[p * 8 + 3];
      if (!(Number.isInteger(key) && key >= 0 && key <= 0xffffffff)) intKeys = false;
    }
    const mixedF = Object.is(c.friction, mixFriction(sa.friction, sb.friction));
    const mixedR = Object.is(c.restitution, mixRestitution(sa.restitution, sb.restitution));
    w.u8((c.touching ? 1 : 0) | (count << 1) | (mixedF ? 8 : 0) | (mixedR ? 16 : 0) | (intKeys ? 32 : 0));
    if (!mixedF) w.float(c.friction, 0);
    if (!mixedR) w.float(c.restitution, 0);
    if (count === 0) continue;
    w.float(c.normalX, nx);
    w.float(c.normalY, ny);
    nx = c.normalX;
    ny = c.normalY;
    for (let p = 0; p < count; ++p) {
      const d = p * 8;
      w.float(data[d], 0);
      w.float(data[d + 1], 0);
      w.float(data[d + 2], 0);
      if (intKeys) w.uint(data[d + 3]);
      else w.float(data[d + 3], 0);
      w.float(data[d + 4], 0);
      w.float(data[d + 5], 0);
      w.float(data[d + 6], 0);
      w.float(data[d + 7], data[d + 5]);
    }
  }
}

function writeBroadPhase(w: ByteWriter, s: StepState): void {
  const state = s.broadPhase.exportState();
  const t = state.tree;
  w.uint(t.capacity);
  w.int(t.root);
  w.int(t.freeList);
  w.uint(t.leafCount);
  for (let i = 0; i < t.capacity; ++i) {
    const h = t.height[i];
    if (h < 0) {
      w.uint(0);
      w.int(t.parent[i]);
    } else if (h === 0) {
      w.uint(state.staticFlags[i] === 1 ? 2 : 1);
      w.int(t.parent[i]);
      w.int(t.keys[i]);
      const o = 4 * i;
      w.float(t.bounds[o], 0);
      w.float(t.bounds[o + 1], 0);
      w.float(t.bounds[o + 2], 0);
      w.float(t.bounds[o + 3], 0);
    } else {
      w.uint(2 + h);
      w.int(t.parent[i]);
      w.uint(t.child1[i]);
      w.uint(t.child2[i]);
    }
  }
  w.uint(state.moveBuffer.length);
  for (let i = 0; i < state.moveBuffer.length; ++i) w.int(state.moveBuffer[i]);
}

// -------------------------------------------------------------------------------------------------
// Reading: plain records, checked

/** A body's private fields. */
interface BodyPrivate {
  massValue: number;
  inertiaValue: number;
  frictionValue: number;
  restitutionValue: number;
}

interface ShapeRecord {
  id: number;
  body: BodyRecord;
  type: ResolvedShape['type'];
  code: number;
  sensor: boolean;
  geometry: CollisionShape;
  density: number;
  friction: number;
  restitution: number;
  category: number;
  mask: number;
  group: number;
  proxyId: number;
  overlaps: number[];
}

interface BodyRecord {
  id: number;
  type: BodyType;
  flags: number;
  values: Float64Array;
  sleepNext: number;
  shapes: ShapeRecord[];
}

/** Indices into `BodyRecord.values`. */
const enum BV {
  X,
  Y,
  Angle,
  Px,
  Py,
  Qc,
  Qs,
  Vx,
  Vy,
  W,
  Fx,
  Fy,
  Torque,
  SleepTime,
  Mass,
  Inertia,
  InvMass,
  InvI,
  Lcx,
  Lcy,
  Width,
  Height,
  MaxExtent,
  MinExtent,
  Friction,
  Restitution,
  LinearDamping,
  AngularDamping,
  GravityScale,
  Count,
}

interface JointRecord {
  kind: number;
  id: number;
  bodyA: number;
  bodyB: number;
  collideConnected: boolean;
  values: unknown[];
}

interface ContactRecord {
  shapeA: ShapeRecord;
  shapeB: ShapeRecord;
  touching: boolean;
  pointCount: number;
  friction: number;
  restitution: number;
  normalX: number;
  normalY: number;
  data: Float64Array;
}

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
  shapes: Map<number, ShapeRecord>;
  joints: JointRecord[];
  contacts: ContactRecord[];
  broadPhase: BroadPhaseState;
}

const MAX_COUNT = 1 << 28;

/** Reads and checks a whole snapshot; throws a WorldError (changing nothing) on any fault. */
function decode(bytes: unknown): Decoded {
  const r = new ByteReader(bytes);
  const nextBodyId = r.count('nextBodyId', 0x7fffffff);
  const nextShapeId = r.count('nextShapeId', 0x7fffffff);
  const nextJointId = r.count('nextJointId', 0x7fffffff);
  const stepCount = r.float(0);
  if (!(Number.isInteger(stepCount) && stepCount >= 0)) badSnapshot(`stepCount ${stepCount}`, 'is not a count');
  const gravityX = r.float(0);
  const gravityY = r.float(-10);
  const mask = r.u8();
  const carried: (number | null)[] = [];
  for (let i = 0; i < 4; ++i) carried.push((mask >> i) & 1 ? r.float(0) : null);
  const stepSubsteps = r.count('stepSubsteps', MAX_COUNT);
  const settings = readFields(r, settingsSchema(), 'settings');
  const shapes = new Map<number, ShapeRecord>();
  const bodies = readBodies(r, nextBodyId, nextShapeId, shapes);
  const joints = readJoints(r, bodies, nextJointId);
  const contacts = readContacts(r, shapes);
  const broadPhase = readBroadPhase(r, shapes);
  if (!r.done) badSnapshot('its payload', 'has bytes after the end of the world');
  return {
    nextBodyId,
    nextShapeId,
    nextJointId,
    stepCount,
    gravityX,
    gravityY,
    carried,
    stepSubsteps,
    settings,
    bodies,
    shapes,
    joints,
    contacts,
    broadPhase,
  };
}

function readBodies(
  r: ByteReader,
  nextBodyId: number,
  nextShapeId: number,
  shapes: Map<number, ShapeRecord>,
): BodyRecord[] {
  const n = r.count('body count', nextBodyId);
  const bodies: BodyRecord[] = [];
  let prevId = -1;
  let prev: Float64Array | null = null;
  let prevShape: ShapeRecord | null = null;
  let prevShapeId = -1;
  for (let i = 0; i < n; ++i) {
    const flags = r.u8();
    const typeIndex = flags & 3;
    if (typeIndex > 2 || flags >= 128) badSnapshot(`body flags ${flags}`, 'are not valid');
    const id = prevId + 1 + r.count('body id step', nextBodyId);
    if (id >= nextBodyId) badSnapshot(`body id ${id}`, `is not below nextBodyId (${nextBodyId})`);
    prevId = id;
    const v = new Float64Array(BV.Count);
    v[BV.X] = r.float(0);
    v[BV.Y] = r.float(0);
    v[BV.Angle] = r.float(0);
    rot.setAngle(v[BV.Angle]);
    v[BV.Px] = r.float(v[BV.X]);
    v[BV.Py] = r.float(v[BV.Y]);
    v[BV.Qc] = r.float(rot.c);
    v[BV.Qs] = r.float(rot.s);
    v[BV.Vx] = r.float(0);
    v[BV.Vy] = r.float(0);
    v[BV.W] = r.float(0);
    v[BV.Fx] = r.float(0);
    v[BV.Fy] = r.float(0);
    v[BV.Torque] = r.float(0);
    v[BV.SleepTime] = r.float(0);
    v[BV.Mass] = r.float(prev === null ? 1 : prev[BV.Mass]);
    v[BV.Inertia] = r.float(prev === null ? 0 : prev[BV.Inertia]);
    const dynamic = typeIndex === 0;
    v[BV.InvMass] = r.float(dynamic && v[BV.Mass] > 0 ? 1 / v[BV.Mass] : 0);
    v[BV.InvI] = r.float(dynamic && v[BV.Inertia] > 0 ? 1 / v[BV.Inertia] : 0);
    v[BV.Lcx] = r.float(0);
    v[BV.Lcy] = r.float(0);
    v[BV.Width] = r.float(prev === null ? 0 : prev[BV.Width]);
    v[BV.Height] = r.float(prev === null ? 0 : prev[BV.Height]);
    v[BV.MaxExtent] = r.float(prev === null ? 0 : prev[BV.MaxExtent]);
    v[BV.MinExtent] = r.float(prev === null ? 0 : prev[BV.MinExtent]);
    v[BV.Friction] = r.float(prev === null ? 0.2 : prev[BV.Friction]);
    v[BV.Restitution] = r.float(prev === null ? 0 : prev[BV.Restitution]);
    v[BV.LinearDamping] = r.float(prev === null ? 0 : prev[BV.LinearDamping]);
    v[BV.AngularDamping] = r.float(prev === null ? 0 : prev[BV.AngularDamping]);
    v[BV.GravityScale] = r.float(prev === null ? 1 : prev[BV.GravityScale]);
    prev = v;
    const isStatic = typeIndex === 1;
    const awake = (flags & 16) !== 0;
    if (isStatic && awake) badSnapshot(`body #${id}`, 'is static and awake');
    const sleepNext = !awake && !isStatic ? r.count('sleepNext', nextBodyId) : -1;
    const body: BodyRecord = { id, type: BODY_TYPES[typeIndex], flags, values: v, sleepNext, shapes: [] };
    const shapeCount = r.count('shape count', nextShapeId);
    for (let k = 0; k < shapeCount; ++k) {
      const sf = r.u8();
      if (sf >= 128) badSnapshot(`shape flags ${sf}`, 'are not valid');
      const sid = prevShapeId + r.int();
      if (!(sid >= 0 && sid < nextShapeId) || shapes.has(sid)) {
        badSnapshot(`shape id ${sid}`, `is not a new id below nextShapeId (${nextShapeId})`);
      }
      prevShapeId = sid;
      const code = (sf >> 2) & 3;
      let geometry: CollisionShape;
      if (sf & 64) {
        if (prevShape === null || prevShape.code !== code) {
          badSnapshot(`shape #${sid}`, 'refers to the geometry of a shape that is not there');
        }
        geometry = prevShape.geometry;
      } else geometry = readGeometry(r, code, sid);
      const record: ShapeRecord = {
        id: sid,
        body,
        type: SHAPE_TYPES[sf & 3],
        code,
        sensor: (sf & 16) !== 0,
        geometry,
        density: r.float(prevShape === null ? 1 : prevShape.density),
        friction: r.float(prevShape === null ? 0.2 : prevShape.friction),
        restitution: r.float(prevShape === null ? 0 : prevShape.restitution),
        category: 1,
        mask: 0xffffffff,
        group: 0,
        proxyId: -1,
        overlaps: [],
      };
      if (!(record.density >= 0 && record.friction >= 0 && record.restitution >= 0)) {
        badSnapshot(`shape #${sid}`, 'has a negative or non-finite material');
      }
      if (!(sf & 32)) {
        record.category = r.count('filter category', 0xffffffff);
        record.mask = r.count('filter mask', 0xffffffff);
        record.group = r.int();
      }
      record.proxyId = sid + r.int();
      if (record.sensor) {
        const m = r.count('sensor overlap count', nextShapeId);
        for (let q = 0; q < m; ++q) record.overlaps.push(r.count('overlapping shape id', nextShapeId));
      }
      body.shapes.push(record);
      shapes.set(sid, record);
      prevShape = record;
    }
    bodies.push(body);
  }
  // Sleeping rings: sleepNext is a permutation of the sleeping bodies.
  const byId = new Map<number, BodyRecord>();
  for (const b of bodies) byId.set(b.id, b);
  const seen = new Set<number>();
  for (const b of bodies) {
    if (b.sleepNext < 0) continue;
    const next = byId.get(b.sleepNext);
    if (next === undefined || next.sleepNext < 0 || seen.has(next.id)) {
      badSnapshot(`body #${b.id}`, `has a broken sleeping ring (next: ${b.sleepNext})`);
    }
    seen.add(next.id);
  }
  for (const s of shapes.values()) {
    for (const id of s.overlaps) {
      const o = shapes.get(id);
      if (o === undefined || o.sensor) badSnapshot(`shape #${s.id}`, `overlaps shape #${id}, which is not there`);
    }
  }
  return bodies;
}

function readGeometry(r: ByteReader, code: number, sid: number): CollisionShape {
  const check = (ok: boolean) => {
    if (!ok) badSnapshot(`shape #${sid}`, 'has an invalid geometry');
  };
  if (code === 0) {
    const width = r.float(1);
    const height = r.float(width);
    check(width > 0 && height > 0 && Number.isFinite(width) && Number.isFinite(height));
    return new Box(width, height);
  }
  if (code === 3) {
    const radius = r.float(0);
    const x = r.float(0);
    const y = r.float(0);
    check(radius > 0 && Number.isFinite(radius) && Number.isFinite(x) && Number.isFinite(y));
    return { type: 'circle', radius, center: new Vec2(x, y) };
  }
  if (code === 2) {
    const x1 = r.float(0);
    const y1 = r.float(0);
    const x2 = r.float(0);
    const y2 = r.float(0);
    const radius = r.float(0);
    check([x1, y1, x2, y2].every(Number.isFinite) && radius > 0 && Number.isFinite(radius));
    return { type: 'capsule', center1: new Vec2(x1, y1), center2: new Vec2(x2, y2), radius };
  }
  const n = r.count('polygon vertex count', 8);
  check(n >= 3);
  const vertices: Vec2[] = [];
  const normals: Vec2[] = [];
  for (let i = 0; i < n; ++i) vertices.push(new Vec2(r.float(0), r.float(0)));
  for (let i = 0; i < n; ++i) normals.push(new Vec2(r.float(0), r.float(0)));
  const radius = r.float(0);
  check(
    vertices.every((p) => Number.isFinite(p.x) && Number.isFinite(p.y)) &&
      normals.every((p) => Number.isFinite(p.x) && Number.isFinite(p.y)) &&
      radius >= 0 &&
      Number.isFinite(radius),
  );
  return { type: 'polygon', vertices, normals, radius };
}

function readJoints(r: ByteReader, bodies: BodyRecord[], nextJointId: number): JointRecord[] {
  const byId = new Map<number, BodyRecord>();
  for (const b of bodies) byId.set(b.id, b);
  const n = r.count('joint count', nextJointId);
  const joints: JointRecord[] = [];
  let prevId = -1;
  for (let i = 0; i < n; ++i) {
    const kind = r.u8();
    if (kind >= JOINT_CLASSES.length) badSnapshot(`joint kind ${kind}`, 'is not a joint kind');
    const id = prevId + 1 + r.count('joint id step', nextJointId);
    if (id >= nextJointId) badSnapshot(`joint id ${id}`, `is not below nextJointId (${nextJointId})`);
    prevId = id;
    const bodyA = r.count('joint body id', 0x7fffffff);
    const bodyB = kind === JointKind.Mouse ? bodyA : r.count('joint body id', 0x7fffffff);
    const a = byId.get(bodyA);
    const b = byId.get(bodyB);
    if (a === undefined || b === undefined || (kind !== JointKind.Mouse && a === b)) {
      badSnapshot(`joint #${id}`, `joins bodies #${bodyA} and #${bodyB}, which are not two bodies of the snapshot`);
    }
    const collideConnected = r.u8() !== 0;
    const values = readFields(r, jointSchema(kind), `joint #${id}`);
    joints.push({ kind, id, bodyA, bodyB, collideConnected, values });
  }
  return joints;
}

function readContacts(r: ByteReader, shapes: Map<number, ShapeRecord>): ContactRecord[] {
  const n = r.count('contact count', MAX_COUNT);
  const contacts: ContactRecord[] = [];
  let prevA = 0;
  let nx = 0;
  let ny = 1;
  let prev: ContactRecord | null = null;
  for (let i = 0; i < n; ++i) {
    const idA = prevA + r.int();
    const idB = idA + r.int();
    prevA = idA;
    const sa = shapes.get(idA);
    const sb = shapes.get(idB);
    if (sa === undefined || sb === undefined || sa.body.id >= sb.body.id || sa.sensor || sb.sensor) {
      badSnapshot(`contact ${i}`, `pairs shapes #${idA} and #${idB}, which cannot touch`);
    }
    if (
      prev !== null &&
      (prev.shapeA.body.id - sa.body.id || prev.shapeB.body.id - sb.body.id || prev.shapeA.id - idA || prev.shapeB.id - idB) >= 0
    ) {
      badSnapshot(`contact ${i}`, 'is out of pair-key order');
    }
    const flags = r.u8();
    const count = (flags >> 1) & 3;
    if (count > 2 || flags >= 64) badSnapshot(`contact flags ${flags}`, 'are not valid');
    const friction = flags & 8 ? mixFriction(sa.friction, sb.friction) : r.float(0);
    const restitution = flags & 16 ? mixRestitution(sa.restitution, sb.restitution) : r.float(0);
    if (!(friction >= 0 && restitution >= 0)) badSnapshot(`contact ${i}`, 'has a negative friction or restitution');
    const data = new Float64Array(16);
    let normalX = 0;
    let normalY = 1;
    if (count > 0) {
      normalX = r.float(nx);
      normalY = r.float(ny);
      nx = normalX;
      ny = normalY;
      for (let p = 0; p < count; ++p) {
        const d = p * 8;
        data[d] = r.float(0);
        data[d + 1] = r.float(0);
        data[d + 2] = r.float(0);
        data[d + 3] = flags & 32 ? r.count('feature key', 0xffffffff) : r.float(0);
        data[d + 4] = r.float(0);
        data[d + 5] = r.float(0);
        data[d + 6] = r.float(0);
        data[d + 7] = r.float(data[d + 5]);
      }
    }
    const record: ContactRecord = {
      shapeA: sa,
      shapeB: sb,
      touching: (flags & 1) !== 0,
      pointCount: count,
      friction,
      restitution,
      normalX,
      normalY,
      data,
    };
    contacts.push(record);
    prev = record;
  }
  return contacts;
}

function readBroadPhase(r: ByteReader, shapes: Map<number, ShapeRecord>): BroadPhaseState {
  const capacity = r.count('broadphase capacity', MAX_COUNT);
  if (capacity < 1) badSnapshot('broadphase capacity 0', 'must be at least 1');
  const root = r.int();
  const freeList = r.int();
  const leafCount = r.count('broadphase leaf count', capacity);
  const bounds = new Float64Array(4 * capacity);
  const parent = new Int32Array(capacity);
  const child1 = new Int32Array(capacity).fill(-1);
  const child2 = new Int32Array(capacity).fill(-1);
  const height = new Int32Array(capacity);
  const keys = new Int32Array(capacity);
  const staticFlags = new Uint8Array(capacity);
  const inRange = (v: number, what: string) => {
    if (!(v >= -1 && v < capacity)) badSnapshot(`${what} ${v}`, 'is not a broadphase node');
    return v;
  };
  for (let i = 0; i < capacity; ++i) {
    const tag = r.count('broadphase node tag', 64);
    parent[i] = inRange(r.int(), 'node parent');
    if (tag === 0) {
      height[i] = -1;
    } else if (tag <= 2) {
      height[i] = 0;
      staticFlags[i] = tag === 2 ? 1 : 0;
      keys[i] = r.int();
      const o = 4 * i;
      bounds[o] = r.float(0);
      bounds[o + 1] = r.float(0);
      bounds[o + 2] = r.float(0);
      bounds[o + 3] = r.float(0);
    } else {
      height[i] = tag - 2;
      child1[i] = inRange(r.uint(), 'node child');
      child2[i] = inRange(r.uint(), 'node child');
    }
  }
  const moves = new Int32Array(r.count('move buffer length', MAX_COUNT));
  for (let i = 0; i < moves.length; ++i) moves[i] = inRange(r.int(), 'moved proxy');
  // Internal boxes: the unions of their children, bottom up (heights increase towards the root).
  const order: number[] = [];
  for (let i = 0; i < capacity; ++i) if (height[i] > 0) order.push(i);
  order.sort((a, b) => height[a] - height[b] || a - b);
  for (const node of order) {
    const c1 = child1[node];
    const c2 = child2[node];
    if (c1 < 0 || c2 < 0 || height[c1] < 0 || height[c2] < 0 || height[c1] >= height[node] || height[c2] >= height[node]) {
      badSnapshot(`broadphase node ${node}`, 'has bad children');
    }
    const o = 4 * node;
    bounds[o] = Math.min(bounds[4 * c1], bounds[4 * c2]);
    bounds[o + 1] = Math.min(bounds[4 * c1 + 1], bounds[4 * c2 + 1]);
    bounds[o + 2] = Math.max(bounds[4 * c1 + 2], bounds[4 * c2 + 2]);
    bounds[o + 3] = Math.max(bounds[4 * c1 + 3], bounds[4 * c2 + 3]);
  }
  const state: BroadPhaseState = {
    tree: { capacity, root: inRange(root, 'root'), freeList: inRange(freeList, 'free list'), leafCount, bounds, parent, child1, child2, height, keys },
    staticFlags,
    moveBuffer: moves,
  };
  try {
    DynamicTree.checkState(state.tree);
  } catch (error) {
    if (error instanceof CollisionError) badSnapshot('its broadphase', error.message);
    throw error;
  }
  // Every shape has its own leaf, keyed by its body id and flagged static as its body; no other leaf.
  const owner = new Int32Array(capacity).fill(-1);
  for (const s of shapes.values()) {
    const p = s.proxyId;
    if (!(p >= 0 && p < capacity && height[p] === 0) || owner[p] >= 0) {
      badSnapshot(`shape #${s.id}`, `has proxy ${p}, which is not its own broadphase leaf`);
    }
    owner[p] = s.id;
    if (keys[p] !== s.body.id || staticFlags[p] !== (s.body.type === 'static' ? 1 : 0)) {
      badSnapshot(`proxy ${p}`, `does not match its shape #${s.id}`);
    }
  }
  if (shapes.size !== leafCount) badSnapshot(`${leafCount} proxies`, `do not match the ${shapes.size} shapes`);
  const buffered = new Uint8Array(capacity);
  for (let i = 0; i < moves.length; ++i) {
    const id = moves[i];
    if (id === -1) continue;
    if (height[id] !== 0 || buffered[id]) badSnapshot(`moved proxy ${id}`, 'is not a live proxy, buffered once');
    buffered[id] = 1;
  }
  return state;
}

// -------------------------------------------------------------------------------------------------
// Applying

/** `world.restore(bytes)`: checks the whole snapshot, then puts the world in its state. @internal */
export function restoreSnapshot(world: World, bytes: unknown): void {
  apply(world, decode(bytes));
}

function apply(world: World, d: Decoded): void {
  const internals = world as unknown as WorldInternals;
  const s = internals.core;

  // Bodies: the live ones with the same id and type are kept (their handles stay valid).
  const old = s.bodyList.slice();
  const oldById = new Map<number, Body>();
  for (const b of old) oldById.set(b.id, b);
  const bodies: Body[] = [];
  const keptShapes = new Map<number, BodyShape>();
  for (const b of old) for (const sh of b.shapeList) keptShapes.set(sh.id, sh);
  const shapeById = new Map<number, BodyShape>();
  for (let i = 0; i < d.bodies.length; ++i) {
    const rec = d.bodies[i];
    let body = oldById.get(rec.id);
    if (body !== undefined && body.type === rec.type) oldById.delete(rec.id);
    else body = makeBody(world, rec);
    fillBody(body, rec, i);
    bodies.push(body);
    for (const sr of rec.shapes) {
      let shape = keptShapes.get(sr.id);
      if (shape === undefined || shape.owner !== body || !shapeMatches(shape, sr)) shape = makeShape(body, sr);
      else keptShapes.delete(sr.id);
      const sp = shape as unknown as { frictionValue: number; restitutionValue: number; overlapsNext: BodyShape[] };
      sp.frictionValue = sr.friction;
      sp.restitutionValue = sr.restitution;
      sp.overlapsNext.length = 0;
      shape.proxyId = sr.proxyId;
      shape.owner = body;
      body.shapeList.push(shape);
      shapeById.set(sr.id, shape);
    }
  }
  // What the snapshot does not hold is gone: such handles act as destroyed.
  for (const shape of keptShapes.values()) {
    shape.owner = null;
    shape.proxyId = -1;
    shape.overlaps = [];
  }
  for (const b of oldById.values()) {
    b.world = null;
    b.index = -1;
    b.shapeList.length = 0;
    b.contactEdges.length = 0;
    b.jointEdges.length = 0;
    b.sleepNext = null;
  }
  s.bodyList.length = 0;
  let sleeping = 0;
  for (let i = 0; i < bodies.length; ++i) {
    const b = bodies[i];
    s.bodyList.push(b);
    if (!b.isStatic && !b.isAwake) sleeping++;
  }
  linkSleepRings(bodies, d.bodies);
  s.sleepingCount = sleeping;
  ensureBodyCapacity(s, bodies.length);

  // Shapes: sensors and their overlaps, the proxy table.
  s.sensors.length = 0;
  for (const sr of d.shapes.values()) {
    const shape = shapeById.get(sr.id) as BodyShape;
    if (!sr.sensor) continue;
    s.sensors.push(shape);
    shape.overlaps = sr.overlaps.map((id) => shapeById.get(id) as BodyShape);
  }
  s.sensors.sort((a, b) => a.id - b.id);
  s.proxyShapes.length = 0;
  for (let i = 0; i < d.broadPhase.tree.capacity; ++i) s.proxyShapes.push(null);
  for (const shape of shapeById.values()) s.proxyShapes[shape.proxyId] = shape;

  // Joints.
  const oldJoints = new Map<number, Joint>();
  for (const j of s.jointList) oldJoints.set(j.id, j);
  s.jointList.length = 0;
  const bodyById = new Map<number, Body>();
  for (const b of bodies) bodyById.set(b.id, b);
  for (const jr of d.joints) {
    const a = bodyById.get(jr.bodyA) as Body;
    const b = bodyById.get(jr.bodyB) as Body;
    let joint = oldJoints.get(jr.id);
    if (
      joint !== undefined &&
      joint.kind === jr.kind &&
      joint.collideConnected === jr.collideConnected &&
      jointBodyA(joint) === a &&
      jointBodyB(joint) === b
    ) {
      oldJoints.delete(jr.id);
    } else {
      joint = makeJoint(jr.kind, world, jr.id, a, b);
      (joint as unknown as { collideConnected: boolean }).collideConnected = jr.collideConnected;
    }
    assignFields(joint, jointSchema(jr.kind), jr.values);
    joint.world = world;
    s.jointList.push(joint);
    a.jointEdges.push(joint);
    if (b !== a) b.jointEdges.push(joint);
  }
  for (const j of oldJoints.values()) j.world = null;

  // Contacts: pooled objects, refilled.
  const pool = s.contactPool;
  for (const c of s.contactList) pool.push(c);
  s.contactList.length = 0;
  for (const cr of d.contacts) {
    const sa = shapeById.get(cr.shapeA.id) as BodyShape;
    const sb = shapeById.get(cr.shapeB.id) as BodyShape;
    const a = sa.owner as Body;
    const b = sb.owner as Body;
    const c = pool.length > 0 ? (pool.pop() as Contact) : new Contact(sa, sb);
    c.reset(a, b, cr.friction, cr.restitution);
    c.shapeA = sa;
    c.shapeB = sb;
    c.touching = cr.touching;
    c.normalX = cr.normalX;
    c.normalY = cr.normalY;
    c.pointCount = cr.pointCount;
    c.data.set(cr.data);
    a.contactEdges.push(c);
    b.contactEdges.push(c);
    s.contactList.push(c);
  }

  s.broadPhase.importState(d.broadPhase);

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

/** Sets every sleeping body's `sleepNext` from the records (bodies and records in the same order). */
function linkSleepRings(bodies: Body[], records: BodyRecord[]): void {
  const index = new Map<number, Body>();
  for (const b of bodies) index.set(b.id, b);
  for (let i = 0; i < bodies.length; ++i) {
    const next = records[i].sleepNext;
    bodies[i].sleepNext = next >= 0 ? (index.get(next) as Body) : null;
  }
}

/** A new body object for a record (its fields are then filled by `fillBody`). */
function makeBody(world: World, rec: BodyRecord): Body {
  const v = rec.values;
  const options: ResolvedBodyOptions = {
    type: rec.type,
    shape: null,
    shorthand: false,
    bullet: false,
    width: v[BV.Width],
    height: v[BV.Height],
    x: v[BV.X],
    y: v[BV.Y],
    angle: v[BV.Angle],
    mass: v[BV.Mass],
    inertia: v[BV.Inertia],
    friction: v[BV.Friction],
    restitution: v[BV.Restitution],
    vx: 0,
    vy: 0,
    angularVelocity: 0,
    linearDamping: 0,
    angularDamping: 0,
    gravityScale: 1,
    allowSleep: true,
    awake: true,
    userData: undefined,
  };
  return new Body(world, rec.id, options);
}

function fillBody(b: Body, rec: BodyRecord, index: number): void {
  const v = rec.values;
  const p = b as unknown as BodyPrivate & { width: number; height: number };
  b.position.x = v[BV.X];
  b.position.y = v[BV.Y];
  b.angle = v[BV.Angle];
  b.transform.p.x = v[BV.Px];
  b.transform.p.y = v[BV.Py];
  b.transform.q.c = v[BV.Qc];
  b.transform.q.s = v[BV.Qs];
  b.linearVelocity.x = v[BV.Vx];
  b.linearVelocity.y = v[BV.Vy];
  b.angularVelocity = v[BV.W];
  b.force.x = v[BV.Fx];
  b.force.y = v[BV.Fy];
  b.torque = v[BV.Torque];
  b.sleepTime = v[BV.SleepTime];
  p.massValue = v[BV.Mass];
  p.inertiaValue = v[BV.Inertia];
  b.invMass = v[BV.InvMass];
  b.invI = v[BV.InvI];
  b.localCenter.x = v[BV.Lcx];
  b.localCenter.y = v[BV.Lcy];
  p.width = v[BV.Width];
  p.height = v[BV.Height];
  b.maxExtent = v[BV.MaxExtent];
  b.minExtent = v[BV.MinExtent];
  p.frictionValue = v[BV.Friction];
  p.restitutionValue = v[BV.Restitution];
  b.linearDamping = v[BV.LinearDamping];
  b.angularDamping = v[BV.AngularDamping];
  b.gravityScale = v[BV.GravityScale];
  const f = rec.flags;
  b.bullet = (f & 4) !== 0;
  b.allowSleep = (f & 8) !== 0;
  b.isAwake = (f & 16) !== 0;
  b.hasOffset = (f & 32) !== 0;
  b.isFast = (f & 64) !== 0;
  b.index = index;
  b.shapeList.length = 0;
  b.contactEdges.length = 0;
  b.jointEdges.length = 0;
}

/** Whether a live shape has the record's fixed properties (then it is kept and refilled). */
function shapeMatches(shape: BodyShape, sr: ShapeRecord): boolean {
  return (
    shape.type === sr.type &&
    shape.sensor === sr.sensor &&
    Object.is(shape.density, sr.density) &&
    shape.category === sr.category &&
    shape.mask === sr.mask &&
    shape.group === sr.group &&
    geometryCode(shape.geometry) === sr.code &&
    sameGeometry(shape.geometry, sr.geometry)
  );
}

function makeShape(body: Body, sr: ShapeRecord): BodyShape {
  const kinds = [KIND_BOX, KIND_POLYGON, KIND_CAPSULE, KIND_CIRCLE];
  return new BodyShape(body, sr.id, {
    type: sr.type,
    kind: kinds[sr.code],
    geometry: sr.geometry,
    density: sr.density,
    friction: sr.friction,
    restitution: sr.restitution,
    sensor: sr.sensor,
    category: sr.category,
    mask: sr.mask,
    group: sr.group,
    userData: undefined,
  });
}
