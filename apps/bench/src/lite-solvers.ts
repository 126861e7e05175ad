/**
 * lite runs twice in the benchmark, once per solver: `lite` with the solver a new World picks by
 * default (the one the ratios in the tables refer to) and `lite-soft` or `lite-classic` with the
 * other. Read in the parent process only: the children load no engine but their own.
 */
import { type SolverKind, World } from '@lite/world';
import { ENGINE_IDS, ENGINE_INFO, type EngineId } from './engines/index';

/** The solver `new World()` steps with. */
export const DEFAULT_SOLVER: SolverKind = new World().solver;

/** Both solvers, the default first. */
export const SOLVERS: readonly SolverKind[] =
  DEFAULT_SOLVER === 'soft' ? ['soft', 'classic'] : ['classic', 'soft'];

/** The engine id that runs lite with `solver`: `lite` for the default, `lite-<solver>` otherwise. */
export function liteEngine(solver: SolverKind): EngineId {
  return solver === DEFAULT_SOLVER ? 'lite' : `lite-${solver}`;
}

/**
 * Every engine of a full run: `lite`, lite with the other solver, then the other engines (Box2D v3
 * in the build users get, with SIMD; its scalar build, and lite without its WebAssembly kernels,
 * only on request).
 */
export const BENCH_ENGINES: EngineId[] = ENGINE_IDS.filter(
  (e) => e !== `lite-${DEFAULT_SOLVER}` && e !== 'box2d3-scalar' && e !== 'lite-ts',
);

/** What the tables and the chart call an engine: lite's entries are named by their solver. */
export function engineLabel(engine: EngineId): string {
  return engine === 'lite' ? `lite (${DEFAULT_SOLVER})` : ENGINE_INFO[engine].label;
}
