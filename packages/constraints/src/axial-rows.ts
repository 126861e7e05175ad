import { cosSinInPlace } from '@lite/math';
import { checkRange } from './joint-frame';
import type { SolverBody } from './solver-body';

/*
 * The part the prismatic and wheel joints share: a body B moving along an axis fixed in body A
 * through an anchor. Both keep the same frame (lever arms, world axis, translation, and the cross
 * products of their axial and perpendicular rows), the same axial speed and the same translation
 * limits; each joint adds its own rows (the prismatic joint's angle row and motor along the axis,
 * the wheel joint's motor on the rotation and its sprung-mass spring).
 */

/** The fields of a joint with an axis (the prismatic and wheel joints). @internal */
export interface AxialJoint {
  bodyA: SolverBody;
  bodyB: SolverBody;
  localAnchorAXValue: number;
  localAnchorAYValue: number;
  localAnchorBXValue: number;
  localAnchorBYValue: number;
  localAxisXValue: number;
  localAxisYValue: number;
  rAx: number;
  rAy: number;
  rBx: number;
  rBy: number;
  axisX: number;
  axisY: number;
  translation: number;
  a1: number;
  a2: number;
  s1: number;
  s2: number;
  invDt: number;
  velocityA: number;
  velocityB: number;
  enableLimitValue: boolean;
  lowerTranslationValue: number;
  upperTranslationValue: number;
  lowerImpulse: number;
  upperImpulse: number;
  lowerBias: number;
  upperBias: number;
}

// cos and sin of a body's angle (module scratch: nothing allocated).
const rot = new Float64Array(2);

/**
 * Where {@link axialSpeed} leaves Ċ of the axial rows (a slot: a number returned from a call that
 * is not inlined would be boxed). @internal
 */
export const axialSpeedSlot = new Float64Array(1);

/**
 * Lever arms, world axis, d = xB + rB - xA - rA, the translation a·d and the cross products
 * a1 = (d + rA) × a, a2 = rB × a, s1 = (d + rA) × p, s2 = rB × p (p = a turned by 90°), from the
 * bodies' poses. @internal
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

/**
 * The limits' biases for the step (after {@link computeAxialFrame}, with `invDt` set): speculative
 * while inside (the bound is met at the end of the step, no overshoot); past a bound, the row only
 * stops further travel and the position pass moves the body back (as the revolute joint's limits).
 * Without limits, their impulses are zeroed. @internal
 */
export function prepareAxialLimits(joint: AxialJoint): void {
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
 * Sets both translation limits and enables them. @internal
 * @throws ConstraintError when lower > upper or a bound is NaN (nothing changes then)
 */
export function setAxialLimits(joint: AxialJoint, lowerTranslation: number, upperTranslation: number): void {
  checkRange(lowerTranslation, upperTranslation, 'lowerTranslation', 'upperTranslation');
  joint.lowerTranslationValue = lowerTranslation;
  joint.upperTranslationValue = upperTranslation;
  joint.enableLimitValue = true;
}
