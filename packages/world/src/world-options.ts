// The options of `new World`, their checks, and the smallest time step.
import type { JsKernels } from '@lite/constraints';
import type { Vec2Like } from '@lite/math';
import type { ClassicSolver } from './classic-solver';
import { WorldError } from './errors';
import { WorldSettings } from './settings';
import { type InstalledSolver, pickSolver, solverNamed } from './solvers';
import type { ContinuousCollision } from './stage-continuous';
import type { StepState } from './step-state';
import { checkBoolean, checkKeys, checkOptions, checkVec2 } from './validate';
import { requireKernels, useJsKernels } from './wasm-kernels';

/**
 * The shortest step `world.step` takes, s (1e-6): the solvers divide position errors by dt, and
 * far below this the rounding of those quotients flings bodies.
 */
export const MIN_DT = 1e-6;

/** The options `new World` takes (any other key is refused, with the closest suggested). @internal */
const WORLD_KEYS = 'gravity iterations substeps sleeping solver profile jsKernels continuous'.split(' ');

const OWN_OPTION =
  "is the soft step's: this solver takes its own (new ClassicSolver({ iterations, substeps }))";

/** What `new World(options)` takes; every field is optional. */
export interface WorldOptions {
  /** Gravity, m/s² (default (0, -10)). */
  gravity?: Vec2Like;
  /**
   * The soft step's velocity iterations per sub-step (default 1); see {@link WorldSettings.iterations}.
   * Refused with the classic solver, which takes its own: `new ClassicSolver({ iterations })`.
   */
  iterations?: number;
  /**
   * The soft step's sub-steps per step (default 4); see {@link WorldSettings.substeps}. Refused with
   * the classic solver, which takes its own: `new ClassicSolver({ substeps })`.
   */
  substeps?: number;
  /** Whether resting islands fall asleep (default true). */
  sleeping?: boolean;
  /**
   * The solver (default `'soft'`): `new ClassicSolver(settings?)` installs Box2D-Lite's; `'classic'`
   * makes a default one once a ClassicSolver was made in this realm. See `World.solver`.
   */
  solver?: 'soft' | 'classic' | ClassicSolver;
  /** Whether steps time their stages into `world.profile` (default false); see {@link WorldSettings.profile}. */
  profile?: boolean;
  /**
   * The TypeScript form of the soft step's kernels (`jsKernels`), for where WebAssembly is missing or
   * turned off (`setWasmKernels`); opt-in (not bundled otherwise), realm-wide. Without it, a world
   * made where WebAssembly cannot run is refused.
   */
  jsKernels?: JsKernels;
  /**
   * Continuous collision, `new ContinuousCollision()` (none by default: a fast body may pass through
   * a thin wall). Needed by `bullet` bodies.
   */
  continuous?: ContinuousCollision;
}

/** `new World(options)` checked: gravity, the settings, and the parts to install. @internal */
export interface ResolvedWorldOptions {
  gravity: Vec2Like;
  settings: WorldSettings;
  solver: InstalledSolver;
  continuous: ContinuousCollision | null;
}

/** Checks `options` (each refusal a WorldError naming `options.<key>`) and makes the settings. @internal */
export function resolveWorldOptions(options: WorldOptions): ResolvedWorldOptions {
  const o = checkOptions(options, 'options');
  checkKeys(o, WORLD_KEYS, 'options');
  const gravity = o.gravity === undefined ? { x: 0, y: -10 } : checkVec2(o.gravity, 'options.gravity');
  const settings = new WorldSettings();
  // A solver object is installed; a name picks the built-in soft step or makes a registered solver.
  const solver = solverNamed(o.solver ?? 'soft', 'options.solver');
  for (const key of solver.ownOptions) {
    const value = (o as Record<string, unknown>)[key];
    if (value !== undefined) throw new WorldError(`options.${key}`, value, OWN_OPTION);
  }
  if (o.iterations !== undefined) settings.iterations = o.iterations;
  if (o.substeps !== undefined) settings.substeps = o.substeps;
  if (o.sleeping !== undefined) settings.sleeping = checkBoolean(o.sleeping, 'options.sleeping');
  if (o.profile !== undefined) settings.profile = checkBoolean(o.profile, 'options.profile');
  let continuous: ContinuousCollision | null = null;
  if (o.continuous !== undefined) {
    if (typeof (o.continuous as { install?: unknown } | null)?.install !== 'function') {
      throw new WorldError(
        'options.continuous',
        o.continuous,
        'must be a ContinuousCollision (new ContinuousCollision())',
      );
    }
    continuous = o.continuous;
    settings.continuousValue = true;
  }
  if (o.jsKernels !== undefined) useJsKernels(o.jsKernels, 'options.jsKernels');
  requireKernels();
  return { gravity, settings, solver, continuous };
}

/** Installs the solver and continuous collision `o` names in the world of `s`. @internal */
export function installParts(s: StepState, o: ResolvedWorldOptions): void {
  pickSolver(s, o.solver, 'options.solver');
  if (o.continuous !== null) {
    o.continuous.install(s);
    s.continuous = o.continuous;
  }
}
