import { LENGTH_UNITS } from '@lite/math';
import type { JointType } from './joint-types';

/**
 * The numeric kind of each joint class: its index in the registry of joint kinds (`JOINT_TYPES`),
 * whose batch functions the solver calls once per run of joints of one kind.
 */
export const JointKind = {
  Distance: 0,
  Revolute: 1,
  Mouse: 2,
  Prismatic: 3,
  Weld: 4,
  Wheel: 5,
  Motor: 6,
  Filter: 7,
} as const;

/** One of the {@link JointKind} values. */
export type JointKindValue = (typeof JointKind)[keyof typeof JointKind];

/** Largest position correction of one position pass, m (as Box2D: keeps a big error from overshooting). */
export const MAX_LINEAR_CORRECTION = 0.2;

/** {@link MAX_LINEAR_CORRECTION} in the length unit (`setLengthUnitsPerMeter` in `@lite/math`). */
export function maxLinearCorrection(): number {
  return MAX_LINEAR_CORRECTION * LENGTH_UNITS[0];
}

/** Largest angle correction of one position pass, radians (8°). */
export const MAX_ANGULAR_CORRECTION = (8 * Math.PI) / 180;

/** Below this anchor distance, m, a distance joint has no direction and does nothing for the step. */
export const MIN_DISTANCE = 1e-6;

/** `RevoluteJoint.chainRole` of a pin solved on its own (Gauss-Seidel, as Box2D-Lite). */
export const CHAIN_NONE = 0;

/** `RevoluteJoint.chainRole` of the first pin of a chain solved together. */
export const CHAIN_HEAD = 1;

/** `RevoluteJoint.chainRole` of a later pin of a chain solved together. */
export const CHAIN_MEMBER = 2;

/**
 * Most Newton steps of one chain position pass (`solveJointChainPositions`). Each is O(links); a
 * chain usually converges in two to four, a whipping one with a 1000:1 weight needs more.
 */
export const CHAIN_NEWTON_STEPS = 20;

/** A chain position pass stops once every pin of the chain is within this distance, m. */
export const CHAIN_TOLERANCE = 1e-5;

/** `RevoluteJoint.limitState`: no limit row is solved together with the point rows this step. */
export const LIMIT_NONE = 0;

/** `RevoluteJoint.limitState`: the lower-limit row joins the point rows in one 3x3 block. */
export const LIMIT_LOWER = 1;

/** `RevoluteJoint.limitState`: the upper-limit row joins the point rows in one 3x3 block. */
export const LIMIT_UPPER = 2;

/**
 * `RevoluteJoint.limitState`: the bounds are closer than {@link LIMIT_EQUAL_RANGE}; one two-sided
 * angle row (the joint angle is held) joins the point rows, and the motor is off.
 */
export const LIMIT_EQUAL = 3;

/** Limits whose bounds are closer than this, radians (0.5°), hold the angle with one two-sided row. */
export const LIMIT_EQUAL_RANGE = (0.5 * Math.PI) / 180;

/**
 * A limit is within reach when its gap is below 2 |ωB - ωA| dt plus this margin, radians (5°); a
 * pin in a chain solves such a limit with its point rows as a 3x3 block (see
 * `RevoluteJoint.limitNear`).
 */
export const LIMIT_NEAR_MARGIN = (5 * Math.PI) / 180;

/**
 * The fastest a softened rigid pin or rod row pulls its error back, m/s (Box2D v3's
 * `contactPushMaxVelocity`); only a joint torn beyond ~9 cm (60 Hz, four sub-steps) meets it. @internal
 */
export const MAX_JOINT_PUSH = 3;

/**
 * Where the position passes leave the largest error found (m or radians): a slot, not a returned
 * number, so nothing is boxed. Read it right after the call. @internal
 */
export const positionError = /* @__PURE__ */ new Float64Array(1);

/**
 * A chain's position pass: `step` (one Newton step on the chain at `head`, its error before it to
 * `positionError[0]`) until within {@link CHAIN_TOLERANCE} or after {@link CHAIN_NEWTON_STEPS};
 * the first error found goes to `positionError[0]`. @internal
 */
export function newtonSteps<T>(step: (head: T) => void, head: T): void {
  let first = -1;
  for (let k = 0; k < CHAIN_NEWTON_STEPS; k++) {
    step(head);
    const e = positionError[0];
    if (first < 0) first = e;
    if (e < CHAIN_TOLERANCE) break;
  }
  positionError[0] = first;
}

/** Whether `body` moves under an impulse: a finite mass or inertia. @internal */
export function isDynamic(body: { invMass: number; invI: number }): boolean {
  return body.invMass > 0 || body.invI > 0;
}

/**
 * Whether the position passes may close a joint's softened rigid rows: each body is immovable or
 * held by at most two softened joints (`softJointCount`). In a web of pins the passes only push
 * bodies against their other joints, so the rows' spring is left to close them. @internal
 */
export function sparselyHeld(
  bodyA: { invMass: number; invI: number; softJointCount: number },
  bodyB: { invMass: number; invI: number; softJointCount: number },
): boolean {
  return (
    (bodyA.softJointCount <= 2 || (bodyA.invMass === 0 && bodyA.invI === 0)) &&
    (bodyB.softJointCount <= 2 || (bodyB.invMass === 0 && bodyB.invI === 0))
  );
}

/**
 * The kinds of joint made so far, indexed by their `JointKind` value (holes for the others): what
 * the solver knows of each.
 */
export const JOINT_TYPES: JointType[] = [];

/**
 * Adds a kind to {@link JOINT_TYPES} (from each joint's constructor), so a program bundles only the
 * kinds it creates. @internal
 */
export function registerJointType(type: JointType): void {
  JOINT_TYPES[type.kind] = type;
}
