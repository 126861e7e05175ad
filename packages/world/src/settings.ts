import { SolverSettings } from '@lite/constraints';
import { WorldError } from './errors';
import { checkInteger, checkNonNegative, checkPositive } from './validate';

/** The two solvers a world can step with; see {@link WorldSettings.solver}. */
export type SolverKind = 'soft' | 'classic';

/**
 * The world's live settings, read at every step. It extends the constraint solver's
 * {@link SolverSettings} (`warmStarting`, `positionCorrection`, `accumulateImpulses`, `blockSolver`, `jointChains`,
 * `baumgarte`, `linearSlop`, `restitutionThreshold`), so the same object is handed to the solvers,
 * and adds the world's own: the iteration and sub-step counts and sleeping.
 *
 * Every toggle is live: flip `world.settings.blockSolver` between two steps and the next step uses
 * the new value, as Box2D-Lite's demo keys do. Numeric settings are checked when set and throw a
 * `WorldError` on bad values.
 */
export class WorldSettings extends SolverSettings {
  /**
   * Whether resting islands fall asleep (default true). Turning it off wakes every sleeping body at
   * the next step. Each body can also opt out with `allowSleep`.
   */
  sleeping = true;

  private solverKind: SolverKind = 'classic';
  private iterationCount = 10;
  private substepCount = 1;
  private positionIterationCount = 3;
  private sleepTime = 0.5;
  private linearTolerance = 0.05;
  private angularTolerance = 0.05;

  /** @param iterations - velocity iterations per step (default 10) */
  constructor(iterations = 10) {
    super();
    this.iterations = iterations;
  }

  /**
   * Which solver steps the world: `'soft'` (Box2D v3's soft step: one collision per step, then
   * `substeps` sub-steps of soft contacts and a relax pass each) or `'classic'` (Box2D-Lite's
   * sequential impulses with Baumgarte's bias, the block solver and the other live toggles, bit for
   * bit as before the soft step existed). Switchable between steps.
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
   * Velocity iterations per step (per sub-step when `substeps` > 1): how many times every contact
   * and joint is solved (default 10).
   */
  get iterations(): number {
    return this.iterationCount;
  }
  set iterations(value: number) {
    this.iterationCount = checkInteger(value, 'settings.iterations', 0);
  }

  /**
   * Sub-steps per step (default 1: Box2D-Lite's single step). With n > 1, `world.step(dt)` runs the
   * whole pipeline (collision, `iterations` solver iterations, integration, relax, joint position
   * passes) n times with dt / n, as Box2D v3 and Rapier do: a smaller time step makes the integrator
   * and Gauss-Seidel more accurate (tall stacks stand, bounces keep their height, stiff springs keep
   * their frequency) and costs about n times as much. Forces, sleep timers, events and `stepCount`
   * still count whole steps. Must be an integer >= 1.
   */
  get substeps(): number {
    return this.substepCount;
  }
  set substeps(value: number) {
    this.substepCount = checkInteger(value, 'settings.substeps', 1);
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
    this.positionIterationCount = checkInteger(value, 'settings.jointPositionIterations', 0);
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
