import type { Vec2, Vec2Like } from '@lite/math';
import { checkBodies, defineCheckedFields } from './checked-fields';
import { requireFiniteArg } from './errors';
import { reactionVector, toLocalPoint } from './joint-frame';
import { JOINT_TYPES } from './joint-kind';
import type { SolverBody } from './solver-body';

// A point in a body's frame, and a reaction (module scratch: nothing allocated).
const local = new Float64Array(2);
const reaction = new Float64Array(3);

/**
 * What every two-body joint has: its kind, its two distinct bodies, the step's 1 / dt and the
 * bodies' places in the packed velocities. The kinds extend it (or {@link AnchoredJoint}).
 */
export abstract class JointBase {
  /** The joint's `JointKind` value: its entry in the registry of joint kinds. */
  readonly kind: number;
  /** The first body. */
  bodyA: SolverBody;
  /** The second body. */
  bodyB: SolverBody;
  /** 1 / dt of the step being solved, 1/s (0 before the first, or for dt = 0). @internal */
  invDt = 0;
  /** Index of body A's vx in the packed velocities (ω 2 further on), set by the prepare. @internal */
  velocityA = 0;
  /** Where body B's vx sits in the packed velocities, as {@link JointBase.velocityA}. @internal */
  velocityB = 0;

  /**
   * @param kind - the kind's `JointKind` value
   * @param bodyA - the first body
   * @param bodyB - the second body
   * @throws ConstraintError unless the bodies are two distinct solver bodies
   */
  protected constructor(kind: number, bodyA: SolverBody, bodyB: SolverBody) {
    checkBodies(bodyA, bodyB);
    this.kind = kind;
    this.bodyA = bodyA;
    this.bodyB = bodyB;
  }

  /** The force the joint applied to body B over the last step, N (world; minus this on A). */
  getReactionForce(): Vec2 {
    JOINT_TYPES[this.kind].reaction(this, reaction);
    return reactionVector(reaction[0], reaction[1]);
  }

  /** The torque the joint applied to body B over the last step, N m (minus this on A). */
  getReactionTorque(): number {
    JOINT_TYPES[this.kind].reaction(this, reaction);
    return reaction[2];
  }
}

/** A joint holding a point of each body: the local anchors and the prepare's world lever arms. */
export abstract class AnchoredJoint extends JointBase {
  /** The value behind `localAnchorAX` (read by the solver; set through `localAnchorAX`). @internal */
  localAnchorAXValue: number;
  /** The value behind `localAnchorAY` (read by the solver; set through `localAnchorAY`). @internal */
  localAnchorAYValue: number;
  /** The value behind `localAnchorBX` (read by the solver; set through `localAnchorBX`). @internal */
  localAnchorBXValue: number;
  /** The value behind `localAnchorBY` (read by the solver; set through `localAnchorBY`). @internal */
  localAnchorBYValue: number;
  /** Lever arm of A's anchor, x, m. @internal */
  rAx = 0;
  /** Lever arm of A's anchor, y, m. @internal */
  rAy = 0;
  /** Lever arm of B's anchor, x, m. @internal */
  rBx = 0;
  /** Lever arm of B's anchor, y, m. @internal */
  rBy = 0;

  /**
   * @param kind - the kind's `JointKind` value
   * @param bodyA - the first body
   * @param bodyB - the second body
   * @param anchorA - the anchor on A, world coordinates (named `nameA` in an error)
   * @param anchorB - the anchor on B, world coordinates (named `nameB` in an error)
   * @throws ConstraintError when the bodies are not distinct or an anchor is not finite
   */
  protected constructor(
    kind: number,
    bodyA: SolverBody,
    bodyB: SolverBody,
    anchorA: Vec2Like,
    anchorB: Vec2Like,
    nameA: string,
    nameB: string,
  ) {
    super(kind, bodyA, bodyB);
    const ax = requireFiniteArg(anchorA?.x, `${nameA}.x`);
    const ay = requireFiniteArg(anchorA?.y, `${nameA}.y`);
    const bx = requireFiniteArg(anchorB?.x, `${nameB}.x`);
    const by = requireFiniteArg(anchorB?.y, `${nameB}.y`);
    toLocalPoint(bodyA, ax, ay, local);
    this.localAnchorAXValue = local[0];
    this.localAnchorAYValue = local[1];
    toLocalPoint(bodyB, bx, by, local);
    this.localAnchorBXValue = local[0];
    this.localAnchorBYValue = local[1];
  }

  /**
   * Anchor on A in A's frame (relative to its centre), x, m.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  declare localAnchorAX: number;

  /**
   * Anchor on A in A's frame, y, m.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  declare localAnchorAY: number;

  /**
   * Anchor on B in B's frame (relative to its centre), x, m.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  declare localAnchorBX: number;

  /**
   * Anchor on B in B's frame, y, m.
   * @throws ConstraintError unless the value is a finite number (nothing changes then)
   */
  declare localAnchorBY: number;
}

defineCheckedFields(AnchoredJoint.prototype, {
  localAnchorAX: requireFiniteArg,
  localAnchorAY: requireFiniteArg,
  localAnchorBX: requireFiniteArg,
  localAnchorBY: requireFiniteArg,
});

/** `options.referenceAngle`, checked, or else the bodies' angle difference θB - θA now. @internal */
export function referenceAngleOf(options: { referenceAngle?: number }, a: SolverBody, b: SolverBody): number {
  return requireFiniteArg(options.referenceAngle ?? b.angle - a.angle, 'referenceAngle');
}
