// The installed parts: the solver that steps the world, and continuous collision.
import { WorldError } from './errors';
import type { SolverKind, WorldSettings } from './settings';
import type { ContinuousCollision } from './stage-continuous';
import { stepSoft } from './stage-soft';
import type { StepState } from './step-state';

/**
 * A solver: stages 1 to 9 of `world.step`, and what the rest of the step and the world's options
 * need to know of it (so nothing outside the solvers asks which one runs). @internal
 */
export interface InstalledSolver {
  /** Its name, `world.solver` (kept by snapshots in `settings.solverKind`). */
  readonly kind: SolverKind;
  /** The world options it refuses because it takes its own (on the solver object). */
  readonly ownOptions: readonly string[];
  /** Whether islands fall asleep in the canonical state a snapshot need not store (`settleSleepers`). */
  readonly settlesSleepers: boolean;
  /** Whether contacts get points up to `settings.speculativeDistance` apart (else only touching ones). */
  readonly speculative: boolean;
  /** Stages 1 to 9 of a step of `dt` seconds (its scratch may name only `s`'s lists, which `releaseStepReferences` empties). */
  step(s: StepState, dt: number): void;
}

/** The built-in soft step (Box2D v3's), the default: its settings are `world.settings`. */
const softSolver: InstalledSolver = {
  kind: 'soft',
  ownOptions: [],
  settlesSleepers: true,
  speculative: true,
  step: stepSoft,
};

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

/** Whether a `ClassicSolver` was made in this realm, so that one can be made by name. @internal */
export function canMakeClassicSolver(): boolean {
  return classicFactory !== null;
}

/**
 * The solver `value` names: a solver object itself (a ClassicSolver's `target`, behind the view its
 * users hold), the soft step, or a new classic solver. @internal
 */
export function solverNamed(value: unknown, argument: string): InstalledSolver {
  if (typeof value === 'object' && value !== null && typeof (value as InstalledSolver).step === 'function') {
    return (value as { target?: InstalledSolver }).target ?? (value as InstalledSolver);
  }
  if (value === 'soft') return softSolver;
  if (value !== 'classic')
    throw new WorldError(argument, value, "must be 'soft', 'classic' or a ClassicSolver");
  checkSolverKind(value, argument);
  return (classicFactory as () => InstalledSolver)();
}

/** Makes `value` (`'soft'`, `'classic'`: the world's own, or a ClassicSolver) step the world of `s`. @internal */
export function pickSolver(s: StepState, value: unknown, argument: string): void {
  const solver = value === 'classic' ? classicSolverOf(s, argument) : solverNamed(value, argument);
  if (solver !== softSolver) s.classic = solver;
  s.settings.solverKind = solver.kind;
}

/** The world's classic solver, made on first use when the kind was picked by name. @internal */
export function classicSolverOf(s: StepState, argument = 'world.solver'): InstalledSolver {
  if (s.classic === null) s.classic = solverNamed('classic', argument);
  return s.classic;
}

/** The solver that steps the world of `s` (`settings.solverKind`; a restored classic made here). @internal */
export function solverOf(s: StepState): InstalledSolver {
  return s.settings.solverKind === 'soft' ? softSolver : classicSolverOf(s);
}

/**
 * The margin the narrowphase collides with at rest (zero velocities) under `settings`' solver: the
 * speculative distance for a solver with speculative points (the soft step), else none. A
 * snapshot's settings may name a solver the world has not made, so this reads the kind. @internal
 */
export function restingMargin(settings: WorldSettings): number {
  return settings.solverKind === softSolver.kind && softSolver.speculative ? settings.speculativeDistance : 0;
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
