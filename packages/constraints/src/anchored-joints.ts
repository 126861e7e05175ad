import type { DistanceJoint } from './distance-joint';
import { isDynamic, JointKind } from './joint-kind';
import type { RevoluteJoint } from './revolute-joint';
import type { SolverBody } from './solver-body';

/*
 * Paths of rigid pins and rods held at both ends by static or kinematic bodies (through dynamic
 * bodies each held by exactly two such joints). When the ends move apart the rows cannot be met:
 * solved rigidly, their impulses grow without bound and throw the bodies about at hundreds of m/s.
 * Such joints take the joint spring instead (see `prepareJoints`), whose tension is bounded by the
 * stretch.
 */

type HoldJoint = RevoluteJoint | DistanceJoint;

function isHolding(joint: { kind: number }): boolean {
  if (joint.kind === JointKind.Revolute) return !(joint as RevoluteJoint).spring.soft;
  if (joint.kind === JointKind.Distance) {
    const d = joint as DistanceJoint;
    return !d.spring.soft && d.minLengthValue === d.maxLengthValue;
  }
  return false;
}

/** The far body of `joint` from `body`. */
function other(joint: HoldJoint, body: SolverBody): SolverBody {
  return joint.bodyA === body ? joint.bodyB : joint.bodyA;
}

/**
 * Walks from `joint` through `body` along bodies held by exactly two holding joints; with `mark`,
 * sets every joint met (not `joint` itself) `anchorSeen` and `anchored` to `anchored`. Returns
 * whether the walk ends at a body of infinite mass (false: at a free or branching dynamic body, or
 * around a loop back to `joint`).
 */
function walk(joint: HoldJoint, body: SolverBody, mark: boolean, anchored: boolean): boolean {
  let cur = joint;
  let b = body;
  for (;;) {
    if (!isDynamic(b)) return true;
    if (b.holdJointCount !== 2) return false;
    const next = (b.holdJoint0 === cur ? b.holdJoint1 : b.holdJoint0) as HoldJoint;
    if (next === joint) return false;
    if (mark) {
      next.anchorSeen = true;
      next.anchored = anchored;
    }
    b = other(next, b);
    cur = next;
  }
}

/**
 * Marks (`anchored`) the rigid pins and rods among the first `count` joints on such a path and
 * clears the others. Uses the bodies' `holdJoint*` scratch; allocates nothing; linear.
 * @returns how many joints were marked
 * @internal
 */
export function markAnchoredJoints(joints: readonly { kind: number }[], count: number): number {
  for (let i = 0; i < count; i++) {
    const joint = joints[i];
    if (joint.kind !== JointKind.Revolute && joint.kind !== JointKind.Distance) continue;
    const j = joint as HoldJoint;
    j.anchored = false;
    j.anchorSeen = false;
    j.bodyA.holdJointCount = 0;
    j.bodyA.holdJoint0 = null;
    j.bodyA.holdJoint1 = null;
    j.bodyB.holdJointCount = 0;
    j.bodyB.holdJoint0 = null;
    j.bodyB.holdJoint1 = null;
  }
  for (let i = 0; i < count; i++) {
    const joint = joints[i];
    if (!isHolding(joint)) continue;
    const j = joint as HoldJoint;
    addHold(j.bodyA, j);
    addHold(j.bodyB, j);
  }
  let marked = 0;
  for (let i = 0; i < count; i++) {
    const joint = joints[i];
    if (!isHolding(joint)) continue;
    const j = joint as HoldJoint;
    if (j.anchorSeen) continue;
    j.anchorSeen = true;
    // A joint between two bodies of infinite mass moves nothing: left alone.
    if (!isDynamic(j.bodyA) && !isDynamic(j.bodyB)) continue;
    const anchored = walk(j, j.bodyA, false, false) && walk(j, j.bodyB, false, false);
    j.anchored = anchored;
    walk(j, j.bodyA, true, anchored);
    walk(j, j.bodyB, true, anchored);
    if (anchored) {
      // The whole path is marked; count it.
      marked++;
    }
  }
  return marked;
}

function addHold(body: SolverBody, joint: HoldJoint): void {
  const n = body.holdJointCount;
  if (n === 0) body.holdJoint0 = joint;
  else if (n === 1) body.holdJoint1 = joint;
  body.holdJointCount = n + 1;
}
