import type { Vec2Like } from '@lite/math';
import { WorldError } from './errors';

/*
 * Argument checks shared by the world, bodies, joints and settings: each throws a WorldError naming
 * the argument and the value and mutates nothing, so callers check everything before changing state.
 */

/** A check that `value` is a finite number passing `test`, else a WorldError saying it `must be ...`. */
function numberCheck(
  test: (value: number) => boolean,
  must: string,
): (value: unknown, argument: string) => number {
  return (value, argument) => {
    if (typeof value !== 'number' || !Number.isFinite(value) || !test(value)) {
      throw new WorldError(argument, value, must);
    }
    return value;
  };
}

/** `value` must be a finite number. */
export const checkFinite = numberCheck(() => true, 'must be a finite number');
/** `value` must be a finite number > 0. */
export const checkPositive = numberCheck((value) => value > 0, 'must be a finite number > 0');
/** `value` must be a finite number >= 0. */
export const checkNonNegative = numberCheck((value) => value >= 0, 'must be a finite number >= 0');

/** `value` must be an integer in [`min`, `max`]; the error says `must` (by default, the range). */
export function checkInteger(
  value: unknown,
  argument: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
  must = max === Number.MAX_SAFE_INTEGER
    ? `must be an integer >= ${min}`
    : `must be an integer in [${min}, ${max}]`,
): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new WorldError(argument, value, must);
  }
  return value;
}

/** `value` must be a boolean. */
export function checkBoolean(value: unknown, argument: string): boolean {
  if (typeof value !== 'boolean') throw new WorldError(argument, value, 'must be a boolean');
  return value;
}

/** `callback` must be a function or null (named `callback`). */
export function checkCallback<T>(callback: T | null): T | null {
  if (callback !== null && typeof callback !== 'function') {
    throw new WorldError('callback', callback, 'must be a function or null');
  }
  return callback;
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

/** Option `key` of `o` checked by `check` (naming `<argument>.<key>`), or `fallback` when undefined. */
export function optional<T>(
  o: object,
  key: string,
  argument: string,
  check: (value: unknown, argument: string) => T,
  fallback: T,
): T {
  const value = (o as Record<string, unknown>)[key];
  return value === undefined ? fallback : check(value, `${argument}.${key}`);
}

/** `value` must be a plain options object (or undefined, which reads as `{}`). */
export function checkOptions<T extends object>(value: T | undefined, argument: string): T {
  if (value === undefined) return {} as T;
  if (typeof value !== 'object' || value === null) {
    throw new WorldError(argument, value, 'must be an options object');
  }
  return value;
}

/**
 * Every own key of options object `o` must be in `allowed` (a typo would be ignored silently); the
 * error names `<argument>.<key>` and suggests the closest allowed key.
 */
export function checkKeys(o: object, allowed: readonly string[], argument: string): void {
  for (const key in o) {
    if (!Object.hasOwn(o, key) || allowed.includes(key)) continue;
    throw unknownKey(argument, key, (o as Record<string, unknown>)[key], allowed, 'an option', 'options');
  }
}

/** The WorldError for a key not in `allowed`: names `<argument>.<key>` and suggests the closest key. */
export function unknownKey(
  argument: string,
  key: string,
  value: unknown,
  allowed: readonly string[],
  what: string,
  plural: string,
): WorldError {
  const closest = closestName(key, allowed);
  return new WorldError(
    `${argument}.${key}`,
    value,
    closest === null
      ? `is not ${what} (${plural}: ${allowed.join(', ')})`
      : `is not ${what}; did you mean '${closest}'?`,
  );
}

/** The allowed name nearest to `name` by edit distance (case-insensitive), if close enough. */
function closestName(name: string, allowed: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of allowed) {
    const d = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : null;
}

/** Levenshtein distance between `a` and `b`. */
function editDistance(a: string, b: string): number {
  let previous = new Array<number>(b.length + 1);
  let current = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; ++j) previous[j] = j;
  for (let i = 1; i <= a.length; ++i) {
    current[0] = i;
    for (let j = 1; j <= b.length; ++j) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length];
}

/**
 * Refuses (WorldError naming `argument` and `value`) a mass or inertia for a dynamic body that is
 * not a finite number > 0 with a finite inverse.
 */
export function checkInvertible(quantity: number, what: string, argument: string, value: unknown): void {
  if (!(quantity > 0 && quantity < Number.POSITIVE_INFINITY && 1 / quantity < Number.POSITIVE_INFINITY)) {
    throw new WorldError(
      argument,
      value,
      `makes the ${what} ${quantity}: a dynamic body needs a finite ${what} > 0 with a finite inverse`,
    );
  }
}

/**
 * The largest finite magnitude a snapshot saves or reads, and a shape's coordinates and sizes may
 * have: 1e150 (products of two stay finite; squares overflow past about 1.3e154).
 */
export const MAX_MAGNITUDE = 1e150;

/**
 * The largest magnitude of the state a step carries to the next (poses, velocities, forces, gravity,
 * contact points and impulses, joint impulses) in a snapshot: 1e75, √MAX_MAGNITUDE, so the next
 * step's products stay finite.
 */
export const MAX_STATE_MAGNITUDE = 1e75;
