import { markAnchoredJoints } from './anchored-joints';
import { type BodyVelocities, objectVelocities } from './body-velocities';
import type { DistanceJoint } from './distance-joint';
import { ConstraintError, requireCount } from './errors';
import type { FilterJoint } from './filter-joint';
import { JOINT_TYPES, positionError } from './joint-kind';
import { runEnd } from './joint-types';
import type { MotorJoint } from './motor-joint';
import type { MouseJoint } from './mouse-joint';
import type { PrismaticJoint } from './prismatic-joint';
import type { RevoluteJoint } from './revolute-joint';
import type { SolverSettings } from './settings';
import type { WeldJoint } from './weld-joint';
import type { WheelJoint } from './wheel-joint';

// The last dt and 1 / dt, held as (boxed) values: 1 / dt computed afresh and passed to each joint's
// prepare would box a new number per joint per step.
let lastDt: unknown = null;
let lastInvDt: unknown = null;

/** Any joint; its numeric `kind` picks its entry in the registry of joint kinds. */
export type Joint =
  | DistanceJoint
  | RevoluteJoint
  | MouseJoint
  | PrismaticJoint
  | WeldJoint
  | WheelJoint
  | MotorJoint
  | FilterJoint;

/**
 * Pre-step of every joint (lever arms, effective masses, biases, softness), each followed by its
 * warm start when `settings.warmStarting` is on (impulses are zeroed otherwise); then, when
 * `settings.jointChains` is on, links chains of rigid pins and factors them (see `buildJointChains`).
 * Joints always accumulate their impulses within a step (soft rows need the total);
 * `accumulateImpulses` is a contact switch, as in Box2D-Lite.
 *
 * The joints act on packed velocities. Given `bodies` (the soft step's `BodyStates`, or the
 * classic step's `ContactSolver` after its prepare), each joint takes its bodies' slots there and
 * warm starts on that array, the one the contacts act on; pass the same `bodies` to
 * {@link solveJoints} for the iterations of this step. Without it, the joints act on the body
 * objects: their velocities are read into packed slots and written back before returning.
 *
 * With `softRows` (the soft step), the rigid rows of revolute and distance joints (a pin's point,
 * a rod's length) take Box2D v3's joint softness instead of Baumgarte's bias: a spring of
 * `settings.jointHertz` and `settings.jointDampingRatio` pulls their error back within the sub-steps
 * (see `SolverSettings.jointHertz`); call {@link relaxJoints} after the position update to solve
 * them again rigidly, without bias. A rigidly biased, warm-started row hands its whole correction
 * to the next sub-step as speed; in a web of pins (a grid, where every body is held four ways)
 * those speeds feed each other and grow without bound. The joint position passes then leave those
 * rows alone (their limits still turn back).
 *
 * In both steps, rigid pins and rods on a path held at both ends by static or kinematic bodies
 * (every dynamic body on it held by exactly two of them: see `markAnchoredJoints`) take that joint
 * spring too, as their rows may ask for what no motion of the bodies between can give (the ends
 * moving apart); call {@link relaxJoints} for them after the position update in the classic step
 * as well (it leaves every other joint alone).
 *
 * @param joints - the joints; the first `count` are prepared
 * @param count - how many
 * @param dt - the time step, s (0 gives no bias and no motor impulse)
 * @param settings - the live switches
 * @param bodies - the packed velocities to act on (default: the body objects)
 * @param softRows - soften the rigid rows for the soft step (default false: Baumgarte)
 * @throws ConstraintError when `count` is out of range, `dt` is negative or not finite, `bodies`
 * is given but holds no `Float64Array` of velocities, or `softRows` is not a boolean
 */
export function prepareJoints(
  joints: Joint[],
  count: number,
  dt: number,
  settings: SolverSettings,
  bodies?: BodyVelocities,
  softRows = false,
): void {
  requireCount(count, joints.length);
  if (!(Number.isFinite(dt) && dt >= 0)) throw new ConstraintError('dt', dt, 'must be a finite number >= 0');
  requireVelocities(bodies);
  if (typeof softRows !== 'boolean') throw new ConstraintError('softRows', softRows, 'must be a boolean');
  if (dt !== lastDt) {
    lastDt = dt;
    lastInvDt = dt > 0 ? 1 / dt : 0;
  }
  const invDt = lastInvDt as number;
  // Kinds present, for their whole-list hooks (a bit per kind).
  let kinds = 0;
  for (let i = 0; i < count; i = runEnd(joints, i, count)) kinds |= 1 << joints[i].kind;
  for (let k = 0; k < JOINT_TYPES.length; k++) {
    const type = JOINT_TYPES[k];
    if ((kinds & (1 << k)) !== 0 && type?.beforePrepare !== undefined) type.beforePrepare(joints, count);
  }
  // Pins and rods held at both ends by bodies of infinite mass take the joint spring in both steps.
  const anchored = markAnchoredJoints(joints, count) > 0;
  const objects = bodies === undefined;
  if (objects) objectVelocities.begin();
  const packed = objects ? objectVelocities : bodies;
  for (let i = 0, end = 0; i < count; i = end) {
    end = runEnd(joints, i, count);
    JOINT_TYPES[joints[i].kind].prepare(joints, i, end, dt, invDt, settings, packed, softRows, anchored);
  }
  if (objects) objectVelocities.store();
  if (softRows || anchored) countSoftJoints(joints, count);
  for (let k = 0; k < JOINT_TYPES.length; k++) {
    const type = JOINT_TYPES[k];
    // (Kinds never made leave holes.)
    if (type?.afterPrepare !== undefined) type.afterPrepare(joints, count, settings.jointChains);
  }
}

/**
 * One velocity iteration over the joints, in array order; then the point rows of each chain of rigid
 * pins found by the prepare, each chain at once.
 *
 * With `bodies`, acts on those packed velocities at the slots {@link prepareJoints} gave the joints
 * this step (pass the same `bodies` to both); without, on the body objects (read into packed slots
 * and written back before returning).
 *
 * @param joints - the joints; the first `count` are solved
 * @param count - how many
 * @param settings - the live switches
 * @param bodies - the packed velocities `prepareJoints` was given this step (default: the body objects)
 * @throws ConstraintError when `count` is out of range, or `bodies` is given but holds no
 * `Float64Array` of velocities
 */
export function solveJoints(
  joints: Joint[],
  count: number,
  settings: SolverSettings,
  bodies?: BodyVelocities,
): void {
  requireCount(count, joints.length);
  requireVelocities(bodies);
  void settings;
  const objects = bodies === undefined;
  if (objects) bindToObjects(joints, count);
  const v = objects ? objectVelocities.velocities : bodies.velocities;
  for (let i = 0, end = 0; i < count; i = end) {
    end = runEnd(joints, i, count);
    JOINT_TYPES[joints[i].kind].solve(joints, i, end, v);
  }
  for (let i = 0, end = 0; i < count; i = end) {
    end = runEnd(joints, i, count);
    const type = JOINT_TYPES[joints[i].kind];
    if (type.solveChains !== undefined) type.solveChains(joints, i, end, v, false);
  }
  if (objects) objectVelocities.store();
}

/** Counts on each body the joints whose rigid rows this prepare softened (`softJointCount`). */
function countSoftJoints(joints: Joint[], count: number): void {
  for (let i = 0; i < count; i++) {
    const joint = joints[i];
    if (JOINT_TYPES[joint.kind].softens) {
      const j = joint as RevoluteJoint | DistanceJoint;
      j.bodyA.softJointCount = 0;
      j.bodyB.softJointCount = 0;
    }
  }
  for (let i = 0; i < count; i++) {
    const joint = joints[i];
    if (JOINT_TYPES[joint.kind].softens && (joint as RevoluteJoint | DistanceJoint).softRows) {
      const j = joint as RevoluteJoint | DistanceJoint;
      j.bodyA.softJointCount++;
      j.bodyB.softJointCount++;
    }
  }
}

/**
 * The soft step's relax pass for joints (Box2D v3's relax, after the position update): solves once
 * more every joint whose rigid rows {@link prepareJoints} softened this step (`softRows`), those rows
 * now rigid and without bias, so the velocity their spring added to pull the error back is taken out
 * again (the position already moved) instead of carrying on into the next sub-step. Their motors and
 * limits are solved again too; joints with springs of their own and every other kind are left alone.
 * Chains of such pins are solved at once, as in {@link solveJoints}. Overwrites the relaxed rows'
 * biases and softness: call it last in a sub-step, before the next prepare.
 *
 * @param joints - the joints prepared this step
 * @param count - how many
 * @param bodies - the packed velocities `prepareJoints` was given this step
 * @throws ConstraintError when `count` is out of range, or `bodies` holds no `Float64Array` of velocities
 */
export function relaxJoints(joints: Joint[], count: number, bodies: BodyVelocities): void {
  requireCount(count, joints.length);
  if (bodies === undefined) {
    throw new ConstraintError(
      'bodies',
      bodies,
      'must be a BodyVelocities (such as BodyStates or ContactSolver)',
    );
  }
  requireVelocities(bodies);
  const v = bodies.velocities;
  for (let i = 0, end = 0; i < count; i = end) {
    end = runEnd(joints, i, count);
    const type = JOINT_TYPES[joints[i].kind];
    if (type.relax !== undefined) type.relax(joints, i, end, v);
  }
  for (let i = 0, end = 0; i < count; i = end) {
    end = runEnd(joints, i, count);
    const type = JOINT_TYPES[joints[i].kind];
    if (type.solveChains !== undefined) type.solveChains(joints, i, end, v, true);
  }
}

/** Throws unless `bodies` is absent or has packed velocities (a `BodyVelocities`). */
function requireVelocities(bodies: BodyVelocities | undefined): void {
  if (bodies === undefined) return;
  if (!(typeof bodies === 'object' && bodies !== null && bodies.velocities instanceof Float64Array)) {
    throw new ConstraintError(
      'bodies',
      bodies,
      'must be a BodyVelocities (such as BodyStates or ContactSolver)',
    );
  }
}

/** Gives the joints' bodies fresh slots in the object-level velocities, read from the objects. */
function bindToObjects(joints: Joint[], count: number): void {
  objectVelocities.begin();
  for (let i = 0, end = 0; i < count; i = end) {
    end = runEnd(joints, i, count);
    JOINT_TYPES[joints[i].kind].bind(joints, i, end, objectVelocities);
  }
}

/**
 * One position pass over the joints, run after positions are integrated (an optional stage beyond
 * Box2D-Lite, from Box2D's nonlinear Gauss-Seidel): rigid rows and violated limits move the bodies
 * directly, so a rigid pendulum's anchor does not drift by the O(dt²) curvature error that
 * Baumgarte alone leaves (about g dt² / β, ~1 cm at 60 Hz). Soft rows and mouse joints are left
 * alone; a chain of rigid pins takes one Newton step for all its pins at once, at its first pin's
 * turn. Does nothing when `settings.positionCorrection` is off. Call it a few times (3 is plenty)
 * and stop early once the returned error is below `settings.linearSlop`.
 *
 * Unlike the velocity passes, the position passes act on the body objects, not on packed
 * velocities: they move poses, which both steps write to the objects before them (a chain's Newton
 * step also changes the objects' velocities by the correction over dt).
 *
 * @returns the largest error found before correcting (m for points and lengths, radians for limits)
 * @throws ConstraintError when `count` is out of range
 */
export function solveJointPositions(joints: Joint[], count: number, settings: SolverSettings): number {
  solveJointPositionsInto(joints, count, settings, positionError);
  return positionError[0];
}

/**
 * {@link solveJointPositions} for a step: the largest error goes to `out[0]` instead of being
 * returned, so nothing is boxed from call to call.
 * @throws ConstraintError when `count` is out of range
 */
export function solveJointPositionsInto(
  joints: Joint[],
  count: number,
  settings: SolverSettings,
  out: Float64Array,
): void {
  requireCount(count, joints.length);
  if (!settings.positionCorrection) {
    out[0] = 0;
    return;
  }
  let error = 0;
  for (let i = 0, end = 0; i < count; i = end) {
    end = runEnd(joints, i, count);
    JOINT_TYPES[joints[i].kind].positions(joints, i, end);
    const e = positionError[0];
    if (e > error) error = e;
  }
  out[0] = error;
}

/**
 * The reaction of a joint over the last step, without allocating: `out[0]`, `out[1]` the force on
 * body B, N (world), `out[2]` the torque on B, N m (minus these on A). The same values as the
 * joint's `getReactionForce()` and `getReactionTorque()`.
 */
export function jointReaction(joint: Joint, out: Float64Array): void {
  JOINT_TYPES[joint.kind].reaction(joint, out);
}
