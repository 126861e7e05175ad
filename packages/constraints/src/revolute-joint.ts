import { cos, sin, type Vec2Like } from '@lite/math';
import { checkBodies } from './distance-joint';
import { ConstraintError, requireFiniteArg, requireNonNegativeArg } from './errors';
import { CHAIN_NONE, JointKind, MAX_ANGULAR_CORRECTION } from './joint-kind';
import type { SolverSettings } from './settings';
import { Softness, softnessFromFrequency } from './softness';
import type { SolverBody } from './solver-body';

/** Options of a {@link RevoluteJoint}. */
export interface RevoluteJointOptions {
  /** Softness frequency of the point constraint, Hz; 0 (default) is rigid. */
  frequencyHz?: number;
  /** Softness damping ratio (default 0.7 when soft). */
  dampingRatio?: number;
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
 * bodies may only turn about it. Optionally soft (a frequency and damping ratio), with lower and
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
  /** Anchor in A's frame (relative to its centre), x, m. */
  localAnchorAX: number;
  /** Anchor in A's frame, y, m. */
  localAnchorAY: number;
  /** Anchor in B's frame, x, m. */
  localAnchorBX: number;
  /** Anchor in B's frame, y, m. */
  localAnchorBY: number;
  /** θB - θA at joint angle 0, radians. */
  referenceAngle: number;
  /** Point-constraint softness frequency, Hz (0: rigid). */
  frequencyHz: number;
  /** Point-constraint damping ratio. */
  dampingRatio: number;
  /** Whether the angle limits act. */
  enableLimit: boolean;
  /** Lowest joint angle, radians (may be -Infinity). */
  lowerAngle: number;
  /** Highest joint angle, radians (may be +Infinity). */
  upperAngle: number;
  /** Whether the motor acts. */
  enableMotor: boolean;
  /** Motor target for ωB - ωA, rad/s. */
  motorSpeed: number;
  /** Largest motor torque, N m. */
  maxMotorTorque: number;
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
  /** Lever arm of A's anchor, x, m. */
  rAx: number;
  /** Lever arm of A's anchor, y, m. */
  rAy: number;
  /** Lever arm of B's anchor, x, m. */
  rBx: number;
  /** Lever arm of B's anchor, y, m. */
  rBy: number;
  /** K = J M⁻¹ Jᵀ of the point rows, entry (1,1), 1/kg. */
  k11: number;
  /** K entry (1,2) = (2,1). */
  k12: number;
  /** K entry (2,2). */
  k22: number;
  /** K⁻¹ entry (1,1), kg. */
  m11: number;
  /** K⁻¹ entry (1,2). */
  m12: number;
  /** K⁻¹ entry (2,2). */
  m22: number;
  /** Target velocity of the point rows, x, m/s. */
  biasX: number;
  /** Target velocity of the point rows, y, m/s. */
  biasY: number;
  /** 1 / (iA + iB) of the angular rows (motor, limits), kg m² (0 if neither body turns). */
  axialMass: number;
  /** The joint angle at the prepare, radians. */
  angle: number;
  /** Target ωB - ωA of the lower-limit row, rad/s. */
  lowerBias: number;
  /** Target ωA - ωB of the upper-limit row, rad/s. */
  upperBias: number;
  /** maxMotorTorque · dt of this step, N m s. */
  maxMotorImpulse: number;
  /** Softness of the point rows. */
  readonly softness: Softness;
  /** 1 / dt of the step being solved, 1/s (scratch, written by the prepare; 0 for dt = 0). */
  invDt: number;
  /**
   * This step's place in a chain of rigid pins solved together (see `buildJointChains`):
   * {@link CHAIN_NONE} (solved alone), {@link CHAIN_HEAD} (first of a chain) or
   * {@link CHAIN_MEMBER}. Solver scratch, rebuilt at every prepare.
   */
  chainRole: number;
  /** The previous pin of the chain, or null (scratch). */
  chainPrev: RevoluteJoint | null;
  /** The next pin of the chain, or null (scratch). */
  chainNext: RevoluteJoint | null;
  /** The body this pin shares with `chainNext`, or null (scratch). */
  chainBody: SolverBody | null;
  /** Factor scratch: U = K(this, next), the coupling block to the next pin, entry (1,1). */
  u11: number;
  /** Factor scratch: U entry (1,2). */
  u12: number;
  /** Factor scratch: U entry (2,1). */
  u21: number;
  /** Factor scratch: U entry (2,2). */
  u22: number;
  /** Factor scratch: E = Uₚᵀ Dₚ⁻¹ from the previous pin, entry (1,1). */
  e11: number;
  /** Factor scratch: E entry (1,2). */
  e12: number;
  /** Factor scratch: E entry (2,1). */
  e21: number;
  /** Factor scratch: E entry (2,2). */
  e22: number;
  /** Factor scratch: D⁻¹ of the eliminated diagonal block, entry (1,1). */
  d11: number;
  /** Factor scratch: D⁻¹ entry (1,2) = (2,1). */
  d12: number;
  /** Factor scratch: D⁻¹ entry (2,2). */
  d22: number;
  /** Solve scratch: the eliminated right-hand side, then the impulse, x. */
  chainX: number;
  /** Solve scratch: the eliminated right-hand side, then the impulse, y. */
  chainY: number;

  /**
   * @param bodyA - the first body
   * @param bodyB - the second body
   * @param anchor - the pivot, world coordinates
   * @param options - softness, limits, motor
   * @throws ConstraintError when the bodies are not distinct, the anchor is not finite, a value is
   *   negative where it must not be, or lowerAngle > upperAngle
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
    this.localAnchorAX = cA * dAx + sA * dAy;
    this.localAnchorAY = -sA * dAx + cA * dAy;
    const cB = cos(bodyB.angle);
    const sB = sin(bodyB.angle);
    const dBx = px - bodyB.position.x;
    const dBy = py - bodyB.position.y;
    this.localAnchorBX = cB * dBx + sB * dBy;
    this.localAnchorBY = -sB * dBx + cB * dBy;
    this.referenceAngle = requireFiniteArg(
      options.referenceAngle ?? bodyB.angle - bodyA.angle,
      'referenceAngle',
    );
    this.frequencyHz = requireNonNegativeArg(options.frequencyHz ?? 0, 'frequencyHz');
    this.dampingRatio = requireNonNegativeArg(options.dampingRatio ?? 0.7, 'dampingRatio');
    const lower = options.lowerAngle ?? Number.NEGATIVE_INFINITY;
    const upper = options.upperAngle ?? Number.POSITIVE_INFINITY;
    if (Number.isNaN(lower) || lower === Number.POSITIVE_INFINITY) {
      throw new ConstraintError('lowerAngle', lower, 'must be a number < +Infinity');
    }
    if (Number.isNaN(upper) || upper === Number.NEGATIVE_INFINITY) {
      throw new ConstraintError('upperAngle', upper, 'must be a number > -Infinity');
    }
    if (!(lower <= upper)) throw new ConstraintError('upperAngle', upper, `must be >= lowerAngle (${lower})`);
    this.enableLimit =
      options.enableLimit ?? (options.lowerAngle !== undefined || options.upperAngle !== undefined);
    this.lowerAngle = lower;
    this.upperAngle = upper;
    this.motorSpeed = requireFiniteArg(options.motorSpeed ?? 0, 'motorSpeed');
    this.maxMotorTorque = requireNonNegativeArg(options.maxMotorTorque ?? 0, 'maxMotorTorque');
    this.enableMotor = options.enableMotor ?? options.maxMotorTorque !== undefined;
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
    this.softness = new Softness();
    this.invDt = 0;
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

  /** The joint angle θB - θA - referenceAngle, radians (not wrapped). */
  jointAngle(): number {
    return this.bodyB.angle - this.bodyA.angle - this.referenceAngle;
  }

  /** The joint speed ωB - ωA, rad/s. */
  jointSpeed(): number {
    return this.bodyB.angularVelocity - this.bodyA.angularVelocity;
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
    this.lowerAngle = lowerAngle;
    this.upperAngle = upperAngle;
    this.enableLimit = true;
    return this;
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
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  const mA = bA.invMass;
  const iA = bA.invI;
  const mB = bB.invMass;
  const iB = bB.invI;
  joint.invDt = invDt;
  const cA = cos(bA.angle);
  const sA = sin(bA.angle);
  const cB = cos(bB.angle);
  const sB = sin(bB.angle);
  const rAx = cA * joint.localAnchorAX - sA * joint.localAnchorAY;
  const rAy = sA * joint.localAnchorAX + cA * joint.localAnchorAY;
  const rBx = cB * joint.localAnchorBX - sB * joint.localAnchorBY;
  const rBy = sB * joint.localAnchorBX + cB * joint.localAnchorBY;
  joint.rAx = rAx;
  joint.rAy = rAy;
  joint.rBx = rBx;
  joint.rBy = rBy;

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
  if (joint.frequencyHz > 0) {
    // The 2x2 form: massScale K⁻¹ (bias - Ċ) - impulseScale λacc, mass-independent (see softness.ts).
    const traceK = k11 + k22;
    softnessFromFrequency(softness, joint.frequencyHz, joint.dampingRatio, traceK > 0 ? 2 / traceK : 0, dt);
  } else {
    softness.setRigid(settings.positionCorrection ? settings.baumgarte : 0, dt);
  }
  const Cx = bB.position.x + rBx - bA.position.x - rAx;
  const Cy = bB.position.y + rBy - bA.position.y - rAy;
  joint.biasX = -softness.biasRate * Cx;
  joint.biasY = -softness.biasRate * Cy;

  // Angular rows (motor and limits):
  //   C = θB - θA - θref - bound,   Ċ = wB - wA,   J = [ 0, -1, 0, 1 ],   K = iA + iB
  const kAxial = iA + iB;
  joint.axialMass = kAxial > 0 ? 1 / kAxial : 0;
  const angle = bB.angle - bA.angle - joint.referenceAngle;
  joint.angle = angle;
  const baumgarte = settings.positionCorrection ? settings.baumgarte * invDt : 0;
  if (joint.enableLimit) {
    // While inside, a row allows closing at up to C/dt, so the bound is met exactly (speculative);
    // past it, Baumgarte pushes back.
    const lowerC = angle - joint.lowerAngle;
    joint.lowerBias = lowerC > 0 ? -lowerC * invDt : -baumgarte * lowerC;
    const upperC = joint.upperAngle - angle;
    joint.upperBias = upperC > 0 ? -upperC * invDt : -baumgarte * upperC;
    // An infinite bound has no row (the solve skips it).
    if (!Number.isFinite(joint.lowerBias)) joint.lowerBias = 0;
    if (!Number.isFinite(joint.upperBias)) joint.upperBias = 0;
  } else {
    joint.lowerImpulse = 0;
    joint.upperImpulse = 0;
  }
  joint.maxMotorImpulse = joint.maxMotorTorque * dt;
  if (!joint.enableMotor) joint.motorImpulse = 0;

  if (settings.warmStarting) {
    const Px = joint.impulseX;
    const Py = joint.impulseY;
    const axial = joint.motorImpulse + joint.lowerImpulse - joint.upperImpulse;
    bA.linearVelocity.x -= mA * Px;
    bA.linearVelocity.y -= mA * Py;
    bA.angularVelocity -= iA * (rAx * Py - rAy * Px + axial);
    bB.linearVelocity.x += mB * Px;
    bB.linearVelocity.y += mB * Py;
    bB.angularVelocity += iB * (rBx * Py - rBy * Px + axial);
  } else {
    joint.impulseX = 0;
    joint.impulseY = 0;
    joint.motorImpulse = 0;
    joint.lowerImpulse = 0;
    joint.upperImpulse = 0;
  }
}

/**
 * One velocity iteration of a revolute joint: motor, limits, then the point rows (last: they matter
 * most). A pin that is part of a chain this step (`chainRole` not {@link CHAIN_NONE}) leaves its point
 * rows to the chain's solve (`solveJointChainVelocities`).
 */
export function solveRevoluteJoint(joint: RevoluteJoint): void {
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  const mA = bA.invMass;
  const iA = bA.invI;
  const mB = bB.invMass;
  const iB = bB.invI;
  let vAx = bA.linearVelocity.x;
  let vAy = bA.linearVelocity.y;
  let wA = bA.angularVelocity;
  let vBx = bB.linearVelocity.x;
  let vBy = bB.linearVelocity.y;
  let wB = bB.angularVelocity;
  const axialMass = joint.axialMass;

  if (joint.enableMotor && axialMass > 0) {
    const cdot = wB - wA - joint.motorSpeed;
    let lambda = -axialMass * cdot;
    const old = joint.motorImpulse;
    const maxImpulse = joint.maxMotorImpulse;
    let total = old + lambda;
    total = total < -maxImpulse ? -maxImpulse : total > maxImpulse ? maxImpulse : total;
    joint.motorImpulse = total;
    lambda = total - old;
    wA -= iA * lambda;
    wB += iB * lambda;
  }

  if (joint.enableLimit && axialMass > 0) {
    if (joint.lowerAngle > Number.NEGATIVE_INFINITY) {
      const cdot = wB - wA;
      let lambda = axialMass * (joint.lowerBias - cdot);
      const old = joint.lowerImpulse;
      const total = old + lambda > 0 ? old + lambda : 0;
      joint.lowerImpulse = total;
      lambda = total - old;
      wA -= iA * lambda;
      wB += iB * lambda;
    }
    if (joint.upperAngle < Number.POSITIVE_INFINITY) {
      const cdot = wA - wB;
      let lambda = axialMass * (joint.upperBias - cdot);
      const old = joint.upperImpulse;
      const total = old + lambda > 0 ? old + lambda : 0;
      joint.upperImpulse = total;
      lambda = total - old;
      wA += iA * lambda;
      wB -= iB * lambda;
    }
  }

  if (joint.chainRole !== CHAIN_NONE) {
    bA.angularVelocity = wA;
    bB.angularVelocity = wB;
    return;
  }

  const rAx = joint.rAx;
  const rAy = joint.rAy;
  const rBx = joint.rBx;
  const rBy = joint.rBy;
  const cdotX = vBx - wB * rBy - vAx + wA * rAy;
  const cdotY = vBy + wB * rBx - vAy - wA * rAx;
  const softness = joint.softness;
  const massScale = softness.massScale;
  const impulseScale = softness.impulseScale;
  const ex = joint.biasX - cdotX;
  const ey = joint.biasY - cdotY;
  const Px = massScale * (joint.m11 * ex + joint.m12 * ey) - impulseScale * joint.impulseX;
  const Py = massScale * (joint.m12 * ex + joint.m22 * ey) - impulseScale * joint.impulseY;
  joint.impulseX += Px;
  joint.impulseY += Py;
  vAx -= mA * Px;
  vAy -= mA * Py;
  wA -= iA * (rAx * Py - rAy * Px);
  vBx += mB * Px;
  vBy += mB * Py;
  wB += iB * (rBx * Py - rBy * Px);

  bA.linearVelocity.x = vAx;
  bA.linearVelocity.y = vAy;
  bA.angularVelocity = wA;
  bB.linearVelocity.x = vBx;
  bB.linearVelocity.y = vBy;
  bB.angularVelocity = wB;
}

/**
 * One position pass of a revolute joint (after positions are integrated, Box2D's nonlinear
 * Gauss-Seidel): turns the bodies back inside a violated limit (at most
 * {@link MAX_ANGULAR_CORRECTION}), then, for a rigid joint, moves them so the anchors meet
 * (λ = -K⁻¹ C, with K rebuilt at the current pose). A soft joint's stretch is left alone, and so is
 * the point of a pin that is part of a chain this step (`solveJointChainPositions` moves it).
 * Returns the largest error found before correcting: m for the point, radians for a limit.
 */
export function solveRevoluteJointPosition(joint: RevoluteJoint): number {
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  const mA = bA.invMass;
  const iA = bA.invI;
  const mB = bB.invMass;
  const iB = bB.invI;
  let error = 0;

  if (joint.enableLimit && iA + iB > 0) {
    const angle = bB.angle - bA.angle - joint.referenceAngle;
    let C = 0;
    if (angle < joint.lowerAngle) C = angle - joint.lowerAngle;
    else if (angle > joint.upperAngle) C = angle - joint.upperAngle;
    if (C !== 0) {
      error = Math.abs(C);
      C =
        C < -MAX_ANGULAR_CORRECTION
          ? -MAX_ANGULAR_CORRECTION
          : C > MAX_ANGULAR_CORRECTION
            ? MAX_ANGULAR_CORRECTION
            : C;
      const lambda = -C / (iA + iB);
      bA.angle -= iA * lambda;
      bB.angle += iB * lambda;
    }
  }

  if (joint.frequencyHz > 0 || joint.chainRole !== CHAIN_NONE) return error;
  const cA = cos(bA.angle);
  const sA = sin(bA.angle);
  const cB = cos(bB.angle);
  const sB = sin(bB.angle);
  const rAx = cA * joint.localAnchorAX - sA * joint.localAnchorAY;
  const rAy = sA * joint.localAnchorAX + cA * joint.localAnchorAY;
  const rBx = cB * joint.localAnchorBX - sB * joint.localAnchorBY;
  const rBy = sB * joint.localAnchorBX + cB * joint.localAnchorBY;
  const Cx = bB.position.x + rBx - bA.position.x - rAx;
  const Cy = bB.position.y + rBy - bA.position.y - rAy;
  const pointError = Math.sqrt(Cx * Cx + Cy * Cy);
  if (pointError > error) error = pointError;
  const k11 = mA + mB + iA * rAy * rAy + iB * rBy * rBy;
  const k12 = -iA * rAx * rAy - iB * rBx * rBy;
  const k22 = mA + mB + iA * rAx * rAx + iB * rBx * rBx;
  const det = k11 * k22 - k12 * k12;
  if (!(det > 0)) return error;
  const invDet = 1 / det;
  const Px = -(k22 * Cx - k12 * Cy) * invDet;
  const Py = -(-k12 * Cx + k11 * Cy) * invDet;
  bA.position.x -= mA * Px;
  bA.position.y -= mA * Py;
  bA.angle -= iA * (rAx * Py - rAy * Px);
  bB.position.x += mB * Px;
  bB.position.y += mB * Py;
  bB.angle += iB * (rBx * Py - rBy * Px);
  return error;
}
