import type { SceneEntry } from '@lite/scenes';
import type { SolverKind } from '@lite/world';

/** What the page's address says: which scene, its parameters, the solver, whether to start paused. */
export interface UrlState {
  /** The `scene` query parameter, when present. */
  sceneId: string | undefined;
  /** `solver=soft` or `solver=classic`, when present (anything else is ignored). */
  solver: SolverKind | undefined;
  /** Every other numeric query parameter (scene parameters are picked from these). */
  numbers: Record<string, number>;
  /** `paused=1` (or `paused` alone) starts the scene paused. */
  paused: boolean;
}

/**
 * Reads a query string such as `?scene=pyramid&base=20&solver=soft`. Non-numeric values of other
 * parameters are ignored.
 */
export function parseUrlState(search: string): UrlState {
  const query = new URLSearchParams(search);
  const numbers: Record<string, number> = {};
  for (const [key, raw] of query) {
    if (key === 'scene' || key === 'paused' || key === 'solver' || raw.trim() === '') continue;
    const value = Number(raw);
    if (Number.isFinite(value)) numbers[key] = value;
  }
  const paused = query.get('paused');
  const solver = query.get('solver');
  return {
    sceneId: query.get('scene') ?? undefined,
    solver: solver === 'soft' || solver === 'classic' ? solver : undefined,
    numbers,
    paused: paused !== null && paused !== '0' && paused !== 'false',
  };
}

/**
 * The scene's parameters from `numbers`: unknown names are dropped, missing ones take their
 * defaults, values are clamped to [min, max] and snapped to the parameter's step.
 */
export function resolveParameters(
  entry: SceneEntry,
  numbers: Record<string, number>,
): Record<string, number> {
  const params: Record<string, number> = {};
  for (const parameter of entry.parameters) {
    const raw = numbers[parameter.name];
    let value = Number.isFinite(raw) ? raw : parameter.default;
    if (parameter.step > 0) {
      value = parameter.min + Math.round((value - parameter.min) / parameter.step) * parameter.step;
      // Undo floating-point noise from the snap (0.1 steps and the like).
      value = Number(value.toFixed(10));
    }
    params[parameter.name] = Math.min(parameter.max, Math.max(parameter.min, value));
  }
  return params;
}

/**
 * The query string that reopens `entry` with `params` and `solver` (`?scene=stack&height=30&solver=soft`);
 * parameters at their default, and the solver when it is `defaultSolver` (the world's default), are
 * left out so links stay short.
 */
export function formatUrlState(
  entry: SceneEntry,
  params: Record<string, number>,
  solver?: SolverKind,
  defaultSolver?: SolverKind,
): string {
  const query = new URLSearchParams();
  query.set('scene', entry.id);
  for (const parameter of entry.parameters) {
    const value = params[parameter.name];
    if (value !== undefined && value !== parameter.default) query.set(parameter.name, String(value));
  }
  if (solver !== undefined && solver !== defaultSolver) query.set('solver', solver);
  return `?${query.toString()}`;
}
