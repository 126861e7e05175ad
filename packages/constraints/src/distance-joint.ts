import type { Vec2Like } from '@lite/math';
import type { BodyVelocities } from './body-velocities';
import { defineCheckedFields } from './checked-fields';
import {
  ConstraintError,
  requireFiniteArg,
  requireLengthArg,
  requireMaximumArg,
  requireMaxLengthArg,
  requireMinLengthArg,
  requireNonNegativeArg,
} from './errors';
import { AnchoredJoint } from './joint-base';
import { requireBooleanArg } from './joint-frame';
import {
  JointKind,
  MAX_JOINT_PUSH,
  MAX_LINEAR_CORRECTION,
  MIN_DISTANCE,
  maxLinearCorrection,
  positionError,
  registerJointType,
  sparselyHeld,
} from './joint-kind';
import {
  defineSpringFields,
  JointSpring,
  type JointSpringOptions,
  type SpringForm,
  springSoftnessAt,
} from './joint-spring';
import { distanceType } from './joint-types';
import { applyLinearImpulse, moveLinear, pointImpulse, updateLeverArms } from './lever-arms';
import type { SolverSettings } from './settings';
import { baumgarteSoftnessAt, rigidRowSoftnessAt, Softness, softnessInputs } from './softness';
import type { SolverBody } from './solver-body';

/**
 * Options of a {@link DistanceJoint}. The spring is given by `frequencyHz` and `dampingRatio`, or
 * by `stiffness` and `damping`, never both (see {@link JointSpringOptions}).
 */
export interface DistanceJointOptions extends JointSpringOptions {
  /** Rest length L, m (default: the initial distance between the anchors, clamped into [minLength, maxLength]). */
  length?: number;
  /**
   * Shortest allowed distance, m. Giving `minLength` or `maxLength` makes a range: the other end
   * defaults to 0 or +Infinity. Neither given: both equal the length.
   */
  minLength?: number;
  /** Longest allowed distance, m (+Infinity allowed). `{ maxLength: L }` alone is a rope. */
  maxLength?: number;
  /** Spring frequency, Hz; 0 (default) is rigid. */
  frequencyHz?: number;
  /** Spring damping ratio ζ (default 0; 1 is critical). */
  dampingRatio?: number;
  /** Spring stiffness k, N/m (instead of `frequencyHz`): the row pulls with k (d - L). */
  stiffness?: number;
  /** Spring damping coefficient c, N·s/m (instead of `dampingRatio`; default 0). */
  damping?: number;
  /**
   * Turn the motor driving the distance's rate towards `motorSpeed` on or off (default: on when
   * `maxMotorForce` is given); it acts on a spring or a range, not on a rigid rod.
   */
  enableMotor?: boolean;
  /** Motor target for the rate of change of the distance, m/s (default 0; < 0 pulls in). */
  motorSpeed?: number;
  /** Largest force the motor may apply along the axis, N (default 0). */
  maxMotorForce?: number;
}

/**
 * Keeps two anchors, one on each body, at a distance: rigid, or a spring toward `length` (given by
 * frequency or by stiffness; docs/softness.md), with `minLength` < `maxLength` also kept in that
 * range by one-sided rows (a rope: `{ maxLength }`), and an optional motor along the axis. When the
 * anchors coincide the joint does nothing that step.
 * Fields below `impulse` are solver scratch, written by the prepare and read by the solve.
 */
export class DistanceJoint extends AnchoredJoint {
  /** {@link JointKind.Distance}. */
  declare readonly kind: typeof JointKind.Distance;
  /** The value behind `length` (read by the solver; set through `length`). @internal */
  lengthValue: number;
  /** The value behind `minLength` (read by the solver; set through `minLength`). @internal */
  minLengthValue: number;
  /** The value behind `maxLength` (read by the solver; set through `maxLength`). @internal */
  maxLengthValue: number;
  /** The length row's spring, in either form (read and change it through the accessors below). @internal */
  readonly spring: JointSpring;
  /** The value behind `enableMotor` (read by the solver; set through `enableMotor`). @internal */
  enableMotorValue: boolean;
  /** The value behind `motorSpeed` (read by the solver; set through `motorSpeed`). @internal */
  motorSpeedValue: number;
  /** The value behind `maxMotorForce` (read by the solver; set through `maxMotorForce`). @internal */
  maxMotorForceValue: number;
  /** Accumulated impulse of the motor, N s (|motorImpulse| <= maxMotorForce dt). @internal */
  motorImpulse = 0;
  /** maxMotorForce · dt of this step, N s. @internal */
  maxMotorImpulse = 0;
  /** Accumulated impulse of the length row (rigid or spring), N s. @internal */
  impulse = 0;

  /** Accumulated impulse of the minimum-length row, N s (>= 0). @internal */
  lowerImpulse = 0;
  /** Accumulated impulse of the maximum-length row, N s (>= 0). @internal */
  upperImpulse = 0;
  /** Current distance between the anchors, m (set by the prepare). @internal */
  currentLength: number;
  /** Unit direction from A's anchor to B's, x (0 when degenerate). @internal */
  ux = 0;
  /** Unit direction from A's anchor to B's, y. @internal */
  uy = 0;
  /** K = J M⁻¹ Jᵀ of the row, 1/kg. @internal */
  k = 0;
  /** 1/K, kg (0 when degenerate or both bodies are immovable). @internal */
  mass = 0;
  /** Target Ċ of the length row, m/s. @internal */
  bias = 0;
  /** Target Ċ of the minimum-length row, m/s. @internal */
  lowerBias = 0;
  /** Target of -Ċ for the maximum-length row, m/s. @internal */
  upperBias = 0;
  /** Softness of the length row. @internal */
  readonly softness = new Softness();
  /**
   * Whether the prepare softened the rigid length row (`settings.jointHertz`): `relaxJoints` then
   * solves it rigidly without bias and the position pass skips it. Scratch. @internal
   */
  softRows = false;
  /** On a rigid path held at both ends (`markAnchoredJoints`): solved with the joint spring. @internal */
  anchored = false;
  /** Scratch of `markAnchoredJoints`: this step's walk met this joint. @internal */
  anchorSeen = false;

  /**
   * @param anchorA - the anchor on A, world coordinates
   * @param anchorB - the anchor on B, world coordinates
   * @throws ConstraintError when the bodies are not distinct, an anchor is not finite, a length is
   *   negative or outside the range, minLength > maxLength, or a spring value is bad
   */
  constructor(
    bodyA: SolverBody,
    bodyB: SolverBody,
    anchorA: Vec2Like,
    anchorB: Vec2Like,
    options: DistanceJointOptions = {},
  ) {
    registerJointType(distanceType);
    super(JointKind.Distance, bodyA, bodyB, anchorA, anchorB, 'anchorA', 'anchorB');
    const initial = Math.hypot(anchorB.x - anchorA.x, anchorB.y - anchorA.y);
    const ranged = options.minLength !== undefined || options.maxLength !== undefined;
    let minLength = 0;
    let maxLength = ranged ? Number.POSITIVE_INFINITY : 0;
    if (options.minLength !== undefined) minLength = requireNonNegativeArg(options.minLength, 'minLength');
    if (options.maxLength !== undefined) {
      maxLength = options.maxLength;
      if (!(maxLength >= 0)) throw new ConstraintError('maxLength', maxLength, 'must be a number >= 0');
    }
    if (ranged && !(minLength <= maxLength)) {
      throw new ConstraintError('maxLength', maxLength, `must be >= minLength (${minLength})`);
    }
    let length: number;
    if (options.length !== undefined) {
      length = requireNonNegativeArg(options.length, 'length');
      if (ranged && !(length >= minLength && length <= maxLength)) {
        throw new ConstraintError('length', length, `must be within [${minLength}, ${maxLength}]`);
      }
    } else {
      length = ranged ? Math.min(Math.max(initial, minLength), maxLength) : initial;
    }
    if (!ranged) {
      minLength = length;
      maxLength = length;
    }
    this.lengthValue = length;
    this.minLengthValue = minLength;
    this.maxLengthValue = maxLength;
    this.spring = new JointSpring(0).set(options);
    this.currentLength = initial;
    this.motorSpeedValue = requireFiniteArg(options.motorSpeed ?? 0, 'motorSpeed');
    this.maxMotorForceValue = requireMaximumArg(options.maxMotorForce ?? 0, 'maxMotorForce');
    this.enableMotorValue = requireBooleanArg(
      options.enableMotor ?? options.maxMotorForce !== undefined,
      'enableMotor',
    );
  }

  /**
   * Rest length L, m.
   * @throws ConstraintError unless the value is a finite number in [`minLength`, `maxLength`] (nothing changes then)
   */
  get length(): number {
    return this.lengthValue;
  }
  set length(value: number) {
    this.lengthValue = requireLengthArg(value, this.minLengthValue, this.maxLengthValue);
  }

  /**
   * Shortest allowed distance, m (equal to `maxLength`: no range rows).
   * @throws ConstraintError unless the value is a number >= 0 and <= `length` (nothing changes then)
   */
  get minLength(): number {
    return this.minLengthValue;
  }
  set minLength(value: number) {
    this.minLengthValue = requireMinLengthArg(value, this.lengthValue);
  }

  /**
   * Longest allowed distance, m (may be +Infinity).
   * @throws ConstraintError unless the value is a number (+Infinity: no bound) >= `length` (nothing changes then)
   */
  get maxLength(): number {
    return this.maxLengthValue;
  }
  set maxLength(value: number) {
    this.maxLengthValue = requireMaxLengthArg(value, this.lengthValue);
  }

  /**
   * Sets the rest length and the range together (without a range: a rigid rod); returns this. The
   * single setters each keep `minLength <= length <= maxLength`, which some changes cannot.
   * @throws ConstraintError naming the first bad value (nothing changes then)
   */
  setLengths(length: number, minLength: number = length, maxLength: number = length): this {
    if (typeof minLength !== 'number' || !(minLength >= 0)) {
      throw new ConstraintError('minLength', minLength, 'must be a number >= 0');
    }
    if (typeof maxLength !== 'number' || !(maxLength >= minLength)) {
      throw new ConstraintError('maxLength', maxLength, `must be a number >= minLength (${minLength})`);
    }
    requireLengthArg(length, minLength, maxLength);
    this.lengthValue = length;
    this.minLengthValue = minLength;
    this.maxLengthValue = maxLength;
    return this;
  }

  /**
   * Whether the motor acts (on a spring or a range; a rigid rod has no motor).
   * @throws ConstraintError unless the value is a boolean (nothing changes then)
   */
  declare enableMotor: boolean;

  /**
   * Motor target for the rate of change of the distance, m/s (< 0 pulls the anchors together).
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  declare motorSpeed: number;

  /**
   * Largest motor force, N.
   * @throws ConstraintError unless the value is a number >= 0 (+Infinity: unbounded) (nothing changes then)
   */
  declare maxMotorForce: number;

  /** True when the joint has a length row: a spring (soft) or rigid (no range). */
  hasLengthRow(): boolean {
    return this.spring.soft || this.minLengthValue === this.maxLengthValue;
  }

  /** The motor's force over the last step, N (along the line from A's anchor to B's, on B). */
  getMotorForce(): number {
    return this.motorImpulse * this.invDt;
  }

  /** True when the length row is a spring: the stiffness form, or a frequency > 0. */
  isSoft(): boolean {
    return this.spring.soft;
  }

  /** How the spring is given: `'frequency'` (`frequencyHz`, `dampingRatio`) or `'stiffness'` (`stiffness`, `damping`). */
  declare readonly springForm: SpringForm;

  /**
   * Spring frequency, Hz (0: rigid; reads 0 in the stiffness form). Setting it switches a spring
   * given by stiffness to the frequency form (damping ratio 0 until set).
   * @throws ConstraintError unless the value is a finite number >= 0
   */
  declare frequencyHz: number;

  /**
   * Spring damping ratio ζ (reads 0 in the stiffness form). Setting it switches a spring given by
   * stiffness to the frequency form, rigid until a frequency is set.
   * @throws ConstraintError unless the value is a finite number >= 0
   */
  declare dampingRatio: number;

  /**
   * Spring stiffness k, N/m (reads 0 in the frequency form). Setting it switches a spring given by
   * frequency to the stiffness form (damping 0 until set).
   * @throws ConstraintError unless the value is a finite number >= 0
   */
  declare stiffness: number;

  /**
   * Spring damping coefficient c, N·s/m (reads 0 in the frequency form). Setting it switches a
   * spring given by frequency to the stiffness form (stiffness 0 until set).
   * @throws ConstraintError unless the value is a finite number >= 0
   */
  declare damping: number;

  /**
   * Sets the whole spring, in either form (`{}`: rigid; absent values 0); returns this.
   * @throws ConstraintError when both forms are given or a value is negative or not finite
   */
  setSpring(options: JointSpringOptions): this {
    this.spring.set(options);
    return this;
  }
}

defineSpringFields(DistanceJoint.prototype);

/** Whether the joint's motor acts: enabled, on a spring or a range (a rigid rod's length row would undo it). */
function motorActs(joint: DistanceJoint): boolean {
  return joint.enableMotorValue && (joint.spring.soft || joint.minLengthValue < joint.maxLengthValue);
}

defineCheckedFields(DistanceJoint.prototype, {
  enableMotor: requireBooleanArg,
  motorSpeed: requireFiniteArg,
  maxMotorForce: requireMaximumArg,
});

/**
 * Pre-step of a distance joint on packed velocities: lever arms, direction, K, biases, softness;
 * then the warm start at its bodies' places in `bodies` (or zeroed impulses). @internal
 */
export function prepareDistanceJointAt(
  joint: DistanceJoint,
  dt: number,
  invDt: number,
  settings: SolverSettings,
  bodies: BodyVelocities,
  softRows: boolean,
): void {
  // Bound here, not in a shared helper, so each kind's accesses stay monomorphic.
  const stride = bodies.velocityStride;
  joint.velocityA = stride * bodies.velocitySlot(joint.bodyA);
  joint.velocityB = stride * bodies.velocitySlot(joint.bodyB);
  const v = bodies.velocities;
  joint.invDt = invDt;
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  const mA = bA.invMass;
  const iA = bA.invI;
  const mB = bB.invMass;
  const iB = bB.invI;
  updateLeverArms(joint);
  const rAx = joint.rAx;
  const rAy = joint.rAy;
  const rBx = joint.rBx;
  const rBy = joint.rBy;
  const dx = bB.center.x + rBx - bA.center.x - rAx;
  const dy = bB.center.y + rBy - bA.center.y - rAy;
  const d = Math.sqrt(dx * dx + dy * dy);
  joint.currentLength = d;
  joint.softRows = false;

  if (d < MIN_DISTANCE) {
    // The anchors coincide: u is undefined.
    joint.ux = 0;
    joint.uy = 0;
    joint.k = 0;
    joint.mass = 0;
    joint.bias = 0;
    joint.lowerBias = 0;
    joint.upperBias = 0;
    joint.impulse = 0;
    joint.lowerImpulse = 0;
    joint.upperImpulse = 0;
    joint.motorImpulse = 0;
    return;
  }
  const ux = dx / d;
  const uy = dy / d;
  joint.ux = ux;
  joint.uy = uy;

  // C = |pB - pA| - L,  u = (pB - pA) / |pB - pA|
  // Ċ = u · (vB + wB × rB - vA - wA × rA)
  // J = [ -u, -(rA × u), u, (rB × u) ]
  // K = J M⁻¹ Jᵀ = mA + mB + iA (rA × u)² + iB (rB × u)²
  const ruA = rAx * uy - rAy * ux;
  const ruB = rBx * uy - rBy * ux;
  const k = mA + mB + iA * ruA * ruA + iB * ruB * ruB;
  joint.k = k;
  const mass = k > 0 ? 1 / k : 0;
  joint.mass = mass;

  const baumgarte = settings.positionCorrection ? settings.baumgarte * invDt : 0;
  const softness = joint.softness;
  const spring = joint.spring;
  softnessInputs[2] = mass;
  softnessInputs[3] = dt;
  // The spring's softness in either form; without one, the joint spring or Baumgarte's.
  const sprung = springSoftnessAt(spring, softness);
  if (!sprung && softRows && settings.positionCorrection && joint.minLengthValue === joint.maxLengthValue) {
    rigidRowSoftnessAt(softness, settings);
    joint.softRows = true;
  } else if (!sprung) {
    baumgarteSoftnessAt(softness, settings);
  }
  let bias = -softness.biasRate * (d - joint.lengthValue);
  // Capped as a pin's: between two immovable bodies moving apart the stretch, and push, is unbounded.
  if (joint.softRows) {
    const maxPush = MAX_JOINT_PUSH;
    if (bias > maxPush) bias = maxPush;
    else if (bias < -maxPush) bias = -maxPush;
  }
  joint.bias = bias;

  // One-sided rows: C = d - minLength >= 0 and C = maxLength - d >= 0. While C > 0 the row allows
  // closing at up to C/dt (it lands exactly on the bound, speculatively); below 0, Baumgarte.
  const lowerC = d - joint.minLengthValue;
  joint.lowerBias = lowerC > 0 ? -lowerC * invDt : -baumgarte * lowerC;
  const upperC = joint.maxLengthValue - d;
  joint.upperBias = upperC > 0 ? -upperC * invDt : -baumgarte * upperC;
  if (!joint.hasLengthRow()) joint.impulse = 0;
  if (joint.minLengthValue === joint.maxLengthValue || joint.minLengthValue <= 0) joint.lowerImpulse = 0;
  if (joint.minLengthValue === joint.maxLengthValue || joint.maxLengthValue === Number.POSITIVE_INFINITY) {
    joint.upperImpulse = 0;
  }

  joint.maxMotorImpulse = joint.maxMotorForceValue * dt;
  if (!motorActs(joint)) joint.motorImpulse = 0;

  if (settings.warmStarting) {
    let lambda = joint.impulse + joint.lowerImpulse - joint.upperImpulse;
    // Only when there is one: adding a zero could turn a -0 into +0.
    if (joint.motorImpulse !== 0) lambda += joint.motorImpulse;
    along[1] = lambda;
    pushAlong(joint, v);
  } else {
    joint.impulse = 0;
    joint.lowerImpulse = 0;
    joint.upperImpulse = 0;
    joint.motorImpulse = 0;
  }
}

// Ċ along u, and the impulse `pushAlong` applies (slots: docs/performance.md, "Boxed numbers").
const along = new Float64Array(2);

/** Ċ along u, u · (vB + ωB × rB - vA - ωA × rA), from the packed velocities `v` into `along[0]`. */
function speedAlong(joint: DistanceJoint, v: Float64Array): void {
  const oA = joint.velocityA;
  const oB = joint.velocityB;
  const wA = v[oA + 2];
  const wB = v[oB + 2];
  along[0] =
    (v[oB] - wB * joint.rBy - v[oA] + wA * joint.rAy) * joint.ux +
    (v[oB + 1] + wB * joint.rBx - v[oA + 1] - wA * joint.rAx) * joint.uy;
}

/** Applies the impulse `along[1]` u to B's packed velocities, its opposite to A's. */
function pushAlong(joint: DistanceJoint, v: Float64Array): void {
  pointImpulse[0] = along[1] * joint.ux;
  pointImpulse[1] = along[1] * joint.uy;
  applyLinearImpulse(joint, v);
}

/**
 * One velocity iteration of a distance joint on the packed velocities `v`, at the places the
 * prepare bound: the length row (rigid or soft), the motor, then the range rows. @internal
 */
export function solveDistanceJointAt(joint: DistanceJoint, v: Float64Array): void {
  const mass = joint.mass;
  if (mass === 0) return;
  const minLength = joint.minLengthValue;
  const maxLength = joint.maxLengthValue;
  if (joint.spring.soft || minLength === maxLength) {
    speedAlong(joint, v);
    const softness = joint.softness;
    const lambda =
      softness.massScale * mass * (joint.bias - along[0]) - softness.impulseScale * joint.impulse;
    joint.impulse += lambda;
    along[1] = lambda;
    pushAlong(joint, v);
  }
  if (motorActs(joint)) {
    // Ċ towards motorSpeed, the accumulated impulse within ±maxMotorForce dt (Box2D v3: after the
    // spring, before the range rows).
    speedAlong(joint, v);
    const old = joint.motorImpulse;
    const maxImpulse = joint.maxMotorImpulse;
    const total = old + mass * (joint.motorSpeedValue - along[0]);
    joint.motorImpulse = total < -maxImpulse ? -maxImpulse : total > maxImpulse ? maxImpulse : total;
    along[1] = joint.motorImpulse - old;
    pushAlong(joint, v);
  }
  if (minLength < maxLength) {
    if (minLength > 0) {
      speedAlong(joint, v);
      const old = joint.lowerImpulse;
      const lambda = mass * (joint.lowerBias - along[0]);
      joint.lowerImpulse = old + lambda > 0 ? old + lambda : 0;
      along[1] = joint.lowerImpulse - old;
      pushAlong(joint, v);
    }
    if (maxLength < Number.POSITIVE_INFINITY) {
      // C = maxLength - d, Ċ = -u · dv: the same row with the sign flipped.
      speedAlong(joint, v);
      const old = joint.upperImpulse;
      const lambda = mass * (joint.upperBias + along[0]);
      joint.upperImpulse = old + lambda > 0 ? old + lambda : 0;
      along[1] = -(joint.upperImpulse - old);
      pushAlong(joint, v);
    }
  }
}

/**
 * One position pass of a distance joint: moves the bodies to remove a rigid row's or a violated
 * range's error, at most {@link MAX_LINEAR_CORRECTION}; the error before, m, to `positionError[0]`. @internal
 */
export function distancePositionStep(joint: DistanceJoint): void {
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  const mA = bA.invMass;
  const iA = bA.invI;
  const mB = bB.invMass;
  const iB = bB.invI;
  updateLeverArms(joint);
  const rAx = joint.rAx;
  const rAy = joint.rAy;
  const rBx = joint.rBx;
  const rBy = joint.rBy;
  const dx = bB.center.x + rBx - bA.center.x - rAx;
  const dy = bB.center.y + rBy - bA.center.y - rAy;
  const d = Math.sqrt(dx * dx + dy * dy);
  if (d < MIN_DISTANCE) {
    positionError[0] = 0;
    return;
  }
  const ux = dx / d;
  const uy = dy / d;

  let C = 0;
  if (joint.minLengthValue === joint.maxLengthValue) {
    if (joint.spring.soft || (joint.softRows && !sparselyHeld(bA, bB))) {
      positionError[0] = 0;
      return;
    }
    C = d - joint.lengthValue;
  } else if (d < joint.minLengthValue) {
    C = d - joint.minLengthValue;
  } else if (d > joint.maxLengthValue) {
    C = d - joint.maxLengthValue;
  } else {
    positionError[0] = 0;
    return;
  }
  const error = Math.abs(C);
  const most = maxLinearCorrection();
  C = C < -most ? -most : C > most ? most : C;

  const ruA = rAx * uy - rAy * ux;
  const ruB = rBx * uy - rBy * ux;
  const k = mA + mB + iA * ruA * ruA + iB * ruB * ruB;
  if (k === 0) {
    positionError[0] = error;
    return;
  }
  const lambda = -C / k;
  pointImpulse[0] = lambda * ux;
  pointImpulse[1] = lambda * uy;
  moveLinear(joint);
  positionError[0] = error;
}
