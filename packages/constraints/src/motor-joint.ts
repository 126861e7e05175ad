import { cosSinInPlace, type Vec2Like } from '@lite/math';
import type { BodyVelocities } from './body-velocities';
import { defineCheckedFields } from './checked-fields';
import { requireFiniteArg, requireMaximumArg, requireNonNegativeArg, requireUnitArg } from './errors';
import { JointBase } from './joint-base';
import { toLocalPoint } from './joint-frame';
import { JointKind, registerJointType } from './joint-kind';
import { motorType } from './joint-types';
import type { SolverSettings } from './settings';
import type { SolverBody } from './solver-body';

/** Options of a {@link MotorJoint} (Box2D's names). */
export interface MotorJointOptions {
  /** B's centre relative to A's, in A's frame, m (default: where it is now). */
  linearOffset?: Vec2Like;
  /** θB - θA to reach, radians (default: the angle now). */
  angularOffset?: number;
  /** Largest force, N (default 1). */
  maxForce?: number;
  /** Largest torque, N m (default 1). */
  maxTorque?: number;
  /** Fraction of the pose error asked back per step, in [0, 1] (default 0.3). */
  correctionFactor?: number;
}

const rot = new Float64Array(2);
const local = new Float64Array(2);
// The apply helper's impulses, in a slot (docs/performance.md, "Boxed numbers").
const impulse = new Float64Array(3);

/**
 * Drives body B to a pose relative to body A: its centre to A's plus `linearOffset` (A's frame), its
 * angle to θA + `angularOffset`. Each step asks back `correctionFactor` of the error with at most
 * `maxForce` and `maxTorque`. Fields below `angularImpulse` are solver scratch.
 */
export class MotorJoint extends JointBase {
  /** {@link JointKind.Motor}. */
  declare readonly kind: typeof JointKind.Motor;
  /** The value behind `linearOffsetX` (read by the solver; set through `linearOffsetX`). @internal */
  linearOffsetXValue: number;
  /** The value behind `linearOffsetY` (read by the solver; set through `linearOffsetY`). @internal */
  linearOffsetYValue: number;
  /** The value behind `angularOffset` (read by the solver; set through `angularOffset`). @internal */
  angularOffsetValue: number;
  /** The value behind `maxForce` (read by the solver; set through `maxForce`). @internal */
  maxForceValue: number;
  /** The value behind `maxTorque` (read by the solver; set through `maxTorque`). @internal */
  maxTorqueValue: number;
  /** The value behind `correctionFactor` (read by the solver; set through `correctionFactor`). @internal */
  correctionFactorValue: number;
  /** Accumulated linear impulse, x, N s (its length <= maxForce dt). @internal */
  impulseX = 0;
  /** Accumulated linear impulse, y, N s. @internal */
  impulseY = 0;
  /** Accumulated angular impulse, N m s (|.| <= maxTorque dt). @internal */
  angularImpulse = 0;
  /** The target offset in world orientation, x, m (the lever arm on A). @internal */
  rAx = 0;
  /** The target offset in world orientation, y, m. @internal */
  rAy = 0;
  /** Inverse of K of the linear rows, entry (1,1). @internal */
  m11 = 0;
  /** Inverse of K, entry (1,2) = (2,1). @internal */
  m12 = 0;
  /** Inverse of K, entry (2,2). @internal */
  m22 = 0;
  /** 1 / (iA + iB), kg m². @internal */
  angularMass = 0;
  /** correctionFactor / dt times the linear error, x, m/s. @internal */
  biasX = 0;
  /** correctionFactor / dt times the linear error, y, m/s. @internal */
  biasY = 0;
  /** correctionFactor / dt times the angular error, rad/s. @internal */
  angularBias = 0;
  /** maxForce · dt, N s. @internal */
  maxImpulse = 0;
  /** maxTorque · dt, N m s. @internal */
  maxAngularImpulse = 0;

  /**
   * @param bodyA - the reference body
   * @param bodyB - the driven body
   * @throws ConstraintError when the bodies are not distinct, an offset is not finite, a force or
   *   torque is negative or not finite, or the correction factor is outside [0, 1]
   */
  constructor(bodyA: SolverBody, bodyB: SolverBody, options: MotorJointOptions = {}) {
    registerJointType(motorType);
    super(JointKind.Motor, bodyA, bodyB);
    if (options.linearOffset === undefined) {
      toLocalPoint(bodyA, bodyB.center.x, bodyB.center.y, local);
      this.linearOffsetXValue = local[0];
      this.linearOffsetYValue = local[1];
    } else {
      this.linearOffsetXValue = requireFiniteArg(options.linearOffset?.x, 'linearOffset.x');
      this.linearOffsetYValue = requireFiniteArg(options.linearOffset?.y, 'linearOffset.y');
    }
    this.angularOffsetValue = requireFiniteArg(
      options.angularOffset ?? bodyB.angle - bodyA.angle,
      'angularOffset',
    );
    this.maxForceValue = requireNonNegativeArg(options.maxForce ?? 1, 'maxForce');
    this.maxTorqueValue = requireNonNegativeArg(options.maxTorque ?? 1, 'maxTorque');
    this.correctionFactorValue = requireUnitArg(options.correctionFactor ?? 0.3, 'correctionFactor');
  }

  /**
   * Target of B's centre relative to A's, in A's frame, x, m.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  declare linearOffsetX: number;

  /**
   * Target of B's centre relative to A's, in A's frame, y, m.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  declare linearOffsetY: number;

  /**
   * Target θB - θA, radians.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  declare angularOffset: number;

  /**
   * Largest force, N.
   * @throws ConstraintError unless the value is a number >= 0 (+Infinity: unbounded) (nothing changes then)
   */
  declare maxForce: number;

  /**
   * Largest torque, N m.
   * @throws ConstraintError unless the value is a number >= 0 (+Infinity: unbounded) (nothing changes then)
   */
  declare maxTorque: number;

  /**
   * Fraction of the error asked back per step, in [0, 1].
   * @throws ConstraintError unless the value is a number in [0, 1] (nothing changes then)
   */
  declare correctionFactor: number;

  /**
   * Sets the target position of B's centre relative to A's, in A's frame, m; returns this.
   * @throws ConstraintError unless both are finite (nothing changes then)
   */
  setLinearOffset(x: number, y: number): this {
    requireFiniteArg(x, 'linearOffset.x');
    requireFiniteArg(y, 'linearOffset.y');
    this.linearOffsetXValue = x;
    this.linearOffsetYValue = y;
    return this;
  }

  /**
   * Sets the target θB - θA, radians; returns this.
   * @throws ConstraintError unless finite
   */
  setAngularOffset(angle: number): this {
    this.angularOffsetValue = requireFiniteArg(angle, 'angularOffset');
    return this;
  }

  /**
   * Sets the largest force, N; returns this.
   * @throws ConstraintError unless a finite number >= 0
   */
  setMaxForce(force: number): this {
    this.maxForceValue = requireNonNegativeArg(force, 'maxForce');
    return this;
  }

  /**
   * Sets the largest torque, N m; returns this.
   * @throws ConstraintError unless a finite number >= 0
   */
  setMaxTorque(torque: number): this {
    this.maxTorqueValue = requireNonNegativeArg(torque, 'maxTorque');
    return this;
  }

  /**
   * Sets the correction factor; returns this.
   * @throws ConstraintError unless a number in [0, 1]
   */
  setCorrectionFactor(factor: number): this {
    this.correctionFactorValue = requireUnitArg(factor, 'correctionFactor');
    return this;
  }
}

defineCheckedFields(MotorJoint.prototype, {
  linearOffsetX: requireFiniteArg,
  linearOffsetY: requireFiniteArg,
  angularOffset: requireFiniteArg,
  maxForce: requireMaximumArg,
  maxTorque: requireMaximumArg,
  correctionFactor: requireUnitArg,
});

/** Pre-step of a motor joint on packed velocities, then its warm start (or zeroed impulses). @internal */
export function prepareMotorJointAt(
  joint: MotorJoint,
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
  rot[0] = bA.angle;
  cosSinInPlace(rot);
  const rAx = rot[0] * joint.linearOffsetXValue - rot[1] * joint.linearOffsetYValue;
  const rAy = rot[1] * joint.linearOffsetXValue + rot[0] * joint.linearOffsetYValue;
  joint.rAx = rAx;
  joint.rAy = rAy;

  // Linear rows: B's centre to A's centre plus the offset rA = R(θA) linearOffset (rB = 0):
  //   C = xB - xA - rA,   Ċ = vB - vA - ωA × rA
  //   J = [ -I, -S(rA), I, 0 ],   S(r) = (-r.y, r.x)ᵀ
  //   K = (mA + mB) I + iA S(rA) S(rA)ᵀ = [ mA + mB + iA rA.y²,  -iA rA.x rA.y ]
  //                                       [ -iA rA.x rA.y,       mA + mB + iA rA.x² ]
  // Angular row: C = θB - θA - angularOffset,  J = [ 0, -1, 0, 1 ],  K = iA + iB.
  // Each row asks Ċ = -(correctionFactor / dt) C, its accumulated impulse bounded by the force
  // (the 2D impulse's length) or the torque times dt.
  const k11 = mA + mB + iA * rAy * rAy;
  const k12 = -iA * rAx * rAy;
  const k22 = mA + mB + iA * rAx * rAx;
  const det = k11 * k22 - k12 * k12;
  if (det > 0) {
    joint.m11 = k22 / det;
    joint.m12 = -k12 / det;
    joint.m22 = k11 / det;
  } else {
    joint.m11 = 0;
    joint.m12 = 0;
    joint.m22 = 0;
  }
  joint.angularMass = iA + iB > 0 ? 1 / (iA + iB) : 0;
  const rate = joint.correctionFactorValue * invDt;
  joint.biasX = -rate * (bB.center.x - bA.center.x - rAx);
  joint.biasY = -rate * (bB.center.y - bA.center.y - rAy);
  joint.angularBias = -rate * (bB.angle - bA.angle - joint.angularOffsetValue);
  joint.maxImpulse = joint.maxForceValue * dt;
  joint.maxAngularImpulse = joint.maxTorqueValue * dt;
  if (settings.warmStarting) {
    // A lowered bound applies at once.
    joint.angularImpulse = Math.min(
      Math.max(joint.angularImpulse, -joint.maxAngularImpulse),
      joint.maxAngularImpulse,
    );
    clampLinear(joint);
    impulse[0] = joint.impulseX;
    impulse[1] = joint.impulseY;
    impulse[2] = joint.angularImpulse;
    apply(joint, v);
  } else {
    joint.impulseX = 0;
    joint.impulseY = 0;
    joint.angularImpulse = 0;
  }
}

function clampLinear(joint: MotorJoint): void {
  const max = joint.maxImpulse;
  const lengthSquared = joint.impulseX * joint.impulseX + joint.impulseY * joint.impulseY;
  if (lengthSquared > max * max) {
    const scale = max / Math.sqrt(lengthSquared);
    joint.impulseX *= scale;
    joint.impulseY *= scale;
  }
}

/** Applies the point impulse P and angular impulse L in `impulse` to B, their opposites to A. */
function apply(joint: MotorJoint, v: Float64Array): void {
  const oA = joint.velocityA;
  const oB = joint.velocityB;
  const Px = impulse[0];
  const Py = impulse[1];
  const L = impulse[2];
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  v[oA] -= bA.invMass * Px;
  v[oA + 1] -= bA.invMass * Py;
  v[oA + 2] -= bA.invI * (joint.rAx * Py - joint.rAy * Px + L);
  v[oB] += bB.invMass * Px;
  v[oB + 1] += bB.invMass * Py;
  v[oB + 2] += bB.invI * L;
}

/** One velocity iteration of a motor joint on the packed velocities `v`. @internal */
export function solveMotorJointAt(joint: MotorJoint, v: Float64Array): void {
  const oA = joint.velocityA;
  const oB = joint.velocityB;
  if (joint.angularMass > 0) {
    const cdot = v[oB + 2] - v[oA + 2];
    const old = joint.angularImpulse;
    const total = Math.min(
      Math.max(old + joint.angularMass * (joint.angularBias - cdot), -joint.maxAngularImpulse),
      joint.maxAngularImpulse,
    );
    joint.angularImpulse = total;
    impulse[0] = 0;
    impulse[1] = 0;
    impulse[2] = total - old;
    apply(joint, v);
  }
  const wA = v[oA + 2];
  const ex = joint.biasX - (v[oB] - v[oA] + wA * joint.rAy);
  const ey = joint.biasY - (v[oB + 1] - v[oA + 1] - wA * joint.rAx);
  const oldX = joint.impulseX;
  const oldY = joint.impulseY;
  joint.impulseX = oldX + joint.m11 * ex + joint.m12 * ey;
  joint.impulseY = oldY + joint.m12 * ex + joint.m22 * ey;
  clampLinear(joint);
  impulse[0] = joint.impulseX - oldX;
  impulse[1] = joint.impulseY - oldY;
  impulse[2] = 0;
  apply(joint, v);
}
