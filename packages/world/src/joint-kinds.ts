import { fieldChecksOf, JOINT_TYPES, JointKind } from '@lite/constraints';
import { WorldError } from './errors';
import {
  asWorldError,
  liveWorld,
  refuseField,
  SPRING_KEYS,
  springOptions,
  WELD_SPRING_KEYS,
} from './joint-checks';
import { installJointPasses } from './joint-passes';
import { type Joint, jointBodyA, jointBodyB, type WorldJointKind } from './joints';
import { checkJointBound, checkReach } from './limits';
import { checkVec2 } from './validate';

/*
 * The world's registry of joint kinds: a kind joins it when its first joint is made (or a snapshot
 * that may hold any kind is read), and its class's read-outs, setters and setter methods are
 * wrapped then. The World class never names a kind, so a program bundles only the kinds it makes.
 */

/** The kinds registered so far, indexed by their `JointKind` value (holes for the others). @internal */
export const WORLD_JOINT_KINDS: WorldJointKind[] = [];

/**
 * Registers `kind` (once): wraps its class's prototype (see below) and adds it to
 * {@link WORLD_JOINT_KINDS}. The solver's entry is registered by the constraint's constructor.
 * @internal
 */
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
 * Every plain field of a joint (`motorSpeed`, `lowerAngle`, `length`, anchors, break thresholds,
 * ...) as its setter would have it: throws a WorldError naming `joint #<id>.<field>` and the value.
 * The setters check each value as it is set, so the step does not; a snapshot's joints, whose
 * fields are restored without their setters, are checked with this (each accessor's own check, from
 * the constraint's table, then its bound) before the restore changes anything. @internal
 */
export function checkJointInput(joint: Joint): void {
  const j = joint as unknown as Record<string, number>;
  for (const name of ['breakForce', 'breakTorque']) {
    const value = j[name];
    if (!(typeof value === 'number' && value > 0))
      refuseField(joint, name, value, 'must be a number > 0 (+Infinity: never breaks)');
  }
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
 * The checks of a setter method's arguments beyond the constraint's: the names of its arguments
 * (each checked against the bound of that name, see `checkJointBound`), the keys its options object
 * may have, or a function of the joint and the arguments. Other setter methods have none.
 */
type MethodChecks =
  | readonly string[]
  | { readonly keys: readonly string[] }
  | ((joint: Joint, args: unknown[]) => void);
const METHOD_CHECKS: Readonly<Record<string, MethodChecks>> = {
  setSpring: { keys: SPRING_KEYS },
  setSprings: { keys: WELD_SPRING_KEYS },
  setLengths: ['length', 'minLength', 'maxLength'],
  setLinearOffset: ['linearOffsetX', 'linearOffsetY'],
  setAngularOffset: ['angularOffset'],
  setTarget: (joint, [x, y]) => {
    const body = jointBodyA(joint);
    checkVec2({ x, y }, 'target');
    checkReach({ x: x as number, y: y as number }, body.position.x, body.position.y, 'target');
  },
};

/**
 * The setter methods of a kind (`setLimits`, `setSpring`, ...: each `set...` method of its
 * constraint class): each throws a WorldError once the joint was destroyed, checks its arguments
 * (see {@link METHOD_CHECKS}), runs the constraint's method (its ConstraintError becomes a
 * WorldError naming `joint.<argument>`; nothing changed then), wakes the bodies and returns the joint.
 */
function wakingMethods(prototype: object): void {
  const record = prototype as Record<string, (...args: unknown[]) => unknown>;
  for (
    let base = Object.getPrototypeOf(prototype);
    base !== Object.prototype;
    base = Object.getPrototypeOf(base)
  ) {
    for (const name of Object.getOwnPropertyNames(base)) {
      if (!/^set[A-Z]/.test(name) || Object.hasOwn(prototype, name)) continue;
      const method = record[name];
      const checks = METHOD_CHECKS[name] ?? [];
      record[name] = function (this: Joint, ...args: unknown[]): Joint {
        const world = liveWorld(this);
        asWorldError(() => {
          if (typeof checks === 'function') checks(this, args);
          else if (!Array.isArray(checks))
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
          const world = liveWorld(this);
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
          if (!Object.is(before, get.call(this))) {
            world.wakeBody(jointBodyA(this));
            world.wakeBody(jointBodyB(this));
          }
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
