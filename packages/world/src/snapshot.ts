import {
  AABB,
  Box,
  type BroadPhaseState,
  CollisionError,
  type Shape as CollisionShape,
  collide,
  collideBoxes,
  computeBoxAABB,
  computeShapeAABB,
  MAX_POLYGON_VERTICES,
  Manifold,
} from '@lite/collision';
import {
  ConstraintError,
  ContactConstraint,
  dampingRate,
  JOINT_TYPES,
  JointKind,
  JointSpring,
  mixFriction,
  mixRestitution,
  Softness,
  SolverBody,
  type SolverSettings,
} from '@lite/constraints';
import { objectArray, Rot, Transform, Vec2 } from '@lite/math';
import { Body } from './body';
import type { BodyType, ResolvedBodyOptions } from './body-options';
import type { Contact } from './contact';
import { freeContact, takeContact, unhandContacts } from './contact-order';
import { WorldError } from './errors';
import {
  checkJointInput,
  type Joint,
  jointBodyA,
  jointBodyB,
  type ResolvedJoint,
  WORLD_JOINT_KINDS,
} from './joints';
import { checkGravityScale } from './limits';
import { STEP_SPECULATIVE_DISTANCE, WorldSettings } from './settings';
import {
  BodyShape,
  checkBits,
  checkGroup,
  checkRestitution,
  checkShapeMass,
  geometryFault,
  KIND_BOX,
  KIND_CAPSULE,
  KIND_CIRCLE,
  KIND_POLYGON,
  type ResolvedShape,
  roundingRadius,
} from './shape';
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
import { computeAABB } from './stage-finish';
import { ensureBodyCapacity, type StepState } from './step-state';
import { checkInvertible, checkNonNegative, MAX_MAGNITUDE, MAX_STATE_MAGNITUDE } from './validate';
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

/**
 * Fields a joint's generic record leaves out (written apart, or not state: `velocityA`,
 * `velocityB` and a mouse joint's `velocity` are its bodies' places in the step's packed
 * velocities, bound anew by every prepare).
 */
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
  'velocityA',
  'velocityB',
  'velocity',
]);
const NO_SKIP: ReadonlySet<string> = new Set();

// -------------------------------------------------------------------------------------------------
// Joint classes and their field lists

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
  return new WORLD_JOINT_KINDS[kind].cls(world as World, id, r);
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

/** A scratch joint of each kind, the values of a snapshot's joints are checked on. */
const scratchJoints: Joint[] = [];

/**
 * Checks a decoded joint's values as its setters would (they are restored without them, into the
 * fields behind the setters): assigned to a scratch joint of the kind, then `checkJointInput`.
 * Throws the snapshot's WorldError.
 */
function checkJointValues(kind: number, id: number, values: unknown[]): void {
  let joint = scratchJoints[kind];
  if (joint === undefined) {
    joint = makeJoint(kind, null, -1, new SolverBody(0, 0, 0, 1, 1), new SolverBody(1, 0, 0, 1, 1));
    scratchJoints[kind] = joint;
  }
  const schema = jointSchema(kind);
  assignFields(joint, schema, values);
  try {
    checkJointInput(joint);
  } catch (error) {
    badSnapshot(`joint #${id}`, error instanceof Error ? error.message : String(error));
  }
  checkJointState(joint, kind, id, schema, values);
}

/**
 * Fields of a joint that may be infinite: thresholds and limits (+Infinity: none), and what the
 * prepare derives from them and from the largest force or torque. `checkJointInput` checks their meaning.
 */
const JOINT_UNBOUNDED: ReadonlySet<string> = new Set([
  'breakForceValue',
  'breakTorqueValue',
  'maxMotorTorqueValue',
  'maxMotorForceValue',
  'maxForceValue',
  'maxTorqueValue',
  'maxMotorImpulse',
  'maxImpulse',
  'maxAngularImpulse',
  'lowerAngleValue',
  'upperAngleValue',
  'lowerTranslationValue',
  'upperTranslationValue',
  'minLengthValue',
  'maxLengthValue',
  // The limits' biases, from a limit at infinity.
  'lowerBias',
  'upperBias',
]);

/**
 * Whether (x, y) is a unit vector within `UNIT_TOLERANCE`: a prismatic or wheel joint's axis, which
 * its constructor normalises and its solver assumes is one.
 */
function isUnitAxis(x: number, y: number): boolean {
  return Math.abs(x * x + y * y - 1) <= UNIT_TOLERANCE;
}

/** A joint's accumulated impulses (warm starting): fields named `...Impulse[XY]`, not `max...`. */
const IMPULSE_FIELD = /^(?!max)[A-Za-z]*[iI]mpulse[XY]?$/;
const impulseFields: string[][] = [];

/** The paths of `jointSchema(kind)` that are accumulated impulses. */
function impulsePaths(kind: number): string[] {
  let paths = impulseFields[kind];
  if (paths === undefined) {
    paths = jointSchema(kind).paths.filter((path) => IMPULSE_FIELD.test(path));
    impulseFields[kind] = paths;
  }
  return paths;
}

/** A joint of each kind as made, for the default damping ratio of its springs. */
const freshJoints: Joint[] = [];
const scratchSpring = new JointSpring(0);

/**
 * The state of a joint beyond its options: every other number finite (accumulated impulses, the
 * coefficients it caches, chain data), but a softness's matched frequency, damping ratio and step,
 * NaN until it matches one; each spring as its own checked setter leaves it (set again from its
 * values through `JointSpring.set`, it must come out the same, with the kind's default damping
 * ratio); each softness's damping rate the one `dampingRate` gives for the frequency, damping ratio
 * and step it says it matched (the step reuses it without computing it again).
 */
function checkJointState(
  joint: Joint,
  kind: number,
  id: number,
  schema: FieldSchema,
  values: unknown[],
): void {
  const what = `joint #${id}`;
  for (let i = 0; i < schema.paths.length; ++i) {
    if (schema.types[i] !== 0) continue;
    const path = schema.paths[i];
    const value = values[i] as number;
    if (Number.isFinite(value)) {
      if (Math.abs(value) > MAX_STATE_MAGNITUDE && IMPULSE_FIELD.test(path)) {
        badSnapshot(`${what}.${path} = ${value}`, `is larger than ${MAX_STATE_MAGNITUDE} in magnitude`);
      }
      continue;
    }
    if (JOINT_UNBOUNDED.has(path) && !Number.isNaN(value)) continue;
    if (Number.isNaN(value) && /\.matched(Frequency|DampingRatio|Dt)$/.test(path)) continue;
    badSnapshot(`${what}.${path} = ${value}`, 'must be a finite number');
  }
  if (WORLD_JOINT_KINDS[kind].unitAxis) {
    const axis = joint as unknown as { localAxisXValue: number; localAxisYValue: number };
    if (!isUnitAxis(axis.localAxisXValue, axis.localAxisYValue)) {
      badSnapshot(
        `${what}.localAxis = (${axis.localAxisXValue}, ${axis.localAxisYValue})`,
        'must be a unit vector',
      );
    }
  }
  let fresh = freshJoints[kind];
  if (fresh === undefined) {
    fresh = makeJoint(kind, null, -1, new SolverBody(0, 0, 0, 1, 1), new SolverBody(1, 0, 0, 1, 1));
    freshJoints[kind] = fresh;
  }
  const record = joint as unknown as Record<string, unknown>;
  const made = fresh as unknown as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const part = record[key];
    if (part instanceof JointSpring) {
      const spring = part;
      const defaultRatio = (made[key] as JointSpring).defaultDampingRatio;
      if (!Object.is(spring.defaultDampingRatio, defaultRatio)) {
        badSnapshot(
          `${what}.${key}.defaultDampingRatio = ${spring.defaultDampingRatio}`,
          `must be ${defaultRatio}`,
        );
      }
      if (spring.form !== 'frequency' && spring.form !== 'stiffness') {
        badSnapshot(`${what}.${key}.form = ${String(spring.form)}`, "must be 'frequency' or 'stiffness'");
      }
      const s = scratchSpring;
      (s as { defaultDampingRatio: number }).defaultDampingRatio = defaultRatio;
      check(() => {
        if (spring.form === 'stiffness') s.set({ stiffness: spring.stiffness, damping: spring.damping });
        else s.set({ frequencyHz: spring.frequencyHz, dampingRatio: spring.dampingRatio });
      }, `${what}.${key}`);
      if (
        !(
          Object.is(s.frequencyHz, spring.frequencyHz) &&
          Object.is(s.dampingRatio, spring.dampingRatio) &&
          Object.is(s.stiffness, spring.stiffness) &&
          Object.is(s.damping, spring.damping) &&
          s.soft === spring.soft
        )
      ) {
        badSnapshot(`${what}.${key}`, 'is not a spring its setters make');
      }
    } else if (part instanceof Softness) {
      const f = part.matchedFrequency;
      const zeta = part.matchedDampingRatio;
      const dt = part.matchedDt;
      if (Number.isFinite(f) && Number.isFinite(zeta) && Number.isFinite(dt)) {
        const rate = dampingRate(2 * Math.PI * f, zeta, dt);
        if (!Object.is(part.dampingRate, rate)) {
          badSnapshot(
            `${what}.${key}.dampingRate = ${part.dampingRate}`,
            `must be ${rate}, matched to its frequency`,
          );
        }
      }
    }
  }
}

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
  writeBroadPhase(w, s);
  return w.finish();
}

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
    const b = bodies[i];
    const name = `body #${b.id}`;
    if (too(b.position.x)) refuse(`${name}.position.x`, b.position.x);
    if (too(b.position.y)) refuse(`${name}.position.y`, b.position.y);
    if (too(b.angle)) refuse(`${name}.angle`, b.angle);
    if (too(b.linearVelocity.x)) refuse(`${name}.linearVelocity.x`, b.linearVelocity.x);
    if (too(b.linearVelocity.y)) refuse(`${name}.linearVelocity.y`, b.linearVelocity.y);
    if (too(b.angularVelocity)) refuse(`${name}.angularVelocity`, b.angularVelocity);
    if (too(b.force.x)) refuse(`${name}.force.x`, b.force.x);
    if (too(b.force.y)) refuse(`${name}.force.y`, b.force.y);
    if (too(b.torque)) refuse(`${name}.torque`, b.torque);
    for (const [field, value] of [
      ['mass', b.mass],
      ['inertia', b.inertia],
    ] as const) {
      if (Math.abs(value) > MAX_MAGNITUDE && Number.isFinite(value)) {
        throw new WorldError(
          `${name}.${field}`,
          value,
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
    if (j.kind !== JointKind.Prismatic && j.kind !== JointKind.Wheel) continue;
    if (!isUnitAxis(j.localAxisX, j.localAxisY)) {
      throw new WorldError(
        `joint #${j.id}.localAxis`,
        `(${j.localAxisX}, ${j.localAxisY})`,
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

/** A body's numbers that usually repeat from one body to the next (its "material"), in order. */
function materialOf(b: Body, out: Float64Array): Float64Array {
  const p = b as unknown as BodyPrivate;
  out[0] = p.massValue;
  out[1] = p.inertiaValue;
  out[2] = b.invMass;
  out[3] = b.invI;
  out[4] = b.localCenter.x;
  out[5] = b.localCenter.y;
  out[6] = b.width;
  out[7] = b.height;
  out[8] = b.maxExtent;
  out[9] = b.minExtent;
  out[10] = p.frictionValue;
  out[11] = p.restitutionValue;
  out[12] = b.linearDamping;
  out[13] = b.angularDamping;
  out[14] = b.gravityScale;
  return out;
}

/** The material of a body before any other: the defaults of `createBody`. */
const DEFAULT_MATERIAL = new Float64Array([1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0.2, 0, 0, 0, 1]);
const MATERIAL_COUNT = 15;
let materialA = new Float64Array(MATERIAL_COUNT);
let materialB = new Float64Array(MATERIAL_COUNT);

/**
 * Bodies: per body a record (flags, id, sleep timer, a body not awake's position and angle,
 * transform and forces when not the usual, material when not the previous body's, sleeping ring,
 * shapes), then one block of raw doubles with every awake body's position, angle and velocities.
 */
function writeBodies(w: ByteWriter, s: StepState): void {
  const bodies = s.bodyList;
  w.uint(bodies.length);
  let prevId = -1;
  let prevShape: BodyShape | null = null;
  let prevShapeId = -1;
  let awake = 0;
  materialB.set(DEFAULT_MATERIAL);
  for (let i = 0; i < bodies.length; ++i) {
    const b = bodies[i];
    const xf = b.transform;
    rot.setAngle(b.angle);
    const exact =
      Object.is(xf.p.x, b.position.x) &&
      Object.is(xf.p.y, b.position.y) &&
      Object.is(xf.q.c, rot.c) &&
      Object.is(xf.q.s, rot.s);
    const noForce = isPlusZero(b.force.x) && isPlusZero(b.force.y) && isPlusZero(b.torque);
    const material = materialOf(b, materialA);
    let same = true;
    for (let k = 0; k < MATERIAL_COUNT; ++k) if (!Object.is(material[k], materialB[k])) same = false;
    w.u8(
      BODY_TYPES.indexOf(b.type) |
        (b.bullet ? 4 : 0) |
        (b.allowSleep ? 8 : 0) |
        (b.isAwake ? 16 : 0) |
        (b.hasOffset ? 32 : 0) |
        (b.isFast ? 64 : 0) |
        (exact ? 128 : 0),
    );
    w.u8((same ? 1 : 0) | (noForce ? 2 : 0));
    w.uint(b.id - prevId - 1);
    prevId = b.id;
    if (b.isAwake) awake++;
    w.float(b.sleepTime, 0);
    if (!b.isAwake) {
      // A resting body's pose: float32 when its island settled (4 bytes a number).
      w.float(b.position.x, 0);
      w.float(b.position.y, 0);
      w.float(b.angle, 0);
    }
    if (!exact) {
      w.float(xf.p.x, 0);
      w.float(xf.p.y, 0);
      w.float(xf.q.c, 0);
      w.float(xf.q.s, 0);
    }
    if (!noForce) {
      w.float(b.force.x, 0);
      w.float(b.force.y, 0);
      w.float(b.torque, 0);
    }
    if (!same) for (let k = 0; k < MATERIAL_COUNT; ++k) w.float(material[k], materialB[k]);
    const t = materialA;
    materialA = materialB;
    materialB = t;
    if (!b.isAwake && !b.isStatic) w.int((b.sleepNext as Body).id - b.id);
    const shapes = b.shapeList;
    w.uint(shapes.length);
    for (let k = 0; k < shapes.length; ++k) {
      const sh = shapes[k];
      const sameGeo = prevShape !== null && sameGeometry(sh.geometry, prevShape.geometry);
      const defaultFilter = sh.category === 1 && sh.mask === 0xffffffff && sh.group === 0;
      w.u8(
        SHAPE_TYPES.indexOf(sh.type) |
          (geometryCode(sh.geometry) << 2) |
          (sh.sensor ? 16 : 0) |
          (defaultFilter ? 32 : 0) |
          (sameGeo ? 64 : 0),
      );
      w.int(sh.id - prevShapeId);
      prevShapeId = sh.id;
      if (!sameGeo) writeGeometry(w, sh.geometry);
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
  }
  const block = w.beginDoubles(6 * awake);
  let k = 0;
  for (let i = 0; i < bodies.length; ++i) {
    const b = bodies[i];
    if (!b.isAwake) continue;
    block[k++] = b.position.x;
    block[k++] = b.position.y;
    block[k++] = b.angle;
    block[k++] = b.linearVelocity.x;
    block[k++] = b.linearVelocity.y;
    block[k++] = b.angularVelocity;
  }
  w.endDoubles();
}

function isPlusZero(v: number): boolean {
  return v === 0 && 1 / v > 0;
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
    return (
      a instanceof Box && b instanceof Box && Object.is(a.width, b.width) && Object.is(a.height, b.height)
    );
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
      if (!Object.is(a.normals[i].x, b.normals[i].x) || !Object.is(a.normals[i].y, b.normals[i].y))
        return false;
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
    if (!WORLD_JOINT_KINDS[j.kind].oneBody) w.uint(jointBodyB(j).id);
    w.u8(j.collideConnected ? 1 : 0);
    writeFields(w, j, jointSchema(j.kind));
  }
}

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
  copyMotion(a, deriveBodyA);
  copyMotion(b, deriveBodyB);
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
function copyMotion(b: Body, out: SolverBody): void {
  out.position.x = b.position.x;
  out.position.y = b.position.y;
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

/** Broadphase node tags: a free node, a leaf whose fat box is written, a leaf whose is derived. */
const NODE_FREE = 0;
const NODE_LEAF = 1;
const NODE_FITTED_LEAF = 2;
/** An internal node of height h has the tag NODE_INTERNAL + h (h >= 1). */
const NODE_INTERNAL = 2;

/** Scratch box of the broadphase's writing and reading. */
const leafBox = new AABB();
/** Per node: 1 when `writeBroadPhase` found its fat box derivable (scratch, kept). */
let fittedNodes = new Uint8Array(0);

/**
 * Whether a leaf's fat box is its shape's tight box at its body's transform grown by the margin
 * (`BroadPhase.refitProxy`, also what `createProxy` stores): then it is not written. Checked for
 * the proxies of bodies not awake only (an awake body's box is rarely fitted: not worth the time).
 */
function isFitted(s: StepState, bounds: Float64Array, node: number, margin: number): boolean {
  const shape = s.proxyShapes[node] as BodyShape;
  const body = shape.owner as Body;
  if (body.isAwake) return false;
  computeAABB(shape, body.transform, leafBox);
  const o = 4 * node;
  return (
    Object.is(bounds[o], leafBox.minX - margin) &&
    Object.is(bounds[o + 1], leafBox.minY - margin) &&
    Object.is(bounds[o + 2], leafBox.maxX + margin) &&
    Object.is(bounds[o + 3], leafBox.maxY + margin)
  );
}

/**
 * The broadphase: capacity, root, free list and leaf count; per node its tag (free, leaf with its
 * fat box written or derived, internal with its height), a free node's next free node, an internal
 * node's children (a node's parent follows from them, a leaf's key and static flag from its shape);
 * the move buffer; then one block of raw doubles: the fat boxes not derived, in node order.
 */
function writeBroadPhase(w: ByteWriter, s: StepState): void {
  const state = s.broadPhase.exportState();
  const t = state.tree;
  const margin = s.broadPhase.tree.margin;
  w.uint(t.capacity);
  w.int(t.root);
  w.int(t.freeList);
  w.uint(t.leafCount);
  let written = 0;
  if (fittedNodes.length < t.capacity) fittedNodes = new Uint8Array(2 * t.capacity);
  for (let i = 0; i < t.capacity; ++i) {
    const h = t.height[i];
    if (h < 0) {
      w.uint(NODE_FREE);
      w.int(t.parent[i]);
    } else if (h === 0) {
      const fitted = isFitted(s, t.bounds, i, margin);
      fittedNodes[i] = fitted ? 1 : 0;
      if (fitted) w.uint(NODE_FITTED_LEAF);
      else {
        w.uint(NODE_LEAF);
        written++;
      }
    } else {
      w.uint(NODE_INTERNAL + h);
      w.uint(t.child1[i]);
      w.uint(t.child2[i]);
    }
  }
  w.uint(state.moveBuffer.length);
  for (let i = 0; i < state.moveBuffer.length; ++i) w.int(state.moveBuffer[i]);
  // The fat boxes not derived, in node order; the internal boxes are the unions of their children.
  const block = w.beginDoubles(4 * written);
  let k = 0;
  for (let i = 0; i < t.capacity; ++i) {
    if (t.height[i] !== 0 || fittedNodes[i] === 1) continue;
    for (let q = 4 * i; q < 4 * i + 4; ++q) block[k++] = t.bounds[q];
  }
  w.endDoubles();
}

// -------------------------------------------------------------------------------------------------
// Reading: plain records and tables, checked

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
  overlaps: number[] | null;
}

interface BodyRecord {
  id: number;
  type: BodyType;
  flags: number;
  /** Where its values start in `Decoded.bodyValues`. */
  base: number;
  sleepNext: number;
  shapes: ShapeRecord[];
}

/** Offsets of a body's values in `Decoded.bodyValues`. */
enum BV {
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

/**
 * Scratch arrays of `decode`, kept between restores (a restore is never re-entered): reading a
 * snapshot then allocates little.
 */
const scratch = {
  bodyValues: new Float64Array(0),
  contactShapes: new Int32Array(0),
  contactFlags: new Uint8Array(0),
  contactMaterial: new Float64Array(0),
  contactOffsets: new Int32Array(0),
  contactKeys: new Float64Array(0),
  contactDerived: new Float64Array(0),
  contactImpulses: new Float64Array(0),
};

interface JointRecord {
  kind: number;
  id: number;
  bodyA: number;
  bodyB: number;
  collideConnected: boolean;
  values: unknown[];
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
  bodyValues: Float64Array;
  /** The shapes in snapshot order, and by id (a sparse array). */
  shapes: ShapeRecord[];
  shapeById: ShapeRecord[];
  joints: JointRecord[];
  contactCount: number;
  contactShapes: Int32Array;
  contactFlags: Uint8Array;
  /** Per contact: friction and restitution. */
  contactMaterial: Float64Array;
  /** Per contact: where its normal and points start in `contactBlock` (-1: no points). */
  contactOffsets: Int32Array;
  contactBlock: Float64Array;
  /** Per contact: its points' feature keys (full form). */
  contactKeys: Float64Array;
  /**
   * Per derived contact, 12 numbers from `12 i`: its normal, then per point the first five numbers of
   * its data (position, separation, key, approach velocity), as colliding its shapes gave them.
   */
  contactDerived: Float64Array;
  /** Per derived contact, 6 numbers from `6 i`: per point its normal, tangent and last impulse. */
  contactImpulses: Float64Array;
  broadPhase: BroadPhaseState;
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
  readContacts(r, d);
  d.broadPhase = readBroadPhase(r, d, margin);
  if (!r.done) badSnapshot('its payload', 'has bytes after the end of the world');
  return d;
}

function readBodies(r: ByteReader, d: Decoded): void {
  const { nextBodyId, nextShapeId } = d;
  const n = r.count('body count', Math.min(nextBodyId, r.remaining));
  const bodies: BodyRecord[] = [];
  if (scratch.bodyValues.length < n * BV.Count) scratch.bodyValues = new Float64Array(2 * n * BV.Count);
  const v = scratch.bodyValues;
  v.fill(0, 0, n * BV.Count);
  const shapes: ShapeRecord[] = [];
  const shapeById: ShapeRecord[] = [];
  let prevId = -1;
  let prevShape: ShapeRecord | null = null;
  let prevShapeId = -1;
  let awakeCount = 0;
  for (let i = 0; i < n; ++i) {
    const flags = r.u8();
    const typeIndex = flags & 3;
    if (typeIndex > 2) badSnapshot(`body flags ${flags}`, 'are not valid');
    const more = r.u8();
    if (more > 3) badSnapshot(`body flags ${more}`, 'are not valid');
    const id = prevId + 1 + r.count('body id step', nextBodyId);
    if (id >= nextBodyId) badSnapshot(`body id ${id}`, `is not below nextBodyId (${nextBodyId})`);
    prevId = id;
    const o = i * BV.Count;
    v[o + BV.SleepTime] = r.float(0);
    if (!(flags & 16)) {
      v[o + BV.X] = r.float(0);
      v[o + BV.Y] = r.float(0);
      v[o + BV.Angle] = r.float(0);
    }
    if (!(flags & 128)) {
      v[o + BV.Px] = r.float(0);
      v[o + BV.Py] = r.float(0);
      v[o + BV.Qc] = r.float(0);
      v[o + BV.Qs] = r.float(0);
    }
    if (!(more & 2)) {
      v[o + BV.Fx] = r.float(0);
      v[o + BV.Fy] = r.float(0);
      v[o + BV.Torque] = r.float(0);
    }
    if (!(more & 1)) {
      for (let k = 0; k < MATERIAL_COUNT; ++k)
        v[o + BV.Mass + k] = r.float(i === 0 ? DEFAULT_MATERIAL[k] : v[o - BV.Count + BV.Mass + k]);
    } else {
      for (let k = 0; k < MATERIAL_COUNT; ++k)
        v[o + BV.Mass + k] = i === 0 ? DEFAULT_MATERIAL[k] : v[o - BV.Count + BV.Mass + k];
    }
    checkMaterial(id, typeIndex, flags, v, o);
    const isStatic = typeIndex === 1;
    const awake = (flags & 16) !== 0;
    if (awake) awakeCount++;
    if (isStatic && awake) badSnapshot(`body #${id}`, 'is static and awake');
    const sleepNext = !awake && !isStatic ? id + r.int() : -1;
    if (!awake && !isStatic && !(sleepNext >= 0 && sleepNext < nextBodyId)) {
      badSnapshot(`body #${id}`, `has sleepNext ${sleepNext}, not a body id`);
    }
    const body: BodyRecord = { id, type: BODY_TYPES[typeIndex], flags, base: o, sleepNext, shapes: [] };
    const shapeCount = r.count('shape count', Math.min(nextShapeId, r.remaining));
    for (let k = 0; k < shapeCount; ++k) {
      const sf = r.u8();
      if (sf >= 128) badSnapshot(`shape flags ${sf}`, 'are not valid');
      const sid = prevShapeId + r.int();
      if (!(sid >= 0 && sid < nextShapeId) || shapeById[sid] !== undefined) {
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
        overlaps: null,
      };
      if (!(sf & 32)) {
        record.category = r.count('filter category', 0xffffffff);
        record.mask = r.count('filter mask', 0xffffffff);
        record.group = r.int();
      }
      checkShapeRecord(record);
      record.proxyId = sid + r.int();
      if (record.sensor) {
        const m = r.count('sensor overlap count', Math.min(nextShapeId, r.remaining));
        const overlaps: number[] = [];
        for (let q = 0; q < m; ++q) overlaps.push(r.count('overlapping shape id', nextShapeId));
        record.overlaps = overlaps;
      }
      body.shapes.push(record);
      shapes.push(record);
      shapeById[sid] = record;
      prevShape = record;
    }
    bodies.push(body);
  }
  const block = r.doubles(6 * awakeCount);
  let k = 0;
  for (let i = 0; i < n; ++i) {
    const o = i * BV.Count;
    if (bodies[i].flags & 16) {
      v[o + BV.X] = block[k++];
      v[o + BV.Y] = block[k++];
      v[o + BV.Angle] = block[k++];
    }
    const x = v[o + BV.X];
    const y = v[o + BV.Y];
    const angle = v[o + BV.Angle];
    if (!(Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(angle))) {
      badSnapshot(`body #${bodies[i].id}`, 'has a non-finite pose');
    }
    if (bodies[i].flags & 16) {
      v[o + BV.Vx] = block[k++];
      v[o + BV.Vy] = block[k++];
      v[o + BV.W] = block[k++];
      if (!(Number.isFinite(v[o + BV.Vx]) && Number.isFinite(v[o + BV.Vy]) && Number.isFinite(v[o + BV.W]))) {
        badSnapshot(`body #${bodies[i].id}`, 'has a non-finite velocity');
      }
    }
    for (let k = BV.X; k <= BV.W; ++k) {
      if (!(Math.abs(v[o + k]) <= MAX_STATE_MAGNITUDE)) {
        badBodyValue(
          bodies[i].id,
          k,
          v[o + k],
          `must be finite and at most ${MAX_STATE_MAGNITUDE} in magnitude`,
        );
      }
    }
    if (!(bodies[i].flags & 128)) checkTransform(bodies[i].id, v, o);
    if (bodies[i].flags & 128) {
      // The transform is the pose's: position and the rotation of the angle.
      rot.setAngle(angle);
      v[o + BV.Px] = x;
      v[o + BV.Py] = y;
      v[o + BV.Qc] = rot.c;
      v[o + BV.Qs] = rot.s;
    }
  }
  // Sleeping rings: sleepNext is a permutation of the sleeping bodies.
  const seen = new Set<number>();
  for (const b of bodies) {
    if (b.sleepNext < 0) continue;
    const next = findRecord(bodies, b.sleepNext);
    if (next === undefined || next.sleepNext < 0 || seen.has(next.id)) {
      badSnapshot(`body #${b.id}`, `has a broken sleeping ring (next: ${b.sleepNext})`);
    }
    seen.add(next.id);
  }
  for (const s of shapes) {
    if (s.overlaps === null) continue;
    let last = -1;
    for (const id of s.overlaps) {
      const o = shapeById[id];
      if (o === undefined || o.sensor || o.body === s.body || id <= last) {
        badSnapshot(`shape #${s.id}`, `overlaps shape #${id}, which it cannot`);
      }
      last = id;
    }
  }
  d.bodies = bodies;
  d.bodyValues = v;
  d.shapes = shapes;
  d.shapeById = shapeById;
}

/** The names of a body's values, for the reader's errors. */
const BV_NAMES = [
  'position.x',
  'position.y',
  'angle',
  'transform.p.x',
  'transform.p.y',
  'transform.q.c',
  'transform.q.s',
  'linearVelocity.x',
  'linearVelocity.y',
  'angularVelocity',
  'force.x',
  'force.y',
  'torque',
  'sleepTime',
  'mass',
  'inertia',
  'invMass',
  'invI',
  'localCenter.x',
  'localCenter.y',
  'width',
  'height',
  'maxExtent',
  'minExtent',
  'friction',
  'restitution',
  'linearDamping',
  'angularDamping',
  'gravityScale',
];

/** Raises the reader's error for body `id`'s value `k` (a `BV` offset): `snapshot = body #id.<name> = <value>: ...`. */
function badBodyValue(id: number, k: number, value: number, reason: string): never {
  throw new WorldError('snapshot', `body #${id}.${BV_NAMES[k]} = ${value}`, reason);
}

/**
 * A body's values past its pose, as the engine keeps them (checked with the public API's own
 * checks where a setter or an option sets the value): forces, sleep timer, sizes and extents
 * finite and (but forces) not negative; friction, restitution and damping as `createBody` takes
 * them, a gravity scale as `body.gravityScale` takes it; the mass data of its type. A static or kinematic body has no mass,
 * no inertia, zero inverses and its centre of mass at its origin, and no force. A dynamic body has
 * a mass > 0 whose inverse is finite (`setMass`'s rule; a body with no shape has 1 kg) and
 * `invMass` exactly 1 / mass; an inertia of 0 (a point mass: `invI` 0) or > 0 with `invI` exactly
 * 1 / inertia. `hasOffset` is whether the centre of mass is off the origin; only a dynamic body is
 * marked fast (for continuous collision).
 */
function checkMaterial(id: number, typeIndex: number, flags: number, v: Float64Array, o: number): void {
  for (let k = BV.Fx; k < BV.Count; ++k) {
    const value = v[o + k];
    if (!Number.isFinite(value)) badBodyValue(id, k, value, 'must be a finite number');
    if (k <= BV.Torque && !(Math.abs(value) <= MAX_STATE_MAGNITUDE)) {
      badBodyValue(id, k, value, `is larger than ${MAX_STATE_MAGNITUDE} in magnitude`);
    }
    if (k >= BV.SleepTime && k !== BV.Lcx && k !== BV.Lcy && k !== BV.GravityScale && value < 0)
      badBodyValue(id, k, value, 'must not be negative');
  }
  const what = `body #${id}`;
  check(() => {
    checkRestitution(v[o + BV.Restitution], `${what}.restitution`);
    checkGravityScale(v[o + BV.GravityScale], `${what}.gravityScale`);
  }, what);
  const mass = v[o + BV.Mass];
  const inertia = v[o + BV.Inertia];
  const invMass = v[o + BV.InvMass];
  const invI = v[o + BV.InvI];
  if (typeIndex === 0) {
    check(() => checkInvertible(mass, 'mass', `${what}.mass`, mass), what);
    if (!Object.is(invMass, 1 / mass))
      badBodyValue(id, BV.InvMass, invMass, `must be 1 / mass (${1 / mass})`);
    if (inertia === 0) {
      if (!Object.is(invI, 0)) badBodyValue(id, BV.InvI, invI, 'must be 0 for an inertia of 0');
    } else {
      check(() => checkInvertible(inertia, 'rotational inertia', `${what}.inertia`, inertia), what);
      if (!Object.is(invI, 1 / inertia))
        badBodyValue(id, BV.InvI, invI, `must be 1 / inertia (${1 / inertia})`);
    }
  } else {
    for (const k of [BV.Mass, BV.Inertia, BV.InvMass, BV.InvI, BV.Lcx, BV.Lcy, BV.Fx, BV.Fy, BV.Torque]) {
      if (v[o + k] !== 0) badBodyValue(id, k, v[o + k], `must be 0 for a ${BODY_TYPES[typeIndex]} body`);
    }
  }
  const offset = v[o + BV.Lcx] !== 0 || v[o + BV.Lcy] !== 0;
  if (offset !== ((flags & 32) !== 0)) {
    badSnapshot(
      what,
      `has its centre-of-mass offset flag ${(flags & 32) !== 0}, but its centre at (${v[o + BV.Lcx]}, ${v[o + BV.Lcy]})`,
    );
  }
  if (flags & 64 && typeIndex !== 0) badSnapshot(what, 'is marked fast but is not a dynamic body');
}

/** The cap on the error of a transform's rotation: |c² + s² - 1| (the engine's are within rounding). */
const UNIT_TOLERANCE = 1e-6;

/** A written transform (not the pose's): finite, with a unit rotation. */
function checkTransform(id: number, v: Float64Array, o: number): void {
  for (let k = BV.Px; k <= BV.Qs; ++k) {
    if (!(Math.abs(v[o + k]) <= MAX_STATE_MAGNITUDE)) {
      badBodyValue(id, k, v[o + k], `must be finite and at most ${MAX_STATE_MAGNITUDE} in magnitude`);
    }
  }
  const c = v[o + BV.Qc];
  const s = v[o + BV.Qs];
  if (!(Math.abs(c * c + s * s - 1) <= UNIT_TOLERANCE)) {
    badSnapshot(`body #${id}`, `has the transform rotation (${c}, ${s}), which is not a unit vector`);
  }
}

/**
 * Runs a check of the public API (or the constraint package's), its error made the snapshot's:
 * `snapshot = <what>: <its message>`.
 */
function check(run: () => void, what = 'a value'): void {
  try {
    run();
  } catch (error) {
    if (error instanceof WorldError || error instanceof ConstraintError) badSnapshot(what, error.message);
    throw error;
  }
}

/**
 * A shape's material and filter as `createShape` checks them (density and friction finite and not
 * negative, restitution in [0, 1], 32-bit category and mask, a group in its range), and on a
 * dynamic body the mass and inertia its geometry gives at its density finite, with a finite
 * inverse (`createShape`'s rule for a dynamic body's shapes).
 */
function checkShapeRecord(sr: ShapeRecord): void {
  const what = `shape #${sr.id}`;
  check(() => {
    checkNonNegative(sr.density, `${what}.density`);
    checkNonNegative(sr.friction, `${what}.friction`);
    checkRestitution(sr.restitution, `${what}.restitution`);
    checkBits(sr.category, `${what}.filter.category`);
    checkBits(sr.mask, `${what}.filter.mask`);
    checkGroup(sr.group, `${what}.filter.group`);
    if (sr.body.type === 'dynamic') {
      checkShapeMass(
        { geometry: sr.geometry, density: sr.density } as ResolvedShape,
        `${what}.geometry`,
        sr.type,
      );
    }
  }, what);
}

/** The body record with this id (binary search; the records are in id order). */
function findRecord(bodies: BodyRecord[], id: number): BodyRecord | undefined {
  let low = 0;
  let high = bodies.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const midId = bodies[mid].id;
    if (midId === id) return bodies[mid];
    if (midId < id) low = mid + 1;
    else high = mid - 1;
  }
  return undefined;
}

function readGeometry(r: ByteReader, code: number, sid: number): CollisionShape {
  let geometry: CollisionShape;
  if (code === 0) {
    const width = r.float(1);
    const height = r.float(width);
    // (Box's constructor refuses these with its own error: refused here first, as the snapshot's.)
    if (!(width > 0 && height > 0 && Number.isFinite(width) && Number.isFinite(height))) {
      badSnapshot(`shape #${sid}`, `has an invalid geometry: a box of ${width} by ${height} m`);
    }
    geometry = new Box(width, height);
  } else if (code === 3) {
    const radius = r.float(0);
    const x = r.float(0);
    geometry = { type: 'circle', radius, center: new Vec2(x, r.float(0)) };
  } else if (code === 2) {
    const x1 = r.float(0);
    const y1 = r.float(0);
    const x2 = r.float(0);
    const y2 = r.float(0);
    geometry = { type: 'capsule', center1: new Vec2(x1, y1), center2: new Vec2(x2, y2), radius: r.float(0) };
  } else {
    const n = r.count('polygon vertex count', MAX_POLYGON_VERTICES);
    const vertices: Vec2[] = [];
    const normals: Vec2[] = [];
    for (let i = 0; i < n; ++i) vertices.push(new Vec2(r.float(0), r.float(0)));
    for (let i = 0; i < n; ++i) normals.push(new Vec2(r.float(0), r.float(0)));
    geometry = { type: 'polygon', vertices, normals, radius: r.float(0) };
  }
  // The rule `createShape` applies to the geometries it builds: the two sides accept the same ones.
  const fault = geometryFault(geometry);
  if (fault !== null) badSnapshot(`shape #${sid}`, `has an invalid geometry: ${fault}`);
  return geometry;
}

function readJoints(r: ByteReader, d: Decoded): JointRecord[] {
  const nextJointId = d.nextJointId;
  const n = r.count('joint count', Math.min(nextJointId, r.remaining));
  const joints: JointRecord[] = [];
  let prevId = -1;
  for (let i = 0; i < n; ++i) {
    const kind = r.u8();
    if (kind >= WORLD_JOINT_KINDS.length) badSnapshot(`joint kind ${kind}`, 'is not a joint kind');
    const oneBody = WORLD_JOINT_KINDS[kind].oneBody;
    const id = prevId + 1 + r.count('joint id step', nextJointId);
    if (id >= nextJointId) badSnapshot(`joint id ${id}`, `is not below nextJointId (${nextJointId})`);
    prevId = id;
    const bodyA = r.count('joint body id', 0x7fffffff);
    const bodyB = oneBody ? bodyA : r.count('joint body id', 0x7fffffff);
    const a = findRecord(d.bodies, bodyA);
    const b = findRecord(d.bodies, bodyB);
    if (a === undefined || b === undefined || (!oneBody && a === b)) {
      badSnapshot(
        `joint #${id}`,
        `joins bodies #${bodyA} and #${bodyB}, which are not two bodies of the snapshot`,
      );
    }
    if (oneBody && a.type !== 'dynamic') {
      badSnapshot(`joint #${id}`, `is a ${JOINT_TYPES[kind].name} on a body that is not dynamic`);
    }
    const collideConnected = r.u8() !== 0;
    const values = readFields(r, jointSchema(kind), `joint #${id}`);
    checkJointValues(kind, id, values);
    joints.push({ kind, id, bodyA, bodyB, collideConnected, values });
  }
  return joints;
}

function readContacts(r: ByteReader, d: Decoded): void {
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
  const margin = derivedMargin(scratchSettings);
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

/** Scratch transforms of decoded bodies. */
const xfA = new Transform();
const xfB = new Transform();

/** A body record's transform, from the decoded values. */
function recordTransform(body: BodyRecord, v: Float64Array, out: Transform): Transform {
  const o = body.base;
  out.p.x = v[o + BV.Px];
  out.p.y = v[o + BV.Py];
  out.q.c = v[o + BV.Qc];
  out.q.s = v[o + BV.Qs];
  return out;
}

/** A decoded body not awake onto a scratch solver body: its position, and zero velocities. */
function recordMotion(body: BodyRecord, v: Float64Array, out: SolverBody): void {
  const o = body.base;
  out.position.x = v[o + BV.X];
  out.position.y = v[o + BV.Y];
  out.linearVelocity.x = 0;
  out.linearVelocity.y = 0;
  out.angularVelocity = 0;
}

/** `deriveContact` for two decoded shapes of bodies not awake, at their decoded poses. */
function deriveRecords(sa: ShapeRecord, sb: ShapeRecord, v: Float64Array, margin: number): ContactConstraint {
  recordMotion(sa.body, v, deriveBodyA);
  recordMotion(sb.body, v, deriveBodyB);
  return deriveContact(
    sa.geometry,
    recordTransform(sa.body, v, xfA),
    sb.geometry,
    recordTransform(sb.body, v, xfB),
    sa.code === 0 && sb.code === 0,
    margin,
  );
}

function readBroadPhase(r: ByteReader, d: Decoded, margin: number): BroadPhaseState {
  const capacity = r.count('broadphase capacity', Math.floor(r.remaining / 2));
  if (capacity < 1) badSnapshot('broadphase capacity 0', 'must be at least 1');
  const root = r.int();
  const freeList = r.int();
  const leafCount = r.count('broadphase leaf count', capacity);
  const bounds = new Float64Array(4 * capacity);
  const parent = new Int32Array(capacity).fill(-1);
  const child1 = new Int32Array(capacity).fill(-1);
  const child2 = new Int32Array(capacity).fill(-1);
  const height = new Int32Array(capacity);
  const keys = new Int32Array(capacity);
  const staticFlags = new Uint8Array(capacity);
  const fitted = new Uint8Array(capacity);
  const inRange = (v: number, what: string) => {
    if (!(v >= -1 && v < capacity)) badSnapshot(`${what} ${v}`, 'is not a broadphase node');
    return v;
  };
  // Each shape's proxy: its leaf's owner, which gives the leaf's key and static flag.
  const owners: (ShapeRecord | undefined)[] = new Array(capacity);
  for (const s of d.shapes) {
    const p = s.proxyId;
    if (!(p >= 0 && p < capacity) || owners[p] !== undefined) {
      badSnapshot(`shape #${s.id}`, `has proxy ${p}, which is not its own broadphase leaf`);
    }
    owners[p] = s;
  }
  let maxHeight = 0;
  let leaves = 0;
  let written = 0;
  for (let i = 0; i < capacity; ++i) {
    const tag = r.count('broadphase node tag', 64);
    if (tag === NODE_FREE) {
      height[i] = -1;
      parent[i] = inRange(r.int(), 'next free node');
    } else if (tag === NODE_LEAF || tag === NODE_FITTED_LEAF) {
      const owner = owners[i];
      if (owner === undefined) badSnapshot(`broadphase leaf ${i}`, 'is not the proxy of a shape');
      height[i] = 0;
      keys[i] = owner.body.id;
      staticFlags[i] = owner.body.type === 'static' ? 1 : 0;
      if (tag === NODE_FITTED_LEAF) fitted[i] = 1;
      else written++;
      leaves++;
    } else {
      const h = tag - NODE_INTERNAL;
      height[i] = h;
      if (h > maxHeight) maxHeight = h;
      child1[i] = inRange(r.uint(), 'node child');
      child2[i] = inRange(r.uint(), 'node child');
    }
  }
  // A node's parent: the internal node naming it as a child (the tree's check finds any node named
  // twice, or not at all).
  for (let i = 0; i < capacity; ++i) {
    if (height[i] <= 0) continue;
    parent[child1[i]] = i;
    parent[child2[i]] = i;
  }
  const moves = new Int32Array(r.count('move buffer length', r.remaining));
  for (let i = 0; i < moves.length; ++i) moves[i] = inRange(r.int(), 'moved proxy');
  if (leaves !== leafCount)
    badSnapshot(`${leaves} broadphase leaves`, `do not match its leaf count (${leafCount})`);
  if (d.shapes.length !== leafCount) {
    badSnapshot(`${leafCount} proxies`, `do not match the ${d.shapes.length} shapes`);
  }
  const boxes = r.doubles(4 * written);
  const v = d.bodyValues;
  for (let i = 0, k = 0; i < capacity; ++i) {
    if (height[i] !== 0) continue;
    if (fitted[i] === 1) {
      const owner = owners[i] as ShapeRecord;
      const xf = recordTransform(owner.body, v, xfA);
      if (owner.code === 0) computeBoxAABB(owner.geometry as Box, xf, leafBox);
      else computeShapeAABB(owner.geometry, xf, leafBox);
      bounds[4 * i] = leafBox.minX - margin;
      bounds[4 * i + 1] = leafBox.minY - margin;
      bounds[4 * i + 2] = leafBox.maxX + margin;
      bounds[4 * i + 3] = leafBox.maxY + margin;
    } else for (let q = 4 * i; q < 4 * i + 4; ++q) bounds[q] = boxes[k++];
  }
  // Internal boxes: the unions of their children, bottom up (children are lower than parents):
  // the internal nodes in order of height (a counting sort), then each from its children.
  const byHeight = new Int32Array(maxHeight + 2);
  for (let i = 0; i < capacity; ++i) if (height[i] > 0) byHeight[height[i] + 1]++;
  for (let h = 1; h <= maxHeight + 1; ++h) byHeight[h] += byHeight[h - 1];
  const order = new Int32Array(byHeight[maxHeight + 1]);
  for (let i = 0; i < capacity; ++i) if (height[i] > 0) order[byHeight[height[i]]++] = i;
  for (let k = 0; k < order.length; ++k) {
    const node = order[k];
    const h = height[node];
    const c1 = child1[node];
    const c2 = child2[node];
    if (c1 < 0 || c2 < 0 || height[c1] < 0 || height[c2] < 0 || height[c1] >= h || height[c2] >= h) {
      badSnapshot(`broadphase node ${node}`, 'has bad children');
    }
    const o = 4 * node;
    bounds[o] = Math.min(bounds[4 * c1], bounds[4 * c2]);
    bounds[o + 1] = Math.min(bounds[4 * c1 + 1], bounds[4 * c2 + 1]);
    bounds[o + 2] = Math.max(bounds[4 * c1 + 2], bounds[4 * c2 + 2]);
    bounds[o + 3] = Math.max(bounds[4 * c1 + 3], bounds[4 * c2 + 3]);
  }
  const state: BroadPhaseState = {
    tree: {
      capacity,
      root: inRange(root, 'root'),
      freeList: inRange(freeList, 'free list'),
      leafCount,
      bounds,
      parent,
      child1,
      child2,
      height,
      keys,
    },
    staticFlags,
    moveBuffer: moves,
  };
  // The tree's own invariants are checked by `importState`, the first thing `apply` does.
  // Every shape has its own leaf (each proxy id names a distinct node, every leaf has an owner, and
  // there are as many leaves as shapes), keyed by its body id and flagged static as its body.
  for (const s of d.shapes) {
    if (height[s.proxyId] !== 0) {
      badSnapshot(`shape #${s.id}`, `has proxy ${s.proxyId}, which is not a broadphase leaf`);
    }
  }
  const buffered = new Uint8Array(capacity);
  for (let i = 0; i < moves.length; ++i) {
    const id = moves[i];
    if (id === -1) continue;
    if (height[id] !== 0 || buffered[id] === 1)
      badSnapshot(`moved proxy ${id}`, 'is not a live proxy, buffered once');
    buffered[id] = 1;
  }
  return state;
}

// -------------------------------------------------------------------------------------------------
// Applying

/** `world.restore(bytes)`: checks the whole snapshot, then puts the world in its state. @internal */
export function restoreSnapshot(world: World, bytes: unknown): void {
  apply(world, decode(bytes, (world as unknown as WorldInternals).core.broadPhase.tree.margin));
}

/** Scratch of `apply`: a kept body's shapes before the restore. */
const oldShapes: BodyShape[] = [];

function apply(world: World, d: Decoded): void {
  const internals = world as unknown as WorldInternals;
  const s = internals.core;
  // First, as it checks the tree (links, heights, balance, boxes, free list) before changing
  // anything: a bad tree throws here, with the world untouched.
  try {
    s.broadPhase.importState(d.broadPhase);
  } catch (error) {
    if (error instanceof CollisionError) badSnapshot('its broadphase', error.message);
    throw error;
  }
  const records = d.bodies;
  const values = d.bodyValues;

  // Bodies: the live ones with the same id and type are kept (their handles stay valid). Both lists
  // are in id order: walk them together.
  const list = s.bodyList;
  const bodies: Body[] = new Array(records.length);
  const shapeObjects: BodyShape[] = [];
  let k = 0;
  for (let i = 0; i < records.length; ++i) {
    const rec = records[i];
    while (k < list.length && list[k].id < rec.id) detachBody(list[k++]);
    let body: Body;
    if (k < list.length && list[k].id === rec.id && list[k].type === rec.type) body = list[k++];
    else {
      if (k < list.length && list[k].id === rec.id) detachBody(list[k++]);
      body = makeBody(world, rec, values);
    }
    clear(oldShapes);
    for (let q = 0; q < body.shapeList.length; ++q) oldShapes.push(body.shapeList[q]);
    fillBody(body, rec, values, i);
    for (let q = 0; q < rec.shapes.length; ++q) {
      const sr = rec.shapes[q];
      let shape: BodyShape | null = null;
      for (let o = 0; o < oldShapes.length; ++o) {
        const old = oldShapes[o];
        if (old.id === sr.id) {
          if (shapeMatches(old, sr)) {
            shape = old;
            oldShapes[o] = oldShapes[oldShapes.length - 1];
            oldShapes.pop();
          }
          break;
        }
      }
      if (shape === null) shape = makeShape(body, sr);
      const sp = shape as unknown as { frictionValue: number; restitutionValue: number };
      sp.frictionValue = sr.friction;
      sp.restitutionValue = sr.restitution;
      clear(shape.overlapsNext);
      shape.proxyId = sr.proxyId;
      shape.owner = body;
      body.shapeList.push(shape);
      shapeObjects[sr.id] = shape;
    }
    // Shapes the snapshot does not hold act as destroyed.
    for (let o = 0; o < oldShapes.length; ++o) detachShape(oldShapes[o]);
    bodies[i] = body;
  }
  while (k < list.length) detachBody(list[k++]);
  clear(oldShapes);
  clear(list);
  let sleeping = 0;
  for (let i = 0; i < bodies.length; ++i) {
    const b = bodies[i];
    list.push(b);
    const next = records[i].sleepNext;
    b.sleepNext = next >= 0 ? (bodyById(bodies, next) as Body) : null;
    if (!b.isStatic && !b.isAwake) sleeping++;
  }
  s.sleepingCount = sleeping;
  ensureBodyCapacity(s, bodies.length);

  // Sensors and their overlaps; the proxy table.
  s.sensors.length = 0;
  const shapes = d.shapes;
  for (let i = 0; i < shapes.length; ++i) {
    const sr = shapes[i];
    if (sr.overlaps === null) continue;
    const shape = shapeObjects[sr.id];
    s.sensors.push(shape);
    shape.overlaps = sr.overlaps.map((id) => shapeObjects[id]);
  }
  s.sensors.sort((a, b) => a.id - b.id);
  const proxies = s.proxyShapes;
  const capacity = d.broadPhase.tree.capacity;
  if (proxies.length > capacity) proxies.length = capacity;
  for (let i = 0; i < proxies.length; ++i) proxies[i] = null;
  while (proxies.length < capacity) proxies.push(null);
  for (let i = 0; i < shapes.length; ++i) proxies[shapes[i].proxyId] = shapeObjects[shapes[i].id];

  // Joints: kept when the id, class, bodies and collideConnected match; both lists in id order.
  const joints = s.jointList;
  let oldJoint = 0;
  const oldJoints = joints.slice();
  joints.length = 0;
  for (const jr of d.joints) {
    const a = bodyById(bodies, jr.bodyA) as Body;
    const b = bodyById(bodies, jr.bodyB) as Body;
    while (oldJoint < oldJoints.length && oldJoints[oldJoint].id < jr.id) oldJoints[oldJoint++].world = null;
    let joint: Joint | null = null;
    if (oldJoint < oldJoints.length && oldJoints[oldJoint].id === jr.id) {
      const j = oldJoints[oldJoint++];
      if (
        j.kind === jr.kind &&
        j.collideConnected === jr.collideConnected &&
        jointBodyA(j) === a &&
        jointBodyB(j) === b
      ) {
        joint = j;
      } else j.world = null;
    }
    if (joint === null) {
      joint = makeJoint(jr.kind, world, jr.id, a, b);
      (joint as unknown as { collideConnected: boolean }).collideConnected = jr.collideConnected;
    }
    assignFields(joint, jointSchema(jr.kind), jr.values);
    joint.world = world;
    joints.push(joint);
    a.jointEdges.push(joint);
    if (b !== a) b.jointEdges.push(joint);
  }
  while (oldJoint < oldJoints.length) oldJoints[oldJoint++].world = null;

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

/** The body with this id among bodies in id order (binary search). */
function bodyById(bodies: Body[], id: number): Body | undefined {
  let low = 0;
  let high = bodies.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const midId = bodies[mid].id;
    if (midId === id) return bodies[mid];
    if (midId < id) low = mid + 1;
    else high = mid - 1;
  }
  return undefined;
}

/** A body the snapshot does not hold: its handle acts as destroyed. */
function detachBody(b: Body): void {
  for (let i = 0; i < b.shapeList.length; ++i) detachShape(b.shapeList[i]);
  b.world = null;
  b.index = -1;
  clear(b.contactEdges);
  clear(b.jointEdges);
  b.sleepNext = null;
}

function detachShape(shape: BodyShape): void {
  shape.owner = null;
  shape.proxyId = -1;
  shape.overlaps = objectArray();
}

/** A new body object for a record (its fields are then filled by `fillBody`). */
function makeBody(world: World, rec: BodyRecord, v: Float64Array): Body {
  const o = rec.base;
  const options: ResolvedBodyOptions = {
    type: rec.type,
    shape: null,
    shorthand: false,
    bullet: false,
    width: v[o + BV.Width],
    height: v[o + BV.Height],
    x: v[o + BV.X],
    y: v[o + BV.Y],
    angle: v[o + BV.Angle],
    // Placeholders (fillBody writes the mass data): 1 keeps the constructor's inverses finite.
    mass: 1,
    inertia: 1,
    friction: v[o + BV.Friction],
    restitution: v[o + BV.Restitution],
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

function fillBody(b: Body, rec: BodyRecord, v: Float64Array, index: number): void {
  const o = rec.base;
  const p = b as unknown as BodyPrivate & { width: number; height: number };
  b.position.x = v[o + BV.X];
  b.position.y = v[o + BV.Y];
  b.angle = v[o + BV.Angle];
  b.transform.p.x = v[o + BV.Px];
  b.transform.p.y = v[o + BV.Py];
  b.transform.q.c = v[o + BV.Qc];
  b.transform.q.s = v[o + BV.Qs];
  b.linearVelocity.x = v[o + BV.Vx];
  b.linearVelocity.y = v[o + BV.Vy];
  b.angularVelocity = v[o + BV.W];
  b.force.x = v[o + BV.Fx];
  b.force.y = v[o + BV.Fy];
  b.torque = v[o + BV.Torque];
  b.sleepTime = v[o + BV.SleepTime];
  p.massValue = v[o + BV.Mass];
  p.inertiaValue = v[o + BV.Inertia];
  b.setInverseMass(v[o + BV.InvMass], v[o + BV.InvI]);
  b.localCenter.x = v[o + BV.Lcx];
  b.localCenter.y = v[o + BV.Lcy];
  p.width = v[o + BV.Width];
  p.height = v[o + BV.Height];
  b.maxExtent = v[o + BV.MaxExtent];
  b.minExtent = v[o + BV.MinExtent];
  p.frictionValue = v[o + BV.Friction];
  p.restitutionValue = v[o + BV.Restitution];
  b.linearDamping = v[o + BV.LinearDamping];
  b.angularDamping = v[o + BV.AngularDamping];
  b.gravityScale = v[o + BV.GravityScale];
  const f = rec.flags;
  b.bullet = (f & 4) !== 0;
  b.allowSleep = (f & 8) !== 0;
  b.isAwake = (f & 16) !== 0;
  b.hasOffset = (f & 32) !== 0;
  b.isFast = (f & 64) !== 0;
  b.index = index;
  clear(b.shapeList);
  clear(b.contactEdges);
  clear(b.jointEdges);
}

/** Empties an array by popping (setting `length` would give its storage back, to grow anew). */
function clear(list: unknown[]): void {
  while (list.length > 0) list.pop();
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

const SHAPE_KINDS = [KIND_BOX, KIND_POLYGON, KIND_CAPSULE, KIND_CIRCLE];

function makeShape(body: Body, sr: ShapeRecord): BodyShape {
  return new BodyShape(body, sr.id, {
    type: sr.type,
    kind: SHAPE_KINDS[sr.code],
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
