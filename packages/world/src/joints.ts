import {
  DistanceJoint as DistanceConstraint,
  type DistanceJointOptions as DistanceConstraintOptions,
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
  type RevoluteJointOptions as RevoluteConstraintOptions,
  WeldJoint as WeldConstraint,
  type WeldJointOptions as WeldConstraintOptions,
  WheelJoint as WheelConstraint,
  type WheelJointOptions as WheelConstraintOptions,
} from '@lite/constraints';
import type { Vec2Like } from '@lite/math';
import type { Body } from './body';
import {
  asWorldError,
  checkBreak,
  liveWorld,
  optionKeys,
  resolveDistanceJointOptions,
  resolveFilterJointOptions,
  resolveMotorJointOptions,
  resolveMouseJointOptions,
  resolvePrismaticJointOptions,
  resolveRevoluteJointOptions,
  resolveWeldJointOptions,
  resolveWheelJointOptions,
} from './joint-checks';
import { registerJointKind } from './joint-kinds';
import { checkJointBound } from './limits';
import { checkKeys, checkOptions } from './validate';
import type { World } from './world';

// The world's joints: the constraint package's joints (the solver dispatches on their `kind`) plus
// the world's fields, one class per kind made by `worldJoint`; joint-kinds.ts wraps their setters.

/** Options every joint takes. */
export interface JointOptionsBase {
  /**
   * Whether the two bodies still collide with each other (default false, as in Box2D: a hinge's
   * door and frame may overlap at the pin).
   */
  collideConnected?: boolean;
  /** Anything you want to find again from the joint. */
  userData?: unknown;
  /** Destroys the joint (`jointBreak`) after a step whose reaction force exceeds this, N (default: never). */
  breakForce?: number;
  /** The joint breaks at the end of a step whose reaction torque is larger than this, N·m (default +Infinity). */
  breakTorque?: number;
}

/** Options of a joint between two bodies (every kind but the mouse and filter joints). */
export interface JointPairOptions extends JointOptionsBase {
  /** The first body (for a prismatic or wheel joint, the one its axis is fixed in). */
  bodyA: Body;
  /** The second body (the one that slides, the wheel, the driven body). */
  bodyB: Body;
}

/** What `world.createJoint(RevoluteJoint, …)` takes. */
export interface RevoluteJointOptions extends JointPairOptions, RevoluteConstraintOptions {
  /** The pivot, world coordinates, m. */
  anchor: Vec2Like;
}

/** What `world.createJoint(DistanceJoint, …)` takes. */
export interface DistanceJointOptions extends JointPairOptions, DistanceConstraintOptions {
  /** The anchor on `bodyA`, world coordinates, m. */
  anchorA: Vec2Like;
  /** The anchor on `bodyB`, world coordinates, m. */
  anchorB: Vec2Like;
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
export interface PrismaticJointOptions extends JointPairOptions, PrismaticConstraintOptions {
  /** A point of the axis, world coordinates, m. */
  anchor: Vec2Like;
  /** The direction of travel, world (any non-zero length). */
  axis: Vec2Like;
}

/** What `world.createJoint(WeldJoint, …)` takes (Box2D's names). */
export interface WeldJointOptions extends JointPairOptions, WeldConstraintOptions {
  /** The weld point, world coordinates, m. */
  anchor: Vec2Like;
}

/** What `world.createJoint(WheelJoint, …)` takes (Box2D's names). */
export interface WheelJointOptions extends JointPairOptions, WheelConstraintOptions {
  /** The wheel's centre, world coordinates, m. */
  anchor: Vec2Like;
  /** The suspension's direction of travel, world (any non-zero length). */
  axis: Vec2Like;
}

/** What `world.createJoint(MotorJoint, …)` takes (Box2D's names). */
export interface MotorJointOptions extends JointPairOptions, MotorConstraintOptions {}

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
 * data, break thresholds and `wakeBodies`.
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
  /** The joint breaks after a step whose reaction force exceeds this, N; a WorldError unless > 0. */
  breakForce: number;
  /** The joint breaks after a step whose reaction torque exceeds this, N·m; a WorldError unless > 0. */
  breakTorque: number;
  /** The values behind `breakForce` and `breakTorque` (read by the step). @internal */
  breakForceValue: number;
  /** @internal */
  breakTorqueValue: number;
  /** Wakes the joint's bodies (after a field changed). @throws WorldError once the joint was destroyed */
  wakeBodies(): void;
}

/** A joint class's static `jointKind`: what `world.createJoint` needs; `O` is the kind's options. */
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
  /**
   * The options `world.createJoint` takes for the kind, any other refused with the closest
   * suggested (`JointPair`: bodyA, bodyB, collideConnected, userData, breakForce, breakTorque;
   * `Spring`: what `setSpring` takes; `WeldSprings`: what `setSprings` takes). @internal
   */
  readonly keys: string;
  /** Checks the options of `world.createJoint`, once its keys are (mutates nothing). @internal */
  readonly resolve: (options: O, world: World) => ResolvedJoint<unknown>;
  /** Whether the joint has a single body (`body`, as a mouse joint; default false). @internal */
  readonly oneBody?: boolean;
  /** Whether the joint has a unit axis (`localAxisX`, `localAxisY`) a snapshot must keep unit (default false). @internal */
  readonly unitAxis?: boolean;
  /** Its checks between fields beyond each field's own, for a snapshot's joints (see `checkJointInput`). @internal */
  readonly check?: (joint: Joint) => void;
  /**
   * The fields a snapshot writes of its joints, in order (the world's `breakForceValue` and
   * `breakTorqueValue` follow): `name` a number, `name?` a boolean, `name$` a string,
   * `name:Spring` / `name:Softness` the fields of that member (a `JointSpring`, a `Softness`),
   * `name:31` the 31 numbers of a `Float64Array`, `AnchoredJoint` / `AxialJoint` the fields a
   * joint of that base starts with; the fields after a `|` were added later, and a snapshot without
   * them loads them as a joint is made. Any other field is not saved (a test checks none is missed).
   * @internal
   */
  readonly fields: string;
}

/** What `world.createJoint` takes as its kind: a joint class (`RevoluteJoint`, `DistanceJoint`, ...). */
export interface JointClass<J extends Joint, O> {
  /** The kind. */
  readonly jointKind: WorldJointKind<O>;
  /** Its instances' prototype. */
  readonly prototype: J;
}

/** A world joint of the constraint class `C`: its fields, the world's (`WorldJointFields`) and its two bodies. */
export type WorldJointOf<C> = C &
  WorldJointFields & {
    /** The first body. */
    bodyA: Body;
    /** The second body. */
    bodyB: Body;
  };

/** A joint class as exported (`RevoluteJoint`, ...): a kind for `world.createJoint`, and `instanceof` tells its joints. */
export type WorldJointClass<J extends Joint, O> = JointClass<J, O> & {
  [Symbol.hasInstance](value: unknown): value is J;
};

/** The world's class of a kind: the constraint class `base` (arguments: `args`) plus the world's fields. */
function worldJoint<J extends Joint, O, A extends [unknown, ...unknown[]]>(
  base: new (...args: A) => object,
  kind: Omit<WorldJointKind<O>, 'cls'>,
  args: (r: ResolvedJoint<O>) => A,
): WorldJointClass<J, O> {
  const Base = base as new (...args: unknown[]) => object;
  class WorldJoint extends Base {
    static get jointKind(): WorldJointKind<O> {
      return entry;
    }
    constructor(world: World, id: number, r: ResolvedJoint<O>) {
      super(...args(r));
      // Registered here: a program that makes no joint bundles no registry.
      registerJointKind(entry as WorldJointKind);
      const joint = this as unknown as Joint & { id: number; collideConnected: boolean };
      joint.id = id;
      joint.collideConnected = r.collideConnected;
      joint.userData = r.userData;
      joint.world = world;
      joint.breakForce = r.breakForce;
      joint.breakTorque = r.breakTorque;
    }
    get breakForce(): number {
      return (this as unknown as Joint).breakForceValue;
    }
    set breakForce(value: number) {
      setBreak(this as unknown as Joint, 'breakForce', value);
    }
    get breakTorque(): number {
      return (this as unknown as Joint).breakTorqueValue;
    }
    set breakTorque(value: number) {
      setBreak(this as unknown as Joint, 'breakTorque', value);
    }
    wakeBodies(): void {
      const joint = this as unknown as Joint;
      const world = liveWorld(joint);
      world.wakeBody(jointBodyA(joint));
      world.wakeBody(jointBodyB(joint));
    }
    override toString(): string {
      const joint = this as unknown as Joint;
      return `${JOINT_TYPES[joint.kind].name} #${joint.id}`;
    }
  }
  const entry: WorldJointKind<O> = {
    ...kind,
    cls: WorldJoint as unknown as WorldJointKind['cls'],
    // A trial construction of the bare constraint checks the kind's own options (nothing is made
    // when it throws): its ConstraintError becomes a WorldError naming `options.<field>`.
    resolve: (options, world) => {
      const o = checkOptions(options as object, 'options') as O;
      checkKeys(o as object, optionKeys(kind.keys), 'options');
      const r = kind.resolve(o, world) as ResolvedJoint<O>;
      asWorldError(() => new base(...args(r)), 'options.');
      return r;
    },
  };
  // Devtools and stack traces name the kind's class (`RevoluteJoint`), not the factory's.
  Object.defineProperty(WorldJoint, 'name', { value: base.name });
  return WorldJoint as unknown as WorldJointClass<J, O>;
}

/**
 * A pin joint (Box2D-Lite's `Joint`), made by `world.createJoint(RevoluteJoint, …)`: the anchors
 * stay together, the bodies turn freely about them, with optional angle limits, motor and angular
 * spring (`springHertz`, towards `targetAngle`); soft when `frequencyHz` > 0 or given `stiffness`
 * and `damping`. Fields may be changed between steps (then `wakeBodies()`); each setter checks its
 * value and throws a WorldError naming `joint.<field>`; `setSpring` and `setLimits` wake the bodies.
 */
export interface RevoluteJoint extends WorldJointOf<RevoluteConstraint> {}

/** The revolute joint's class: `world.createJoint(RevoluteJoint, options)`, `joint instanceof RevoluteJoint`. */
export const RevoluteJoint: WorldJointClass<RevoluteJoint, RevoluteJointOptions> = /* @__PURE__ */ worldJoint(
  RevoluteConstraint,
  {
    kind: 1 as typeof JointKind.Revolute,
    keys:
      'JointPair anchor Spring enableLimit motorSpeed enableMotor lowerAngle upperAngle maxMotorTorque ' +
      'referenceAngle enableSpring springHertz springDampingRatio targetAngle',
    resolve: resolveRevoluteJointOptions,
    fields:
      'AnchoredJoint referenceAngleValue spring:Spring enableLimitValue? lowerAngleValue upperAngleValue ' +
      'motorSpeedValue maxMotorTorqueValue enableMotorValue? impulseX impulseY motorImpulse lowerImpulse ' +
      'upperImpulse k11 k12 k22 m11 m12 m22 biasX biasY axialMass angle lowerBias upperBias maxMotorImpulse ' +
      'k13 k23 k33 n11 n12 n13 n22 n23 n33 limitState limitBias limitNear? softness:Softness springGamma ' +
      's11 s12 s22 softRows? anchored? anchorSeen? chainRole u11 u12 u21 u22 e11 e12 e21 e22 d11 d12 d22 ' +
      'chainX chainY | springHertzValue springDampingRatioValue targetAngleValue enableSpringValue? ' +
      'springImpulse springSoftness:Softness springBias',
  },
  (r) => [r.bodyA, r.bodyB, r.anchorA, r.options],
);

/**
 * A distance joint, made by `world.createJoint(DistanceJoint, …)`: a rod, a spring (`frequencyHz`
 * > 0, or `stiffness` and `damping`) or a rope (`minLength`/`maxLength`), with an optional motor (a
 * winch). Setters check their value (a WorldError naming `joint.<field>`); `setSpring` and
 * `setLengths` wake the bodies.
 */
export interface DistanceJoint extends WorldJointOf<DistanceConstraint> {}

/** The distance joint's class: `world.createJoint(DistanceJoint, options)`, `joint instanceof DistanceJoint`. */
export const DistanceJoint: WorldJointClass<DistanceJoint, DistanceJointOptions> = /* @__PURE__ */ worldJoint(
  DistanceConstraint,
  {
    kind: 0 as typeof JointKind.Distance,
    keys: 'JointPair anchorA anchorB length minLength maxLength Spring enableMotor motorSpeed maxMotorForce',
    resolve: resolveDistanceJointOptions,
    check: checkLengths,
    fields:
      'AnchoredJoint lengthValue minLengthValue maxLengthValue spring:Spring impulse lowerImpulse ' +
      'upperImpulse currentLength ux uy k mass bias lowerBias upperBias softness:Softness softRows? ' +
      'anchored? anchorSeen? | motorSpeedValue maxMotorForceValue enableMotorValue? motorImpulse maxMotorImpulse',
  },
  (r) => [r.bodyA, r.bodyB, r.anchorA, r.anchorB, r.options],
);

/**
 * A soft spring pulling a point of a body towards a target with a bounded force (pointer dragging),
 * made by `world.createJoint(MouseJoint, …)`; `setTarget` moves it and wakes the body.
 */
export interface MouseJoint extends MouseConstraint, WorldJointFields {
  /** The dragged body. */
  body: Body;
}

/** The mouse joint's class: `world.createJoint(MouseJoint, options)`, `joint instanceof MouseJoint`. */
export const MouseJoint: WorldJointClass<MouseJoint, MouseJointOptions> = /* @__PURE__ */ worldJoint(
  MouseConstraint,
  {
    kind: 2 as typeof JointKind.Mouse,
    keys: 'body target anchor maxForce frequencyHz dampingRatio userData breakForce',
    resolve: resolveMouseJointOptions,
    oneBody: true,
    fields:
      'targetXValue targetYValue localAnchorXValue localAnchorYValue maxForceValue frequencyHzValue ' +
      'dampingRatioValue impulseX impulseY rx ry k11 k12 k22 m11 m12 m22 biasX biasY maxImpulse ' +
      'softness:Softness invDt',
  },
  (r) => [r.bodyA, r.anchorA, r.options as MouseConstraintOptions],
);

/**
 * A slider (Box2D's prismatic joint), made by `world.createJoint(PrismaticJoint, …)`: body B moves
 * along an axis fixed in body A without turning, with optional limits, motor and spring.
 */
export interface PrismaticJoint extends WorldJointOf<PrismaticConstraint> {}

/** The prismatic joint's class: `world.createJoint(PrismaticJoint, options)`, `joint instanceof PrismaticJoint`. */
export const PrismaticJoint: WorldJointClass<PrismaticJoint, PrismaticJointOptions> =
  /* @__PURE__ */ worldJoint(
    PrismaticConstraint,
    {
      kind: 3 as typeof JointKind.Prismatic,
      keys:
        'JointPair anchor axis Spring enableLimit motorSpeed enableMotor lowerTranslation upperTranslation ' +
        'maxMotorForce referenceAngle',
      resolve: resolvePrismaticJointOptions,
      unitAxis: true,
      fields: 'AxialJoint referenceAngleValue maxMotorForceValue angleImpulse k11 k12 k22 angleBias',
    },
    (r) => [r.bodyA, r.bodyB, r.anchorA, r.options.axis, r.options],
  );

/**
 * Two bodies glued at a point (Box2D's weld joint), made by `world.createJoint(WeldJoint, …)`: rigid
 * (one 3x3 block), or soft in translation and rotation independently (`setSprings` wakes the bodies).
 */
export interface WeldJoint extends WorldJointOf<WeldConstraint> {}

/** The weld joint's class: `world.createJoint(WeldJoint, options)`, `joint instanceof WeldJoint`. */
export const WeldJoint: WorldJointClass<WeldJoint, WeldJointOptions> = /* @__PURE__ */ worldJoint(
  WeldConstraint,
  {
    kind: 4 as typeof JointKind.Weld,
    keys: 'JointPair anchor WeldSprings referenceAngle',
    resolve: resolveWeldJointOptions,
    fields:
      'AnchoredJoint referenceAngleValue linearSpring:Spring angularSpring:Spring impulseX impulseY ' +
      'angularImpulse k11 k12 k13 k22 k23 k33 biasX biasY angularBias linearSoftness:Softness ' +
      'angularSoftness:Softness linearGamma chainRole chainData:31 chainable?',
  },
  (r) => [r.bodyA, r.bodyB, r.anchorA, r.options],
);

/**
 * A wheel on a suspension (Box2D's wheel joint), made by `world.createJoint(WheelJoint, …)`: body B
 * slides on a spring along an axis fixed in body A and turns freely, with an optional motor.
 */
export interface WheelJoint extends WorldJointOf<WheelConstraint> {}

/** The wheel joint's class: `world.createJoint(WheelJoint, options)`, `joint instanceof WheelJoint`. */
export const WheelJoint: WorldJointClass<WheelJoint, WheelJointOptions> = /* @__PURE__ */ worldJoint(
  WheelConstraint,
  {
    kind: 5 as typeof JointKind.Wheel,
    keys:
      'JointPair anchor axis Spring enableLimit motorSpeed enableMotor lowerTranslation upperTranslation ' +
      'maxMotorTorque',
    resolve: resolveWheelJointOptions,
    unitAxis: true,
    fields: 'AxialJoint maxMotorTorqueValue perpMass motorMass sprungMass',
  },
  (r) => [r.bodyA, r.bodyB, r.anchorA, r.options.axis, r.options],
);

/** Drives body B to a pose relative to body A with bounded force and torque (Box2D's motor joint). */
export interface MotorJoint extends WorldJointOf<MotorConstraint> {}

/** The motor joint's class: `world.createJoint(MotorJoint, options)`, `joint instanceof MotorJoint`. */
export const MotorJoint: WorldJointClass<MotorJoint, MotorJointOptions> = /* @__PURE__ */ worldJoint(
  MotorConstraint,
  {
    kind: 6 as typeof JointKind.Motor,
    keys: 'JointPair linearOffset angularOffset maxForce maxTorque correctionFactor',
    resolve: resolveMotorJointOptions,
    fields:
      'invDt linearOffsetXValue linearOffsetYValue angularOffsetValue maxForceValue maxTorqueValue ' +
      'correctionFactorValue impulseX impulseY angularImpulse rAx rAy m11 m12 m22 angularMass biasX biasY ' +
      'angularBias maxImpulse maxAngularImpulse',
  },
  (r) => [r.bodyA, r.bodyB, r.options],
);

/**
 * Keeps two bodies from colliding and does nothing else (Box2D's filter joint), made by
 * `world.createJoint(FilterJoint, …)`; it has no rows, so it never breaks.
 */
export interface FilterJoint extends WorldJointOf<FilterConstraint> {}

/** The filter joint's class: `world.createJoint(FilterJoint, options)`, `joint instanceof FilterJoint`. */
export const FilterJoint: WorldJointClass<FilterJoint, FilterJointOptions> = /* @__PURE__ */ worldJoint(
  FilterConstraint,
  {
    kind: 7 as typeof JointKind.Filter,
    keys: 'bodyA bodyB userData',
    resolve: resolveFilterJointOptions,
    fields: 'invDt',
  },
  (r) => [r.bodyA, r.bodyB],
);

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

/** Sets `breakForce` or `breakTorque`: a number > 0 (+Infinity: never breaks), else a WorldError. */
function setBreak(joint: Joint, name: 'breakForce' | 'breakTorque', value: number): void {
  // A joint still being made (no world yet, or a snapshot's scratch joint) has no world.
  if (joint.world === null && joint.id >= 0) liveWorld(joint);
  joint[`${name}Value`] = checkBreak(value, `joint.${name}`);
}

/** The first body of a joint (the dragged body of a mouse joint). @internal */
export function jointBodyA(joint: Joint): Body {
  return joint.kind === JointKind.Mouse ? joint.body : joint.bodyA;
}

/** The second body of a joint (the dragged body again for a mouse joint). @internal */
export function jointBodyB(joint: Joint): Body {
  return joint.kind === JointKind.Mouse ? joint.body : joint.bodyB;
}

/** Checks a distance joint's `0 <= minLength <= length <= maxLength` (the constraint's `setLengths`). */
function checkLengths(joint: Joint): void {
  const j = joint as DistanceJoint;
  const prefix = `joint #${j.id}.`;
  asWorldError(
    () => DistanceConstraint.prototype.setLengths.call(j, j.length, j.minLength, j.maxLength),
    prefix,
  );
  for (const name of ['length', 'minLength', 'maxLength'] as const)
    checkJointBound(name, j[name], prefix + name);
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
