import type { BodyVelocities } from './body-velocities';
import {
  CHAIN_NONE,
  LIMIT_EQUAL,
  LIMIT_EQUAL_RANGE,
  LIMIT_LOWER,
  LIMIT_NEAR_MARGIN,
  LIMIT_NONE,
  LIMIT_UPPER,
  MAX_ANGULAR_CORRECTION,
  MAX_JOINT_PUSH,
  maxLinearCorrection,
  positionError,
  sparselyHeld,
} from './joint-kind';
import { springSoftnessAt } from './joint-spring';
import {
  applyPointImpulse,
  movePoint,
  pointImpulse,
  pointMatrix,
  pointRowsK,
  updateLeverArms,
} from './lever-arms';
import type { RevoluteJoint } from './revolute-joint';
import type { SolverSettings } from './settings';
import { baumgarteSoftnessAt, rigidRowSoftnessAt, softnessFromFrequencyAt, softnessInputs } from './softness';

// The revolute joint's passes (prepare and warm start, velocity iteration, position pass).

/**
 * Pre-step of a revolute joint on packed velocities (lever arms, K and K⁻¹ of the point rows,
 * biases, softness, limit and motor rows), then its warm start (or zeroed impulses). @internal
 */
export function prepareRevoluteJointAt(
  joint: RevoluteJoint,
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
  const oA = joint.velocityA;
  const oB = joint.velocityB;
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  joint.invDt = invDt;
  updateLeverArms(joint);
  pointRowsK(joint);
  const k = pointMatrix;

  // Point constraint (Box2D-Lite Joint), two rows:
  //   C = pB - pA = xB + rB - xA - rA
  //   Ċ = vB + wB × rB - vA - wA × rA,     with w × r = (-w r.y, w r.x)
  //   J = [ -I, -S(rA), I, S(rB) ],        S(r) = (-r.y, r.x)ᵀ (the column w × r / w)
  //   K = J M⁻¹ Jᵀ = (mA + mB) I + iA S(rA) S(rA)ᵀ + iB S(rB) S(rB)ᵀ
  //     = [ mA + mB + iA rA.y² + iB rB.y²,   -iA rA.x rA.y - iB rB.x rB.y ]
  //       [ -iA rA.x rA.y - iB rB.x rB.y,    mA + mB + iA rA.x² + iB rB.x² ]
  const k11 = k[0];
  const k12 = k[1];
  const k22 = k[3];
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
  // The point rows' effective mass, 2 / tr K: mass-independent softness for every mode of the block.
  const traceK = k11 + k22;
  const pointMass = traceK > 0 ? 2 / traceK : 0;
  softnessInputs[2] = pointMass;
  softnessInputs[3] = dt;
  if (springSoftnessAt(spring, softness)) {
    // The frequency form: massScale K⁻¹ (bias - Ċ) - impulseScale λacc (see softness.ts). The
    // stiffness form, k and c in N/m and N·s/m on each point row: γ = 1 / (dt (c + dt k)) in 1/kg,
    // the same for both rows, so the block is solved with (K + γ I)⁻¹ (Box2D-Lite's K + softness · I,
    // with γ in place of its softness), β = dt k / (c + dt k).
    const a = spring.form === 'stiffness' ? dt * (spring.damping + dt * spring.stiffness) : -1;
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
    } else if (a === 0) {
      // k = c = 0 (or dt = 0): no spring at all, the rows apply nothing.
      joint.s11 = 0;
      joint.s12 = 0;
      joint.s22 = 0;
      joint.impulseX = 0;
      joint.impulseY = 0;
    }
  } else if (softRows && settings.positionCorrection) {
    // The same form as a pin of frequencyHz.
    rigidRowSoftnessAt(softness, settings);
    joint.softRows = true;
  } else {
    baumgarteSoftnessAt(softness, settings);
  }
  const Cx = bB.center.x + joint.rBx - bA.center.x - joint.rAx;
  const Cy = bB.center.y + joint.rBy - bA.center.y - joint.rAy;
  let biasX = -softness.biasRate * Cx;
  let biasY = -softness.biasRate * Cy;
  // Softened rigid rows' push is capped: between two immovable bodies moving apart it is unbounded.
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
  const kAxial = k[5];
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
  const k13 = k[2];
  const k23 = k[4];
  joint.k13 = k13;
  joint.k23 = k23;
  joint.k33 = kAxial;
  joint.limitState = LIMIT_NONE;
  joint.limitBias = 0;
  joint.limitNear = false;
  if (joint.enableLimitValue) {
    const lower = joint.lowerAngleValue;
    const upper = joint.upperAngleValue;
    // Inside, a row allows closing at up to C/dt (speculative: the bound is met at the step's end).
    // Past it, bias 0 (as Box2D v2.3) and the position pass turns it back: a warm-started Baumgarte
    // push-back keeps pushing after the motion reverses, and chains of limited pins gain energy.
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
  // The angular spring (Box2D v3's): a soft row on ωB - ωA pulling the angle towards targetAngle,
  // its frequency against the angular rows' effective mass 1 / (iA + iB).
  if (hasAngularSpring(joint)) {
    softnessInputs[0] = joint.springHertzValue;
    softnessInputs[1] = joint.springDampingRatioValue;
    softnessInputs[2] = joint.axialMass;
    softnessInputs[3] = dt;
    const springSoftness = softnessFromFrequencyAt(joint.springSoftness);
    joint.springBias = -springSoftness.biasRate * (angle - joint.targetAngleValue);
  } else {
    joint.springImpulse = 0;
  }

  if (settings.warmStarting) {
    let axial = joint.motorImpulse + joint.lowerImpulse - joint.upperImpulse;
    // Only when there is one: adding a zero could turn a -0 into +0.
    if (joint.springImpulse !== 0) axial += joint.springImpulse;
    pointImpulse[0] = joint.impulseX;
    pointImpulse[1] = joint.impulseY;
    pointImpulse[2] = axial;
    applyPointImpulse(joint, v);
  } else {
    joint.impulseX = 0;
    joint.impulseY = 0;
    joint.motorImpulse = 0;
    joint.lowerImpulse = 0;
    joint.upperImpulse = 0;
    joint.springImpulse = 0;
  }
}

/** Whether the joint's angular spring acts this step: enabled, a frequency > 0, a body that turns. */
function hasAngularSpring(joint: RevoluteJoint): boolean {
  return joint.enableSpringValue && joint.springHertzValue > 0 && joint.axialMass > 0;
}

/** The angular spring's row: soft, towards `springBias`, the accumulated impulse unbounded. */
function solveSpringRow(joint: RevoluteJoint, v: Float64Array): void {
  const oA = joint.velocityA;
  const oB = joint.velocityB;
  const s = joint.springSoftness;
  const cdot = v[oB + 2] - v[oA + 2];
  const lambda =
    s.massScale * joint.axialMass * (joint.springBias - cdot) - s.impulseScale * joint.springImpulse;
  joint.springImpulse += lambda;
  v[oA + 2] -= joint.bodyA.invI * lambda;
  v[oB + 2] += joint.bodyB.invI * lambda;
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

/**
 * A limit row on its own (angular only): ωB - ωA >= lowerBias, or with `upper` the same row with A
 * and B swapped, ωA - ωB >= upperBias; the accumulated impulse >= 0.
 */
function solveLimitRow(joint: RevoluteJoint, v: Float64Array, upper: boolean): void {
  const oA = upper ? joint.velocityB : joint.velocityA;
  const oB = upper ? joint.velocityA : joint.velocityB;
  const cdot = v[oB + 2] - v[oA + 2];
  let lambda = joint.axialMass * ((upper ? joint.upperBias : joint.lowerBias) - cdot);
  const old = upper ? joint.upperImpulse : joint.lowerImpulse;
  const total = old + lambda > 0 ? old + lambda : 0;
  if (upper) joint.upperImpulse = total;
  else joint.lowerImpulse = total;
  lambda = total - old;
  v[oA + 2] -= (upper ? joint.bodyB : joint.bodyA).invI * lambda;
  v[oB + 2] += (upper ? joint.bodyA : joint.bodyB).invI * lambda;
}

/**
 * One velocity iteration of a revolute joint on the packed velocities `v`: spring and motor, then
 * limits and point rows (last: they matter most). With `limitState` set, the point rows and that
 * limit are one 3x3 system, the limit's impulse clamped (Box2D v2.3). A pin in a chain leaves its
 * point rows to the chain's solve, except in the 3x3 block of a near limit (`limitNear`). @internal
 */
export function solveRevoluteJointAt(joint: RevoluteJoint, v: Float64Array): void {
  const oA = joint.velocityA;
  const oB = joint.velocityB;
  const axialMass = joint.axialMass;
  const state = joint.limitState;
  if (hasAngularSpring(joint)) solveSpringRow(joint, v);
  if (joint.enableMotorValue && axialMass > 0 && state !== LIMIT_EQUAL) solveMotorRow(joint, v);

  const block = state !== LIMIT_NONE && (joint.chainRole === CHAIN_NONE || joint.limitNear);
  if (joint.enableLimitValue && axialMass > 0) {
    const hasLower = joint.lowerAngleValue > Number.NEGATIVE_INFINITY;
    const hasUpper = joint.upperAngleValue < Number.POSITIVE_INFINITY;
    if (!block) {
      if (hasLower) solveLimitRow(joint, v, false);
      if (hasUpper) solveLimitRow(joint, v, true);
    } else if (state === LIMIT_LOWER) {
      if (hasUpper) solveLimitRow(joint, v, true);
    } else if (state === LIMIT_UPPER) {
      if (hasLower) solveLimitRow(joint, v, false);
    }
  }
  if (!block && joint.chainRole !== CHAIN_NONE) return;

  const wA = v[oA + 2];
  const wB = v[oB + 2];
  const cdotX = v[oB] - wB * joint.rBy - v[oA] + wA * joint.rAy;
  const cdotY = v[oB + 1] + wB * joint.rBx - v[oA + 1] - wA * joint.rAx;
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
  pointImpulse[0] = Px;
  pointImpulse[1] = Py;
  pointImpulse[2] = Pz;
  applyPointImpulse(joint, v);
}

/**
 * One position pass of a revolute joint (nonlinear Gauss-Seidel): a rigid pin with a violated limit
 * takes one Newton step on point and angle together (λ = -K⁻¹ C, the angle error clamped to
 * {@link MAX_ANGULAR_CORRECTION}), so closing the anchors does not turn it back past its bound;
 * otherwise the limit, then a rigid point, alone. Chained pins' points are left to the chain. The
 * largest error found (m or radians) goes to `positionError[0]`. @internal
 */
export function revolutePositionStep(joint: RevoluteJoint): void {
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  const iA = bA.invI;
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
      Cz = Math.min(Math.max(Cz, -MAX_ANGULAR_CORRECTION), MAX_ANGULAR_CORRECTION);
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
  let Cx = bB.center.x + joint.rBx - bA.center.x - joint.rAx;
  let Cy = bB.center.y + joint.rBy - bA.center.y - joint.rAy;
  const pointError = Math.sqrt(Cx * Cx + Cy * Cy);
  if (pointError > error) error = pointError;
  if (joint.softRows && pointError > maxLinearCorrection()) {
    const scale = maxLinearCorrection() / pointError;
    Cx *= scale;
    Cy *= scale;
  }
  // K as in the prepare (see the derivation there), at the current pose.
  pointRowsK(joint);
  const k = pointMatrix;
  const P = pointImpulse;
  P[2] = 0;
  if (Cz !== 0 && invertK3(joint, k[0], k[1], k[2], k[3], k[4], k[5])) {
    P[0] = -(joint.n11 * Cx + joint.n12 * Cy + joint.n13 * Cz);
    P[1] = -(joint.n12 * Cx + joint.n22 * Cy + joint.n23 * Cz);
    P[2] = -(joint.n13 * Cx + joint.n23 * Cy + joint.n33 * Cz);
  } else {
    if (Cz !== 0) {
      // No 3x3 K: the angle on its own first.
      const lambda = -Cz / (iA + iB);
      bA.angle -= iA * lambda;
      bB.angle += iB * lambda;
    }
    const det = k[0] * k[3] - k[1] * k[1];
    if (!(det > 0)) {
      positionError[0] = error;
      return;
    }
    const invDet = 1 / det;
    P[0] = -(k[3] * Cx - k[1] * Cy) * invDet;
    P[1] = -(-k[1] * Cx + k[0] * Cy) * invDet;
  }
  movePoint(joint);
  positionError[0] = error;
}
