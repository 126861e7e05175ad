import type { Vec2Like } from '@lite/math';
import { defineCheckedFields } from './checked-fields';
import {
  ConstraintError,
  requireFiniteArg,
  requireLowerArg,
  requireMaximumArg,
  requireNonNegativeArg,
  requireUpperArg,
} from './errors';
import { AnchoredJoint, referenceAngleOf } from './joint-base';
import { checkRange, requireBooleanArg } from './joint-frame';
import {
  CHAIN_NONE,
  JointKind,
  LIMIT_EQUAL,
  LIMIT_LOWER,
  LIMIT_NEAR_MARGIN,
  LIMIT_NONE,
  LIMIT_UPPER,
  registerJointType,
} from './joint-kind';
import { defineSpringFields, JointSpring, type JointSpringOptions, type SpringForm } from './joint-spring';
import { revoluteType } from './joint-types';
import { Softness } from './softness';
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
  /** Stiffness k of each point row, N/m (instead of `frequencyHz`): a load F opens the pin by F / k. */
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
  /** Turn the angular spring towards `targetAngle` on or off (default: on when `springHertz` is given). */
  enableSpring?: boolean;
  /** Frequency of the angular spring, Hz (default 0: none), against the effective mass 1 / (iA + iB). */
  springHertz?: number;
  /** Damping ratio of the angular spring (default 0; 1 is critical). */
  springDampingRatio?: number;
  /** The joint angle the spring pulls towards, radians (default 0; not wrapped). */
  targetAngle?: number;
}

/**
 * A pin: keeps an anchor of body A and one of body B together, so the bodies only turn about it.
 * Optionally soft, with angle limits, a motor and an angular spring towards `targetAngle`.
 * Fields below `upperImpulse` are solver scratch, written by the prepare and read by the solve.
 */
export class RevoluteJoint extends AnchoredJoint {
  /** {@link JointKind.Revolute}. */
  declare readonly kind: typeof JointKind.Revolute;
  /** The value behind `referenceAngle` (read by the solver; set through `referenceAngle`). @internal */
  referenceAngleValue: number;
  /** The point constraint's spring, in either form (read and change it through the accessors below). @internal */
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
  /** The value behind `enableSpring` (read by the solver; set through `enableSpring`). @internal */
  enableSpringValue: boolean;
  /** The value behind `springHertz` (read by the solver; set through `springHertz`). @internal */
  springHertzValue: number;
  /** The value behind `springDampingRatio` (read by the solver; set through `springDampingRatio`). @internal */
  springDampingRatioValue: number;
  /** The value behind `targetAngle` (read by the solver; set through `targetAngle`). @internal */
  targetAngleValue: number;
  /** Accumulated angular impulse of the spring, N m s. @internal */
  springImpulse = 0;
  /** Accumulated impulse of the point constraint, x, N s (applied to B, minus to A). @internal */
  impulseX = 0;
  /** Accumulated impulse of the point constraint, y, N s. @internal */
  impulseY = 0;
  /** Accumulated motor angular impulse of this step, N m s (|motorImpulse| <= maxMotorTorque dt). @internal */
  motorImpulse = 0;
  /** Accumulated lower-limit angular impulse, N m s (>= 0). @internal */
  lowerImpulse = 0;
  /** Accumulated upper-limit angular impulse, N m s (>= 0). @internal */
  upperImpulse = 0;
  /** K = J M⁻¹ Jᵀ of the point rows, entry (1,1), 1/kg. @internal */
  k11 = 0;
  /** K entry (1,2) = (2,1). @internal */
  k12 = 0;
  /** K entry (2,2). @internal */
  k22 = 0;
  /** K⁻¹ entry (1,1), kg. @internal */
  m11 = 0;
  /** K⁻¹ entry (1,2). @internal */
  m12 = 0;
  /** K⁻¹ entry (2,2). @internal */
  m22 = 0;
  /** Target velocity of the point rows, x, m/s. @internal */
  biasX = 0;
  /** Target velocity of the point rows, y, m/s. @internal */
  biasY = 0;
  /** 1 / (iA + iB) of the angular rows (motor, limits), kg m² (0 if neither body turns). @internal */
  axialMass = 0;
  /** The joint angle at the prepare, radians. @internal */
  angle = 0;
  /** Target ωB - ωA of the lower-limit row, rad/s. @internal */
  lowerBias = 0;
  /** Target ωA - ωB of the upper-limit row, rad/s. @internal */
  upperBias = 0;
  /** maxMotorTorque · dt of this step, N m s. @internal */
  maxMotorImpulse = 0;
  /** K of the point rows and the angle row together, entry (1,3) = (3,1), 1/(kg m). @internal */
  k13 = 0;
  /** K (3x3) entry (2,3) = (3,2), 1/(kg m). @internal */
  k23 = 0;
  /** K (3x3) entry (3,3) = iA + iB, 1/(kg m²). @internal */
  k33 = 0;
  /** Inverse of the 3x3 K, entry (1,1) (the position pass overwrites it). @internal */
  n11 = 0;
  /** Inverse of the 3x3 K, entry (1,2) = (2,1). @internal */
  n12 = 0;
  /** Inverse of the 3x3 K, entry (1,3) = (3,1). @internal */
  n13 = 0;
  /** Inverse of the 3x3 K, entry (2,2). @internal */
  n22 = 0;
  /** Inverse of the 3x3 K, entry (2,3) = (3,2). @internal */
  n23 = 0;
  /** Inverse of the 3x3 K, entry (3,3). @internal */
  n33 = 0;
  /**
   * The limit solved with the point rows as a 3x3 block: {@link LIMIT_NONE}, {@link LIMIT_LOWER},
   * {@link LIMIT_UPPER} or {@link LIMIT_EQUAL} (both bounds); other limits are rows of their own. @internal
   */
  limitState: number = LIMIT_NONE;
  /** Target ωB - ωA of the angle row of the 3x3 block, rad/s (scratch). @internal */
  limitBias = 0;
  /**
   * Whether the block's limit is within reach (gap below 2 |ωB - ωA| dt + {@link LIMIT_NEAR_MARGIN}):
   * a pin in a chain then solves it as a 3x3 block before the chain's solve. @internal
   */
  limitNear = false;
  /** Softness of the point rows. @internal */
  readonly softness = new Softness();
  /** Softness of the angular spring's row. @internal */
  readonly springSoftness = new Softness();
  /** Target ωB - ωA of the angular spring's row, rad/s (scratch). @internal */
  springBias = 0;
  /** Stiffness form's γ = 1 / (dt (c + dt k)) added to K's diagonal, 1/kg (else 0). Scratch. @internal */
  springGamma = 0;
  /** (K + γ I)⁻¹ entry (1,1) of the point rows in the stiffness form, kg (scratch). @internal */
  s11 = 0;
  /** (K + γ I)⁻¹ entry (1,2) = (2,1) (scratch). @internal */
  s12 = 0;
  /** (K + γ I)⁻¹ entry (2,2) (scratch). @internal */
  s22 = 0;
  /**
   * Whether the prepare softened the rigid point rows (`settings.jointHertz`): `relaxJoints` then
   * solves them rigidly without bias and the position pass skips them. Scratch. @internal
   */
  softRows = false;
  /** On a rigid path held at both ends (`markAnchoredJoints`): solved with the joint spring. @internal */
  anchored = false;
  /** Scratch of `markAnchoredJoints`: this step's walk met this joint. @internal */
  anchorSeen = false;
  /** Place in this step's pin chain (`buildJointChains`): CHAIN_NONE, _HEAD or _MEMBER. @internal */
  chainRole: number = CHAIN_NONE;
  /** The previous pin of the chain, or null (scratch). @internal */
  chainPrev: RevoluteJoint | null = null;
  /** The next pin of the chain, or null (scratch). @internal */
  chainNext: RevoluteJoint | null = null;
  /** The body this pin shares with `chainNext`, or null (scratch). @internal */
  chainBody: SolverBody | null = null;
  /** Factor scratch: U = K(this, next), the coupling block to the next pin, entry (1,1). @internal */
  u11 = 0;
  /** Factor scratch: U entry (1,2). @internal */
  u12 = 0;
  /** Factor scratch: U entry (2,1). @internal */
  u21 = 0;
  /** Factor scratch: U entry (2,2). @internal */
  u22 = 0;
  /** Factor scratch: E = Uₚᵀ Dₚ⁻¹ from the previous pin, entry (1,1). @internal */
  e11 = 0;
  /** Factor scratch: E entry (1,2). @internal */
  e12 = 0;
  /** Factor scratch: E entry (2,1). @internal */
  e21 = 0;
  /** Factor scratch: E entry (2,2). @internal */
  e22 = 0;
  /** Factor scratch: D⁻¹ of the eliminated diagonal block, entry (1,1). @internal */
  d11 = 0;
  /** Factor scratch: D⁻¹ entry (1,2) = (2,1). @internal */
  d12 = 0;
  /** Factor scratch: D⁻¹ entry (2,2). @internal */
  d22 = 0;
  /** Solve scratch: the eliminated right-hand side, then the impulse, x. @internal */
  chainX = 0;
  /** Solve scratch: the eliminated right-hand side, then the impulse, y. @internal */
  chainY = 0;

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
    registerJointType(revoluteType);
    super(JointKind.Revolute, bodyA, bodyB, anchor, anchor, 'anchor', 'anchor');
    this.referenceAngleValue = referenceAngleOf(options, bodyA, bodyB);
    this.spring = new JointSpring(0.7).set(options);
    const lower = options.lowerAngle ?? Number.NEGATIVE_INFINITY;
    const upper = options.upperAngle ?? Number.POSITIVE_INFINITY;
    checkRange(lower, upper, 'lowerAngle', 'upperAngle');
    this.enableLimitValue =
      options.enableLimit ?? (options.lowerAngle !== undefined || options.upperAngle !== undefined);
    this.lowerAngleValue = lower;
    this.upperAngleValue = upper;
    this.motorSpeedValue = requireFiniteArg(options.motorSpeed ?? 0, 'motorSpeed');
    this.maxMotorTorqueValue = requireNonNegativeArg(options.maxMotorTorque ?? 0, 'maxMotorTorque');
    this.enableMotorValue = options.enableMotor ?? options.maxMotorTorque !== undefined;
    this.springHertzValue = requireNonNegativeArg(options.springHertz ?? 0, 'springHertz');
    this.springDampingRatioValue = requireNonNegativeArg(
      options.springDampingRatio ?? 0,
      'springDampingRatio',
    );
    this.targetAngleValue = requireFiniteArg(options.targetAngle ?? 0, 'targetAngle');
    this.enableSpringValue = requireBooleanArg(
      options.enableSpring ?? options.springHertz !== undefined,
      'enableSpring',
    );
  }

  /**
   * θB - θA at joint angle 0, radians.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  declare referenceAngle: number;

  /**
   * Whether the angle limits act.
   * @throws ConstraintError unless the value is a boolean (nothing changes then)
   */
  declare enableLimit: boolean;

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
  declare enableMotor: boolean;

  /**
   * Motor target for ωB - ωA, rad/s.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  declare motorSpeed: number;

  /**
   * Largest motor torque, N m.
   * @throws ConstraintError unless the value is a number >= 0 (+Infinity: unbounded) (nothing changes then)
   */
  declare maxMotorTorque: number;

  /**
   * Whether the angular spring acts.
   * @throws ConstraintError unless the value is a boolean (nothing changes then)
   */
  declare enableSpring: boolean;

  /**
   * Frequency of the angular spring, Hz (0: no spring), against the effective mass 1 / (iA + iB).
   * @throws ConstraintError unless the value is a finite number >= 0 (nothing changes then)
   */
  declare springHertz: number;

  /**
   * Damping ratio of the angular spring (1: critical).
   * @throws ConstraintError unless the value is a finite number >= 0 (nothing changes then)
   */
  declare springDampingRatio: number;

  /**
   * The joint angle the spring pulls towards, radians (not wrapped: a spring wound a whole turn
   * pulls back a whole turn).
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  declare targetAngle: number;

  /** The joint angle θB - θA - referenceAngle, radians (not wrapped). */
  jointAngle(): number {
    return this.bodyB.angle - this.bodyA.angle - this.referenceAngleValue;
  }

  /** The joint speed ωB - ωA, rad/s. */
  jointSpeed(): number {
    return this.bodyB.angularVelocity - this.bodyA.angularVelocity;
  }

  /** The motor's torque over the last step, N m (on B, minus this on A). */
  getMotorTorque(): number {
    return this.motorImpulse * this.invDt;
  }

  /** True when the pin is soft: a spring given by stiffness, or a frequency > 0. */
  isSoft(): boolean {
    return this.spring.soft;
  }

  /** How the spring is given: `'frequency'` (`frequencyHz`, `dampingRatio`) or `'stiffness'` (`stiffness`, `damping`). */
  declare readonly springForm: SpringForm;

  /**
   * Softness frequency of the pin, Hz (0: rigid; reads 0 in the stiffness form). Setting it
   * switches a spring given by stiffness to the frequency form (damping ratio 0.7 until set).
   * @throws ConstraintError unless the value is a finite number >= 0
   */
  declare frequencyHz: number;

  /**
   * Softness damping ratio ζ of the pin (reads 0 in the stiffness form). Setting it switches a
   * spring given by stiffness to the frequency form, rigid until a frequency is set.
   * @throws ConstraintError unless the value is a finite number >= 0
   */
  declare dampingRatio: number;

  /**
   * Stiffness k of the pin, N/m per row (reads 0 in the frequency form). Setting it switches a
   * spring given by frequency to the stiffness form (damping 0 until set).
   * @throws ConstraintError unless the value is a finite number >= 0
   */
  declare stiffness: number;

  /**
   * Damping coefficient c of the pin, N·s/m per row (reads 0 in the frequency form). Setting it
   * switches a spring given by frequency to the stiffness form (stiffness 0 until set).
   * @throws ConstraintError unless the value is a finite number >= 0
   */
  declare damping: number;

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
}

defineSpringFields(RevoluteJoint.prototype);

defineCheckedFields(RevoluteJoint.prototype, {
  referenceAngle: requireFiniteArg,
  enableLimit: requireBooleanArg,
  enableMotor: requireBooleanArg,
  motorSpeed: requireFiniteArg,
  maxMotorTorque: requireMaximumArg,
  enableSpring: requireBooleanArg,
  springHertz: requireNonNegativeArg,
  springDampingRatio: requireNonNegativeArg,
  targetAngle: requireFiniteArg,
});
