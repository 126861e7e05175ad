import { dampingRate, JointSpring, Softness, SolverBody } from '@lite/constraints';
import type { Body } from './body';
import { WorldError } from './errors';
import { checkJointInput, registerJointKind } from './joint-kinds';
import {
  DistanceJoint,
  FilterJoint,
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
  type WorldJointKind,
} from './joints';
import type { Decoded } from './snapshot';
import { check, findRecord, UNIT_TOLERANCE } from './snapshot-bodies';
import {
  assignFields,
  type ByteReader,
  type ByteWriter,
  badSnapshot,
  type FieldSchema,
  get,
  hashedSchema,
  isBeyond,
  readFields,
  refuse,
  writeFields,
} from './snapshot-format';
import type { StepState } from './step-state';
import { MAX_STATE_MAGNITUDE } from './validate';
import type { World } from './world';

// The joints' part of world snapshots: each kind's field list, the checks of a decoded joint, the joint list.

/** Every kind a snapshot may hold, indexed by its `JointKind` value: the snapshot code brings them all. */
const SNAPSHOT_KINDS: readonly WorldJointKind[] = [
  DistanceJoint.jointKind,
  RevoluteJoint.jointKind,
  MouseJoint.jointKind,
  PrismaticJoint.jointKind,
  WeldJoint.jointKind,
  WheelJoint.jointKind,
  MotorJoint.jointKind,
  FilterJoint.jointKind,
] as unknown as readonly WorldJointKind[];

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
  const entry = SNAPSHOT_KINDS[kind];
  registerJointKind(entry);
  return new entry.cls(world as World, id, r);
}

/**
 * What a snapshot needs per joint kind, made once: its field lists (the current one, then the one
 * before the fields its `fields` lists after `|`, if any), the paths of its accumulated impulses, a
 * joint as made and a scratch joint decoded values are checked on.
 */
interface KindInfo {
  schemas: FieldSchema[];
  impulses: string[];
  fresh: Joint;
  scratch: Joint;
}
const kindInfos: KindInfo[] = [];

/** The field lists `WorldJointKind.fields` names by a word: a base's first fields, a member's. */
const FIELD_GROUPS: Readonly<Record<string, string>> = {
  AnchoredJoint:
    'invDt localAnchorAXValue localAnchorAYValue localAnchorBXValue localAnchorBYValue rAx rAy rBx rBy',
  AxialJoint:
    'AnchoredJoint localAxisXValue localAxisYValue spring:Spring lowerTranslationValue upperTranslationValue ' +
    'enableLimitValue? motorSpeedValue enableMotorValue? perpImpulse springImpulse motorImpulse lowerImpulse ' +
    'upperImpulse axisX axisY a1 a2 s1 s2 axialMass perpBias springBias lowerBias upperBias translation ' +
    'maxMotorImpulse softness:Softness',
  Spring: 'form$ frequencyHz dampingRatio stiffness damping soft? defaultDampingRatio',
  Softness:
    'beta biasRate gamma massScale impulseScale dampingRate matchedFrequency matchedDampingRatio matchedDt',
};

/** The schema of `fields` (in the notation of `WorldJointKind.fields`), the break thresholds last. */
function schemaOf(fields: string): FieldSchema {
  const paths: string[] = [];
  const types: number[] = [];
  const add = (token: string, prefix: string): void => {
    const [name, group] = token.split(':');
    if (group !== undefined && /^\d+$/.test(group)) {
      for (let i = 0; i < Number(group); i++) add(String(i), `${name}.`);
    } else if (group !== undefined || name in FIELD_GROUPS) {
      const member = group === undefined ? '' : `${name}.`;
      for (const part of FIELD_GROUPS[group ?? name].split(' ')) add(part, prefix + member);
    } else {
      // 0: a number, 1: a boolean (`?`), 2: a string (`$`).
      const type = '?$'.indexOf(name.slice(-1)) + 1;
      paths.push(prefix + (type > 0 ? name.slice(0, -1) : name));
      types.push(type);
    }
  };
  for (const token of `${fields} breakForceValue breakTorqueValue`.trim().split(/\s+/)) add(token, '');
  return hashedSchema(paths, types);
}

/** What a snapshot needs for joints of `kind` (made the first time it is asked for). */
function kindInfo(kind: number): KindInfo {
  let info = kindInfos[kind];
  if (info === undefined) {
    const make = () =>
      makeJoint(kind, null, -1, new SolverBody(0, 0, 0, 1, 1), new SolverBody(1, 0, 0, 1, 1));
    const { fields } = SNAPSHOT_KINDS[kind];
    const schemas = [schemaOf(fields.replace('|', ' '))];
    if (fields.includes('|')) schemas.push(schemaOf(fields.slice(0, fields.indexOf('|'))));
    const impulses = schemas[0].paths.filter((path) => IMPULSE_FIELD.test(path));
    info = { schemas, impulses, fresh: make(), scratch: make() };
    kindInfos[kind] = info;
  }
  return info;
}

/** The field lists of the snapshots of joints of `kind` (see {@link KindInfo}). */
export function jointSchemas(kind: number): readonly FieldSchema[] {
  return kindInfo(kind).schemas;
}

/**
 * Fields of a joint that may be infinite: thresholds and limits (+Infinity: none), and what the
 * prepare derives from them (the limits' biases, the largest impulses). `checkJointInput` checks
 * their meaning.
 */
const JOINT_UNBOUNDED =
  /^(break(Force|Torque)|maxMotor(Force|Torque)|max(Force|Torque|Length)|minLength|(lower|upper)(Angle|Translation))Value$|^max(Motor|Angular)?Impulse$|^(lower|upper)Bias$/;

/** Whether (x, y) is a unit vector within `UNIT_TOLERANCE` (a prismatic or wheel joint's axis). */
function isUnitAxis(x: number, y: number): boolean {
  return Math.abs(x * x + y * y - 1) <= UNIT_TOLERANCE;
}

/** A joint's accumulated impulses (warm starting): fields named `...Impulse[XY]`, not `max...`. */
const IMPULSE_FIELD = /^(?!max)[A-Za-z]*[iI]mpulse[XY]?$/;

const scratchSpring = new JointSpring(0);

/**
 * Checks a decoded joint's values (restored into the fields behind the setters) as the setters
 * would: on a scratch joint of the kind, `checkJointInput`; then every other number finite (but a
 * softness's matched values, NaN until it matches), each spring as `JointSpring.set` leaves it, each
 * softness's damping rate the one `dampingRate` gives for what it matched. Throws the snapshot's error.
 */
function checkJointValues(kind: number, id: number, values: unknown[]): void {
  const { scratch: joint, schemas, fresh } = kindInfo(kind);
  const schema = schemas[0];
  const what = `joint #${id}`;
  assignFields(joint, schema, values);
  check(() => checkJointInput(joint), what);
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
    if (JOINT_UNBOUNDED.test(path) && !Number.isNaN(value)) continue;
    if (Number.isNaN(value) && /\.matched(Frequency|DampingRatio|Dt)$/.test(path)) continue;
    badSnapshot(`${what}.${path} = ${value}`, 'must be a finite number');
  }
  const { localAxisXValue: x, localAxisYValue: y } = joint as unknown as Record<string, number>;
  if (SNAPSHOT_KINDS[kind].unitAxis && !isUnitAxis(x, y)) {
    badSnapshot(`${what}.localAxis = (${x}, ${y})`, 'must be a unit vector');
  }
  const record = joint as unknown as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const part = record[key];
    const name = `${what}.${key}`;
    if (part instanceof JointSpring) {
      const spring = part;
      const defaultRatio = (get(fresh, key) as JointSpring).defaultDampingRatio;
      const ratio = spring.defaultDampingRatio;
      if (!Object.is(ratio, defaultRatio))
        badSnapshot(`${name}.defaultDampingRatio = ${ratio}`, `must be ${defaultRatio}`);
      if (spring.form !== 'frequency' && spring.form !== 'stiffness') {
        badSnapshot(`${name}.form = ${String(spring.form)}`, "must be 'frequency' or 'stiffness'");
      }
      const s = scratchSpring;
      (s as { defaultDampingRatio: number }).defaultDampingRatio = defaultRatio;
      check(() => {
        if (spring.form === 'stiffness') s.set({ stiffness: spring.stiffness, damping: spring.damping });
        else s.set({ frequencyHz: spring.frequencyHz, dampingRatio: spring.dampingRatio });
      }, name);
      for (const field of ['frequencyHz', 'dampingRatio', 'stiffness', 'damping', 'soft'] as const) {
        if (!Object.is(s[field], spring[field])) badSnapshot(name, 'is not a spring its setters make');
      }
    } else if (part instanceof Softness) {
      const { matchedFrequency: f, matchedDampingRatio: zeta, matchedDt: dt } = part;
      const rate = dampingRate(2 * Math.PI * f, zeta, dt);
      if ([f, zeta, dt].every(Number.isFinite) && !Object.is(part.dampingRate, rate)) {
        badSnapshot(`${name}.dampingRate = ${part.dampingRate}`, `must be ${rate}, matched to its frequency`);
      }
    }
  }
}

/**
 * Joints: kind, id step, bodies, collideConnected, fields. Refuses a joint the reader would refuse
 * for a number the public API sets freely (an impulse beyond `MAX_STATE_MAGNITUDE`, an axis not a
 * unit vector).
 */
function writeJoints(w: ByteWriter, s: StepState): void {
  const joints = s.jointList;
  w.uint(joints.length);
  let prevId = -1;
  for (let i = 0; i < joints.length; ++i) {
    const j = joints[i];
    const record = j as unknown as Record<string, number>;
    for (const path of kindInfo(j.kind).impulses) {
      if (isBeyond(record[path])) refuse(`joint #${j.id}.${path}`, record[path]);
    }
    if (SNAPSHOT_KINDS[j.kind].unitAxis && !isUnitAxis(record.localAxisX, record.localAxisY)) {
      const axis = `(${record.localAxisX}, ${record.localAxisY})`;
      throw new WorldError(
        `joint #${j.id}.localAxis`,
        axis,
        'must be a unit vector: the world cannot be saved',
      );
    }
    w.u8(j.kind);
    w.uint(j.id - prevId - 1);
    prevId = j.id;
    w.uint(jointBodyA(j).id);
    if (!SNAPSHOT_KINDS[j.kind].oneBody) w.uint(jointBodyB(j).id);
    w.u8(j.collideConnected ? 1 : 0);
    writeFields(w, j, kindInfo(j.kind).schemas[0]);
  }
}

interface JointRecord {
  kind: number;
  id: number;
  bodyA: number;
  bodyB: number;
  collideConnected: boolean;
  values: unknown[];
}

function readJoints(r: ByteReader, d: Decoded): JointRecord[] {
  const nextJointId = d.nextJointId;
  const n = r.count('joint count', Math.min(nextJointId, r.remaining));
  const joints: JointRecord[] = [];
  let prevId = -1;
  for (let i = 0; i < n; ++i) {
    const kind = r.u8();
    if (kind >= SNAPSHOT_KINDS.length) badSnapshot(`joint kind ${kind}`, 'is not a joint kind');
    const oneBody = SNAPSHOT_KINDS[kind].oneBody;
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
    // (The schema's throwaway joint registers the kind's solver entry, and with it its name.)
    const { schemas, fresh } = kindInfo(kind);
    const collideConnected = r.u8() !== 0;
    const [read, which] = readFields(r, `joint #${id}`, ...schemas);
    // A joint written before its kind gained fields: those come as a joint is made.
    let k = 0;
    const older = schemas[which].paths;
    const values = schemas[0].paths.map((p) => (which === 0 || p === older[k] ? read[k++] : get(fresh, p)));
    checkJointValues(kind, id, values);
    joints.push({ kind, id, bodyA, bodyB, collideConnected, values });
  }
  return joints;
}

/**
 * Puts the decoded joints into the world: a live joint is kept when its id, kind, bodies and
 * collideConnected match (both lists in id order); the others are made anew or detached.
 */
function applyJoints(world: World, s: StepState, records: JointRecord[], bodies: Body[]): void {
  const joints = s.jointList;
  const oldJoints = joints.slice();
  let old = 0;
  joints.length = 0;
  for (const jr of records) {
    const a = findRecord(bodies, jr.bodyA) as Body;
    const b = findRecord(bodies, jr.bodyB) as Body;
    while (old < oldJoints.length && oldJoints[old].id < jr.id) oldJoints[old++].world = null;
    let joint: Joint | null = null;
    if (old < oldJoints.length && oldJoints[old].id === jr.id) {
      const j = oldJoints[old++];
      const same = j.kind === jr.kind && j.collideConnected === jr.collideConnected;
      if (same && jointBodyA(j) === a && jointBodyB(j) === b) joint = j;
      else j.world = null;
    }
    if (joint === null) {
      joint = makeJoint(jr.kind, world, jr.id, a, b);
      (joint as unknown as { collideConnected: boolean }).collideConnected = jr.collideConnected;
    }
    assignFields(joint, kindInfo(jr.kind).schemas[0], jr.values);
    joint.world = world;
    joints.push(joint);
    a.jointEdges.push(joint);
    if (b !== a) b.jointEdges.push(joint);
  }
  while (old < oldJoints.length) oldJoints[old++].world = null;
}

export { applyJoints, type JointRecord, readJoints, writeJoints };
