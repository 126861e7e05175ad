import {
  ConstraintError,
  DistanceJoint as DistanceConstraint,
  JointKind,
  type JointSpringOptions,
  MotorJoint as MotorConstraint,
  type MotorJointOptions as MotorConstraintOptions,
  MouseJoint as MouseConstraint,
  type MouseJointOptions as MouseConstraintOptions,
  PrismaticJoint as PrismaticConstraint,
  type PrismaticJointOptions as PrismaticConstraintOptions,
  RevoluteJoint as RevoluteConstraint,
  WeldJoint as WeldConstraint,
  type WeldJointOptions as WeldConstraintOptions,
  WheelJoint as WheelConstraint,
  type WheelJointOptions as WheelConstraintOptions,
} from '@lite/constraints';
import type { Vec2Like } from '@lite/math';
import type { Body } from './body';
import { rethrowAsWorldError, WorldError } from './errors';
import { checkJointBound, checkReach, MAX_LENGTH } from './limits';
import { checkBoolean, checkKeys, checkOptions, checkVec2 } from './validate';
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
  /**
   * The joint breaks (is destroyed, and the world emits `jointBreak`) at the end of a step whose
   * reaction force is larger than this, N (default +Infinity: never).
   */
  breakForce?: number;
  /** The joint breaks at the end of a step whose reaction torque is larger than this, N·m (default +Infinity). */
  breakTorque?: number;
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
  /** The joint breaks at the end of a step whose pulling force is larger than this, N (default +Infinity). */
  breakForce?: number;
}

/** What `world.createPrismaticJoint` takes (Box2D's names). */
export interface PrismaticJointOptions extends JointOptionsBase, PrismaticConstraintOptions {
  /** The first body: the axis is fixed in it. */
  bodyA: Body;
  /** The second body: it slides along the axis. */
  bodyB: Body;
  /** A point of the axis, world coordinates, m. */
  anchor: Vec2Like;
  /** The direction of travel, world (any non-zero length). */
  axis: Vec2Like;
}

/** What `world.createWeldJoint` takes (Box2D's names). */
export interface WeldJointOptions extends JointOptionsBase, WeldConstraintOptions {
  /** The first body. */
  bodyA: Body;
  /** The second body. */
  bodyB: Body;
  /** The weld point, world coordinates, m. */
  anchor: Vec2Like;
}

/** What `world.createWheelJoint` takes (Box2D's names). */
export interface WheelJointOptions extends JointOptionsBase, WheelConstraintOptions {
  /** The chassis: the suspension's axis is fixed in it. */
  bodyA: Body;
  /** The wheel. */
  bodyB: Body;
  /** The wheel's centre, world coordinates, m. */
  anchor: Vec2Like;
  /** The suspension's direction of travel, world (any non-zero length). */
  axis: Vec2Like;
}

/** What `world.createMotorJoint` takes (Box2D's names). */
export interface MotorJointOptions extends JointOptionsBase, MotorConstraintOptions {
  /** The reference body. */
  bodyA: Body;
  /** The driven body. */
  bodyB: Body;
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
  breakForce: number;
  breakTorque: number;
}

/**
 * A pin joint (Box2D-Lite's `Joint`) between two bodies of a world, made by
 * `world.createRevoluteJoint`: the anchors stay together, the bodies turn freely about them, within
 * optional angle limits and driven by an optional motor. Soft when `frequencyHz` > 0 or when given
 * by `stiffness` (N/m) and `damping` (N·s/m).
 *
 * Fields (`motorSpeed`, `enableMotor`, `lowerAngle`, ...) may be changed between steps; call
 * `wakeBodies()` afterwards if the bodies may be asleep. Every field's setter checks its value, the
 * spring's (`frequencyHz`, `dampingRatio`, `stiffness`, `damping`) too, and throws a WorldError
 * naming `joint.<field>` (nothing changes then); `setSpring` and `setLimits` also wake the bodies.
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
  /**
   * The joint breaks at the end of a step whose reaction force exceeds this, N (+Infinity: never).
   * Checked when set: a WorldError naming `joint.breakForce` unless a number > 0.
   */
  breakForce: number;
  /**
   * The joint breaks at the end of a step whose reaction torque exceeds this, N·m (+Infinity:
   * never). Checked when set: a WorldError naming `joint.breakTorque` unless a number > 0.
   */
  breakTorque: number;
  /** The values behind `breakForce` and `breakTorque` (read by the step). @internal */
  breakForceValue!: number;
  /** @internal */
  breakTorqueValue!: number;

  /** Joints are made by `world.createRevoluteJoint`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<RevoluteJointOptions>) {
    super(r.bodyA, r.bodyB, r.anchorA, r.options);
    this.id = id;
    this.collideConnected = r.collideConnected;
    this.userData = r.userData;
    this.world = world;
    this.breakForce = r.breakForce;
    this.breakTorque = r.breakTorque;
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
    asWorldError(this, () => {
      checkJointBound('frequencyHz', value, 'joint.frequencyHz');
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
    asWorldError(this, () => {
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
    asWorldError(this, () => {
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
    asWorldError(this, () => {
      super.damping = value;
    });
  }

  /**
   * Sets the pin's whole spring, in either form (`{}`: rigid), and wakes both bodies; returns this.
   * @throws WorldError when both forms are given, a value is negative or not finite (the spring is
   *   left as it was), or the joint was destroyed
   */
  override setSpring(options: JointSpringOptions): this {
    changeLive(this, () => super.setSpring(springOptions(options, SPRING_KEYS)));
    return this;
  }

  /**
   * Sets the angle limits (radians, lower <= upper; ±Infinity for none) and wakes both bodies;
   * returns this.
   * @throws WorldError naming `joint.lowerAngle` or `joint.upperAngle` on NaN or inverted limits
   *   (nothing changes then), or when the joint was destroyed
   */
  override setLimits(lowerAngle: number, upperAngle: number): this {
    changeLive(this, () => super.setLimits(lowerAngle, upperAngle));
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
 * (`minLength`/`maxLength`). Every field's setter checks its value (the length within the range)
 * and throws a WorldError naming `joint.<field>`; `setSpring` and `setLengths` also wake the bodies.
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
  /**
   * The joint breaks at the end of a step whose reaction force exceeds this, N (+Infinity: never).
   * Checked when set: a WorldError naming `joint.breakForce` unless a number > 0.
   */
  breakForce: number;
  /**
   * The joint breaks at the end of a step whose reaction torque exceeds this, N·m (+Infinity:
   * never). Checked when set: a WorldError naming `joint.breakTorque` unless a number > 0.
   */
  breakTorque: number;
  /** The values behind `breakForce` and `breakTorque` (read by the step). @internal */
  breakForceValue!: number;
  /** @internal */
  breakTorqueValue!: number;

  /** Joints are made by `world.createDistanceJoint`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<DistanceJointOptions>) {
    super(r.bodyA, r.bodyB, r.anchorA, r.anchorB, r.options);
    this.id = id;
    this.collideConnected = r.collideConnected;
    this.userData = r.userData;
    this.world = world;
    this.breakForce = r.breakForce;
    this.breakTorque = r.breakTorque;
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
    asWorldError(this, () => {
      checkJointBound('frequencyHz', value, 'joint.frequencyHz');
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
    asWorldError(this, () => {
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
    asWorldError(this, () => {
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
    asWorldError(this, () => {
      super.damping = value;
    });
  }

  /**
   * Sets the whole spring, in either form (`{}`: rigid), and wakes both bodies; returns this.
   * @throws WorldError when both forms are given, a value is negative or not finite (the spring is
   *   left as it was), or the joint was destroyed
   */
  override setSpring(options: JointSpringOptions): this {
    changeLive(this, () => super.setSpring(springOptions(options, SPRING_KEYS)));
    return this;
  }

  /**
   * Sets the rest length and the range together (a rigid rod when the range is left out) and wakes
   * both bodies; returns this.
   * @throws WorldError naming `joint.minLength`, `joint.maxLength` or `joint.length` when the range
   *   is not `0 <= minLength <= length <= maxLength` (nothing changes then), or the joint was destroyed
   */
  override setLengths(length: number, minLength: number = length, maxLength: number = length): this {
    changeLive(this, () => {
      checkJointBound('length', length, 'joint.length');
      checkJointBound('minLength', minLength, 'joint.minLength');
      checkJointBound('maxLength', maxLength, 'joint.maxLength');
      super.setLengths(length, minLength, maxLength);
    });
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
  /**
   * The joint breaks at the end of a step whose reaction force exceeds this, N (+Infinity: never).
   * Checked when set: a WorldError naming `joint.breakForce` unless a number > 0.
   */
  breakForce: number;
  /**
   * The joint breaks at the end of a step whose reaction torque exceeds this, N·m (+Infinity:
   * never). Checked when set: a WorldError naming `joint.breakTorque` unless a number > 0.
   */
  breakTorque: number;
  /** The values behind `breakForce` and `breakTorque` (read by the step). @internal */
  breakForceValue!: number;
  /** @internal */
  breakTorqueValue!: number;

  /** Joints are made by `world.createMouseJoint`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<MouseConstraintOptions>) {
    super(r.bodyA, r.anchorA, r.options);
    this.id = id;
    this.collideConnected = true;
    this.userData = r.userData;
    this.world = world;
    this.breakForce = r.breakForce;
    this.breakTorque = r.breakTorque;
  }

  /**
   * Moves the target (world, m) and wakes the body; returns this.
   * @throws WorldError on a non-finite coordinate or a destroyed joint
   */
  override setTarget(x: number, y: number): this {
    const world = liveWorld(this);
    checkVec2({ x, y }, 'target');
    checkReach({ x, y }, this.body.position.x, this.body.position.y, 'target');
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

/**
 * A slider between two bodies of a world (Box2D's prismatic joint), made by
 * `world.createPrismaticJoint`: body B moves along an axis fixed in body A and does not turn
 * relative to it, within optional limits, driven by an optional motor, on an optional spring.
 * The setters check their values and wake the bodies.
 */
export class PrismaticJoint extends PrismaticConstraint {
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
  /**
   * The joint breaks at the end of a step whose reaction force exceeds this, N (+Infinity: never).
   * Checked when set: a WorldError naming `joint.breakForce` unless a number > 0.
   */
  breakForce: number;
  /**
   * The joint breaks at the end of a step whose reaction torque exceeds this, N·m (+Infinity:
   * never). Checked when set: a WorldError naming `joint.breakTorque` unless a number > 0.
   */
  breakTorque: number;
  /** The values behind `breakForce` and `breakTorque` (read by the step). @internal */
  breakForceValue!: number;
  /** @internal */
  breakTorqueValue!: number;

  /** Joints are made by `world.createPrismaticJoint`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<PrismaticJointOptions>) {
    super(r.bodyA, r.bodyB, r.anchorA, (r.options as PrismaticJointOptions).axis, r.options);
    this.id = id;
    this.collideConnected = r.collideConnected;
    this.userData = r.userData;
    this.world = world;
    this.breakForce = r.breakForce;
    this.breakTorque = r.breakTorque;
  }

  /** Wakes both bodies (after changing a field by hand). */
  wakeBodies(): void {
    const world = liveWorld(this);
    world.wakeBody(this.bodyA);
    world.wakeBody(this.bodyB);
  }

  /**
   * Sets both translation limits (m) and enables them. Wakes both bodies; returns this.
   * @throws WorldError naming `joint.<argument>` and the value (nothing changes then), or when the joint was destroyed
   */
  override setLimits(lower: number, upper: number): this {
    changeLive(this, () => super.setLimits(lower, upper));
    return this;
  }
  /**
   * Turns the limits on or off. Wakes both bodies; returns this.
   * @throws WorldError naming `joint.<argument>` and the value (nothing changes then), or when the joint was destroyed
   */
  override setEnableLimit(flag: boolean): this {
    changeLive(this, () => super.setEnableLimit(flag));
    return this;
  }
  /**
   * Sets the motor's target speed. Wakes both bodies; returns this.
   * @throws WorldError naming `joint.<argument>` and the value (nothing changes then), or when the joint was destroyed
   */
  override setMotorSpeed(speed: number): this {
    changeLive(this, () => super.setMotorSpeed(speed));
    return this;
  }
  /**
   * Turns the motor on or off. Wakes both bodies; returns this.
   * @throws WorldError naming `joint.<argument>` and the value (nothing changes then), or when the joint was destroyed
   */
  override setEnableMotor(flag: boolean): this {
    changeLive(this, () => super.setEnableMotor(flag));
    return this;
  }
  /**
   * Sets the spring along the axis, in either form (`{}`: none). Wakes both bodies; returns this.
   * @throws WorldError naming `joint.<argument>` and the value (nothing changes then), or when the joint was destroyed
   */
  override setSpring(options: JointSpringOptions): this {
    changeLive(this, () => super.setSpring(springOptions(options, SPRING_KEYS)));
    return this;
  }
  /**
   * Sets the motor's largest force, N. Wakes both bodies; returns this.
   * @throws WorldError naming `joint.<argument>` and the value (nothing changes then), or when the joint was destroyed
   */
  override setMaxMotorForce(force: number): this {
    changeLive(this, () => super.setMaxMotorForce(force));
    return this;
  }

  /** `PrismaticJoint #id`. */
  override toString(): string {
    return `PrismaticJoint #${this.id}`;
  }
}

/**
 * Two bodies of a world glued at a point (Box2D's weld joint), made by `world.createWeldJoint`:
 * rigid (one 3x3 block), or soft in translation and rotation independently.
 */
export class WeldJoint extends WeldConstraint {
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
  /**
   * The joint breaks at the end of a step whose reaction force exceeds this, N (+Infinity: never).
   * Checked when set: a WorldError naming `joint.breakForce` unless a number > 0.
   */
  breakForce: number;
  /**
   * The joint breaks at the end of a step whose reaction torque exceeds this, N·m (+Infinity:
   * never). Checked when set: a WorldError naming `joint.breakTorque` unless a number > 0.
   */
  breakTorque: number;
  /** The values behind `breakForce` and `breakTorque` (read by the step). @internal */
  breakForceValue!: number;
  /** @internal */
  breakTorqueValue!: number;

  /** Joints are made by `world.createWeldJoint`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<WeldJointOptions>) {
    super(r.bodyA, r.bodyB, r.anchorA, r.options);
    this.id = id;
    this.collideConnected = r.collideConnected;
    this.userData = r.userData;
    this.world = world;
    this.breakForce = r.breakForce;
    this.breakTorque = r.breakTorque;
  }

  /** Wakes both bodies (after changing a field by hand). */
  wakeBodies(): void {
    const world = liveWorld(this);
    world.wakeBody(this.bodyA);
    world.wakeBody(this.bodyB);
  }

  /**
   * Sets the springs of both parts (an absent part becomes rigid). Wakes both bodies; returns this.
   * @throws WorldError naming `joint.<argument>` and the value (nothing changes then), or when the joint was destroyed
   */
  override setSprings(options: Omit<WeldConstraintOptions, 'referenceAngle'>): this {
    changeLive(this, () => super.setSprings(springOptions(options, WELD_SPRING_KEYS)));
    return this;
  }

  /** `WeldJoint #id`. */
  override toString(): string {
    return `WeldJoint #${this.id}`;
  }
}

/**
 * A wheel on a suspension (Box2D's wheel joint), made by `world.createWheelJoint`: body B slides on
 * a spring along an axis fixed in body A (the chassis), stays on that line and turns freely, driven
 * by an optional motor. The setters check their values and wake the bodies.
 */
export class WheelJoint extends WheelConstraint {
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
  /**
   * The joint breaks at the end of a step whose reaction force exceeds this, N (+Infinity: never).
   * Checked when set: a WorldError naming `joint.breakForce` unless a number > 0.
   */
  breakForce: number;
  /**
   * The joint breaks at the end of a step whose reaction torque exceeds this, N·m (+Infinity:
   * never). Checked when set: a WorldError naming `joint.breakTorque` unless a number > 0.
   */
  breakTorque: number;
  /** The values behind `breakForce` and `breakTorque` (read by the step). @internal */
  breakForceValue!: number;
  /** @internal */
  breakTorqueValue!: number;

  /** Joints are made by `world.createWheelJoint`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<WheelJointOptions>) {
    super(r.bodyA, r.bodyB, r.anchorA, (r.options as WheelJointOptions).axis, r.options);
    this.id = id;
    this.collideConnected = r.collideConnected;
    this.userData = r.userData;
    this.world = world;
    this.breakForce = r.breakForce;
    this.breakTorque = r.breakTorque;
  }

  /** Wakes both bodies (after changing a field by hand). */
  wakeBodies(): void {
    const world = liveWorld(this);
    world.wakeBody(this.bodyA);
    world.wakeBody(this.bodyB);
  }

  /**
   * Sets both translation limits (m) and enables them. Wakes both bodies; returns this.
   * @throws WorldError naming `joint.<argument>` and the value (nothing changes then), or when the joint was destroyed
   */
  override setLimits(lower: number, upper: number): this {
    changeLive(this, () => super.setLimits(lower, upper));
    return this;
  }
  /**
   * Turns the limits on or off. Wakes both bodies; returns this.
   * @throws WorldError naming `joint.<argument>` and the value (nothing changes then), or when the joint was destroyed
   */
  override setEnableLimit(flag: boolean): this {
    changeLive(this, () => super.setEnableLimit(flag));
    return this;
  }
  /**
   * Sets the motor's target speed. Wakes both bodies; returns this.
   * @throws WorldError naming `joint.<argument>` and the value (nothing changes then), or when the joint was destroyed
   */
  override setMotorSpeed(speed: number): this {
    changeLive(this, () => super.setMotorSpeed(speed));
    return this;
  }
  /**
   * Turns the motor on or off. Wakes both bodies; returns this.
   * @throws WorldError naming `joint.<argument>` and the value (nothing changes then), or when the joint was destroyed
   */
  override setEnableMotor(flag: boolean): this {
    changeLive(this, () => super.setEnableMotor(flag));
    return this;
  }
  /**
   * Sets the spring along the axis, in either form (`{}`: none). Wakes both bodies; returns this.
   * @throws WorldError naming `joint.<argument>` and the value (nothing changes then), or when the joint was destroyed
   */
  override setSpring(options: JointSpringOptions): this {
    changeLive(this, () => super.setSpring(springOptions(options, SPRING_KEYS)));
    return this;
  }
  /**
   * Sets the motor's largest torque, N·m. Wakes both bodies; returns this.
   * @throws WorldError naming `joint.<argument>` and the value (nothing changes then), or when the joint was destroyed
   */
  override setMaxMotorTorque(torque: number): this {
    changeLive(this, () => super.setMaxMotorTorque(torque));
    return this;
  }

  /** `WheelJoint #id`. */
  override toString(): string {
    return `WheelJoint #${this.id}`;
  }
}

/**
 * Drives body B to a pose relative to body A with bounded force and torque (Box2D's motor joint),
 * made by `world.createMotorJoint`. The setters check their values and wake the bodies.
 */
export class MotorJoint extends MotorConstraint {
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
  /**
   * The joint breaks at the end of a step whose reaction force exceeds this, N (+Infinity: never).
   * Checked when set: a WorldError naming `joint.breakForce` unless a number > 0.
   */
  breakForce: number;
  /**
   * The joint breaks at the end of a step whose reaction torque exceeds this, N·m (+Infinity:
   * never). Checked when set: a WorldError naming `joint.breakTorque` unless a number > 0.
   */
  breakTorque: number;
  /** The values behind `breakForce` and `breakTorque` (read by the step). @internal */
  breakForceValue!: number;
  /** @internal */
  breakTorqueValue!: number;

  /** Joints are made by `world.createMotorJoint`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<MotorJointOptions>) {
    super(r.bodyA, r.bodyB, r.options);
    this.id = id;
    this.collideConnected = r.collideConnected;
    this.userData = r.userData;
    this.world = world;
    this.breakForce = r.breakForce;
    this.breakTorque = r.breakTorque;
  }

  /** Wakes both bodies (after changing a field by hand). */
  wakeBodies(): void {
    const world = liveWorld(this);
    world.wakeBody(this.bodyA);
    world.wakeBody(this.bodyB);
  }

  /**
   * Sets the target of B's centre relative to A's, in A's frame, m. Wakes both bodies; returns this.
   * @throws WorldError naming `joint.<argument>` and the value (nothing changes then), or when the joint was destroyed
   */
  override setLinearOffset(x: number, y: number): this {
    changeLive(this, () => {
      checkJointBound('linearOffsetX', x, 'joint.linearOffsetX');
      checkJointBound('linearOffsetY', y, 'joint.linearOffsetY');
      super.setLinearOffset(x, y);
    });
    return this;
  }
  /**
   * Sets the target θB - θA, radians. Wakes both bodies; returns this.
   * @throws WorldError naming `joint.<argument>` and the value (nothing changes then), or when the joint was destroyed
   */
  override setAngularOffset(angle: number): this {
    changeLive(this, () => {
      checkJointBound('angularOffset', angle, 'joint.angularOffset');
      super.setAngularOffset(angle);
    });
    return this;
  }
  /**
   * Sets the largest force, N. Wakes both bodies; returns this.
   * @throws WorldError naming `joint.<argument>` and the value (nothing changes then), or when the joint was destroyed
   */
  override setMaxForce(force: number): this {
    changeLive(this, () => super.setMaxForce(force));
    return this;
  }
  /**
   * Sets the largest torque, N·m. Wakes both bodies; returns this.
   * @throws WorldError naming `joint.<argument>` and the value (nothing changes then), or when the joint was destroyed
   */
  override setMaxTorque(torque: number): this {
    changeLive(this, () => super.setMaxTorque(torque));
    return this;
  }
  /**
   * Sets the correction factor, in [0, 1]. Wakes both bodies; returns this.
   * @throws WorldError naming `joint.<argument>` and the value (nothing changes then), or when the joint was destroyed
   */
  override setCorrectionFactor(factor: number): this {
    changeLive(this, () => super.setCorrectionFactor(factor));
    return this;
  }

  /** `MotorJoint #id`. */
  override toString(): string {
    return `MotorJoint #${this.id}`;
  }
}

/** Any joint of a world; `kind` tells which (see `JointKind`). */
export type Joint =
  | RevoluteJoint
  | DistanceJoint
  | MouseJoint
  | PrismaticJoint
  | WeldJoint
  | WheelJoint
  | MotorJoint;

/** The first body of a joint (the dragged body of a mouse joint). @internal */
export function jointBodyA(joint: Joint): Body {
  return joint.kind === JointKind.Mouse ? joint.body : joint.bodyA;
}

/** The second body of a joint (the dragged body again for a mouse joint). @internal */
export function jointBodyB(joint: Joint): Body {
  return joint.kind === JointKind.Mouse ? joint.body : joint.bodyB;
}

/**
 * A spring's options checked as every option object is: an object (absent: `{}`, rigid) with no
 * key outside `allowed` (a misspelt one is refused, with the closest suggested).
 * @throws WorldError naming `options` or the unknown key
 */
function springOptions<T extends object>(options: T, allowed: readonly string[]): T {
  const o = checkOptions(options, 'options');
  checkKeys(o, allowed, 'options');
  for (const key of Object.keys(o)) {
    checkJointBound(key, (o as Record<string, unknown>)[key], `joint.${key}`);
  }
  return o;
}

/**
 * The options every joint kind checks beyond its constraint's own checks: each boolean option
 * must be a boolean (a string `'yes'` would otherwise be kept and read as true), and each bounded
 * number within its bound (see limits.ts). Throws a WorldError naming `options.<key>`.
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
const BOOLEAN_KEYS: readonly string[] = ['collideConnected', 'enableLimit', 'enableMotor'];

/** The options each joint kind takes (any other key is refused, with the closest suggested). */
const BASE_KEYS = ['bodyA', 'bodyB', 'collideConnected', 'userData', 'breakForce', 'breakTorque'];
const SPRING_KEYS = ['frequencyHz', 'dampingRatio', 'stiffness', 'damping'];
const REVOLUTE_KEYS: readonly string[] = [
  ...BASE_KEYS,
  'anchor',
  ...SPRING_KEYS,
  'lowerAngle',
  'upperAngle',
  'enableLimit',
  'motorSpeed',
  'maxMotorTorque',
  'enableMotor',
  'referenceAngle',
];
const DISTANCE_KEYS: readonly string[] = [
  ...BASE_KEYS,
  'anchorA',
  'anchorB',
  'length',
  'minLength',
  'maxLength',
  ...SPRING_KEYS,
];
const PRISMATIC_KEYS: readonly string[] = [
  ...BASE_KEYS,
  'anchor',
  'axis',
  ...SPRING_KEYS,
  'lowerTranslation',
  'upperTranslation',
  'enableLimit',
  'motorSpeed',
  'maxMotorForce',
  'enableMotor',
  'referenceAngle',
];
const WELD_KEYS: readonly string[] = [
  ...BASE_KEYS,
  'anchor',
  'linearFrequencyHz',
  'angularFrequencyHz',
  'dampingRatio',
  'linearDampingRatio',
  'angularDampingRatio',
  'linearStiffness',
  'linearDamping',
  'angularStiffness',
  'angularDamping',
  'referenceAngle',
];
/** What a weld's `setSprings` takes. */
const WELD_SPRING_KEYS: readonly string[] = WELD_KEYS.filter(
  (key) => !BASE_KEYS.includes(key) && key !== 'anchor' && key !== 'referenceAngle',
);
const WHEEL_KEYS: readonly string[] = [
  ...BASE_KEYS,
  'anchor',
  'axis',
  ...SPRING_KEYS,
  'motorSpeed',
  'maxMotorTorque',
  'enableMotor',
  'lowerTranslation',
  'upperTranslation',
  'enableLimit',
];
const MOTOR_KEYS: readonly string[] = [
  ...BASE_KEYS,
  'linearOffset',
  'angularOffset',
  'maxForce',
  'maxTorque',
  'correctionFactor',
];
const MOUSE_KEYS: readonly string[] = [
  'body',
  'target',
  'anchor',
  'maxForce',
  'frequencyHz',
  'dampingRatio',
  'userData',
  'breakForce',
];

/** Checks a revolute joint request. Mutates nothing. @internal */
export function resolveRevoluteJointOptions(
  options: RevoluteJointOptions,
  world: World,
): ResolvedJoint<RevoluteJointOptions> {
  const o = checkOptions(options, 'options');
  checkKeys(o, REVOLUTE_KEYS, 'options');
  const { bodyA, bodyB } = checkPair(o, world);
  const anchor = checkVec2(o.anchor, 'options.anchor');
  checkAnchorReach(anchor, [bodyA, bodyB], 'options.anchor');
  return resolved(bodyA, bodyB, anchor, anchor, o, () => new RevoluteConstraint(bodyA, bodyB, anchor, o));
}

/** Checks a distance joint request. Mutates nothing. @internal */
export function resolveDistanceJointOptions(
  options: DistanceJointOptions,
  world: World,
): ResolvedJoint<DistanceJointOptions> {
  const o = checkOptions(options, 'options');
  checkKeys(o, DISTANCE_KEYS, 'options');
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
  checkKeys(o, MOUSE_KEYS, 'options');
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
  const r = resolved(
    body,
    body,
    anchor,
    anchor,
    constraintOptions,
    () => new MouseConstraint(body, anchor, constraintOptions),
  );
  r.userData = o.userData;
  r.breakForce = checkBreak(o.breakForce, 'options.breakForce');
  return r;
}

/** Checks a prismatic joint request. Mutates nothing. @internal */
export function resolvePrismaticJointOptions(
  options: PrismaticJointOptions,
  world: World,
): ResolvedJoint<PrismaticJointOptions> {
  const o = checkOptions(options, 'options');
  checkKeys(o, PRISMATIC_KEYS, 'options');
  const { bodyA, bodyB } = checkPair(o, world);
  const anchor = checkVec2(o.anchor, 'options.anchor');
  checkAnchorReach(anchor, [bodyA, bodyB], 'options.anchor');
  const axis = checkVec2(o.axis, 'options.axis');
  return resolved(
    bodyA,
    bodyB,
    anchor,
    anchor,
    o,
    () => new PrismaticConstraint(bodyA, bodyB, anchor, axis, o),
  );
}

/** Checks a weld joint request. Mutates nothing. @internal */
export function resolveWeldJointOptions(
  options: WeldJointOptions,
  world: World,
): ResolvedJoint<WeldJointOptions> {
  const o = checkOptions(options, 'options');
  checkKeys(o, WELD_KEYS, 'options');
  const { bodyA, bodyB } = checkPair(o, world);
  const anchor = checkVec2(o.anchor, 'options.anchor');
  checkAnchorReach(anchor, [bodyA, bodyB], 'options.anchor');
  return resolved(bodyA, bodyB, anchor, anchor, o, () => new WeldConstraint(bodyA, bodyB, anchor, o));
}

/** Checks a wheel joint request. Mutates nothing. @internal */
export function resolveWheelJointOptions(
  options: WheelJointOptions,
  world: World,
): ResolvedJoint<WheelJointOptions> {
  const o = checkOptions(options, 'options');
  checkKeys(o, WHEEL_KEYS, 'options');
  const { bodyA, bodyB } = checkPair(o, world);
  const anchor = checkVec2(o.anchor, 'options.anchor');
  checkAnchorReach(anchor, [bodyA, bodyB], 'options.anchor');
  const axis = checkVec2(o.axis, 'options.axis');
  return resolved(bodyA, bodyB, anchor, anchor, o, () => new WheelConstraint(bodyA, bodyB, anchor, axis, o));
}

/** Checks a motor joint request. Mutates nothing. @internal */
export function resolveMotorJointOptions(
  options: MotorJointOptions,
  world: World,
): ResolvedJoint<MotorJointOptions> {
  const o = checkOptions(options, 'options');
  checkKeys(o, MOTOR_KEYS, 'options');
  const { bodyA, bodyB } = checkPair(o, world);
  if (o.linearOffset !== undefined) {
    const offset = checkVec2(o.linearOffset, 'options.linearOffset');
    checkReach(offset, 0, 0, 'options.linearOffset');
  }
  return resolved(
    bodyA,
    bodyB,
    bodyB.position,
    bodyB.position,
    o,
    () => new MotorConstraint(bodyA, bodyB, o),
  );
}

/** An anchor (world point) within {@link MAX_LENGTH} of both bodies' origins. */
function checkAnchorReach(anchor: Vec2Like, bodies: readonly Body[], argument: string): void {
  for (const body of bodies) checkReach(anchor, body.position.x, body.position.y, argument);
}

/** `value` must be a number > 0 (+Infinity allowed: never breaks); undefined reads as +Infinity. */
function checkBreak(value: unknown, argument: string): number {
  if (value === undefined) return Number.POSITIVE_INFINITY;
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
  checkJointOptions(o);
  const collideConnected =
    o.collideConnected === undefined ? true : checkBoolean(o.collideConnected, 'options.collideConnected');
  const breakForce = checkBreak(o.breakForce, 'options.breakForce');
  const breakTorque = checkBreak(o.breakTorque, 'options.breakTorque');
  try {
    trial();
  } catch (error) {
    if (error instanceof ConstraintError) rethrowAsWorldError(error, 'options.');
    throw error;
  }
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
 * Runs a spring setter of the constraint package (after checking that `joint`, if given, was not
 * destroyed), its ConstraintError rethrown as a WorldError naming `joint.<field>`.
 */
function asWorldError(joint: Joint | null, set: () => unknown): void {
  if (joint !== null) liveWorld(joint);
  try {
    set();
  } catch (error) {
    if (error instanceof ConstraintError) rethrowAsWorldError(error, 'joint.');
    throw error;
  }
}

/**
 * A checked change to a live joint: throws if the joint was destroyed, runs `set` (its
 * ConstraintError becomes a WorldError naming `joint.<argument>`; nothing changed then), then wakes
 * both bodies.
 */
function changeLive(joint: Joint, set: () => unknown): void {
  const world = liveWorld(joint);
  asWorldError(null, set);
  world.wakeBody(jointBodyA(joint));
  world.wakeBody(jointBodyB(joint));
}

function liveWorld(joint: Joint): World {
  const world = joint.world;
  if (world === null) throw new WorldError('joint', joint.toString(), 'was destroyed');
  return world;
}

/**
 * Every plain field of a joint (`motorSpeed`, `lowerAngle`, `length`, anchors, break thresholds,
 * ...) as its setter would have it: throws a WorldError naming `joint #<id>.<field>` and the value.
 * The setters check each value as it is set, so the step does not; a snapshot's joints, whose
 * fields are restored without their setters, are checked with this before the restore changes
 * anything. @internal
 */
export function checkJointInput(joint: Joint): void {
  checkBreakField(joint, 'breakForce', joint.breakForce);
  checkBreakField(joint, 'breakTorque', joint.breakTorque);
  switch (joint.kind) {
    case JointKind.Revolute:
      checkAnchors(joint);
      finiteField(joint, 'referenceAngle', joint.referenceAngle);
      toggleField(joint, 'enableLimit', joint.enableLimit);
      toggleField(joint, 'enableMotor', joint.enableMotor);
      rangeFields(joint, 'lowerAngle', joint.lowerAngle, 'upperAngle', joint.upperAngle);
      finiteField(joint, 'motorSpeed', joint.motorSpeed);
      maximumField(joint, 'maxMotorTorque', joint.maxMotorTorque);
      break;
    case JointKind.Distance:
      checkAnchors(joint);
      if (!(joint.minLength >= 0)) refuseField(joint, 'minLength', joint.minLength, 'must be a number >= 0');
      rangeFields(joint, 'minLength', joint.minLength, 'maxLength', joint.maxLength);
      if (
        !(joint.length >= joint.minLength && joint.length <= joint.maxLength && Number.isFinite(joint.length))
      ) {
        refuseField(
          joint,
          'length',
          joint.length,
          `must be a finite number in [minLength, maxLength] = [${joint.minLength}, ${joint.maxLength}]`,
        );
      }
      break;
    case JointKind.Prismatic:
    case JointKind.Wheel:
      checkAnchors(joint);
      finiteField(joint, 'localAxisX', joint.localAxisX);
      finiteField(joint, 'localAxisY', joint.localAxisY);
      toggleField(joint, 'enableLimit', joint.enableLimit);
      toggleField(joint, 'enableMotor', joint.enableMotor);
      rangeFields(
        joint,
        'lowerTranslation',
        joint.lowerTranslation,
        'upperTranslation',
        joint.upperTranslation,
      );
      finiteField(joint, 'motorSpeed', joint.motorSpeed);
      if (joint.kind === JointKind.Prismatic) {
        finiteField(joint, 'referenceAngle', joint.referenceAngle);
        maximumField(joint, 'maxMotorForce', joint.maxMotorForce);
      } else {
        maximumField(joint, 'maxMotorTorque', joint.maxMotorTorque);
      }
      break;
    case JointKind.Weld:
      checkAnchors(joint);
      finiteField(joint, 'referenceAngle', joint.referenceAngle);
      break;
    case JointKind.Motor:
      finiteField(joint, 'linearOffsetX', joint.linearOffsetX);
      finiteField(joint, 'linearOffsetY', joint.linearOffsetY);
      finiteField(joint, 'angularOffset', joint.angularOffset);
      maximumField(joint, 'maxForce', joint.maxForce);
      maximumField(joint, 'maxTorque', joint.maxTorque);
      if (!(joint.correctionFactor >= 0 && joint.correctionFactor <= 1)) {
        refuseField(joint, 'correctionFactor', joint.correctionFactor, 'must be a number in [0, 1]');
      }
      break;
    case JointKind.Mouse:
      finiteField(joint, 'targetX', joint.targetX);
      finiteField(joint, 'targetY', joint.targetY);
      finiteField(joint, 'localAnchorX', joint.localAnchorX);
      finiteField(joint, 'localAnchorY', joint.localAnchorY);
      maximumField(joint, 'maxForce', joint.maxForce);
      if (!(joint.frequencyHz >= 0 && Number.isFinite(joint.frequencyHz))) {
        refuseField(joint, 'frequencyHz', joint.frequencyHz, 'must be a finite number >= 0');
      }
      if (!(joint.dampingRatio >= 0 && Number.isFinite(joint.dampingRatio))) {
        refuseField(joint, 'dampingRatio', joint.dampingRatio, 'must be a finite number >= 0');
      }
      break;
  }
}

function refuseField(joint: Joint, field: string, value: unknown, reason: string): never {
  throw new WorldError(`joint #${joint.id}.${field}`, value, `${reason} (${joint.toString()})`);
}

function checkAnchors(joint: Exclude<Joint, MouseJoint | MotorJoint>): void {
  finiteField(joint, 'localAnchorAX', joint.localAnchorAX);
  finiteField(joint, 'localAnchorAY', joint.localAnchorAY);
  finiteField(joint, 'localAnchorBX', joint.localAnchorBX);
  finiteField(joint, 'localAnchorBY', joint.localAnchorBY);
}

function finiteField(joint: Joint, field: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value))
    refuseField(joint, field, value, 'must be a finite number');
}

function toggleField(joint: Joint, field: string, value: boolean): void {
  if (typeof value !== 'boolean') refuseField(joint, field, value, 'must be a boolean');
}

/** A largest force or torque: a number >= 0 (+Infinity: unbounded). */
function maximumField(joint: Joint, field: string, value: number): void {
  if (typeof value !== 'number' || !(value >= 0)) refuseField(joint, field, value, 'must be a number >= 0');
}

function checkBreakField(joint: Joint, field: string, value: number): void {
  if (typeof value !== 'number' || !(value > 0)) {
    refuseField(joint, field, value, 'must be a number > 0 (+Infinity: never breaks)');
  }
}

/** A limit pair: numbers (±Infinity allowed), not NaN, lower <= upper. */
function rangeFields(
  joint: Joint,
  lowerField: string,
  lower: number,
  upperField: string,
  upper: number,
): void {
  if (typeof lower !== 'number' || Number.isNaN(lower))
    refuseField(joint, lowerField, lower, 'must be a number');
  if (typeof upper !== 'number' || Number.isNaN(upper))
    refuseField(joint, upperField, upper, 'must be a number');
  if (lower > upper) refuseField(joint, upperField, upper, `must be >= ${lowerField} (${lower})`);
}

/**
 * The read-outs of the joint classes (angle, speed, reaction, ...) throw a WorldError naming the
 * joint once it was destroyed, like every setter: wraps those prototype methods (the solvers never
 * call them).
 */
function guardDestroyed(prototype: object, names: readonly string[]): void {
  const methods = prototype as Record<string, (...args: unknown[]) => unknown>;
  for (const name of names) {
    const method = methods[name];
    if (typeof method !== 'function') continue;
    methods[name] = function (this: Joint, ...args: unknown[]): unknown {
      liveWorld(this);
      return method.apply(this, args);
    };
  }
}
const READ_OUTS = [
  'jointAngle',
  'jointSpeed',
  'isSoft',
  'getReactionForce',
  'getReactionTorque',
  'getTranslation',
  'getSpeed',
  'getMotorForce',
];
for (const joint of [
  RevoluteJoint,
  DistanceJoint,
  MouseJoint,
  PrismaticJoint,
  WeldJoint,
  WheelJoint,
  MotorJoint,
]) {
  guardDestroyed(joint.prototype, READ_OUTS);
}

/**
 * The joints' plain number and boolean fields (`motorSpeed`, `lowerAngle`, `length`, anchors, ...)
 * are accessors of the constraint package that check what they are given and throw its
 * ConstraintError: on the world's joints they throw a WorldError naming `joint.<field>` and the
 * value instead (nothing changes then), and a WorldError once the joint was destroyed. Installed on
 * the world's prototypes for every checked accessor of the constraint class the world's joint does
 * not override itself.
 */
function guardSetters(prototype: object): void {
  const base = Object.getPrototypeOf(prototype) as object;
  for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(base))) {
    if (d.get === undefined || d.set === undefined) continue;
    if (Object.getOwnPropertyDescriptor(prototype, name) !== undefined) continue;
    const get = d.get;
    const set = d.set;
    Object.defineProperty(prototype, name, {
      configurable: true,
      enumerable: false,
      get,
      set(this: Joint, value: unknown) {
        liveWorld(this);
        checkJointBound(name, value, `joint.${name}`);
        if ((name === 'targetX' || name === 'targetY') && this.kind === JointKind.Mouse) {
          const b = this.body;
          const x = name === 'targetX' ? value : this.targetX;
          const y = name === 'targetY' ? value : this.targetY;
          if (typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y)) {
            checkReach({ x, y }, b.position.x, b.position.y, `joint.${name}`);
          }
        }
        try {
          set.call(this, value);
        } catch (error) {
          if (error instanceof ConstraintError) rethrowAsWorldError(error, 'joint.');
          throw error;
        }
      },
    });
  }
}

/** `breakForce` and `breakTorque`: numbers > 0 (+Infinity: never breaks), checked when set. */
function breakAccessors(prototype: object): void {
  for (const name of ['breakForce', 'breakTorque'] as const) {
    const slot = `${name}Value` as const;
    Object.defineProperty(prototype, name, {
      configurable: true,
      enumerable: false,
      get(this: Joint) {
        return this[slot];
      },
      set(this: Joint, value: number) {
        // A joint still being made (no world yet, or a snapshot's scratch joint) has no world.
        if (this.world === null && this.id >= 0) liveWorld(this);
        if (typeof value !== 'number' || !(value > 0)) {
          throw new WorldError(`joint.${name}`, value, 'must be a number > 0 (+Infinity: never breaks)');
        }
        this[slot] = value;
      },
    });
  }
}

for (const joint of [
  RevoluteJoint,
  DistanceJoint,
  MouseJoint,
  PrismaticJoint,
  WeldJoint,
  WheelJoint,
  MotorJoint,
]) {
  guardSetters(joint.prototype);
  breakAccessors(joint.prototype);
}
