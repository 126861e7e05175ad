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

// The last dt and 1 / dt, kept: computed afresh per joint, 1 / dt would box a number per joint.
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
 * Pre-step of every joint (lever arms, effective masses, biases, softness), each warm started when
 * `settings.warmStarting` is on (else zeroed); then, with `settings.jointChains`, links and factors
 * chains of rigid pins. Joints always accumulate impulses (`accumulateImpulses` is for contacts).
 *
 * Given `bodies` (a `BodyStates`, or a prepared `ContactSolver`), the joints act on its packed
 * velocities, those the contacts act on; pass the same `bodies` to {@link solveJoints}. Without it
 * they act on the body objects (read into packed slots, written back before returning).
 *
 * With `softRows` (the soft step), the rigid rows of revolute and distance joints take Box2D v3's
 * joint softness (`SolverSettings.jointHertz`) instead of Baumgarte's bias, and the position passes
 * leave them alone; call {@link relaxJoints} after the position update. (A rigidly biased,
 * warm-started row hands its correction on as speed, which grows without bound in a web of pins.)
 * In both steps, rigid pins and rods on a path held at both ends (`markAnchoredJoints`) take that
 * spring too, since their ends may move apart; the classic step then calls {@link relaxJoints} too.
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
 * One velocity iteration over the joints, in array order, then each chain of rigid pins at once;
 * on `bodies` (as given to {@link prepareJoints}) or else the body objects.
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
 * The joints' relax pass (Box2D v3's, after the position update): solves every joint whose rigid
 * rows {@link prepareJoints} softened again, rigid and without bias (motors and limits too), taking
 * out the velocity the spring added. Overwrites those rows' biases: call it last in a sub-step.
 * @param joints - the joints prepared this step
 * @param count - how many
 * @param bodies - the packed velocities `prepareJoints` was given this step
 * @throws ConstraintError when `count` is out of range, or `bodies` holds no `Float64Array` of velocities
 */
export function relaxJoints(joints: Joint[], count: number, bodies: BodyVelocities): void {
  requireCount(count, joints.length);
  requireVelocities(bodies, true);
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

/** Throws unless `bodies` has packed velocities (a `BodyVelocities`) or, unless `required`, is absent. */
function requireVelocities(bodies: BodyVelocities | undefined, required = false): void {
  if (bodies === undefined && !required) return;
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
 * One position pass over the joints after positions are integrated (nonlinear Gauss-Seidel): rigid
 * rows and violated limits move the body objects, removing the O(dt²) drift Baumgarte leaves (about
 * g dt² / β, ~1 cm at 60 Hz); a pin chain takes one Newton step. Needs `settings.positionCorrection`.
 * Call it a few times (3 is plenty), stopping once the error is below `settings.linearSlop`.
 * @returns the largest error found before correcting (m for points and lengths, radians for limits)
 * @throws ConstraintError when `count` is out of range
 */
export function solveJointPositions(joints: Joint[], count: number, settings: SolverSettings): number {
  solveJointPositionsInto(joints, count, settings, positionError);
  return positionError[0];
}

/**
 * {@link solveJointPositions} with the largest error in `out[0]`, so nothing is boxed.
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
 * A joint's reaction over the last step, without allocating: `out[0]`, `out[1]` the force on B, N
 * (world), `out[2]` the torque on B, N m (minus these on A), as `getReactionForce()` / `Torque()`.
 */
export function jointReaction(joint: Joint, out: Float64Array): void {
  JOINT_TYPES[joint.kind].reaction(joint, out);
}
