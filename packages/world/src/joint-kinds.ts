import { fieldChecksOf, JOINT_TYPES, JointKind } from '@lite/constraints';
import {
  asWorldError,
  checkBreak,
  liveWorld,
  SPRING_KEYS,
  springOptions,
  WELD_SPRING_KEYS,
} from './joint-checks';
import { installJointPasses } from './joint-passes';
import { type Joint, jointBodyA, jointBodyB, type WorldJointKind } from './joints';
import { checkJointBound, checkReach } from './limits';
import { checkVec2 } from './validate';

// The world's registry of joint kinds: a kind joins (and its class is wrapped) when its first joint
// is made or a snapshot is read, so a program bundles only the kinds it makes.

/** The kinds registered so far, indexed by their `JointKind` value (holes for the others). @internal */
export const WORLD_JOINT_KINDS: WorldJointKind[] = [];

/** Registers `kind` once: wraps its class's prototype and adds it to {@link WORLD_JOINT_KINDS}. @internal */
export function registerJointKind(kind: WorldJointKind): void {
  if (WORLD_JOINT_KINDS[kind.kind] === kind) return;
  installJointPasses();
  const prototype = kind.cls.prototype;
  Object.defineProperty(prototype, 'wakeBodies', { value: wakeBodies, writable: true, configurable: true });
  Object.defineProperty(prototype, 'toString', { value: jointName, writable: true, configurable: true });
  guardDestroyed(prototype, READ_OUTS);
  wakingMethods(prototype);
  breakAccessors(prototype);
  guardSetters(prototype);
  WORLD_JOINT_KINDS[kind.kind] = kind;
}

/**
 * Checks every plain field of a joint as its setter would, throwing a WorldError naming
 * `joint #<id>.<field>`: for a snapshot's joints, restored without their setters. @internal
 */
export function checkJointInput(joint: Joint): void {
  const j = joint as unknown as Record<string, number>;
  checkBreak(joint.breakForce, `joint #${joint.id}.breakForce`);
  checkBreak(joint.breakTorque, `joint #${joint.id}.breakTorque`);
  for (let p = Object.getPrototypeOf(joint); p !== null; p = Object.getPrototypeOf(p)) {
    const checks = fieldChecksOf(p) ?? {};
    for (const name of Object.keys(checks)) {
      const value = j[`${name}Value`];
      asWorldError(() => checks[name](value as never, name, j), `joint #${joint.id}.`);
      checkJointBound(name, value, `joint #${joint.id}.${name}`);
    }
  }
  WORLD_JOINT_KINDS[joint.kind].check?.(joint);
}

// -------------------------------------------------------------------------------------------------
// The wrapping of the constraint package's setters, installed once on each world class.

/** Wraps the read-outs (angle, speed, reaction, ...) to throw a WorldError once the joint is destroyed. */
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
  'getMotorTorque',
];

/** Checks of a setter method's arguments beyond the constraint's own (other `set...` methods have none). */
const METHOD_CHECKS: Readonly<Record<string, (joint: Joint, args: unknown[]) => void>> = {
  setSpring: (_, args) => {
    args[0] = springOptions(args[0] as object, SPRING_KEYS);
  },
  setSprings: (_, args) => {
    args[0] = springOptions(args[0] as object, WELD_SPRING_KEYS);
  },
  setLengths: bounds('length', 'minLength', 'maxLength'),
  setLinearOffset: bounds('linearOffsetX', 'linearOffsetY'),
  setAngularOffset: bounds('angularOffset'),
  setTarget: (joint, [x, y]) => {
    const body = jointBodyA(joint);
    checkVec2({ x, y }, 'target');
    checkReach({ x: x as number, y: y as number }, body.position.x, body.position.y, 'target');
  },
};

/** Each argument within the bound of its name (see `checkJointBound`). */
function bounds(...names: string[]): (joint: Joint, args: unknown[]) => void {
  return (_, args) => {
    for (let i = 0; i < names.length; i++) checkJointBound(names[i], args[i], `joint.${names[i]}`);
  };
}

/** The accessors and methods of `prototype`'s bases that `prototype` does not define itself. */
function inherited(prototype: object): [string, PropertyDescriptor][] {
  const found: [string, PropertyDescriptor][] = [];
  for (
    let base = Object.getPrototypeOf(prototype);
    base !== Object.prototype;
    base = Object.getPrototypeOf(base)
  ) {
    for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(base))) {
      if (!Object.hasOwn(prototype, name) && !found.some(([seen]) => seen === name)) found.push([name, d]);
    }
  }
  return found;
}

/**
 * Wraps each `set...` method (`setLimits`, `setSpring`, ...) to refuse a destroyed joint, check its
 * arguments ({@link METHOD_CHECKS}), rethrow a ConstraintError as a WorldError naming
 * `joint.<argument>`, wake the bodies and return the joint.
 */
function wakingMethods(prototype: object): void {
  for (const [name, d] of inherited(prototype)) {
    if (!/^set[A-Z]/.test(name) || typeof d.value !== 'function') continue;
    const method = d.value as (...args: unknown[]) => unknown;
    const checks = METHOD_CHECKS[name];
    (prototype as Record<string, unknown>)[name] = function (this: Joint, ...args: unknown[]): Joint {
      liveWorld(this);
      asWorldError(() => {
        checks?.(this, args);
        method.apply(this, args);
      });
      wakeBodies.call(this);
      return this;
    };
  }
}

/**
 * Wraps the constraint's checked field accessors (`motorSpeed`, `lowerAngle`, ...) to throw a
 * WorldError naming `joint.<field>` instead of its ConstraintError, or once the joint is destroyed.
 */
function guardSetters(prototype: object): void {
  for (const [name, d] of inherited(prototype)) {
    if (d.get === undefined || d.set === undefined) continue;
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
        const before = get.call(this);
        asWorldError(() => set.call(this, value));
        // A change of motion (a motor's speed, a limit, a length, a target) wakes the bodies.
        if (!Object.is(before, get.call(this))) wakeBodies.call(this);
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
        this[slot] = checkBreak(value, `joint.${name}`);
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
