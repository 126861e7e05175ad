import { cos, sin, type Vec2, type Vec2Like } from '@lite/math';
import { type BodyVelocities, objectVelocities, solveOnObjects } from './body-velocities';
import { checkBodies } from './distance-joint';
import {
  ConstraintError,
  requireFiniteArg,
  requireLowerArg,
  requireMaximumArg,
  requireNonNegativeArg,
  requireUpperArg,
} from './errors';
import { reactionVector, requireBooleanArg } from './joint-frame';
import {
  CHAIN_NONE,
  JointKind,
  LIMIT_EQUAL,
  LIMIT_EQUAL_RANGE,
  LIMIT_LOWER,
  LIMIT_NEAR_MARGIN,
  LIMIT_NONE,
  LIMIT_UPPER,
  MAX_ANGULAR_CORRECTION,
  MAX_JOINT_PUSH,
  MAX_LINEAR_CORRECTION,
  positionError,
  sparselyHeld,
} from './joint-kind';
import { JointSpring, type JointSpringOptions, type SpringForm } from './joint-spring';
import { updateLeverArms } from './lever-arms';
import type { SolverSettings } from './settings';
import {
  rigidRowSoftness,
  Softness,
  softnessFromFrequencyAt,
  softnessFromSpringAt,
  softnessInputs,
} from './softness';
import type { SolverBody } from './solver-body';

/**
 * Options of a {@link RevoluteJoint}. The pin is made soft by `frequencyHz` and `dampingRatio`, or
 * by `stiffness` and `damping`, never both (see {@link JointSpringOptions}).
 */
export interface RevoluteJointOptions extends JointSpringOptions {
  /** Softness frequency of the point constraint, Hz; 0 (default) is rigid. */
  frequencyHz?: number;
  /** Softness damping ratio (default 0.7 when soft). */
  dampingRatio?: number;
  /**
   * Stiffness k of the point constraint, N/m (instead of `frequencyHz`): each of its two rows pulls
   * the anchors together with k times their separation, so a load F opens the pin by F / k whatever
   * the masses. Default 0 when `damping` is given.
   */
  stiffness?: number;
  /** Damping coefficient c of the point constraint, N·s/m (instead of `dampingRatio`; default 0). */
  damping?: number;
  /** Lowest joint angle, radians (-Infinity for none). Giving either bound enables the limit. */
  lowerAngle?: number;
  /** Highest joint angle, radians (+Infinity for none). */
  upperAngle?: number;
  /** Turn the limit on or off (default: on when a bound is given). */
  enableLimit?: boolean;
  /** Motor target speed ωB - ωA, rad/s (default 0). */
  motorSpeed?: number;
  /** Largest torque the motor may apply, N m (default 0). */
  maxMotorTorque?: number;
  /** Turn the motor on or off (default: on when `maxMotorTorque` is given). */
  enableMotor?: boolean;
  /** The angle θB - θA at which the joint angle is 0 (default: the bodies' angles now). */
  referenceAngle?: number;
}

/**
 * A pin: keeps an anchor point of body A and one of body B together (Box2D-Lite's `Joint`), so the
 * bodies may only turn about it. Optionally soft (a frequency and damping ratio, or a stiffness and
 * damping coefficient in N/m and N·s/m, switchable between steps), with lower and
 * upper angle limits and a motor that drives the relative angular velocity towards `motorSpeed`
 * with at most `maxMotorTorque`.
 *
 * Fields below `upperImpulse` are solver scratch, written by the prepare and read by the solve.
 */
export class RevoluteJoint {
  /** {@link JointKind.Revolute}. */
  readonly kind: typeof JointKind.Revolute;
  /** The first body. */
  bodyA: SolverBody;
  /** The second body. */
  bodyB: SolverBody;
  /** The value behind `localAnchorAX` (read by the solver; set through `localAnchorAX`). @internal */
  localAnchorAXValue: number;
  /** The value behind `localAnchorAY` (read by the solver; set through `localAnchorAY`). @internal */
  localAnchorAYValue: number;
  /** The value behind `localAnchorBX` (read by the solver; set through `localAnchorBX`). @internal */
  localAnchorBXValue: number;
  /** The value behind `localAnchorBY` (read by the solver; set through `localAnchorBY`). @internal */
  localAnchorBYValue: number;
  /** The value behind `referenceAngle` (read by the solver; set through `referenceAngle`). @internal */
  referenceAngleValue: number;
  /** The point constraint's spring, in either form (read and change it through the accessors below). */
  readonly spring: JointSpring;
  /** The value behind `enableLimit` (read by the solver; set through `enableLimit`). @internal */
  enableLimitValue: boolean;
  /** The value behind `lowerAngle` (read by the solver; set through `lowerAngle`). @internal */
  lowerAngleValue: number;
  /** The value behind `upperAngle` (read by the solver; set through `upperAngle`). @internal */
  upperAngleValue: number;
  /** The value behind `enableMotor` (read by the solver; set through `enableMotor`). @internal */
  enableMotorValue: boolean;
  /** The value behind `motorSpeed` (read by the solver; set through `motorSpeed`). @internal */
  motorSpeedValue: number;
  /** The value behind `maxMotorTorque` (read by the solver; set through `maxMotorTorque`). @internal */
  maxMotorTorqueValue: number;
  /** Accumulated impulse of the point constraint, x, N s (applied to B, minus to A). */
  impulseX: number;
  /** Accumulated impulse of the point constraint, y, N s. */
  impulseY: number;
  /** Accumulated motor angular impulse of this step, N m s (|motorImpulse| <= maxMotorTorque dt). */
  motorImpulse: number;
  /** Accumulated lower-limit angular impulse, N m s (>= 0). */
  lowerImpulse: number;
  /** Accumulated upper-limit angular impulse, N m s (>= 0). */
  upperImpulse: number;
  /** Lever arm of A's anchor, x, m. @internal */
  rAx: number;
  /** Lever arm of A's anchor, y, m. @internal */
  rAy: number;
  /** Lever arm of B's anchor, x, m. @internal */
  rBx: number;
  /** Lever arm of B's anchor, y, m. @internal */
  rBy: number;
  /** K = J M⁻¹ Jᵀ of the point rows, entry (1,1), 1/kg. @internal */
  k11: number;
  /** K entry (1,2) = (2,1). @internal */
  k12: number;
  /** K entry (2,2). @internal */
  k22: number;
  /** K⁻¹ entry (1,1), kg. @internal */
  m11: number;
  /** K⁻¹ entry (1,2). @internal */
  m12: number;
  /** K⁻¹ entry (2,2). @internal */
  m22: number;
  /** Target velocity of the point rows, x, m/s. @internal */
  biasX: number;
  /** Target velocity of the point rows, y, m/s. @internal */
  biasY: number;
  /** 1 / (iA + iB) of the angular rows (motor, limits), kg m² (0 if neither body turns). @internal */
  axialMass: number;
  /** The joint angle at the prepare, radians. @internal */
  angle: number;
  /** Target ωB - ωA of the lower-limit row, rad/s. @internal */
  lowerBias: number;
  /** Target ωA - ωB of the upper-limit row, rad/s. @internal */
  upperBias: number;
  /** maxMotorTorque · dt of this step, N m s. @internal */
  maxMotorImpulse: number;
  /** K of the point rows and the angle row together, entry (1,3) = (3,1), 1/(kg m). @internal */
  k13: number;
  /** K (3x3) entry (2,3) = (3,2), 1/(kg m). @internal */
  k23: number;
  /** K (3x3) entry (3,3) = iA + iB, 1/(kg m²). @internal */
  k33: number;
  /** Inverse of the 3x3 K, entry (1,1) (the position pass overwrites it). @internal */
  n11: number;
  /** Inverse of the 3x3 K, entry (1,2) = (2,1). @internal */
  n12: number;
  /** Inverse of the 3x3 K, entry (1,3) = (3,1). @internal */
  n13: number;
  /** Inverse of the 3x3 K, entry (2,2). @internal */
  n22: number;
  /** Inverse of the 3x3 K, entry (2,3) = (3,2). @internal */
  n23: number;
  /** Inverse of the 3x3 K, entry (3,3). @internal */
  n33: number;
  /**
   * Which limit row is solved together with the point rows this step: {@link LIMIT_NONE} (the
   * limits, if any, are rows of their own: soft pin, no limit, or no 3x3 K), {@link LIMIT_LOWER},
   * {@link LIMIT_UPPER} (the bound the joint is heading for; the other bound stays a row of its own)
   * or {@link LIMIT_EQUAL} (both bounds at once). Scratch, written by the prepare.
   * @internal
   */
  limitState: number;
  /** Target ωB - ωA of the angle row of the 3x3 block, rad/s (scratch). @internal */
  limitBias: number;
  /**
   * Whether the limit of the 3x3 block is within reach this step (its gap below
   * 2 |ωB - ωA| dt + {@link LIMIT_NEAR_MARGIN}): a pin in a chain then still solves that limit with
   * its own point rows as a 3x3 block before the chain's solve (a far limit is an angular row of
   * its own). Scratch, written by the prepare.
   * @internal
   */
  limitNear: boolean;
  /** Softness of the point rows. */
  readonly softness: Softness;
  /**
   * γ of the point rows when the spring is given by stiffness, 1/kg: 1 / (dt (c + dt k)), added to
   * both diagonal entries of K (0 in the frequency form, or when there is no spring at all). Scratch.
   */
  springGamma: number;
  /** (K + γ I)⁻¹ entry (1,1) of the point rows in the stiffness form, kg (scratch). @internal */
  s11: number;
  /** (K + γ I)⁻¹ entry (1,2) = (2,1) (scratch). @internal */
  s12: number;
  /** (K + γ I)⁻¹ entry (2,2) (scratch). @internal */
  s22: number;
  /** 1 / dt of the step being solved, 1/s (scratch, written by the prepare; 0 for dt = 0). @internal */
  invDt: number;
  /**
   * Whether this step's prepare made the rigid point rows soft (the soft step's joint spring of
   * `settings.jointHertz` in place of Baumgarte's bias): `relaxJoints` then solves them again
   * rigidly without bias, and the position pass leaves their point alone. Scratch. @internal
   */
  softRows: boolean;
  /**
   * Whether this joint lies on a path of rigid pins and rods held at both ends by static or
   * kinematic bodies (see `markAnchoredJoints`): its rigid rows are then solved compliantly, with the
   * soft step's joint spring, in both steps. Scratch. @internal
   */
  anchored: boolean;
  /** Scratch of `markAnchoredJoints`: this step's walk met this joint. @internal */
  anchorSeen: boolean;
  /**
   * Where body A's vx sits in the packed velocities the joint is solved on (its slot times the
   * stride; ω is 2 further on): set by the prepare, read by the velocity solve. @internal
   */
  velocityA: number;
  /** Where body B's vx sits in the packed velocities, as {@link RevoluteJoint.velocityA}. @internal */
  velocityB: number;
  /**
   * This step's place in a chain of rigid pins solved together (see `buildJointChains`):
   * {@link CHAIN_NONE} (solved alone), {@link CHAIN_HEAD} (first of a chain) or
   * {@link CHAIN_MEMBER}. Solver scratch, rebuilt at every prepare.
   * @internal
   */
  chainRole: number;
  /** The previous pin of the chain, or null (scratch). @internal */
  chainPrev: RevoluteJoint | null;
  /** The next pin of the chain, or null (scratch). @internal */
  chainNext: RevoluteJoint | null;
  /** The body this pin shares with `chainNext`, or null (scratch). @internal */
  chainBody: SolverBody | null;
  /** Factor scratch: U = K(this, next), the coupling block to the next pin, entry (1,1). @internal */
  u11: number;
  /** Factor scratch: U entry (1,2). @internal */
  u12: number;
  /** Factor scratch: U entry (2,1). @internal */
  u21: number;
  /** Factor scratch: U entry (2,2). @internal */
  u22: number;
  /** Factor scratch: E = Uₚᵀ Dₚ⁻¹ from the previous pin, entry (1,1). @internal */
  e11: number;
  /** Factor scratch: E entry (1,2). @internal */
  e12: number;
  /** Factor scratch: E entry (2,1). @internal */
  e21: number;
  /** Factor scratch: E entry (2,2). @internal */
  e22: number;
  /** Factor scratch: D⁻¹ of the eliminated diagonal block, entry (1,1). @internal */
  d11: number;
  /** Factor scratch: D⁻¹ entry (1,2) = (2,1). @internal */
  d12: number;
  /** Factor scratch: D⁻¹ entry (2,2). @internal */
  d22: number;
  /** Solve scratch: the eliminated right-hand side, then the impulse, x. @internal */
  chainX: number;
  /** Solve scratch: the eliminated right-hand side, then the impulse, y. @internal */
  chainY: number;

  /**
   * @param bodyA - the first body
   * @param bodyB - the second body
   * @param anchor - the pivot, world coordinates
   * @param options - softness, limits, motor
   * @throws ConstraintError when the bodies are not distinct, the anchor is not finite, a value is
   *   negative where it must not be, lowerAngle > upperAngle, or the spring is given both by
   *   frequency and by stiffness
   */
  constructor(bodyA: SolverBody, bodyB: SolverBody, anchor: Vec2Like, options: RevoluteJointOptions = {}) {
    checkBodies(bodyA, bodyB);
    const px = requireFiniteArg(anchor?.x, 'anchor.x');
    const py = requireFiniteArg(anchor?.y, 'anchor.y');
    this.kind = JointKind.Revolute;
    this.bodyA = bodyA;
    this.bodyB = bodyB;
    const cA = cos(bodyA.angle);
    const sA = sin(bodyA.angle);
    const dAx = px - bodyA.position.x;
    const dAy = py - bodyA.position.y;
    this.localAnchorAXValue = cA * dAx + sA * dAy;
    this.localAnchorAYValue = -sA * dAx + cA * dAy;
    const cB = cos(bodyB.angle);
    const sB = sin(bodyB.angle);
    const dBx = px - bodyB.position.x;
    const dBy = py - bodyB.position.y;
    this.localAnchorBXValue = cB * dBx + sB * dBy;
    this.localAnchorBYValue = -sB * dBx + cB * dBy;
    this.referenceAngleValue = requireFiniteArg(
      options.referenceAngle ?? bodyB.angle - bodyA.angle,
      'referenceAngle',
    );
    this.spring = new JointSpring(0.7).set(options);
    const lower = options.lowerAngle ?? Number.NEGATIVE_INFINITY;
    const upper = options.upperAngle ?? Number.POSITIVE_INFINITY;
    if (Number.isNaN(lower) || lower === Number.POSITIVE_INFINITY) {
      throw new ConstraintError('lowerAngle', lower, 'must be a number < +Infinity');
    }
    if (Number.isNaN(upper) || upper === Number.NEGATIVE_INFINITY) {
      throw new ConstraintError('upperAngle', upper, 'must be a number > -Infinity');
    }
    if (!(lower <= upper)) throw new ConstraintError('upperAngle', upper, `must be >= lowerAngle (${lower})`);
    this.enableLimitValue =
      options.enableLimit ?? (options.lowerAngle !== undefined || options.upperAngle !== undefined);
    this.lowerAngleValue = lower;
    this.upperAngleValue = upper;
    this.motorSpeedValue = requireFiniteArg(options.motorSpeed ?? 0, 'motorSpeed');
    this.maxMotorTorqueValue = requireNonNegativeArg(options.maxMotorTorque ?? 0, 'maxMotorTorque');
    this.enableMotorValue = options.enableMotor ?? options.maxMotorTorque !== undefined;
    this.impulseX = 0;
    this.impulseY = 0;
    this.motorImpulse = 0;
    this.lowerImpulse = 0;
    this.upperImpulse = 0;
    this.rAx = 0;
    this.rAy = 0;
    this.rBx = 0;
    this.rBy = 0;
    this.k11 = 0;
    this.k12 = 0;
    this.k22 = 0;
    this.m11 = 0;
    this.m12 = 0;
    this.m22 = 0;
    this.biasX = 0;
    this.biasY = 0;
    this.axialMass = 0;
    this.angle = 0;
    this.lowerBias = 0;
    this.upperBias = 0;
    this.maxMotorImpulse = 0;
    this.k13 = 0;
    this.k23 = 0;
    this.k33 = 0;
    this.n11 = 0;
    this.n12 = 0;
    this.n13 = 0;
    this.n22 = 0;
    this.n23 = 0;
    this.n33 = 0;
    this.limitState = LIMIT_NONE;
    this.limitBias = 0;
    this.limitNear = false;
    this.softness = new Softness();
    this.springGamma = 0;
    this.s11 = 0;
    this.s12 = 0;
    this.s22 = 0;
    this.invDt = 0;
    this.softRows = false;
    this.anchored = false;
    this.anchorSeen = false;
    this.velocityA = 0;
    this.velocityB = 0;
    this.chainRole = CHAIN_NONE;
    this.chainPrev = null;
    this.chainNext = null;
    this.chainBody = null;
    this.u11 = 0;
    this.u12 = 0;
    this.u21 = 0;
    this.u22 = 0;
    this.e11 = 0;
    this.e12 = 0;
    this.e21 = 0;
    this.e22 = 0;
    this.d11 = 0;
    this.d12 = 0;
    this.d22 = 0;
    this.chainX = 0;
    this.chainY = 0;
  }

  /**
   * Anchor in A's frame (relative to its centre), x, m.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  get localAnchorAX(): number {
    return this.localAnchorAXValue;
  }
  set localAnchorAX(value: number) {
    this.localAnchorAXValue = requireFiniteArg(value, 'localAnchorAX');
  }

  /**
   * Anchor in A's frame, y, m.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  get localAnchorAY(): number {
    return this.localAnchorAYValue;
  }
  set localAnchorAY(value: number) {
    this.localAnchorAYValue = requireFiniteArg(value, 'localAnchorAY');
  }

  /**
   * Anchor in B's frame, x, m.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  get localAnchorBX(): number {
    return this.localAnchorBXValue;
  }
  set localAnchorBX(value: number) {
    this.localAnchorBXValue = requireFiniteArg(value, 'localAnchorBX');
  }

  /**
   * Anchor in B's frame, y, m.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  get localAnchorBY(): number {
    return this.localAnchorBYValue;
  }
  set localAnchorBY(value: number) {
    this.localAnchorBYValue = requireFiniteArg(value, 'localAnchorBY');
  }

  /**
   * θB - θA at joint angle 0, radians.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  get referenceAngle(): number {
    return this.referenceAngleValue;
  }
  set referenceAngle(value: number) {
    this.referenceAngleValue = requireFiniteArg(value, 'referenceAngle');
  }

  /**
   * Whether the angle limits act.
   * @throws ConstraintError unless the value is a boolean (nothing changes then)
   */
  get enableLimit(): boolean {
    return this.enableLimitValue;
  }
  set enableLimit(value: boolean) {
    this.enableLimitValue = requireBooleanArg(value, 'enableLimit');
  }

  /**
   * Lowest joint angle, radians (may be -Infinity).
   * @throws ConstraintError unless the value is a number (not NaN) <= `upperAngle` (nothing changes then)
   */
  get lowerAngle(): number {
    return this.lowerAngleValue;
  }
  set lowerAngle(value: number) {
    this.lowerAngleValue = requireLowerArg(value, 'lowerAngle', this.upperAngleValue, 'upperAngle');
  }

  /**
   * Highest joint angle, radians (may be +Infinity).
   * @throws ConstraintError unless the value is a number (not NaN) >= `lowerAngle` (nothing changes then)
   */
  get upperAngle(): number {
    return this.upperAngleValue;
  }
  set upperAngle(value: number) {
    this.upperAngleValue = requireUpperArg(value, 'upperAngle', this.lowerAngleValue, 'lowerAngle');
  }

  /**
   * Whether the motor acts.
   * @throws ConstraintError unless the value is a boolean (nothing changes then)
   */
  get enableMotor(): boolean {
    return this.enableMotorValue;
  }
  set enableMotor(value: boolean) {
    this.enableMotorValue = requireBooleanArg(value, 'enableMotor');
  }

  /**
   * Motor target for ωB - ωA, rad/s.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  get motorSpeed(): number {
    return this.motorSpeedValue;
  }
  set motorSpeed(value: number) {
    this.motorSpeedValue = requireFiniteArg(value, 'motorSpeed');
  }

  /**
   * Largest motor torque, N m.
   * @throws ConstraintError unless the value is a number >= 0 (+Infinity: unbounded) (nothing changes then)
   */
  get maxMotorTorque(): number {
    return this.maxMotorTorqueValue;
  }
  set maxMotorTorque(value: number) {
    this.maxMotorTorqueValue = requireMaximumArg(value, 'maxMotorTorque');
  }

  /** The joint angle θB - θA - referenceAngle, radians (not wrapped). */
  jointAngle(): number {
    return this.bodyB.angle - this.bodyA.angle - this.referenceAngleValue;
  }

  /** The joint speed ωB - ωA, rad/s. */
  jointSpeed(): number {
    return this.bodyB.angularVelocity - this.bodyA.angularVelocity;
  }

  /** True when the pin is soft: a spring given by stiffness, or a frequency > 0. */
  isSoft(): boolean {
    return this.spring.soft;
  }

  /** How the spring is given: `'frequency'` (`frequencyHz`, `dampingRatio`) or `'stiffness'` (`stiffness`, `damping`). */
  get springForm(): SpringForm {
    return this.spring.form;
  }

  /**
   * Softness frequency of the pin, Hz (0: rigid; reads 0 in the stiffness form). Setting it
   * switches a spring given by stiffness to the frequency form (damping ratio 0.7 until set).
   * @throws ConstraintError unless the value is a finite number >= 0
   */
  get frequencyHz(): number {
    return this.spring.frequencyHz;
  }
  set frequencyHz(value: number) {
    this.spring.setFrequencyHz(value);
  }

  /**
   * Softness damping ratio ζ of the pin (reads 0 in the stiffness form). Setting it switches a
   * spring given by stiffness to the frequency form, rigid until a frequency is set.
   * @throws ConstraintError unless the value is a finite number >= 0
   */
  get dampingRatio(): number {
    return this.spring.dampingRatio;
  }
  set dampingRatio(value: number) {
    this.spring.setDampingRatio(value);
  }

  /**
   * Stiffness k of the pin, N/m per row (reads 0 in the frequency form). Setting it switches a
   * spring given by frequency to the stiffness form (damping 0 until set).
   * @throws ConstraintError unless the value is a finite number >= 0
   */
  get stiffness(): number {
    return this.spring.stiffness;
  }
  set stiffness(value: number) {
    this.spring.setStiffness(value);
  }

  /**
   * Damping coefficient c of the pin, N·s/m per row (reads 0 in the frequency form). Setting it
   * switches a spring given by frequency to the stiffness form (stiffness 0 until set).
   * @throws ConstraintError unless the value is a finite number >= 0
   */
  get damping(): number {
    return this.spring.damping;
  }
  set damping(value: number) {
    this.spring.setDamping(value);
  }

  /**
   * Sets the pin's whole spring at once, in either form (`{}` makes it rigid); returns this. Absent
   * values of the form given take their defaults (damping ratio 0.7; stiffness and damping 0).
   * @throws ConstraintError when both forms are given or a value is negative or not finite; the
   *   spring is then left as it was
   */
  setSpring(options: JointSpringOptions): this {
    this.spring.set(options);
    return this;
  }

  /**
   * Sets both limits (and enables them); returns this.
   * @throws ConstraintError when lower > upper or a bound is NaN
   */
  setLimits(lowerAngle: number, upperAngle: number): this {
    if (Number.isNaN(lowerAngle)) throw new ConstraintError('lowerAngle', lowerAngle, 'must be a number');
    if (!(lowerAngle <= upperAngle)) {
      throw new ConstraintError('upperAngle', upperAngle, `must be >= lowerAngle (${lowerAngle})`);
    }
    this.lowerAngleValue = lowerAngle;
    this.upperAngleValue = upperAngle;
    this.enableLimitValue = true;
    return this;
  }

  /**
   * The force the pin applied to body B over the last step, N (world; minus this on A): the point
   * rows' accumulated impulse over the step (the last sub-step in the soft step).
   */
  getReactionForce(): Vec2 {
    return reactionVector(this.impulseX * this.invDt, this.impulseY * this.invDt);
  }

  /** The torque the motor and limits applied to body B over the last step, N m (minus this on A). */
  getReactionTorque(): number {
    return (this.motorImpulse + this.lowerImpulse - this.upperImpulse) * this.invDt;
  }
}

/**
 * {@link prepareRevoluteJoint} on packed velocities: gives the joint its bodies' places in `bodies`
 * and warm starts there. @internal
 */
export function prepareRevoluteJointAt(
  joint: RevoluteJoint,
  dt: number,
  invDt: number,
  settings: SolverSettings,
  bodies: BodyVelocities,
  softRows: boolean,
): void {
  // The bodies' places in the packed velocities, for this warm start and the step's solves (bound
  // here, not by a shared helper, so that each kind's accesses stay monomorphic).
  const stride = bodies.velocityStride;
  joint.velocityA = stride * bodies.velocitySlot(joint.bodyA);
  joint.velocityB = stride * bodies.velocitySlot(joint.bodyB);
  const v = bodies.velocities;
  const oA = joint.velocityA;
  const oB = joint.velocityB;
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  const mA = bA.invMass;
  const iA = bA.invI;
  const mB = bB.invMass;
  const iB = bB.invI;
  joint.invDt = invDt;
  updateLeverArms(joint);
  const rAx = joint.rAx;
  const rAy = joint.rAy;
  const rBx = joint.rBx;
  const rBy = joint.rBy;

  // Point constraint (Box2D-Lite Joint), two rows:
  //   C = pB - pA = xB + rB - xA - rA
  //   Ċ = vB + wB × rB - vA - wA × rA,     with w × r = (-w r.y, w r.x)
  //   J = [ -I, -S(rA), I, S(rB) ],        S(r) = (-r.y, r.x)ᵀ (the column w × r / w)
  //   K = J M⁻¹ Jᵀ = (mA + mB) I + iA S(rA) S(rA)ᵀ + iB S(rB) S(rB)ᵀ
  //     = [ mA + mB + iA rA.y² + iB rB.y²,   -iA rA.x rA.y - iB rB.x rB.y ]
  //       [ -iA rA.x rA.y - iB rB.x rB.y,    mA + mB + iA rA.x² + iB rB.x² ]
  const k11 = mA + mB + iA * rAy * rAy + iB * rBy * rBy;
  const k12 = -iA * rAx * rAy - iB * rBx * rBy;
  const k22 = mA + mB + iA * rAx * rAx + iB * rBx * rBx;
  joint.k11 = k11;
  joint.k12 = k12;
  joint.k22 = k22;
  const det = k11 * k22 - k12 * k12;
  if (det > 0) {
    const invDet = 1 / det;
    joint.m11 = k22 * invDet;
    joint.m12 = -k12 * invDet;
    joint.m22 = k11 * invDet;
  } else {
    joint.m11 = 0;
    joint.m12 = 0;
    joint.m22 = 0;
  }

  const softness = joint.softness;
  const spring = joint.spring;
  joint.springGamma = 0;
  joint.softRows = false;
  if (spring.form === 'stiffness') {
    // k and c in N/m and N·s/m on each point row: γ = 1 / (dt (c + dt k)) in 1/kg, the same for
    // both rows, so the block is solved with (K + γ I)⁻¹ (Box2D-Lite's K + softness · I, with γ in
    // place of its softness), β = dt k / (c + dt k).
    const traceK = k11 + k22;
    softnessInputs[0] = spring.stiffness;
    softnessInputs[1] = spring.damping;
    softnessInputs[2] = traceK > 0 ? 2 / traceK : 0;
    softnessInputs[3] = dt;
    softnessFromSpringAt(softness);
    const a = dt * (spring.damping + dt * spring.stiffness);
    if (a > 0) {
      const gamma = 1 / a;
      joint.springGamma = gamma;
      const s11 = k11 + gamma;
      const s22 = k22 + gamma;
      // K is positive semi-definite and γ > 0, so det > 0.
      const invDet = 1 / (s11 * s22 - k12 * k12);
      joint.s11 = s22 * invDet;
      joint.s12 = -k12 * invDet;
      joint.s22 = s11 * invDet;
    } else {
      // k = c = 0 (or dt = 0): no spring at all, the rows apply nothing.
      joint.s11 = 0;
      joint.s12 = 0;
      joint.s22 = 0;
      joint.impulseX = 0;
      joint.impulseY = 0;
    }
  } else if (spring.frequencyHz > 0) {
    // The 2x2 form: massScale K⁻¹ (bias - Ċ) - impulseScale λacc, mass-independent (see softness.ts).
    const traceK = k11 + k22;
    softnessInputs[0] = spring.frequencyHz;
    softnessInputs[1] = spring.dampingRatio;
    softnessInputs[2] = traceK > 0 ? 2 / traceK : 0;
    softnessInputs[3] = dt;
    softnessFromFrequencyAt(softness);
  } else if (softRows && settings.positionCorrection) {
    // The same form as a pin of frequencyHz (mass-independent: every mode of the block alike).
    const traceK = k11 + k22;
    rigidRowSoftness(softness, traceK > 0 ? 2 / traceK : 0, dt, settings);
    joint.softRows = true;
  } else {
    softness.setRigid(settings.positionCorrection ? settings.baumgarte : 0, dt);
  }
  const Cx = bB.position.x + rBx - bA.position.x - rAx;
  const Cy = bB.position.y + rBy - bA.position.y - rAy;
  let biasX = -softness.biasRate * Cx;
  let biasY = -softness.biasRate * Cy;
  // Softened rigid point rows (the joint spring): their push is capped at MAX_JOINT_PUSH. Between
  // two bodies of infinite mass that move apart the pin's stretch has no bound, and neither would
  // its pull; the position pass then moves it at most MAX_LINEAR_CORRECTION per pass.
  if (joint.softRows) {
    const speed = Math.sqrt(biasX * biasX + biasY * biasY);
    const max = MAX_JOINT_PUSH;
    if (speed > max) {
      biasX *= max / speed;
      biasY *= max / speed;
    }
  }
  joint.biasX = biasX;
  joint.biasY = biasY;

  // Angular rows (motor and limits):
  //   C = θB - θA - θref - bound,   Ċ = wB - wA,   J = [ 0, -1, 0, 1 ],   K = iA + iB
  const kAxial = iA + iB;
  joint.axialMass = kAxial > 0 ? 1 / kAxial : 0;
  const angle = bB.angle - bA.angle - joint.referenceAngleValue;
  joint.angle = angle;

  // The point rows and the angle row as one block, three rows (Box2D v2.3's revolute joint):
  //   C = [ pB - pA ; θB - θA - θref - bound ]
  //   Ċ = [ vB + wB × rB - vA - wA × rA ; wB - wA ]
  //   J = [ -I, -S(rA), I, S(rB) ]          S(r) = (-r.y, r.x)ᵀ
  //       [ 0,  -1,     0, 1     ]
  //   K = J M⁻¹ Jᵀ = [ K₂ₓ₂                    iA (-rA.y) + iB (-rB.y) ]
  //                  [                         iA rA.x + iB rB.x       ]
  //                  [ (sym.)                  iA + iB                 ]
  // The coupling column is Σ i (angular column of the point rows)(that of the angle row):
  // iA (-S(rA))(-1) + iB S(rB)(1) = iA S(rA) + iB S(rB).
  // Solving the limit with the pin is what stops a pendulum: an angle row alone changes only ω,
  // with the small mass 1/(iA + iB) of the bob turning about its own centre, and the pin rows
  // solved after it hand almost all of the impulse back (m d² / I ≈ 100 for a 2.5 m arm).
  const k13 = -iA * rAy - iB * rBy;
  const k23 = iA * rAx + iB * rBx;
  joint.k13 = k13;
  joint.k23 = k23;
  joint.k33 = kAxial;
  joint.limitState = LIMIT_NONE;
  joint.limitBias = 0;
  joint.limitNear = false;
  if (joint.enableLimitValue) {
    const lower = joint.lowerAngleValue;
    const upper = joint.upperAngleValue;
    // While inside, a row allows closing at up to C/dt, so the bound is met exactly at the end of
    // the step (speculative: no overshoot at impact). Past it, the row only stops the joint going
    // further (bias 0, as Box2D v2.3) and the position pass turns it back: a Baumgarte push-back
    // acts as a spring on a large violation and, warm started, keeps pushing after the motion has
    // reversed, which made chains of limited pins gain energy.
    const lowerC = angle - lower;
    joint.lowerBias = lowerC > 0 ? -lowerC * invDt : 0;
    const upperC = upper - angle;
    joint.upperBias = upperC > 0 ? -upperC * invDt : 0;
    // An infinite bound has no row (the solve skips it).
    if (!Number.isFinite(joint.lowerBias)) joint.lowerBias = 0;
    if (!Number.isFinite(joint.upperBias)) joint.upperBias = 0;
    const hasBound = lower > Number.NEGATIVE_INFINITY || upper < Number.POSITIVE_INFINITY;
    if (hasBound && !spring.soft && invertK3(joint, k11, k12, k13, k22, k23, kAxial)) {
      const speed = v[oB + 2] - v[oA + 2];
      let gap: number;
      if (upper - lower < LIMIT_EQUAL_RANGE) {
        // Both bounds at once: the angle is held where it is (the position pass corrects it).
        joint.limitState = LIMIT_EQUAL;
        gap = 0;
      } else {
        // The bound the joint is heading for (by the angle it would reach this step) joins the block.
        const predicted = angle + dt * speed;
        if (predicted - lower <= upper - predicted) {
          joint.limitState = LIMIT_LOWER;
          joint.limitBias = joint.lowerBias;
          gap = lowerC;
        } else {
          joint.limitState = LIMIT_UPPER;
          joint.limitBias = -joint.upperBias;
          gap = upperC;
        }
      }
      joint.limitNear = gap < 2 * Math.abs(speed) * dt + LIMIT_NEAR_MARGIN;
    }
  } else {
    joint.lowerImpulse = 0;
    joint.upperImpulse = 0;
  }
  joint.maxMotorImpulse = joint.maxMotorTorqueValue * dt;
  if (!joint.enableMotorValue || joint.limitState === LIMIT_EQUAL) joint.motorImpulse = 0;

  if (settings.warmStarting) {
    const Px = joint.impulseX;
    const Py = joint.impulseY;
    const axial = joint.motorImpulse + joint.lowerImpulse - joint.upperImpulse;
    v[oA] -= mA * Px;
    v[oA + 1] -= mA * Py;
    v[oA + 2] -= iA * (rAx * Py - rAy * Px + axial);
    v[oB] += mB * Px;
    v[oB + 1] += mB * Py;
    v[oB + 2] += iB * (rBx * Py - rBy * Px + axial);
  } else {
    joint.impulseX = 0;
    joint.impulseY = 0;
    joint.motorImpulse = 0;
    joint.lowerImpulse = 0;
    joint.upperImpulse = 0;
  }
}

/**
 * Pre-step of a revolute joint: lever arms, the 2x2 K of the point rows and its inverse, biases,
 * softness, limit and motor rows; then the warm start (or zeroed impulses).
 */
export function prepareRevoluteJoint(
  joint: RevoluteJoint,
  dt: number,
  invDt: number,
  settings: SolverSettings,
): void {
  objectVelocities.begin();
  prepareRevoluteJointAt(joint, dt, invDt, settings, objectVelocities, false);
  objectVelocities.store();
}

/**
 * Inverts the symmetric 3x3 K of the point and angle rows into `joint.n11` ... `joint.n33` (by
 * cofactors). Returns false, leaving them alone, when K is singular or nearly so.
 */
function invertK3(
  joint: RevoluteJoint,
  k11: number,
  k12: number,
  k13: number,
  k22: number,
  k23: number,
  k33: number,
): boolean {
  const c11 = k22 * k33 - k23 * k23;
  const c12 = k13 * k23 - k12 * k33;
  const c13 = k12 * k23 - k13 * k22;
  const det = k11 * c11 + k12 * c12 + k13 * c13;
  // Relative guard, as for the chains: a nearly redundant row loses all its digits.
  if (!(det > 1e-12 * k11 * k22 * k33)) return false;
  const invDet = 1 / det;
  joint.n11 = c11 * invDet;
  joint.n12 = c12 * invDet;
  joint.n13 = c13 * invDet;
  joint.n22 = (k11 * k33 - k13 * k13) * invDet;
  joint.n23 = (k12 * k13 - k11 * k23) * invDet;
  joint.n33 = (k11 * k22 - k12 * k12) * invDet;
  return true;
}

/** The motor row: drives ωB - ωA towards `motorSpeed`, the accumulated impulse within ±maxMotorTorque dt. */
function solveMotorRow(joint: RevoluteJoint, v: Float64Array): void {
  const oA = joint.velocityA;
  const oB = joint.velocityB;
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  const cdot = v[oB + 2] - v[oA + 2] - joint.motorSpeedValue;
  let lambda = -joint.axialMass * cdot;
  const old = joint.motorImpulse;
  const maxImpulse = joint.maxMotorImpulse;
  let total = old + lambda;
  total = total < -maxImpulse ? -maxImpulse : total > maxImpulse ? maxImpulse : total;
  joint.motorImpulse = total;
  lambda = total - old;
  v[oA + 2] -= bA.invI * lambda;
  v[oB + 2] += bB.invI * lambda;
}

/** The lower-limit row on its own (angular only): ωB - ωA >= lowerBias, impulse >= 0. */
function solveLowerRow(joint: RevoluteJoint, v: Float64Array): void {
  const oA = joint.velocityA;
  const oB = joint.velocityB;
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  const cdot = v[oB + 2] - v[oA + 2];
  let lambda = joint.axialMass * (joint.lowerBias - cdot);
  const old = joint.lowerImpulse;
  const total = old + lambda > 0 ? old + lambda : 0;
  joint.lowerImpulse = total;
  lambda = total - old;
  v[oA + 2] -= bA.invI * lambda;
  v[oB + 2] += bB.invI * lambda;
}

/** The upper-limit row on its own (angular only): ωA - ωB >= upperBias, impulse >= 0. */
function solveUpperRow(joint: RevoluteJoint, v: Float64Array): void {
  const oA = joint.velocityA;
  const oB = joint.velocityB;
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  const cdot = v[oA + 2] - v[oB + 2];
  let lambda = joint.axialMass * (joint.upperBias - cdot);
  const old = joint.upperImpulse;
  const total = old + lambda > 0 ? old + lambda : 0;
  joint.upperImpulse = total;
  lambda = total - old;
  v[oA + 2] += bA.invI * lambda;
  v[oB + 2] -= bB.invI * lambda;
}

/**
 * {@link solveRevoluteJoint} on the packed velocities `v`, at the places the prepare bound. @internal
 */
export function solveRevoluteJointAt(joint: RevoluteJoint, v: Float64Array): void {
  const oA = joint.velocityA;
  const oB = joint.velocityB;
  const axialMass = joint.axialMass;
  const state = joint.limitState;
  if (joint.enableMotorValue && axialMass > 0 && state !== LIMIT_EQUAL) solveMotorRow(joint, v);

  const block = state !== LIMIT_NONE && (joint.chainRole === CHAIN_NONE || joint.limitNear);
  if (joint.enableLimitValue && axialMass > 0) {
    const hasLower = joint.lowerAngleValue > Number.NEGATIVE_INFINITY;
    const hasUpper = joint.upperAngleValue < Number.POSITIVE_INFINITY;
    if (!block) {
      if (hasLower) solveLowerRow(joint, v);
      if (hasUpper) solveUpperRow(joint, v);
    } else if (state === LIMIT_LOWER) {
      if (hasUpper) solveUpperRow(joint, v);
    } else if (state === LIMIT_UPPER) {
      if (hasLower) solveLowerRow(joint, v);
    }
  }
  if (!block && joint.chainRole !== CHAIN_NONE) return;

  const bA = joint.bodyA;
  const bB = joint.bodyB;
  const mA = bA.invMass;
  const iA = bA.invI;
  const mB = bB.invMass;
  const iB = bB.invI;
  let vAx = v[oA];
  let vAy = v[oA + 1];
  let wA = v[oA + 2];
  let vBx = v[oB];
  let vBy = v[oB + 1];
  let wB = v[oB + 2];
  const rAx = joint.rAx;
  const rAy = joint.rAy;
  const rBx = joint.rBx;
  const rBy = joint.rBy;
  const cdotX = vBx - wB * rBy - vAx + wA * rAy;
  const cdotY = vBy + wB * rBx - vAy - wA * rAx;
  let Px: number;
  let Py: number;
  let Pz = 0;
  if (block) {
    // K Δλ = bias - Ċ for the three rows; then the accumulated limit impulse must keep its sign.
    const bx = joint.biasX - cdotX;
    const by = joint.biasY - cdotY;
    const bz = joint.limitBias - (wB - wA);
    Px = joint.n11 * bx + joint.n12 * by + joint.n13 * bz;
    Py = joint.n12 * bx + joint.n22 * by + joint.n23 * bz;
    Pz = joint.n13 * bx + joint.n23 * by + joint.n33 * bz;
    // The signed accumulated impulse of the block's angle row (positive pushes ωB - ωA up).
    const old =
      state === LIMIT_LOWER
        ? joint.lowerImpulse
        : state === LIMIT_UPPER
          ? -joint.upperImpulse
          : joint.lowerImpulse - joint.upperImpulse;
    let total = old + Pz;
    if ((state === LIMIT_LOWER && total < 0) || (state === LIMIT_UPPER && total > 0)) {
      // The limit lets go: its accumulated impulse is taken out (Δλz = -old) and the point rows
      // are solved for the rest, K₂ₓ₂ Δλp = b_p - K_p3 Δλz.
      Pz = -old;
      total = 0;
      const rx = bx + old * joint.k13;
      const ry = by + old * joint.k23;
      Px = joint.m11 * rx + joint.m12 * ry;
      Py = joint.m12 * rx + joint.m22 * ry;
    }
    if (state === LIMIT_LOWER) joint.lowerImpulse = total;
    else if (state === LIMIT_UPPER) joint.upperImpulse = -total;
    else {
      joint.lowerImpulse = total > 0 ? total : 0;
      joint.upperImpulse = total < 0 ? -total : 0;
    }
  } else if (joint.spring.form === 'stiffness') {
    // (K + γ I) Δλ = bias - Ċ - γ λacc: the implicit-Euler spring of stiffness k, damping c per row.
    const gamma = joint.springGamma;
    const ex = joint.biasX - cdotX - gamma * joint.impulseX;
    const ey = joint.biasY - cdotY - gamma * joint.impulseY;
    Px = joint.s11 * ex + joint.s12 * ey;
    Py = joint.s12 * ex + joint.s22 * ey;
  } else {
    const softness = joint.softness;
    const massScale = softness.massScale;
    const impulseScale = softness.impulseScale;
    const ex = joint.biasX - cdotX;
    const ey = joint.biasY - cdotY;
    Px = massScale * (joint.m11 * ex + joint.m12 * ey) - impulseScale * joint.impulseX;
    Py = massScale * (joint.m12 * ex + joint.m22 * ey) - impulseScale * joint.impulseY;
  }
  joint.impulseX += Px;
  joint.impulseY += Py;
  vAx -= mA * Px;
  vAy -= mA * Py;
  wA -= iA * (rAx * Py - rAy * Px + Pz);
  vBx += mB * Px;
  vBy += mB * Py;
  wB += iB * (rBx * Py - rBy * Px + Pz);

  v[oA] = vAx;
  v[oA + 1] = vAy;
  v[oA + 2] = wA;
  v[oB] = vBx;
  v[oB + 1] = vBy;
  v[oB + 2] = wB;
}

/**
 * One velocity iteration of a revolute joint: the motor first, then the limits and the point rows
 * (last: they matter most). A rigid pin whose limit takes part in the block (`limitState` not
 * {@link LIMIT_NONE}) solves the point rows and the limit the joint is heading for as one 3x3 system
 * with that limit's impulse clamped (Box2D v2.3: when the clamp binds, the point rows are solved
 * alone with the limit's accumulated impulse taken out); the other bound, if finite, is a row of its
 * own before it. Otherwise every limit is a row of its own and the point rows a 2x2 block. A pin
 * that is part of a chain this step (`chainRole` not {@link CHAIN_NONE}) leaves its point rows to
 * the chain's solve (`solveJointChainVelocities`), except in the 3x3 block of a limit within reach
 * (`limitNear`), which the chain's solve then follows.
 */
export function solveRevoluteJoint(joint: RevoluteJoint): void {
  solveOnObjects(joint, solveRevoluteJointAt);
}

/**
 * One position pass of a revolute joint (after positions are integrated, Box2D's nonlinear
 * Gauss-Seidel). A rigid pin solved on its own with a violated limit takes one Newton step on the
 * point and the angle together (the 3x3 K rebuilt at the current pose, λ = -K⁻¹ C, the angle error
 * clamped to {@link MAX_ANGULAR_CORRECTION}), so putting the anchors together does not turn the
 * body back past its bound; otherwise a violated limit turns the bodies back on its own (at most
 * {@link MAX_ANGULAR_CORRECTION}) and, for a rigid joint, the anchors are moved together
 * (λ = -K⁻¹ C with the 2x2 K). A soft joint's stretch is left alone, and so is the point of a pin
 * that is part of a chain this step (`solveJointChainPositions` moves it). Moves positions only.
 * Returns the largest error found before correcting: m for the point, radians for a limit.
 */
export function solveRevoluteJointPosition(joint: RevoluteJoint): number {
  revolutePositionStep(joint);
  return positionError[0];
}

/** solveRevoluteJointPosition without the returned number: the error goes to `positionError[0]`. @internal */
export function revolutePositionStep(joint: RevoluteJoint): void {
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  const mA = bA.invMass;
  const iA = bA.invI;
  const mB = bB.invMass;
  const iB = bB.invI;
  // Rows the soft step made soft pull themselves together within the sub-steps; the pass still
  // closes them where no body is held by three or more such joints (see prepareJoints).
  const rigid =
    !joint.spring.soft && joint.chainRole === CHAIN_NONE && (!joint.softRows || sparselyHeld(bA, bB));
  let error = 0;
  let Cz = 0;

  if (joint.enableLimitValue && iA + iB > 0) {
    const angle = bB.angle - bA.angle - joint.referenceAngleValue;
    if (angle < joint.lowerAngleValue) Cz = angle - joint.lowerAngleValue;
    else if (angle > joint.upperAngleValue) Cz = angle - joint.upperAngleValue;
    if (Cz !== 0) {
      error = Math.abs(Cz);
      Cz =
        Cz < -MAX_ANGULAR_CORRECTION
          ? -MAX_ANGULAR_CORRECTION
          : Cz > MAX_ANGULAR_CORRECTION
            ? MAX_ANGULAR_CORRECTION
            : Cz;
      if (!rigid) {
        const lambda = -Cz / (iA + iB);
        bA.angle -= iA * lambda;
        bB.angle += iB * lambda;
        Cz = 0;
      }
    }
  }

  if (!rigid) {
    positionError[0] = error;
    return;
  }
  updateLeverArms(joint);
  const rAx = joint.rAx;
  const rAy = joint.rAy;
  const rBx = joint.rBx;
  const rBy = joint.rBy;
  let Cx = bB.position.x + rBx - bA.position.x - rAx;
  let Cy = bB.position.y + rBy - bA.position.y - rAy;
  const pointError = Math.sqrt(Cx * Cx + Cy * Cy);
  if (pointError > error) error = pointError;
  if (joint.softRows && pointError > MAX_LINEAR_CORRECTION) {
    const scale = MAX_LINEAR_CORRECTION / pointError;
    Cx *= scale;
    Cy *= scale;
  }
  // K as in the prepare (see the derivation there), at the current pose.
  const k11 = mA + mB + iA * rAy * rAy + iB * rBy * rBy;
  const k12 = -iA * rAx * rAy - iB * rBx * rBy;
  const k22 = mA + mB + iA * rAx * rAx + iB * rBx * rBx;
  let Px: number;
  let Py: number;
  let Pz = 0;
  if (Cz !== 0 && invertK3(joint, k11, k12, -iA * rAy - iB * rBy, k22, iA * rAx + iB * rBx, iA + iB)) {
    Px = -(joint.n11 * Cx + joint.n12 * Cy + joint.n13 * Cz);
    Py = -(joint.n12 * Cx + joint.n22 * Cy + joint.n23 * Cz);
    Pz = -(joint.n13 * Cx + joint.n23 * Cy + joint.n33 * Cz);
  } else {
    if (Cz !== 0) {
      // No 3x3 K: the angle on its own first.
      const lambda = -Cz / (iA + iB);
      bA.angle -= iA * lambda;
      bB.angle += iB * lambda;
    }
    const det = k11 * k22 - k12 * k12;
    if (!(det > 0)) {
      positionError[0] = error;
      return;
    }
    const invDet = 1 / det;
    Px = -(k22 * Cx - k12 * Cy) * invDet;
    Py = -(-k12 * Cx + k11 * Cy) * invDet;
  }
  bA.position.x -= mA * Px;
  bA.position.y -= mA * Py;
  bA.angle -= iA * (rAx * Py - rAy * Px + Pz);
  bB.position.x += mB * Px;
  bB.position.y += mB * Py;
  bB.angle += iB * (rBx * Py - rBy * Px + Pz);
  positionError[0] = error;
}
