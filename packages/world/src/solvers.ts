// The installed parts: a solver other than the built-in soft step, and continuous collision.
import { WorldError } from './errors';
import type { WorldSettings } from './settings';
import type { ContinuousCollision } from './stage-continuous';
import type { StepState } from './step-state';

/** A solver run instead of the soft step (`ClassicSolver`): stages 1 to 9 of `world.step`. @internal */
export interface InstalledSolver {
  /** Stages 1 to 9 of a step of `dt` seconds (its scratch may name only `s`'s lists, which `releaseStepReferences` empties). */
  step(s: StepState, dt: number): void;
}

/** Makes a classic solver: registered by the first `ClassicSolver` made in this realm. */
let classicFactory: (() => InstalledSolver) | null = null;

/** Registers the classic solver by name (`ClassicSolver`'s constructor calls it). @internal */
export function registerClassicSolver(factory: () => InstalledSolver): void {
  classicFactory = factory;
}

/** Throws unless `kind` can run: `'soft'`, or `'classic'` once a `ClassicSolver` was made. @internal */
export function checkSolverKind(kind: unknown, argument: string): void {
  if (kind === 'classic' && classicFactory === null) {
    throw new WorldError(
      argument,
      kind,
      "needs the classic solver installed: import { ClassicSolver } from '@lite/world' and new World({ solver: new ClassicSolver() })",
    );
  }
}

/** The solver object itself behind the view its users hold (a ClassicSolver's `target`): what the step calls. */
function unwrap(solver: InstalledSolver): InstalledSolver {
  return (solver as { target?: InstalledSolver }).target ?? solver;
}

/** Whether a `ClassicSolver` was made in this realm, so that one can be made by name. @internal */
export function canMakeClassicSolver(): boolean {
  return classicFactory !== null;
}

/** Whether `value` is a solver object (a `ClassicSolver`) rather than a name. @internal */
export function isInstalledSolver(value: unknown): value is InstalledSolver {
  return typeof value === 'object' && value !== null && typeof (value as InstalledSolver).step === 'function';
}

/** Makes `value` (`'soft'`, `'classic'` or a ClassicSolver) step the world of `s`: `world.solver`. @internal */
export function pickSolver(s: StepState, value: unknown, argument: string): void {
  if (isInstalledSolver(value)) s.classic = unwrap(value);
  else if (value !== 'soft' && value !== 'classic') {
    throw new WorldError(argument, value, "must be 'soft', 'classic' or a ClassicSolver");
  } else if (value === 'classic') classicSolverOf(s, argument);
  s.settings.solverKind = value === 'soft' ? 'soft' : 'classic';
}

/** The world's classic solver, made on first use when the kind was picked by name. @internal */
export function classicSolverOf(s: StepState, argument = 'world.solver'): InstalledSolver {
  if (s.classic === null) {
    checkSolverKind('classic', argument);
    s.classic = unwrap((classicFactory as () => InstalledSolver)());
  }
  return s.classic;
}

/**
 * The margin the narrowphase collides with at rest (zero velocities) under `settings`' solver: the
 * soft step's speculative distance; the classic step collides without one. @internal
 */
export function restingMargin(settings: WorldSettings): number {
  return settings.solverKind === 'soft' ? settings.speculativeDistance : 0;
}

/** Makes continuous collision: registered by the first `ContinuousCollision` made in this realm. */
let continuousFactory: (() => ContinuousCollision) | null = null;

/** Registers continuous collision (`ContinuousCollision`'s constructor calls it). @internal */
export function registerContinuous(factory: () => ContinuousCollision): void {
  continuousFactory = factory;
}

/**
 * The world's continuous collision, or null when it has none (`settings.continuousValue`); made on
 * first use for a world whose restored snapshot had it. @internal
 */
export function continuousOf(s: StepState): ContinuousCollision | null {
  if (!s.settings.continuousValue) return null;
  if (s.continuous === null) {
    if (continuousFactory === null) {
      throw new WorldError(
        'snapshot',
        'continuous collision',
        'was installed in the saved world: make one (new World({ continuous: new ContinuousCollision() })) before restoring',
      );
    }
    const continuous = continuousFactory();
    continuous.install(s);
    s.continuous = continuous;
  }
  return s.continuous;
}

/** Throws unless the world of `s` has continuous collision: a bullet (`argument`) needs it. @internal */
export function requireContinuous(s: StepState, argument: string): void {
  if (!s.settings.continuousValue) {
    throw new WorldError(
      argument,
      true,
      'needs continuous collision: new World({ continuous: new ContinuousCollision() })',
    );
  }
}
