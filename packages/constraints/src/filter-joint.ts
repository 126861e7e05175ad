import { JointBase } from './joint-base';
import { JointKind, positionError, registerJointType } from './joint-kind';
import type { JointType } from './joint-types';
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
