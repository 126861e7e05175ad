import { type ContactSolver, prepareJoints, relaxJoints, solveJoints } from '@lite/constraints';
import type { Vec2 } from '@lite/math';
import { type Body, Own } from './body';
import type { ClassicSolver } from './classic-solver';
import { Stage } from './profile';
import type { WorldSettings } from './settings';
import { collectSolverConstraints, collideStages } from './stage-contacts';
import { failStep, findNonFiniteBody, moveNotedProxies } from './stage-finish';
import { finishPoses, solveJointPositions } from './stage-poses';
import type { StepState } from './step-state';
import { subStepDt } from './step-state';

/**
 * The classic step (Box2D-Lite's), `substeps` times over dt / substeps: stages 1 to 9 of
 * `World.step` (collide, solve, integrate, check, move the proxies), each sub-step a whole step.
 */
export function stepClassic(s: StepState, dt: number, solver: ContactSolver, settings: ClassicSolver): void {
  const substeps = settings.substeps;
  const h = subStepDt(s, dt, substeps);
  const profile = s.profile;
  for (let i = 0; i < substeps; ++i) {
    collideStages(s, false, 0);
    profile.lap(Stage.Prepare);
    integrateForces(s, h);
    profile.lap(Stage.IntegrateVelocities);
    collectSolverConstraints(s, false);
    solveVelocities(s, h, solver, settings);
    integratePositions(s, h);
    profile.lap(Stage.IntegratePositions);
    // Split impulses (when on): move by the pseudo-velocities the position iterations found.
    solver.applyPseudoVelocities(h, settings, s.bodyStates);
    profile.lap(Stage.Push);
    relaxContacts(s, solver, settings);
    solveJointPositions(s, settings);
    profile.lap(Stage.Joints);
    const bad = findNonFiniteBody(s);
    if (bad >= 0) failStep(s, bad, i > 0);
    finishPoses(s);
    profile.lap(Stage.Transforms);
    // The fat boxes are stretched by a whole step's motion, as with one sub-step.
    moveNotedProxies(s, dt);
    profile.lap(Stage.Broadphase);
  }
}

/**
 * Stage 4: v += dt (gravityScale g + F / m), w += dt T / I for awake dynamic bodies, damping
 * v /= 1 + dt c, the speed cap; every awake body's packed state (its start pose too) loaded.
 */
export function integrateForces(s: StepState, dt: number): void {
  const gx = s.gravity.x;
  const gy = s.gravity.y;
  const max = s.settings.maximumLinearSpeed;
  const max2 = max * max;
  const states = s.bodyStates;
  states.beginStep();
  for (let slot = 1, n = states.count; slot < n; ++slot) {
    const b = states.bodyAt(slot) as Body;
    if (!b.isDynamic) {
      states.load(b, s.gravity, b.index);
      continue;
    }
    const v = b.linearVelocity;
    let vx = v.x + dt * (b.gravityScale * gx + b.invMass * b.force.x);
    let vy = v.y + dt * (b.gravityScale * gy + b.invMass * b.force.y);
    let w = b.angularVelocity + dt * b.invI * b.torque;
    if (b.linearDamping > 0) {
      const scale = 1 / (1 + dt * b.linearDamping);
      vx *= scale;
      vy *= scale;
    }
    if (b.angularDamping > 0) w *= 1 / (1 + dt * b.angularDamping);
    v.x = vx;
    v.y = vy;
    // Into the body's numbers directly: a setter call V8 does not inline would box w per body.
    b.numbers[b.numbersBase + Own.AngularVelocity] = w;
    if (vx * vx + vy * vy > max2) capLinearVelocity(v, s.settings);
    states.load(b, s.gravity, b.index);
  }
}

/**
 * Scales `v` down to `settings.maximumLinearSpeed` (the caller found v · v above its square),
 * direction kept; an overflowing square is first divided by the largest component; a non-finite
 * velocity is left for the step's finite check. As the soft kernels' `capVelocity`.
 */
export function capLinearVelocity(v: Vec2, settings: WorldSettings): void {
  const max = settings.maximumLinearSpeed;
  let vx = v.x;
  let vy = v.y;
  let vv = vx * vx + vy * vy;
  if (vv === Number.POSITIVE_INFINITY) {
    const big = Math.max(Math.abs(vx), Math.abs(vy));
    if (big === Number.POSITIVE_INFINITY) return;
    vx /= big;
    vy /= big;
    vv = vx * vx + vy * vy;
  }
  const scale = max / Math.sqrt(vv);
  v.x = vx * scale;
  v.y = vy * scale;
}

/** Stages 5 and 6: prepare and warm start, then `iterations` rounds of contacts, then joints. */
export function solveVelocities(
  s: StepState,
  dt: number,
  solver: ContactSolver,
  settings: ClassicSolver,
): void {
  const states = s.bodyStates;
  const contacts = s.solverContacts;
  const contactCount = s.solverContactCount;
  const joints = s.solverJoints;
  const jointCount = s.solverJointCount;
  if (dt !== s.lastDt) {
    s.lastDt = dt;
    s.lastInvDt = 1 / dt;
  }
  solver.prepare(contacts, contactCount, s.lastInvDt as number, settings, states);
  // Baumgarte's bias on the rigid joint rows, or (jointSprings) the joint spring, relaxed later.
  prepareJoints(joints, jointCount, dt, settings, states, settings.jointSprings);
  s.profile.lap(Stage.Prepare);
  for (let i = 0, n = settings.iterations; i < n; ++i) {
    solver.solve(states, settings, true);
    if (jointCount > 0) solveJoints(joints, jointCount, settings, states);
  }
  states.storeVelocities();
  s.profile.lap(Stage.Solve);
  if (settings.splitImpulses) {
    for (let i = 0, n = settings.iterations; i < n; ++i) solver.solvePositions(settings);
  }
  s.profile.lap(Stage.Push);
}

/**
 * Stage 7: x += dt v, angle += dt w for the slots' bodies (awake dynamic and kinematic), v first
 * scaled down to `settings.maximumLinearSpeed` when the solve left it faster.
 */
export function integratePositions(s: StepState, dt: number): void {
  const states = s.bodyStates;
  const max = s.settings.maximumLinearSpeed;
  const max2 = max * max;
  for (let slot = 1, n = states.count; slot < n; ++slot) {
    const b = states.bodyAt(slot) as Body;
    const p = b.center;
    const v = b.linearVelocity;
    if (v.x * v.x + v.y * v.y > max2) capLinearVelocity(v, s.settings);
    p.x += dt * v.x;
    p.y += dt * v.y;
    b.numbers[b.numbersBase + Own.Angle] += dt * b.angularVelocity;
  }
}

/**
 * Stage 7a: one relax iteration over the contacts and the sprung joints (with `settings.relax` and
 * accumulated impulses on), then the contacts' impulses go back to their objects.
 */
export function relaxContacts(s: StepState, solver: ContactSolver, settings: ClassicSolver): void {
  if (settings.relax && settings.accumulateImpulses) {
    // The velocities again from the bodies, which the position update capped.
    const states = s.bodyStates;
    states.loadVelocities();
    solver.solve(states, settings, false);
    // The sprung joints' rigid rows again (a no-op for the others).
    if (s.solverJointCount > 0) relaxJoints(s.solverJoints, s.solverJointCount, states);
    states.storeVelocities();
  }
  s.profile.lap(Stage.Relax);
  solver.storeImpulses();
  s.profile.lap(Stage.StoreImpulses);
}
