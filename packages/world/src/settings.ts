import { DEFAULT_MAX_LINEAR_SPEED, SolverSettings } from '@lite/constraints';
import { LENGTH_UNITS } from '@lite/math';
import { WorldError } from './errors';
import { checkBoolean, checkInteger, checkNonNegative, checkPositive, unknownKey } from './validate';

/**
 * The most velocity iterations, push passes or joint position passes a step may ask for (1000;
 * more would hang the step without making it better).
 */
export const MAX_ITERATIONS = 1000;
/** The most sub-steps a step may ask for (1000). */
export const MAX_SUBSTEPS = 1000;

/** The two solvers a world can step with; see `World.solver`. */
export type SolverKind = 'soft' | 'classic';

/** Where {@link WorldSettings.stepNumbers} keeps `speculativeDistance`. @internal */
export const STEP_SPECULATIVE_DISTANCE = 0;

/**
 * The live settings of the world and of its soft step (`world.settings`), read at every step: the
 * constraint solver's {@link SolverSettings}, which the soft step hands to its contacts and joints
 * (`relax` and `splitImpulses` are the classic solver's passes: the soft step always relaxes and
 * never splits), the soft step's counts, contact spring and push passes, and the world's own for
 * both solvers: the speed cap, the joint position passes, sleeping, the profile. The classic solver
 * keeps its settings on its own object (`ClassicSolver`), so each setting means one thing.
 *
 * Every setting is live (read at the next step) and checked when set: a bad value throws a
 * `WorldError` naming `settings.<field>` and leaves the old value, and a key that is not a setting
 * (a typo such as `sleepign`) throws one naming it and the closest setting.
 */
export class WorldSettings extends SolverSettings {
  private sleepingValue = true;
  private profileValue = false;
  /**
   * Whether continuous collision is installed (`options.continuous`): set by the world, kept by
   * snapshots (a restored world installs a registered `ContinuousCollision` at its next step). @internal
   */
  continuousValue = false;
  /** The solver that steps the world (`world.solver`), kept here for snapshots. @internal */
  solverKind: SolverKind = 'soft';
  private iterationCount = 1;
  private substepCount = 4;
  private hertz = 30;
  private zeta = 10;
  // Lengths and speeds default to their values in metres times the length unit.
  private pushVelocity = 5 * LENGTH_UNITS[0];
  private pushPasses = 10;
  private maxLinearSpeed = DEFAULT_MAX_LINEAR_SPEED * LENGTH_UNITS[0];
  /**
   * Numbers the step reads once a step, which it reads from this array directly (index
   * {@link STEP_SPECULATIVE_DISTANCE}): a getter V8 does not inline returns its number boxed, an
   * allocation every step. @internal
   */
  readonly stepNumbers = new Float64Array([0.02 * LENGTH_UNITS[0]]);
  private positionIterationCount = 3;
  private sleepTime = 0.5;
  private linearTolerance = 0.05 * LENGTH_UNITS[0];
  private angularTolerance = 0.05;

  /** The solver constants' and toggles' refusals are WorldErrors naming `settings.<field>`. */
  protected override refuse(argument: string, value: unknown, reason: string): never {
    throw new WorldError(`settings.${argument}`, value, reason);
  }

  /**
   * Whether resting islands fall asleep (default true). Turning it off wakes every sleeping body at
   * the next step. Each body can also opt out with `allowSleep`.
   * @throws WorldError when set to a non-boolean (the string `'false'` is refused, not read as true)
   */
  get sleeping(): boolean {
    return this.sleepingValue;
  }
  set sleeping(value: boolean) {
    this.sleepingValue = checkBoolean(value, 'settings.sleeping');
  }

  /**
   * Whether each step times its stages into `world.profile` (default false). Off, the step reads no
   * clock. On, it reads `performance.now()` once per stage (about 20 times a step with the classic
   * solver, 40 with the soft step's 4 sub-steps), which on Node 20 boxes each reading: a profiled
   * step allocates a few hundred bytes.
   * @throws WorldError when set to a non-boolean
   */
  get profile(): boolean {
    return this.profileValue;
  }
  set profile(value: boolean) {
    this.profileValue = checkBoolean(value, 'settings.profile');
  }

  /** The solver that steps the world: see `World.solver`. @internal */
  get solver(): SolverKind {
    return this.solverKind;
  }

  /**
   * Soft step: solves with the soft bias per sub-step, each sub-step also relaxing once (default 1,
   * Box2D v3's). The classic solver has its own: `ClassicSolver.iterations`.
   * @throws WorldError unless set to an integer in [0, {@link MAX_ITERATIONS}]
   */
  get iterations(): number {
    return this.iterationCount;
  }
  set iterations(value: number) {
    this.iterationCount = checkInteger(value, 'settings.iterations', 0, MAX_ITERATIONS);
  }

  /**
   * Soft step: sub-steps per step (default 4, Box2D v3's). Collision runs once per step and each
   * sub-step integrates, warm starts, solves and relaxes the contacts and joints with dt / n.
   * Forces, sleep timers, events and `stepCount` count whole steps. The classic solver has its own:
   * `ClassicSolver.substeps`.
   * @throws WorldError unless set to an integer in [1, {@link MAX_SUBSTEPS}]
   */
  get substeps(): number {
    return this.substepCount;
  }
  set substeps(value: number) {
    this.substepCount = checkInteger(value, 'settings.substeps', 1, MAX_SUBSTEPS);
  }

  /**
   * Soft step: the contacts' spring frequency, Hz (default 30, as Box2D v3). A contact is a
   * spring-damper of this frequency relative to its own effective mass (so light and heavy bodies
   * sink alike), capped at a quarter of the sub-step rate; against a static body twice this.
   */
  get contactHertz(): number {
    return this.hertz;
  }
  set contactHertz(value: number) {
    this.hertz = checkPositive(value, 'settings.contactHertz');
  }

  /** Soft step: the contacts' damping ratio (default 10: heavily overdamped, as Box2D v3). */
  get contactDampingRatio(): number {
    return this.zeta;
  }
  set contactDampingRatio(value: number) {
    this.zeta = checkNonNegative(value, 'settings.contactDampingRatio');
  }

  /**
   * Soft step: the fastest a deep overlap (more than 2 cm) is pushed apart, m/s (default 5). The
   * push moves the bodies in the position update and is not kept as velocity, so bodies created
   * inside each other separate at this speed at most and are not launched. Shallower overlap is
   * taken by the soft contact rows, at the contact frequency.
   */
  get maxPushVelocity(): number {
    return this.pushVelocity;
  }
  set maxPushVelocity(value: number) {
    this.pushVelocity = checkPositive(value, 'settings.maxPushVelocity');
  }

  /**
   * The fastest any body moves, m/s (default 400, Box2D v3's `maximumLinearSpeed`), in both
   * solvers: where velocities are integrated (gravity and forces added, and again before the
   * positions move by them), a velocity v with |v| above this is scaled down to this length,
   * keeping its direction; kinematic bodies too. A safeguard, not a limit ordinary motion meets
   * (400 m/s is 6.7 m a step at 60 Hz): a body launched by a failure of the solve, or given a
   * huge velocity or force, moves no faster, so it cannot carry its error through the world or
   * into infinities. Raise it for faster projectiles; angular speed is not capped.
   * @throws WorldError when set to anything but a finite number > 0
   */
  get maximumLinearSpeed(): number {
    return this.maxLinearSpeed;
  }
  set maximumLinearSpeed(value: number) {
    this.maxLinearSpeed = checkPositive(value, 'settings.maximumLinearSpeed');
  }

  /**
   * Soft step: push passes per sub-step (default 10; 0 leaves deep overlaps to the soft rows, as
   * Box2D v3 does). Each pass removes `baumgarte` (0.2) of the deep overlap's excess per sub-step.
   * Contacts of bodies a joint holds take part in the first 3 only (the pass moves bodies without
   * their joints). The passes visit only the contacts the sub-step's solve found deep, so a scene
   * without deep overlaps pays nothing for them.
   */
  get pushIterations(): number {
    return this.pushPasses;
  }
  set pushIterations(value: number) {
    this.pushPasses = checkInteger(value, 'settings.pushIterations', 0, MAX_ITERATIONS);
  }

  /**
   * Soft step: how far apart two shapes may be and still get contact points, m (default 0.02).
   * Those points only stop the shapes from closing the gap faster than within a sub-step, so a box
   * cannot fall into a face for a step before its contact exists.
   */
  get speculativeDistance(): number {
    return this.stepNumbers[STEP_SPECULATIVE_DISTANCE];
  }
  set speculativeDistance(value: number) {
    this.stepNumbers[STEP_SPECULATIVE_DISTANCE] = checkNonNegative(value, 'settings.speculativeDistance');
  }

  /**
   * Joint position passes per sub-step, in both solvers (default 3; 0 turns them off).
   * After positions are integrated, rigid joint rows and violated limits move the bodies directly
   * (Box2D's nonlinear Gauss-Seidel), so a rigid pendulum's pivot does not drift; the passes stop
   * early once the error is below `linearSlop`. Off as well when `positionCorrection` is off (the
   * running solver's `linearSlop` and `positionCorrection`).
   */
  get jointPositionIterations(): number {
    return this.positionIterationCount;
  }
  set jointPositionIterations(value: number) {
    this.positionIterationCount = checkInteger(value, 'settings.jointPositionIterations', 0, MAX_ITERATIONS);
  }

  /** Seconds an island must stay below both sleep tolerances before it sleeps (default 0.5). */
  get timeToSleep(): number {
    return this.sleepTime;
  }
  set timeToSleep(value: number) {
    this.sleepTime = checkNonNegative(value, 'settings.timeToSleep');
  }

  /** A body moving faster than this (m/s) keeps its island awake (default 0.05). */
  get linearSleepTolerance(): number {
    return this.linearTolerance;
  }
  set linearSleepTolerance(value: number) {
    this.linearTolerance = checkPositive(value, 'settings.linearSleepTolerance');
  }

  /** A body turning faster than this (rad/s) keeps its island awake (default 0.05). */
  get angularSleepTolerance(): number {
    return this.angularTolerance;
  }
  set angularSleepTolerance(value: number) {
    this.angularTolerance = checkPositive(value, 'settings.angularSleepTolerance');
  }
}

/** The settings (accessors with a setter) of an object, in name order. @internal */
export function namesOfSettings(settings: object): readonly string[] {
  const names = new Set<string>();
  for (let p = Object.getPrototypeOf(settings); p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(p))) {
      if (d.set !== undefined) names.add(name);
    }
  }
  return [...names].sort();
}

/**
 * The view of `settings` handed out to users (`world.settings`, a `ClassicSolver`, named `what`):
 * reads pass through, and so do assignments to a setting (whose setter checks the value);
 * assigning anything else (a misspelt name, a new key, the fields behind the settings) or defining
 * or deleting a property throws a WorldError naming `<what>.<key>` and the closest setting. The
 * step reads the settings object itself, not this view. @internal
 */
export function guardedSettings<T extends object>(settings: T, what = 'settings'): T {
  const names = namesOfSettings(settings);
  const refuse = (key: string | symbol, value: unknown): never => {
    throw unknownKey(what, String(key), value, names, 'a setting', 'settings');
  };
  return new Proxy(settings, {
    get(target, key) {
      return Reflect.get(target, key);
    },
    set(target, key, value) {
      if (typeof key !== 'string' || !names.includes(key)) refuse(key, value);
      return Reflect.set(target, key, value);
    },
    defineProperty(_target, key, descriptor) {
      return refuse(key, descriptor.value);
    },
    deleteProperty(_target, key) {
      return refuse(key, undefined);
    },
  });
}
