import { cos, cosSinInPlace, sin, type Vec2, type Vec2Like } from '@lite/math';
import type { BodyVelocities } from './body-velocities';
import { defineCheckedFields } from './checked-fields';
import { ConstraintError, requireFiniteArg, requireMaximumArg, requireNonNegativeArg } from './errors';
import { reactionVector } from './joint-frame';
import { JointKind, registerJointType } from './joint-kind';
import { mouseType } from './joint-types';
import type { SolverSettings } from './settings';
import { baumgarteSoftnessAt, Softness, softnessFromFrequencyAt, softnessInputs } from './softness';
import { SolverBody } from './solver-body';

/** Options of a {@link MouseJoint}. */
export interface MouseJointOptions {
  /** Where to pull the grabbed point, world (default: the grabbed point itself). */
  target?: Vec2Like;
  /** Largest pulling force, N (default 1000 × the body's mass, or +Infinity for an immovable body). */
  maxForce?: number;
  /** Spring frequency, Hz (default 5; 0 is rigid). */
  frequencyHz?: number;
  /** Spring damping ratio (default 0.7). */
  dampingRatio?: number;
}

/**
 * Pulls one point of a body towards a target (the pointer) with a soft spring and a bounded force.
 * Under gravity the point hangs g / ω² below the target (1 cm at 5 Hz); no angular damping is added.
 * Fields below `impulseY` are solver scratch, written by the prepare and read by the solve.
 */
export class MouseJoint {
  /** {@link JointKind.Mouse}. */
  readonly kind = JointKind.Mouse;
  /** The dragged body. */
  body: SolverBody;
  /** The value behind `targetX` (read by the solver; set through `targetX`). @internal */
  targetXValue: number;
  /** The value behind `targetY` (read by the solver; set through `targetY`). @internal */
  targetYValue: number;
  /** The value behind `localAnchorX` (read by the solver; set through `localAnchorX`). @internal */
  localAnchorXValue: number;
  /** The value behind `localAnchorY` (read by the solver; set through `localAnchorY`). @internal */
  localAnchorYValue: number;
  /** The value behind `maxForce` (read by the solver; set through `maxForce`). @internal */
  maxForceValue: number;
  /** The value behind `frequencyHz` (read by the solver; set through `frequencyHz`). @internal */
  frequencyHzValue: number;
  /** The value behind `dampingRatio` (read by the solver; set through `dampingRatio`). @internal */
  dampingRatioValue: number;
  /** Accumulated impulse, x, N s (|impulse| <= maxForce dt). @internal */
  impulseX = 0;
  /** Accumulated impulse, y, N s. @internal */
  impulseY = 0;
  /** Lever arm of the grabbed point, x, m. @internal */
  rx = 0;
  /** Lever arm of the grabbed point, y, m. @internal */
  ry = 0;
  /** K entry (1,1), 1/kg. @internal */
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
  /** Target velocity of the point, x, m/s. @internal */
  biasX = 0;
  /** Target velocity of the point, y, m/s. @internal */
  biasY = 0;
  /** maxForce · dt of this step, N s. @internal */
  maxImpulse = 0;
  /** 1 / dt of the step being solved (set by `prepareJoints`; 0 before the first). @internal */
  invDt = 0;
  /** Index of the body's vx in the packed velocities (ω 2 further on), set by the prepare. @internal */
  velocity = 0;
  /** Softness of the rows. @internal */
  readonly softness = new Softness();

  /**
   * @param body - the body to drag
   * @param anchor - the grabbed point, world coordinates
   * @param options - target, force bound and spring
   * @throws ConstraintError when the body is not a {@link SolverBody} or a value is not finite or negative
   */
  constructor(body: SolverBody, anchor: Vec2Like, options: MouseJointOptions = {}) {
    registerJointType(mouseType);
    if (!(body instanceof SolverBody)) throw new ConstraintError('body', body, 'must be a SolverBody');
    const ax = requireFiniteArg(anchor?.x, 'anchor.x');
    const ay = requireFiniteArg(anchor?.y, 'anchor.y');
    this.body = body;
    const target = options.target ?? anchor;
    this.targetXValue = requireFiniteArg(target?.x, 'target.x');
    this.targetYValue = requireFiniteArg(target?.y, 'target.y');
    const c = cos(body.angle);
    const s = sin(body.angle);
    const dx = ax - body.center.x;
    const dy = ay - body.center.y;
    this.localAnchorXValue = c * dx + s * dy;
    this.localAnchorYValue = -s * dx + c * dy;
    const defaultForce = body.invMass > 0 ? 1000 / body.invMass : Number.POSITIVE_INFINITY;
    const maxForce = options.maxForce ?? defaultForce;
    if (!(maxForce >= 0)) throw new ConstraintError('maxForce', maxForce, 'must be a number >= 0');
    this.maxForceValue = maxForce;
    this.frequencyHzValue = requireNonNegativeArg(options.frequencyHz ?? 5, 'frequencyHz');
    this.dampingRatioValue = requireNonNegativeArg(options.dampingRatio ?? 0.7, 'dampingRatio');
  }

  /**
   * Target x, world, m.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  declare targetX: number;

  /**
   * Target y, world, m.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  declare targetY: number;

  /**
   * The grabbed point in the body's frame (relative to its centre), x, m.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  declare localAnchorX: number;

  /**
   * The grabbed point in the body's frame, y, m.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  declare localAnchorY: number;

  /**
   * Largest force, N.
   * @throws ConstraintError unless the value is a number >= 0 (+Infinity: unbounded) (nothing changes then)
   */
  declare maxForce: number;

  /**
   * Spring frequency, Hz (0: rigid).
   * @throws ConstraintError unless the value is a finite number >= 0 (nothing changes then)
   */
  declare frequencyHz: number;

  /**
   * Spring damping ratio.
   * @throws ConstraintError unless the value is a finite number >= 0 (nothing changes then)
   */
  declare dampingRatio: number;

  /**
   * Moves the target (the pointer); returns this.
   * @throws ConstraintError when a coordinate is not finite
   */
  setTarget(x: number, y: number): this {
    this.targetXValue = requireFiniteArg(x, 'x');
    this.targetYValue = requireFiniteArg(y, 'y');
    return this;
  }

  /** The force the joint applied to the body over the last step, N (world). */
  getReactionForce(): Vec2 {
    return reactionVector(this.impulseX * this.invDt, this.impulseY * this.invDt);
  }

  /** A mouse joint applies no torque of its own: 0. */
  getReactionTorque(): number {
    return 0;
  }
}

defineCheckedFields(MouseJoint.prototype, {
  targetX: requireFiniteArg,
  targetY: requireFiniteArg,
  localAnchorX: requireFiniteArg,
  localAnchorY: requireFiniteArg,
  maxForce: requireMaximumArg,
  frequencyHz: requireNonNegativeArg,
  dampingRatio: requireNonNegativeArg,
});

// cos and sin of the body's angle (a module-level scratch: nothing allocated per call).
const rot = new Float64Array(2);

/** Pre-step of a mouse joint on packed velocities, then its warm start (or zeroed impulses). @internal */
export function prepareMouseJointAt(
  joint: MouseJoint,
  dt: number,
  settings: SolverSettings,
  bodies: BodyVelocities,
): void {
  joint.velocity = bodies.velocityStride * bodies.velocitySlot(joint.body);
  const v = bodies.velocities;
  const o = joint.velocity;
  const b = joint.body;
  const m = b.invMass;
  const i = b.invI;
  rot[0] = b.angle;
  cosSinInPlace(rot);
  const c = rot[0];
  const s = rot[1];
  const rx = c * joint.localAnchorXValue - s * joint.localAnchorYValue;
  const ry = s * joint.localAnchorXValue + c * joint.localAnchorYValue;
  joint.rx = rx;
  joint.ry = ry;

  // C = p - target = x + r - target            (two rows)
  // Ċ = v + w × r
  // J = [ I, S(r) ],   S(r) = (-r.y, r.x)ᵀ
  // K = J M⁻¹ Jᵀ = m I + i S(r) S(r)ᵀ = [ m + i r.y²,  -i r.x r.y ]
  //                                      [ -i r.x r.y,  m + i r.x² ]
  const k11 = m + i * ry * ry;
  const k12 = -i * rx * ry;
  const k22 = m + i * rx * rx;
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
  if (joint.frequencyHzValue > 0) {
    softnessInputs[0] = joint.frequencyHzValue;
    softnessInputs[1] = joint.dampingRatioValue;
    softnessInputs[2] = m > 0 ? 1 / m : 0;
    softnessInputs[3] = dt;
    softnessFromFrequencyAt(softness);
  } else {
    softnessInputs[3] = dt;
    baumgarteSoftnessAt(softness, settings);
  }
  joint.biasX = -softness.biasRate * (b.center.x + rx - joint.targetXValue);
  joint.biasY = -softness.biasRate * (b.center.y + ry - joint.targetYValue);
  joint.maxImpulse = joint.maxForceValue * dt;

  if (settings.warmStarting) {
    const Px = joint.impulseX;
    const Py = joint.impulseY;
    v[o] += m * Px;
    v[o + 1] += m * Py;
    v[o + 2] += i * (rx * Py - ry * Px);
  } else {
    joint.impulseX = 0;
    joint.impulseY = 0;
  }
}

/** One velocity iteration of a mouse joint on the packed velocities `v`. @internal */
export function solveMouseJointAt(joint: MouseJoint, v: Float64Array): void {
  const o = joint.velocity;
  const b = joint.body;
  const m = b.invMass;
  const i = b.invI;
  let vx = v[o];
  let vy = v[o + 1];
  let w = v[o + 2];
  const rx = joint.rx;
  const ry = joint.ry;
  const cdotX = vx - w * ry;
  const cdotY = vy + w * rx;
  const softness = joint.softness;
  const ex = joint.biasX - cdotX;
  const ey = joint.biasY - cdotY;
  const oldX = joint.impulseX;
  const oldY = joint.impulseY;
  let totalX = oldX + softness.massScale * (joint.m11 * ex + joint.m12 * ey) - softness.impulseScale * oldX;
  let totalY = oldY + softness.massScale * (joint.m12 * ex + joint.m22 * ey) - softness.impulseScale * oldY;
  const maxImpulse = joint.maxImpulse;
  const lengthSquared = totalX * totalX + totalY * totalY;
  if (lengthSquared > maxImpulse * maxImpulse) {
    const scale = maxImpulse / Math.sqrt(lengthSquared);
    totalX *= scale;
    totalY *= scale;
  }
  joint.impulseX = totalX;
  joint.impulseY = totalY;
  const Px = totalX - oldX;
  const Py = totalY - oldY;
  vx += m * Px;
  vy += m * Py;
  w += i * (rx * Py - ry * Px);
  v[o] = vx;
  v[o + 1] = vy;
  v[o + 2] = w;
}
