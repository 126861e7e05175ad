import type { Vec2Like } from '@lite/math';
import { WorldError } from './errors';

/*
 * Argument checks shared by the world, bodies, joints and settings. Each throws a WorldError naming
 * the argument and the value, and never mutates anything, so callers validate everything first and
 * only then change state.
 */

/** `value` must be a finite number. */
export function checkFinite(value: unknown, argument: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new WorldError(argument, value, 'must be a finite number');
  }
  return value;
}

/** `value` must be a finite number > 0. */
export function checkPositive(value: unknown, argument: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new WorldError(argument, value, 'must be a finite number > 0');
  }
  return value;
}

/** `value` must be a finite number >= 0. */
export function checkNonNegative(value: unknown, argument: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new WorldError(argument, value, 'must be a finite number >= 0');
  }
  return value;
}

/** `value` must be an integer >= `min`. */
export function checkInteger(
  value: unknown,
  argument: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new WorldError(
      argument,
      value,
      max === Number.MAX_SAFE_INTEGER
        ? `must be an integer >= ${min}`
        : `must be an integer in [${min}, ${max}]`,
    );
  }
  return value;
}

/** `value` must be a boolean. */
export function checkBoolean(value: unknown, argument: string): boolean {
  if (typeof value !== 'boolean') throw new WorldError(argument, value, 'must be a boolean');
  return value;
}

/** `value` must be an object with finite `x` and `y`. */
export function checkVec2(value: unknown, argument: string): Vec2Like {
  if (typeof value !== 'object' || value === null) {
    throw new WorldError(argument, value, 'must be an object { x, y } of finite numbers');
  }
  const v = value as Vec2Like;
  checkFinite(v.x, `${argument}.x`);
  checkFinite(v.y, `${argument}.y`);
  return v;
}

/** `value` must be a plain options object (or undefined, which reads as `{}`). */
export function checkOptions<T extends object>(value: T | undefined, argument: string): T {
  if (value === undefined) return {} as T;
  if (typeof value !== 'object' || value === null) {
    throw new WorldError(argument, value, 'must be an options object');
  }
  return value;
}
