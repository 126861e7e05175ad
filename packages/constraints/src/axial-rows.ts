import { cosSinInPlace, type Vec2Like } from '@lite/math';
import { defineCheckedFields, lowerBoundOf, upperBoundOf } from './checked-fields';
import { requireFiniteArg } from './errors';
import { AnchoredJoint } from './joint-base';
import { checkRange, requireBooleanArg, toLocalAxis } from './joint-frame';
import { JointSpring, type JointSpringOptions } from './joint-spring';
import type { SolverSettings } from './settings';
import { Softness } from './softness';
import type { SolverBody } from './solver-body';

// What the prismatic and wheel joints share: body B moving along an axis fixed in body A.

/** The options both joints with an axis take (see `PrismaticJointOptions`, `WheelJointOptions`). */
interface AxialOptions extends JointSpringOptions {
  lowerTranslation?: number;
  upperTranslation?: number;
  enableLimit?: boolean;
  motorSpeed?: number;
  enableMotor?: boolean;
}

const local = new Float64Array(2);

/**
 * Base of the prismatic and wheel joints (body B moving along an axis fixed in body A): the axis,
 * translation limits, motor switch and speed, the spring along the axis, and the prepare's scratch.
 */
export abstract class AxialJoint extends AnchoredJoint {
  /** The value behind `localAxisX` (read by the solver; set through `localAxisX`). @internal */
  localAxisXValue: number;
  /** The value behind `localAxisY` (read by the solver; set through `localAxisY`). @internal */
  localAxisYValue: number;
  /** The spring along the axis (frequency 0 in the frequency form: no spring). @internal */
  readonly spring: JointSpring;
  /** The value behind `enableLimit` (read by the solver; set through `enableLimit`). @internal */
  enableLimitValue: boolean;
  /** The value behind `lowerTranslation` (read by the solver; set through `lowerTranslation`). @internal */
  lowerTranslationValue: number;
  /** The value behind `upperTranslation` (read by the solver; set through `upperTranslation`). @internal */
  upperTranslationValue: number;
  /** The value behind `enableMotor` (read by the solver; set through `enableMotor`). @internal */
  enableMotorValue: boolean;
  /** The value behind `motorSpeed` (read by the solver; set through `motorSpeed`). @internal */
  motorSpeedValue: number;
  /** Accumulated impulse of the perpendicular row, N s. @internal */
  perpImpulse = 0;
  /** Accumulated impulse of the spring, N s. @internal */
  springImpulse = 0;
  /** Accumulated impulse of the motor (N s along the axis, N m s on the wheel's rotation). @internal */
  motorImpulse = 0;
  /** Accumulated impulse of the lower limit, N s (>= 0). @internal */
  lowerImpulse = 0;
  /** Accumulated impulse of the upper limit, N s (>= 0). @internal */
  upperImpulse = 0;
  /** The axis in world orientation, x. @internal */
  axisX = 0;
  /** The axis in world orientation, y. @internal */
  axisY = 0;
  /** (d + rA) × axis, m. @internal */
  a1 = 0;
  /** rB × axis, m. @internal */
  a2 = 0;
  /** (d + rA) × perp, m. @internal */
  s1 = 0;
  /** rB × perp, m. @internal */
  s2 = 0;
  /** 1 / K of the axial rows, kg. @internal */
  axialMass = 0;
  /** Target velocity of the perpendicular row, m/s. @internal */
  perpBias = 0;
  /** Target velocity of the spring row, m/s. @internal */
  springBias = 0;
  /** Target velocity of the lower-limit row, m/s. @internal */
  lowerBias = 0;
  /** Target velocity of the upper-limit row, m/s. @internal */
  upperBias = 0;
  /** The translation at the prepare, m. @internal */
  translation = 0;
  /** The motor's largest force or torque times dt of this step. @internal */
  maxMotorImpulse = 0;
  /** Softness of the spring row. @internal */
  readonly softness = new Softness();

  /**
   * @param kind - the kind's `JointKind` value
   * @param bodyA - the first body (the axis is fixed in it)
   * @param bodyB - the second body
   * @param anchor - a point of the axis, world coordinates
   * @param axis - the direction of travel, world (any non-zero length)
   * @param options - limits, motor switch and speed, spring
   * @param hasMaxMotor - whether the options give the motor's largest force or torque
   * @throws ConstraintError naming the argument and the value
   */
  protected constructor(
    kind: number,
    bodyA: SolverBody,
    bodyB: SolverBody,
    anchor: Vec2Like,
    axis: Vec2Like,
    options: AxialOptions,
    hasMaxMotor: boolean,
  ) {
    super(kind, bodyA, bodyB, anchor, anchor, 'anchor', 'anchor');
    toLocalAxis(bodyA, axis, 'axis', local);
    this.localAxisXValue = local[0];
    this.localAxisYValue = local[1];
    this.spring = new JointSpring(0.7).set(options);
    const lower = options.lowerTranslation ?? Number.NEGATIVE_INFINITY;
    const upper = options.upperTranslation ?? Number.POSITIVE_INFINITY;
    checkRange(lower, upper, 'lowerTranslation', 'upperTranslation');
    this.lowerTranslationValue = lower;
    this.upperTranslationValue = upper;
    this.enableLimitValue =
      options.enableLimit === undefined
        ? options.lowerTranslation !== undefined || options.upperTranslation !== undefined
        : requireBooleanArg(options.enableLimit, 'enableLimit');
    this.motorSpeedValue = requireFiniteArg(options.motorSpeed ?? 0, 'motorSpeed');
    this.enableMotorValue =
      options.enableMotor === undefined ? hasMaxMotor : requireBooleanArg(options.enableMotor, 'enableMotor');
  }

  /**
   * Unit axis in A's frame, x.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  declare localAxisX: number;

  /**
   * Unit axis in A's frame, y.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  declare localAxisY: number;

  /**
   * Whether the translation limits act.
   * @throws ConstraintError unless the value is a boolean (nothing changes then)
   */
  declare enableLimit: boolean;

  /**
   * Lowest translation, m (may be -Infinity).
   * @throws ConstraintError unless the value is a number (not NaN) <= `upperTranslation` (nothing changes then)
   */
  declare lowerTranslation: number;

  /**
   * Highest translation, m (may be +Infinity).
   * @throws ConstraintError unless the value is a number (not NaN) >= `lowerTranslation` (nothing changes then)
   */
  declare upperTranslation: number;

  /**
   * Whether the motor acts.
   * @throws ConstraintError unless the value is a boolean (nothing changes then)
   */
  declare enableMotor: boolean;

  /**
   * Motor target speed (m/s along the axis for a prismatic joint, ωB - ωA in rad/s for a wheel).
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  declare motorSpeed: number;

  /** The translation now: the anchors' separation along the axis, m (0 where the joint was made). */
  getTranslation(): number {
    computeAxialFrame(this);
    return this.translation;
  }

  /**
   * Sets the spring along the axis, in either form (`{}`: no spring); returns this.
   * @throws ConstraintError when both forms are given or a value is negative or not finite
   */
  setSpring(options: JointSpringOptions): this {
    this.spring.set(options);
    return this;
  }

  /**
   * Sets both translation limits and enables them; returns this.
   * @throws ConstraintError when lower > upper or a bound is NaN (nothing changes then)
   */
  setLimits(lowerTranslation: number, upperTranslation: number): this {
    checkRange(lowerTranslation, upperTranslation, 'lowerTranslation', 'upperTranslation');
    this.lowerTranslationValue = lowerTranslation;
    this.upperTranslationValue = upperTranslation;
    this.enableLimitValue = true;
    return this;
  }

  /**
   * Turns the limits on or off; returns this.
   * @throws ConstraintError unless `flag` is a boolean
   */
  setEnableLimit(flag: boolean): this {
    this.enableLimitValue = requireBooleanArg(flag, 'enableLimit');
    return this;
  }

  /**
   * Sets the motor's target speed (as `motorSpeed`); returns this.
   * @throws ConstraintError unless `speed` is finite
   */
  setMotorSpeed(speed: number): this {
    this.motorSpeedValue = requireFiniteArg(speed, 'motorSpeed');
    return this;
  }

  /**
   * Turns the motor on or off; returns this.
   * @throws ConstraintError unless `flag` is a boolean
   */
  setEnableMotor(flag: boolean): this {
    this.enableMotorValue = requireBooleanArg(flag, 'enableMotor');
    return this;
  }
}

defineCheckedFields(AxialJoint.prototype, {
  localAxisX: requireFiniteArg,
  localAxisY: requireFiniteArg,
  enableLimit: requireBooleanArg,
  lowerTranslation: lowerBoundOf('upperTranslation'),
  upperTranslation: upperBoundOf('lowerTranslation'),
  enableMotor: requireBooleanArg,
  motorSpeed: requireFiniteArg,
});

// cos and sin of a body's angle (module scratch: nothing allocated).
const rot = new Float64Array(2);

/**
 * Where {@link axialSpeed} leaves Ċ of the axial rows (a slot: a number returned from a call that
 * is not inlined would be boxed). @internal
 */
export const axialSpeedSlot = new Float64Array(1);

/**
 * From the poses: lever arms, world axis a, d = xB + rB - xA - rA, the translation a·d, and
 * a1 = (d + rA) × a, a2 = rB × a, s1 = (d + rA) × p, s2 = rB × p (p = a turned by 90°). @internal
 */
export function computeAxialFrame(joint: AxialJoint): void {
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  rot[0] = bA.angle;
  cosSinInPlace(rot);
  const cA = rot[0];
  const sA = rot[1];
  rot[0] = bB.angle;
  cosSinInPlace(rot);
  const cB = rot[0];
  const sB = rot[1];
  const rAx = cA * joint.localAnchorAXValue - sA * joint.localAnchorAYValue;
  const rAy = sA * joint.localAnchorAXValue + cA * joint.localAnchorAYValue;
  const rBx = cB * joint.localAnchorBXValue - sB * joint.localAnchorBYValue;
  const rBy = sB * joint.localAnchorBXValue + cB * joint.localAnchorBYValue;
  const ax = cA * joint.localAxisXValue - sA * joint.localAxisYValue;
  const ay = sA * joint.localAxisXValue + cA * joint.localAxisYValue;
  joint.rAx = rAx;
  joint.rAy = rAy;
  joint.rBx = rBx;
  joint.rBy = rBy;
  joint.axisX = ax;
  joint.axisY = ay;
  const dx = bB.center.x + rBx - bA.center.x - rAx;
  const dy = bB.center.y + rBy - bA.center.y - rAy;
  joint.translation = ax * dx + ay * dy;
  // p = (-a.y, a.x); u × v = u.x v.y - u.y v.x.
  const ux = dx + rAx;
  const uy = dy + rAy;
  joint.a1 = ux * ay - uy * ax;
  joint.a2 = rBx * ay - rBy * ax;
  joint.s1 = ux * ax + uy * ay;
  joint.s2 = rBx * ax + rBy * ay;
}

/** Ċ of the axial rows, a·(vB - vA) + a2 ωB - a1 ωA (from the packed velocities `v`), into {@link axialSpeedSlot}. @internal */
export function axialSpeed(joint: AxialJoint, v: Float64Array): void {
  const oA = joint.velocityA;
  const oB = joint.velocityB;
  axialSpeedSlot[0] =
    joint.axisX * (v[oB] - v[oA]) +
    joint.axisY * (v[oB + 1] - v[oA + 1]) +
    joint.a2 * v[oB + 2] -
    joint.a1 * v[oA + 2];
}

/** Ċ of the perpendicular row, p·(vB - vA) + s2 ωB - s1 ωA, into {@link axialSpeedSlot}. @internal */
export function perpSpeed(joint: AxialJoint, v: Float64Array): void {
  const oA = joint.velocityA;
  const oB = joint.velocityB;
  axialSpeedSlot[0] =
    -joint.axisY * (v[oB] - v[oA]) +
    joint.axisX * (v[oB + 1] - v[oA + 1]) +
    joint.s2 * v[oB + 2] -
    joint.s1 * v[oA + 2];
}

/**
 * After {@link computeAxialFrame}: the perpendicular row's Baumgarte bias, and the limits' biases,
 * speculative inside (the bound is met at the step's end); past a bound the row stops travel and
 * the position pass moves the body back. @internal
 */
export function prepareAxialRows(joint: AxialJoint, settings: SolverSettings): void {
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  const beta = settings.positionCorrection ? settings.baumgarte * joint.invDt : 0;
  const dx = bB.center.x + joint.rBx - bA.center.x - joint.rAx;
  const dy = bB.center.y + joint.rBy - bA.center.y - joint.rAy;
  joint.perpBias = -beta * (-joint.axisY * dx + joint.axisX * dy);
  if (joint.enableLimitValue) {
    const lowerC = joint.translation - joint.lowerTranslationValue;
    const upperC = joint.upperTranslationValue - joint.translation;
    joint.lowerBias = lowerC > 0 ? -lowerC * joint.invDt : 0;
    joint.upperBias = upperC > 0 ? -upperC * joint.invDt : 0;
    if (!Number.isFinite(joint.lowerBias)) joint.lowerBias = 0;
    if (!Number.isFinite(joint.upperBias)) joint.upperBias = 0;
  } else {
    joint.lowerImpulse = 0;
    joint.upperImpulse = 0;
  }
}

/**
 * The impulses {@link applyAxialImpulse} applies (a slot: docs/performance.md, "Boxed numbers"):
 * [along the perpendicular p, on the angle, along the axis a]. @internal
 */
export const axialImpulse = new Float64Array(3);

/**
 * Applies the impulses in {@link axialImpulse} to B's packed velocities and their opposites to A's:
 * P = perp p + axial a, A's angular impulse perp s1 + angular + axial a1, B's perp s2 + angular +
 * axial a2. Where at most one of the three is not zero, the order of the sums does not change the result. @internal
 */
export function applyAxialImpulse(joint: AxialJoint, v: Float64Array): void {
  const oA = joint.velocityA;
  const oB = joint.velocityB;
  const perp = axialImpulse[0];
  const angular = axialImpulse[1];
  const axial = axialImpulse[2];
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  const mA = bA.invMass;
  const mB = bB.invMass;
  const Px = -joint.axisY * perp + joint.axisX * axial;
  const Py = joint.axisX * perp + joint.axisY * axial;
  const LA = perp * joint.s1 + angular + axial * joint.a1;
  const LB = perp * joint.s2 + angular + axial * joint.a2;
  v[oA] -= mA * Px;
  v[oA + 1] -= mA * Py;
  v[oA + 2] -= bA.invI * LA;
  v[oB] += mB * Px;
  v[oB + 1] += mB * Py;
  v[oB + 2] += bB.invI * LB;
}

/** The slots of {@link axialImpulse}. @internal */
export const PERP = 0;
/** @internal */
export const ANGULAR = 1;
/** @internal */
export const AXIAL = 2;

/** {@link applyAxialImpulse} of the `slot` entry of {@link axialImpulse} alone (the other two zeroed). @internal */
export function applyAxialRow(joint: AxialJoint, v: Float64Array, slot: number): void {
  if (slot !== PERP) axialImpulse[PERP] = 0;
  if (slot !== ANGULAR) axialImpulse[ANGULAR] = 0;
  if (slot !== AXIAL) axialImpulse[AXIAL] = 0;
  applyAxialImpulse(joint, v);
}

/**
 * The rows along the axis, in Box2D's order: the spring (soft, towards `springBias`, the
 * accumulated impulse unbounded), with `motor` the motor towards `motorSpeed` (the accumulated
 * impulse within ±maxMotorImpulse), then each finite limit (Ċ >= lowerBias, -Ċ >= upperBias, the
 * accumulated impulses >= 0). @internal
 */
export function solveAxialRows(joint: AxialJoint, v: Float64Array, motor: boolean): void {
  const axialMass = joint.axialMass;
  if (!(axialMass > 0)) return;
  if (joint.spring.soft) {
    const softness = joint.softness;
    axialSpeed(joint, v);
    const lambda =
      softness.massScale * axialMass * (joint.springBias - axialSpeedSlot[0]) -
      softness.impulseScale * joint.springImpulse;
    joint.springImpulse += lambda;
    axialImpulse[AXIAL] = lambda;
    applyAxialRow(joint, v, AXIAL);
  }
  if (motor) {
    axialSpeed(joint, v);
    const old = joint.motorImpulse;
    const total = Math.min(
      Math.max(old - axialMass * (axialSpeedSlot[0] - joint.motorSpeedValue), -joint.maxMotorImpulse),
      joint.maxMotorImpulse,
    );
    joint.motorImpulse = total;
    axialImpulse[AXIAL] = total - old;
    applyAxialRow(joint, v, AXIAL);
  }
  if (!joint.enableLimitValue) return;
  if (joint.lowerTranslationValue > Number.NEGATIVE_INFINITY) {
    axialSpeed(joint, v);
    const old = joint.lowerImpulse;
    const sum = old + axialMass * (joint.lowerBias - axialSpeedSlot[0]);
    const total = sum > 0 ? sum : 0;
    joint.lowerImpulse = total;
    axialImpulse[AXIAL] = total - old;
    applyAxialRow(joint, v, AXIAL);
  }
  if (joint.upperTranslationValue < Number.POSITIVE_INFINITY) {
    axialSpeed(joint, v);
    const old = joint.upperImpulse;
    const sum = old + axialMass * (joint.upperBias + axialSpeedSlot[0]);
    const total = sum > 0 ? sum : 0;
    joint.upperImpulse = total;
    axialImpulse[AXIAL] = old - total;
    applyAxialRow(joint, v, AXIAL);
  }
}
