import {
  ConstraintError,
  DistanceJoint as DistanceConstraint,
  JointKind,
  type JointSpringOptions,
  MouseJoint as MouseConstraint,
  type MouseJointOptions as MouseConstraintOptions,
  RevoluteJoint as RevoluteConstraint,
} from '@lite/constraints';
import type { Vec2Like } from '@lite/math';
import type { Body } from './body';
import { rethrowAsWorldError, WorldError } from './errors';
import { checkBoolean, checkOptions, checkVec2 } from './validate';
import type { World } from './world';

/*
 * The world's joints are the constraint package's joints (so the solver sees them directly and
 * dispatches on their numeric `kind`) plus an id, an owner, `collideConnected` and user data.
 */

/** Options every joint takes. */
export interface JointOptionsBase {
  /**
   * Whether the two bodies still collide with each other (default true, as in Box2D-Lite, whose
   * demos rely on it: the teeter's plank lands on the ground it is pinned to). Set false to let
   * overlapping jointed bodies pass through each other (Box2D's default).
   */
  collideConnected?: boolean;
  /** Anything you want to find again from the joint. */
  userData?: unknown;
}

/** What `world.createRevoluteJoint` takes. */
export interface RevoluteJointOptions extends JointOptionsBase {
  /** The first body. */
  bodyA: Body;
  /** The second body. */
  bodyB: Body;
  /** The pivot, world coordinates, m. */
  anchor: Vec2Like;
  /** Softness frequency of the pin, Hz (default 0: rigid). Not with `stiffness`/`damping`. */
  frequencyHz?: number;
  /** Softness damping ratio (default 0.7 when soft). Not with `stiffness`/`damping`. */
  dampingRatio?: number;
  /**
   * Stiffness of the pin, N/m (instead of `frequencyHz`/`dampingRatio`): a load F opens it by F / k,
   * whatever the masses. Default 0 when only `damping` is given.
   */
  stiffness?: number;
  /** Damping coefficient of the pin, N·s/m (instead of `frequencyHz`/`dampingRatio`; default 0). */
  damping?: number;
  /** Lowest joint angle θB - θA - reference, radians; giving a bound enables the limit. */
  lowerAngle?: number;
  /** Highest joint angle, radians. */
  upperAngle?: number;
  /** Turn the limit on or off (default: on when a bound is given). */
  enableLimit?: boolean;
  /** Motor target speed ωB - ωA, rad/s (default 0). */
  motorSpeed?: number;
  /** Largest motor torque, N·m (default 0). */
  maxMotorTorque?: number;
  /** Turn the motor on or off (default: on when `maxMotorTorque` is given). */
  enableMotor?: boolean;
  /** θB - θA at joint angle 0 (default: the bodies' angles now). */
  referenceAngle?: number;
}

/** What `world.createDistanceJoint` takes. */
export interface DistanceJointOptions extends JointOptionsBase {
  /** The first body. */
  bodyA: Body;
  /** The second body. */
  bodyB: Body;
  /** The anchor on `bodyA`, world coordinates, m. */
  anchorA: Vec2Like;
  /** The anchor on `bodyB`, world coordinates, m. */
  anchorB: Vec2Like;
  /** Rest length, m (default: the anchors' distance now). */
  length?: number;
  /** Shortest allowed distance, m; giving `minLength` or `maxLength` makes a range (a rope). */
  minLength?: number;
  /** Longest allowed distance, m. */
  maxLength?: number;
  /** Spring frequency, Hz (default 0: rigid). Not with `stiffness`/`damping`. */
  frequencyHz?: number;
  /** Spring damping ratio (default 0). Not with `stiffness`/`damping`. */
  dampingRatio?: number;
  /**
   * Spring stiffness, N/m (instead of `frequencyHz`/`dampingRatio`): a mass m hangs m g / k below
   * the rest length, whatever the masses. Default 0 when only `damping` is given.
   */
  stiffness?: number;
  /** Spring damping coefficient, N·s/m (instead of `frequencyHz`/`dampingRatio`; default 0). */
  damping?: number;
}

/** What `world.createMouseJoint` takes. */
export interface MouseJointOptions {
  /** The dragged body (dynamic). */
  body: Body;
  /** Where to pull, world, m. */
  target: Vec2Like;
  /** The grabbed point, world (default: `target`). */
  anchor?: Vec2Like;
  /** Largest pulling force, N (default 1000 × the body's mass). */
  maxForce?: number;
  /** Spring frequency, Hz (default 5). */
  frequencyHz?: number;
  /** Spring damping ratio (default 0.7). */
  dampingRatio?: number;
  /** Anything you want to find again from the joint. */
  userData?: unknown;
}

/** A checked joint request. @internal */
export interface ResolvedJoint<T> {
  bodyA: Body;
  bodyB: Body;
  anchorA: Vec2Like;
  anchorB: Vec2Like;
  options: T;
  collideConnected: boolean;
  userData: unknown;
}

/**
 * A pin joint (Box2D-Lite's `Joint`) between two bodies of a world, made by
 * `world.createRevoluteJoint`: the anchors stay together, the bodies turn freely about them, within
 * optional angle limits and driven by an optional motor. Soft when `frequencyHz` > 0 or when given
 * by `stiffness` (N/m) and `damping` (N·s/m).
 *
 * Fields (`motorSpeed`, `enableMotor`, `lowerAngle`, ...) may be changed between steps; call
 * `wakeBodies()` afterwards if the bodies may be asleep. The spring's setters (`frequencyHz`,
 * `dampingRatio`, `stiffness`, `damping`, `setSpring`) check their values and throw a WorldError
 * naming `joint.<field>`; `setSpring` also wakes the bodies.
 */
export class RevoluteJoint extends RevoluteConstraint {
  /** The first body. */
  declare bodyA: Body;
  /** The second body. */
  declare bodyB: Body;
  /** Integer id, unique in its world, increasing in creation order; joints are solved in id order. */
  readonly id: number;
  /** Whether the two bodies collide with each other. */
  readonly collideConnected: boolean;
  /** Anything you attached. */
  userData: unknown;
  /** The owning world; null once destroyed. @internal */
  world: World | null;

  /** Joints are made by `world.createRevoluteJoint`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<RevoluteJointOptions>) {
    super(r.bodyA, r.bodyB, r.anchorA, r.options);
    this.id = id;
    this.collideConnected = r.collideConnected;
    this.userData = r.userData;
    this.world = world;
  }

  /** Wakes both bodies (after changing a motor or limit by hand). */
  wakeBodies(): void {
    const world = liveWorld(this);
    world.wakeBody(this.bodyA);
    world.wakeBody(this.bodyB);
  }

  /**
   * Softness frequency of the pin, Hz (0: rigid; reads 0 in the stiffness form). Setting it switches
   * a spring given by stiffness to the frequency form.
   * @throws WorldError unless the value is a finite number >= 0
   */
  override get frequencyHz(): number {
    return super.frequencyHz;
  }
  override set frequencyHz(value: number) {
    asWorldError(() => {
      super.frequencyHz = value;
    });
  }

  /**
   * Softness damping ratio of the pin (reads 0 in the stiffness form). Setting it switches a spring
   * given by stiffness to the frequency form.
   * @throws WorldError unless the value is a finite number >= 0
   */
  override get dampingRatio(): number {
    return super.dampingRatio;
  }
  override set dampingRatio(value: number) {
    asWorldError(() => {
      super.dampingRatio = value;
    });
  }

  /**
   * Stiffness of the pin, N/m (reads 0 in the frequency form). Setting it switches a spring given by
   * frequency to the stiffness form.
   * @throws WorldError unless the value is a finite number >= 0
   */
  override get stiffness(): number {
    return super.stiffness;
  }
  override set stiffness(value: number) {
    asWorldError(() => {
      super.stiffness = value;
    });
  }

  /**
   * Damping coefficient of the pin, N·s/m (reads 0 in the frequency form). Setting it switches a
   * spring given by frequency to the stiffness form.
   * @throws WorldError unless the value is a finite number >= 0
   */
  override get damping(): number {
    return super.damping;
  }
  override set damping(value: number) {
    asWorldError(() => {
      super.damping = value;
    });
  }

  /**
   * Sets the pin's whole spring, in either form (`{}`: rigid), and wakes both bodies; returns this.
   * @throws WorldError when both forms are given, a value is negative or not finite (the spring is
   *   left as it was), or the joint was destroyed
   */
  override setSpring(options: JointSpringOptions): this {
    const world = liveWorld(this);
    asWorldError(() => super.setSpring(options));
    world.wakeBody(this.bodyA);
    world.wakeBody(this.bodyB);
    return this;
  }

  /** `RevoluteJoint #id`. */
  override toString(): string {
    return `RevoluteJoint #${this.id}`;
  }
}

/**
 * A distance joint between two bodies of a world, made by `world.createDistanceJoint`: a rigid rod,
 * a spring (`frequencyHz` > 0, or `stiffness` in N/m and `damping` in N·s/m) or a rope
 * (`minLength`/`maxLength`). The spring's setters check their values and throw a WorldError naming
 * `joint.<field>`; `setSpring` also wakes the bodies.
 */
export class DistanceJoint extends DistanceConstraint {
  /** The first body. */
  declare bodyA: Body;
  /** The second body. */
  declare bodyB: Body;
  /** Integer id, unique in its world, increasing in creation order; joints are solved in id order. */
  readonly id: number;
  /** Whether the two bodies collide with each other. */
  readonly collideConnected: boolean;
  /** Anything you attached. */
  userData: unknown;
  /** The owning world; null once destroyed. @internal */
  world: World | null;

  /** Joints are made by `world.createDistanceJoint`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<DistanceJointOptions>) {
    super(r.bodyA, r.bodyB, r.anchorA, r.anchorB, r.options);
    this.id = id;
    this.collideConnected = r.collideConnected;
    this.userData = r.userData;
    this.world = world;
  }

  /** Wakes both bodies (after changing the length or spring by hand). */
  wakeBodies(): void {
    const world = liveWorld(this);
    world.wakeBody(this.bodyA);
    world.wakeBody(this.bodyB);
  }

  /**
   * Spring frequency, Hz (0: rigid; reads 0 in the stiffness form). Setting it switches a spring
   * given by stiffness to the frequency form.
   * @throws WorldError unless the value is a finite number >= 0
   */
  override get frequencyHz(): number {
    return super.frequencyHz;
  }
  override set frequencyHz(value: number) {
    asWorldError(() => {
      super.frequencyHz = value;
    });
  }

  /**
   * Spring damping ratio (reads 0 in the stiffness form). Setting it switches a spring given by
   * stiffness to the frequency form.
   * @throws WorldError unless the value is a finite number >= 0
   */
  override get dampingRatio(): number {
    return super.dampingRatio;
  }
  override set dampingRatio(value: number) {
    asWorldError(() => {
      super.dampingRatio = value;
    });
  }

  /**
   * Spring stiffness, N/m (reads 0 in the frequency form). Setting it switches a spring given by
   * frequency to the stiffness form.
   * @throws WorldError unless the value is a finite number >= 0
   */
  override get stiffness(): number {
    return super.stiffness;
  }
  override set stiffness(value: number) {
    asWorldError(() => {
      super.stiffness = value;
    });
  }

  /**
   * Spring damping coefficient, N·s/m (reads 0 in the frequency form). Setting it switches a spring
   * given by frequency to the stiffness form.
   * @throws WorldError unless the value is a finite number >= 0
   */
  override get damping(): number {
    return super.damping;
  }
  override set damping(value: number) {
    asWorldError(() => {
      super.damping = value;
    });
  }

  /**
   * Sets the whole spring, in either form (`{}`: rigid), and wakes both bodies; returns this.
   * @throws WorldError when both forms are given, a value is negative or not finite (the spring is
   *   left as it was), or the joint was destroyed
   */
  override setSpring(options: JointSpringOptions): this {
    const world = liveWorld(this);
    asWorldError(() => super.setSpring(options));
    world.wakeBody(this.bodyA);
    world.wakeBody(this.bodyB);
    return this;
  }

  /** `DistanceJoint #id`. */
  override toString(): string {
    return `DistanceJoint #${this.id}`;
  }
}

/**
 * A soft spring pulling one point of a body towards a target with a bounded force (for dragging
 * bodies with a pointer), made by `world.createMouseJoint`. Move it with `setTarget`.
 */
export class MouseJoint extends MouseConstraint {
  /** The dragged body. */
  declare body: Body;
  /** Integer id, unique in its world, increasing in creation order. */
  readonly id: number;
  /** Always true: a mouse joint has one body. */
  readonly collideConnected: boolean;
  /** Anything you attached. */
  userData: unknown;
  /** The owning world; null once destroyed. @internal */
  world: World | null;

  /** Joints are made by `world.createMouseJoint`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<MouseConstraintOptions>) {
    super(r.bodyA, r.anchorA, r.options);
    this.id = id;
    this.collideConnected = true;
    this.userData = r.userData;
    this.world = world;
  }

  /**
   * Moves the target (world, m) and wakes the body; returns this.
   * @throws WorldError on a non-finite coordinate or a destroyed joint
   */
  override setTarget(x: number, y: number): this {
    const world = liveWorld(this);
    checkVec2({ x, y }, 'target');
    world.wakeBody(this.body);
    return super.setTarget(x, y);
  }

  /** Wakes the body. */
  wakeBodies(): void {
    liveWorld(this).wakeBody(this.body);
  }

  /** `MouseJoint #id`. */
  override toString(): string {
    return `MouseJoint #${this.id}`;
  }
}

/** Any joint of a world; `kind` tells which (see `JointKind`). */
export type Joint = RevoluteJoint | DistanceJoint | MouseJoint;

/** The first body of a joint (the dragged body of a mouse joint). @internal */
export function jointBodyA(joint: Joint): Body {
  return joint.kind === JointKind.Mouse ? joint.body : joint.bodyA;
}

/** The second body of a joint (the dragged body again for a mouse joint). @internal */
export function jointBodyB(joint: Joint): Body {
  return joint.kind === JointKind.Mouse ? joint.body : joint.bodyB;
}

/** Zeroes a joint's accumulated impulses if any turned non-finite (after a failed step). @internal */
export function resetJointImpulsesIfNotFinite(joint: Joint): void {
  switch (joint.kind) {
    case JointKind.Distance:
      if (!Number.isFinite(joint.impulse + joint.lowerImpulse + joint.upperImpulse)) {
        joint.impulse = 0;
        joint.lowerImpulse = 0;
        joint.upperImpulse = 0;
      }
      break;
    case JointKind.Revolute:
      if (
        !Number.isFinite(
          joint.impulseX + joint.impulseY + joint.motorImpulse + joint.lowerImpulse + joint.upperImpulse,
        )
      ) {
        joint.impulseX = 0;
        joint.impulseY = 0;
        joint.motorImpulse = 0;
        joint.lowerImpulse = 0;
        joint.upperImpulse = 0;
      }
      break;
    case JointKind.Mouse:
      if (!Number.isFinite(joint.impulseX + joint.impulseY)) {
        joint.impulseX = 0;
        joint.impulseY = 0;
      }
      break;
  }
}

/** Checks a revolute joint request. Mutates nothing. @internal */
export function resolveRevoluteJointOptions(
  options: RevoluteJointOptions,
  world: World,
): ResolvedJoint<RevoluteJointOptions> {
  const o = checkOptions(options, 'options');
  const { bodyA, bodyB } = checkPair(o, world);
  const anchor = checkVec2(o.anchor, 'options.anchor');
  return resolved(bodyA, bodyB, anchor, anchor, o, () => new RevoluteConstraint(bodyA, bodyB, anchor, o));
}

/** Checks a distance joint request. Mutates nothing. @internal */
export function resolveDistanceJointOptions(
  options: DistanceJointOptions,
  world: World,
): ResolvedJoint<DistanceJointOptions> {
  const o = checkOptions(options, 'options');
  const { bodyA, bodyB } = checkPair(o, world);
  const anchorA = checkVec2(o.anchorA, 'options.anchorA');
  const anchorB = checkVec2(o.anchorB, 'options.anchorB');
  return resolved(
    bodyA,
    bodyB,
    anchorA,
    anchorB,
    o,
    () => new DistanceConstraint(bodyA, bodyB, anchorA, anchorB, o),
  );
}

/** Checks a mouse joint request. Mutates nothing. @internal */
export function resolveMouseJointOptions(
  options: MouseJointOptions,
  world: World,
): ResolvedJoint<MouseConstraintOptions> {
  const o = checkOptions(options, 'options');
  const body = world.checkBody(o.body, 'options.body');
  if (!body.isDynamic)
    throw new WorldError('options.body', body.toString(), 'a mouse joint drags a dynamic body');
  const target = checkVec2(o.target, 'options.target');
  const anchor = o.anchor === undefined ? target : checkVec2(o.anchor, 'options.anchor');
  const constraintOptions: MouseConstraintOptions = {
    target,
    maxForce: o.maxForce,
    frequencyHz: o.frequencyHz,
    dampingRatio: o.dampingRatio,
  };
  const r = resolved(
    body,
    body,
    anchor,
    anchor,
    constraintOptions,
    () => new MouseConstraint(body, anchor, constraintOptions),
  );
  r.userData = o.userData;
  return r;
}

function checkPair(o: { bodyA: Body; bodyB: Body }, world: World): { bodyA: Body; bodyB: Body } {
  const bodyA = world.checkBody(o.bodyA, 'options.bodyA');
  const bodyB = world.checkBody(o.bodyB, 'options.bodyB');
  if (bodyA === bodyB) throw new WorldError('options.bodyB', bodyB.toString(), 'must differ from bodyA');
  return { bodyA, bodyB };
}

/**
 * Builds the request after a trial construction of the bare constraint, which checks the joint's
 * own options; its ConstraintError becomes a WorldError naming `options.<field>`.
 */
function resolved<T extends object>(
  bodyA: Body,
  bodyB: Body,
  anchorA: Vec2Like,
  anchorB: Vec2Like,
  o: T & JointOptionsBase,
  trial: () => unknown,
): ResolvedJoint<T> {
  const collideConnected =
    o.collideConnected === undefined ? true : checkBoolean(o.collideConnected, 'options.collideConnected');
  try {
    trial();
  } catch (error) {
    if (error instanceof ConstraintError) rethrowAsWorldError(error, 'options.');
    throw error;
  }
  return { bodyA, bodyB, anchorA, anchorB, options: o, collideConnected, userData: o.userData };
}

/** Runs a spring setter of the constraint package, its ConstraintError rethrown as a WorldError naming `joint.<field>`. */
function asWorldError(set: () => unknown): void {
  try {
    set();
  } catch (error) {
    if (error instanceof ConstraintError) rethrowAsWorldError(error, 'joint.');
    throw error;
  }
}

function liveWorld(joint: Joint): World {
  const world = joint.world;
  if (world === null) throw new WorldError('joint', joint.toString(), 'was destroyed');
  return world;
}
