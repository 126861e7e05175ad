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
 * impulses) and its live settings, installed by `new World({ solver: new ClassicSolver() })` (unused,
 * it is not bundled). Constructing one lets `world.solver = 'classic'` make one in any world. A bad
 * setting throws a WorldError naming `classicSolver.<field>`; an unknown key is refused.
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
  /** `world.solver` while it steps the world. @internal */
  readonly kind = 'classic';
  /** The world's counts it refuses: it takes its own `iterations` and `substeps`. @internal */
  readonly ownOptions: readonly string[] = ['iterations', 'substeps'];
  /** Its sleeping islands keep their poses as they are. @internal */
  readonly settlesSleepers = false;
  /** Its contacts have points only once their shapes touch. @internal */
  readonly speculative = false;
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
   * Velocity iterations per sub-step (default 10, Box2D-Lite's).
   * @throws WorldError unless set to an integer in [0, {@link MAX_ITERATIONS}]
   */
  get iterations(): number {
    return this.iterationCount;
  }
  set iterations(value: number) {
    this.iterationCount = checkInteger(value, 'classicSolver.iterations', 0, MAX_ITERATIONS);
  }

  /**
   * Sub-steps per step (default 1): n > 1 runs the whole pipeline n times with dt / n, more accurate
   * at about n times the cost.
   * @throws WorldError unless set to an integer in [1, {@link MAX_SUBSTEPS}]
   */
  get substeps(): number {
    return this.substepCount;
  }
  set substeps(value: number) {
    this.substepCount = checkInteger(value, 'classicSolver.substeps', 1, MAX_SUBSTEPS);
  }

  /**
   * Whether revolute and distance joints' rigid rows use the soft step's joint spring (`jointHertz`,
   * `jointDampingRatio`) and an unbiased relax pass instead of Baumgarte's bias (default false).
   * Biased pins of a joint grid feed each other speed and stretch it apart; the spring does not.
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
