import type { SolverSettings } from '@lite/constraints';
import type { Body } from './body';
import { truncate } from './contact-list';
import { jointPasses } from './joint-passes';
import { continuousOf } from './solvers';
import type { ContinuousCollision } from './stage-continuous';
import { noteMovedProxies, updateTransform } from './stage-finish';
import type { StepState } from './step-state';

/**
 * Stage 9a: each awake body's transform and origin follow its pose. With continuous collision, a
 * fast body (moved more than half its smallest extent, or deep in a static shape) waits to be swept
 * back to its time of impact (stage-continuous.ts).
 */
export function finishPoses(s: StepState): void {
  const bodies = s.bodyList;
  const continuous = continuousOf(s);
  const fast = s.fastBodies;
  const cosSin = s.cosSin;
  // (Empty unless a step threw between this pass and the re-insertions.)
  truncate(s.movedShapes, 0);
  // The fast bodies wait, their transforms still showing where they started.
  for (let i = 0, n = bodies.length; i < n; ++i) {
    const b = bodies[i];
    const deep = b.deepInStatic;
    if (deep) b.deepInStatic = false;
    if (!b.isAwake) continue;
    if (continuous !== null && b.isDynamic && b.shapeList.length > 0 && (deep || isFast(s, b))) {
      b.isFast = true;
      fast.push(b);
      continue;
    }
    updateTransform(b, cosSin);
    noteMovedProxies(s, b);
  }
  // The fast bodies' notes follow (see `moveNotedProxies`).
  s.movedSplit = s.movedShapes.length;
  if (fast.length > 0) (continuous as ContinuousCollision).sweep(s);
}

/** Whether the body moved (or turned) this step by more than half its smallest extent. */
function isFast(s: StepState, b: Body): boolean {
  const states = s.bodyStates;
  const dx = b.center.x - states.startPose(b, 0);
  const dy = b.center.y - states.startPose(b, 1);
  // |d| + |Δangle| maxExtent > minExtent / 2, without a square root for the common slow body.
  const room = 0.5 * b.minExtent - Math.abs(b.angle - states.startPose(b, 2)) * b.maxExtent;
  return room <= 0 || dx * dx + dy * dy > room * room;
}

/**
 * Stage 7b: the joints' position passes (rigid rows and violated limits move the bodies), until the
 * error is below the slop or `jointPositionIterations` ran. `settings`: the running solver's.
 */
export function solveJointPositions(s: StepState, settings: SolverSettings = s.settings): void {
  const count = s.solverJointCount;
  if (count === 0) return;
  for (let i = 0, n = s.settings.jointPositionIterations; i < n; ++i) {
    jointPasses().positions(s.solverJoints, count, settings, s.jointError);
    if (s.jointError[0] <= settings.linearSlop) break;
  }
}
