// The options of `new World` and the smallest time step.
import type { Vec2Like } from '@lite/math';
import type { SolverKind } from './settings';

/**
 * The shortest step `world.step` takes, s (1e-6). Shorter steps are refused: the solvers turn
 * position errors into velocities over dt (Baumgarte's bias, joint position passes), and below
 * about 1e-8 s the rounding of those quotients flings bodies (a pendulum's bob stepped by 1e-20 s
 * left at 1.3e11 m/s). At 1e-6 s a pendulum's speed changes by under 1% from one step to the next.
 */
export const MIN_DT = 1e-6;

/** The options `new World` takes (any other key is refused, with the closest suggested). @internal */
export const WORLD_KEYS: readonly string[] = [
  'gravity',
  'iterations',
  'substeps',
  'sleeping',
  'solver',
  'profile',
];

/** What `new World(options)` takes; every field is optional. */
export interface WorldOptions {
  /** Gravity, m/s² (default (0, -10)). */
  gravity?: Vec2Like;
  /** Velocity iterations of the chosen solver (soft step: 1 per sub-step; classic: 10 per step); see {@link WorldSettings.iterations}. */
  iterations?: number;
  /** Sub-steps per step of the chosen solver (soft step: 4; classic: 1); see {@link WorldSettings.substeps}. */
  substeps?: number;
  /** Whether resting islands fall asleep (default true). */
  sleeping?: boolean;
  /** The solver (default `'soft'`); see {@link WorldSettings.solver}. */
  solver?: SolverKind;
  /** Whether steps time their stages into `world.profile` (default false); see {@link WorldSettings.profile}. */
  profile?: boolean;
}
