import { DEFAULT_MAX_LINEAR_SPEED, SolverSettings } from '@lite/constraints';
import { LENGTH_UNITS } from '@lite/math';
import { WorldError } from './errors';
import { checkBoolean, checkInteger, checkNonNegative, checkPositive, unknownKey } from './validate';

/** The most velocity iterations, push passes or joint position passes a step may ask for (1000). */
export const MAX_ITERATIONS = 1000;
/** The most sub-steps a step may ask for (1000). */
export const MAX_SUBSTEPS = 1000;

/** The two solvers a world can step with; see `World.solver`. */
export type SolverKind = 'soft' | 'classic';

/** Where {@link WorldSettings.stepNumbers} keeps `speculativeDistance`. @internal */
export const STEP_SPECULATIVE_DISTANCE = 0;

/**
 * The live settings of the world and its soft step (`world.settings`), read at every step: the
 * {@link SolverSettings} (`relax` and `splitImpulses` are the classic solver's only), the soft step's
 * own, and the world's (speed cap, joint position passes, sleeping, profile). The classic solver
 * keeps its settings on `ClassicSolver`. A bad value throws a `WorldError` naming `settings.<field>`
 * (the old value stays); an unknown key throws one naming the closest setting.
 */
export class WorldSettings extends SolverSettings {
  private sleepingValue = true;
  private profileValue = false;
  /** Whether continuous collision is installed (`options.continuous`), kept by snapshots. @internal */
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
  /** Numbers the step reads here, not through getters (docs/performance.md, "Boxed numbers"). @internal */
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
   * Whether resting islands fall asleep (default true; off wakes every body at the next step).
   * @throws WorldError when set to a non-boolean
   */
  get sleeping(): boolean {
    return this.sleepingValue;
  }
  set sleeping(value: boolean) {
    this.sleepingValue = checkBoolean(value, 'settings.sleeping');
  }

  /**
   * Whether each step times its stages into `world.profile` (default false; on, a step allocates a
   * few hundred bytes: docs/performance.md, "Boxed numbers").
   * @throws WorldError when set to a non-boolean
   */
  get profile(): boolean {
    return this.profileValue;
  }
  set profile(value: boolean) {
    this.profileValue = checkBoolean(value, 'settings.profile');
  }

  /**
   * Soft step: solves with the soft bias per sub-step (default 1, Box2D v3's).
   * @throws WorldError unless set to an integer in [0, {@link MAX_ITERATIONS}]
   */
  get iterations(): number {
    return this.iterationCount;
  }
  set iterations(value: number) {
    this.iterationCount = checkInteger(value, 'settings.iterations', 0, MAX_ITERATIONS);
  }

  /**
   * Soft step: sub-steps per step (default 4, Box2D v3's); collision runs once per step, each
   * sub-step integrates, warm starts, solves and relaxes with dt / n.
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
   * Soft step: the fastest a deep overlap (more than 2 cm) is pushed apart, m/s (default 5); the push
   * moves positions and is not kept as velocity, so overlapping bodies are not launched.
   */
  get maxPushVelocity(): number {
    return this.pushVelocity;
  }
  set maxPushVelocity(value: number) {
    this.pushVelocity = checkPositive(value, 'settings.maxPushVelocity');
  }

  /**
   * The fastest any body moves, m/s (default 400, Box2D v3's `maximumLinearSpeed`), in both solvers:
   * a faster velocity is scaled down where velocities are integrated. A safeguard against a blown-up
   * solve, not a limit ordinary motion meets; angular speed is not capped.
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
   * Box2D v3 does), each removing `baumgarte` of a deep overlap's excess; jointed bodies' contacts
   * take part in the first 3 only (the pass ignores joints).
   */
  get pushIterations(): number {
    return this.pushPasses;
  }
  set pushIterations(value: number) {
    this.pushPasses = checkInteger(value, 'settings.pushIterations', 0, MAX_ITERATIONS);
  }

  /**
   * Soft step: how far apart two shapes may be and still get contact points, m (default 0.02), so
   * a shape cannot fall into a face for a step before its contact exists.
   */
  get speculativeDistance(): number {
    return this.stepNumbers[STEP_SPECULATIVE_DISTANCE];
  }
  set speculativeDistance(value: number) {
    this.stepNumbers[STEP_SPECULATIVE_DISTANCE] = checkNonNegative(value, 'settings.speculativeDistance');
  }

  /**
   * Joint position passes per sub-step, in both solvers (default 3; 0, or `positionCorrection` off,
   * turns them off): rigid rows and violated limits move the bodies directly (Box2D's nonlinear
   * Gauss-Seidel) until the error is below `linearSlop`.
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
 * The users' view of `settings` (named `what`): reads and assignments to a setting pass through;
 * any other assignment, define or delete throws a WorldError naming `<what>.<key>` and the closest
 * setting. @internal
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
