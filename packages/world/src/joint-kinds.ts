import { fieldChecksOf, JointKind } from '@lite/constraints';
import {
  asWorldError,
  checkBreak,
  liveWorld,
  SPRING_KEYS,
  springOptions,
  WELD_SPRING_KEYS,
} from './joint-checks';
import { installJointPasses } from './joint-passes';
import { type Joint, jointBodyA, type WorldJointKind } from './joints';
import { checkJointBound, checkReach } from './limits';
import { checkVec2 } from './validate';

// The world's registry of joint kinds: a kind joins (and its class is wrapped) when its first joint
// is made or a snapshot is read, so a program bundles only the kinds it makes.

/** The kinds registered so far, indexed by their `JointKind` value (holes for the others). @internal */
export const WORLD_JOINT_KINDS: WorldJointKind[] = [];

/**
 * Registers `kind` once: wraps the read-outs, `set...` methods and checked accessors its class
 * inherits from the constraint package (see {@link wrapInherited}) and adds it to
 * {@link WORLD_JOINT_KINDS}. @internal
 */
export function registerJointKind(kind: WorldJointKind): void {
  if (WORLD_JOINT_KINDS[kind.kind] === kind) return;
  installJointPasses();
  wrapInherited(kind.cls.prototype);
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
// The wrapping of the constraint package's read-outs and setters, installed once on each world class.

/** The read-outs (`jointAngle`, `getReactionForce`, `isSoft`, ...): refused once the joint is destroyed. */
const READ_OUT = /^(get|joint|is)[A-Z]/;

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
 * Wraps, on `prototype`, what it inherits from the constraint class: each read-out ({@link READ_OUT})
 * to throw a WorldError once the joint is destroyed; each `set...` method (`setLimits`,
 * `setSpring`, ...) to refuse a destroyed joint, check its arguments ({@link METHOD_CHECKS}), wake
 * the bodies and return the joint; each checked field accessor (`motorSpeed`, `lowerAngle`, ...) to
 * refuse a destroyed joint and wake the bodies when its value changes. A ConstraintError becomes a
 * WorldError naming `joint.<argument>`.
 */
function wrapInherited(prototype: object): void {
  const methods = prototype as Record<string, unknown>;
  for (const [name, d] of inherited(prototype)) {
    const method = d.value as (...args: unknown[]) => unknown;
    if (typeof method === 'function' && READ_OUT.test(name)) {
      methods[name] = function (this: Joint, ...args: unknown[]): unknown {
        liveWorld(this);
        return method.apply(this, args);
      };
    } else if (typeof method === 'function' && /^set[A-Z]/.test(name)) {
      const checks = METHOD_CHECKS[name];
      methods[name] = function (this: Joint, ...args: unknown[]): Joint {
        liveWorld(this);
        asWorldError(() => {
          checks?.(this, args);
          method.apply(this, args);
        });
        this.wakeBodies();
        return this;
      };
    } else if (d.get !== undefined && d.set !== undefined) guardSetter(prototype, name, d.get, d.set);
  }
}

/** Wraps the checked field accessor `name` (see {@link wrapInherited}). */
function guardSetter(
  prototype: object,
  name: string,
  get: () => unknown,
  set: (value: unknown) => void,
): void {
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
      if (!Object.is(before, get.call(this))) this.wakeBodies();
    },
  });
}
