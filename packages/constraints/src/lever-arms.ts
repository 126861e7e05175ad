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
