import { cosSinInPlace } from '@lite/math';
import type { SolverBody } from './solver-body';

/**
 * What a two-body joint keeps of its anchors: each anchor in its body's frame, and the lever arms
 * from the bodies' centres to the anchors in world orientation. `DistanceJoint` and `RevoluteJoint`
 * have this shape.
 */
export interface AnchoredPair {
  /** The first body. */
  readonly bodyA: SolverBody;
  /** The second body. */
  readonly bodyB: SolverBody;
  /** Anchor on A in A's frame, x, m. */
  readonly localAnchorAXValue: number;
  /** Anchor on A in A's frame, y, m. */
  readonly localAnchorAYValue: number;
  /** Anchor on B in B's frame, x, m. */
  readonly localAnchorBXValue: number;
  /** Anchor on B in B's frame, y, m. */
  readonly localAnchorBYValue: number;
  /** Lever arm rA = R(θA) localAnchorA, x, m. */
  rAx: number;
  /** Lever arm rA, y, m. */
  rAy: number;
  /** Lever arm rB = R(θB) localAnchorB, x, m. */
  rBx: number;
  /** Lever arm rB, y, m. */
  rBy: number;
}

// cos and sin of a body's angle (a module-level scratch: nothing allocated per call).
const scratch = new Float64Array(2);

/**
 * Sets the joint's lever arms from its local anchors and the bodies' current angles:
 * rA = R(θA) localAnchorA, rB = R(θB) localAnchorB (with the engine's own cos and sin, so the result
 * is the same on every JavaScript engine). Allocates nothing.
 */
export function updateLeverArms(joint: AnchoredPair): void {
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
