import type { Vec2Like } from '@lite/math';
import { solveSymmetric2, solveSymmetric3 } from './block3';
import type { BodyVelocities } from './body-velocities';
import { defineCheckedFields } from './checked-fields';
import { ConstraintError, requireFiniteArg } from './errors';
import { AnchoredJoint, referenceAngleOf } from './joint-base';
import {
  CHAIN_HEAD,
  CHAIN_MEMBER,
  CHAIN_NONE,
  JointKind,
  MAX_ANGULAR_CORRECTION,
  positionError,
  registerJointType,
} from './joint-kind';
import { JointSpring, springSoftnessAt } from './joint-spring';
import { weldType } from './joint-types';
import {
  applyPointImpulse,
  movePoint,
  pointImpulse,
  pointMatrix,
  pointRowsK,
  updateLeverArms,
} from './lever-arms';
import type { SolverSettings } from './settings';
import { Softness, softnessInputs } from './softness';
import type { SolverBody } from './solver-body';
import { isChainableWeld, WELD_CHAIN_DATA, weldChainPositionStep } from './weld-chain';

/**
 * Options of a {@link WeldJoint}. Each part (point: "linear", angle: "angular") is rigid unless
 * given a spring, by frequency or by stiffness and damping, never both.
 */
export interface WeldJointOptions {
  /** Frequency of the point's spring, Hz (0, the default: rigid). */
  linearFrequencyHz?: number;
  /** Frequency of the angle's spring, Hz (0, the default: rigid). */
  angularFrequencyHz?: number;
  /** Damping ratio of both springs in the frequency form (default 1). */
  dampingRatio?: number;
  /** Damping ratio of the point's spring (default `dampingRatio`). */
  linearDampingRatio?: number;
  /** Damping ratio of the angle's spring (default `dampingRatio`). */
  angularDampingRatio?: number;
  /** Stiffness of the point's spring, N/m per row (instead of `linearFrequencyHz`). */
  linearStiffness?: number;
  /** Damping of the point's spring, N·s/m per row. */
  linearDamping?: number;
  /** Stiffness of the angle's spring, N·m/rad (instead of `angularFrequencyHz`). */
  angularStiffness?: number;
  /** Damping of the angle's spring, N·m·s/rad. */
  angularDamping?: number;
  /** θB - θA held by the joint (default: the bodies' angles now). */
  referenceAngle?: number;
}

// The block solves' solution and systems (slots: docs/performance.md, "Boxed numbers").
const solution = new Float64Array(3);
const system2 = new Float64Array(5);
const system2b = new Float64Array(5);
const system3 = new Float64Array(9);

/**
 * Glues two bodies together at an anchor, their relative angle at `referenceAngle`. Rigid, point and
 * angle are one 3x3 block; with a spring on either part, the angle row and the point block are
 * solved in turn. The angular spring's stiffness is k = ω² / (iA + iB) (ω = 2π f): ω² I_B for a weld
 * to a static body; a steady torque τ turns it by τ / k.
 * Fields below `angularImpulse` are solver scratch.
 */
export class WeldJoint extends AnchoredJoint {
  /** {@link JointKind.Weld}. */
  declare readonly kind: typeof JointKind.Weld;
  /** The value behind `referenceAngle` (read by the solver; set through `referenceAngle`). @internal */
  referenceAngleValue: number;
  /** The point's spring (frequency 0 in the frequency form: rigid). @internal */
  readonly linearSpring = new JointSpring(1);
  /** The angle's spring (frequency 0 in the frequency form: rigid). @internal */
  readonly angularSpring = new JointSpring(1);
  /** Accumulated impulse of the point rows, x, N s. @internal */
  impulseX = 0;
  /** Accumulated impulse of the point rows, y, N s. @internal */
  impulseY = 0;
  /** Accumulated impulse of the angle row, N m s. @internal */
  angularImpulse = 0;
  /** K (3x3) entry (1,1). @internal */
  k11 = 0;
  /** K entry (1,2). @internal */
  k12 = 0;
  /** K entry (1,3). @internal */
  k13 = 0;
  /** K entry (2,2). @internal */
  k22 = 0;
  /** K entry (2,3). @internal */
  k23 = 0;
  /** K entry (3,3) = iA + iB. @internal */
  k33 = 0;
  /** Target velocity of the point rows, x, m/s. @internal */
  biasX = 0;
  /** Target velocity of the point rows, y, m/s. @internal */
  biasY = 0;
  /** Target velocity of the angle row, rad/s. @internal */
  angularBias = 0;
  /** Softness of the point rows. @internal */
  readonly linearSoftness = new Softness();
  /** Softness of the angle row. @internal */
  readonly angularSoftness = new Softness();
  /** γ of the point rows in the stiffness form, 1/kg (0 otherwise). @internal */
  linearGamma = 0;
  /** Place in this step's weld chain (`buildWeldChains`): CHAIN_NONE, _HEAD or _MEMBER. @internal */
  chainRole: number = CHAIN_NONE;
  /** The previous weld of this weld's chain, or null. Solver scratch. @internal */
  chainPrev: WeldJoint | null = null;
  /** The next weld of this weld's chain, or null. Solver scratch. @internal */
  chainNext: WeldJoint | null = null;
  /** The body this weld shares with `chainNext`, or null. Solver scratch. @internal */
  chainBody: SolverBody | null = null;
  /** The chain solve's factors and right-hand side for this weld. Solver scratch. @internal */
  readonly chainData = new Float64Array(WELD_CHAIN_DATA);
  /** Whether this step's rows let the weld join a chain (`isChainableWeld`). Solver scratch. @internal */
  chainable = false;

  /**
   * @param anchor - the weld point, world coordinates
   * @throws ConstraintError when the bodies are not distinct, the anchor is not finite, a spring
   *   value is negative or not finite, or a part is given both forms
   */
  constructor(bodyA: SolverBody, bodyB: SolverBody, anchor: Vec2Like, options: WeldJointOptions = {}) {
    registerJointType(weldType);
    super(JointKind.Weld, bodyA, bodyB, anchor, anchor, 'anchor', 'anchor');
    this.referenceAngleValue = referenceAngleOf(options, bodyA, bodyB);
    const shared = options.dampingRatio ?? 1;
    setPart(this.linearSpring, 'linear', options, shared);
    setPart(this.angularSpring, 'angular', options, shared);
  }

  /**
   * θB - θA held by the joint, radians.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  declare referenceAngle: number;

  /** The point's spring frequency, Hz (0: rigid, or the stiffness form). */
  get linearFrequencyHz(): number {
    return this.linearSpring.frequencyHz;
  }

  /** The angle's spring frequency, Hz (0: rigid, or the stiffness form). */
  get angularFrequencyHz(): number {
    return this.angularSpring.frequencyHz;
  }

  /**
   * Sets the springs of both parts from weld options (an absent part becomes rigid); returns this.
   * @throws ConstraintError as the constructor; nothing changes then
   */
  setSprings(options: Omit<WeldJointOptions, 'referenceAngle'>): this {
    const linear = new JointSpring(1);
    const angular = new JointSpring(1);
    const shared = options.dampingRatio ?? 1;
    setPart(linear, 'linear', options, shared);
    setPart(angular, 'angular', options, shared);
    copySpring(this.linearSpring, linear);
    copySpring(this.angularSpring, angular);
    return this;
  }
}

defineCheckedFields(WeldJoint.prototype, {
  referenceAngle: requireFiniteArg,
});

/** Sets one part's spring from the weld's names, naming the weld's option in an error. */
function setPart(
  spring: JointSpring,
  part: 'linear' | 'angular',
  options: Omit<WeldJointOptions, 'referenceAngle'>,
  shared: number,
): void {
  const linear = part === 'linear';
  const frequencyHz = linear ? options.linearFrequencyHz : options.angularFrequencyHz;
  const ratio = linear ? options.linearDampingRatio : options.angularDampingRatio;
  const stiffness = linear ? options.linearStiffness : options.angularStiffness;
  const damping = linear ? options.linearDamping : options.angularDamping;
  const byStiffness = stiffness !== undefined || damping !== undefined;
  try {
    spring.set(
      byStiffness
        ? { stiffness, damping, frequencyHz, dampingRatio: ratio }
        : { frequencyHz, dampingRatio: ratio ?? (frequencyHz !== undefined ? shared : undefined) },
    );
  } catch (error) {
    if (!(error instanceof ConstraintError)) throw error;
    const names: Record<string, string> = {
      frequencyHz: `${part}FrequencyHz`,
      dampingRatio: ratio !== undefined ? `${part}DampingRatio` : 'dampingRatio',
      stiffness: `${part}Stiffness`,
      damping: `${part}Damping`,
    };
    const message = error.message;
    const reason = message.slice(message.indexOf(': ') + 2);
    throw new ConstraintError(
      names[error.argument] ?? error.argument,
      error.value,
      reason.replace(/\b(frequencyHz|dampingRatio|stiffness|damping)\b/g, (name) => names[name] ?? name),
    );
  }
}

function copySpring(to: JointSpring, from: JointSpring): void {
  if (from.form === 'stiffness') to.set({ stiffness: from.stiffness, damping: from.damping });
  else to.set({ frequencyHz: from.frequencyHz, dampingRatio: from.dampingRatio });
}

/**
 * Pre-step of a weld joint on packed velocities, then its warm start at its bodies'
 * places in `bodies` (or zeroed impulses). @internal
 */
export function prepareWeldJointAt(
  joint: WeldJoint,
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
  joint.invDt = invDt;
  updateLeverArms(joint);

  // Point rows and angle row (three rows):
  //   C = [ xB + rB - xA - rA ; θB - θA - θref ]
  //   Ċ = [ vB + ωB × rB - vA - ωA × rA ; ωB - ωA ]          ω × r = (-ω r.y, ω r.x)
  //   J = [ -I, -S(rA), I, S(rB) ]                            S(r) = (-r.y, r.x)ᵀ
  //       [  0,  -1,    0, 1     ]
  //   K = J M⁻¹ Jᵀ =
  //     [ mA + mB + iA rA.y² + iB rB.y²,  -iA rA.x rA.y - iB rB.x rB.y,  -iA rA.y - iB rB.y ]
  //     [ (sym.)                           mA + mB + iA rA.x² + iB rB.x², iA rA.x + iB rB.x  ]
  //     [ (sym.)                           (sym.)                         iA + iB            ]
  // Rigid, the three rows are one block: K Δλ = bias - Ċ. With a spring on either part, the angle
  // row (effective mass 1 / (iA + iB)) is solved first, then the point's 2x2 block.
  pointRowsK(joint);
  const k = pointMatrix;
  joint.k11 = k[0];
  joint.k12 = k[1];
  joint.k13 = k[2];
  joint.k22 = k[3];
  joint.k23 = k[4];
  joint.k33 = k[5];

  // Rigid parts get no Baumgarte bias (the position pass removes their drift): a warm-started
  // bias made chains of welds oscillate and grow.
  const baumgarte = 0;
  const linear = joint.linearSpring;
  const linearSoftness = joint.linearSoftness;
  const traceK = joint.k11 + joint.k22;
  const pointMass = traceK > 0 ? 2 / traceK : 0;
  joint.linearGamma = 0;
  softnessInputs[2] = pointMass;
  softnessInputs[3] = dt;
  if (!springSoftnessAt(linear, linearSoftness)) linearSoftness.setRigid(baumgarte, dt);
  else if (linear.form === 'stiffness') {
    const a = dt * (linear.damping + dt * linear.stiffness);
    joint.linearGamma = a > 0 ? 1 / a : Number.POSITIVE_INFINITY;
  }
  joint.biasX = -linearSoftness.biasRate * (bB.center.x + joint.rBx - bA.center.x - joint.rAx);
  joint.biasY = -linearSoftness.biasRate * (bB.center.y + joint.rBy - bA.center.y - joint.rAy);

  const angular = joint.angularSpring;
  const angularSoftness = joint.angularSoftness;
  const angularMass = joint.k33 > 0 ? 1 / joint.k33 : 0;
  softnessInputs[2] = angularMass;
  softnessInputs[3] = dt;
  if (!springSoftnessAt(angular, angularSoftness)) angularSoftness.setRigid(baumgarte, dt);
  joint.angularBias = -angularSoftness.biasRate * (bB.angle - bA.angle - joint.referenceAngleValue);
  if (joint.linearGamma === Number.POSITIVE_INFINITY) {
    joint.impulseX = 0;
    joint.impulseY = 0;
  }
  if (joint.k33 === 0) joint.angularImpulse = 0;
  // Read here, where every joint is a weld: `buildWeldChains` sees all kinds of joint, and a number
  // read there through a joint of several possible classes was boxed.
  joint.chainable = isChainableWeld(joint);

  if (settings.warmStarting) {
    pointImpulse[0] = joint.impulseX;
    pointImpulse[1] = joint.impulseY;
    pointImpulse[2] = joint.angularImpulse;
    applyPointImpulse(joint, v);
  } else {
    joint.impulseX = 0;
    joint.impulseY = 0;
    joint.angularImpulse = 0;
  }
}

/** One velocity iteration of a weld joint on the packed velocities `v`. @internal */
export function solveWeldJointAt(joint: WeldJoint, v: Float64Array): void {
  const oA = joint.velocityA;
  const oB = joint.velocityB;
  // A weld of a chain is solved with its chain (`solveWeldChainVelocitiesAt`).
  if (joint.chainRole !== CHAIN_NONE) return;
  const rigid = !joint.linearSpring.soft && !joint.angularSpring.soft;
  const k33 = joint.k33;
  if (rigid && k33 > 0) {
    const wA = v[oA + 2];
    const wB = v[oB + 2];
    const cdotX = v[oB] - wB * joint.rBy - v[oA] + wA * joint.rAy;
    const cdotY = v[oB + 1] + wB * joint.rBx - v[oA + 1] - wA * joint.rAx;
    system3[0] = joint.k11;
    system3[1] = joint.k12;
    system3[2] = joint.k13;
    system3[3] = joint.k22;
    system3[4] = joint.k23;
    system3[5] = k33;
    system3[6] = joint.biasX - cdotX;
    system3[7] = joint.biasY - cdotY;
    system3[8] = joint.angularBias - (wB - wA);
    if (solveSymmetric3(pointImpulse, system3)) {
      joint.impulseX += pointImpulse[0];
      joint.impulseY += pointImpulse[1];
      joint.angularImpulse += pointImpulse[2];
      applyPointImpulse(joint, v);
      return;
    }
  }
  if (k33 > 0) {
    const s = joint.angularSoftness;
    const cdot = v[oB + 2] - v[oA + 2];
    const lambda = (s.massScale * (joint.angularBias - cdot)) / k33 - s.impulseScale * joint.angularImpulse;
    joint.angularImpulse += lambda;
    pointImpulse[0] = 0;
    pointImpulse[1] = 0;
    pointImpulse[2] = lambda;
    applyPointImpulse(joint, v);
  }
  const wA = v[oA + 2];
  const wB = v[oB + 2];
  const ex = joint.biasX - (v[oB] - wB * joint.rBy - v[oA] + wA * joint.rAy);
  const ey = joint.biasY - (v[oB + 1] + wB * joint.rBx - v[oA + 1] - wA * joint.rAx);
  let Px = 0;
  let Py = 0;
  const gamma = joint.linearGamma;
  system2b[0] = joint.k11;
  system2b[1] = joint.k12;
  system2b[2] = joint.k22;
  system2b[3] = ex;
  system2b[4] = ey;
  if (gamma > 0) {
    // Stiffness form: (K + γ I) Δλ = bias - Ċ - γ λacc.
    system2[0] = joint.k11 + gamma;
    system2[1] = joint.k12;
    system2[2] = joint.k22 + gamma;
    system2[3] = ex - gamma * joint.impulseX;
    system2[4] = ey - gamma * joint.impulseY;
    if (gamma !== Number.POSITIVE_INFINITY && solveSymmetric2(solution, system2)) {
      Px = solution[0];
      Py = solution[1];
    }
  } else if (solveSymmetric2(solution, system2b)) {
    const s = joint.linearSoftness;
    Px = s.massScale * solution[0] - s.impulseScale * joint.impulseX;
    Py = s.massScale * solution[1] - s.impulseScale * joint.impulseY;
  }
  joint.impulseX += Px;
  joint.impulseY += Py;
  pointImpulse[0] = Px;
  pointImpulse[1] = Py;
  pointImpulse[2] = 0;
  applyPointImpulse(joint, v);
}

/**
 * One position pass (nonlinear Gauss-Seidel) on a weld's rigid parts: both rigid, one Newton step on
 * the 3x3 block (angle error clamped to {@link MAX_ANGULAR_CORRECTION}); the largest error found
 * to `positionError[0]`. @internal
 */
export function weldPositionStep(joint: WeldJoint): void {
  // A chain's welds are corrected together, at its head's turn.
  if (joint.chainRole === CHAIN_MEMBER) {
    positionError[0] = 0;
    return;
  }
  if (joint.chainRole === CHAIN_HEAD) {
    weldChainPositionStep(joint);
    return;
  }
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  updateLeverArms(joint);
  pointRowsK(joint);
  const k = pointMatrix;
  const linearRigid = !joint.linearSpring.soft;
  const angularRigid = !joint.angularSpring.soft && k[5] > 0;
  const Cx = bB.center.x + joint.rBx - bA.center.x - joint.rAx;
  const Cy = bB.center.y + joint.rBy - bA.center.y - joint.rAy;
  const Ca = bB.angle - bA.angle - joint.referenceAngleValue;
  let error = 0;
  if (linearRigid) error = Math.sqrt(Cx * Cx + Cy * Cy);
  if (angularRigid && Math.abs(Ca) > error) error = Math.abs(Ca);
  pointImpulse[0] = 0;
  pointImpulse[1] = 0;
  pointImpulse[2] = 0;
  const ca = Math.min(Math.max(Ca, -MAX_ANGULAR_CORRECTION), MAX_ANGULAR_CORRECTION);
  k[6] = -Cx;
  k[7] = -Cy;
  k[8] = -ca;
  if (linearRigid && angularRigid) {
    solveSymmetric3(pointImpulse, k);
  } else if (linearRigid) {
    system2[0] = k[0];
    system2[1] = k[1];
    system2[2] = k[3];
    system2[3] = -Cx;
    system2[4] = -Cy;
    solveSymmetric2(pointImpulse, system2);
  } else if (angularRigid) {
    pointImpulse[2] = -ca / k[5];
  }
  movePoint(joint);
  positionError[0] = error;
}
