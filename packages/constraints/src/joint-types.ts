import type { BodyVelocities } from './body-velocities';
import { bindBodies } from './body-velocities';
import {
  type DistanceJoint,
  distancePositionStep,
  prepareDistanceJointAt,
  solveDistanceJointAt,
} from './distance-joint';
import { buildJointChains, chainPositionStep, solveJointChainVelocitiesAt } from './joint-chain';
import { CHAIN_HEAD, JOINT_TYPES, positionError } from './joint-kind';
import { type MotorJoint, prepareMotorJointAt, solveMotorJointAt } from './motor-joint';
import { type MouseJoint, prepareMouseJointAt, solveMouseJointAt } from './mouse-joint';
import {
  type PrismaticJoint,
  preparePrismaticJointAt,
  prismaticPositionStep,
  solvePrismaticJointAt,
} from './prismatic-joint';
import type { RevoluteJoint } from './revolute-joint';
import { prepareRevoluteJointAt, revolutePositionStep, solveRevoluteJointAt } from './revolute-solve';
import type { SolverSettings } from './settings';
import { buildWeldChains, solveWeldChainVelocitiesAt } from './weld-chain';
import { prepareWeldJointAt, solveWeldJointAt, type WeldJoint, weldPositionStep } from './weld-joint';
import {
  countWheelJoints,
  prepareWheelJointAt,
  solveWheelJointAt,
  type WheelJoint,
  wheelPositionStep,
} from './wheel-joint';

/** A joint as the registry sees it: its kind picks its {@link JointType}. */
export interface KindedJoint {
  /** Index of its type in {@link JOINT_TYPES}. */
  readonly kind: number;
}

/**
 * What the solver knows of one kind of joint: batch functions over a run of consecutive joints of
 * that kind (`start` to `end`, exclusive), so the table is called once per run and each loop sees
 * one class.
 */
export interface JointType {
  /** The kind's `JointKind` value, its index in {@link JOINT_TYPES}. */
  readonly kind: number;
  /** The class name (`'RevoluteJoint'`). */
  readonly name: string;
  /**
   * Copies the fields a step carries to the next (impulses, reaction axes) of each joint `i` to
   * `data` from `stride * i` (`save`), or back for a rollback; at most {@link MAX_CARRIED} each.
   */
  carry(
    joints: readonly KindedJoint[],
    start: number,
    end: number,
    data: Float64Array,
    stride: number,
    save: boolean,
  ): void;
  /** Whether its rigid rows may be softened by the prepare (counted in `softJointCount`). */
  readonly softens: boolean;
  /** Runs once over all of a step's joints before any prepare (when the kind is among them). */
  beforePrepare?(joints: readonly KindedJoint[], count: number): void;
  /**
   * Prepares and warm starts the run on `bodies`; `softRows` is `prepareJoints`'s switch, `anchored`
   * whether `markAnchoredJoints` marked any joint this step.
   */
  prepare(
    joints: readonly KindedJoint[],
    start: number,
    end: number,
    dt: number,
    invDt: number,
    settings: SolverSettings,
    bodies: BodyVelocities,
    softRows: boolean,
    anchored: boolean,
  ): void;
  /** Runs once over all of a step's joints after every prepare (chain building), when enabled. */
  afterPrepare?(joints: readonly KindedJoint[], count: number, enabled: boolean): void;
  /** One velocity iteration of the run. */
  solve(joints: readonly KindedJoint[], start: number, end: number, v: Float64Array): void;
  /**
   * The chains headed in the run, after every joint's iteration; `relaxing`: in the relax pass
   * (only the chains of joints it relaxes).
   */
  solveChains?(
    joints: readonly KindedJoint[],
    start: number,
    end: number,
    v: Float64Array,
    relaxing: boolean,
  ): void;
  /** The relax pass of the run (see `relaxJoints`). */
  relax?(joints: readonly KindedJoint[], start: number, end: number, v: Float64Array): void;
  /** One position pass of the run; the largest error found goes to `positionError[0]`. */
  positions(joints: readonly KindedJoint[], start: number, end: number): void;
  /** Gives the run's bodies slots in `bodies` (the object-level velocities). */
  bind(joints: readonly KindedJoint[], start: number, end: number, bodies: BodyVelocities): void;
  /** The reaction over the last step: force on B in `out[0]`, `out[1]` (N), torque in `out[2]` (N m). */
  reaction(joint: KindedJoint, out: Float64Array): void;
}

/** The most doubles a joint's `carry` copies. */
export const MAX_CARRIED = 8;

/** Binds each two-body joint of the run. */
function bindPairs(joints: readonly KindedJoint[], start: number, end: number, bodies: BodyVelocities): void {
  for (let i = start; i < end; i++) bindBodies(joints[i] as DistanceJoint, bodies);
}

/** One carried field: `value` stored to `data[o]` when saving; the field's value after the copy. */
function carried(data: Float64Array, o: number, value: number, save: boolean): number {
  if (save) data[o] = value;
  return data[o];
}

/** The `carry` of the kinds whose steps carry impulseX, impulseY and angularImpulse (weld, motor). */
const carryPointAngle: JointType['carry'] = (joints, start, end, data, stride, save) => {
  for (let i = start; i < end; i++) {
    const joint = joints[i] as WeldJoint | MotorJoint;
    const o = stride * i;
    joint.impulseX = carried(data, o, joint.impulseX, save);
    joint.impulseY = carried(data, o + 1, joint.impulseY, save);
    joint.angularImpulse = carried(data, o + 2, joint.angularImpulse, save);
  }
};

/** A position pass for kinds without one. */
function noPositions(): void {
  positionError[0] = 0;
}

/** A position pass over the run with one kind's `step`: the largest error goes to `positionError[0]`. */
function positionsWith<J>(
  step: (joint: J) => void,
  joints: readonly KindedJoint[],
  start: number,
  end: number,
): void {
  let error = 0;
  for (let i = start; i < end; i++) {
    step(joints[i] as J);
    if (positionError[0] > error) error = positionError[0];
  }
  positionError[0] = error;
}

/** A pin's position step, then its chain's when it heads one; the larger error to `positionError[0]`. */
function pinPositionStep(joint: RevoluteJoint): void {
  revolutePositionStep(joint);
  if (joint.chainRole !== CHAIN_HEAD) return;
  const pointError = positionError[0];
  chainPositionStep(joint);
  if (pointError > positionError[0]) positionError[0] = pointError;
}

/** A reaction read as impulseX, impulseY and `torque` over the step. */
function linearReaction(joint: MouseJoint | WeldJoint | MotorJoint, torque: number, out: Float64Array): void {
  out[0] = joint.impulseX * joint.invDt;
  out[1] = joint.impulseY * joint.invDt;
  out[2] = torque * joint.invDt;
}

/** The distance joint's entry in {@link JOINT_TYPES}. @internal */
export const distanceType: JointType = {
  kind: 0,
  name: 'DistanceJoint',
  carry(joints, start, end, data, stride, save) {
    for (let i = start; i < end; i++) {
      const joint = joints[i] as DistanceJoint;
      const o = stride * i;
      joint.impulse = carried(data, o, joint.impulse, save);
      joint.lowerImpulse = carried(data, o + 1, joint.lowerImpulse, save);
      joint.upperImpulse = carried(data, o + 2, joint.upperImpulse, save);
      joint.ux = carried(data, o + 3, joint.ux, save);
      joint.uy = carried(data, o + 4, joint.uy, save);
      joint.motorImpulse = carried(data, o + 5, joint.motorImpulse, save);
    }
  },
  softens: true,
  prepare(joints, start, end, dt, invDt, settings, bodies, softRows, anchored) {
    for (let i = start; i < end; i++) {
      const joint = joints[i] as DistanceJoint;
      prepareDistanceJointAt(joint, dt, invDt, settings, bodies, softRows || (anchored && joint.anchored));
    }
  },
  solve(joints, start, end, v) {
    for (let i = start; i < end; i++) solveDistanceJointAt(joints[i] as DistanceJoint, v);
  },
  relax(joints, start, end, v) {
    for (let i = start; i < end; i++) {
      const joint = joints[i] as DistanceJoint;
      if (!joint.softRows) continue;
      joint.bias = 0;
      joint.softness.massScale = 1;
      joint.softness.impulseScale = 0;
      solveDistanceJointAt(joint, v);
    }
  },
  positions(joints, start, end) {
    positionsWith(distancePositionStep, joints, start, end);
  },
  bind: bindPairs,
  reaction(j, out) {
    const joint = j as DistanceJoint;
    const f = (joint.impulse + joint.lowerImpulse - joint.upperImpulse + joint.motorImpulse) * joint.invDt;
    out[0] = f * joint.ux;
    out[1] = f * joint.uy;
    out[2] = 0;
  },
};

/** The revolute joint's entry in {@link JOINT_TYPES}. @internal */
export const revoluteType: JointType = {
  kind: 1,
  name: 'RevoluteJoint',
  carry(joints, start, end, data, stride, save) {
    for (let i = start; i < end; i++) {
      const joint = joints[i] as RevoluteJoint;
      const o = stride * i;
      joint.impulseX = carried(data, o, joint.impulseX, save);
      joint.impulseY = carried(data, o + 1, joint.impulseY, save);
      joint.motorImpulse = carried(data, o + 2, joint.motorImpulse, save);
      joint.lowerImpulse = carried(data, o + 3, joint.lowerImpulse, save);
      joint.upperImpulse = carried(data, o + 4, joint.upperImpulse, save);
      joint.springImpulse = carried(data, o + 5, joint.springImpulse, save);
    }
  },
  softens: true,
  prepare(joints, start, end, dt, invDt, settings, bodies, softRows, anchored) {
    for (let i = start; i < end; i++) {
      const joint = joints[i] as RevoluteJoint;
      prepareRevoluteJointAt(joint, dt, invDt, settings, bodies, softRows || (anchored && joint.anchored));
    }
  },
  afterPrepare: buildJointChains,
  solve(joints, start, end, v) {
    for (let i = start; i < end; i++) solveRevoluteJointAt(joints[i] as RevoluteJoint, v);
  },
  solveChains(joints, start, end, v, relaxing) {
    for (let i = start; i < end; i++) {
      const joint = joints[i] as RevoluteJoint;
      if (joint.chainRole === CHAIN_HEAD && (joint.softRows || !relaxing))
        solveJointChainVelocitiesAt(joint, v);
    }
  },
  relax(joints, start, end, v) {
    for (let i = start; i < end; i++) {
      const joint = joints[i] as RevoluteJoint;
      if (!joint.softRows) continue;
      joint.biasX = 0;
      joint.biasY = 0;
      joint.softness.massScale = 1;
      joint.softness.impulseScale = 0;
      solveRevoluteJointAt(joint, v);
    }
  },
  positions(joints, start, end) {
    positionsWith(pinPositionStep, joints, start, end);
  },
  bind: bindPairs,
  reaction(j, out) {
    const joint = j as RevoluteJoint;
    const invDt = joint.invDt;
    out[0] = joint.impulseX * invDt;
    out[1] = joint.impulseY * invDt;
    out[2] = (joint.motorImpulse + joint.lowerImpulse - joint.upperImpulse + joint.springImpulse) * invDt;
  },
};

/** The mouse joint's entry in {@link JOINT_TYPES}. @internal */
export const mouseType: JointType = {
  kind: 2,
  name: 'MouseJoint',
  carry(joints, start, end, data, stride, save) {
    for (let i = start; i < end; i++) {
      const joint = joints[i] as MouseJoint;
      const o = stride * i;
      joint.impulseX = carried(data, o, joint.impulseX, save);
      joint.impulseY = carried(data, o + 1, joint.impulseY, save);
    }
  },
  softens: false,
  prepare(joints, start, end, dt, invDt, settings, bodies) {
    for (let i = start; i < end; i++) {
      const joint = joints[i] as MouseJoint;
      joint.invDt = invDt;
      prepareMouseJointAt(joint, dt, settings, bodies);
    }
  },
  solve(joints, start, end, v) {
    for (let i = start; i < end; i++) solveMouseJointAt(joints[i] as MouseJoint, v);
  },
  positions: noPositions,
  bind(joints, start, end, bodies) {
    for (let i = start; i < end; i++) {
      const joint = joints[i] as MouseJoint;
      joint.velocity = 3 * bodies.velocitySlot(joint.body);
    }
  },
  reaction(joint, out) {
    linearReaction(joint as MouseJoint, 0, out);
  },
};

/** The prismatic joint's entry in {@link JOINT_TYPES}. @internal */
export const prismaticType: JointType = {
  kind: 3,
  name: 'PrismaticJoint',
  carry(joints, start, end, data, stride, save) {
    for (let i = start; i < end; i++) {
      const joint = joints[i] as PrismaticJoint;
      const o = stride * i;
      joint.perpImpulse = carried(data, o, joint.perpImpulse, save);
      joint.angleImpulse = carried(data, o + 1, joint.angleImpulse, save);
      joint.springImpulse = carried(data, o + 2, joint.springImpulse, save);
      joint.motorImpulse = carried(data, o + 3, joint.motorImpulse, save);
      joint.lowerImpulse = carried(data, o + 4, joint.lowerImpulse, save);
      joint.upperImpulse = carried(data, o + 5, joint.upperImpulse, save);
      joint.axisX = carried(data, o + 6, joint.axisX, save);
      joint.axisY = carried(data, o + 7, joint.axisY, save);
    }
  },
  softens: false,
  prepare(joints, start, end, dt, invDt, settings, bodies) {
    for (let i = start; i < end; i++) {
      preparePrismaticJointAt(joints[i] as PrismaticJoint, dt, invDt, settings, bodies);
    }
  },
  solve(joints, start, end, v) {
    for (let i = start; i < end; i++) solvePrismaticJointAt(joints[i] as PrismaticJoint, v);
  },
  positions(joints, start, end) {
    positionsWith(prismaticPositionStep, joints, start, end);
  },
  bind: bindPairs,
  reaction(j, out) {
    const joint = j as PrismaticJoint;
    const axial = joint.springImpulse + joint.motorImpulse + joint.lowerImpulse - joint.upperImpulse;
    out[0] = (-joint.axisY * joint.perpImpulse + joint.axisX * axial) * joint.invDt;
    out[1] = (joint.axisX * joint.perpImpulse + joint.axisY * axial) * joint.invDt;
    out[2] = joint.angleImpulse * joint.invDt;
  },
};

/** The weld joint's entry in {@link JOINT_TYPES}. @internal */
export const weldType: JointType = {
  kind: 4,
  name: 'WeldJoint',
  carry: carryPointAngle,
  softens: false,
  prepare(joints, start, end, dt, invDt, settings, bodies) {
    for (let i = start; i < end; i++) prepareWeldJointAt(joints[i] as WeldJoint, dt, invDt, settings, bodies);
  },
  afterPrepare: buildWeldChains,
  solve(joints, start, end, v) {
    for (let i = start; i < end; i++) solveWeldJointAt(joints[i] as WeldJoint, v);
  },
  solveChains(joints, start, end, v, relaxing) {
    if (relaxing) return;
    for (let i = start; i < end; i++) {
      const joint = joints[i] as WeldJoint;
      if (joint.chainRole === CHAIN_HEAD) solveWeldChainVelocitiesAt(joint, v);
    }
  },
  positions(joints, start, end) {
    positionsWith(weldPositionStep, joints, start, end);
  },
  bind: bindPairs,
  reaction(joint, out) {
    linearReaction(joint as WeldJoint, (joint as WeldJoint).angularImpulse, out);
  },
};

/** The wheel joint's entry in {@link JOINT_TYPES}. @internal */
export const wheelType: JointType = {
  kind: 5,
  name: 'WheelJoint',
  carry(joints, start, end, data, stride, save) {
    for (let i = start; i < end; i++) {
      const joint = joints[i] as WheelJoint;
      const o = stride * i;
      joint.perpImpulse = carried(data, o, joint.perpImpulse, save);
      joint.springImpulse = carried(data, o + 1, joint.springImpulse, save);
      joint.motorImpulse = carried(data, o + 2, joint.motorImpulse, save);
      joint.lowerImpulse = carried(data, o + 3, joint.lowerImpulse, save);
      joint.upperImpulse = carried(data, o + 4, joint.upperImpulse, save);
      joint.axisX = carried(data, o + 5, joint.axisX, save);
      joint.axisY = carried(data, o + 6, joint.axisY, save);
    }
  },
  softens: false,
  beforePrepare: countWheelJoints,
  prepare(joints, start, end, dt, invDt, settings, bodies) {
    for (let i = start; i < end; i++)
      prepareWheelJointAt(joints[i] as WheelJoint, dt, invDt, settings, bodies);
  },
  solve(joints, start, end, v) {
    for (let i = start; i < end; i++) solveWheelJointAt(joints[i] as WheelJoint, v);
  },
  positions(joints, start, end) {
    positionsWith(wheelPositionStep, joints, start, end);
  },
  bind: bindPairs,
  reaction(j, out) {
    const joint = j as WheelJoint;
    const axial = joint.springImpulse + joint.lowerImpulse - joint.upperImpulse;
    out[0] = (-joint.axisY * joint.perpImpulse + joint.axisX * axial) * joint.invDt;
    out[1] = (joint.axisX * joint.perpImpulse + joint.axisY * axial) * joint.invDt;
    out[2] = joint.motorImpulse * joint.invDt;
  },
};

/** The motor joint's entry in {@link JOINT_TYPES}. @internal */
export const motorType: JointType = {
  kind: 6,
  name: 'MotorJoint',
  carry: carryPointAngle,
  softens: false,
  prepare(joints, start, end, dt, invDt, settings, bodies) {
    for (let i = start; i < end; i++)
      prepareMotorJointAt(joints[i] as MotorJoint, dt, invDt, settings, bodies);
  },
  solve(joints, start, end, v) {
    for (let i = start; i < end; i++) solveMotorJointAt(joints[i] as MotorJoint, v);
  },
  positions: noPositions,
  bind: bindPairs,
  reaction(joint, out) {
    linearReaction(joint as MotorJoint, (joint as MotorJoint).angularImpulse, out);
  },
};

/** The end (exclusive) of the run of joints of one kind that starts at `start`. @internal */
export function runEnd(joints: readonly KindedJoint[], start: number, count: number): number {
  const kind = joints[start].kind;
  let end = start + 1;
  while (end < count && joints[end].kind === kind) end++;
  return end;
}
