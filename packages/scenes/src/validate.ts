import { SceneError } from './errors';
import type { SceneParameter } from './types';

/**
 * Checks that `value` is an integer in [min, max].
 * @throws SceneError naming `name` and the value otherwise
 */
export function requireInteger(name: string, value: number, min: number, max: number): number {
  if (!(Number.isInteger(value) && value >= min && value <= max)) {
    throw new SceneError(name, value, `must be an integer in [${min}, ${max}]`);
  }
  return value;
}

/**
 * Checks that `value` is a finite number in [min, max].
 * @throws SceneError naming `name` and the value otherwise
 */
export function requireRange(name: string, value: number, min: number, max: number): number {
  if (!(Number.isFinite(value) && value >= min && value <= max)) {
    throw new SceneError(name, value, `must be a finite number in [${min}, ${max}]`);
  }
  return value;
}

/**
 * Resolves a `params` record against a parameter list: absent names take their defaults; unknown
 * names, non-finite values and values out of range throw.
 * @throws SceneError naming the parameter and the value
 */
export function resolveParameters(
  parameters: readonly SceneParameter[],
  params: Record<string, number> | undefined,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of parameters) out[p.name] = p.default;
  if (params === undefined) return out;
  for (const name of Object.keys(params).sort()) {
    const p = parameters.find((q) => q.name === name);
    if (p === undefined) {
      const known = parameters.map((q) => q.name).join(', ') || 'none';
      throw new SceneError(name, params[name], `is not a parameter of this scene (known: ${known})`);
    }
    out[name] = requireRange(name, params[name], p.min, p.max);
  }
  return out;
}
