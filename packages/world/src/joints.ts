import {
  DistanceJoint as DistanceConstraint,
  FilterJoint as FilterConstraint,
  JOINT_TYPES,
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
import { WorldError } from './errors';
import {
  ANCHORS,
  asWorldError,
  checkJointFields,
  type FieldChecks,
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
  springOptions,
  WELD_SPRING_KEYS,
} from './joint-checks';
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

/** What `world.createFilterJoint` takes. */
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

/** Sets the world's part of a new joint (a function, not a method every joint would expose). */
function attach(joint: Joint, world: World, id: number, r: ResolvedJoint<unknown>): void {
  const fields = joint as { id: number; collideConnected: boolean };
  fields.id = id;
  fields.collideConnected = r.collideConnected;
  joint.userData = r.userData;
  joint.world = world;
  joint.breakForce = r.breakForce;
  joint.breakTorque = r.breakTorque;
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
 * `world.createRevoluteJoint`: the anchors stay together, the bodies turn freely about them, within
 * optional angle limits and driven by an optional motor. Soft when `frequencyHz` > 0 or when given
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

  /** Joints are made by `world.createRevoluteJoint`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<RevoluteJointOptions>) {
    super(r.bodyA, r.bodyB, r.anchorA, r.options);
    attach(this, world, id, r);
  }
}

export interface DistanceJoint extends WorldJointFields {}

/**
 * A distance joint between two bodies of a world, made by `world.createDistanceJoint`: a rigid rod,
 * a spring (`frequencyHz` > 0, or `stiffness` in N/m and `damping` in N·s/m) or a rope
 * (`minLength`/`maxLength`). Every field's setter checks its value (the length within the range)
 * and throws a WorldError naming `joint.<field>`; `setSpring` and `setLengths` also wake the bodies.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the world's fields, set by attach
export class DistanceJoint extends DistanceConstraint {
  /** The first body. */
  declare bodyA: Body;
  /** The second body. */
  declare bodyB: Body;

  /** Joints are made by `world.createDistanceJoint`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<DistanceJointOptions>) {
    super(r.bodyA, r.bodyB, r.anchorA, r.anchorB, r.options);
    attach(this, world, id, r);
  }
}

export interface MouseJoint extends WorldJointFields {}

/**
 * A soft spring pulling one point of a body towards a target with a bounded force (for dragging
 * bodies with a pointer), made by `world.createMouseJoint`. Move it with `setTarget`.
 * `collideConnected` is always true: a mouse joint has one body.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the world's fields, set by attach
export class MouseJoint extends MouseConstraint {
  /** The dragged body. */
  declare body: Body;

  /** Joints are made by `world.createMouseJoint`. @internal */
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

export interface PrismaticJoint extends WorldJointFields {}

/**
 * A slider between two bodies of a world (Box2D's prismatic joint), made by
 * `world.createPrismaticJoint`: body B moves along an axis fixed in body A and does not turn
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

  /** Joints are made by `world.createPrismaticJoint`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<PrismaticJointOptions>) {
    super(r.bodyA, r.bodyB, r.anchorA, (r.options as PrismaticJointOptions).axis, r.options);
    attach(this, world, id, r);
  }
}

export interface WeldJoint extends WorldJointFields {}

/**
 * Two bodies of a world glued at a point (Box2D's weld joint), made by `world.createWeldJoint`:
 * rigid (one 3x3 block), or soft in translation and rotation independently. `setSprings` checks
 * its options (a WorldError naming `joint.<argument>`) and wakes the bodies.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the world's fields, set by attach
export class WeldJoint extends WeldConstraint {
  /** The first body. */
  declare bodyA: Body;
  /** The second body. */
  declare bodyB: Body;

  /** Joints are made by `world.createWeldJoint`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<WeldJointOptions>) {
    super(r.bodyA, r.bodyB, r.anchorA, r.options);
    attach(this, world, id, r);
  }
}

export interface WheelJoint extends WorldJointFields {}

/**
 * A wheel on a suspension (Box2D's wheel joint), made by `world.createWheelJoint`: body B slides on
 * a spring along an axis fixed in body A (the chassis), stays on that line and turns freely, driven
 * by an optional motor. The setters check their values (a WorldError naming `joint.<argument>`)
 * and the setter methods wake the bodies.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the world's fields, set by attach
export class WheelJoint extends WheelConstraint {
  /** The chassis. */
  declare bodyA: Body;
  /** The wheel. */
  declare bodyB: Body;

  /** Joints are made by `world.createWheelJoint`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<WheelJointOptions>) {
    super(r.bodyA, r.bodyB, r.anchorA, (r.options as WheelJointOptions).axis, r.options);
    attach(this, world, id, r);
  }
}

export interface MotorJoint extends WorldJointFields {}

/**
 * Drives body B to a pose relative to body A with bounded force and torque (Box2D's motor joint),
 * made by `world.createMotorJoint`. The setters check their values (a WorldError naming
 * `joint.<argument>`) and the setter methods wake the bodies.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the world's fields, set by attach
export class MotorJoint extends MotorConstraint {
  /** The reference body. */
  declare bodyA: Body;
  /** The driven body. */
  declare bodyB: Body;

  /** Joints are made by `world.createMotorJoint`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<MotorJointOptions>) {
    super(r.bodyA, r.bodyB, r.options);
    attach(this, world, id, r);
  }
}

export interface FilterJoint extends WorldJointFields {}

/**
 * Keeps two bodies of a world from colliding, and does nothing else (Box2D's filter joint), made
 * by `world.createFilterJoint`: `collideConnected` is always false; destroying it lets them
 * collide again. It has no rows: its reaction is always zero, so it never breaks.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the world's fields, set by attach
export class FilterJoint extends FilterConstraint {
  /** The first body. */
  declare bodyA: Body;
  /** The second body. */
  declare bodyB: Body;

  /** Joints are made by `world.createFilterJoint`. @internal */
  constructor(world: World, id: number, r: ResolvedJoint<FilterJointOptions>) {
    super(r.bodyA, r.bodyB);
    attach(this, world, id, r);
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

// -------------------------------------------------------------------------------------------------
// The registry: what the world knows of each kind, beside the solver's `JOINT_TYPES` entry.

/**
 * A setter method's checks: the names of its arguments (each checked against the bound of that
 * name, see `checkJointBound`), or the keys its options object may have.
 */
type MethodChecks = readonly string[] | { readonly keys: readonly string[] };

/** What the world knows of one kind of joint, indexed by its `JointKind` value. @internal */
export interface WorldJointKind {
  /** The world's class (its constructor takes the world, the id and the checked request). */
  readonly cls: new (
    world: World,
    id: number,
    r: ResolvedJoint<never>,
  ) => Joint;
  /** Checks the options of `world.create<Kind>` (mutates nothing). */
  readonly resolve: (options: never, world: World) => ResolvedJoint<unknown>;
  /** Whether the joint has a single body (`body`, as a mouse joint). */
  readonly oneBody: boolean;
  /** Whether the joint has a unit axis (`localAxisX`, `localAxisY`) a snapshot must keep unit. */
  readonly unitAxis: boolean;
  /** Its plain fields' checks, for a snapshot's joints (see `checkJointInput`). */
  readonly fields: FieldChecks;
  /** Its setter methods: each checked as listed, then the bodies woken. */
  readonly methods: Readonly<Record<string, MethodChecks>>;
}

const LIMITS = { setLimits: [], setEnableLimit: [], setMotorSpeed: [], setEnableMotor: [] } as const;
const SPRING = { setSpring: { keys: SPRING_KEYS } } as const;
const SLIDER: FieldChecks = {
  finite: [...ANCHORS, 'localAxisX', 'localAxisY', 'motorSpeed'],
  toggles: ['enableLimit', 'enableMotor'],
  ranges: [['lowerTranslation', 'upperTranslation']],
};

/** Every kind of world joint, indexed by its `JointKind` value. @internal */
export const WORLD_JOINT_KINDS: readonly WorldJointKind[] = [
  {
    cls: DistanceJoint as WorldJointKind['cls'],
    resolve: resolveDistanceJointOptions as WorldJointKind['resolve'],
    oneBody: false,
    unitAxis: false,
    fields: { finite: ANCHORS, extra: checkLengths },
    methods: { ...SPRING, setLengths: ['length', 'minLength', 'maxLength'] },
  },
  {
    cls: RevoluteJoint as WorldJointKind['cls'],
    resolve: resolveRevoluteJointOptions as WorldJointKind['resolve'],
    oneBody: false,
    unitAxis: false,
    fields: {
      finite: [...ANCHORS, 'referenceAngle', 'motorSpeed'],
      toggles: ['enableLimit', 'enableMotor'],
      ranges: [['lowerAngle', 'upperAngle']],
      maxima: ['maxMotorTorque'],
    },
    methods: { ...SPRING, setLimits: [] },
  },
  {
    cls: MouseJoint as WorldJointKind['cls'],
    resolve: resolveMouseJointOptions as WorldJointKind['resolve'],
    oneBody: true,
    unitAxis: false,
    fields: {
      finite: ['targetX', 'targetY', 'localAnchorX', 'localAnchorY'],
      maxima: ['maxForce'],
      nonNegative: ['frequencyHz', 'dampingRatio'],
    },
    methods: {},
  },
  {
    cls: PrismaticJoint as WorldJointKind['cls'],
    resolve: resolvePrismaticJointOptions as WorldJointKind['resolve'],
    oneBody: false,
    unitAxis: true,
    fields: { ...SLIDER, finite: [...SLIDER.finite, 'referenceAngle'], maxima: ['maxMotorForce'] },
    methods: { ...LIMITS, ...SPRING, setMaxMotorForce: [] },
  },
  {
    cls: WeldJoint as WorldJointKind['cls'],
    resolve: resolveWeldJointOptions as WorldJointKind['resolve'],
    oneBody: false,
    unitAxis: false,
    fields: { finite: [...ANCHORS, 'referenceAngle'] },
    methods: { setSprings: { keys: WELD_SPRING_KEYS } },
  },
  {
    cls: WheelJoint as WorldJointKind['cls'],
    resolve: resolveWheelJointOptions as WorldJointKind['resolve'],
    oneBody: false,
    unitAxis: true,
    fields: { ...SLIDER, maxima: ['maxMotorTorque'] },
    methods: { ...LIMITS, ...SPRING, setMaxMotorTorque: [] },
  },
  {
    cls: MotorJoint as WorldJointKind['cls'],
    resolve: resolveMotorJointOptions as WorldJointKind['resolve'],
    oneBody: false,
    unitAxis: false,
    fields: {
      finite: ['linearOffsetX', 'linearOffsetY', 'angularOffset'],
      maxima: ['maxForce', 'maxTorque'],
      extra: checkCorrectionFactor,
    },
    methods: {
      setLinearOffset: ['linearOffsetX', 'linearOffsetY'],
      setAngularOffset: ['angularOffset'],
      setMaxForce: [],
      setMaxTorque: [],
      setCorrectionFactor: [],
    },
  },
  {
    cls: FilterJoint as WorldJointKind['cls'],
    resolve: resolveFilterJointOptions as WorldJointKind['resolve'],
    oneBody: false,
    unitAxis: false,
    fields: { finite: [] },
    methods: {},
  },
];

/** A distance joint's range: `0 <= minLength <= length <= maxLength`, the length finite. */
function checkLengths(joint: Joint): void {
  const j = joint as DistanceJoint;
  if (!(j.minLength >= 0)) refuseField(j, 'minLength', j.minLength, 'must be a number >= 0');
  checkJointFields(j, { finite: [], ranges: [['minLength', 'maxLength']] });
  if (!(j.length >= j.minLength && j.length <= j.maxLength && Number.isFinite(j.length))) {
    refuseField(
      j,
      'length',
      j.length,
      `must be a finite number in [minLength, maxLength] = [${j.minLength}, ${j.maxLength}]`,
    );
  }
  checkJointBound('length', j.length, `joint #${j.id}.length`);
}

/** A motor joint's correction factor: in [0, 1]. */
function checkCorrectionFactor(joint: Joint): void {
  const j = joint as MotorJoint;
  if (!(j.correctionFactor >= 0 && j.correctionFactor <= 1)) {
    refuseField(j, 'correctionFactor', j.correctionFactor, 'must be a number in [0, 1]');
  }
}

/**
 * Every plain field of a joint (`motorSpeed`, `lowerAngle`, `length`, anchors, break thresholds,
 * ...) as its setter would have it: throws a WorldError naming `joint #<id>.<field>` and the value.
 * The setters check each value as it is set, so the step does not; a snapshot's joints, whose
 * fields are restored without their setters, are checked with this before the restore changes
 * anything. @internal
 */
export function checkJointInput(joint: Joint): void {
  checkJointFields(joint, WORLD_JOINT_KINDS[joint.kind].fields);
}

// -------------------------------------------------------------------------------------------------
// The wrapping of the constraint package's setters, installed once on each world class.

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

/**
 * The setter methods of a kind (`setLimits`, `setSpring`, ...): each throws a WorldError once the
 * joint was destroyed, checks its arguments as `checks` says, runs the constraint's method (its
 * ConstraintError becomes a WorldError naming `joint.<argument>`; nothing changed then), wakes the
 * bodies and returns the joint.
 */
function wakingMethods(prototype: object, methods: Readonly<Record<string, MethodChecks>>): void {
  const record = prototype as Record<string, (...args: unknown[]) => unknown>;
  for (const [name, checks] of Object.entries(methods)) {
    const method = record[name];
    record[name] = function (this: Joint, ...args: unknown[]): Joint {
      const world = liveWorld(this);
      asWorldError(null, () => {
        if (!Array.isArray(checks))
          args[0] = springOptions(args[0] as object, (checks as { keys: string[] }).keys);
        else
          for (let i = 0; i < checks.length; i++) checkJointBound(checks[i], args[i], `joint.${checks[i]}`);
        method.apply(this, args);
      });
      world.wakeBody(jointBodyA(this));
      world.wakeBody(jointBodyB(this));
      return this;
    };
  }
}

/**
 * The joints' plain number and boolean fields (`motorSpeed`, `lowerAngle`, `length`, anchors, ...)
 * are accessors of the constraint package that check what they are given and throw its
 * ConstraintError: on the world's joints they throw a WorldError naming `joint.<field>` and the
 * value instead (nothing changes then), and a WorldError once the joint was destroyed. Installed on
 * the world's prototypes for every checked accessor of the constraint class the world's joint does
 * not define itself.
 */
function guardSetters(prototype: object): void {
  for (
    let base = Object.getPrototypeOf(prototype);
    base !== Object.prototype;
    base = Object.getPrototypeOf(base)
  ) {
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
          asWorldError(null, () => set.call(this, value));
        },
      });
    }
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

/** `wakeBodies` of every world joint. */
function wakeBodies(this: Joint): void {
  const world = liveWorld(this);
  world.wakeBody(jointBodyA(this));
  world.wakeBody(jointBodyB(this));
}

/** `toString` of every world joint: the class name and the id, `RevoluteJoint #3`. */
function jointName(this: Joint): string {
  return `${JOINT_TYPES[this.kind].name} #${this.id}`;
}

for (const kind of WORLD_JOINT_KINDS) {
  const prototype = kind.cls.prototype;
  Object.defineProperty(prototype, 'wakeBodies', { value: wakeBodies, writable: true, configurable: true });
  Object.defineProperty(prototype, 'toString', { value: jointName, writable: true, configurable: true });
  guardDestroyed(prototype, READ_OUTS);
  wakingMethods(prototype, kind.methods);
  breakAccessors(prototype);
  guardSetters(prototype);
}
