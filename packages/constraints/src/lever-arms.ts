import { cosSinInPlace } from '@lite/math';
import type { AnchoredJoint } from './joint-base';

// cos and sin of a body's angle (a module-level scratch: nothing allocated per call).
const scratch = new Float64Array(2);

/**
 * Sets the joint's lever arms from its local anchors and the bodies' current angles:
 * rA = R(θA) localAnchorA, rB = R(θB) localAnchorB (with the engine's own cos and sin, so the result
 * is the same on every JavaScript engine). Allocates nothing.
 */
export function updateLeverArms(joint: AnchoredJoint): void {
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  const rot = scratch;
  rot[0] = bA.angle;
  cosSinInPlace(rot);
  const cA = rot[0];
  const sA = rot[1];
  rot[0] = bB.angle;
  cosSinInPlace(rot);
  const cB = rot[0];
  const sB = rot[1];
  const ax = joint.localAnchorAXValue;
  const ay = joint.localAnchorAYValue;
  const bx = joint.localAnchorBXValue;
  const by = joint.localAnchorBYValue;
  joint.rAx = cA * ax - sA * ay;
  joint.rAy = sA * ax + cA * ay;
  joint.rBx = cB * bx - sB * by;
  joint.rBy = sB * bx + cB * by;
}

/**
 * The impulse the point helpers apply at the anchors (a slot: docs/performance.md, "Boxed
 * numbers"): [Px, Py, L], the point impulse P (N s) and an angular impulse L (N m s) besides. @internal
 */
export const pointImpulse = new Float64Array(3);

/**
 * Applies {@link pointImpulse} to B's packed velocities and its opposite to A's:
 * vB += mB P, ωB += iB (rB × P + L), vA -= mA P, ωA -= iA (rA × P + L). @internal
 */
export function applyPointImpulse(joint: AnchoredJoint, v: Float64Array): void {
  const oA = joint.velocityA;
  const oB = joint.velocityB;
  const Px = pointImpulse[0];
  const Py = pointImpulse[1];
  const L = pointImpulse[2];
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  v[oA] -= bA.invMass * Px;
  v[oA + 1] -= bA.invMass * Py;
  v[oA + 2] -= bA.invI * (joint.rAx * Py - joint.rAy * Px + L);
  v[oB] += bB.invMass * Px;
  v[oB + 1] += bB.invMass * Py;
  v[oB + 2] += bB.invI * (joint.rBx * Py - joint.rBy * Px + L);
}

/**
 * {@link applyPointImpulse} of P alone (L not read: adding a zero L could turn a -0 into +0). @internal
 */
export function applyLinearImpulse(joint: AnchoredJoint, v: Float64Array): void {
  const oA = joint.velocityA;
  const oB = joint.velocityB;
  const Px = pointImpulse[0];
  const Py = pointImpulse[1];
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  v[oA] -= bA.invMass * Px;
  v[oA + 1] -= bA.invMass * Py;
  v[oA + 2] -= bA.invI * (joint.rAx * Py - joint.rAy * Px);
  v[oB] += bB.invMass * Px;
  v[oB + 1] += bB.invMass * Py;
  v[oB + 2] += bB.invI * (joint.rBx * Py - joint.rBy * Px);
}

/**
 * The position pass's {@link applyPointImpulse}: moves the bodies' centres and angles by the
 * impulse in {@link pointImpulse} (xB += mB P, θB += iB (rB × P + L), A the opposite). @internal
 */
export function movePoint(joint: AnchoredJoint): void {
  const Px = pointImpulse[0];
  const Py = pointImpulse[1];
  const L = pointImpulse[2];
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  bA.center.x -= bA.invMass * Px;
  bA.center.y -= bA.invMass * Py;
  bA.angle -= bA.invI * (joint.rAx * Py - joint.rAy * Px + L);
  bB.center.x += bB.invMass * Px;
  bB.center.y += bB.invMass * Py;
  bB.angle += bB.invI * (joint.rBx * Py - joint.rBy * Px + L);
}

/** {@link movePoint} by P alone (L not read, as {@link applyLinearImpulse}). @internal */
export function moveLinear(joint: AnchoredJoint): void {
  const Px = pointImpulse[0];
  const Py = pointImpulse[1];
  const bA = joint.bodyA;
  const bB = joint.bodyB;
  bA.center.x -= bA.invMass * Px;
  bA.center.y -= bA.invMass * Py;
  bA.angle -= bA.invI * (joint.rAx * Py - joint.rAy * Px);
  bB.center.x += bB.invMass * Px;
  bB.center.y += bB.invMass * Py;
  bB.angle += bB.invI * (joint.rBx * Py - joint.rBy * Px);
}

/**
 * K = J M⁻¹ Jᵀ of the point rows and an angle row (see the revolute prepare), from the bodies'
 * inverse masses and the lever arms, into {@link pointMatrix}: k11 = mA + mB + iA rA.y² + iB rB.y²,
 * k12 = -iA rA.x rA.y - iB rB.x rB.y, k13 = -iA rA.y - iB rB.y, k22 = mA + mB + iA rA.x² + iB rB.x²,
 * k23 = iA rA.x + iB rB.x, k33 = iA + iB. @internal
 */
export function pointRowsK(joint: AnchoredJoint): void {
  const mA = joint.bodyA.invMass;
  const iA = joint.bodyA.invI;
  const mB = joint.bodyB.invMass;
  const iB = joint.bodyB.invI;
  const rAx = joint.rAx;
  const rAy = joint.rAy;
  const rBx = joint.rBx;
  const rBy = joint.rBy;
  const k = pointMatrix;
  k[0] = mA + mB + iA * rAy * rAy + iB * rBy * rBy;
  k[1] = -iA * rAx * rAy - iB * rBx * rBy;
  k[2] = -iA * rAy - iB * rBy;
  k[3] = mA + mB + iA * rAx * rAx + iB * rBx * rBx;
  k[4] = iA * rAx + iB * rBx;
  k[5] = iA + iB;
}

/**
 * Where {@link pointRowsK} leaves K, laid out for `solveSymmetric3`: [k11, k12, k13, k22, k23, k33,
 * then the right-hand side b1, b2, b3, the caller's]. @internal
 */
export const pointMatrix = new Float64Array(9);
