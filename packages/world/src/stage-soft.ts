import type { Body } from './body';
import { jointPasses } from './joint-passes';
import { jointBodyA, jointBodyB } from './joints';
import { Stage } from './profile';
import { collectSolverConstraints, collideStages } from './stage-contacts';
import { failStep, findNonFiniteBody, moveNotedProxies } from './stage-finish';
import { finishPoses, solveJointPositions } from './stage-poses';
import type { StepState } from './step-state';

/**
 * The soft step (Box2D v3's solver), stages 1 to 9 of `World.step`: collide once, then `substeps`
 * sub-steps of h = dt / n on the packed body states, restitution once at the end. The body objects
 * get their poses at each sub-step when there are joints (which read them), else once at the end.
 */
export function stepSoft(s: StepState, dt: number): void {
  const settings = s.settings;
  const substeps = settings.substeps;
  const ctx = s.softContext.set(dt, settings);
  const profile = s.profile;
  collideStages(s, true, dt);
  collectSolverConstraints(s, true);
  loadBodyStates(s);
  // ctx.h, computed the same way from dt (passing ctx.h itself would box a number).
  s.bodyStates.setStep(dt, substeps);
  // (Set only when changed: a number passed to a setter V8 does not inline is boxed.)
  if (s.bodyStates.maxLinearSpeed !== settings.maximumLinearSpeed) {
    s.bodyStates.maxLinearSpeed = settings.maximumLinearSpeed;
  }
  // The joints' prepare takes h boxed once (as `subStepDt` does).
  if (dt !== s.softDt || substeps !== s.softSubsteps) {
    s.softDt = dt;
    s.softSubsteps = substeps;
    s.softH = ctx.h;
  }
  if (s.solverJointCount > 0) markHeldBodies(s);
  s.softSolver.prepare(s.solverContacts, s.solverContactCount, s.bodyStates, ctx, s.solverGather);
  profile.lap(Stage.Prepare);
  for (let i = 0; i < substeps; ++i) softSubStep(s);
  // The bodies' finite check: done by the final store on the numbers it writes, unless joints
  // wrote poses during the sub-steps (then every awake body is read again).
  if (!finishSoftSolve(s) || s.solverJointCount > 0) {
    const bad = findNonFiniteBody(s);
    if (bad >= 0) failStep(s, bad, false);
  }
  finishPoses(s);
  profile.lap(Stage.Transforms);
  moveNotedProxies(s, dt);
  profile.lap(Stage.Broadphase);
}

/** Reads each awake body into its slot of the packed body states (its start pose too: `startPose`). */
export function loadBodyStates(s: StepState): void {
  const states = s.bodyStates;
  states.beginStep();
  const gravity = s.gravity;
  for (let slot = 1, n = states.count; slot < n; ++slot) {
    const b = states.bodyAt(slot) as Body;
    // With its index, by which the contacts gathered by the narrowphase find its slot.
    states.load(b, gravity, b.index);
  }
}

/** Marks the bodies the step's joints hold (docs/performance.md, "Loops in their own functions"). */
function markHeldBodies(s: StepState): void {
  const joints = s.solverJoints;
  const states = s.bodyStates;
  for (let i = 0, n = s.solverJointCount; i < n; ++i) {
    states.markHeld(jointBodyA(joints[i]));
    states.markHeld(jointBodyB(joints[i]));
  }
}

/**
 * One sub-step of h (`ctx.h`, also in the body states): integrate velocities, warm start,
 * `iterations` soft solves of the contacts (then the joints), the push passes, integrate positions
 * (and run the joints' position passes), relax.
 */
function softSubStep(s: StepState): void {
  const settings = s.settings;
  const states = s.bodyStates;
  const solver = s.softSolver;
  const ctx = s.softContext;
  const jointCount = s.solverJointCount;
  const profile = s.profile;
  states.integrateVelocities();
  profile.lap(Stage.IntegrateVelocities);
  solver.warmStart(states);
  profile.lap(Stage.WarmStart);
  // Rigid pin and rod rows as Box2D v3's stiff joint springs (`settings.jointHertz`), relaxed below.
  if (jointCount > 0)
    jointPasses().prepare(s.solverJoints, jointCount, s.softH as number, settings, states, true);
  for (let k = 0, n = settings.iterations; k < n; ++k) {
    solver.solve(states, ctx, true);
    if (jointCount > 0) jointPasses().solve(s.solverJoints, jointCount, settings, states);
  }
  profile.lap(Stage.Solve);
  // Push passes: deep overlaps move apart in the position update, without keeping the speed.
  for (let k = 0, n = settings.pushIterations; k < n; ++k) solver.push(states, ctx, k);
  profile.lap(Stage.Push);
  // Joints read the bodies' poses between sub-steps; without joints the poses are written once,
  // after the last sub-step (finishSoftSolve).
  states.integratePositions(s.cosSin, jointCount > 0);
  profile.lap(Stage.IntegratePositions);
  if (jointCount > 0 && settings.positionCorrection) {
    // On the body objects' poses (written above); the packed states read them back.
    solveJointPositions(s);
    states.syncFromPoses(s.cosSin);
    profile.lap(Stage.Joints);
  }
  // Relax: rigid rows with no bias, taking back the velocity the soft rows' bias left (the
  // contacts', then the joints' whose rigid rows were softened).
  solver.solve(states, ctx, false);
  if (jointCount > 0) jointPasses().relax(s.solverJoints, jointCount, states);
  profile.lap(Stage.Relax);
}

/**
 * After the sub-steps: restitution from the approach speeds at impact, the impulses back to the
 * contacts (for the next step's warm start and the user), the velocities back to the bodies.
 * Returns whether every number written to the bodies is finite.
 */
function finishSoftSolve(s: StepState): boolean {
  const solver = s.softSolver;
  const states = s.bodyStates;
  const ctx = s.softContext;
  solver.applyRestitution(states, ctx);
  s.profile.lap(Stage.Restitution);
  solver.storeImpulses(ctx);
  // Poses too when no joint wrote them at each sub-step: one pass over the bodies.
  const finite = states.storeVelocities(s.solverJointCount === 0);
  s.profile.lap(Stage.StoreImpulses);
  return finite;
}
