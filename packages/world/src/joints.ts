import {
  DistanceJoint as DistanceConstraint,
  FilterJoint as FilterConstraint,
  JointKind,
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
import {
  liveWorld,
  refuseField,
  resolveDistanceJointOptions,
  resolveFilterJointOptions,
  resolveMotorJointOptions,
  resolveMouseJointOptions,
  resolvePrismaticJointOptions,
  resolveRevoluteJointOptions,
  resolveWeldJointOptions,
  resolveWheelJointOptions,
  SPRING_KEYS,
  WELD_SPRING_KEYS,
} from './joint-checks';
import { registerJointKind } from './joint-kinds';
import { checkJointBound, checkReach } from './limits';
import { checkVec2 } from './validate';
import type { World } from './world';

/*
 * The world's joints are the constraint package's joints (so the solver sees them directly and
 * dispatches on their numeric `kind`) plus an id, an owner, `collideConnected` and user data.
 */

/** Options every joint takes. */
export interface JointOptionsBase {
  /**
   * Whether the two bodies still collide with each other (default false, as in Box2D and planck.js:
   * a hinge's door and frame may overlap at the pin). Set true where jointed bodies must touch
   * (Box2D-Lite's teeter, whose plank lands on the ground it is pinned to).
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

/** What `world.createJoint(RevoluteJoint, …)` takes. */
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
  /** Turn the angular spring on or off (default: on when `springHertz` is given). */
  enableSpring?: boolean;
  /** Frequency of the angular spring towards `targetAngle`, Hz (default 0: none; as Box2D's hertz). */
  springHertz?: number;
  /** Damping ratio of the angular spring (default 0; 1 is critical). */
  springDampingRatio?: number;
  /** The joint angle the spring pulls towards, radians (default 0). */
  targetAngle?: number;
}

/** What `world.createJoint(DistanceJoint, …)` takes. */
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
  /** Turn the motor on or off (default: on when `maxMotorForce` is given; a rigid rod has none). */
  enableMotor?: boolean;
  /** Motor target for the distance's rate of change, m/s (default 0; < 0 pulls in). */
  motorSpeed?: number;
  /** Largest motor force, N (default 0). */
  maxMotorForce?: number;
}

/** What `world.createJoint(MouseJoint, …)` takes. */
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

/** What `world.createJoint(PrismaticJoint, …)` takes (Box2D's names). */
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

/** What `world.createJoint(WeldJoint, …)` takes (Box2D's names). */
export interface WeldJointOptions extends JointOptionsBase, WeldConstraintOptions {
  /** The first body. */
  bodyA: Body;
  /** The second body. */
  bodyB: Body;
  /** The weld point, world coordinates, m. */
  anchor: Vec2Like;
}

/** What `world.createJoint(WheelJoint, …)` takes (Box2D's names). */
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

/** What `world.createJoint(MotorJoint, …)` takes (Box2D's names). */
export interface MotorJointOptions extends JointOptionsBase, MotorConstraintOptions {
  /** The reference body. */
  bodyA: Body;
  /** The driven body. */
  bodyB: Body;
}

/** What `world.createJoint(FilterJoint, …)` takes. */
export interface FilterJointOptions {
  /** The first body. */
  bodyA: Body;
  /** The second body: it no longer collides with `bodyA` while the joint lasts. */
  bodyB: Body;
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
  breakForce: number;
  breakTorque: number;
}

/**
 * What every joint of a world has beside its constraint's fields: an id, `collideConnected`, user
 * data, break thresholds and `wakeBodies` (the world's joint classes merge it in).
 */
export interface WorldJointFields {
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
  breakForceValue: number;
  /** @internal */
  breakTorqueValue: number;
  /**
   * Wakes the joint's bodies (after changing a field by hand).
   * @throws WorldError once the joint was destroyed
   */
  wakeBodies(): void;
}

/** Registers the kind (here: a program with no joint bundles no registry); sets the world's part. */
function attach(joint: Joint, world: World, id: number, r: ResolvedJoint<unknown>): void {
  registerJointKind((joint.constructor as unknown as JointClass<Joint, unknown>).jointKind);
  const fields = joint as { id: number; collideConnected: boolean };
  fields.id = id;
  fields.collideConnected = r.collideConnected;
  joint.userData = r.userData;
  joint.world = world;
  joint.breakForce = r.breakForce;
  joint.breakTorque = r.breakTorque;
}

// -------------------------------------------------------------------------------------------------
// Kinds: each class's `jointKind` is what the world knows of it (registered by joint-kinds.ts when
// the first joint of the kind is made), beside the solver's `JOINT_TYPES` entry.

/**
 * A setter method's checks: the names of its arguments (each checked against the bound of that
 * name, see `checkJointBound`), or the keys its options object may have. @internal
 */
export type MethodChecks = readonly string[] | { readonly keys: readonly string[] };

/**
 * A kind of joint: what `world.createJoint` needs to make one of it, a joint class's static
 * `jointKind`. `O` is what `world.createJoint` takes for the kind.
 */
export interface WorldJointKind<O = unknown> {
  /**
   * The kind's `JointKind` value (written as a literal in each entry: an object that reads
   * `JointKind.X` counts as having effects and would keep every kind in every bundle).
   */
  readonly kind: number;
  /** The options' type (a type only: no value). */
  readonly options?: O;
  /** The world's class (its constructor takes the world, the id and the checked request). @internal */
  readonly cls: new (
    world: World,
    id: number,
    r: ResolvedJoint<never>,
  ) => Joint;
  /** Checks the options of `world.createJoint` (mutates nothing). @internal */
  readonly resolve: (options: O, world: World) => ResolvedJoint<unknown>;
  /** Whether the joint has a single body (`body`, as a mouse joint; default false). @internal */
  readonly oneBody?: boolean;
  /** Whether the joint has a unit axis (`localAxisX`, `localAxisY`) a snapshot must keep unit (default false). @internal */
  readonly unitAxis?: boolean;
  /** Its checks between fields beyond each field's own, for a snapshot's joints (see `checkJointInput`). @internal */
  readonly check?: (joint: Joint) => void;
  /** Its setter methods: each checked as listed, then the bodies woken. @internal */
  readonly methods: Readonly<Record<string, MethodChecks>>;
}

/**
 * What `world.createJoint` takes as its kind: a joint class (`RevoluteJoint`, `DistanceJoint`,
 * `MouseJoint`, `PrismaticJoint`, `WeldJoint`, `WheelJoint`, `MotorJoint`, `FilterJoint`).
 */
export interface JointClass<J extends Joint, O> {
  /** The kind. */
  readonly jointKind: WorldJointKind<O>;
  /** Its instances' prototype. */
  readonly prototype: J;
}

/*
 * The world's joints are the constraint package's joints plus the fields above. Their setters and
 * setter methods are the constraint package's, wrapped once per class (see `guardSetters` and
 * `WorldJointKind.methods`): they throw a WorldError naming `joint.<field>` (nothing changes then),
 * and a WorldError once the joint was destroyed; the setter methods also wake the bodies.
 */

export interface RevoluteJoint extends WorldJointFields {}

/**
 * A pin joint (Box2D-Lite's `Joint`) between two bodies of a world, made by
 * `world.createJoint(RevoluteJoint, …)`: the anchors stay together, the bodies turn freely about
 * them, within optional angle limits, driven by an optional motor and pulled towards `targetAngle`
 * by an optional angular spring (`springHertz`). Soft when `frequencyHz` > 0 or when given
 * by `stiffness` (N/m) and `damping` (N·s/m).
 *
 * Fields (`motorSpeed`, `enableMotor`, `lowerAngle`, ...) may be changed between steps; call
 * `wakeBodies()` afterwards if the bodies may be asleep. Every field's setter checks its value, the
 * spring's (`frequencyHz`, `dampingRatio`, `stiffness`, `damping`) too, and throws a WorldError
 * naming `joint.<field>` (nothing changes then); `setSpring` and `setLimits` also wake the bodies.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the world's fields, set by attach
export class RevoluteJoint extends RevoluteConstraint {
  /** The first body. */
  declare bodyA: Body;
  /** The second body. */
  declare bodyB: Body;

  /** The kind, for `world.createJoint(RevoluteJoint, options)`. */
  static get jointKind(): WorldJointKind<RevoluteJointOptions> {
    return REVOLUTE_KIND;
  }

  /** Joints are made by `world.createJoint(RevoluteJoint, options)`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<RevoluteJointOptions>) {
    super(r.bodyA, r.bodyB, r.anchorA, r.options);
    attach(this, world, id, r);
  }
}

/** The revolute joint's kind (`RevoluteJoint.jointKind`). */
const REVOLUTE_KIND: WorldJointKind<RevoluteJointOptions> = {
  kind: 1 as typeof JointKind.Revolute,
  cls: RevoluteJoint as WorldJointKind['cls'],
  resolve: resolveRevoluteJointOptions,
  methods: { setSpring: { keys: SPRING_KEYS }, setLimits: [] },
};

export interface DistanceJoint extends WorldJointFields {}

/**
 * A distance joint between two bodies of a world, made by `world.createJoint(DistanceJoint, …)`:
 * a rigid rod, a spring (`frequencyHz` > 0, or `stiffness` in N/m and `damping` in N·s/m) or a rope
 * (`minLength`/`maxLength`), with an optional motor along it on a spring or a rope (a winch). Every field's setter checks its value (the length within the range)
 * and throws a WorldError naming `joint.<field>`; `setSpring` and `setLengths` also wake the bodies.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the world's fields, set by attach
export class DistanceJoint extends DistanceConstraint {
  /** The first body. */
  declare bodyA: Body;
  /** The second body. */
  declare bodyB: Body;

  /** The kind, for `world.createJoint(DistanceJoint, options)`. */
  static get jointKind(): WorldJointKind<DistanceJointOptions> {
    return DISTANCE_KIND;
  }

  /** Joints are made by `world.createJoint(DistanceJoint, options)`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<DistanceJointOptions>) {
    super(r.bodyA, r.bodyB, r.anchorA, r.anchorB, r.options);
    attach(this, world, id, r);
  }
}

/** The distance joint's kind (`DistanceJoint.jointKind`). */
const DISTANCE_KIND: WorldJointKind<DistanceJointOptions> = {
  kind: 0 as typeof JointKind.Distance,
  cls: DistanceJoint as WorldJointKind['cls'],
  resolve: resolveDistanceJointOptions,
  check: checkLengths,
  methods: { setSpring: { keys: SPRING_KEYS }, setLengths: ['length', 'minLength', 'maxLength'] },
};

export interface MouseJoint extends WorldJointFields {}

/**
 * A soft spring pulling one point of a body towards a target with a bounded force (for dragging
 * bodies with a pointer), made by `world.createJoint(MouseJoint, …)`. Move it with `setTarget`.
 * `collideConnected` is always true: a mouse joint has one body.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the world's fields, set by attach
export class MouseJoint extends MouseConstraint {
  /** The dragged body. */
  declare body: Body;

  /** The kind, for `world.createJoint(MouseJoint, options)`. */
  static get jointKind(): WorldJointKind<MouseJointOptions> {
    return MOUSE_KIND;
  }

  /** Joints are made by `world.createJoint(MouseJoint, options)`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<MouseConstraintOptions>) {
    super(r.bodyA, r.anchorA, r.options);
    attach(this, world, id, r);
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
}

/** The mouse joint's kind (`MouseJoint.jointKind`). */
const MOUSE_KIND: WorldJointKind<MouseJointOptions> = {
  kind: 2 as typeof JointKind.Mouse,
  cls: MouseJoint as WorldJointKind['cls'],
  resolve: resolveMouseJointOptions,
  oneBody: true,
  methods: {},
};

export interface PrismaticJoint extends WorldJointFields {}

/**
 * A slider between two bodies of a world (Box2D's prismatic joint), made by
 * `world.createJoint(PrismaticJoint, …)`: body B moves along an axis fixed in body A and does not turn
 * relative to it, within optional limits, driven by an optional motor, on an optional spring.
 * The setters check their values (a WorldError naming `joint.<argument>`, nothing changed then)
 * and the setter methods wake the bodies.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the world's fields, set by attach
export class PrismaticJoint extends PrismaticConstraint {
  /** The first body: the axis is fixed in it. */
  declare bodyA: Body;
  /** The second body. */
  declare bodyB: Body;

  /** The kind, for `world.createJoint(PrismaticJoint, options)`. */
  static get jointKind(): WorldJointKind<PrismaticJointOptions> {
    return PRISMATIC_KIND;
  }

  /** Joints are made by `world.createJoint(PrismaticJoint, options)`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<PrismaticJointOptions>) {
    super(r.bodyA, r.bodyB, r.anchorA, (r.options as PrismaticJointOptions).axis, r.options);
    attach(this, world, id, r);
  }
}

/** The prismatic joint's kind (`PrismaticJoint.jointKind`). */
const PRISMATIC_KIND: WorldJointKind<PrismaticJointOptions> = {
  kind: 3 as typeof JointKind.Prismatic,
  cls: PrismaticJoint as WorldJointKind['cls'],
  resolve: resolvePrismaticJointOptions,
  unitAxis: true,
  methods: {
    setLimits: [],
    setEnableLimit: [],
    setMotorSpeed: [],
    setEnableMotor: [],
    setSpring: { keys: SPRING_KEYS },
    setMaxMotorForce: [],
  },
};

export interface WeldJoint extends WorldJointFields {}

/**
 * Two bodies of a world glued at a point (Box2D's weld joint), made by `world.createJoint(WeldJoint, …)`:
 * rigid (one 3x3 block), or soft in translation and rotation independently. `setSprings` checks
 * its options (a WorldError naming `joint.<argument>`) and wakes the bodies.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the world's fields, set by attach
export class WeldJoint extends WeldConstraint {
  /** The first body. */
  declare bodyA: Body;
  /** The second body. */
  declare bodyB: Body;

  /** The kind, for `world.createJoint(WeldJoint, options)`. */
  static get jointKind(): WorldJointKind<WeldJointOptions> {
    return WELD_KIND;
  }

  /** Joints are made by `world.createJoint(WeldJoint, options)`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<WeldJointOptions>) {
    super(r.bodyA, r.bodyB, r.anchorA, r.options);
    attach(this, world, id, r);
  }
}

/** The weld joint's kind (`WeldJoint.jointKind`). */
const WELD_KIND: WorldJointKind<WeldJointOptions> = {
  kind: 4 as typeof JointKind.Weld,
  cls: WeldJoint as WorldJointKind['cls'],
  resolve: resolveWeldJointOptions,
  methods: { setSprings: { keys: WELD_SPRING_KEYS } },
};

export interface WheelJoint extends WorldJointFields {}

/**
 * A wheel on a suspension (Box2D's wheel joint), made by `world.createJoint(WheelJoint, …)`: body B
 * slides on a spring along an axis fixed in body A (the chassis), stays on that line and turns freely, driven
 * by an optional motor. The setters check their values (a WorldError naming `joint.<argument>`)
 * and the setter methods wake the bodies.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the world's fields, set by attach
export class WheelJoint extends WheelConstraint {
  /** The chassis. */
  declare bodyA: Body;
  /** The wheel. */
  declare bodyB: Body;

  /** The kind, for `world.createJoint(WheelJoint, options)`. */
  static get jointKind(): WorldJointKind<WheelJointOptions> {
    return WHEEL_KIND;
  }

  /** Joints are made by `world.createJoint(WheelJoint, options)`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<WheelJointOptions>) {
    super(r.bodyA, r.bodyB, r.anchorA, (r.options as WheelJointOptions).axis, r.options);
    attach(this, world, id, r);
  }
}

/** The wheel joint's kind (`WheelJoint.jointKind`). */
const WHEEL_KIND: WorldJointKind<WheelJointOptions> = {
  kind: 5 as typeof JointKind.Wheel,
  cls: WheelJoint as WorldJointKind['cls'],
  resolve: resolveWheelJointOptions,
  unitAxis: true,
  methods: {
    setLimits: [],
    setEnableLimit: [],
    setMotorSpeed: [],
    setEnableMotor: [],
    setSpring: { keys: SPRING_KEYS },
    setMaxMotorTorque: [],
  },
};

export interface MotorJoint extends WorldJointFields {}

/**
 * Drives body B to a pose relative to body A with bounded force and torque (Box2D's motor joint),
 * made by `world.createJoint(MotorJoint, …)`. The setters check their values (a WorldError naming
 * `joint.<argument>`) and the setter methods wake the bodies.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the world's fields, set by attach
export class MotorJoint extends MotorConstraint {
  /** The reference body. */
  declare bodyA: Body;
  /** The driven body. */
  declare bodyB: Body;

  /** The kind, for `world.createJoint(MotorJoint, options)`. */
  static get jointKind(): WorldJointKind<MotorJointOptions> {
    return MOTOR_KIND;
  }

  /** Joints are made by `world.createJoint(MotorJoint, options)`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<MotorJointOptions>) {
    super(r.bodyA, r.bodyB, r.options);
    attach(this, world, id, r);
  }
}

/** The motor joint's kind (`MotorJoint.jointKind`). */
const MOTOR_KIND: WorldJointKind<MotorJointOptions> = {
  kind: 6 as typeof JointKind.Motor,
  cls: MotorJoint as WorldJointKind['cls'],
  resolve: resolveMotorJointOptions,
  methods: {
    setLinearOffset: ['linearOffsetX', 'linearOffsetY'],
    setAngularOffset: ['angularOffset'],
    setMaxForce: [],
    setMaxTorque: [],
    setCorrectionFactor: [],
  },
};

export interface FilterJoint extends WorldJointFields {}

/**
 * Keeps two bodies of a world from colliding, and does nothing else (Box2D's filter joint), made
 * by `world.createJoint(FilterJoint, …)`: `collideConnected` is always false; destroying it lets them
 * collide again. It has no rows: its reaction is always zero, so it never breaks.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the world's fields, set by attach
export class FilterJoint extends FilterConstraint {
  /** The first body. */
  declare bodyA: Body;
  /** The second body. */
  declare bodyB: Body;

  /** The kind, for `world.createJoint(FilterJoint, options)`. */
  static get jointKind(): WorldJointKind<FilterJointOptions> {
    return FILTER_KIND;
  }

  /** Joints are made by `world.createJoint(FilterJoint, options)`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<FilterJointOptions>) {
    super(r.bodyA, r.bodyB);
    attach(this, world, id, r);
  }
}

/** The filter joint's kind (`FilterJoint.jointKind`). */
const FILTER_KIND: WorldJointKind<FilterJointOptions> = {
  kind: 7 as typeof JointKind.Filter,
  cls: FilterJoint as WorldJointKind['cls'],
  resolve: resolveFilterJointOptions,
  methods: {},
};

/** Any joint of a world; `kind` tells which (see `JointKind`). */
export type Joint =
  | RevoluteJoint
  | DistanceJoint
  | MouseJoint
  | PrismaticJoint
  | WeldJoint
  | WheelJoint
  | MotorJoint
  | FilterJoint;

/** The first body of a joint (the dragged body of a mouse joint). @internal */
export function jointBodyA(joint: Joint): Body {
  return joint.kind === JointKind.Mouse ? joint.body : joint.bodyA;
}

/** The second body of a joint (the dragged body again for a mouse joint). @internal */
export function jointBodyB(joint: Joint): Body {
  return joint.kind === JointKind.Mouse ? joint.body : joint.bodyB;
}

/** A distance joint's range: `0 <= minLength <= length <= maxLength`, the length finite. */
function checkLengths(joint: Joint): void {
  const j = joint as DistanceJoint;
  const { length, minLength, maxLength } = j;
  if (!(typeof minLength === 'number' && minLength >= 0))
    refuseField(j, 'minLength', minLength, 'must be a number >= 0');
  if (!(typeof maxLength === 'number' && maxLength >= minLength))
    refuseField(j, 'maxLength', maxLength, `must be >= minLength (${minLength})`);
  if (!(length >= minLength && length <= maxLength && Number.isFinite(length))) {
    refuseField(
      j,
      'length',
      length,
      `must be a finite number in [minLength, maxLength] = [${minLength}, ${maxLength}]`,
    );
  }
  for (const name of ['length', 'minLength', 'maxLength'] as const) {
    checkJointBound(name, j[name], `joint #${j.id}.${name}`);
  }
}

/** The centre of mass of `body` moved by (dx, dy) in its frame: its anchors in `joint` follow. */
export function shiftJointAnchors(joint: Joint, body: Body, dx: number, dy: number): void {
  const j = joint as unknown as Record<string, number>;
  if ('localAnchorX' in j) {
    j.localAnchorX -= dx;
    j.localAnchorY -= dy;
    return;
  }
  if (!('localAnchorAX' in j)) return;
  if (jointBodyA(joint) === body) {
    j.localAnchorAX -= dx;
    j.localAnchorAY -= dy;
  }
  if (jointBodyB(joint) === body) {
    j.localAnchorBX -= dx;
    j.localAnchorBY -= dy;
  }
}

/** The index of `joint` itself in the id-ordered joint list (binary search), or -1. */
export function findJoint(list: readonly Joint[], joint: Joint): number {
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (list[mid].id < joint.id) low = mid + 1;
    else high = mid - 1;
  }
  return list[low] === joint ? low : -1;
}
