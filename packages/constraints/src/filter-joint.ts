import type { Vec2 } from '@lite/math';
import { JointBase } from './joint-base';
import { reactionVector } from './joint-frame';
import { JointKind, positionError } from './joint-kind';
import { type JointType, registerJointType } from './joint-types';
import type { SolverBody } from './solver-body';

/**
 * A joint without rows (Box2D's filter joint): it only marks its two bodies as joined, so a world
 * can keep them from colliding. The solver passes over it; its reaction is always zero.
 */
export class FilterJoint extends JointBase {
  /** {@link JointKind.Filter}. */
  declare readonly kind: typeof JointKind.Filter;

  /**
   * @param bodyA - the first body
   * @param bodyB - the second body
   * @throws ConstraintError unless the bodies are two distinct solver bodies
   */
  constructor(bodyA: SolverBody, bodyB: SolverBody) {
    registerJointType(filterJointType);
    super(JointKind.Filter, bodyA, bodyB);
  }

  /** The force on body B over the last step, N: always (0, 0). */
  getReactionForce(): Vec2 {
    return reactionVector(0, 0);
  }

  /** The torque on body B over the last step, N m: always 0. */
  getReactionTorque(): number {
    return 0;
  }
}

function nothing(): void {}

/** The filter joint's entry in `JOINT_TYPES`: every pass does nothing. @internal */
export const filterJointType: JointType = {
  kind: JointKind.Filter,
  name: 'FilterJoint',
  carry: nothing,
  softens: false,
  prepare: nothing,
  solve: nothing,
  positions() {
    positionError[0] = 0;
  },
  bind: nothing,
  reaction(_joint, out) {
    out[0] = 0;
    out[1] = 0;
    out[2] = 0;
  },
};
