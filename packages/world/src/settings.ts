import { DEFAULT_MAX_LINEAR_SPEED, SolverSettings } from '@lite/constraints';
import { WorldError } from './errors';
import { checkSolverKind } from './solvers';
import { checkBoolean, checkInteger, checkNonNegative, checkPositive, unknownKey } from './validate';

/**
 * The most velocity iterations, push passes or joint position passes a step may ask for (1000;
 * more would hang the step without making it better).
 */
export const MAX_ITERATIONS = 1000;
/** The most sub-steps a step may ask for (1000). */
export const MAX_SUBSTEPS = 1000;

/** The two solvers a world can step with; see {@link WorldSettings.solver}. */
export type SolverKind = 'soft' | 'classic';

/** Where {@link WorldSettings.stepNumbers} keeps `speculativeDistance`. @internal */
export const STEP_SPECULATIVE_DISTANCE = 0;

/**
 * The world's live settings, read at every step. It extends the constraint solver's
 * {@link SolverSettings} (`warmStarting`, `positionCorrection`, `accumulateImpulses`, `blockSolver`, `jointChains`,
 * `baumgarte`, `linearSlop`, `restitutionThreshold`), so the same object is handed to the solvers,
 * and adds the world's own: the iteration and sub-step counts, the speed cap and sleeping.
 *
 * Every toggle is live: flip `world.settings.blockSolver` between two steps and the next step uses
 * the new value, as Box2D-Lite's demo keys do. Every setting is checked when set and throws a
 * `WorldError` naming `settings.<field>` on a bad value (a toggle that is not a boolean, a number
 * out of its range, an iteration count above {@link MAX_ITERATIONS} or a sub-step count above
 * {@link MAX_SUBSTEPS}), leaving the old value. A world's `settings` take no other key: assigning
 * one that is not a setting (a typo such as `sleepign`) throws a `WorldError` naming it and the
 * closest setting, as a misspelt option does.
 */
export class WorldSettings extends SolverSettings {
  private sleepingValue = true;
  private profileValue = false;
  /**
   * Whether continuous collision is installed (`options.continuous`): set by the world, kept by
   * snapshots (a restored world installs a registered `ContinuousCollision` at its next step). @internal
   */
  continuousValue = false;
  private classicJointSpringsValue = false;
  private solverKind: SolverKind = 'soft';
  private iterationCount = 10;
  private substepCount = 1;
  private softIterationCount = 1;
  private softSubstepCount = 4;
  private hertz = 30;
  private zeta = 10;
  private pushVelocity = 5;
  private pushPasses = 10;
  private maxLinearSpeed = DEFAULT_MAX_LINEAR_SPEED;
  /**
   * Numbers the step reads once a step, which it reads from this array directly (index
   * {@link STEP_SPECULATIVE_DISTANCE}): a getter V8 does not inline returns its number boxed, an
   * allocation every step. @internal
   */
  readonly stepNumbers = new Float64Array([0.02]);
  private positionIterationCount = 3;
  private sleepTime = 0.5;
  private linearTolerance = 0.05;
  private angularTolerance = 0.05;

  /** @param iterations - the classic solver's velocity iterations per step (default 10) */
  constructor(iterations = 10) {
    super();
    this.iterationCount = checkInteger(iterations, 'iterations', 0, MAX_ITERATIONS);
  }

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

  /**
   * Classic step: whether the rigid rows of revolute and distance joints take the soft step's joint
   * spring (`jointHertz`, capped at a quarter of the step rate, and `jointDampingRatio`) and are
   * solved again rigidly, without bias, in the relax pass (with `relax` and `accumulateImpulses`
   * on), instead of Baumgarte's bias (default false: Box2D-Lite's rows, bit for bit). Biased and warm
   * started, the rigid pins of a web (a grid, where each body is held four ways) feed their
   * corrections to each other as speed: a 20 × 20 joint grid's widest gap reaches 877 m in 500
   * steps; with this on, 0.31 m (a 100 × 100 grid still stretches to 23 m: the spring is capped at
   * 15 Hz at one 60 Hz step). The soft step always uses the spring.
   * @throws WorldError when set to a non-boolean
   */
  get classicJointSprings(): boolean {
    return this.classicJointSpringsValue;
  }
  set classicJointSprings(value: boolean) {
    this.classicJointSpringsValue = checkBoolean(value, 'settings.classicJointSprings');
  }

  /**
   * Which solver steps the world: `'soft'`, the default (Box2D v3's soft step: one collision per
   * step, then `substeps` sub-steps of soft contacts and a relax pass each) or `'classic'` (Box2D-Lite's
   * sequential impulses with Baumgarte's bias, the block solver and the other live toggles, bit for
   * bit as before the soft step existed), an installed part: `new World({ solver: new
   * ClassicSolver() })`; once a `ClassicSolver` was made, `'classic'` picks it by name in any world.
   * Switchable between steps.
   * @throws WorldError for anything else, or `'classic'` before any `ClassicSolver` was made
   */
  get solver(): SolverKind {
    return this.solverKind;
  }
  set solver(value: SolverKind) {
    if (value !== 'soft' && value !== 'classic') {
      throw new WorldError('settings.solver', value, "must be 'soft' or 'classic'");
    }
    this.solverKind = value;
  }

  /**
   * Velocity iterations: how many times every contact and joint is solved. Classic solver: per step
   * (per sub-step when `substeps` > 1), default 10. Soft step: solves with the soft bias per sub-step,
   * each sub-step also relaxing once, default 1 (Box2D v3's). Each solver keeps its own value:
   * setting it changes the value of the solver in use.
   */
  get iterations(): number {
    return this.solverKind === 'soft' ? this.softIterationCount : this.iterationCount;
  }
  set iterations(value: number) {
    const count = checkInteger(value, 'settings.iterations', 0, MAX_ITERATIONS);
    if (this.solverKind === 'soft') this.softIterationCount = count;
    else this.iterationCount = count;
  }

  /**
   * Sub-steps per step. Classic solver: default 1 (Box2D-Lite's single step); with n > 1,
   * `world.step(dt)` runs the whole pipeline (collision, `iterations` solver iterations,
   * integration, relax, joint position passes) n times with dt / n: a smaller time step makes the
   * integrator and Gauss-Seidel more accurate (tall stacks stand, bounces keep their height, stiff
   * springs keep their frequency) at about n times the cost. Soft step: default 4 (Box2D v3's);
   * collision runs once per step and each sub-step integrates, warm starts, solves and relaxes the
   * contacts and joints with dt / n. Forces, sleep timers, events and `stepCount` count whole steps
   * in both. Must be an integer >= 1. Each solver keeps its own value.
   */
  get substeps(): number {
    return this.solverKind === 'soft' ? this.softSubstepCount : this.substepCount;
  }
  set substeps(value: number) {
    const count = checkInteger(value, 'settings.substeps', 1, MAX_SUBSTEPS);
    if (this.solverKind === 'soft') this.softSubstepCount = count;
    else this.substepCount = count;
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
   * Joint position passes per step (per sub-step when `substeps` > 1; default 3; 0 turns them off).
   * After positions are integrated, rigid joint rows and violated limits move the bodies directly
   * (Box2D's nonlinear Gauss-Seidel), so a rigid pendulum's pivot does not drift; the passes stop
   * early once the error is below `linearSlop`. Off as well when `positionCorrection` is off.
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

/** The settings (accessors with a setter) of a WorldSettings, in name order; found once. */
let settingNames: readonly string[] | null = null;

function namesOfSettings(settings: WorldSettings): readonly string[] {
  if (settingNames === null) {
    const names = new Set<string>();
    for (let p = Object.getPrototypeOf(settings); p !== Object.prototype; p = Object.getPrototypeOf(p)) {
      for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(p))) {
        if (d.set !== undefined) names.add(name);
      }
    }
    settingNames = [...names].sort();
  }
  return settingNames;
}

/**
 * The view of `settings` a world hands out as `world.settings`: reads pass through, and so do
 * assignments to a setting (whose setter checks the value); assigning anything else (a misspelt
 * name, a new key, the fields behind the settings) or defining or deleting a property throws a
 * WorldError naming `settings.<key>` and the closest setting. The step reads the settings object
 * itself, not this view. @internal
 */
export function guardedSettings(settings: WorldSettings): WorldSettings {
  const names = namesOfSettings(settings);
  const refuse = (key: string | symbol, value: unknown): never => {
    throw unknownKey('settings', String(key), value, names, 'a setting', 'settings');
  };
  return new Proxy(settings, {
    get(target, key) {
      return Reflect.get(target, key);
    },
    set(target, key, value) {
      if (typeof key !== 'string' || !names.includes(key)) refuse(key, value);
      if (key === 'solver') checkSolverKind(value, 'settings.solver');
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
