import { markAnchoredJoints } from './anchored-joints';
import { type BodyVelocities, bindBodies, objectVelocities } from './body-velocities';
import {
  type DistanceJoint,
  distancePositionStep,
  prepareDistanceJointAt,
  solveDistanceJointAt,
} from './distance-joint';
import { ConstraintError, requireCount } from './errors';
import { buildJointChains, chainPositionStep, solveJointChainVelocitiesAt } from './joint-chain';
import { CHAIN_HEAD, JointKind, positionError } from './joint-kind';
import { type MotorJoint, prepareMotorJointAt, solveMotorJointAt } from './motor-joint';
import { type MouseJoint, prepareMouseJointAt, solveMouseJointAt } from './mouse-joint';
import {
  type PrismaticJoint,
  preparePrismaticJointAt,
  prismaticPositionStep,
  solvePrismaticJointAt,
} from './prismatic-joint';
import {
  prepareRevoluteJointAt,
  type RevoluteJoint,
  revolutePositionStep,
  solveRevoluteJointAt,
} from './revolute-joint';
import type { SolverSettings } from './settings';
import { buildWeldChains, solveWeldChainVelocitiesAt } from './weld-chain';
import { prepareWeldJointAt, solveWeldJointAt, type WeldJoint, weldPositionStep } from './weld-joint';
import {
  countWheelJoints,
  prepareWheelJointAt,
  solveWheelJointAt,
  type WheelJoint,
  wheelPositionStep,
} from './wheel-joint';

// The last dt and 1 / dt, held as (boxed) values: 1 / dt computed afresh and passed to each joint's
// prepare would box a new number per joint per step.
let lastDt: unknown = null;
let lastInvDt: unknown = null;

/** Any joint; the solvers dispatch on its numeric `kind`. */
export type Joint =
  | DistanceJoint
  | RevoluteJoint
  | MouseJoint
  | PrismaticJoint
  | WeldJoint
  | WheelJoint
  | MotorJoint;

/**
 * Pre-step of every joint (lever arms, effective masses, biases, softness), each followed by its
 * warm start when `settings.warmStarting` is on (impulses are zeroed otherwise); then, when
 * `settings.jointChains` is on, links chains of rigid pins and factors them (see `buildJointChains`).
 * Joints always
 * accumulate their impulses within a step (soft rows need the total); `accumulateImpulses` is a
 * contact switch, as in Box2D-Lite.
 *
 * The joints act on packed velocities. Given `bodies` (the soft step's `BodyStates`, or the
 * classic step's `ContactSolver` after its prepare), each joint takes its bodies' slots there and
 * warm starts on that array, the one the contacts act on; pass the same `bodies` to
 * {@link solveJoints} for the iterations of this step. Without it, the joints act on the body
 * objects: their velocities are read into packed slots and written back before returning.
 *
 * @param joints - the joints; the first `count` are prepared
 * @param count - how many
 * @param dt - the time step, s (0 gives no bias and no motor impulse)
 * @param settings - the live switches
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
  let wheels = false;
  for (let i = 0; i < count && !wheels; i++) wheels = joints[i].kind === JointKind.Wheel;
  if (wheels) countWheelJoints(joints, count);
  // Pins and rods held at both ends by bodies of infinite mass take the joint spring in both steps.
  const anchored = markAnchoredJoints(joints, count) > 0;
  const objects = bodies === undefined;
  if (objects) objectVelocities.begin();
  const packed = objects ? objectVelocities : bodies;
  for (let i = 0; i < count; i++) {
    const joint = joints[i];
    switch (joint.kind) {
      case JointKind.Distance:
        prepareDistanceJointAt(joint, dt, invDt, settings, packed, softRows || (anchored && joint.anchored));
        break;
      case JointKind.Revolute:
        prepareRevoluteJointAt(joint, dt, invDt, settings, packed, softRows || (anchored && joint.anchored));
        break;
      case JointKind.Mouse:
        joint.invDt = invDt;
        prepareMouseJointAt(joint, dt, settings, packed);
        break;
      case JointKind.Prismatic:
        preparePrismaticJointAt(joint, dt, invDt, settings, packed);
        break;
      case JointKind.Weld:
        prepareWeldJointAt(joint, dt, invDt, settings, packed);
        break;
      case JointKind.Wheel:
        prepareWheelJointAt(joint, dt, invDt, settings, packed);
        break;
      case JointKind.Motor:
        prepareMotorJointAt(joint, dt, invDt, settings, packed);
        break;
    }
  }
  if (objects) objectVelocities.store();
  if (softRows || anchored) countSoftJoints(joints, count);
  buildJointChains(joints, count, settings.jointChains);
  buildWeldChains(joints, count, settings.jointChains);
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
  for (let i = 0; i < count; i++) {
    const joint = joints[i];
    switch (joint.kind) {
      case JointKind.Distance:
        solveDistanceJointAt(joint, v);
        break;
      case JointKind.Revolute:
        solveRevoluteJointAt(joint, v);
        break;
      case JointKind.Mouse:
        solveMouseJointAt(joint, v);
        break;
      case JointKind.Prismatic:
        solvePrismaticJointAt(joint, v);
        break;
      case JointKind.Weld:
        solveWeldJointAt(joint, v);
        break;
      case JointKind.Wheel:
        solveWheelJointAt(joint, v);
        break;
      case JointKind.Motor:
        solveMotorJointAt(joint, v);
        break;
    }
  }
  for (let i = 0; i < count; i++) {
    const joint = joints[i];
    if (joint.kind === JointKind.Revolute && joint.chainRole === CHAIN_HEAD)
      solveJointChainVelocitiesAt(joint, v);
    else if (joint.kind === JointKind.Weld && joint.chainRole === CHAIN_HEAD)
      solveWeldChainVelocitiesAt(joint, v);
  }
  if (objects) objectVelocities.store();
}

/** Counts on each body the joints whose rigid rows this prepare softened (`softJointCount`). */
function countSoftJoints(joints: Joint[], count: number): void {
  for (let i = 0; i < count; i++) {
    const joint = joints[i];
    if (joint.kind === JointKind.Revolute || joint.kind === JointKind.Distance) {
      joint.bodyA.softJointCount = 0;
      joint.bodyB.softJointCount = 0;
    }
  }
  for (let i = 0; i < count; i++) {
    const joint = joints[i];
    if ((joint.kind === JointKind.Revolute || joint.kind === JointKind.Distance) && joint.softRows) {
      joint.bodyA.softJointCount++;
      joint.bodyB.softJointCount++;
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
  for (let i = 0; i < count; i++) {
    const joint = joints[i];
    if (joint.kind === JointKind.Revolute) {
      if (!joint.softRows) continue;
      joint.biasX = 0;
      joint.biasY = 0;
      joint.softness.massScale = 1;
      joint.softness.impulseScale = 0;
      solveRevoluteJointAt(joint, v);
    } else if (joint.kind === JointKind.Distance) {
      if (!joint.softRows) continue;
      joint.bias = 0;
      joint.softness.massScale = 1;
      joint.softness.impulseScale = 0;
      solveDistanceJointAt(joint, v);
    }
  }
  for (let i = 0; i < count; i++) {
    const joint = joints[i];
    if (joint.kind === JointKind.Revolute && joint.chainRole === CHAIN_HEAD && joint.softRows) {
      solveJointChainVelocitiesAt(joint, v);
    }
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
  for (let i = 0; i < count; i++) {
    const joint = joints[i];
    if (joint.kind === JointKind.Mouse) joint.velocity = 3 * objectVelocities.velocitySlot(joint.body);
    else bindBodies(joint, objectVelocities);
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
  for (let i = 0; i < count; i++) {
    const joint = joints[i];
    switch (joint.kind) {
      case JointKind.Distance:
        distancePositionStep(joint);
        break;
      case JointKind.Revolute:
        revolutePositionStep(joint);
        if (joint.chainRole === CHAIN_HEAD) {
          const pointError = positionError[0];
          chainPositionStep(joint);
          if (pointError > positionError[0]) positionError[0] = pointError;
        }
        break;
      case JointKind.Prismatic:
        prismaticPositionStep(joint);
        break;
      case JointKind.Weld:
        weldPositionStep(joint);
        break;
      case JointKind.Wheel:
        wheelPositionStep(joint);
        break;
      case JointKind.Mouse:
      case JointKind.Motor:
        positionError[0] = 0;
        break;
    }
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
  const invDt = joint.invDt;
  switch (joint.kind) {
    case JointKind.Distance: {
      const f = (joint.impulse + joint.lowerImpulse - joint.upperImpulse) * invDt;
      out[0] = f * joint.ux;
      out[1] = f * joint.uy;
      out[2] = 0;
      break;
    }
    case JointKind.Revolute:
      out[0] = joint.impulseX * invDt;
      out[1] = joint.impulseY * invDt;
      out[2] = (joint.motorImpulse + joint.lowerImpulse - joint.upperImpulse) * invDt;
      break;
    case JointKind.Mouse:
      out[0] = joint.impulseX * invDt;
      out[1] = joint.impulseY * invDt;
      out[2] = 0;
      break;
    case JointKind.Prismatic: {
      const axial = joint.springImpulse + joint.motorImpulse + joint.lowerImpulse - joint.upperImpulse;
      out[0] = (-joint.axisY * joint.perpImpulse + joint.axisX * axial) * invDt;
      out[1] = (joint.axisX * joint.perpImpulse + joint.axisY * axial) * invDt;
      out[2] = joint.angleImpulse * invDt;
      break;
    }
    case JointKind.Weld:
      out[0] = joint.impulseX * invDt;
      out[1] = joint.impulseY * invDt;
      out[2] = joint.angularImpulse * invDt;
      break;
    case JointKind.Wheel: {
      const axial = joint.springImpulse + joint.lowerImpulse - joint.upperImpulse;
      out[0] = (-joint.axisY * joint.perpImpulse + joint.axisX * axial) * invDt;
      out[1] = (joint.axisX * joint.perpImpulse + joint.axisY * axial) * invDt;
      out[2] = joint.motorImpulse * invDt;
      break;
    }
    case JointKind.Motor:
      out[0] = joint.impulseX * invDt;
      out[1] = joint.impulseY * invDt;
      out[2] = joint.angularImpulse * invDt;
      break;
  }
}
