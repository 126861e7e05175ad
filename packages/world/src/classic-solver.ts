import { ContactSolver, SolverSettings, type SolverSettingsOptions } from '@lite/constraints';
import { WorldError } from './errors';
import { guardedSettings, MAX_ITERATIONS, MAX_SUBSTEPS, namesOfSettings } from './settings';
import { registerClassicSolver } from './solvers';
import { stepClassic } from './stage-classic';
import type { StepState } from './step-state';
import { checkBoolean, checkInteger, checkKeys, checkOptions } from './validate';

/** What `new ClassicSolver(options)` takes: any of its settings (any other key is refused). */
export type ClassicSolverOptions = SolverSettingsOptions &
  Partial<Pick<ClassicSolver, 'iterations' | 'substeps' | 'jointSprings'>>;

/**
 * Box2D-Lite's classic solver (sequential impulses with Baumgarte's bias, the block solver, split
 * impulses) and its settings. Installed, not built in (`new World({ solver: new ClassicSolver()
 * })`): a program that never names it does not bundle it. Constructing one registers the kind, so
 * that `world.solver = 'classic'` (and a snapshot of a classic world) can make one in any world.
 *
 * Its settings are live fields: the constraint solver's ({@link SolverSettings}), `iterations`,
 * `substeps` and `jointSprings`, each checked when set (a WorldError naming
 * `classicSolver.<field>`, the old value kept; an unknown key is refused). Of `world.settings`,
 * only the world's own (the speed cap, the joint position passes, sleeping) apply to it.
 *
 * ```ts
 * const classic = new ClassicSolver({ iterations: 20 });
 * const world = new World({ solver: classic });
 * classic.warmStarting = false; // the next step starts from zero impulses
 * world.solver = 'soft'; // and back with world.solver = classic (or 'classic')
 * ```
 */
export class ClassicSolver extends SolverSettings {
  /** The contacts' rows packed in typed arrays (the velocities are the world's body states). @internal */
  readonly contactSolver = new ContactSolver();
  /** This solver itself, which the world steps (read through the view, it unwraps it). @internal */
  readonly target: ClassicSolver;
  /** The view users hold, which refuses keys that are not settings. @internal */
  readonly view: ClassicSolver;
  private iterationCount = 10;
  private substepCount = 1;
  private jointSpringsValue = false;

  /**
   * @param options - settings to override (defaults: Box2D-Lite's, 10 iterations, 1 sub-step)
   * @throws WorldError naming `options.<key>` for an unknown key, `classicSolver.<field>` a bad value
   */
  constructor(options: ClassicSolverOptions = {}) {
    const o = checkOptions(options, 'options');
    checkKeys(o, namesOfSettings(Object.create(ClassicSolver.prototype)), 'options');
    super(o);
    if (o.iterations !== undefined) this.iterations = o.iterations;
    if (o.substeps !== undefined) this.substeps = o.substeps;
    if (o.jointSprings !== undefined) this.jointSprings = o.jointSprings;
    this.target = this;
    this.view = guardedSettings(this, 'classicSolver');
    registerClassicSolver(makeClassicSolver);
    // biome-ignore lint/correctness/noConstructorReturn: users hold the view that refuses unknown keys
    return this.view;
  }

  /** The refusals are WorldErrors naming `classicSolver.<field>`. */
  protected override refuse(argument: string, value: unknown, reason: string): never {
    throw new WorldError(`classicSolver.${argument}`, value, reason);
  }

  /**
   * Velocity iterations per sub-step: how many times every contact and joint is solved (default
   * 10, Box2D-Lite's).
   * @throws WorldError unless set to an integer in [0, {@link MAX_ITERATIONS}]
   */
  get iterations(): number {
    return this.iterationCount;
  }
  set iterations(value: number) {
    this.iterationCount = checkInteger(value, 'classicSolver.iterations', 0, MAX_ITERATIONS);
  }

  /**
   * Sub-steps per step (default 1, Box2D-Lite's single step). With n > 1, `world.step(dt)` runs the
   * whole pipeline n times with dt / n: more accurate (tall stacks stand, bounces keep their
   * height) at about n times the cost. Forces, sleep timers, events and `stepCount` count whole
   * steps.
   * @throws WorldError unless set to an integer in [1, {@link MAX_SUBSTEPS}]
   */
  get substeps(): number {
    return this.substepCount;
  }
  set substeps(value: number) {
    this.substepCount = checkInteger(value, 'classicSolver.substeps', 1, MAX_SUBSTEPS);
  }

  /**
   * Whether the rigid rows of revolute and distance joints take the soft step's joint spring
   * (`jointHertz`, capped at a quarter of the step rate, and `jointDampingRatio`) and are solved
   * again rigidly, without bias, in the relax pass (with `relax` and `accumulateImpulses` on),
   * instead of Baumgarte's bias (default false: Box2D-Lite's rows). Biased pins of a web (a joint
   * grid) feed their corrections to each other as speed and stretch it apart; the spring keeps it
   * together. The soft step always uses the spring.
   * @throws WorldError when set to a non-boolean
   */
  get jointSprings(): boolean {
    return this.jointSpringsValue;
  }
  set jointSprings(value: boolean) {
    this.jointSpringsValue = checkBoolean(value, 'classicSolver.jointSprings');
  }

  /** Stages 1 to 9 of a world's step, by Box2D-Lite's order. @internal */
  step(s: StepState, dt: number): void {
    stepClassic(s, dt, this.contactSolver, this);
  }
}

/** A classic solver for a world that picks the kind by name. */
function makeClassicSolver(): ClassicSolver {
  return new ClassicSolver();
}
