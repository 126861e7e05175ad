import { ConstraintError, type MouseJointOptions as MouseConstraintOptions } from '@lite/constraints';
import type { Vec2Like } from '@lite/math';
import type { Body } from './body';
import { rethrowAsWorldError, WorldError } from './errors';
import type {
  DistanceJointOptions,
  FilterJointOptions,
  Joint,
  JointOptionsBase,
  MotorJointOptions,
  MouseJointOptions,
  PrismaticJointOptions,
  ResolvedJoint,
  RevoluteJointOptions,
  WeldJointOptions,
  WheelJointOptions,
} from './joints';
import { checkJointBound, checkReach, MAX_LENGTH } from './limits';
import { checkBoolean, checkKeys, checkOptions, checkVec2 } from './validate';
import type { World } from './world';

// The checks of each joint kind's options (`resolve...JointOptions`, before `createJoint` changes anything).

/**
 * A spring's options checked as every option object is: an object (absent: `{}`, rigid) with no
 * key outside `allowed` (a misspelt one is refused, with the closest suggested).
 * @throws WorldError naming `options` or the unknown key
 */
export function springOptions<T extends object>(options: T, allowed: readonly string[]): T {
  const o = checkOptions(options, 'options');
  checkKeys(o, allowed, 'options');
  for (const key of Object.keys(o)) {
    checkJointBound(key, (o as Record<string, unknown>)[key], `joint.${key}`);
  }
  return o;
}

/**
 * Checks beyond the constraint's own: booleans must be booleans (not `'yes'`), bounded numbers
 * within their bounds (limits.ts). Throws a WorldError naming `options.<key>`.
 */
function checkJointOptions(o: object): void {
  const values = o as Record<string, unknown>;
  for (const key of Object.keys(values)) {
    const value = values[key];
    if (BOOLEAN_KEYS.includes(key) && value !== undefined) checkBoolean(value, `options.${key}`);
    checkJointBound(key, value, `options.${key}`);
  }
}

/** The joint options that take booleans. */
const BOOLEAN_KEYS: readonly string[] = ['collideConnected', 'enableLimit', 'enableMotor', 'enableSpring'];

/** The options every joint between two bodies takes. */
const PAIR_KEYS = ['bodyA', 'bodyB', 'collideConnected', 'userData', 'breakForce', 'breakTorque'];
/** What `setSpring` takes, and the joints with one spring. */
export const SPRING_KEYS = ['frequencyHz', 'dampingRatio', 'stiffness', 'damping'];
/** What a weld's `setSprings` takes. */
export const WELD_SPRING_KEYS: readonly string[] = (
  'linearFrequencyHz angularFrequencyHz dampingRatio linearDampingRatio angularDampingRatio ' +
  'linearStiffness linearDamping angularStiffness angularDamping'
).split(' ');
const KEY_GROUPS: Readonly<Record<string, readonly string[]>> = {
  JointPair: PAIR_KEYS,
  Spring: SPRING_KEYS,
  WeldSprings: WELD_SPRING_KEYS,
};

/** The option names a kind's `keys` lists (`WorldJointKind.keys`), its group words expanded. @internal */
export function optionKeys(keys: string): readonly string[] {
  return keys.split(' ').flatMap((key) => KEY_GROUPS[key] ?? key);
}

/** A request of a joint at one anchor, with an axis for a slider (revolute, prismatic, weld, wheel). */
type PinnedOptions = JointOptionsBase & { bodyA: Body; bodyB: Body; anchor: Vec2Like; axis?: Vec2Like };

/** The check of a joint request at one anchor (within reach of both bodies), with an axis when `axis`. */
function pinned<T extends PinnedOptions>(axis: boolean): (o: T, world: World) => ResolvedJoint<T> {
  return (o, world) => {
    const { bodyA, bodyB } = checkPair(o, world);
    const anchor = checkVec2(o.anchor, 'options.anchor');
    checkAnchorReach(anchor, [bodyA, bodyB], 'options.anchor');
    if (axis) checkVec2(o.axis, 'options.axis');
    return resolved(bodyA, bodyB, anchor, anchor, o);
  };
}

/** Checks a revolute joint request (its keys checked: see `worldJoint`). Mutates nothing. @internal */
export const resolveRevoluteJointOptions = /* @__PURE__ */ pinned<RevoluteJointOptions>(false);

/** Checks a distance joint request. Mutates nothing. @internal */
export function resolveDistanceJointOptions(
  o: DistanceJointOptions,
  world: World,
): ResolvedJoint<DistanceJointOptions> {
  const { bodyA, bodyB } = checkPair(o, world);
  const anchorA = checkVec2(o.anchorA, 'options.anchorA');
  const anchorB = checkVec2(o.anchorB, 'options.anchorB');
  checkAnchorReach(anchorA, [bodyA], 'options.anchorA');
  checkAnchorReach(anchorB, [bodyB], 'options.anchorB');
  if (o.length === undefined && o.minLength === undefined && o.maxLength === undefined) {
    // The rest length is the anchors' distance: bounded as a given length is.
    const initial = Math.hypot(anchorB.x - anchorA.x, anchorB.y - anchorA.y);
    if (!(initial <= MAX_LENGTH)) {
      throw new WorldError(
        'options.anchorB',
        anchorB,
        `is ${initial} m from anchorA: a distance joint's length must be at most ${MAX_LENGTH} m (MAX_LENGTH)`,
      );
    }
  }
  return resolved(bodyA, bodyB, anchorA, anchorB, o);
}

/** Checks a mouse joint request. Mutates nothing. @internal */
export function resolveMouseJointOptions(
  o: MouseJointOptions,
  world: World,
): ResolvedJoint<MouseConstraintOptions> {
  const body = world.checkBody(o.body, 'options.body');
  if (!body.isDynamic)
    throw new WorldError('options.body', body.toString(), 'a mouse joint drags a dynamic body');
  const target = checkVec2(o.target, 'options.target');
  const anchor = o.anchor === undefined ? target : checkVec2(o.anchor, 'options.anchor');
  checkReach(target, body.position.x, body.position.y, 'options.target');
  checkAnchorReach(anchor, [body], 'options.anchor');
  checkJointOptions(o);
  const constraintOptions: MouseConstraintOptions = {
    target,
    maxForce: o.maxForce,
    frequencyHz: o.frequencyHz,
    dampingRatio: o.dampingRatio,
  };
  const r = resolved(body, body, anchor, anchor, constraintOptions);
  r.userData = o.userData;
  r.breakForce = checkBreak(o.breakForce, 'options.breakForce', true);
  return r;
}

/** Checks a prismatic joint request. Mutates nothing. @internal */
export const resolvePrismaticJointOptions = /* @__PURE__ */ pinned<PrismaticJointOptions>(true);

/** Checks a weld joint request. Mutates nothing. @internal */
export const resolveWeldJointOptions = /* @__PURE__ */ pinned<WeldJointOptions>(false);

/** Checks a wheel joint request. Mutates nothing. @internal */
export const resolveWheelJointOptions = /* @__PURE__ */ pinned<WheelJointOptions>(true);

/** Checks a motor joint request. Mutates nothing. @internal */
export function resolveMotorJointOptions(
  o: MotorJointOptions,
  world: World,
): ResolvedJoint<MotorJointOptions> {
  const { bodyA, bodyB } = checkPair(o, world);
  if (o.linearOffset !== undefined) {
    const offset = checkVec2(o.linearOffset, 'options.linearOffset');
    checkReach(offset, 0, 0, 'options.linearOffset');
  }
  return resolved(bodyA, bodyB, bodyB.position, bodyB.position, o);
}

/** Checks a filter joint request. Mutates nothing. @internal */
export function resolveFilterJointOptions(o: FilterJointOptions, world: World): ResolvedJoint<object> {
  const { bodyA, bodyB } = checkPair(o, world);
  const r = resolved(bodyA, bodyB, bodyA.position, bodyB.position, {});
  r.collideConnected = false;
  r.userData = o.userData;
  return r;
}

/** An anchor (world point) within {@link MAX_LENGTH} of both bodies' origins. */
function checkAnchorReach(anchor: Vec2Like, bodies: readonly Body[], argument: string): void {
  for (const body of bodies) checkReach(anchor, body.position.x, body.position.y, argument);
}

/**
 * A break threshold: a number > 0 (+Infinity: never breaks), else a WorldError naming `argument`;
 * undefined reads as +Infinity when `optional`. @internal
 */
export function checkBreak(value: unknown, argument: string, optional = false): number {
  if (value === undefined && optional) return Number.POSITIVE_INFINITY;
  if (typeof value !== 'number' || !(value > 0)) {
    throw new WorldError(argument, value, 'must be a number > 0 (+Infinity: never breaks)');
  }
  return value;
}

function checkPair(o: { bodyA: Body; bodyB: Body }, world: World): { bodyA: Body; bodyB: Body } {
  const bodyA = world.checkBody(o.bodyA, 'options.bodyA');
  const bodyB = world.checkBody(o.bodyB, 'options.bodyB');
  if (bodyA === bodyB) throw new WorldError('options.bodyB', bodyB.toString(), 'must differ from bodyA');
  return { bodyA, bodyB };
}

/** Builds the request once the options every kind takes are checked (the kind's own: see `worldJoint`). */
function resolved<T extends object>(
  bodyA: Body,
  bodyB: Body,
  anchorA: Vec2Like,
  anchorB: Vec2Like,
  o: T & JointOptionsBase,
): ResolvedJoint<T> {
  checkJointOptions(o);
  const collideConnected =
    o.collideConnected === undefined ? false : checkBoolean(o.collideConnected, 'options.collideConnected');
  const breakForce = checkBreak(o.breakForce, 'options.breakForce', true);
  const breakTorque = checkBreak(o.breakTorque, 'options.breakTorque', true);
  return {
    bodyA,
    bodyB,
    anchorA,
    anchorB,
    options: o,
    collideConnected,
    userData: o.userData,
    breakForce,
    breakTorque,
  };
}

/**
 * Runs `set` (a setter or a check of the constraint package), its ConstraintError rethrown as a
 * WorldError naming `<prefix><field>`. @internal
 */
export function asWorldError(set: () => unknown, prefix = 'joint.'): void {
  try {
    set();
  } catch (error) {
    if (error instanceof ConstraintError) rethrowAsWorldError(error, prefix);
    throw error;
  }
}

/** The joint's world; throws a WorldError naming the joint once it was destroyed. @internal */
export function liveWorld(joint: Joint): World {
  const world = joint.world;
  if (world === null) throw new WorldError('joint', joint.toString(), 'was destroyed');
  return world;
}
