import type { Vec2Like } from '@lite/math';
import {
  AxialJoint,
  applyAxialImpulse,
  axialImpulse,
  axialSpeedSlot,
  computeAxialFrame,
  perpSpeed,
  prepareAxialRows,
  solveAxialRows,
} from './axial-rows';
import { solveSymmetric2, solveSymmetric3 } from './block3';
import type { BodyVelocities } from './body-velocities';
import { defineCheckedFields } from './checked-fields';
import { requireFiniteArg, requireMaximumArg, requireNonNegativeArg } from './errors';
import { referenceAngleOf } from './joint-base';
import {
  JointKind,
  MAX_ANGULAR_CORRECTION,
  MAX_LINEAR_CORRECTION,
  maxLinearCorrection,
  positionError,
  registerJointType,
} from './joint-kind';
import { type JointSpringOptions, springSoftnessAt } from './joint-spring';
import { prismaticType } from './joint-types';
import type { SolverSettings } from './settings';
import { softnessInputs } from './softness';
import type { SolverBody } from './solver-body';

/**
 * Options of a {@link PrismaticJoint} (Box2D's names). The optional spring along the axis is given
 * by frequency or by stiffness, never both; without one the axis is free.
 */
export interface PrismaticJointOptions extends JointSpringOptions {
  /** Lowest translation along the axis, m (-Infinity for none). Giving a bound enables the limit. */
  lowerTranslation?: number;
  /** Highest translation along the axis, m (+Infinity for none). */
  upperTranslation?: number;
  /** Turn the limit on or off (default: on when a bound is given). */
  enableLimit?: boolean;
  /** Motor target speed along the axis, m/s (default 0). */
  motorSpeed?: number;
  /** Largest force the motor may apply, N (default 0). */
  maxMotorForce?: number;
  /** Turn the motor on or off (default: on when `maxMotorForce` is given). */
  enableMotor?: boolean;
  /** Spring frequency along the axis, Hz (0, the default: no spring). */
  frequencyHz?: number;
  /** Spring damping ratio (default 0.7). */
  dampingRatio?: number;
  /** Spring stiffness along the axis, N/m (instead of `frequencyHz`). */
  stiffness?: number;
  /** Spring damping along the axis, N·s/m (instead of `dampingRatio`). */
  damping?: number;
  /** θB - θA held by the joint (default: the bodies' angles now). */
  referenceAngle?: number;
}

// The solution of a block (module scratch: nothing allocated).
const solution = new Float64Array(3);
// The systems handed to the block solves (slots, as `impulse`).
const system2 = new Float64Array(5);
const system3 = new Float64Array(9);

/**
 * A slider: body B moves along an axis fixed in body A without turning relative to A. Optional
 * translation limits, a motor towards `motorSpeed`, and a spring pulling the translation to 0.
 * Fields below `upperImpulse` are solver scratch, written by the prepare and read by the solve.
 */
export class PrismaticJoint extends AxialJoint {
  /** {@link JointKind.Prismatic}. */
  declare readonly kind: typeof JointKind.Prismatic;
  /** The value behind `referenceAngle` (read by the solver; set through `referenceAngle`). @internal */
  referenceAngleValue: number;
  /** The value behind `maxMotorForce` (read by the solver; set through `maxMotorForce`). @internal */
  maxMotorForceValue: number;
  /** Accumulated impulse of the angle row, N m s. @internal */
  angleImpulse = 0;
  /** K of the perpendicular and angle rows, entry (1,1). @internal */
  k11 = 0;
  /** K entry (1,2) = (2,1). @internal */
  k12 = 0;
  /** K entry (2,2). @internal */
  k22 = 0;
  /** Target velocity of the angle row, rad/s. @internal */
  angleBias = 0;

  /**
   * @param bodyA - the first body (the axis is fixed in it)
   * @param bodyB - the second body
   * @param anchor - a point of the axis, world coordinates
   * @param axis - the direction of travel, world (any non-zero length)
   * @param options - limits, motor, spring
   * @throws ConstraintError when the bodies are not distinct, the anchor or axis is not finite or the
   *   axis zero, a force is negative, lowerTranslation > upperTranslation, or a spring value is bad
   */
  constructor(
    bodyA: SolverBody,
    bodyB: SolverBody,
    anchor: Vec2Like,
    axis: Vec2Like,
    options: PrismaticJointOptions = {},
  ) {
    registerJointType(prismaticType);
    super(JointKind.Prismatic, bodyA, bodyB, anchor, axis, options, options.maxMotorForce !== undefined);
    this.referenceAngleValue = referenceAngleOf(options, bodyA, bodyB);
    this.maxMotorForceValue = requireNonNegativeArg(options.maxMotorForce ?? 0, 'maxMotorForce');
  }

  /**
   * θB - θA held by the joint, radians.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  declare referenceAngle: number;

  /**
   * Motor target translation speed, m/s.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  declare motorSpeed: number;

  /**
   * Largest motor force, N.
   * @throws ConstraintError unless the value is a number >= 0 (+Infinity: unbounded) (nothing changes then)
   */
  declare maxMotorForce: number;

  /** The translation speed along the axis now, m/s. */
  getSpeed(): number {
    computeAxialFrame(this);
    const bA = this.bodyA;
    const bB = this.bodyB;
    return (
      this.axisX * (bB.linearVelocity.x - bA.linearVelocity.x) +
      this.axisY * (bB.linearVelocity.y - bA.linearVelocity.y) +
      this.a2 * bB.angularVelocity -
      this.a1 * bA.angularVelocity
    );
  }

  /** The motor's force over the last step, N (along the axis, on B). */
  getMotorForce(): number {
    return this.motorImpulse * this.invDt;
  }

  /** Whether the spring acts: the stiffness form, or a frequency > 0. */
  isSoft(): boolean {
    return this.spring.soft;
  }

  /**
   * Sets the motor's largest force, N; returns this.
   * @throws ConstraintError unless `force` is a finite number >= 0
   */
  setMaxMotorForce(force: number): this {
    this.maxMotorForceValue = requireNonNegativeArg(force, 'maxMotorForce');
    return this;
  }
}

defineCheckedFields(PrismaticJoint.prototype, {
  referenceAngle: requireFiniteArg,
  maxMotorForce: requireMaximumArg,
});

/** Pre-step of a prismatic joint on packed velocities, then its warm start (or zeroed impulses). @internal */
export function preparePrismaticJointAt(
  joint: PrismaticJoint,
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

  // With d = xB + rB - xA - rA, a the axis (fixed in A, so ȧ = ωA × a) and p = a turned by 90°:
  //   axial rows (spring, motor, limits): C = a·d,  Ċ = a·(vB - vA) + a2 ωB - a1 ωA
  //     J = [ -aᵀ, -a1, aᵀ, a2 ],  a1 = (d + rA) × a,  a2 = rB × a
  //     K = mA + mB + iA a1² + iB a2²
  //   perpendicular row: C = p·d,  J = [ -pᵀ, -s1, pᵀ, s2 ],  s1 = (d + rA) × p,  s2 = rB × p
  //   angle row: C = θB - θA - θref,  J = [ 0, -1, 0, 1 ]
  //   K of the perpendicular and angle rows together (solved as a 2x2 block):
  //     [ mA + mB + iA s1² + iB s2²,   iA s1 + iB s2 ]
  //     [ iA s1 + iB s2,               iA + iB       ]
  const kAxial = mA + mB + iA * a1 * a1 + iB * a2 * a2;
  joint.axialMass = kAxial > 0 ? 1 / kAxial : 0;
  joint.k11 = mA + mB + iA * s1 * s1 + iB * s2 * s2;
  joint.k12 = iA * s1 + iB * s2;
  // A body pair that cannot turn has no angle row: 1 keeps the block invertible (its impulse is 0).
  joint.k22 = iA + iB > 0 ? iA + iB : 1;

  const beta = settings.positionCorrection ? settings.baumgarte * invDt : 0;
  prepareAxialRows(joint, settings);
  joint.angleBias = iA + iB > 0 ? -beta * (bB.angle - bA.angle - joint.referenceAngleValue) : 0;

  const spring = joint.spring;
  const softness = joint.softness;
  softnessInputs[2] = joint.axialMass;
  softnessInputs[3] = dt;
  if (springSoftnessAt(spring, softness)) {
    joint.springBias = -softness.biasRate * joint.translation;
  } else {
    joint.springImpulse = 0;
    joint.springBias = 0;
  }

  joint.maxMotorImpulse = joint.maxMotorForceValue * dt;
  if (!joint.enableMotorValue) joint.motorImpulse = 0;

  if (settings.warmStarting) {
    axialImpulse[0] = joint.perpImpulse;
    axialImpulse[1] = joint.angleImpulse;
    axialImpulse[2] = joint.springImpulse + joint.motorImpulse + joint.lowerImpulse - joint.upperImpulse;
    applyAxialImpulse(joint, v);
  } else {
    joint.perpImpulse = 0;
    joint.angleImpulse = 0;
    joint.springImpulse = 0;
    joint.motorImpulse = 0;
    joint.lowerImpulse = 0;
    joint.upperImpulse = 0;
  }
}

/** One velocity iteration of a prismatic joint on the packed velocities `v`. @internal */
export function solvePrismaticJointAt(joint: PrismaticJoint, v: Float64Array): void {
  const oA = joint.velocityA;
  const oB = joint.velocityB;
  solveAxialRows(joint, v, joint.enableMotorValue);
  // The perpendicular and angle rows: K Δλ = bias - Ċ.
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  perpSpeed(joint, v);
  const cdotPerp = axialSpeedSlot[0];
  const iSum = bA.invI + bB.invI;
  const cdotAngle = iSum > 0 ? v[oB + 2] - v[oA + 2] : 0;
  system2[0] = joint.k11;
  system2[1] = joint.k12;
  system2[2] = joint.k22;
  system2[3] = joint.perpBias - cdotPerp;
  system2[4] = joint.angleBias - cdotAngle;
  if (solveSymmetric2(solution, system2)) {
    const perp = solution[0];
    const angular = iSum > 0 ? solution[1] : 0;
    joint.perpImpulse += perp;
    joint.angleImpulse += angular;
    axialImpulse[0] = perp;
    axialImpulse[1] = angular;
    axialImpulse[2] = 0;
    applyAxialImpulse(joint, v);
  }
}

/**
 * One position pass of a prismatic joint: a Newton step on the perpendicular offset, the angle and
 * a violated limit (one 3x3 block, errors clamped to {@link MAX_LINEAR_CORRECTION} and
 * {@link MAX_ANGULAR_CORRECTION}); the largest error found to `positionError[0]`. @internal
 */
export function prismaticPositionStep(joint: PrismaticJoint): void {
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  const mA = bA.invMass;
  const iA = bA.invI;
  const mB = bB.invMass;
  const iB = bB.invI;
  computeAxialFrame(joint);
  const a1 = joint.a1;
  const a2 = joint.a2;
  const s1 = joint.s1;
  const s2 = joint.s2;
  const dx = bB.center.x + joint.rBx - bA.center.x - joint.rAx;
  const dy = bB.center.y + joint.rBy - bA.center.y - joint.rAy;
  const cPerp = -joint.axisY * dx + joint.axisX * dy;
  const turns = iA + iB > 0;
  let cAngle = turns ? bB.angle - bA.angle - joint.referenceAngleValue : 0;
  let error = Math.abs(cPerp);
  if (Math.abs(cAngle) > error) error = Math.abs(cAngle);
  cAngle = Math.min(Math.max(cAngle, -MAX_ANGULAR_CORRECTION), MAX_ANGULAR_CORRECTION);
  let cAxial = 0;
  if (joint.enableLimitValue) {
    const t = joint.translation;
    if (t < joint.lowerTranslationValue) cAxial = t - joint.lowerTranslationValue;
    else if (t > joint.upperTranslationValue) cAxial = t - joint.upperTranslationValue;
    if (Math.abs(cAxial) > error) error = Math.abs(cAxial);
    cAxial = Math.min(Math.max(cAxial, -maxLinearCorrection()), maxLinearCorrection());
  }
  const k11 = mA + mB + iA * s1 * s1 + iB * s2 * s2;
  const k12 = iA * s1 + iB * s2;
  const k22 = turns ? iA + iB : 1;
  let perp = 0;
  let angular = 0;
  let axial = 0;
  system3[0] = k11;
  system3[1] = k12;
  system3[2] = iA * s1 * a1 + iB * s2 * a2;
  system3[3] = k22;
  system3[4] = iA * a1 + iB * a2;
  system3[5] = mA + mB + iA * a1 * a1 + iB * a2 * a2;
  system3[6] = -cPerp;
  system3[7] = -cAngle;
  system3[8] = -cAxial;
  system2[0] = k11;
  system2[1] = k12;
  system2[2] = k22;
  system2[3] = -cPerp;
  system2[4] = -cAngle;
  if (cAxial !== 0 && solveSymmetric3(solution, system3)) {
    perp = solution[0];
    angular = solution[1];
    axial = solution[2];
  } else if (solveSymmetric2(solution, system2)) {
    perp = solution[0];
    angular = solution[1];
  }
  if (!turns) angular = 0;
  const Px = -joint.axisY * perp + joint.axisX * axial;
  const Py = joint.axisX * perp + joint.axisY * axial;
  bA.center.x -= mA * Px;
  bA.center.y -= mA * Py;
  bA.angle -= iA * (perp * s1 + angular + axial * a1);
  bB.center.x += mB * Px;
  bB.center.y += mB * Py;
  bB.angle += iB * (perp * s2 + angular + axial * a2);
  positionError[0] = error;
}
