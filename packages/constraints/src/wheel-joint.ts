import type { Vec2Like } from '@lite/math';
import {
  ANGULAR,
  AxialJoint,
  applyAxialRow,
  axialImpulse,
  axialSpeedSlot,
  computeAxialFrame,
  PERP,
  perpSpeed,
  prepareAxialRows,
  solveAxialRows,
} from './axial-rows';
import type { BodyVelocities } from './body-velocities';
import { defineCheckedFields } from './checked-fields';
import { requireMaximumArg, requireNonNegativeArg } from './errors';
import {
  JointKind,
  MAX_LINEAR_CORRECTION,
  maxLinearCorrection,
  positionError,
  registerJointType,
} from './joint-kind';
import type { JointSpringOptions } from './joint-spring';
import { wheelType } from './joint-types';
import type { SolverSettings } from './settings';
import { matchDampingRateAt, softnessFromSpringAt, softnessInputs } from './softness';
import type { SolverBody } from './solver-body';

/**
 * Options of a {@link WheelJoint} (Box2D's names). The suspension is given by `frequencyHz` and
 * `dampingRatio`, or by `stiffness` (N/m) and `damping` (N·s/m), never both.
 */
export interface WheelJointOptions extends JointSpringOptions {
  /** Ride frequency of the suspension, Hz (0: no spring, the axis is free; see {@link WheelJoint}). */
  frequencyHz?: number;
  /** Damping ratio of the suspension (default 0.7). */
  dampingRatio?: number;
  /** Suspension stiffness, N/m (instead of `frequencyHz`). */
  stiffness?: number;
  /** Suspension damping, N·s/m (instead of `dampingRatio`). */
  damping?: number;
  /** Motor target speed ωB - ωA, rad/s (default 0). */
  motorSpeed?: number;
  /** Largest motor torque, N m (default 0). */
  maxMotorTorque?: number;
  /** Turn the motor on or off (default: on when `maxMotorTorque` is given). */
  enableMotor?: boolean;
  /** Lowest translation along the axis, m (-Infinity for none). Giving a bound enables the limit. */
  lowerTranslation?: number;
  /** Highest translation along the axis, m (+Infinity for none). */
  upperTranslation?: number;
  /** Turn the limit on or off (default: on when a bound is given). */
  enableLimit?: boolean;
}

/**
 * A wheel on a suspension: body B (the wheel) slides on a spring along an axis fixed in body A (the
 * chassis), stays on the line through the anchor and turns freely; optional motor and travel limits.
 * The frequency form is a ride frequency: k = m_s ω², c ≈ 2 ζ m_s ω (ω = 2π f; damping matched as in
 * `dampingRate`), m_s the sprung body's mass (A, or B when A cannot move) over the number of
 * this step's wheel joints sprung on it; so a chassis bounces at f whatever the wheels weigh.
 * Fields below `upperImpulse` are solver scratch.
 */
export class WheelJoint extends AxialJoint {
  /** {@link JointKind.Wheel}. */
  declare readonly kind: typeof JointKind.Wheel;
  /** The value behind `maxMotorTorque` (read by the solver; set through `maxMotorTorque`). @internal */
  maxMotorTorqueValue: number;
  /** 1 / K of the perpendicular row, kg. @internal */
  perpMass = 0;
  /** 1 / (iA + iB) of the motor row, kg m². @internal */
  motorMass = 0;
  /** The sprung mass per wheel of the last prepare, kg (frequency form). @internal */
  sprungMass = 0;

  /**
   * @param bodyA - the chassis (the axis is fixed in it)
   * @param bodyB - the wheel
   * @param anchor - the wheel's centre on the axis, world coordinates
   * @param axis - the suspension's direction of travel, world (any non-zero length)
   * @param options - suspension, motor, limits
   * @throws ConstraintError naming the argument and the value (as {@link PrismaticJoint})
   */
  constructor(
    bodyA: SolverBody,
    bodyB: SolverBody,
    anchor: Vec2Like,
    axis: Vec2Like,
    options: WheelJointOptions = {},
  ) {
    registerJointType(wheelType);
    super(JointKind.Wheel, bodyA, bodyB, anchor, axis, options, options.maxMotorTorque !== undefined);
    this.maxMotorTorqueValue = requireNonNegativeArg(options.maxMotorTorque ?? 0, 'maxMotorTorque');
  }

  /**
   * Motor target ωB - ωA, rad/s.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  declare motorSpeed: number;

  /**
   * Largest motor torque, N m.
   * @throws ConstraintError unless the value is a number >= 0 (+Infinity: unbounded) (nothing changes then)
   */
  declare maxMotorTorque: number;

  /** The body the suspension carries: A, or B when A cannot move. */
  sprungBody(): SolverBody {
    return this.bodyA.invMass > 0 ? this.bodyA : this.bodyB;
  }

  /** The motor's torque over the last step, N m (on the wheel B, minus this on A). */
  getMotorTorque(): number {
    return this.motorImpulse * this.invDt;
  }

  /**
   * Sets the motor's largest torque, N m; returns this.
   * @throws ConstraintError unless `torque` is a finite number >= 0
   */
  setMaxMotorTorque(torque: number): this {
    this.maxMotorTorqueValue = requireNonNegativeArg(torque, 'maxMotorTorque');
    return this;
  }
}

defineCheckedFields(WheelJoint.prototype, { maxMotorTorque: requireMaximumArg });

/** Counts on each sprung body the first `count` wheel joints carrying it (`wheelJointCount`). @internal */
export function countWheelJoints(joints: readonly { kind: number }[], count: number): void {
  for (let i = 0; i < count; i++) {
    const joint = joints[i];
    if (joint.kind === JointKind.Wheel) (joint as WheelJoint).sprungBody().wheelJointCount = 0;
  }
  for (let i = 0; i < count; i++) {
    const joint = joints[i];
    if (joint.kind === JointKind.Wheel) (joint as WheelJoint).sprungBody().wheelJointCount++;
  }
}

/** Pre-step of a wheel joint on packed velocities, then its warm start (or zeroed impulses). @internal */
export function prepareWheelJointAt(
  joint: WheelJoint,
  dt: number,
  invDt: number,
  settings: SolverSettings,
  bodies: BodyVelocities,
): void {
  // Bound here, not in a shared helper, so each kind's accesses stay monomorphic.
  const stride = bodies.velocityStride;
  joint.velocityA = stride * bodies.velocitySlot(joint.bodyA);
  joint.velocityB = stride * bodies.velocitySlot(joint.bodyB);
  const v = bodies.velocities;
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  const mA = bA.invMass;
  const iA = bA.invI;
  const mB = bB.invMass;
  const iB = bB.invI;
  joint.invDt = invDt;
  computeAxialFrame(joint);
  const a1 = joint.a1;
  const a2 = joint.a2;
  const s1 = joint.s1;
  const s2 = joint.s2;

  // With d = xB + rB - xA - rA, a the axis fixed in A and p = a turned by 90° (as the prismatic joint):
  //   perpendicular row (rigid): C = p·d,  J = [ -pᵀ, -s1, pᵀ, s2 ],  s1 = (d + rA) × p,  s2 = rB × p
  //     K = mA + mB + iA s1² + iB s2²
  //   axial rows (spring, limits): C = a·d,  J = [ -aᵀ, -a1, aᵀ, a2 ],  a1 = (d + rA) × a,  a2 = rB × a
  //     K = mA + mB + iA a1² + iB a2²
  //   motor row: Ċ = ωB - ωA,  J = [ 0, -1, 0, 1 ],  K = iA + iB
  const kPerp = mA + mB + iA * s1 * s1 + iB * s2 * s2;
  joint.perpMass = kPerp > 0 ? 1 / kPerp : 0;
  const kAxial = mA + mB + iA * a1 * a1 + iB * a2 * a2;
  joint.axialMass = kAxial > 0 ? 1 / kAxial : 0;
  joint.motorMass = iA + iB > 0 ? 1 / (iA + iB) : 0;

  prepareAxialRows(joint, settings);

  const spring = joint.spring;
  const softness = joint.softness;
  if (spring.soft) {
    softnessInputs[3] = dt;
    if (spring.form === 'stiffness') {
      joint.sprungMass = 0;
      softnessInputs[0] = spring.stiffness;
      softnessInputs[1] = spring.damping;
    } else {
      const sprung = joint.sprungBody();
      const share = sprung.wheelJointCount > 0 ? sprung.wheelJointCount : 1;
      const ms = sprung.invMass > 0 ? 1 / (sprung.invMass * share) : 0;
      joint.sprungMass = ms;
      softnessInputs[0] = spring.frequencyHz;
      softnessInputs[1] = spring.dampingRatio;
      matchDampingRateAt(softness);
      const omega = 2 * Math.PI * spring.frequencyHz;
      softnessInputs[0] = ms * omega * omega;
      softnessInputs[1] = ms * softness.dampingRate;
    }
    softnessInputs[2] = joint.axialMass;
    softnessFromSpringAt(softness);
    joint.springBias = -softness.biasRate * joint.translation;
  } else {
    joint.springImpulse = 0;
    joint.springBias = 0;
  }

  joint.maxMotorImpulse = joint.maxMotorTorqueValue * dt;
  if (!joint.enableMotorValue) joint.motorImpulse = 0;

  if (settings.warmStarting) {
    // The perpendicular, axial and angular impulses at once (A gets -, B +).
    const oA = joint.velocityA;
    const oB = joint.velocityB;
    const perp = joint.perpImpulse;
    const axial = joint.springImpulse + joint.lowerImpulse - joint.upperImpulse;
    const angular = joint.motorImpulse;
    const Px = -joint.axisY * perp + joint.axisX * axial;
    const Py = joint.axisX * perp + joint.axisY * axial;
    v[oA] -= mA * Px;
    v[oA + 1] -= mA * Py;
    v[oA + 2] -= iA * (perp * joint.s1 + axial * joint.a1 + angular);
    v[oB] += mB * Px;
    v[oB + 1] += mB * Py;
    v[oB + 2] += iB * (perp * joint.s2 + axial * joint.a2 + angular);
  } else {
    joint.perpImpulse = 0;
    joint.springImpulse = 0;
    joint.motorImpulse = 0;
    joint.lowerImpulse = 0;
    joint.upperImpulse = 0;
  }
}

/**
 * One velocity iteration of a wheel joint on the packed velocities `v`: motor, spring, limits, then
 * the perpendicular row. @internal
 */
export function solveWheelJointAt(joint: WheelJoint, v: Float64Array): void {
  const oA = joint.velocityA;
  const oB = joint.velocityB;
  if (joint.enableMotorValue && joint.motorMass > 0) {
    const cdot = v[oB + 2] - v[oA + 2] - joint.motorSpeedValue;
    const old = joint.motorImpulse;
    const total = Math.min(
      Math.max(old - joint.motorMass * cdot, -joint.maxMotorImpulse),
      joint.maxMotorImpulse,
    );
    joint.motorImpulse = total;
    axialImpulse[ANGULAR] = total - old;
    applyAxialRow(joint, v, ANGULAR);
  }
  solveAxialRows(joint, v, false);
  if (joint.perpMass > 0) {
    perpSpeed(joint, v);
    const lambda = joint.perpMass * (joint.perpBias - axialSpeedSlot[0]);
    joint.perpImpulse += lambda;
    axialImpulse[PERP] = lambda;
    applyAxialRow(joint, v, PERP);
  }
}

/**
 * One position pass of a wheel joint: a Newton step on the perpendicular offset, then on a violated
 * limit (at most {@link MAX_LINEAR_CORRECTION}); the largest error to `positionError[0]`, m. @internal
 */
export function wheelPositionStep(joint: WheelJoint): void {
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  const mA = bA.invMass;
  const iA = bA.invI;
  const mB = bB.invMass;
  const iB = bB.invI;
  computeAxialFrame(joint);
  const dx = bB.center.x + joint.rBx - bA.center.x - joint.rAx;
  const dy = bB.center.y + joint.rBy - bA.center.y - joint.rAy;
  const cPerp = -joint.axisY * dx + joint.axisX * dy;
  let error = Math.abs(cPerp);
  const kPerp = mA + mB + iA * joint.s1 * joint.s1 + iB * joint.s2 * joint.s2;
  if (kPerp > 0) {
    const lambda = -cPerp / kPerp;
    const Px = -joint.axisY * lambda;
    const Py = joint.axisX * lambda;
    bA.center.x -= mA * Px;
    bA.center.y -= mA * Py;
    bA.angle -= iA * lambda * joint.s1;
    bB.center.x += mB * Px;
    bB.center.y += mB * Py;
    bB.angle += iB * lambda * joint.s2;
  }
  if (joint.enableLimitValue) {
    computeAxialFrame(joint);
    const t = joint.translation;
    let c = 0;
    if (t < joint.lowerTranslationValue) c = t - joint.lowerTranslationValue;
    else if (t > joint.upperTranslationValue) c = t - joint.upperTranslationValue;
    if (c !== 0) {
      if (Math.abs(c) > error) error = Math.abs(c);
      const kAxial = mA + mB + iA * joint.a1 * joint.a1 + iB * joint.a2 * joint.a2;
      if (kAxial > 0) {
        const lambda = -Math.min(Math.max(c, -maxLinearCorrection()), maxLinearCorrection()) / kAxial;
        const Px = joint.axisX * lambda;
        const Py = joint.axisY * lambda;
        bA.center.x -= mA * Px;
        bA.center.y -= mA * Py;
        bA.angle -= iA * lambda * joint.a1;
        bB.center.x += mB * Px;
        bB.center.y += mB * Py;
        bB.angle += iB * lambda * joint.a2;
      }
    }
  }
  positionError[0] = error;
}
